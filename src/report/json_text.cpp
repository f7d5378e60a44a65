#include "report/json_text.h"

#include <fmt/format.h>

#include "base/json_out.h"
#include "base/text.h"

namespace trickref {

std::string json_text(const nlohmann::ordered_json& j, int indent) {
  const std::string text = j.dump(indent, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
  // The dump is valid UTF-8 and its structure is ASCII, so a multi-byte
  // character can only be inside a string, where an escape means the same.
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size();) {
    const auto c = static_cast<unsigned char>(text[i]);
    char32_t cp = c;
    std::size_t len = 1;
    if (c >= 0xC0U && c < 0xE0U && i + 1 < text.size()) {
      cp = ((c & 0x1FU) << 6U) | (static_cast<unsigned char>(text[i + 1]) & 0x3FU);
      len = 2;
    } else if (c >= 0xE0U && c < 0xF0U && i + 2 < text.size()) {
      cp = ((c & 0x0FU) << 12U) | ((static_cast<unsigned char>(text[i + 1]) & 0x3FU) << 6U) |
           (static_cast<unsigned char>(text[i + 2]) & 0x3FU);
      len = 3;
    } else if (c >= 0xF0U) {
      len = 4;
      cp = 0x10000;  // never a control
    }
    if (cp >= 0x7F && is_control(cp)) {
      out += fmt::format("\\u{:04x}", static_cast<unsigned>(cp));
    } else {
      out.append(text, i, len);
    }
    i += len;
  }
  return out;
}

void append_report_string(std::string& out, std::string_view s) {
  // Printable ASCII is copied as it is, `"` and `\` escaped; anything else
  // (UTF-8, controls, bytes that are not UTF-8) takes json_text's own path.
  bool plain = true;
  for (const char c : s) {
    const auto u = static_cast<unsigned char>(c);
    if (u < 0x20U || u > 0x7EU) {
      out += json_text(nlohmann::ordered_json(std::string(s)));
      return;
    }
    plain = plain && u != '"' && u != '\\';
  }
  if (plain) {
    out += '"';
    out += s;
    out += '"';
  } else {
    append_json_string(out, s);
  }
}

}  // namespace trickref
