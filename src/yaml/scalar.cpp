#include "yaml/scalar.h"

#include <array>
#include <utility>

#include <fmt/format.h>

#include "base/text.h"
#include "cards/card.h"

namespace trickref {
namespace {

// Words a YAML 1.1 reader (yaml-cpp's conversions among them) or 1.2's core
// schema takes for a boolean or null.
bool special_word(std::string_view s) {
  constexpr std::array<std::string_view, 10> kWords = {"null", "true", "false", "yes", "no",
                                                      "on",   "off",  "y",     "n",   "~"};
  for (const auto w : kWords) {
    if (iequals(s, w)) {
      return true;
    }
  }
  return false;
}

bool ascii_alnum(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'); }

// What a resolver might read as a number (int, float, .inf, .nan, 1.1's
// sexagesimal 1:30 and timestamps 2026-11-21): a digit or '.' first, after
// an optional sign, then nothing but letters, digits and _ . : + -. A safe
// superset: "3rd" is quoted, "3rd Street" is not.
bool numeric_like(std::string_view s) {
  if (!s.empty() && (s.front() == '+' || s.front() == '-')) {
    s.remove_prefix(1);
  }
  if (s.empty() || !(s.front() == '.' || (s.front() >= '0' && s.front() <= '9'))) {
    return false;
  }
  for (const char c : s) {
    if (!ascii_alnum(c) && c != '_' && c != '.' && c != ':' && c != '+' && c != '-') {
      return false;
    }
  }
  return true;
}

bool plain(std::string_view s) {
  if (s.empty() || has_control(s) || special_word(s) || numeric_like(s)) {
    return false;
  }
  if (s.front() == ' ' || s.back() == ' ') {
    return false;
  }
  if (std::string_view("-?:,[]{}#&*!|>'\"%@`").find(s.front()) != std::string_view::npos) {
    return false;
  }
  return s.find_first_of(",[]{}:#\"'\\&*!|>%@`") == std::string_view::npos;
}


}  // namespace

std::string yaml_scalar(std::string_view s) {
  if (plain(s)) {
    return std::string(s);
  }
  std::string out = "\"";
  for (std::size_t i = 0; i < s.size();) {
    const auto [cp, len, valid] = utf8_step(s, i);
    if (!valid) {
      out += fmt::format("\\x{:02X}", static_cast<unsigned>(cp));  // not UTF-8
      ++i;
      continue;
    }
    if (cp == '"' || cp == '\\') {
      out += '\\';
      out += static_cast<char>(cp);
    } else if (is_control(cp)) {
      out += cp <= 0xFF ? fmt::format("\\x{:02X}", static_cast<unsigned>(cp))
                        : fmt::format("\\u{:04X}", static_cast<unsigned>(cp));
    } else {
      out.append(s.substr(i, len));
    }
    i += len;
  }
  return out + "\"";
}

}  // namespace trickref
