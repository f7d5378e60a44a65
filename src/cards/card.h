// Cards and card sets (rules.md §1).
//
// A card is an index into a 64-bit layout with one 16-bit lane per suit:
// bit = suit * 16 + rank, ranks 0..12 standing for 2..A. The two jokers sit
// in the spare top slots of the spades lane (bits 62 and 63) and belong to no
// suit until trump is named; `follow_mask` and `trump_mask` fold them into
// the trump suit. A CardSet is a value class over the 64-bit word, so
// "does the player hold the led suit?" is one AND and "highest card" one
// count of leading zeros.
#pragma once

#include <array>
#include <bit>
#include <compare>
#include <cstdint>
#include <iterator>
#include <optional>
#include <string>
#include <string_view>

namespace trickref {

enum class Suit : std::uint8_t { kClubs = 0, kDiamonds = 1, kHearts = 2, kSpades = 3 };
inline constexpr int kSuitCount = 4;
inline constexpr int kRankCount = 13;  // 2 3 4 5 6 7 8 9 10 J Q K A

class Card {
 public:
  constexpr Card() = default;
  constexpr explicit Card(std::uint8_t index) : index_(index) {}
  static constexpr Card of(Suit suit, int rank) {
    return Card(static_cast<std::uint8_t>(static_cast<int>(suit) * 16 + rank));
  }
  static constexpr Card little_joker() { return Card(62); }
  static constexpr Card big_joker() { return Card(63); }

  [[nodiscard]] constexpr int index() const { return index_; }
  [[nodiscard]] constexpr bool is_joker() const { return index_ >= 62; }
  // The printed suit; meaningless for a joker (check is_joker first).
  [[nodiscard]] constexpr Suit suit() const { return static_cast<Suit>(index_ >> 4); }
  // 0..12 for 2..A; 14 and 15 for the little and big joker.
  [[nodiscard]] constexpr int rank() const { return index_ & 15; }
  [[nodiscard]] constexpr bool valid() const {
    return index_ == 62 || index_ == 63 || (index_ < 64 && (index_ & 15) < kRankCount);
  }

  friend constexpr bool operator==(Card, Card) = default;
  friend constexpr auto operator<=>(Card, Card) = default;

 private:
  std::uint8_t index_ = 255;
};

class CardSet {
 public:
  constexpr CardSet() = default;
  constexpr explicit CardSet(std::uint64_t bits) : bits_(bits) {}
  static constexpr CardSet of(Card c) { return CardSet(std::uint64_t{1} << c.index()); }
  static constexpr CardSet suit(Suit s) {
    return CardSet(std::uint64_t{0x1FFF} << (static_cast<int>(s) * 16));
  }
  static constexpr CardSet jokers() { return CardSet(std::uint64_t{3} << 62); }
  // The 52 cards of a standard deck (no jokers).
  static constexpr CardSet standard() {
    return CardSet(0x1FFF'1FFF'1FFF'1FFFULL);
  }

  [[nodiscard]] constexpr std::uint64_t bits() const { return bits_; }
  [[nodiscard]] constexpr bool empty() const { return bits_ == 0; }
  [[nodiscard]] constexpr int size() const { return std::popcount(bits_); }
  [[nodiscard]] constexpr bool contains(Card c) const {
    return ((bits_ >> c.index()) & 1U) != 0;
  }
  [[nodiscard]] constexpr bool intersects(CardSet o) const { return (bits_ & o.bits_) != 0; }
  // Highest / lowest card by index: within one suit lane that is rank order.
  [[nodiscard]] constexpr Card highest() const {
    return Card(static_cast<std::uint8_t>(63 - std::countl_zero(bits_)));
  }
  [[nodiscard]] constexpr Card lowest() const {
    return Card(static_cast<std::uint8_t>(std::countr_zero(bits_)));
  }
  constexpr void insert(Card c) { bits_ |= of(c).bits_; }
  constexpr void erase(Card c) { bits_ &= ~of(c).bits_; }

  friend constexpr CardSet operator|(CardSet a, CardSet b) { return CardSet(a.bits_ | b.bits_); }
  friend constexpr CardSet operator&(CardSet a, CardSet b) { return CardSet(a.bits_ & b.bits_); }
  friend constexpr CardSet operator-(CardSet a, CardSet b) { return CardSet(a.bits_ & ~b.bits_); }
  constexpr CardSet& operator|=(CardSet o) {
    bits_ |= o.bits_;
    return *this;
  }
  constexpr CardSet& operator&=(CardSet o) {
    bits_ &= o.bits_;
    return *this;
  }
  constexpr CardSet& operator-=(CardSet o) {
    bits_ &= ~o.bits_;
    return *this;
  }
  friend constexpr bool operator==(CardSet, CardSet) = default;

  // Iterates from the lowest index to the highest.
  class iterator {
   public:
    using value_type = Card;
    using difference_type = std::ptrdiff_t;
    constexpr iterator() = default;
    constexpr explicit iterator(std::uint64_t bits) : bits_(bits) {}
    constexpr Card operator*() const {
      return Card(static_cast<std::uint8_t>(std::countr_zero(bits_)));
    }
    constexpr iterator& operator++() {
      bits_ &= bits_ - 1;
      return *this;
    }
    constexpr iterator operator++(int) {
      iterator old = *this;
      ++*this;
      return old;
    }
    friend constexpr bool operator==(iterator, iterator) = default;

   private:
    std::uint64_t bits_ = 0;
  };
  [[nodiscard]] constexpr iterator begin() const { return iterator(bits_); }
  [[nodiscard]] constexpr iterator end() const { return iterator(0); }

 private:
  std::uint64_t bits_ = 0;
};

// Cards that count as `suit` once `trump` is named: the jokers join the trump suit.
[[nodiscard]] constexpr CardSet follow_mask(Suit suit, Suit trump) {
  return suit == trump ? CardSet::suit(suit) | CardSet::jokers() : CardSet::suit(suit);
}
[[nodiscard]] constexpr CardSet trump_mask(Suit trump) { return follow_mask(trump, trump); }
// The suit a card counts as once `trump` is named.
[[nodiscard]] constexpr Suit effective_suit(Card c, Suit trump) {
  return c.is_joker() ? trump : c.suit();
}
// The highest trump of `cards` (jokers above the ace). Precondition: at least one trump.
[[nodiscard]] constexpr Card highest_trump(CardSet cards, Suit trump) {
  CardSet j = cards & CardSet::jokers();
  return j.empty() ? (cards & CardSet::suit(trump)).highest() : j.highest();
}

// Parsing accepts rank then suit ("10H", "TH", "th", "10♥"; a symbol may
// carry a variation selector, as in "A♣️"), "BJ"/"LJ" in any case, and
// surrounding blanks; returns nothing for anything else.
// Whether two words are equal but for ASCII case (`pass`, `Pass`, `PASS`).
[[nodiscard]] bool iequals(std::string_view a, std::string_view b);
[[nodiscard]] std::optional<Card> parse_card(std::string_view text);
// parse_card without its table: every form, read in full.
[[nodiscard]] std::optional<Card> read_card_in_full(std::string_view text);

// The tokens an archive is made of (QS, 5D, th, BJ, 10H) are two or three
// printable ASCII bytes. Their readings are looked up in a constant table
// the general reading fills when trickref is compiled, so the answer is the
// general reading's by construction; every other token is read in full.
// parse_card reads through it; a reader of many cards may hold the table
// and read inline.
class ShortCardTokens {
 public:
  [[nodiscard]] static const ShortCardTokens& get();  // the one table, a constant

  [[nodiscard]] std::optional<Card> read(std::string_view text) const {
    if (text.size() == 2 && printable(text[0]) && printable(text[1])) {
      return two(text[0], text[1]);
    }
    if (text.size() == 3 && text[0] == '1' && text[1] == '0' && printable(text[2])) {
      return ten(text[2]);
    }
    return read_card_in_full(text);
  }

  // The card the two-byte token `a` `b` (or "10" and `c`) names by the
  // table alone; nullopt where it names none or needs the full reading. A
  // card found here is letters and digits only (Card.ShortTokensTheTableNamesAreLettersAndDigits).
  [[nodiscard]] std::optional<Card> two(char a, char b) const { return card(two_[index(a, b)]); }
  [[nodiscard]] std::optional<Card> ten(char c) const { return card(ten_[static_cast<unsigned char>(c)]); }

 private:
  constexpr ShortCardTokens();
  static constexpr std::optional<Card> card(std::uint8_t found) {
    return found < kNoCard ? std::optional<Card>(Card(found)) : std::nullopt;
  }
  static constexpr std::uint8_t kNoCard = 0xFE;
  static constexpr int kFirst = 0x20;  // ' '
  static constexpr int kEnd = 0x7F;    // past '~'
  static constexpr bool printable(char c) { return c >= kFirst && c < kEnd; }
  // Indexed by the bytes themselves, every byte value (kNoCard for a byte
  // that is not printable ASCII): a lookup is one load, without a test.
  static constexpr std::size_t index(char a, char b) {
    return static_cast<std::size_t>(static_cast<unsigned char>(a)) << 8U | static_cast<unsigned char>(b);
  }
  static constexpr std::uint8_t code(std::optional<Card> c) { return c ? static_cast<std::uint8_t>(c->index()) : kNoCard; }

  std::array<std::uint8_t, 256 * 256> two_{};
  std::array<std::uint8_t, 256> ten_{};
};
// Accepts C D H S in either case, the symbols ♣ ♦ ♥ ♠ and the English names.
[[nodiscard]] std::optional<Suit> parse_suit(std::string_view text);
// Canonical upper-case ASCII: "10H", "QS", "BJ", "LJ".
[[nodiscard]] std::string to_string(Card c);
[[nodiscard]] char suit_letter(Suit s);
[[nodiscard]] std::string_view suit_name(Suit s);      // "clubs"
[[nodiscard]] std::string_view suit_singular(Suit s);  // "club"
// Cards in canonical order (clubs to spades, 2 to A, then jokers), space separated.
[[nodiscard]] std::string to_string(CardSet cards);

}  // namespace trickref
