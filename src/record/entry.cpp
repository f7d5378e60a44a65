#include "record/entry.h"

#include <fmt/format.h>

#include "base/text.h"
#include "transcript/transcript_loader.h"

namespace trickref::record {
namespace {

bool separator(char c) { return c == ' ' || c == '\t' || c == ',' || c == ';'; }

}  // namespace

std::string_view trimmed(std::string_view text) {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) {
    text.remove_prefix(1);
  }
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) {
    text.remove_suffix(1);
  }
  return text;
}

std::vector<std::string_view> words(std::string_view text) {
  std::vector<std::string_view> out;
  std::size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && separator(text[i])) {
      ++i;
    }
    const std::size_t start = i;
    while (i < text.size() && !separator(text[i])) {
      ++i;
    }
    if (i > start) {
      out.push_back(text.substr(start, i - start));
    }
  }
  return out;
}

CardList parse_cards(std::string_view text) {
  CardList out;
  for (const auto w : words(text)) {
    const auto c = parse_card(w);
    if (!c) {
      out.bad = std::string(w);
      return out;
    }
    out.cards.push_back(*c);
  }
  return out;
}

std::optional<int> match_player(std::string_view text, const std::vector<std::string>& players, std::string& error) {
  text = trimmed(text);
  if (text.empty()) {
    error = "type a player's name (or the start of it)";
    return std::nullopt;
  }
  std::vector<int> starts;
  for (std::size_t i = 0; i < players.size(); ++i) {
    const std::string& p = players[i];
    if (iequals(p, text)) {
      return static_cast<int>(i);
    }
    if (p.size() > text.size() && iequals(std::string_view(p).substr(0, text.size()), text)) {
      starts.push_back(static_cast<int>(i));
    }
  }
  if (starts.size() == 1) {
    return starts.front();
  }
  const std::string shown = clip(printable(text));
  if (starts.empty()) {
    error = fmt::format("no player is called {} (players: {})", shown, fmt::join(players, ", "));
  } else {
    std::vector<std::string> names;
    for (const int s : starts) {
      names.push_back(players[static_cast<std::size_t>(s)]);
    }
    error = fmt::format("{} could be {}", shown, fmt::join(names, " or "));
  }
  return std::nullopt;
}

std::string players_problem(const std::vector<std::string>& names, const Ruleset& rules) {
  if (static_cast<int>(names.size()) != rules.players) {
    return fmt::format("{} has {} players; {} named", rules.name, rules.players, names.size());
  }
  std::string problem;
  for (std::size_t i = 0; i < names.size() && problem.empty(); ++i) {
    for (std::size_t j = 0; j < i; ++j) {
      if (iequals(names[i], names[j])) {
        problem = fmt::format("{} is named twice", clip(printable(names[i])));
      }
    }
    if (has_control(names[i]) || names[i].size() > 64) {
      problem = "a name is too long or holds control characters";
    }
    if (iequals(names[i], "none") || iequals(names[i], "pass")) {
      problem = fmt::format("{} is a word the prompts use; choose another name", clip(names[i]));
    }
  }
  return problem;
}

std::optional<std::vector<int>> parse_numbers(std::string_view text, int count) {
  std::vector<int> out;
  for (const auto w : words(text)) {
    const auto n = parse_integer(w);
    if (!n || *n < -1'000'000 || *n > 1'000'000) {
      return std::nullopt;
    }
    out.push_back(static_cast<int>(*n));
  }
  if (static_cast<int>(out.size()) != count) {
    return std::nullopt;
  }
  return out;
}

bool read_line(std::istream& in, std::string& line, bool& too_long, std::size_t max) {
  line.clear();
  too_long = false;
  bool any = false;
  std::streambuf* buf = in.rdbuf();
  if (buf == nullptr || !in.good()) {
    return false;
  }
  for (;;) {
    const auto ch = buf->sbumpc();
    if (ch == std::char_traits<char>::eof()) {
      in.setstate(std::ios::eofbit);
      break;
    }
    any = true;
    const auto c = static_cast<char>(ch);
    if (c == '\n') {
      break;
    }
    if (line.size() < max) {
      line += c;
    } else {
      too_long = true;
    }
  }
  if (!line.empty() && line.back() == '\r') {
    line.pop_back();
  }
  if (too_long) {
    line.clear();
  }
  return any;
}

}  // namespace trickref::record
