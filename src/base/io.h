// File reading: the edge where filesystem errors become messages. Nothing
// here throws.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

namespace trickref {

struct ReadResult {
  std::string text;
  std::string error;     // empty on success: a short reason ("no such file")
  bool too_big = false;  // larger than the limit; `error` says so
};

// Reads a whole regular file, refusing anything larger than `max_bytes`.
[[nodiscard]] ReadResult read_file(const std::filesystem::path& path, std::uint64_t max_bytes);

// Writes `content` to `path` atomically: into a temporary file beside it,
// flushed to disk, then renamed over `path`. On any failure the temporary
// file is removed, `path` is left as it was, and the reason is returned;
// empty on success.
[[nodiscard]] std::string write_file_atomic(const std::filesystem::path& path, std::string_view content);

// A lower-case reason for an errno value ("permission denied").
[[nodiscard]] std::string reason(int err);

}  // namespace trickref
