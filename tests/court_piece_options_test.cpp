// Court Piece's options (court-piece.md §4), each value the built-in
// rulesets do not use in a temporary ruleset of its own: seeded random legal
// games under it referee clean at every level of detail, with the hand
// results the game had, and keep the properties of a legal game:
// - exactly one side wins every hand;
// - a hand has 13 tricks, or 7 when it stopped at an early court, or 7 to 13
//   when it ended at a majority (the side that stopped it then has exactly 7);
// - the partners' courts are the same, and a hand's courts go to its winner.
// Each variant also shows the option at work in the games played (an early
// court stopped, a hand ended at a majority, a dealer kept), so a variant
// the playout ignored would fail.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <functional>

#include <gtest/gtest.h>

#include "engine/playout.h"
#include "ruleset/ruleset_loader.h"
#include "support/test_support.h"
#include "transcript/writer.h"

namespace trickref {
namespace {

// What the games played under a variant must show at least once.
struct Seen {
  int early_stopped = 0;     // early courts after which the hand stopped at 7 tricks
  int early_played_on = 0;   // early courts played on to 13
  int majority_ends = 0;     // hands ended at a side's 7th trick, the first 7 split
  int one_sided_starts = 0;  // 7-0 starts that were not an early court
  int dealer_kept = 0;       // hands dealt by the previous hand's dealer
  int streak_courts = 0;
};

struct Variant {
  std::string name;
  std::string yaml;
  std::function<void(const Seen&)> shows;
};

std::vector<Variant> variants() {
  return {
      {"abandon", "extends: court-piece\nhand:\n  after_early_court: abandon\n",
       [](const Seen& s) {
         EXPECT_GT(s.early_stopped, 0);
         EXPECT_EQ(s.early_played_on, 0);
       }},
      {"play_on", "extends: court-piece\nhand:\n  after_early_court: play_on\n",
       [](const Seen& s) {
         EXPECT_EQ(s.early_stopped, 0);
         EXPECT_GT(s.early_played_on, 0);
       }},
      {"majority", "extends: court-piece\nhand:\n  stop_at_majority: true\n",
       [](const Seen& s) { EXPECT_GT(s.majority_ends, 0); }},
      {"majority_play_on", "extends: court-piece\nhand:\n  stop_at_majority: true\n  after_early_court: play_on\n",
       [](const Seen& s) {
         EXPECT_GT(s.majority_ends, 0);
         EXPECT_GT(s.early_played_on, 0) << "a 7-0 start is an early court first, then played on";
       }},
      {"no_early_court", "extends: court-piece\nhand:\n  early_court_tricks: 0\n",
       [](const Seen& s) {
         EXPECT_EQ(s.early_stopped + s.early_played_on, 0);
         EXPECT_GT(s.one_sided_starts, 0);
       }},
      {"caller_court", "extends: court-piece\nscoring:\n  early_court_side: trump_caller\n",
       [](const Seen& s) {
         EXPECT_GT(s.early_stopped + s.early_played_on, 0);
         EXPECT_GT(s.one_sided_starts, 0) << "the other side's 7-0 starts are ordinary leads";
       }},
      {"caller_court_majority",
       "extends: court-piece\nscoring:\n  early_court_side: trump_caller\nhand:\n  stop_at_majority: true\n",
       [](const Seen& s) { EXPECT_GT(s.majority_ends, 0); }},
      {"deal_left", "extends: court-piece\nrotation: left\n", [](const Seen& s) { EXPECT_EQ(s.dealer_kept, 0); }},
      {"house_rotation_courts",
       "extends: court-piece\nrotation_court:\n  after_dealer_court: dealer_partner\n  after_caller_court: same_dealer\n",
       [](const Seen& s) { EXPECT_GT(s.dealer_kept, 0); }},
      {"short_streaks_not_counting_courts",
       "extends: court-piece\nscoring:\n  streak_length: 2\n  streak_courts: 3\n  early_court_in_streak: false\n"
       "  early_court: 2\n  all_tricks: 20\n  revoke_court: 4\n",
       [](const Seen& s) { EXPECT_GT(s.streak_courts, 0); }},
      {"claimed_revokes_race_to_three", "extends: court-piece\npenalty:\n  revoke_when: claimed\ngame:\n  end: {target: 3}\n",
       [](const Seen& s) { EXPECT_GT(s.early_stopped + s.early_played_on + s.streak_courts, 0); }},
  };
}

class CourtPieceOptions : public ::testing::TestWithParam<Variant> {};

TEST_P(CourtPieceOptions, RandomGamesRefereeCleanAndKeepTheProperties) {
  const auto dir = std::filesystem::path(::testing::TempDir()) / "trickref-court-piece-options";
  std::filesystem::create_directories(dir);
  const auto path = (dir / (GetParam().name + ".yaml")).string();
  std::ofstream(path) << GetParam().yaml;
  RulesetCatalog catalog;
  const auto& res = catalog.resolve(path);
  ASSERT_TRUE(res.ruleset) << (res.diagnostics.empty() ? std::string() : res.diagnostics[0].message);
  const Ruleset& rules = *res.ruleset;
  const std::vector<std::string> players = {"Ann", "Bob", "Cat", "Dan"};
  Seen seen;
  for (std::uint64_t seed = 1; seed <= 16; ++seed) {
    PlayoutOptions po;
    po.seed = seed * 131 + 5;
    po.first_dealer = static_cast<int>(seed % 4);
    po.hands_no_target = 30;
    const PlayedGame game = play_random_game(rules, po);
    ASSERT_FALSE(game.hands.empty());
    for (std::size_t k = 0; k < game.hands.size(); ++k) {
      const PlayedHand& h = game.hands[k];
      SCOPED_TRACE(GetParam().name + " seed " + std::to_string(po.seed) + " hand " + std::to_string(k + 1));
      // Exactly one side wins every hand.
      ASSERT_TRUE(h.winner_side == 0 || h.winner_side == 1);
      const int tricks = static_cast<int>(h.tricks.size());
      ASSERT_EQ(tricks, h.tricks_played);
      std::array<int, 2> side{};  // tricks per side
      for (std::size_t s = 0; s < 4; ++s) {
        side[s % 2] += h.taken[s];
      }
      // Who won the first seven tricks, where an eighth was led (its leader won the seventh).
      std::array<int, 2> first7{};
      for (std::size_t t = 1; t <= 7 && t < h.leaders.size(); ++t) {
        first7[static_cast<std::size_t>(h.leaders[t] % 2)] += 1;
      }
      if (h.early_court_side >= 0) {
        // A hand has 7 tricks after an early court it stopped at, else 13.
        EXPECT_TRUE(tricks == 7 || tricks == 13);
        (tricks == 7 ? seen.early_stopped : seen.early_played_on) += 1;
        EXPECT_EQ(h.winner_side, h.early_court_side) << "the early court's side wins the hand";
      } else if (tricks < 13) {
        // Ended at a majority: the side that stopped it has exactly 7.
        EXPECT_TRUE(rules.stop_at_majority);
        EXPECT_GE(tricks, 7);
        EXPECT_EQ(side[static_cast<std::size_t>(h.winner_side)], 7);
        seen.majority_ends += 1;
      } else {
        EXPECT_GT(side[static_cast<std::size_t>(h.winner_side)], side[static_cast<std::size_t>(1 - h.winner_side)]);
      }
      if (h.early_court_side < 0 && (first7[0] == 7 || first7[1] == 7)) {
        seen.one_sided_starts += 1;
      }
      seen.streak_courts += h.streak_court_side >= 0 ? 1 : 0;
      if (k > 0 && game.hands[k - 1].dealer == h.dealer) {
        seen.dealer_kept += 1;
      }
      // Partners share their courts; only the hand's winner scores in it.
      EXPECT_EQ(h.score[0], h.score[2]);
      EXPECT_EQ(h.score[1], h.score[3]);
      const long long before_loser = k == 0 ? 0 : game.hands[k - 1].score[static_cast<std::size_t>(1 - h.winner_side)];
      EXPECT_EQ(h.score[static_cast<std::size_t>(1 - h.winner_side)], before_loser);
    }
    for (Detail d : {Detail::kSheet, Detail::kPlays, Detail::kFull}) {
      WriteOptions wo;
      wo.detail = d;
      const std::string yaml = to_yaml(game, rules, path, players, wo);
      const auto games = test::validate_yaml(yaml);
      ASSERT_EQ(games.size(), 1U);
      EXPECT_EQ(test::diagnostics_text(games), "")
          << GetParam().name << " seed " << po.seed << " detail " << static_cast<int>(d) << "\n" << yaml;
      ASSERT_TRUE(games[0].result);
      const auto& hands = games[0].result->hands;
      ASSERT_EQ(hands.size(), game.hands.size());
      for (std::size_t k = 0; k < hands.size(); ++k) {
        EXPECT_EQ(hands[k].winner_side, game.hands[k].winner_side) << "hand " << k + 1;
        EXPECT_EQ(hands[k].tricks_played, game.hands[k].tricks_played) << "hand " << k + 1;
        ASSERT_TRUE(hands[k].score);
        EXPECT_EQ(*hands[k].score, game.hands[k].score) << "hand " << k + 1;
      }
      EXPECT_EQ(games[0].result->outcome.finished, game.finished);
      EXPECT_EQ(games[0].result->outcome.winners, game.winners);
    }
  }
  GetParam().shows(seen);
}

INSTANTIATE_TEST_SUITE_P(Options, CourtPieceOptions, ::testing::ValuesIn(variants()),
                         [](const ::testing::TestParamInfo<Variant>& param) { return param.param.name; });

}  // namespace
}  // namespace trickref
