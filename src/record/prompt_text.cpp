#include "record/prompt_text.h"

#include "record/entry.h"

namespace trickref::record {

Loc first_difference(std::string_view a, std::string_view b) {
  std::size_t i = 0;
  while (i < a.size() && i < b.size() && a[i] == b[i]) {
    ++i;
  }
  Loc loc{1, 1};
  for (std::size_t k = 0; k < i; ++k) {
    const auto c = static_cast<unsigned char>(b[k]);
    if (c == '\n') {
      ++loc.line;
      loc.column = 1;
    } else if ((c & 0xC0U) != 0x80U) {
      ++loc.column;
    }
  }
  return loc;
}

bool at_or_after(Loc loc, Loc from) {
  return loc.known() && (loc.line > from.line || (loc.line == from.line && loc.column >= from.column));
}

std::string wrapped(std::string_view text) {
  std::string out;
  std::string line = " ";
  for (const auto w : words(text)) {
    if (line.size() + w.size() + 2 > 78) {
      out += line;
      out += '\n';
      line.assign(1, ' ');
    }
    line += " ";
    line += w;
    line += ",";
  }
  if (line.size() > 1 && line.back() == ',') {
    line.pop_back();
  }
  out += line;
  out += '\n';
  return out;
}

std::string indent(std::string_view text) {
  std::string out;
  for (const auto w : split_lines(text)) {
    out += "  ";
    out += w;
    out += "\n";
  }
  return out;
}

std::vector<std::string_view> split_lines(std::string_view text) {
  std::vector<std::string_view> out;
  while (!text.empty()) {
    const auto nl = text.find('\n');
    out.push_back(text.substr(0, nl));
    text = nl == std::string_view::npos ? std::string_view() : text.substr(nl + 1);
  }
  return out;
}

}  // namespace trickref::record
