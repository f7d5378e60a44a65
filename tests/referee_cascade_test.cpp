// One mistake is one diagnostic (rules.md §4): regressions for follow-on
// errors found by mutating clean records.
#include <gtest/gtest.h>

#include "support/test_support.h"

namespace trickref {
namespace {

// Hand 1 of a clean random Pluck game (gen_game pluck 7), dealer Bob, clubs trump.
const std::string kDeal =
    "game: pluck\nplayers: [Ann, Bob, Cat]\nhands:\n  - dealer: Bob\n    deal:\n"
    "      Ann: [BJ, LJ, KS, 9S, 8S, 5S, 5H, AD, KD, JD, 8D, 7D, KC, 10C, 7C, 6C, 2C]\n"
    "      Bob: [AS, 7S, 6S, 3S, JH, 10H, 6H, 4H, QD, 10D, 9D, 5D, AC, QC, 9C, 8C, 5C]\n"
    "      Cat: [QS, JS, 10S, 4S, AH, KH, QH, 9H, 8H, 7H, 3H, 6D, 4D, 3D, JC, 4C, 3C]\n"
    "    trump: C\n";

std::string hand(const std::string& t1, const std::string& t2, const std::string& t16) {
  return kDeal + "    tricks:\n      - " + t1 + "\n      - " + t2 +
         "\n      - [6D, KD, 9D]\n      - [LJ, QC, 3C]\n      - [10C, AC, 4C]\n      - [10H, 9H, 8D]\n"
         "      - [5C, AH, 7C]\n      - [KC, 9C, QS]\n      - [7D, 10D, 4D]\n      - [6S, 4S, 5S]\n"
         "      - [7S, 10S, 8S]\n      - [3D, JD, QD]\n      - [JH, 7H, AD]\n      - [5D, QH, 6C]\n"
         "      - [BJ, 6H, JS]\n      - " + t16 + "\n      - [3S, 3H, 9S]\n"
         "    taken: {Ann: 7, Bob: 7, Cat: 3}\n";
}

std::string cascade_diags(const std::string& yaml) { return test::diagnostics_text(test::validate_yaml(yaml)); }

TEST(RefereeCascade, TheBaseHandIsClean) {
  EXPECT_EQ(cascade_diags(hand("[2C, 8C, JC]", "[KH, 5H, 4H]", "[KS, AS, 8H]")), "");
}

TEST(RefereeCascade, AWrongLeaderIsOneDiagnostic) {
  EXPECT_EQ(cascade_diags(hand("[2C, 8C, JC]", "{leader: Ann, cards: [KH, 5H, 4H]}", "[KS, AS, 8H]")),
            "t.yaml:12:18: error: Ann is recorded as leading trick 2, but Cat won trick 1 and leads it "
            "[out-of-turn] (hand 1, trick 2)\n");
  EXPECT_EQ(cascade_diags(hand("{leader: Bob, cards: [2C, 8C, JC]}", "[KH, 5H, 4H]", "[KS, AS, 8H]")),
            "t.yaml:11:18: error: Bob is recorded as leading the first trick, but Ann held 2C and leads it "
            "[first-lead] (hand 1, trick 1)\n");
}

// Every trick held and legal as written (the referee takes attribute's
// play whole): the leader due is still the one who won the trick before,
// here Cat (trick 2), not Ann, who wins trick 3 itself.
TEST(RefereeCascade, AWrongLeaderInAHandLegalThroughoutNamesTheLastTricksWinner) {
  std::string y = hand("[2C, 8C, JC]", "[KH, 5H, 4H]", "[KS, AS, 8H]");
  const std::string t3 = "[6D, KD, 9D]";
  y.replace(y.find(t3), t3.size(), "{leader: Bob, cards: [6D, KD, 9D]}");
  EXPECT_EQ(cascade_diags(y),
            "t.yaml:13:18: error: Bob is recorded as leading trick 3, but Cat won trick 2 and leads it "
            "[out-of-turn] (hand 1, trick 3)\n");
}

TEST(RefereeCascade, AFaultyDealEntryDoesNotMakeItsCardNotHeld) {
  std::string y = hand("[2C, 8C, JC]", "[KH, 5H, 4H]", "[KS, AS, 8H]");
  const std::string ah = "Cat: [QS, JS, 10S, 4S, AH,";
  EXPECT_EQ(cascade_diags(std::string(y).replace(y.find(ah), ah.size(), "Cat: [QS, JS, 10S, 4S, XH,")),
            "t.yaml:8:30: error: 'XH' is not a card (rank then suit, like 10H, QS or 2C; jokers BJ, LJ) "
            "[bad-card] (hand 1)\n");
  EXPECT_EQ(cascade_diags(std::string(y).replace(y.find(ah), ah.size(), "Cat: [QS, JS, 10S, 4S, 2H,")),
            "t.yaml:8:30: error: 2H is not in the pluck deck (dealt to Cat) [not-in-deck] (hand 1)\n");
  EXPECT_EQ(cascade_diags(std::string(y).replace(y.find(ah), ah.size(), "Cat: [QS, JS, 10S, 4S,")),
            "t.yaml:8:12: error: Cat was dealt 16 cards; each player is dealt 17 [hand-size] (hand 1)\n");
}

TEST(RefereeCascade, ANotHeldCardPlayedAgainByItsHolderIsNotAlsoADuplicate) {
  // Cat plays Ann's 9S in trick 16; Ann's own 9S in trick 17 is then not a second mistake.
  const std::string y = hand("[2C, 8C, JC]", "[KH, 5H, 4H]", "[KS, AS, 9S]");
  // Cat's one card left was 8H: the slip names it (recording slips, cli.md).
  EXPECT_EQ(cascade_diags(y), "t.yaml:26:18: error: Cat played 9S, which Cat did not hold [not-held] (hand 1, trick 16)\n"
                      "t.yaml:6:25: note: 9S was held by Ann\n"
                      "t.yaml:26:18: note: probably 8H: the one card Cat could play there that leaves every later card "
                      "held; the hand is refereed with it\n");
}

}  // namespace
}  // namespace trickref
