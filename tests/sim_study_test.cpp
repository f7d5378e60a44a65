// The rules study (issue 16): the paired differences from the first ruleset
// and their interval, the deals two rulesets share, the lead and comeback
// figures, the game-length quantiles, and the reports that show them.
#include <cmath>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "sim/render.h"
#include "sim/simulate.h"
#include "sim/statistics.h"
#include "sim/stats.h"
#include "support/test_support.h"

namespace trickref {
namespace {

// Worked by hand: three games, a rate of 2/3 under the first ruleset and 1
// under the other. D = 1/3; the residuals (y − R·n)/N are, for the first,
// 1/9, −2/9, 1/9, for the other 0, so e = −1/9, 2/9, −1/9, Σe² = 6/81 and
// v = 3/2 · 6/81 = 1/9: the interval is 1/3 ± 1.96 · 1/3.
TEST(SimStudy, PairedDifferenceWorkedByHand) {
  sim::PairedClusteredMean d;
  d.add_game({1, 1}, {1, 1});
  d.add_game({0, 1}, {1, 1});
  d.add_game({1, 1}, {1, 1});
  const sim::Interval i = d.difference();
  EXPECT_EQ(i.n, 3);
  EXPECT_NEAR(i.estimate, 1.0 / 3, 1e-12);
  EXPECT_NEAR(i.high - i.estimate, sim::kZ95 / 3, 1e-9);
  EXPECT_NEAR(i.estimate - i.low, sim::kZ95 / 3, 1e-9);
  EXPECT_FALSE(sim::excludes_zero(i));
  // Merged in any order, the same sums.
  sim::PairedClusteredMean a;
  sim::PairedClusteredMean b;
  a.add_game({0, 1}, {1, 1});
  b.add_game({1, 1}, {1, 1});
  b.add_game({1, 1}, {1, 1});
  b.merge(a);
  EXPECT_EQ(b.difference().low, i.low);
  // Clusters of several hands: the same figures in both rulesets differ by
  // nothing, with no width; what a game adds to both cancels.
  sim::PairedClusteredMean same;
  same.add_game({3, 10}, {3, 10});
  same.add_game({7, 12}, {7, 12});
  same.add_game({1, 9}, {1, 9});
  EXPECT_EQ(same.difference().estimate, 0.0);
  EXPECT_NEAR(same.difference().high, 0.0, 1e-12);
  // A side with no items has no difference.
  sim::PairedClusteredMean none;
  none.add_game({0, 0}, {1, 1});
  EXPECT_EQ(none.difference().n, 0);
}

// Winner seat 0 after four hands: behind after hand 2 (the halfway hand),
// alone at the top from hand 3 on.
// A difference marked * never shows a bound as 0: the decimals grow (two at
// most) until each bound that is not 0 shows its sign.
TEST(SimStudy, DifferenceBoundsShowTheirSign) {
  sim::Row mean;
  mean.kind = sim::Kind::kMean;
  EXPECT_EQ(sim::difference_text(mean, {-0.0045, -0.0085, -0.0004, 2000}), "-0.0045 [-0.0085, -0.0004] *");
  EXPECT_EQ(sim::difference_text(mean, {0.04, -0.03, 0.11, 2000}), "+0.04 [-0.03, +0.11]");
  EXPECT_EQ(sim::difference_text(mean, {0.0, 0.0, 0.0, 2000}), "0.00 [0.00, 0.00]");
  EXPECT_EQ(sim::difference_text(mean, {1e-9, 1e-10, 2e-9, 2000}), "0.0000 [+0.0000, +0.0000] *");
  sim::Row rate;
  rate.kind = sim::Kind::kRate;  // percentage points
  EXPECT_EQ(sim::difference_text(rate, {-0.00009, -0.00017, -0.00001, 2000}), "-0.009 [-0.017, -0.001] *");
  EXPECT_EQ(sim::difference_text(rate, {0.001, -0.001, 0.003, 2000}), "+0.1 [-0.1, +0.3]");
  EXPECT_EQ(sim::difference_text(rate, {}), "-");
}

TEST(SimStudy, LeadAndComebackFromTheRunningScores) {
  PlayedGame g;
  const std::vector<std::vector<long long>> running{{0, 5, 0}, {2, 5, 0}, {8, 7, 0}, {10, 7, 0}};
  for (const auto& s : running) {
    PlayedHand h;
    h.taken = {6, 6, 5};
    h.quota = {7, 6, 4};
    h.score = s;
    g.hands.push_back(h);
  }
  g.finished = true;
  g.winners = {0};
  g.score = running.back();
  sim::RulesetStats st(3);
  st.add(g, 0);
  EXPECT_EQ(st.led_from_quarter.successes(), 0);
  EXPECT_EQ(st.led_from_half.successes(), 0);
  EXPECT_EQ(st.led_from_three_quarters.successes(), 1);
  EXPECT_EQ(st.comeback.successes(), 1);
  EXPECT_EQ(st.comeback.trials(), 1);
  // Level at the top is not a lead: a tie in hand 3 breaks "from 3/4".
  g.hands[2].score = {7, 7, 0};
  sim::RulesetStats tied(3);
  tied.add(g, 0);
  EXPECT_EQ(tied.led_from_three_quarters.successes(), 0);
  // Level at the halfway hand is no comeback: the winner was not behind.
  g.hands[1].score = {5, 5, 0};
  sim::RulesetStats level(3);
  level.add(g, 0);
  EXPECT_EQ(level.comeback.successes(), 0);
  // A draw has no winner to follow.
  g.winners.clear();
  sim::RulesetStats draw(3);
  draw.add(g, 0);
  EXPECT_EQ(draw.comeback.trials(), 0);
}

TEST(SimStudy, GameLengthQuantiles) {
  // Games of 2, 3, 3 and 5 hands.
  const std::vector<std::int64_t> h{0, 0, 1, 2, 0, 1};
  EXPECT_EQ(sim::length_quantile(h, 0), 2);
  EXPECT_EQ(sim::length_quantile(h, 25), 2);
  EXPECT_EQ(sim::length_quantile(h, 50), 3);
  EXPECT_EQ(sim::length_quantile(h, 75), 3);
  EXPECT_EQ(sim::length_quantile(h, 90), 5);
  EXPECT_EQ(sim::length_quantile(h, 100), 5);
  EXPECT_EQ(sim::length_quantile({}, 50), 0);
}

// The deck is shuffled from a generator of its own, so two rulesets with one
// deck deal the same cards hand after hand, whatever the bots draw.
TEST(SimStudy, SameDealsUnderRulesetsWithOneDeck) {
  const auto pluck = test::builtin("pluck");
  const auto noscore = test::builtin("pluck-noscore");
  EXPECT_TRUE(sim::same_deals(*pluck, *noscore));
  EXPECT_FALSE(sim::same_deals(*pluck, *test::builtin("nine-five-two")));
  for (const std::vector<std::string>& bots : {std::vector<std::string>{"heuristic", "heuristic", "heuristic"},
                                              std::vector<std::string>{"random", "heuristic", "random"},
                                              std::vector<std::string>{"random", "random", "random"}}) {
    sim::SimulateOptions o;
    o.seed = 9;
    o.bots = bots;
    for (std::int64_t g = 0; g < 5; ++g) {
      const PlayedGame a = sim::simulate_game(*pluck, bots, o, g, false);
      const PlayedGame b = sim::simulate_game(*noscore, bots, o, g, false);
      const std::size_t common = std::min(a.hands.size(), b.hands.size());
      ASSERT_GT(common, 1U);
      for (std::size_t h = 0; h < common; ++h) {
        EXPECT_EQ(a.hands[h].deal, b.hands[h].deal) << bots[0] << " game " << g << " hand " << h + 1;
      }
    }
  }
}

// The text report ends with the differences from the first ruleset; JSON
// and CSV carry the same figures.
TEST(SimStudy, DifferencesInTextJsonAndCsv) {
  const std::vector<std::string> base{"simulate", "--rules", "pluck", "--rules", "pluck-noscore", "--games", "60",
                                      "--seed", "4"};
  const auto text = test::run_cli(base);
  ASSERT_EQ(text.exit_code, 0) << text.err;
  EXPECT_NE(text.out.find("\ndifference from pluck over the same games (pluck-noscore same deals), [95% interval] "
                          "clustered by game and paired; rates in percentage points; * the interval excludes 0\n"),
            std::string::npos)
      << text.out;
  // Every game under pluck-noscore plays its ten hands: the difference is exact.
  auto json_args = base;
  json_args.insert(json_args.end(), {"--format", "json"});
  const auto j = nlohmann::json::parse(test::run_cli(json_args).out);
  const auto& d = j["differences"]["rulesets"][0];
  EXPECT_EQ(j["differences"]["from"], "pluck");
  EXPECT_EQ(d["pairing"], "same deals");
  const double pluck_mean = j["rulesets"][0]["hands_per_game"]["mean"].get<double>();
  EXPECT_NEAR(d["hands_per_game"]["difference"].get<double>(), 10.0 - pluck_mean, 1e-6);
  EXPECT_EQ(d["hands_per_game"]["n"], 60);
  EXPECT_EQ(j["rulesets"][1]["game_length"]["median"], 10);
  EXPECT_EQ(j["rulesets"][1]["game_length"]["histogram"], nlohmann::json::parse(R"([{"hands": 10, "games": 60}])"));
  const auto at = text.out.find("\nhands per game", text.out.find("difference from"));
  ASSERT_NE(at, std::string::npos);
  const std::string line = text.out.substr(at + 1, text.out.find('\n', at + 1) - at - 1);
  EXPECT_EQ(line.back(), '*') << line;  // the interval excludes 0
  auto csv_args = base;
  csv_args.insert(csv_args.end(), {"--format", "csv"});
  const auto csv = test::run_cli(csv_args).out;
  EXPECT_NE(csv.find("\npluck-noscore,difference.hands_per_game,"), std::string::npos) << csv;
  EXPECT_NE(csv.find("\npluck,game_length.median,"), std::string::npos) << csv;
}

// Every statistic has a definition, and `explain simulate` prints them all.
TEST(SimStudy, ExplainSimulateDefinesEveryStatistic) {
  const auto r = test::run_cli({"explain", "simulate"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  sim::SimulateOptions o;
  o.bots = {"heuristic", "heuristic", "heuristic", "heuristic"};
  std::vector<sim::RulesetStats> stats{sim::RulesetStats(*test::builtin("court-piece")),
                                       sim::RulesetStats(*test::builtin("call-deuces"))};
  for (const auto& st : sim::statistics(stats, o)) {
    EXPECT_FALSE(st.definition.empty()) << st.key;
  }
  for (const std::string key : {"hands_per_game", "lead.comeback", "lead.from_half", "game_length.p90",
                                "made_quota.dealer", "contracts.made", "courts.hands_per_court"}) {
    EXPECT_NE(r.out.find("\n" + key + " "), std::string::npos) << key << "\n" << r.out;
  }
  EXPECT_NE(r.out.find("v = G/(G−1) · Σ e_g²"), std::string::npos) << r.out;
}

}  // namespace
}  // namespace trickref
