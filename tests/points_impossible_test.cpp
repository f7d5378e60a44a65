// points-impossible (call-deuces.md §4, "Points"): points on a score sheet
// that no play of the hand could give, the engine's fact
// (engine/points_possible.h) and the referee's words, under the default card
// points, five players, and a house ruleset's own points.
#include <fstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "engine/points_possible.h"
#include "ruleset/ruleset_loader.h"
#include "support/test_support.h"

namespace trickref {
namespace {

PointsClaim claim(std::vector<long long> points, std::vector<long long> taken, int bidder) {
  PointsClaim c;
  for (std::size_t i = 0; i < points.size(); ++i) {
    c.points[i] = points[i];
  }
  for (std::size_t i = 0; i < taken.size(); ++i) {
    c.taken[i] = taken[i];
  }
  c.bidder = bidder;
  return c;
}

std::vector<Clause> clauses(const PointsCheck& check) {
  std::vector<Clause> out;
  for (const auto& v : check.found) {
    out.push_back(v.clause);
  }
  return out;
}

TEST(PointsPossible, APlayersFigureIsTricksPlusDistinctCountingCards) {
  const auto r = test::builtin("call-deuces");
  EXPECT_EQ(hand_points_total(*r), 33);
  // 45 on 5 tricks: at most 5 + 20.
  auto c = check_points_possible(*r, claim({45, 7, 7, 1}, {5, 2, 5, 1}, 1), 1);
  ASSERT_EQ(c.found.size(), 2U);
  EXPECT_EQ(c.found[0].clause, Clause::kPointsAboveMost);
  EXPECT_EQ(c.found[0].seat, 0);
  EXPECT_EQ(c.found[0].bound, 25);
  EXPECT_EQ(c.found[0].count, 5);
  // Ivy's 7 on 5 tricks would need 2 from the fives.
  EXPECT_EQ(c.found[1].clause, Clause::kPointsNoCards);
  EXPECT_EQ(c.found[1].seat, 2);
  EXPECT_EQ(c.found[1].bound, 2);
  // Fewer than the tricks give.
  EXPECT_EQ(clauses(check_points_possible(*r, claim({5, 7, 2, 1}, {5, 2, 4, 1}, 1), 1)),
            (std::vector<Clause>{Clause::kPointsBelowTricks}));
  // One trick (four cards) can hold all four fives, no more.
  EXPECT_TRUE(check_points_possible(*r, claim({21, 4, 4, 4}, {1, 4, 4, 4}, 1), 1).found.empty());
  EXPECT_EQ(clauses(check_points_possible(*r, claim({26, 4, 4, 4}, {1, 4, 4, 4}, 1), 1)),
            (std::vector<Clause>{Clause::kPointsAboveMost}));
  // A player with no trick has no five...
  EXPECT_EQ(clauses(check_points_possible(*r, claim({4, 5, 4, 5}, {4, 0, 4, 5}, 0), 1)),
            (std::vector<Clause>{Clause::kPointsAboveMost}));
  // ...unless they are the bidder, whose discard holds two.
  EXPECT_TRUE(check_points_possible(*r, claim({4, 10, 4, 5}, {4, 0, 4, 5}, 1), 1).found.empty());
  EXPECT_EQ(clauses(check_points_possible(*r, claim({4, 15, 4, 5}, {4, 0, 4, 5}, 1), 1)),
            (std::vector<Clause>{Clause::kPointsAboveMost}));
}

TEST(PointsPossible, FiguresPossibleAloneMayBeImpossibleTogether) {
  const auto r = test::builtin("call-deuces");
  // 34 in a 33-point hand, no tricks recorded.
  auto c = check_points_possible(*r, claim({20, 14, 0, 0}, {}, 1), 3);
  ASSERT_EQ(c.found.size(), 1U);
  EXPECT_EQ(c.found[0].clause, Clause::kPointsTogether);
  EXPECT_EQ(c.found[0].seat, -1);
  EXPECT_EQ(c.found[0].bound, 33);
  // 33 in all, but six fives: Ann one, Bob three, Cat two.
  // (Dan's figure not claimed.)
  EXPECT_EQ(clauses(check_points_possible(*r, claim({6, 16, 11}, {1, 1, 1}, 0), 1)),
            (std::vector<Clause>{Clause::kPointsTogether}));
  // Less than the hand holds stays possible (a trick or a five unrecorded).
  EXPECT_TRUE(check_points_possible(*r, claim({6, 6, 11}, {1, 1, 1}, 0), 1).found.empty());
  EXPECT_TRUE(check_points_possible(*r, claim({0, 0, 0, 0}, {}, 0), 1).found.empty());
  // Every real count is possible: each player's tricks and fives.
  EXPECT_TRUE(check_points_possible(*r, claim({10, 7, 15, 1}, {5, 2, 5, 1}, 0), 1).found.empty());
}

TEST(PointsPossible, TheRulesetsCardPointsAndPlayersDecide) {
  const auto five = test::builtin("call-deuces-5");
  EXPECT_EQ(hand_points_total(*five), 30);
  {
    // call-deuces.md §4: extends merges scoring.card_points card by card.
    const std::string merged = testing::TempDir() + "merged-points.yaml";
    std::ofstream(merged) << "name: merged-points\nextends: call-deuces\nscoring:\n  card_points: {5C: 0, 10H: 10}\n";
    RulesetCatalog catalog;
    const auto& res = catalog.resolve(merged);
    ASSERT_TRUE(res.ruleset);
    EXPECT_EQ(res.ruleset->card_points[static_cast<std::size_t>(test::c("5C").index())], 0);
    EXPECT_EQ(res.ruleset->card_points[static_cast<std::size_t>(test::c("5D").index())], 5);
    EXPECT_EQ(res.ruleset->card_points[static_cast<std::size_t>(test::c("10H").index())], 10);
    EXPECT_EQ(hand_points_total(*res.ruleset), 13 + 15 + 10);
  }
  EXPECT_EQ(clauses(check_points_possible(*five, claim({20, 11, 0, 0, 0}, {}, 0), 1)),
            (std::vector<Clause>{Clause::kPointsTogether}));
  // A house ruleset: tens count 10, and of the fives only 5S (merged card by
  // card over call-deuces: a card set to 0 stops counting). Ann's 10 on 5
  // tricks and Bob's 8 on 3 both need 5S.
  const std::string path = testing::TempDir() + "tens.yaml";
  std::ofstream(path) << "name: tens\nextends: call-deuces\nscoring:\n  card_points: {5C: 0, 5D: 0, 5H: 0, "
                         "10C: 10, 10D: 10, 10H: 10, 10S: 10}\n";
  const std::string yaml = "game: " + path +
                           "\nplayers: [Ann, Bob, Cat, Dan]\nhands:\n  - dealer: Dan\n"
                           "    contract: {bidder: Ann, bid: 20}\n    taken: {Ann: 5, Bob: 3, Cat: 3, Dan: 2}\n"
                           "    partner: Bob\n    points: {Ann: 10, Bob: 8, Cat: 13, Dan: 22}\n";
  EXPECT_EQ(test::diagnostics_text(test::validate_yaml(yaml)),
            "t.yaml:8:13: error: the points recorded for the hand (Ann 10, Bob 8, Cat 13, Dan 22) cannot all be "
            "right: each is possible alone, but together they need a counting card twice or more tricks than the "
            "hand's 13 (counting cards: 10C 10D 10H 10S, 10 each; 5S, 5) [points-impossible] (hand 1)\n");
  // Ann 15 (5 + 10), Bob 8 (3 + 5S), Cat 13 (3 + 10), Dan 22 (2 + 20): possible.
  std::string ok = yaml;
  ok.replace(ok.find("Ann: 10"), 7, "Ann: 15");
  EXPECT_EQ(test::diagnostics_text(test::validate_yaml(ok)), "");
}

// The referee's words, located at the figure (or the map, for the figures
// together), at the score-sheet level only.
TEST(PointsImpossible, ASheetsImpossiblePointsAreLocatedErrors) {
  const std::string head = "game: call-deuces\nplayers: [Gus, Hal, Ivy, Jo]\nhands:\n  - dealer: Hal\n"
                           "    contract: {bidder: Gus, bid: 15}\n";
  EXPECT_EQ(test::diagnostics_text(test::validate_yaml(
                head + "    taken: {Gus: 5, Hal: 2, Ivy: 5, Jo: 1}\n    partner: Hal\n"
                       "    points: {Gus: 45, Hal: 7, Ivy: 5, Jo: 1}\n")),
            "t.yaml:8:19: error: Gus's points for the hand are recorded as 45, but no play gives that many: Gus's 5 "
            "tricks count 5 and the counting cards those tricks and the discard can hold at most 20, so 25 at most "
            "[points-impossible] (hand 1)\n");
  EXPECT_EQ(test::diagnostics_text(test::validate_yaml(
                head + "    taken: {Gus: 5, Hal: 2, Ivy: 5, Jo: 1}\n    partner: Hal\n"
                       "    points: {Gus: 10, Hal: 7, Ivy: 3, Jo: 1}\n")),
            "t.yaml:8:36: error: Ivy's points for the hand are recorded as 3, but Ivy's 5 tricks alone count 5 "
            "[points-impossible] (hand 1)\n");
  EXPECT_EQ(test::diagnostics_text(test::validate_yaml(head + "    partner: Hal\n"
                                                              "    points: {Gus: 20, Hal: 14, Ivy: 0, Jo: 0}\n")),
            "t.yaml:7:13: error: the points recorded for the hand add to 34 (Gus 20, Hal 14, Ivy 0, Jo 0), but a "
            "hand holds 33: 13 tricks (13) and the counting cards (20) [points-impossible] (hand 1)\n");
  const auto games = test::validate_yaml(head + "    partner: Hal\n    points: {Gus: 40, Hal: 0, Ivy: 0, Jo: 0}\n");
  ASSERT_EQ(games[0].diagnostics.size(), 1U);
  EXPECT_EQ(games[0].diagnostics[0].player, "Gus");
  EXPECT_EQ(games[0].diagnostics[0].code, Code::kPointsImpossible);
}

// The search is bounded by its budget, counted in steps: past it, nothing
// is said (the record proves nothing the search did not finish).
TEST(PointsPossible, TheSearchStopsAtItsBudgetAndSaysNothing) {
  const auto r = test::builtin("call-deuces");
  const auto full = check_points_possible(*r, claim({6, 16, 11}, {1, 1, 1}, 0), 1);
  ASSERT_EQ(full.found.size(), 1U);
  EXPECT_LT(full.steps, 2'000);
  const auto cut = check_points_possible(*r, claim({6, 16, 11}, {1, 1, 1}, 0), 1, 3);
  EXPECT_TRUE(cut.found.empty());
  EXPECT_LE(cut.steps, 3 * 4 + 8);
}

}  // namespace
}  // namespace trickref
