#include <cctype>
#include <string>

#include <gtest/gtest.h>

#include "cards/card.h"

namespace trickref {
namespace {

TEST(Card, ParsesEveryCardAndRoundTrips) {
  for (Card c : CardSet::standard() | CardSet::jokers()) {
    const auto parsed = parse_card(to_string(c));
    ASSERT_TRUE(parsed) << to_string(c);
    EXPECT_EQ(*parsed, c);
  }
  EXPECT_EQ((CardSet::standard() | CardSet::jokers()).size(), 54);
}

TEST(Card, AcceptsTheSpellingsOfRulesSection1) {
  EXPECT_EQ(parse_card("10H"), Card::of(Suit::kHearts, 8));
  EXPECT_EQ(parse_card("TH"), Card::of(Suit::kHearts, 8));
  EXPECT_EQ(parse_card("th"), Card::of(Suit::kHearts, 8));
  EXPECT_EQ(parse_card("10\u2665"), Card::of(Suit::kHearts, 8));
  EXPECT_EQ(parse_card("a\u2660"), Card::of(Suit::kSpades, 12));
  EXPECT_EQ(parse_card("2c"), Card::of(Suit::kClubs, 0));
  EXPECT_EQ(parse_card("bj"), Card::big_joker());
  EXPECT_EQ(parse_card("LJ"), Card::little_joker());
  EXPECT_EQ(to_string(*parse_card("tc")), "10C");
}

// What phones and emoji keyboards type: the suit symbol with the emoji
// variation selector U+FE0F (or the text one, U+FE0E) after it.
TEST(Card, AcceptsSuitSymbolsWithAVariationSelector) {
  EXPECT_EQ(parse_card("A\u2663\uFE0F"), Card::of(Suit::kClubs, 12));
  EXPECT_EQ(parse_card("10\u2665\uFE0F"), Card::of(Suit::kHearts, 8));
  EXPECT_EQ(parse_card(" q\u2666\uFE0E "), Card::of(Suit::kDiamonds, 10));
  EXPECT_EQ(parse_card("K\u2660\uFE0F"), Card::of(Suit::kSpades, 11));
  EXPECT_EQ(parse_suit("\u2665\uFE0F"), Suit::kHearts);
  // The selector alone, or after a letter or twice, is not a card.
  for (const char* bad : {"\uFE0F", "AC\uFE0F", "A\uFE0F", "A\u2663\uFE0F\uFE0F", "\u2663\uFE0F"}) {
    EXPECT_FALSE(parse_card(bad)) << bad;
  }
}

// The JSON Lines reader takes a short token the table names a card
// without scanning it as a string: such a token must be plain text (no
// quote, backslash or control byte), and read as parse_card reads it.
TEST(Card, ShortTokensTheTableNamesAreLettersAndDigits) {
  const auto& table = ShortCardTokens::get();
  const auto plain = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0; };
  int named = 0;
  for (int a = 0; a < 256; ++a) {
    const char x = static_cast<char>(a);
    if (const auto c = table.ten(x)) {
      EXPECT_TRUE(plain(x)) << a;
      EXPECT_EQ(parse_card(std::string{'1', '0', x}), c) << a;
      ++named;
    }
    for (int b = 0; b < 256; ++b) {
      const char y = static_cast<char>(b);
      if (const auto c = table.two(x, y)) {
        EXPECT_TRUE(plain(x) && plain(y)) << a << " " << b;
        EXPECT_EQ(parse_card(std::string{x, y}), c) << a << " " << b;
        ++named;
      }
    }
  }
  // Ranks 2-9 and T J Q K A in either case, by the four suit letters in
  // either case; BJ and LJ in any case; 10 by the suit letters.
  EXPECT_EQ(named, (8 + 5 * 2) * (4 * 2) + 2 * 4 + 4 * 2);
}

TEST(Card, RejectsNonCards) {
  for (const char* bad : {"", "1H", "11H", "HX", "ZZ", "10", "H", "JJ", "2\u2665\u2665", "QX"}) {
    EXPECT_FALSE(parse_card(bad)) << bad;
  }
}

TEST(Card, SuitsParse) {
  EXPECT_EQ(parse_suit("s"), Suit::kSpades);
  EXPECT_EQ(parse_suit("\u2663"), Suit::kClubs);
  EXPECT_EQ(parse_suit("Hearts"), Suit::kHearts);
  EXPECT_FALSE(parse_suit("X"));
}

TEST(CardSet, JokersJoinTheTrumpSuitOnly) {
  const Suit trump = Suit::kDiamonds;
  EXPECT_TRUE(follow_mask(Suit::kDiamonds, trump).contains(Card::big_joker()));
  EXPECT_FALSE(follow_mask(Suit::kClubs, trump).contains(Card::big_joker()));
  EXPECT_EQ(effective_suit(Card::little_joker(), trump), trump);
  CardSet trick = CardSet::of(Card::of(Suit::kDiamonds, 12)) | CardSet::of(Card::little_joker());
  EXPECT_EQ(highest_trump(trick, trump), Card::little_joker());
  trick.insert(Card::big_joker());
  EXPECT_EQ(highest_trump(trick, trump), Card::big_joker());
}

TEST(CardSet, AlgebraAndIteration) {
  CardSet s;
  s.insert(Card::of(Suit::kHearts, 3));
  s.insert(Card::of(Suit::kClubs, 0));
  EXPECT_EQ(s.size(), 2);
  EXPECT_EQ(to_string(s), "2C 5H");
  EXPECT_EQ(s.highest(), Card::of(Suit::kHearts, 3));
  EXPECT_EQ(s.lowest(), Card::of(Suit::kClubs, 0));
  EXPECT_EQ((s & CardSet::suit(Suit::kHearts)).size(), 1);
  EXPECT_TRUE((s - CardSet::suit(Suit::kHearts)).contains(Card::of(Suit::kClubs, 0)));
}

}  // namespace
}  // namespace trickref
