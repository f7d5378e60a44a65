// What `simulate` promises for every kind of game, one test run per kind:
// the same seed prints the same report whatever --jobs is; the games it
// writes (--out, at each level of detail, as YAML files and as JSON Lines,
// with one job and with two) are refereed by `validate` with no diagnostic,
// their hands, results, winners and scores the games' own; and games of
// random bots finish within the default --max-hands. Each kind once: Call
// Deuces (with hands everyone passed), Court Piece with no target (draws,
// early courts stopped) and the race (early courts played on and lost,
// played on to the 52, streak courts).
#include <algorithm>
#include <functional>
#include <iostream>
#include <ostream>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "engine/playout.h"
#include "sim/simulate.h"
#include "support/test_support.h"

namespace trickref {
namespace {

// --- the same report whatever --jobs is ----------------------------------------------

struct JobsCase {
  const char* name;
  std::vector<std::string> args;  // simulate's arguments, before --format
};

void PrintTo(const JobsCase& c, std::ostream* os) { *os << c.name; }

class SimJobs : public testing::TestWithParam<JobsCase> {};

// The same seed gives the same report, byte for byte, whatever --jobs is,
// with the heuristic bot in play (its choices are its own, not draws).
TEST_P(SimJobs, SameOutputWhateverTheJobs) {
  for (const char* format : {"text", "json"}) {
    std::vector<std::string> base = GetParam().args;
    base.insert(base.end(), {"--format", format});
    std::vector<std::string> two = base;
    two.insert(two.end(), {"--jobs", "2"});
    const auto a = test::run_cli(base);
    const auto b = test::run_cli(two);
    ASSERT_EQ(a.exit_code, 0) << a.err;
    EXPECT_EQ(a.out, b.out) << format;
  }
}

INSTANTIATE_TEST_SUITE_P(Kinds, SimJobs,
                         testing::Values(JobsCase{"CallDeuces",
                                                  {"simulate", "--rules", "call-deuces", "--games", "300", "--seed",
                                                   "9", "--bots", "heuristic,random,heuristic,random"}},
                                         JobsCase{"CourtPiece",
                                                  {"simulate", "--rules", "court-piece", "--rules", "court-piece-race",
                                                   "--games", "200", "--seed", "9", "--bots",
                                                   "heuristic,random,heuristic,random"}}),
                         [](const testing::TestParamInfo<JobsCase>& param) { return std::string(param.param.name); });

// --- written, then refereed clean ----------------------------------------------------

struct RoundTrip {
  const char* rules;
  const char* seed;
  std::int64_t games;
  std::vector<std::string> bots;
  // What the seeded games must hold for the round trip to cover its kind.
  std::function<void(const std::vector<PlayedGame>&)> holds;
};

void PrintTo(const RoundTrip& run, std::ostream* os) { *os << run.rules << " seed " << run.seed; }

class SimRoundTrip : public testing::TestWithParam<RoundTrip> {};

int count_hands(const std::vector<PlayedGame>& games, const std::function<bool(const PlayedHand&)>& pred) {
  int n = 0;
  for (const PlayedGame& g : games) {
    n += static_cast<int>(std::count_if(g.hands.begin(), g.hands.end(), pred));
  }
  return n;
}

// The final score of `game` (validate's JSON) for each seat's side or
// player, against the game as played.
void expect_scores(const nlohmann::json& game, const PlayedGame& played, const std::string& where) {
  const std::vector<std::string> players = game.at("players");
  const auto& score = game.at("result").at("score");
  if (game.contains("sides")) {
    for (const auto& side : game.at("sides")) {
      const std::string first = side.at("players").at(0);
      const auto seat = static_cast<std::size_t>(std::find(players.begin(), players.end(), first) - players.begin());
      EXPECT_EQ(score.at(side.at("name").get<std::string>()).get<long long>(), played.score[seat]) << where;
    }
    return;
  }
  for (std::size_t p = 0; p < players.size(); ++p) {
    EXPECT_EQ(score.at(players[p]).get<long long>(), played.score[p]) << where;
  }
}

TEST_P(SimRoundTrip, SimulatedGamesValidateWithNoDiagnosticAtEveryLevel) {
  const RoundTrip& run = GetParam();
  const test::ScratchDir dir(std::string("round-trip-") + run.rules);
  const auto rules = test::builtin(run.rules);
  sim::SimulateOptions o;
  o.seed = std::stoull(run.seed);
  o.bots = run.bots;
  std::vector<PlayedGame> games;
  for (std::int64_t g = 0; g < run.games; ++g) {
    games.push_back(sim::simulate_game(*rules, run.bots, o, g, false));
  }
  run.holds(games);
  const std::string bots = fmt::format("{}", fmt::join(run.bots, ","));
  for (const char* level : {"sheet", "exchange", "plays", "full"}) {
    for (const std::string& out : {(dir / (std::string(level) + ".jsonl")).string(), (dir / level).string()}) {
      const std::vector<std::string> args{"simulate", "--rules", run.rules, "--games", std::to_string(run.games),
                                          "--seed",   run.seed,  "--bots",  bots,      "--detail",
                                          level,      "--out",   out};
      const auto sim = test::run_cli(args);
      ASSERT_EQ(sim.exit_code, 0) << sim.err;
      const auto v = test::run_cli({"validate", "--format", "json", out});
      EXPECT_EQ(v.exit_code, 0) << level << " " << out << "\n" << v.out;
      const auto j = nlohmann::json::parse(v.out);
      ASSERT_EQ(j.at("games").size(), static_cast<std::size_t>(run.games)) << out;
      EXPECT_EQ(j.at("summary").at("errors"), 0);
      EXPECT_EQ(j.at("summary").at("warnings"), 0);
      for (std::size_t g = 0; g < games.size(); ++g) {
        const auto& game = j.at("games").at(g);
        const std::string where = fmt::format("{} game {}", level, g + 1);
        EXPECT_TRUE(game.at("diagnostics").empty()) << where << "\n" << game.at("diagnostics").dump();
        EXPECT_EQ(game.at("hands").size(), games[g].hands.size()) << where;
        const auto& result = game.at("result");
        EXPECT_EQ(result.at("finished").get<bool>(), games[g].finished) << where;
        const std::vector<std::string> players = game.at("players");
        std::vector<std::string> winners;
        for (const int w : games[g].winners) {
          winners.push_back(players[static_cast<std::size_t>(w)]);
        }
        EXPECT_EQ(result.at("winners").get<std::vector<std::string>>(), winners) << where;
        expect_scores(game, games[g], where);
      }
      // Two jobs write the same bytes.
      if (out.ends_with(".jsonl")) {
        std::vector<std::string> two = args;
        two.back() = out + ".2.jsonl";
        two.insert(two.end(), {"--jobs", "2"});
        ASSERT_EQ(test::run_cli(two).exit_code, 0);
        EXPECT_EQ(test::file_bytes(out), test::file_bytes(out + ".2.jsonl")) << level;
      }
    }
  }
}

INSTANTIATE_TEST_SUITE_P(
    Kinds, SimRoundTrip,
    testing::Values(
        RoundTrip{"call-deuces",
                  "31",
                  4,
                  {"heuristic", "random", "heuristic", "random"},
                  [](const std::vector<PlayedGame>& games) {
                    EXPECT_GT(count_hands(games, [](const PlayedHand& h) { return h.bidder < 0; }), 0)
                        << "the games include hands everyone passed";
                  }},
        RoundTrip{"court-piece",
                  "1",
                  8,
                  {"heuristic", "random", "random", "heuristic"},
                  [](const std::vector<PlayedGame>& games) {
                    EXPECT_GT(std::count_if(games.begin(), games.end(),
                                            [](const PlayedGame& g) { return g.finished && g.winners.empty(); }),
                              0)
                        << "a draw";
                    EXPECT_GT(
                        count_hands(
                            games, [](const PlayedHand& h) { return h.early_court_side >= 0 && h.tricks_played == 7; }),
                        0)
                        << "an early court stopped";
                  }},
        RoundTrip{"court-piece-race",
                  "22",
                  4,
                  {"heuristic", "random", "heuristic", "random"},
                  [](const std::vector<PlayedGame>& games) {
                    EXPECT_GT(count_hands(games,
                                          [](const PlayedHand& h) {
                                            return h.early_court_side >= 0 && h.tricks_played == 13 && !h.all_tricks;
                                          }),
                              0)
                        << "an early court played on and lost";
                    EXPECT_GT(count_hands(games, [](const PlayedHand& h) { return h.all_tricks; }), 0)
                        << "an early court played on to the 52";
                    EXPECT_GT(count_hands(games, [](const PlayedHand& h) { return h.streak_court_side >= 0; }), 0)
                        << "a streak court";
                  }}),
    [](const testing::TestParamInfo<RoundTrip>& param) { return test::param_name(param.param.rules); });

// --- random games finish --------------------------------------------------------------

struct FinishCase {
  const char* rules;
  std::int64_t games;
};

void PrintTo(const FinishCase& c, std::ostream* os) { *os << c.rules << ", " << c.games << " games"; }

class SimFinish : public testing::TestWithParam<FinishCase> {};

// With the default --max-hands, at least 95% of all-random games finish
// (the race is the longest: courts come seldom between random bots; the
// figures are in docs/performance.md). Seeded: the same games every run.
TEST_P(SimFinish, RandomGamesFinishWithinTheDefaultMaxHands) {
  const auto rules = test::builtin(GetParam().rules);
  sim::SimulateOptions o;
  o.seed = 2026;
  o.games = GetParam().games;
  o.jobs = 2;
  o.bots = {"random", "random", "random", "random"};
  const auto random = sim::simulate({{GetParam().rules, rules}}, o);
  std::cout << "all random: " << random[0].finished << " of " << random[0].games << " finished\n";
  EXPECT_GE(random[0].finished * 100, random[0].games * 95);
}

INSTANTIATE_TEST_SUITE_P(Kinds, SimFinish,
                         testing::Values(FinishCase{"call-deuces", 2000}, FinishCase{"court-piece-race", 400}),
                         [](const testing::TestParamInfo<FinishCase>& param) {
                           return test::param_name(param.param.rules);
                         });

}  // namespace
}  // namespace trickref
