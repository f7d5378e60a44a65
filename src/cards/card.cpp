#include "cards/card.h"

#include <array>
#include <string>

namespace trickref {
namespace {

constexpr std::array<std::string_view, kRankCount> kRankNames = {
    "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"};

// ASCII case folding: what std::toupper does in the "C" locale trickref
// runs in, without a library call per character (cards are parsed by the
// million when an archive is refereed).
constexpr char ascii_upper(char c) { return c >= 'a' && c <= 'z' ? static_cast<char>(c - 'a' + 'A') : c; }

constexpr bool same_but_case(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) {
    return false;
  }
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (ascii_upper(a[i]) != ascii_upper(b[i])) {
      return false;
    }
  }
  return true;
}

constexpr std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) {
    s.remove_prefix(1);
  }
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) {
    s.remove_suffix(1);
  }
  return s;
}

// A suit symbol may be followed by a variation selector: U+FE0F asks for the
// emoji presentation (what phones type for "♣️"), U+FE0E for the text one.
// Neither changes the suit, so both are dropped.
constexpr std::optional<Suit> parse_suit_symbol(std::string_view s) {
  if (s == "\u2663" || s == "\u2667") {
    return Suit::kClubs;
  }
  if (s == "\u2666" || s == "\u2662") {
    return Suit::kDiamonds;
  }
  if (s == "\u2665" || s == "\u2661") {
    return Suit::kHearts;
  }
  if (s == "\u2660" || s == "\u2664") {
    return Suit::kSpades;
  }
  return std::nullopt;
}

constexpr std::string_view drop_variation_selector(std::string_view s) {
  if (s.size() >= 6 && (s.substr(s.size() - 3) == "\uFE0F" || s.substr(s.size() - 3) == "\uFE0E") &&
      parse_suit_symbol(s.substr(s.size() - 6, 3))) {
    s.remove_suffix(3);
  }
  return s;
}

constexpr std::optional<Suit> parse_suit_letter(std::string_view s) {
  if (s.size() != 1) {
    return std::nullopt;
  }
  switch (ascii_upper(s[0])) {
    case 'C':
      return Suit::kClubs;
    case 'D':
      return Suit::kDiamonds;
    case 'H':
      return Suit::kHearts;
    case 'S':
      return Suit::kSpades;
    default:
      return std::nullopt;
  }
}

constexpr std::optional<int> parse_rank(std::string_view s) {
  if (s == "10" || same_but_case(s, "T")) {
    return 8;
  }
  if (s.size() != 1) {
    return std::nullopt;
  }
  const char c = ascii_upper(s[0]);
  if (c >= '2' && c <= '9') {
    return c - '2';
  }
  switch (c) {
    case 'J':
      return 9;
    case 'Q':
      return 10;
    case 'K':
      return 11;
    case 'A':
      return 12;
    default:
      return std::nullopt;
  }
}

// The general reading of a card token: every form parse_card accepts.
constexpr std::optional<Card> read_in_full(std::string_view text) {
  text = trim(text);
  if (same_but_case(text, "BJ")) {
    return Card::big_joker();
  }
  if (same_but_case(text, "LJ")) {
    return Card::little_joker();
  }
  text = drop_variation_selector(text);
  if (text.size() < 2) {
    return std::nullopt;
  }
  // The suit is the last character, or a three-byte UTF-8 symbol.
  std::optional<Suit> suit;
  std::string_view rank_part;
  if (text.size() >= 4 && (static_cast<unsigned char>(text[text.size() - 3]) == 0xE2)) {
    suit = parse_suit_symbol(text.substr(text.size() - 3));
    rank_part = text.substr(0, text.size() - 3);
  } else {
    suit = parse_suit_letter(text.substr(text.size() - 1));
    rank_part = text.substr(0, text.size() - 1);
  }
  if (!suit) {
    return std::nullopt;
  }
  const auto rank = parse_rank(rank_part);
  if (!rank) {
    return std::nullopt;
  }
  return Card::of(*suit, *rank);
}

}  // namespace

bool iequals(std::string_view a, std::string_view b) { return same_but_case(a, b); }

std::optional<Suit> parse_suit(std::string_view text) {
  text = trim(text);
  if (auto s = parse_suit_letter(text)) {
    return s;
  }
  if (auto s = parse_suit_symbol(drop_variation_selector(text))) {
    return s;
  }
  for (int i = 0; i < kSuitCount; ++i) {
    const auto suit = static_cast<Suit>(i);
    if (iequals(text, suit_name(suit)) || iequals(text, suit_singular(suit))) {
      return suit;
    }
  }
  return std::nullopt;
}

std::optional<Card> read_card_in_full(std::string_view text) { return read_in_full(text); }

// Built when compiled: the table is a constant, read by every thread.
constexpr ShortCardTokens::ShortCardTokens() {
  two_.fill(kNoCard);
  ten_.fill(kNoCard);
  for (int a = kFirst; a < kEnd; ++a) {
    const auto ca = static_cast<char>(a);
    const std::array<char, 3> ten{'1', '0', ca};
    ten_[static_cast<unsigned char>(ca)] = code(read_in_full(std::string_view(ten.data(), ten.size())));
    for (int b = kFirst; b < kEnd; ++b) {
      const std::array<char, 2> two{ca, static_cast<char>(b)};
      two_[index(two[0], two[1])] = code(read_in_full(std::string_view(two.data(), two.size())));
    }
  }
}

const ShortCardTokens& ShortCardTokens::get() {
  static constexpr ShortCardTokens kTable;
  return kTable;
}

std::optional<Card> parse_card(std::string_view text) { return ShortCardTokens::get().read(text); }

char suit_letter(Suit s) { return "CDHS"[static_cast<int>(s)]; }

std::string_view suit_name(Suit s) {
  constexpr std::array<std::string_view, 4> kNames = {"clubs", "diamonds", "hearts", "spades"};
  return kNames[static_cast<std::size_t>(s)];
}

std::string_view suit_singular(Suit s) {
  constexpr std::array<std::string_view, 4> kNames = {"club", "diamond", "heart", "spade"};
  return kNames[static_cast<std::size_t>(s)];
}

std::string to_string(Card c) {
  if (c == Card::big_joker()) {
    return "BJ";
  }
  if (c == Card::little_joker()) {
    return "LJ";
  }
  if (!c.valid()) {
    return "??";
  }
  std::string out(kRankNames[static_cast<std::size_t>(c.rank())]);
  out += suit_letter(c.suit());
  return out;
}

std::string to_string(CardSet cards) {
  std::string out;
  for (Card c : cards) {
    if (!out.empty()) {
      out += ' ';
    }
    out += to_string(c);
  }
  return out;
}

}  // namespace trickref
