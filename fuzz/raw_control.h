// Whether text output holds a raw control character: a check written apart
// from base/text.h's escaping, byte by byte, so a fault in the escaping cannot
// hide itself. Used by the hostile-input suites and the fuzz targets.
#pragma once

#include <cstddef>
#include <cstdio>
#include <string>
#include <string_view>

namespace trickref::test {

// The first raw control character in `text` other than a line feed, as
// "U+XXXX at byte N", or empty: C0, DEL, C1 and the bidirectional controls
// (U+061C, U+200E, U+200F, U+202A-U+202E, U+2066-U+2069) never reach text output raw.
inline std::string raw_control(std::string_view text) {
  for (std::size_t i = 0; i < text.size(); ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    unsigned cp = 0;
    if (c < 0x20 && c != '\n' && !(c == '\r' && i + 1 < text.size() && text[i + 1] == '\n')) {  // CSV ends rows CRLF
      cp = c;
    } else if (c == 0x7F) {
      cp = c;
    } else if (c == 0xC2 && i + 1 < text.size() && static_cast<unsigned char>(text[i + 1]) >= 0x80 &&
               static_cast<unsigned char>(text[i + 1]) <= 0x9F) {
      cp = static_cast<unsigned char>(text[i + 1]);
    } else if (c == 0xD8 && i + 1 < text.size() && static_cast<unsigned char>(text[i + 1]) == 0x9C) {
      cp = 0x061C;
    } else if (c == 0xE2 && i + 2 < text.size()) {
      const unsigned v = 0x2000U + ((static_cast<unsigned char>(text[i + 1]) & 0x3FU) << 6U) +
                         (static_cast<unsigned char>(text[i + 2]) & 0x3FU);
      if (v == 0x200E || v == 0x200F || (v >= 0x202A && v <= 0x202E) || (v >= 0x2066 && v <= 0x2069) ||
          v == 0x2028 || v == 0x2029) {
        cp = v;
      }
    }
    if (cp != 0 || (c == 0 && i < text.size())) {
      char buf[48];
      std::snprintf(buf, sizeof buf, "U+%04X at byte %zu", cp, i);
      return buf;
    }
  }
  return {};
}

}  // namespace trickref::test
