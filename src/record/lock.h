// An advisory lock on a file other programs may write while we hold it: one
// session at a time for a record (`trickref record`), and for anything else
// kept the same way. The lock is flock(2) on a sibling file, `.NAME.lock`
// beside NAME (NAME itself is replaced by every atomic save, so a lock on it
// would be a lock on a file that no longer is); the holder writes who it is
// into it (program, pid, start time), and a refusal quotes that.
//
// The lock file is removed on release, while it is still held; a session
// that opened it meanwhile finds the name no longer leads to what it locked
// and tries again, so two sessions never both hold a lock.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>

namespace trickref::record {

class FileLock {
 public:
  FileLock() = default;
  ~FileLock();
  FileLock(const FileLock&) = delete;
  FileLock& operator=(const FileLock&) = delete;

  // Takes the lock of `path` for `holder` (e.g. "trickref record"), without
  // waiting. Returns empty when taken; else `busy()` says whether another
  // holder has it, and the text is who ("trickref record, pid 4242, started
  // 2026-11-21 20:15:03 UTC", as it wrote it: raw, for the caller to escape)
  // or why the lock file cannot be used ("permission denied").
  [[nodiscard]] std::string acquire(const std::filesystem::path& path, std::string_view holder);
  [[nodiscard]] bool busy() const { return busy_; }
  [[nodiscard]] bool held() const { return fd_ >= 0; }
  // Gives the lock up (the destructor does too).
  void release();

  // The lock file of `path`: `.NAME.lock` beside it.
  [[nodiscard]] static std::filesystem::path lock_path(const std::filesystem::path& path);

 private:
  std::filesystem::path lock_;
  int fd_ = -1;
  bool busy_ = false;
};

}  // namespace trickref::record
