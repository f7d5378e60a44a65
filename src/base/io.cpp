#include "base/io.h"

#include <fcntl.h>
#include <linux/magic.h>
#include <pthread.h>
#include <sys/stat.h>
#include <sys/vfs.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <ostream>
#include <system_error>

#include <fmt/format.h>

namespace trickref {
namespace {

// ------------------------------------------------- temporary files and signals

// The temporary files being written, for the signal handler: fixed buffers
// it can read without allocating or locking. A slot is free (0), being
// filled (1: the handler leaves it alone) or holds a file to remove (2).
constexpr int kTempSlots = 8;
constexpr std::size_t kMaxTempPath = 4096;

struct TempSlot {
  std::atomic<int> state{0};
  char path[kMaxTempPath] = {};
};

std::array<TempSlot, kTempSlots> g_temp_slots;

// Every signal whose default action ends the process and that a user, a
// shell or a job runner sends (or that a write can raise: SIGPIPE, SIGXFSZ),
// and SIGABRT (std::terminate). Only SIGKILL (and SIGSTOP) cannot be caught.
constexpr std::array kCleanupSignals = {SIGHUP, SIGINT,  SIGQUIT, SIGTERM, SIGPIPE, SIGALRM,
                                        SIGUSR1, SIGUSR2, SIGXCPU, SIGXFSZ, SIGABRT};

// Async-signal-safe: unlink, sigaction and raise only. The signal is blocked
// while this runs, so the re-raised one is delivered, with the default
// action, as soon as the handler returns.
void remove_temp_files_and_reraise(int sig) {
  const int saved = errno;
  for (auto& slot : g_temp_slots) {
    if (slot.state.load() == 2) {
      ::unlink(slot.path);
    }
  }
  struct sigaction dfl {};
  dfl.sa_handler = SIG_DFL;
  sigemptyset(&dfl.sa_mask);
  ::sigaction(sig, &dfl, nullptr);
  ::raise(sig);
  errno = saved;
}

sigset_t cleanup_signal_set() {
  sigset_t set;
  sigemptyset(&set);
  for (const int sig : kCleanupSignals) {
    sigaddset(&set, sig);
  }
  return set;
}

// Installed once, when the first temporary file is created. A signal the
// parent ignores stays ignored (nohup, a background job's SIGINT), and one
// with a handler already (a sanitizer's) keeps it.
void install_cleanup_handlers() {
  static std::once_flag once;
  std::call_once(once, [] {
    for (const int sig : kCleanupSignals) {
      struct sigaction old {};
      if (::sigaction(sig, nullptr, &old) != 0 || (old.sa_flags & SA_SIGINFO) != 0 || old.sa_handler != SIG_DFL) {
        continue;
      }
      struct sigaction sa {};
      sa.sa_handler = remove_temp_files_and_reraise;
      sa.sa_mask = cleanup_signal_set();
      ::sigaction(sig, &sa, nullptr);
    }
  });
}

// Blocks the cleanup signals in this thread while a temporary file is being
// created and registered, or renamed and unregistered, so a signal never
// finds a file that exists but is not registered.
class BlockCleanupSignals {
 public:
  BlockCleanupSignals() {
    const sigset_t set = cleanup_signal_set();
    pthread_sigmask(SIG_BLOCK, &set, &old_);
  }
  ~BlockCleanupSignals() { pthread_sigmask(SIG_SETMASK, &old_, nullptr); }
  BlockCleanupSignals(const BlockCleanupSignals&) = delete;
  BlockCleanupSignals& operator=(const BlockCleanupSignals&) = delete;

 private:
  sigset_t old_{};
};

// The process's file-creation mask, read once (reading it means setting it,
// which must not race with another thread creating a file).
mode_t creation_mask() {
  static const mode_t mask = [] {
    const mode_t m = ::umask(0);
    ::umask(m);
    return m;
  }();
  return mask;
}

bool write_all(int fd, const char* data, std::size_t size, int& err) {
  std::size_t done = 0;
  while (done < size) {
    const ssize_t n = ::write(fd, data + done, size - done);
    if (n < 0) {
      if (errno == EINTR) {
        continue;
      }
      err = errno;
      return false;
    }
    done += static_cast<std::size_t>(n);
  }
  return true;
}

// A broken pipe ends the run the way SIGPIPE does by default, quietly and at
// once, whether or not the parent ignored SIGPIPE: one behaviour, and
// nothing more is computed for a reader who has gone. The cleanup handler,
// when installed, removes temporary files first.
[[noreturn]] void end_by_sigpipe() {
  struct sigaction current {};
  ::sigaction(SIGPIPE, nullptr, &current);
  if (current.sa_handler == SIG_IGN) {
    struct sigaction dfl {};
    dfl.sa_handler = SIG_DFL;
    sigemptyset(&dfl.sa_mask);
    ::sigaction(SIGPIPE, &dfl, nullptr);
  }
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, SIGPIPE);
  pthread_sigmask(SIG_UNBLOCK, &set, nullptr);
  ::raise(SIGPIPE);
  std::_Exit(128 + SIGPIPE);  // not reached
}

constexpr std::string_view kNotRegularReason =
    "it is a device, pipe or socket (or standard output itself), not a regular file";

bool under_proc(const std::string& dir) { return dir == "/proc" || dir.rfind("/proc/", 0) == 0; }

}  // namespace

std::string reason(int err) {
  std::string s = std::generic_category().message(err);
  if (!s.empty()) {
    s[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(s[0])));
  }
  return s;
}

// ----------------------------------------------------------------- reading

namespace {

// Why a file of this type is not read as a ruleset, or null for a regular file.
const char* not_a_regular_file(mode_t mode) {
  if (S_ISREG(mode)) {
    return nullptr;
  }
  if (S_ISDIR(mode)) {
    return "is a directory";
  }
  if (S_ISFIFO(mode)) {
    return "is a named pipe (FIFO), not a regular file";
  }
  if (S_ISSOCK(mode)) {
    return "is a socket, not a regular file";
  }
  if (S_ISCHR(mode) || S_ISBLK(mode)) {
    return "is a device, not a regular file";
  }
  return "is not a regular file";
}

// Kernel file systems: their files look regular (size 0) but are made as
// they are read, can be endless, and hold the process's secrets
// (/proc/self/environ), never a ruleset.
bool is_kernel_file_system(unsigned long type) {
  constexpr std::array<unsigned long, 10> kKernel = {PROC_SUPER_MAGIC,   SYSFS_MAGIC,         DEBUGFS_MAGIC,
                                                     TRACEFS_MAGIC,      SECURITYFS_MAGIC,    EFIVARFS_MAGIC,
                                                     CGROUP_SUPER_MAGIC, CGROUP2_SUPER_MAGIC, BPF_FS_MAGIC,
                                                     PSTOREFS_MAGIC};
  return std::find(kKernel.begin(), kKernel.end(), type) != kKernel.end();
}

}  // namespace

int open_for_reading(const std::filesystem::path& path, Readable readable, std::string& error) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) {
    error = reason(errno);
    return -1;
  }
  if (S_ISDIR(st.st_mode)) {
    error = "is a directory";
    return -1;
  }
  const bool pipe = S_ISFIFO(st.st_mode);
  if (!S_ISREG(st.st_mode) && !(pipe && readable == Readable::kFileOrPipe)) {
    error = readable == Readable::kPlainFile ? not_a_regular_file(st.st_mode)
            : readable == Readable::kFile    ? kNotAFileOrPipe
                                             : kNotAFile;
    return -1;
  }
  // Not blocking: a FIFO swapped in since the stat must not hang the open.
  int fd = -1;
  do {
    fd = ::open(path.c_str(), O_RDONLY | O_NOCTTY | O_NONBLOCK | O_CLOEXEC);
  } while (fd < 0 && errno == EINTR);
  if (fd < 0) {
    error = reason(errno);
    return -1;
  }
  auto same = [&](int d) {
    struct stat now {};
    return ::fstat(d, &now) == 0 && (now.st_mode & S_IFMT) == (st.st_mode & S_IFMT) && now.st_dev == st.st_dev &&
           now.st_ino == st.st_ino;
  };
  if (!same(fd)) {
    ::close(fd);
    error = "it changed while it was being opened";
    return -1;
  }
  struct statfs fs {};
  if (readable == Readable::kPlainFile && ::fstatfs(fd, &fs) == 0 &&
      is_kernel_file_system(static_cast<unsigned long>(fs.f_type))) {
    ::close(fd);
    error = "is a kernel file (/proc, /sys), not a ruleset";
    return -1;
  }
  if (pipe) {
    // Opened again, blocking, through the descriptor (never the path, which
    // may have changed): a FIFO's open then waits for its writer, where a
    // read on the non-blocking one would see an end of file before the
    // writer came. An anonymous pipe (<(command)) opens at once.
    const std::string again = fmt::format("/proc/self/fd/{}", fd);
    int blocking = -1;
    do {
      blocking = ::open(again.c_str(), O_RDONLY | O_NOCTTY | O_CLOEXEC);
    } while (blocking < 0 && errno == EINTR);
    if (blocking < 0 && errno == ENOENT) {  // no /proc: the path, checked again below
      do {
        blocking = ::open(path.c_str(), O_RDONLY | O_NOCTTY | O_CLOEXEC);
      } while (blocking < 0 && errno == EINTR);
    }
    const int err = errno;
    ::close(fd);
    if (blocking < 0) {
      error = reason(err);
      return -1;
    }
    if (!same(blocking)) {
      ::close(blocking);
      error = "it changed while it was being opened";
      return -1;
    }
    fd = blocking;
  }
  return fd;
}

ReadResult read_file(const std::filesystem::path& path, std::uint64_t max_bytes, Readable readable) {
  ReadResult out;
  const int fd = open_for_reading(path, readable, out.error);
  if (fd < 0) {
    return out;
  }
  std::string buf(1 << 16, '\0');
  while (true) {
    const ssize_t n = ::read(fd, buf.data(), buf.size());
    if (n < 0) {
      if (errno == EINTR) {
        continue;
      }
      out.error = reason(errno);
      out.text.clear();
      break;
    }
    if (n == 0) {
      break;
    }
    const auto got = static_cast<std::size_t>(n);
    if (out.text.size() + got > max_bytes) {
      out.too_big = true;
      out.error = fmt::format("the file is larger than the limit of {} bytes (raise it with --max-file-size)",
                              max_bytes);
      out.text.clear();
      out.text.shrink_to_fit();
      break;
    }
    out.text.append(buf.data(), got);
  }
  ::close(fd);
  return out;
}

FdInBuf::~FdInBuf() {
  if (fd_ >= 0) {
    ::close(fd_);
  }
}

std::size_t FdInBuf::read_some(char* to, std::size_t n) {
  while (fd_ >= 0 && error_ == 0) {
    const ssize_t got = ::read(fd_, to, n);
    if (got < 0 && errno == EINTR) {
      continue;
    }
    if (got < 0) {
      error_ = errno;
      break;
    }
    return static_cast<std::size_t>(got);
  }
  return 0;
}

FdInBuf::int_type FdInBuf::underflow() {
  if (gptr() < egptr()) {
    return traits_type::to_int_type(*gptr());
  }
  const std::size_t n = read_some(buf_, sizeof buf_);
  if (n == 0) {
    return traits_type::eof();
  }
  setg(buf_, buf_, buf_ + n);
  return traits_type::to_int_type(*gptr());
}

std::streamsize FdInBuf::xsgetn(char* s, std::streamsize count) {
  std::streamsize done = 0;
  while (done < count) {
    if (gptr() < egptr()) {  // what is buffered first
      const auto n = std::min<std::streamsize>(egptr() - gptr(), count - done);
      std::memcpy(s + done, gptr(), static_cast<std::size_t>(n));
      gbump(static_cast<int>(n));
      done += n;
    } else if (count - done < static_cast<std::streamsize>(sizeof buf_)) {
      if (traits_type::eq_int_type(underflow(), traits_type::eof())) {
        break;
      }
    } else {
      const std::size_t n = read_some(s + done, static_cast<std::size_t>(count - done));
      if (n == 0) {
        break;
      }
      done += static_cast<std::streamsize>(n);
    }
  }
  return done;
}

// ----------------------------------------------------------- standard output

FdOutBuf::FdOutBuf(int fd, int error) : fd_(fd), error_(error) { setp(buf_, buf_ + sizeof buf_); }

FdOutBuf::~FdOutBuf() { (void)drain(); }

bool FdOutBuf::drain() {
  const auto n = static_cast<std::size_t>(pptr() - pbase());
  setp(buf_, buf_ + sizeof buf_);
  if (n == 0) {
    return true;  // nothing to write: a closed standard output no command used is no failure
  }
  if (error_ != 0) {
    return false;
  }
  if (!write_all(fd_, buf_, n, error_)) {
    if (error_ == EPIPE) {
      end_by_sigpipe();
    }
    return false;
  }
  return true;
}

FdOutBuf::int_type FdOutBuf::overflow(int_type c) {
  if (!drain()) {
    return traits_type::eof();
  }
  if (!traits_type::eq_int_type(c, traits_type::eof())) {
    *pptr() = traits_type::to_char_type(c);
    pbump(1);
  }
  return traits_type::not_eof(c);
}

std::streamsize FdOutBuf::xsputn(const char* s, std::streamsize n) {
  if (error_ != 0) {
    return 0;
  }
  const auto size = static_cast<std::size_t>(n);
  if (size <= static_cast<std::size_t>(epptr() - pptr())) {
    std::memcpy(pptr(), s, size);
    pbump(static_cast<int>(n));
    return n;
  }
  if (!drain()) {
    return 0;
  }
  if (size >= sizeof buf_) {
    if (!write_all(fd_, s, size, error_)) {
      if (error_ == EPIPE) {
        end_by_sigpipe();
      }
      return 0;
    }
    return n;
  }
  std::memcpy(pptr(), s, size);
  pbump(static_cast<int>(n));
  return n;
}

int FdOutBuf::sync() { return drain() ? 0 : -1; }

int write_error(const std::ostream& out) {
  const auto* buf = dynamic_cast<const FdOutBuf*>(out.rdbuf());
  return buf != nullptr && buf->error() != 0 ? buf->error() : EIO;
}

bool reserve_standard_descriptors() {
  bool out_closed = false;
  for (int fd = 0; fd <= 2; ++fd) {
    if (::fcntl(fd, F_GETFD) == -1 && errno == EBADF) {
      // The lowest free number: `fd` itself, the ones below being open.
      const int got = ::open("/dev/null", fd == 0 ? O_RDONLY : O_WRONLY);
      if (got >= 0 && got != fd) {
        ::dup2(got, fd);
        ::close(got);
      }
      out_closed = out_closed || fd == 1;
    }
  }
  return out_closed;
}

// ----------------------------------------------------------------- writing

void InputFiles::add(const std::filesystem::path& path) {
  struct stat st {};
  if (!path.empty() && ::stat(path.c_str(), &st) == 0) {
    ids_.push_back(FileId{st.st_dev, st.st_ino});
  }
}

bool InputFiles::contains(FileId id) const { return std::find(ids_.begin(), ids_.end(), id) != ids_.end(); }

TargetCheck check_output_target(const std::filesystem::path& path, const InputFiles& inputs) {
  if (path.empty()) {
    return {TargetProblem::kOther, "no file name"};
  }
  // The chain of symbolic links, followed by hand: a link living under /proc
  // (where /dev/stdout and /dev/fd/N lead) is one of the process's own
  // descriptors, whatever it points at.
  std::filesystem::path p = path;
  for (int hops = 0;; ++hops) {
    if (hops > 40) {
      return {TargetProblem::kOther, reason(ELOOP)};
    }
    const std::filesystem::path parent = p.has_parent_path() ? p.parent_path() : std::filesystem::path(".");
    char* real = ::realpath(parent.c_str(), nullptr);
    if (real == nullptr) {
      break;  // creating the temporary file will say why
    }
    const std::string dir(real);
    std::free(real);  // NOLINT(cppcoreguidelines-no-malloc): realpath's
    if (under_proc(dir)) {
      return {TargetProblem::kNotRegular, std::string(kNotRegularReason)};
    }
    struct stat lst {};
    if (::lstat(p.c_str(), &lst) != 0 || !S_ISLNK(lst.st_mode)) {
      break;
    }
    std::error_code ec;
    const auto target = std::filesystem::read_symlink(p, ec);
    if (ec) {
      break;
    }
    p = target.is_absolute() ? target : std::filesystem::path(dir) / target;
  }
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) {
    if (errno == ELOOP) {
      return {TargetProblem::kOther, reason(ELOOP)};
    }
    return {};  // a new file (or a link to nothing, which the rename replaces)
  }
  if (S_ISDIR(st.st_mode)) {
    return {TargetProblem::kDirectory, "is a directory"};
  }
  if (!S_ISREG(st.st_mode)) {
    return {TargetProblem::kNotRegular, std::string(kNotRegularReason)};
  }
  if (inputs.contains(FileId{st.st_dev, st.st_ino})) {
    return {TargetProblem::kInput, "it is one of this run's input files"};
  }
  return {};
}

AtomicFile::~AtomicFile() { abandon(); }

std::string AtomicFile::open(const std::filesystem::path& path, const InputFiles& inputs, bool durable,
                             TargetProblem* problem) {
  abandon();
  const TargetCheck check = check_output_target(path, inputs);
  if (problem != nullptr) {
    *problem = check.problem;
  }
  if (check.problem != TargetProblem::kNone) {
    return check.reason;
  }
  const std::filesystem::path dir = path.has_parent_path() ? path.parent_path() : std::filesystem::path(".");
  // Built by appending: GCC 12's -Wrestrict misfires at -O3 on "." + std::string&&.
  std::string name = ".";
  name += path.filename().string();
  name += ".tmp-XXXXXX";
  const std::string tmpl = (dir / name).string();
  if (tmpl.size() >= kMaxTempPath) {
    return reason(ENAMETOOLONG);
  }
  install_cleanup_handlers();
  const mode_t mask = creation_mask();
  int err = 0;
  {
    const BlockCleanupSignals block;
    for (int i = 0; i < kTempSlots && slot_ < 0; ++i) {
      int expected = 0;
      if (g_temp_slots[static_cast<std::size_t>(i)].state.compare_exchange_strong(expected, 1)) {
        slot_ = i;
      }
    }
    if (slot_ < 0) {
      return "too many files being written at once";
    }
    TempSlot& slot = g_temp_slots[static_cast<std::size_t>(slot_)];
    std::memcpy(slot.path, tmpl.c_str(), tmpl.size() + 1);
    fd_ = ::mkstemp(slot.path);
    if (fd_ < 0) {
      err = errno;
      slot.state.store(0);
      slot_ = -1;
    } else {
      slot.state.store(2);
      temp_ = slot.path;
    }
  }
  if (fd_ < 0) {
    return reason(err);
  }
  target_ = path.string();
  durable_ = durable;
  error_ = 0;
  buffer_.clear();
  // mkstemp makes the file private (0600); a report is an ordinary file.
  if (::fchmod(fd_, 0666 & ~mask) != 0) {
    error_ = errno;
  }
  return {};
}

bool AtomicFile::flush_buffer() {
  if (error_ == 0 && !buffer_.empty()) {
    (void)write_all(fd_, buffer_.data(), buffer_.size(), error_);
  }
  buffer_.clear();
  return error_ == 0;
}

void AtomicFile::write(std::string_view data) {
  constexpr std::size_t kBuffer = 1 << 16;
  if (fd_ < 0 || error_ != 0) {
    return;
  }
  if (buffer_.size() + data.size() <= kBuffer) {
    buffer_.append(data);
    return;
  }
  if (!flush_buffer()) {
    return;
  }
  if (data.size() >= kBuffer) {
    (void)write_all(fd_, data.data(), data.size(), error_);
  } else {
    buffer_.append(data);
  }
}

std::string AtomicFile::commit() {
  if (fd_ < 0) {
    return "not open";
  }
  int err = flush_buffer() ? 0 : error_;
  if (err == 0 && durable_ && ::fsync(fd_) != 0) {
    err = errno;
  }
  if (::close(fd_) != 0 && err == 0) {
    err = errno;
  }
  fd_ = -1;
  if (err == 0) {
    const BlockCleanupSignals block;
    if (std::rename(temp_.c_str(), target_.c_str()) != 0) {
      err = errno;
    } else {
      g_temp_slots[static_cast<std::size_t>(slot_)].state.store(0);
      slot_ = -1;
      temp_.clear();
    }
  }
  if (err != 0) {
    abandon();
    return reason(err);
  }
  return {};
}

void AtomicFile::abandon() {
  if (fd_ >= 0) {
    ::close(fd_);
    fd_ = -1;
  }
  if (slot_ >= 0) {
    const BlockCleanupSignals block;
    ::unlink(temp_.c_str());
    g_temp_slots[static_cast<std::size_t>(slot_)].state.store(0);
    slot_ = -1;
  }
  temp_.clear();
  buffer_.clear();
}

std::string write_file_atomic(const std::filesystem::path& path, std::string_view content, const InputFiles& inputs) {
  AtomicFile file;
  std::string error = file.open(path, inputs);
  if (!error.empty()) {
    return error;
  }
  file.write(content);
  return file.commit();
}

}  // namespace trickref
