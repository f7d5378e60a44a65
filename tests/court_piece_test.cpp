// Court Piece refereed (court-piece.md §3, §5): score-sheet scenarios for
// the courts, the streak, the forfeit, the next dealer and the end of the
// game. Players Ann, Bob, Cat, Dan: Ann & Cat against Bob & Dan.
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "support/test_support.h"

namespace trickref {
namespace {

std::string sheet(const std::string& rules, const std::vector<std::string>& hands, const std::string& extra = "") {
  std::string y = "game: " + rules + "\nplayers: [Ann, Bob, Cat, Dan]\n" + extra + "hands:\n";
  for (const auto& h : hands) {
    y += "  - " + h + "\n";
  }
  return y;
}

const RefereeResult& result(const std::vector<GameReport>& games) {
  EXPECT_EQ(games.size(), 1U);
  EXPECT_TRUE(games[0].result);
  return *games[0].result;
}

TEST(CourtPieceSheet, EarlyCourtThenTheFiftyTwoThenTheDealerRule) {
  const auto games = test::validate_yaml(sheet(
      "court-piece", {"dealer: Ann\n    taken: {Ann: 7, Bob: 0}\n    score: {Ann: 1, Bob: 0}",
                      "dealer: Bob\n    taken: {Ann: 13, Bob: 0}\n    score: {Ann: 53, Bob: 0}",
                      "dealer: Bob\n    taken: {Ann: 6, Bob: 7}\n    score: {Ann: 53, Bob: 0}"}));
  // Hand 1: Ann & Cat take the first seven and stop: one court; Ann's side
  // won, so the deal passes on (Bob). Hand 2: all thirteen after an early
  // court: the 52; Bob's side lost to a court, so his partner Dan deals.
  EXPECT_EQ(test::diagnostics_text(games),
            "t.yaml:10:13: error: Bob is recorded as dealer of hand 3, but Bob's side lost hand 2 to a court: Dan "
            "deals [wrong-dealer] (hand 3)\n");
  const auto& r = result(games);
  ASSERT_EQ(r.hands.size(), 3U);
  EXPECT_EQ(r.hands[0].end, HandEnd::kEarlyCourt);
  EXPECT_EQ(r.hands[0].courts_won, (std::vector<int>{1, 0}));
  EXPECT_EQ(r.hands[1].end, HandEnd::kAllTricks);
  EXPECT_EQ(r.hands[1].courts_won, (std::vector<int>{52, 0}));
  EXPECT_EQ(r.hands[2].winner_side, 1);
  EXPECT_EQ(*r.hands[2].side_score, (std::vector<long long>{53, 0}));
  EXPECT_EQ(r.side_names, (std::vector<std::string>{"Ann & Cat", "Bob & Dan"}));
  // The game is the hands recorded: Ann & Cat have more courts.
  EXPECT_TRUE(r.outcome.finished);
  EXPECT_EQ(r.outcome.winners, (std::vector<int>{0, 2}));
}

TEST(CourtPieceSheet, AClaimedRevokeForfeitsTheHand) {
  const auto games = test::validate_yaml(
      sheet("court-piece", {"dealer: Ann\n    revoke_claim: {player: Cat, trick: 4}\n    taken: {Ann: 2, Bob: 2}\n"
                            "    score: {Ann: 0, Bob: 1}",
                            "dealer: Cat\n    taken: {Ann: 7, Bob: 6}\n    score: {Ann: 0, Bob: 1}"}));
  // Ann & Cat forfeit: Bob & Dan score a court; the dealer's side forfeited, so the dealer's partner deals.
  EXPECT_EQ(test::diagnostics_text(games), "");
  const auto& r = result(games);
  EXPECT_EQ(r.hands[0].end, HandEnd::kRevoke);
  EXPECT_EQ(r.hands[0].winner_side, 1);
  EXPECT_EQ(r.hands[0].courts_won, (std::vector<int>{0, 1}));
}

TEST(CourtPieceSheet, SevenHandsInARowScoreACourtAndSixDoNot) {
  // Bob & Dan win every hand without a court: Ann, the dealer, deals again.
  std::vector<std::string> seven(7, "dealer: Ann\n    taken: {Ann: 5, Bob: 8}");
  seven.back() += "\n    score: {Ann: 0, Bob: 1}\n    streak: {Bob: 0}";
  const auto games = test::validate_yaml(sheet("court-piece", seven));
  EXPECT_EQ(test::diagnostics_text(games), "");
  const auto& r = result(games);
  EXPECT_EQ(r.hands[5].streak, (std::pair<int, int>{1, 6}));
  EXPECT_EQ(r.hands[6].courts_won, (std::vector<int>{0, 1}));
  EXPECT_EQ(r.hands[6].streak, (std::pair<int, int>{1, 0}));
  // Broken at six: Ann & Cat win the seventh.
  std::vector<std::string> broken(seven.begin(), seven.begin() + 6);
  broken.push_back("dealer: Ann\n    taken: {Ann: 8, Bob: 5}\n    score: {Ann: 0, Bob: 1}\n    streak: {Ann: 1}");
  const auto b = test::validate_yaml(sheet("court-piece", broken));
  EXPECT_EQ(test::diagnostics_text(b),
            "t.yaml:18:26: error: Bob & Dan's courts after hand 7 are recorded as 1, but they are 0 (0 + 0 in hand "
            "7) [score-mismatch] (hand 7)\n");
  EXPECT_EQ(result(b).hands[6].streak, (std::pair<int, int>{0, 1}));
}

TEST(CourtPieceSheet, LevelCourtsAreADraw) {
  const auto games =
      test::validate_yaml(sheet("court-piece", {"dealer: Ann\n    taken: {Ann: 6, Bob: 7}\n    score: {Ann: 0, Bob: 0}"},
                                "") +
                          "result: {winner: null}\n");
  EXPECT_EQ(test::diagnostics_text(games), "");
  const auto& r = result(games);
  EXPECT_TRUE(r.outcome.finished);
  EXPECT_TRUE(r.outcome.draw);
  EXPECT_TRUE(r.outcome.winners.empty());
}

TEST(CourtPieceSheet, SidesByTeamNameOrOnePlayerAndBothMustAgree) {
  const std::string teams = "teams: {Us: [Ann, Cat], Them: [Bob, Dan]}\n";
  const auto named = test::validate_yaml(
      sheet("court-piece", {"dealer: Ann\n    taken: {Us: 7, Them: 0}\n    score: {Us: 1, Them: 0}"}, teams));
  EXPECT_EQ(test::diagnostics_text(named), "");
  EXPECT_EQ(result(named).side_names, (std::vector<std::string>{"Us", "Them"}));
  const auto both = test::validate_yaml(
      sheet("court-piece", {"dealer: Ann\n    taken: {Ann: 7, Bob: 0}\n    score: {Ann: 1, Cat: 0, Bob: 0}"}));
  EXPECT_EQ(test::diagnostics_text(both),
            "t.yaml:6:26: error: Ann & Cat's courts after hand 1 are recorded as 0, but they are 1 (0 + 1 in hand 1) "
            "[score-mismatch] (hand 1)\n");
  // Teams that break the seating: one team-mismatch, the sides named by their players.
  const auto wrong = test::validate_yaml(
      sheet("court-piece", {"dealer: Ann\n    taken: {Ann: 6, Bob: 7}"}, "teams: {Us: [Ann, Bob], Them: [Cat, Dan]}\n"));
  EXPECT_EQ(test::codes(wrong[0]), (std::vector<std::string>{"team-mismatch"}));
  EXPECT_EQ(result(wrong).side_names, (std::vector<std::string>{"Ann & Cat", "Bob & Dan"}));
}

TEST(CourtPieceSheet, AMajorityWhereTheHouseStopsThere) {
  const auto games = test::validate_yaml(
      sheet("court-piece-majority", {"dealer: Ann\n    taken: {Ann: 7, Bob: 3}\n    score: {Ann: 0, Bob: 0}"}));
  EXPECT_EQ(test::diagnostics_text(games), "");
  EXPECT_EQ(result(games).hands[0].end, HandEnd::kMajority);
  EXPECT_EQ(result(games).hands[0].winner_side, 0);
  // Without the house rule, ten tricks do not add up to a hand.
  EXPECT_EQ(test::codes(test::validate_yaml(sheet("court-piece", {"dealer: Ann\n    taken: {Ann: 7, Bob: 3}"}))[0]),
            (std::vector<std::string>{"tricks-total"}));
}

}  // namespace
}  // namespace trickref
