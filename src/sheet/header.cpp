#include "sheet/header.h"

#include <algorithm>
#include <array>

namespace trickref::sheet {
// A unity build batches this file with others: its helpers keep a namespace of their own.
namespace header_words {
namespace {

struct Word {
  std::string_view word;
  Field field;
};

// The columns that are not a player's (normalised headers).
constexpr std::array<Word, 33> kFieldWords = {{
    {"hand", Field::kIgnore},        {"#", Field::kIgnore},           {"no", Field::kIgnore},
    {"hand no", Field::kIgnore},     {"notes", Field::kIgnore},       {"note", Field::kIgnore},
    {"comment", Field::kIgnore},     {"comments", Field::kIgnore},    {"dealer", Field::kDealer},
    {"dealt by", Field::kDealer},    {"trump", Field::kTrump},        {"trumps", Field::kTrump},
    {"trump by", Field::kTrumpBy},   {"trump caller", Field::kTrumpBy}, {"called by", Field::kTrumpBy},
    {"caller", Field::kTrumpBy},     {"bidder", Field::kBidder},      {"declarer", Field::kBidder},
    {"bid", Field::kBid},            {"bids", Field::kBids},          {"calls", Field::kBids},
    {"partner", Field::kPartner},    {"early court", Field::kEarlyCourt}, {"early court by", Field::kEarlyCourt},
    {"revoke", Field::kRevoke},      {"revoked", Field::kRevoke},     {"revoke by", Field::kRevoke},
    {"revoked by", Field::kRevoke},  {"revoke claim", Field::kRevoke}, {"revoke trick", Field::kRevokeTrick},
    {"revoke at", Field::kRevokeTrick}, {"revoked at", Field::kRevokeTrick}, {"revoke in trick", Field::kRevokeTrick},
}};

// The words after (or before) a player's name that say what the column holds.
constexpr std::array<Word, 15> kKindWords = {{
    {"running score", Field::kScore},
    {"tricks taken", Field::kTaken},
    {"tricks won", Field::kTaken},
    {"running total", Field::kScore},
    {"tricks", Field::kTaken},
    {"taken", Field::kTaken},
    {"won", Field::kTaken},
    {"points", Field::kPoints},
    {"pts", Field::kPoints},
    {"score", Field::kScore},
    {"scores", Field::kScore},
    {"total", Field::kScore},
    {"running", Field::kScore},
    {"courts", Field::kScore},
    {"streak", Field::kStreak},
}};

std::string trimmed(std::string_view s) {
  while (!s.empty() && s.front() == ' ') {
    s.remove_prefix(1);
  }
  while (!s.empty() && s.back() == ' ') {
    s.remove_suffix(1);
  }
  return std::string(s);
}

std::optional<Field> kind_word(std::string_view normalised) {
  for (const auto& w : kKindWords) {
    if (w.word == normalised) {
      return w.field;
    }
  }
  return std::nullopt;
}

// The name part of a header once its kind is split off: the dashes, colons
// and bars a spreadsheet writes between the two (`Ann - tricks`, `Ann:
// tricks`, `Ann | score`) and a possessive (`Ann's tricks`) are not the name.
std::string name_part(std::string_view s) {
  std::string out = trimmed(s);
  bool changed = true;
  while (changed && !out.empty()) {
    changed = false;
    for (const std::string_view sep : {"-", "\xE2\x80\x93", "\xE2\x80\x94", ":", "|", "="}) {
      if (out.size() > sep.size() && out.compare(out.size() - sep.size(), sep.size(), sep) == 0) {
        out = trimmed(std::string_view(out).substr(0, out.size() - sep.size()));
        changed = true;
      } else if (out.size() > sep.size() && out.compare(0, sep.size(), sep) == 0) {
        out = trimmed(std::string_view(out).substr(sep.size()));
        changed = true;
      }
    }
  }
  for (const std::string_view possessive : {"'s", "\xE2\x80\x99s"}) {
    if (out.size() > possessive.size() && out.compare(out.size() - possessive.size(), possessive.size(), possessive) == 0) {
      out.resize(out.size() - possessive.size());
      break;
    }
  }
  return out;
}

}  // namespace
}  // namespace header_words


std::string norm(std::string_view s) {
  std::string out;
  for (const char ch : s) {
    char c = ch;
    if (c >= 'A' && c <= 'Z') {
      c = static_cast<char>(c - 'A' + 'a');
    }
    if (c == '_' || c == '-' || c == '.' || c == '\t') {
      c = ' ';
    }
    if (c == ' ' && (out.empty() || out.back() == ' ')) {
      continue;
    }
    out += c;
  }
  while (!out.empty() && (out.back() == ' ' || out.back() == ':')) {
    out.pop_back();
  }
  return out;
}

std::optional<Field> field_word(std::string_view h) {
  for (const auto& w : header_words::kFieldWords) {
    if (w.word == h) {
      return w.field;
    }
  }
  return std::nullopt;
}

std::string_view kind_name(Field f) {
  switch (f) {
    case Field::kTaken:
      return "tricks";
    case Field::kPoints:
      return "points";
    case Field::kStreak:
      return "streak";
    default:
      break;
  }
  return "score";
}

NamedHeader split_kind(std::string_view header) {
  // Written without spaces around a dash or colon: `Ann-tricks`, `tricks:Ann`.
  for (const char sep : {'-', ':'}) {
    const auto last = header.rfind(sep);
    if (last != std::string_view::npos && last > 0) {
      if (const auto kind = header_words::kind_word(norm(header.substr(last + 1)))) {
        if (std::string name = header_words::name_part(header.substr(0, last)); !name.empty()) {
          return {std::move(name), kind};
        }
      }
    }
    const auto first = header.find(sep);
    if (first != std::string_view::npos && first + 1 < header.size()) {
      if (const auto kind = header_words::kind_word(norm(header.substr(0, first)))) {
        if (std::string name = header_words::name_part(header.substr(first + 1)); !name.empty()) {
          return {std::move(name), kind};
        }
      }
    }
  }
  std::vector<std::string> words;
  std::string word;
  for (const char ch : header) {
    if (ch == ' ' || ch == '\t' || ch == '(' || ch == ')' || ch == '[' || ch == ']') {
      if (!word.empty()) {
        words.push_back(word);
      }
      word.clear();
    } else {
      word += ch;
    }
  }
  if (!word.empty()) {
    words.push_back(word);
  }
  auto join = [&](std::size_t from, std::size_t to) {
    std::string out;
    for (std::size_t i = from; i < to; ++i) {
      out += (out.empty() ? "" : " ") + words[i];
    }
    return out;
  };
  for (const auto& w : header_words::kKindWords) {
    const std::size_t n = static_cast<std::size_t>(std::count(w.word.begin(), w.word.end(), ' ')) + 1;
    if (words.size() <= n) {
      continue;
    }
    if (norm(join(words.size() - n, words.size())) == w.word) {
      if (std::string name = header_words::name_part(join(0, words.size() - n)); !name.empty()) {
        return {std::move(name), w.field};
      }
    }
    if (norm(join(0, n)) == w.word) {
      if (std::string name = header_words::name_part(join(n, words.size())); !name.empty()) {
        return {std::move(name), w.field};
      }
    }
  }
  return {join(0, words.size()), std::nullopt};
}

// The names a side's header joins (`Ann & Cat`, `Ann + Cat`, `Ann/Cat`, `Ann and Cat`).
std::vector<std::string> side_names(const std::string& name) {
  for (const std::string_view joiner : {"&", "+", "/", " and "}) {
    const auto at = name.find(joiner);
    if (at != std::string::npos) {
      return {header_words::trimmed(name.substr(0, at)), header_words::trimmed(name.substr(at + joiner.size()))};
    }
  }
  return {name};
}



bool is_numbers(Field f) {
  return f == Field::kTaken || f == Field::kPoints || f == Field::kScore || f == Field::kStreak;
}

std::string_view player_column_forms() {
  return "a player's column is headed by the name alone, or with what it holds: 'Ann tricks', 'Ann - tricks', "
         "'Ann (tricks)', 'tricks Ann', 'Ann points', 'Ann score', 'Ann total'";
}

}  // namespace trickref::sheet
