#include "record/lock.h"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <ctime>

#include <fmt/format.h>

#include "base/io.h"

namespace trickref::record {
namespace {

constexpr int kAttempts = 8;          // the lock file replaced under us this often: give up
constexpr std::size_t kHolderBytes = 256;  // what a refusal quotes of the lock file

// When this process started, as the lock file says it (UTC).
std::string now_utc() {
  const std::time_t t = std::time(nullptr);
  std::tm tm{};
  if (::gmtime_r(&t, &tm) == nullptr) {
    return "at an unknown time";
  }
  char buf[32];
  const std::size_t n = std::strftime(buf, sizeof buf, "%Y-%m-%d %H:%M:%S UTC", &tm);
  return std::string(buf, n);
}

std::string read_holder(int fd) {
  std::string text(kHolderBytes, '\0');
  const ssize_t n = ::pread(fd, text.data(), text.size(), 0);
  text.resize(n > 0 ? static_cast<std::size_t>(n) : 0);
  while (!text.empty() && (text.back() == '\n' || text.back() == '\0')) {
    text.pop_back();
  }
  return text.empty() ? std::string("a session that has not said who it is") : text;
}

}  // namespace

FileLock::~FileLock() { release(); }

std::filesystem::path FileLock::lock_path(const std::filesystem::path& path) {
  std::string name = ".";
  name += path.filename().string();
  name += ".lock";
  return path.has_parent_path() ? path.parent_path() / name : std::filesystem::path(name);
}

std::string FileLock::acquire(const std::filesystem::path& path, std::string_view holder) {
  release();
  busy_ = false;
  lock_ = lock_path(path);
  for (int attempt = 0; attempt < kAttempts; ++attempt) {
    const int fd = ::open(lock_.c_str(), O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0644);
    if (fd < 0) {
      return reason(errno);
    }
    struct stat st {};
    if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
      ::close(fd);
      return "its lock file is not a regular file";
    }
    if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
      const int err = errno;
      std::string why = err == EWOULDBLOCK ? read_holder(fd) : reason(err);
      ::close(fd);
      busy_ = err == EWOULDBLOCK;
      return why;
    }
    // The holder before us may have removed the file it held (release):
    // what we locked must still be what the name leads to.
    struct stat now {};
    if (::stat(lock_.c_str(), &now) != 0 || now.st_dev != st.st_dev || now.st_ino != st.st_ino) {
      ::close(fd);
      continue;
    }
    const std::string who = fmt::format("{}, pid {}, started {}\n", holder, ::getpid(), now_utc());
    if (::ftruncate(fd, 0) != 0 || ::pwrite(fd, who.data(), who.size(), 0) != static_cast<ssize_t>(who.size())) {
      const int err = errno;
      ::unlink(lock_.c_str());
      ::close(fd);
      return reason(err);
    }
    fd_ = fd;
    return {};
  }
  return "its lock file keeps being replaced";
}

void FileLock::release() {
  if (fd_ >= 0) {
    ::unlink(lock_.c_str());  // still held: nobody can have taken it meanwhile
    ::close(fd_);
    fd_ = -1;
  }
}

}  // namespace trickref::record
