// Referee scenarios: constructed records that pin one settled case of
// rules.md §2-§4 each, asserting the exact diagnostics (text and location)
// and the exact scores.
#include <map>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "support/test_support.h"

namespace trickref {
namespace {

// Builds a full deal: the given cards for each seat, then every other card
// of the deck handed out in order, skipping suits a seat must not get.
struct DealBuilder {
  const Ruleset& rules;
  std::map<int, std::vector<std::string>> fixed;
  std::map<int, std::string> avoid;  // seat -> suit letters it must not receive as filler
  std::vector<std::string> kitty_fixed;

  std::string yaml(const std::vector<std::string>& players) const {
    CardSet used;
    std::vector<CardSet> hands(players.size());
    CardSet kitty;
    for (const auto& [seat, cs] : fixed) {
      for (const auto& t : cs) {
        hands[static_cast<std::size_t>(seat)].insert(*parse_card(t));
        used.insert(*parse_card(t));
      }
    }
    for (const auto& t : kitty_fixed) {
      kitty.insert(*parse_card(t));
      used.insert(*parse_card(t));
    }
    for (Card c : rules.deck - used) {
      bool placed = false;
      for (std::size_t s = 0; s < players.size() && !placed; ++s) {
        const auto it = avoid.find(static_cast<int>(s));
        const bool banned = it != avoid.end() && !c.is_joker() &&
                            it->second.find(suit_letter(c.suit())) != std::string::npos;
        if (!banned && hands[s].size() < rules.hand_size) {
          hands[s].insert(c);
          placed = true;
        }
      }
      if (!placed) {
        kitty.insert(c);
      }
    }
    std::string y = "    deal:\n";
    for (std::size_t s = 0; s < players.size(); ++s) {
      y += fmt::format("      {}: [{}]\n", players[s], fmt::join(split(hands[s]), ", "));
    }
    if (rules.kitty > 0) {
      y += fmt::format("    kitty: [{}]\n", fmt::join(split(kitty), ", "));
    }
    return y;
  }

  static std::vector<std::string> split(CardSet s) {
    std::vector<std::string> out;
    for (Card c : s) {
      out.push_back(to_string(c));
    }
    return out;
  }
};

const std::vector<std::string> kPlayers = {"Ann", "Bob", "Cat"};

std::string diags(const std::string& yaml) { return test::diagnostics_text(test::validate_yaml(yaml)); }

// ------------------------------------------------------------------ plucks

// Hand 1 as a score sheet: Ann (dealer, quota 7) takes 8, Bob (quota 6) 5,
// Cat (quota 4) 4, so Ann plucks Bob once in hand 2 (Bob deals).
std::string pluck_game(const std::string& ruleset, const std::string& hand2) {
  return "game: " + ruleset + "\nplayers: [Ann, Bob, Cat]\nhands:\n"
         "  - dealer: Ann\n    taken: {Ann: 8, Bob: 5, Cat: 4}\n"
         "  - dealer: Bob\n" + hand2;
}

TEST(RefereePluck, AReceivedCardThatIsThePluckeesHighestGoesStraightBack) {
  auto pluck = test::builtin("pluck");
  DealBuilder deal{*pluck, {{0, {"9H", "2C"}}, {1, {"4H", "7H"}}}, {{1, "H"}}, {}};
  const std::string hand2 = deal.yaml(kPlayers) + "    plucks:\n      - {by: Ann, from: Bob, gives: 9H, gets: 9H}\n";
  EXPECT_EQ(diags(pluck_game("pluck", hand2)), "");
  const std::string wrong =
      deal.yaml(kPlayers) + "    plucks:\n      - {by: Ann, from: Bob, gives: 9H, gets: 7H}\n";
  EXPECT_EQ(diags(pluck_game("pluck", wrong)),
            "t.yaml:12:47: error: Bob gave back 7H for 9H, but the highest heart Bob held after receiving it was 9H "
            "[pluck-return] (hand 2)\n");
  // Excluding the received card, 7H is right and 9H is wrong.
  EXPECT_EQ(diags(pluck_game("pluck-return-excluding", wrong)), "");
  EXPECT_EQ(diags(pluck_game("pluck-return-excluding", hand2)),
            "t.yaml:12:47: error: Bob gave back 9H for 9H, but the highest heart Bob held besides the card received "
            "was 7H [pluck-return] (hand 2)\n");
}

TEST(RefereePluck, ACardReceivedInOnePluckIsReturnedInTheNext) {
  auto pluck = test::builtin("pluck");
  // Ann is over by 2 and Bob short by 2 in hand 1.
  DealBuilder deal{*pluck, {{0, {"QH", "4H", "2C"}}, {1, {"AH", "3H"}}}, {{1, "H"}}, {}};
  const std::string base = "game: pluck\nplayers: [Ann, Bob, Cat]\nhands:\n"
                           "  - dealer: Ann\n    taken: {Ann: 9, Bob: 4, Cat: 4}\n  - dealer: Bob\n" +
                           deal.yaml(kPlayers);
  // Pluck 1: QH to Bob, AH back. Pluck 2: 4H to Bob, whose highest heart is now the QH he received.
  EXPECT_EQ(diags(base + "    plucks:\n      - {by: Ann, from: Bob, gives: QH, gets: AH}\n"
                         "      - {by: Ann, from: Bob, gives: 4H, gets: QH}\n"),
            "");
  EXPECT_EQ(diags(base + "    plucks:\n      - {by: Ann, from: Bob, gives: QH, gets: AH}\n"
                         "      - {by: Ann, from: Bob, gives: 4H, gets: 4H}\n"),
            "t.yaml:13:47: error: Bob gave back 4H for 4H, but the highest heart Bob held after receiving it was QH "
            "[pluck-return] (hand 2)\n");
}

TEST(RefereePluck, OwedPlucksAreCheckedAgainstTheScoreSheet) {
  auto pluck = test::builtin("pluck");
  DealBuilder deal{*pluck, {{0, {"9H", "2C"}}, {1, {"4H"}}}, {}, {}};
  EXPECT_EQ(diags(pluck_game("pluck", deal.yaml(kPlayers) + "    plucks: []\n")),
            "t.yaml:11:13: error: Ann made 0 of the 1 pluck owed from Bob (Ann was 1 over quota and Bob 1 short in "
            "hand 1) [pluck-missing] (hand 2)\n");
  EXPECT_EQ(diags(pluck_game("pluck", "    plucks:\n      - {by: Cat, from: Bob, gives: 5S, gets: 9S}\n"
                                      "      - {by: Ann, from: Bob, gives: 9H, gets: 9H}\n")),
            "t.yaml:8:9: error: Cat plucked Bob, but Cat was not over quota in hand 1 (made it exactly) "
            "[pluck-unowed] (hand 2)\n");
  // Absent plucks: not recorded, nothing checked.
  EXPECT_EQ(diags(pluck_game("pluck", "    trump: S\n")), "");
  EXPECT_EQ(diags(pluck_game("pluck", "    plucks:\n      - {by: Ann, from: Bob, gives: LJ, gets: 4D}\n")),
            "t.yaml:8:37: error: Ann gave Bob a joker (LJ): jokers have no suit before trump is named and cannot be "
            "given in a pluck [pluck-joker] (hand 2)\n");
}

// -------------------------------------------------------------- game end

std::string sheet_game(const std::string& ruleset) {
  // Running scores (Ann, Bob): 10-0, 10-10, 19-10, 19-19, 20-20 (a tie at the top), then 21-20.
  return "game: " + ruleset +
         "\nplayers: [Ann, Bob, Cat]\nhands:\n"
         "  - {dealer: Ann, taken: {Ann: 17, Bob: 0, Cat: 0}}\n"
         "  - {dealer: Bob, taken: {Ann: 0, Bob: 17, Cat: 0}}\n"
         "  - {dealer: Cat, taken: {Ann: 15, Bob: 2, Cat: 0}}\n"
         "  - {dealer: Ann, taken: {Ann: 2, Bob: 15, Cat: 0}}\n"
         "  - {dealer: Bob, taken: {Ann: 5, Bob: 8, Cat: 4}}\n"
         "  - {dealer: Cat, taken: {Ann: 7, Bob: 4, Cat: 6}}\n";
}

TEST(RefereeGameEnd, ATieAtTheTargetPlaysOnUnderContinue) {
  const auto games = test::validate_yaml(sheet_game("pluck"));
  ASSERT_EQ(games.size(), 1U);
  EXPECT_EQ(test::codes(games[0]), std::vector<std::string>{});
  const auto& o = games[0].result->outcome;
  EXPECT_TRUE(o.finished);
  EXPECT_EQ(o.decided_hand, 6);
  EXPECT_EQ(o.winners, std::vector<int>{0});
  EXPECT_EQ(*o.score, (std::vector<long long>{21, 20, 0}));
}

TEST(RefereeGameEnd, ATieAtTheTargetIsSharedUnderShare) {
  const auto games = test::validate_yaml(sheet_game("pluck-shared-ties"));
  const auto& o = games[0].result->outcome;
  EXPECT_TRUE(o.finished);
  EXPECT_EQ(o.decided_hand, 5);
  EXPECT_EQ(o.winners, (std::vector<int>{0, 1}));
  EXPECT_EQ(*o.score, (std::vector<long long>{20, 20, 0}));
  EXPECT_EQ(test::diagnostics_text(games),
            "t.yaml:9:5: warning: hand 6 was played after the game ended: Ann and Bob reached 20 in hand 5; the "
            "result stands as it was then [played-past-end] (hand 6)\n");
}

TEST(RefereeGameEnd, RecordedFiguresAreComparedNeverAdopted) {
  const std::string y = "game: pluck\nplayers: [Ann, Bob, Cat]\nhands:\n"
                        "  - {dealer: Ann, taken: {Ann: 9, Bob: 4, Cat: 4}, score: {Ann: 2, Bob: 0, Cat: 0}}\n"
                        "  - {dealer: Bob, taken: {Ann: 6, Bob: 7, Cat: 4}, score: {Ann: 3, Bob: 0, Cat: 0}}\n"
                        "  - {dealer: Cat, taken: {Ann: 6, Bob: 5, Cat: 6}, score: {Ann: 3, Bob: 1, Cat: 0}}\n"
                        "result: {winner: Ann, score: {Ann: 3, Bob: 1, Cat: 0}}\n";
  // Hand 2's 3 is wrong (Ann took 6 of her quota of 4: 2 + 2 = 4); hand 3 carries it forward, not reported again.
  EXPECT_EQ(diags(y),
            "t.yaml:5:65: error: Ann's score after hand 2 is recorded as 3, but it is 4 (2 + 2 for 6 tricks against a "
            "quota of 4) [score-mismatch] (hand 2)\n"
            "t.yaml:7:18: error: the record names Ann as winner, but the game is not finished: nobody has won yet "
            "(scores Ann 4, Bob 1, Cat 0; target 20) [winner-mismatch]\n");
}

// At the plays level (no deal) with the hand incomplete, so the hands cannot
// be worked back: a return lower than a card of the suit the pluckee is
// proven to have held (played later, not received in a pluck) is reported.
TEST(RefereePluckReturn, AtThePlaysLevelAHigherCardPlayedLaterProvesTheReturnWrong) {
  const std::string head = "game: pluck\nplayers: [Ann, Bob, Cat]\nhands:\n"
                           "  - dealer: Bob\n    taken: {Ann: 5, Bob: 7, Cat: 5}\n"
                           "  - dealer: Cat\n    plucks:\n      - {by: Ann, from: Cat, gives: 9D, gets: QD}\n"
                           "    trump: S\n    tricks:\n      - {leader: Cat, cards: [2C, 6C, 4C]}\n"
                           "      - [3H, 5H, JH]\n";
  const auto games = test::validate_yaml(head + "      - [KD, JD, 3D]\n");
  EXPECT_EQ(test::diagnostics_text(games),
            "t.yaml:8:47: error: Cat gave back QD for 9D, but held KD, a higher diamond [pluck-return] (hand 2)\n"
            "t.yaml:13:10: note: Cat played KD in trick 3, and did not receive it in a pluck\n"
            "t.yaml:11:7: error: hand 2 records 3 tricks; a hand has 17 [trick-count] (hand 2)\n");
  ASSERT_FALSE(games[0].diagnostics.empty());
  EXPECT_EQ(games[0].diagnostics[0].card, parse_card("QD"));
  // A lower diamond played later proves nothing; nor does the card received.
  EXPECT_EQ(test::codes(test::validate_yaml(head + "      - [10D, JD, 3D]\n")[0]),
            (std::vector<std::string>{"trick-count"}));
  EXPECT_EQ(test::codes(test::validate_yaml(head + "      - [9D, JD, 3D]\n")[0]),
            (std::vector<std::string>{"trick-count"}));
}

// At the plays level (no deal), every trick recorded: the plucks leave each
// card they moved with whoever received it last, so a pluck the plays
// contradict is found, as not-held at the play, with a note at the pluck.
// samples/levels/plays.yaml, hand 2: Cat plucks Bob, gives 9H, gets KH; Bob
// plays 9H (trick 5), Cat KH (trick 17), Ann JH (trick 12).
class RefereePlucksAgainstThePlays : public ::testing::Test {
 protected:
  static std::string with(const std::string& from, const std::string& to) {
    std::string y = test::read_source_file("samples/levels/plays.yaml");
    const auto at = y.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    return y.replace(at, from.size(), to);
  }
  static std::string diags(const std::string& yaml) {
    return test::diagnostics_text(test::validate_yaml(yaml, "plays.yaml"));
  }
};

TEST_F(RefereePlucksAgainstThePlays, ThePluckeePlaysTheCardItGaveBack) {
  EXPECT_EQ(diags(with("gives: 9H, gets: KH", "gives: 9H, gets: 9H")),
            "plays.yaml:38:18: error: Bob played 9H, which Bob did not hold [not-held] (hand 2, trick 5)\n"
            "plays.yaml:31:47: note: Bob gave 9H back to Cat in this pluck, and no later pluck moved it\n");
}

TEST_F(RefereePlucksAgainstThePlays, ThePluckersCardIsPlayedBySomeoneElse) {
  EXPECT_EQ(diags(with("gives: 9H, gets: KH", "gives: 9H, gets: JH")),
            "plays.yaml:45:18: error: Ann played JH, which Ann did not hold [not-held] (hand 2, trick 12)\n"
            "plays.yaml:31:47: note: Bob gave JH back to Cat in this pluck, and no later pluck moved it\n");
}

TEST_F(RefereePlucksAgainstThePlays, ThePluckerPlaysTheCardItGave) {
  EXPECT_EQ(diags(with("gives: 9H, gets: KH", "gives: 8H, gets: KH")),
            "plays.yaml:38:10: error: Cat played 8H, which Cat did not hold [not-held] (hand 2, trick 5)\n"
            "plays.yaml:31:37: note: Cat gave 8H to Bob in this pluck, and no later pluck moved it\n");
}

TEST_F(RefereePlucksAgainstThePlays, APluckThePlaysAllowIsClean) {
  // Bob may have held AH or 10H above the 9H he received, and Cat played both.
  EXPECT_EQ(diags(with("gives: 9H, gets: KH", "gives: 9H, gets: AH")), "");
  EXPECT_EQ(diags(with("gives: 9H, gets: KH", "gives: 9H, gets: 10H")), "");
  EXPECT_EQ(diags(test::read_source_file("samples/levels/plays.yaml")), "");
}

// ------------------------------------------------------------ Nine Five Two

TEST(RefereeShow, TheSeed003ExampleGiven3CGaveBack6CKittyBrings10CAndAC) {
  auto nfte = test::builtin("nine-five-two");
  // Hand 1: Ann deals (quota 9) and takes 10; Bob (quota 5) takes 4. In hand 2 Bob deals and Ann plucks him.
  DealBuilder deal{*nfte, {{0, {"3C"}}, {1, {"6C", "2C"}}}, {{1, "C"}}, {"10C", "AC", "4D", "5D"}};
  const std::string head = "game: nine-five-two\nplayers: [Ann, Bob, Cat]\nhands:\n"
                           "  - dealer: Ann\n    taken: {Ann: 10, Bob: 4, Cat: 2}\n  - dealer: Bob\n" +
                           deal.yaml(kPlayers) +
                           "    plucks:\n      - {by: Ann, from: Bob, gives: 3C, gets: 6C}\n    trump: S\n";
  EXPECT_EQ(diags(head + "    shows:\n      - {to: Ann, cards: [10C, AC]}\n"), "");
  EXPECT_EQ(diags(head + "    shows: []\n"),
            "t.yaml:15:12: error: Bob, the dealer, gave Ann back 6C and had to show Ann the kitty cards of that suit "
            "ranked above it (10C AC), but the record shows none [show-missing] (hand 2)\n");
  EXPECT_EQ(diags(head + "    shows:\n      - {to: Ann, cards: [AC]}\n"),
            "t.yaml:16:7: error: Bob, the dealer, gave Ann back 6C and had to show Ann the kitty cards of that suit "
            "ranked above it (10C AC), but the record shows AC [show-missing] (hand 2)\n");
  // The diagnostic's card (JSON `card`) is the first kitty card that had to be shown.
  const auto games = test::validate_yaml(head + "    shows:\n      - {to: Ann, cards: [AC]}\n");
  ASSERT_EQ(games.size(), 1U);
  ASSERT_EQ(games[0].diagnostics.size(), 1U);
  EXPECT_EQ(games[0].diagnostics[0].card, parse_card("10C"));
  EXPECT_EQ(games[0].diagnostics[0].player, "Bob");
  // A card shown that should not have been is the card at fault, before any missing.
  const auto extra = test::validate_yaml(head + "    shows:\n      - {to: Ann, cards: [AC, 5D, 10C]}\n");
  ASSERT_EQ(extra.size(), 1U);
  ASSERT_EQ(extra[0].diagnostics.size(), 1U);
  EXPECT_EQ(extra[0].diagnostics[0].code, Code::kShowMissing);
  EXPECT_EQ(extra[0].diagnostics[0].card, parse_card("5D"));
  const auto both = test::validate_yaml(head + "    shows:\n      - {to: Ann, cards: [4D]}\n");
  ASSERT_EQ(both[0].diagnostics.size(), 1U);
  EXPECT_EQ(both[0].diagnostics[0].card, parse_card("4D"));
}

// A trick attribute() finds held and legal as written is not checked again
// by check_plays only where check_plays starts the hand from the same play
// (LegalTricks). Here it does not: Ann's discard is faulty (five cards), so
// check_plays knows her hand only from the cards she goes on to play, which
// include AH, discarded as recorded. attribute(), playing from her hand
// after that discard, finds her KC to the heart lead legal; check_plays must
// still check it, and finds the revoke.
TEST(RefereeDiscard, ATrickLegalFromTheRecordedDiscardIsStillARevokeByTheCardsPlayed) {
  auto nfte = test::builtin("nine-five-two");
  // Ann's only heart is AH, and she holds no card a keystroke from it (AC, AD, AS).
  DealBuilder deal{*nfte,
                   {{0, {"AH", "KC"}}, {1, {"2H", "5H", "AC", "AD"}}, {2, {"3H", "4H", "AS"}}},
                   {{0, "H"}},
                   {"3D", "4D", "5D", "6D"}};
  const std::string y = "game: nine-five-two\nplayers: [Ann, Bob, Cat]\nhands:\n  - dealer: Ann\n" +
                        deal.yaml(kPlayers) +
                        "    trump: S\n    discard: [AH, 3D, 4D, 5D, 6D]\n"
                        "    tricks:\n      - [2H, 3H, KC]\n      - [4H, AH, 5H]\n";
  EXPECT_EQ(diags(y),
            "t.yaml:11:14: error: Ann discarded 5 cards; the dealer discards 4 [discard] (hand 1)\n"
            "t.yaml:13:18: error: Ann did not follow suit: played KC to a heart lead while holding AH [revoke] "
            "(hand 1, trick 1)\n"
            "t.yaml:14:14: note: Ann played AH later, in trick 2\n"
            "t.yaml:13:7: error: hand 1 records 2 tricks; a hand has 16 [trick-count] (hand 1)\n");
}

// ------------------------------------------------------------- rotation

TEST(RefereeDealer, AWrongDealerIsReportedOnceAndTheRotationGoesOnFromIt) {
  const std::string y = "game: pluck\nplayers: [Ann, Bob, Cat]\nhands:\n"
                        "  - {dealer: Ann, taken: {Ann: 7, Bob: 6, Cat: 4}}\n"
                        "  - {dealer: Cat, taken: {Ann: 6, Bob: 4, Cat: 7}}\n"
                        "  - {dealer: Ann, taken: {Ann: 7, Bob: 6, Cat: 4}}\n";
  EXPECT_EQ(diags(y), "t.yaml:5:14: error: Cat is recorded as dealer of hand 2, but the deal passes to the left "
                      "from Ann: Bob deals [wrong-dealer] (hand 2)\n");
  const auto games = test::validate_yaml(y);
  EXPECT_EQ(games[0].result->hands[1].quota, (std::vector<int>{6, 4, 7}));  // Cat's quotas as dealer
}

TEST(RefereeDealer, DealingToTheRight) {
  const std::string y = "game: pluck-deal-right\nplayers: [Ann, Bob, Cat]\nhands:\n"
                        "  - {dealer: Ann, taken: {Ann: 7, Bob: 6, Cat: 4}}\n"
                        "  - {dealer: Cat, taken: {Ann: 4, Bob: 6, Cat: 7}}\n";
  EXPECT_EQ(diags(y), "");
}

TEST(RefereeTotals, TakenThatDoNotAddUpAreOneDiagnosticAndTheNextPlucksAreNotChecked) {
  const std::string y = "game: pluck\nplayers: [Ann, Bob, Cat]\nhands:\n"
                        "  - {dealer: Ann, taken: {Ann: 9, Bob: 5, Cat: 4}}\n"
                        "  - dealer: Bob\n    plucks: []\n";
  EXPECT_EQ(diags(y), "t.yaml:4:26: error: the tricks taken add up to 18, but a hand has 17; the next hand's plucks "
                      "cannot be checked [tricks-total] (hand 1)\n");
}

}  // namespace
}  // namespace trickref
