// What the two JSON readers (json_reader.h, json_game_reader.h) share about
// a text: its byte order mark and white space, where its value starts, the
// padding simdjson and the direct reader read past its end, and byte
// offsets to the 1-based lines and byte columns of locations.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "base/diagnostic.h"
#include "base/text.h"
#include "json/json_reader.h"

namespace trickref {

inline constexpr std::string_view kBom = "\xEF\xBB\xBF";

// JSON's white space.
inline bool is_json_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

// The length of the byte order mark `text` starts with (0 or 3).
inline std::size_t bom_length(std::string_view text) { return text.substr(0, 3) == kBom ? 3 : 0; }

// Where the value of `text` starts: past its byte order mark (`bom` bytes)
// and white space; text.size() for a blank text.
inline std::size_t value_start(std::string_view text, std::size_t bom) {
  std::size_t i = bom;
  while (i < text.size() && is_json_space(text[i])) {
    ++i;
  }
  return i;
}

// The bytes of `in` with kJsonPadding readable bytes after them: in place
// when the text came padded, else copied into `copy` and padded there.
inline const char* padded_data(const JsonText& in, std::vector<char>& copy) {
  if (in.padded) {
    return in.text.data();
  }
  copy.assign(in.text.begin(), in.text.end());
  copy.resize(in.text.size() + kJsonPadding, ' ');
  return copy.data();
}

// Byte offsets of a text to 1-based lines and byte columns. A line of JSON
// Lines has no line break, so its index is empty and costs nothing.
class LineIndex {
 public:
  void reset(std::string_view text, std::size_t bom, std::uint32_t first_line) {
    first_line_ = first_line;
    bom_ = bom;
    starts_.clear();
    append_line_starts(text, bom, starts_);
    size_ = text.size();
  }

  // A text of one line (a line of JSON Lines), seen from its bytes in
  // memory: a byte's column is its distance from the line's start, with no
  // search and no clamp. The direct reader places its every card this way.
  struct OneLine {
    std::uint32_t line;
    const char* column_zero;  // where column 0 would be
    // Where `p` is (at or past the line's start).
    [[nodiscard]] Loc at(const char* p) const { return Loc{line, static_cast<std::uint32_t>(p - column_zero)}; }
  };
  // The text as OneLine, its bytes starting at `base`; none for a text of
  // several lines, or one too long for every column to fit.
  [[nodiscard]] std::optional<OneLine> one_line(const char* base) const {
    if (!starts_.empty() || size_ >= 0xFFFFFFF0U) {
      return std::nullopt;
    }
    return OneLine{first_line_, base + bom_ - 1};
  }

  // Where byte `offset` is. A text of one line (a line of JSON Lines)
  // takes the first branch alone.
  [[nodiscard]] Loc at(std::size_t offset) const {
    if (starts_.empty()) {
      return column(first_line_, offset, bom_);
    }
    const auto it = std::upper_bound(starts_.begin(), starts_.end(), offset);
    return column(first_line_ + static_cast<std::uint32_t>(it - starts_.begin()), offset,
                  it != starts_.begin() ? *(it - 1) : bom_);
  }

 private:
  static Loc column(std::uint32_t line, std::size_t offset, std::size_t line_start) {
    const std::size_t column = offset >= line_start ? offset - line_start : 0;
    return Loc{line, static_cast<std::uint32_t>(std::min<std::size_t>(column, 0xFFFFFFF0U)) + 1};
  }

  std::uint32_t first_line_ = 1;
  std::size_t bom_ = 0;
  std::vector<std::uint32_t> starts_;  // where lines 2, 3, ... begin
  std::size_t size_ = 0;
};

}  // namespace trickref
