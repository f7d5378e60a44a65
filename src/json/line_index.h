// Byte offsets of a JSON text to the 1-based lines and byte columns its
// diagnostics and record locations carry (json_reader.h; json_game_reader.h).
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>
#include <vector>

#include "base/diagnostic.h"

namespace trickref {

// Byte offsets of a text to 1-based lines and byte columns. A line of JSON
// Lines has no line break, so its index is empty and costs nothing.
class LineIndex {
 public:
  void reset(std::string_view text, std::size_t bom, std::uint32_t first_line) {
    first_line_ = first_line;
    bom_ = bom;
    starts_.clear();
    const char* const begin = text.data();
    const char* const end = begin + text.size();
    for (const char* p = begin + bom;
         p < end && (p = static_cast<const char*>(std::memchr(p, '\n', static_cast<std::size_t>(end - p)))) != nullptr;) {
      ++p;
      starts_.push_back(static_cast<std::uint32_t>(p - begin));
    }
  }

  // The text is one line: every offset is on the first line.
  [[nodiscard]] bool one_line() const { return starts_.empty(); }
  [[nodiscard]] std::uint32_t first_line() const { return first_line_; }
  // Where the first line's columns count from (past a byte order mark).
  [[nodiscard]] std::size_t bom() const { return bom_; }

  [[nodiscard]] Loc at(std::size_t offset) const {
    std::size_t line_start = bom_;
    std::uint32_t line = first_line_;
    if (!starts_.empty()) {
      const auto it = std::upper_bound(starts_.begin(), starts_.end(), offset);
      if (it != starts_.begin()) {
        line_start = *(it - 1);
      }
      line += static_cast<std::uint32_t>(it - starts_.begin());
    }
    const std::size_t column = offset >= line_start ? offset - line_start : 0;
    return Loc{line, static_cast<std::uint32_t>(std::min<std::size_t>(column, 0xFFFFFFF0U)) + 1};
  }

 private:
  std::uint32_t first_line_ = 1;
  std::size_t bom_ = 0;
  std::vector<std::uint32_t> starts_;  // where lines 2, 3, ... begin
};

}  // namespace trickref
