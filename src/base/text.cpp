#include "base/text.h"

#include <algorithm>
#include <cstring>
#include <vector>

#include <fmt/format.h>

namespace trickref {

Utf8Step utf8_step(std::string_view s, std::size_t i) {
  const auto b = [&](std::size_t k) { return static_cast<unsigned char>(s[i + k]); };
  const unsigned char c = b(0);
  if (c < 0x80U) {
    return {c, 1, true};
  }
  std::size_t len = 0;
  char32_t cp = 0;
  char32_t min = 0;
  if ((c & 0xE0U) == 0xC0U) {
    len = 2;
    cp = c & 0x1FU;
    min = 0x80;
  } else if ((c & 0xF0U) == 0xE0U) {
    len = 3;
    cp = c & 0x0FU;
    min = 0x800;
  } else if ((c & 0xF8U) == 0xF0U) {
    len = 4;
    cp = c & 0x07U;
    min = 0x10000;
  } else {
    return {c, 1, false};
  }
  if (i + len > s.size()) {
    return {c, 1, false};
  }
  for (std::size_t k = 1; k < len; ++k) {
    if ((b(k) & 0xC0U) != 0x80U) {
      return {c, 1, false};
    }
    cp = (cp << 6U) | (b(k) & 0x3FU);
  }
  if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) {
    return {c, 1, false};
  }
  return {cp, len, true};
}


bool is_control(char32_t cp) {
  return cp < 0x20 || (cp >= 0x7F && cp <= 0x9F) || cp == 0x061C || cp == 0x200E || cp == 0x200F ||
         (cp >= 0x202A && cp <= 0x202E) || (cp >= 0x2066 && cp <= 0x2069) || cp == 0x2028 || cp == 0x2029 ||
         cp == 0xFEFF;
}

std::u32string code_points(std::string_view s) {
  std::u32string out;
  for (std::size_t i = 0; i < s.size();) {
    const Utf8Step st = utf8_step(s, i);
    out.push_back(st.cp);
    i += st.len;
  }
  return out;
}

bool has_control(std::string_view s) {
  for (std::size_t i = 0; i < s.size();) {
    const Utf8Step st = utf8_step(s, i);
    if (!st.valid || is_control(st.cp)) {
      return true;
    }
    i += st.len;
  }
  return false;
}

bool has_space(std::string_view s) {
  for (std::size_t i = 0; i < s.size();) {
    const Utf8Step st = utf8_step(s, i);
    if (st.valid && (st.cp == ' ' || st.cp == 0xA0 || st.cp == 0x3000)) {
      return true;
    }
    i += st.len;
  }
  return false;
}

std::string clip_middle(std::string_view s, std::size_t max) {
  std::vector<std::size_t> starts;  // where each character starts
  for (std::size_t i = 0; i < s.size(); i += utf8_step(s, i).len) {
    starts.push_back(i);
  }
  if (starts.size() <= max || max < 2) {
    return starts.size() <= max ? std::string(s) : clip(s, max);
  }
  const std::size_t head = max / 2 - 1;
  const std::size_t tail = max / 2;
  return std::string(s.substr(0, starts[head])) + "…" + std::string(s.substr(starts[starts.size() - tail]));
}

std::string clip(std::string_view s, std::size_t max) {
  std::size_t chars = 0;
  for (std::size_t i = 0; i < s.size(); i += utf8_step(s, i).len) {
    if (chars == max) {
      // Cut one short of `max` so the ellipsis keeps the total at `max`.
      std::size_t keep = 0;
      std::size_t n = 0;
      while (n + 1 < max) {
        keep += utf8_step(s, keep).len;
        ++n;
      }
      return std::string(s.substr(0, keep)) + "…";
    }
    ++chars;
  }
  return std::string(s);
}

std::string_view clip_kept(std::string_view s) {
  std::size_t i = 0;
  for (std::size_t chars = 0; i < s.size() && chars <= kQuoteChars; ++chars) {
    i += utf8_step(s, i).len;
  }
  return s.substr(0, i);
}

std::string name_list(std::span<const std::string> names) {
  std::string out;
  const std::size_t shown = std::min(names.size(), kListNames);
  for (std::size_t i = 0; i < shown; ++i) {
    if (i > 0) {
      out += ", ";
    }
    out += clip(names[i]);
  }
  if (names.size() > shown) {
    out += fmt::format(" and {} more", names.size() - shown);
  }
  return out;
}

std::string printable(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (std::size_t i = 0; i < s.size();) {
    const Utf8Step st = utf8_step(s, i);
    if (!st.valid) {
      out += fmt::format("\\x{:02x}", static_cast<unsigned>(st.cp));
    } else if (!is_control(st.cp)) {
      out.append(s.substr(i, st.len));
    } else if (st.cp == '\n') {
      out += "\\n";
    } else if (st.cp == '\r') {
      out += "\\r";
    } else if (st.cp == '\t') {
      out += "\\t";
    } else if (st.cp < 0x80) {
      out += fmt::format("\\x{:02x}", static_cast<unsigned>(st.cp));
    } else {
      out += fmt::format("\\u{:04x}", static_cast<unsigned>(st.cp));
    }
    i += st.len;
  }
  return out;
}

std::size_t display_width(std::string_view s) {
  std::size_t n = 0;
  for (std::size_t i = 0; i < s.size(); i += utf8_step(s, i).len) {
    ++n;
  }
  return n;
}

std::string csv_text(std::string_view s) {
  std::string cell = printable(s);
  const bool formula = !cell.empty() && (cell[0] == '=' || cell[0] == '+' || cell[0] == '-' || cell[0] == '@');
  if (formula) {
    cell.insert(0, 1, '\'');
  }
  if (!formula && cell.find_first_of(",\"") == std::string::npos) {
    return cell;
  }
  std::string out = "\"";
  for (char c : cell) {
    out += c == '"' ? std::string("\"\"") : std::string(1, c);
  }
  return out + "\"";
}

std::string html_text(std::string_view s) {
  std::string out;
  for (char c : printable(s)) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&#39;"; break;
      default: out += c;
    }
  }
  return out;
}

void append_line_starts(std::string_view text, std::size_t from, std::vector<std::uint32_t>& starts) {
  const char* const begin = text.data();
  const char* const end = begin + text.size();
  for (const char* p = begin + from;
       p < end && (p = static_cast<const char*>(std::memchr(p, '\n', static_cast<std::size_t>(end - p)))) != nullptr;) {
    ++p;
    starts.push_back(static_cast<std::uint32_t>(p - begin));
  }
}

}  // namespace trickref
