#include "sheet/yaml_text.h"

#include <array>

#include <fmt/format.h>

#include "base/text.h"
#include "cards/card.h"

namespace trickref::sheet {
namespace {

bool ascii_alnum(unsigned char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'); }

// Words a YAML 1.1 reader (yaml-cpp's conversions among them) may take for
// something other than text.
bool special_word(std::string_view s) {
  constexpr std::array<std::string_view, 12> kWords = {"null", "true", "false", "yes", "no", "on",
                                                      "off",  "y",    "n",     "~",   "nan", "inf"};
  for (const auto w : kWords) {
    if (iequals(s, w)) {
      return true;
    }
  }
  return false;
}

// Plain: starts with a letter (or a non-ASCII character), holds only
// letters, digits, non-ASCII characters, inner spaces and . _ ' -, and is no
// special word. Everything else is quoted: a safe subset, not YAML's whole
// plain-scalar grammar.
bool plain(std::string_view s) {
  if (s.empty() || special_word(s) || s.back() == ' ') {
    return false;
  }
  const auto first = static_cast<unsigned char>(s.front());
  if (!(ascii_alnum(first) && !(first >= '0' && first <= '9')) && first < 0x80) {
    return false;
  }
  if (has_control(s)) {
    return false;
  }
  for (const char ch : s) {
    const auto c = static_cast<unsigned char>(ch);
    if (!ascii_alnum(c) && c < 0x80 && c != ' ' && c != '.' && c != '_' && c != '\'' && c != '-') {
      return false;
    }
  }
  return true;
}

}  // namespace

std::string yaml_scalar(std::string_view s) {
  if (plain(s)) {
    return std::string(s);
  }
  std::string out = "\"";
  for (const char ch : s) {
    const auto c = static_cast<unsigned char>(ch);
    if (c == '"' || c == '\\') {
      out += '\\';
      out += ch;
    } else if (c < 0x20 || c == 0x7f) {
      out += fmt::format("\\x{:02x}", c);
    } else {
      out += ch;
    }
  }
  return out + "\"";
}

std::string yaml_flow_list(const std::vector<std::string>& items) {
  return fmt::format("[{}]", fmt::join(items, ", "));
}

}  // namespace trickref::sheet
