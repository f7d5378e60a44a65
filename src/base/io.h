// File reading and writing: the edge where filesystem errors become
// messages. Nothing here throws but std::bad_alloc.
//
// Reading opens only what it should (a regular file, or a pipe the user
// named), checked before the file is opened and again on the descriptor, so
// a device or a FIFO swapped in meanwhile is never read. Writing never
// touches what it must not: an output target is checked against the run's
// input files (by device and inode) and must be a regular file or new; it is
// written as a temporary file beside it and renamed over it, and the
// temporary file is removed on every ending but SIGKILL (a failed write, an
// exception, SIGINT, SIGTERM, SIGHUP and the other terminating signals).
#pragma once

#include <sys/types.h>

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <streambuf>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace trickref {

// What a path may name to be read.
enum class Readable {
  kFile,        // a regular file only (a file found in a directory walk, league settings)
  kFileOrPipe,  // also a FIFO or pipe: named on the command line, `validate <(command)` works
  kPlainFile,   // a regular file outside the kernel's file systems (/proc, /sys): rulesets,
                // which a record downloaded from anywhere can name
};

struct ReadResult {
  std::string text;
  std::string error;     // empty on success: a short reason ("no such file")
  bool too_big = false;  // larger than the limit; `error` says so
};

// Reads a whole file, refusing anything larger than `max_bytes` and anything
// `readable` does not allow (before opening it: a device is never opened).
[[nodiscard]] ReadResult read_file(const std::filesystem::path& path, std::uint64_t max_bytes,
                                   Readable readable = Readable::kFileOrPipe);

// Opens `path` for reading when it names what `readable` allows: checked by
// stat (following links) before opening, then on the descriptor (opened
// without blocking and without becoming a controlling terminal) so nothing
// swapped in between is read. A pipe's descriptor is made blocking again and
// waits for its writer. Returns the descriptor, or -1 with `error` set.
[[nodiscard]] int open_for_reading(const std::filesystem::path& path, Readable readable, std::string& error);

// The reasons open_for_reading gives for what it refuses.
inline constexpr std::string_view kNotAFile = "is a device or socket, not a file";
inline constexpr std::string_view kNotAFileOrPipe = "is a device, socket or pipe, not a file";

// An input stream buffer over a descriptor it owns (from open_for_reading).
class FdInBuf : public std::streambuf {
 public:
  explicit FdInBuf(int fd) : fd_(fd) {}
  ~FdInBuf() override;
  FdInBuf(const FdInBuf&) = delete;
  FdInBuf& operator=(const FdInBuf&) = delete;
  // The errno of a failed read, or 0.
  [[nodiscard]] int error() const { return error_; }

 protected:
  int_type underflow() override;
  // A read of a buffer's size or more goes straight into the caller's
  // memory (an archive's reading buffer), not through buf_: one copy less.
  std::streamsize xsgetn(char* s, std::streamsize count) override;

 private:
  // Up to `n` bytes into `to`, retried when a signal interrupts: 0 at the
  // end, or after a failed read (its errno kept in error_).
  std::size_t read_some(char* to, std::size_t n);

  int fd_;
  int error_ = 0;
  char buf_[1 << 16];
};

// A buffered output stream buffer over a descriptor (standard output). The
// first failed write is remembered (error()) and every later write fails, so
// the stream goes bad and stays bad. A broken pipe ends the process at once
// and quietly, as SIGPIPE does by default, even when SIGPIPE is ignored.
class FdOutBuf : public std::streambuf {
 public:
  // `error`: a failure known before anything is written (EBADF: the
  // descriptor was closed when the process started).
  explicit FdOutBuf(int fd, int error = 0);
  ~FdOutBuf() override;
  FdOutBuf(const FdOutBuf&) = delete;
  FdOutBuf& operator=(const FdOutBuf&) = delete;
  [[nodiscard]] int error() const { return error_; }

 protected:
  int_type overflow(int_type c) override;
  std::streamsize xsputn(const char* s, std::streamsize n) override;
  int sync() override;

 private:
  bool drain();

  int fd_;
  int error_;
  char buf_[1 << 16];
};

// The errno of the first failed write to `out` when it writes through an
// FdOutBuf, else EIO.
[[nodiscard]] int write_error(const std::ostream& out);

// Makes sure descriptors 0, 1 and 2 are open (on /dev/null when they were
// closed), so no file the run opens takes one of their numbers and receives
// what was meant for standard output. Returns whether standard output was
// closed: writing to it must then fail (EBADF), not vanish into /dev/null.
[[nodiscard]] bool reserve_standard_descriptors();

// The identity of a file, by device and inode.
struct FileId {
  dev_t dev = 0;
  ino_t ino = 0;
  friend bool operator==(const FileId&, const FileId&) = default;
};

// The files a run reads (records, league settings, rulesets), which no
// output may overwrite, however they are spelt: by device and inode, so hard
// links, symbolic links and `./x` spellings are the same file.
class InputFiles {
 public:
  // Adds the file `path` names (following links); a path that does not
  // exist is no file and is left out.
  void add(const std::filesystem::path& path);
  [[nodiscard]] bool contains(FileId id) const;

 private:
  std::vector<FileId> ids_;
};

enum class TargetProblem {
  kNone,
  kInput,       // one of the run's input files
  kNotRegular,  // a device, FIFO, socket or standard output itself (/dev/stdout, /dev/fd/1, /proc/self/fd/1)
  kDirectory,
  kOther,  // the reason says
};

struct TargetCheck {
  TargetProblem problem = TargetProblem::kNone;
  std::string reason;  // empty when problem is kNone
};

// Whether `path` may be written as an output: new, or an existing regular
// file that is none of `inputs`. A path through /proc (/dev/stdout,
// /dev/fd/N, /proc/self/fd/N: the run's own descriptors) is never one, even
// when it leads to a regular file, since the rename would replace the link.
[[nodiscard]] TargetCheck check_output_target(const std::filesystem::path& path, const InputFiles& inputs);

// A file written atomically: open() checks the target (check_output_target)
// and creates a temporary file beside it, commit() flushes it (to disk when
// `durable`) and renames it over the target. Until commit() the target is
// untouched; the temporary file is removed on failure, by the destructor
// (an exception), and by the terminating signals (see the file comment).
class AtomicFile {
 public:
  AtomicFile() = default;
  ~AtomicFile();
  AtomicFile(const AtomicFile&) = delete;
  AtomicFile& operator=(const AtomicFile&) = delete;

  // Returns empty on success, else the reason (and `problem`, when given,
  // says which kind of refusal it was).
  [[nodiscard]] std::string open(const std::filesystem::path& path, const InputFiles& inputs, bool durable = true,
                                 TargetProblem* problem = nullptr);
  // Buffers `data`; a failure is remembered and reported by commit().
  void write(std::string_view data);
  // Returns empty on success, else the reason; on failure the temporary file
  // is removed and the target left as it was.
  [[nodiscard]] std::string commit();
  // Removes the temporary file; the target is left as it was.
  void abandon();
  [[nodiscard]] bool is_open() const { return fd_ >= 0; }

 private:
  bool flush_buffer();

  std::string target_;
  std::string temp_;
  int fd_ = -1;
  int slot_ = -1;  // in the signal handler's table of temporary files
  int error_ = 0;
  bool durable_ = true;
  std::string buffer_;
};

// Writes `content` to `path` atomically through an AtomicFile; `path` must
// pass check_output_target against `inputs`. On any failure `path` is left
// as it was and the reason is returned; empty on success.
[[nodiscard]] std::string write_file_atomic(const std::filesystem::path& path, std::string_view content,
                                            const InputFiles& inputs = {});

// A lower-case reason for an errno value ("permission denied").
[[nodiscard]] std::string reason(int err);

}  // namespace trickref
