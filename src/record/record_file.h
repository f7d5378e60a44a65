// The file `trickref record` keeps (cli.md, "trickref record"), as an editor
// keeps one: a link is written through to its target; a read-only record
// and a `.json` one (the recorder writes YAML) are refused before anything
// is asked; one session at a time (FileLock); and a file another program
// changed since the session last read or saved it is never overwritten:
// the session's record goes beside it under a new name instead.
#pragma once

#include <sys/types.h>

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

#include "record/lock.h"

namespace trickref::record {

class RecordFile {
 public:
  // Opens `file` (named `shown` in messages, already escaped) for a session:
  // follows its links, refuses what cannot be kept, takes the lock and reads
  // the record if there is one. Returns empty, or the whole message why not
  // (a line for standard error; the session exits 2).
  [[nodiscard]] std::string open(const std::filesystem::path& file, std::string shown, std::uint64_t max_bytes);

  [[nodiscard]] bool exists() const { return known_.has_value(); }
  // The record as read (when exists()).
  [[nodiscard]] const std::string& text() const { return *known_; }

  // Writes `content` atomically, unless the file is no longer what this
  // session last read or wrote: then the content is written beside it under
  // a new name (changed() is set) and the message says where. Returns empty,
  // or the whole message (a line for standard error).
  [[nodiscard]] std::string save(std::string_view content);
  [[nodiscard]] bool changed() const { return changed_; }

 private:
  std::string save_beside(std::string_view content);

  std::filesystem::path target_;  // the file written: `file`, or where its links lead
  std::string shown_;
  std::uint64_t max_bytes_ = 0;
  std::optional<std::string> known_;  // the file as last read or written; none: it did not exist
  std::optional<mode_t> mode_;        // its permissions, kept across saves
  FileLock lock_;
  bool through_link_ = false;  // target_ is where a link led
  bool changed_ = false;
};

}  // namespace trickref::record
