// compare: the same record refereed and scored under several rulesets, side
// by side: scores per hand, winner and ending hand, the diagnostics that differ.
#include <filesystem>
#include <fstream>

#include <unistd.h>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "engine/exchange.h"
#include "engine/playout.h"
#include "support/test_support.h"
#include "transcript/writer.h"

namespace trickref {
namespace {

namespace fs = std::filesystem;

class Compare : public ::testing::Test {
 protected:
  void SetUp() override {
    std::filesystem::current_path(test::source_dir());
    dir_ = fs::temp_directory_path() /
           ("trickref-compare-" + std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()) + "-" +
            std::to_string(getpid()));
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  fs::path write(const std::string& name, const std::string& text) {
    std::ofstream(dir_ / name, std::ios::binary) << text;
    return dir_ / name;
  }
  fs::path dir_;
};

// A seeded Pluck game in which some hand has two pluckers owed different
// numbers of plucks, so most-first and least-first order them differently.
std::string game_with_two_pluckers() {
  const auto rules = test::builtin("pluck");
  for (std::uint64_t seed = 1; seed < 500; ++seed) {
    PlayoutOptions po;
    po.seed = seed;
    const PlayedGame g = play_random_game(*rules, po);
    for (std::size_t h = 1; h < g.hands.size(); ++h) {
      const auto& prev = g.hands[h - 1];
      std::vector<int> deltas;
      for (std::size_t s = 0; s < 3; ++s) {
        deltas.push_back(prev.taken[s] - prev.quota[s]);
      }
      const auto owed = owed_plucks(deltas);
      if (owed && owed->size() == 2 && (*owed)[0].by != (*owed)[1].by && (*owed)[0].count != (*owed)[1].count) {
        WriteOptions wo;
        wo.detail = Detail::kExchange;
        return to_yaml(g, *rules, "pluck", {"Ann", "Bob", "Cat"}, wo);
      }
    }
  }
  ADD_FAILURE() << "no seed gave two pluckers";
  return {};
}

TEST_F(Compare, PluckOrderDiffersUnderLeastFirst) {
  const fs::path file = write("g.yaml", game_with_two_pluckers());
  const auto r = test::run_cli({"compare", file.string(), "--rules", "pluck", "--rules", "pluck-least-first"});
  // The record breaks least-first order, but it was played under pluck, its
  // own ruleset, where it is clean: the difference is the answer, exit 0.
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out.find("only under pluck:"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("only under pluck-least-first:"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("[pluck-order]"), std::string::npos) << r.out;
  const auto j = test::run_cli({"compare", file.string(), "--rules", "pluck", "--rules", "pluck-least-first",
                                "--format", "json"});
  const auto json = nlohmann::json::parse(j.out);
  ASSERT_EQ(json["games"].size(), 1U);
  const auto& g = json["games"][0];
  EXPECT_EQ(g["diagnostics"]["only"]["pluck"].size(), 0U);
  ASSERT_GE(g["diagnostics"]["only"]["pluck-least-first"].size(), 1U);
  for (const auto& d : g["diagnostics"]["only"]["pluck-least-first"]) {
    EXPECT_EQ(d["code"], "pluck-order");
  }
  EXPECT_EQ(g["diagnostics"]["common"].size(), 0U);
  // The scores come from the tricks taken, which do not depend on the order.
  EXPECT_EQ(g["results"]["pluck"]["score"], g["results"]["pluck-least-first"]["score"]);
}

TEST_F(Compare, AShorterTargetEndsTheGameEarlier) {
  write("to-10.yaml", "name: pluck-to-10\nextends: pluck\ngame:\n  end: {target: 10}\n");
  const std::string rules10 = (dir_ / "to-10.yaml").string();
  const auto r = test::run_cli({"compare", "samples/night/table-2.yaml", "--rules", "pluck", "--rules", rules10,
                                "--format", "json"});
  // The recorded result (Dev 20 in hand 12) is wrong under the shorter game,
  // which is the comparison's answer: the record is clean under pluck, exit 0.
  ASSERT_EQ(r.exit_code, 0) << r.err << r.out;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["rulesets"], nlohmann::json::array({"pluck", "pluck-to-10"}));
  const auto& g = j["games"][0];
  EXPECT_EQ(g["players"], nlohmann::json::array({"Dev", "Eve", "Fay"}));
  const auto& full = g["results"]["pluck"];
  const auto& short_game = g["results"]["pluck-to-10"];
  EXPECT_TRUE(full["finished"].get<bool>());
  EXPECT_TRUE(short_game["finished"].get<bool>());
  EXPECT_LT(short_game["hand"].get<int>(), full["hand"].get<int>());
  // Hand by hand the running scores agree (same quotas, same scoring).
  ASSERT_EQ(g["hands"].size(), static_cast<std::size_t>(full["hand"].get<int>()));
  for (const auto& h : g["hands"]) {
    EXPECT_EQ(h["score"]["pluck"], h["score"]["pluck-to-10"]);
  }
  std::vector<std::string> only;
  for (const auto& d : g["diagnostics"]["only"]["pluck-to-10"]) {
    only.push_back(d["code"]);
  }
  ASSERT_FALSE(only.empty());
  EXPECT_EQ(only.front(), "played-past-end");
  EXPECT_EQ(g["diagnostics"]["only"]["pluck"].size(), 0U);
  EXPECT_EQ(g["diagnostics"]["common"].size(), 0U);
  // Its recorded scores that no longer match are counted, as consequences of the ruleset.
  EXPECT_EQ(g["diagnostics"]["from_ruleset"]["pluck"], 0);
  EXPECT_GT(g["diagnostics"]["from_ruleset"]["pluck-to-10"].get<int>(), 0);
  EXPECT_EQ(g["own_ruleset"], nlohmann::json({{"ruleset", "pluck"}, {"errors", 0}}));
  // The text view: a column group per ruleset, the ending hands, the difference.
  const auto t = test::run_cli({"compare", "samples/night/table-2.yaml", "--rules", "pluck", "--rules", rules10});
  EXPECT_NE(t.out.find("samples/night/table-2.yaml game 1 (thu-2026-11-19-t2-g1)\n"), std::string::npos) << t.out;
  const auto at = t.out.find("\n  ended");
  ASSERT_NE(at, std::string::npos) << t.out;
  const std::string ended = t.out.substr(at + 1, t.out.find('\n', at + 1) - at - 1);
  EXPECT_NE(ended.find("hand " + std::to_string(full["hand"].get<int>())), std::string::npos) << ended;
  EXPECT_NE(ended.find("hand " + std::to_string(short_game["hand"].get<int>())), std::string::npos) << ended;
  EXPECT_NE(t.out.find("only under pluck-to-10:\n"), std::string::npos) << t.out;
  EXPECT_NE(t.out.find("[played-past-end]"), std::string::npos) << t.out;
}

TEST_F(Compare, OutputIsDeterministicAndStandardInputWorks) {
  const std::string yaml = test::read_source_file("samples/night/table-1.yaml");
  const auto a = test::run_cli({"compare", "-", "--rules", "pluck", "--rules", "pluck-least-first"}, yaml);
  const auto b = test::run_cli({"compare", "samples/night/table-1.yaml", "--rules", "pluck", "--rules",
                                "pluck-least-first"});
  ASSERT_EQ(a.exit_code, b.exit_code) << a.err;
  std::string as_stdin;
  const std::string name = "samples/night/table-1.yaml";
  std::size_t from = 0;
  for (auto at = b.out.find(name); at != std::string::npos; at = b.out.find(name, from)) {
    as_stdin.append(b.out, from, at - from);
    as_stdin += '-';
    from = at + name.size();
  }
  as_stdin.append(b.out, from, std::string::npos);
  EXPECT_EQ(a.out, as_stdin);
  EXPECT_NE(b.out.find("game 2"), std::string::npos);  // both games of the file
  EXPECT_EQ(b.out, test::run_cli({"compare", "samples/night/table-1.yaml", "--rules", "pluck", "--rules",
                                  "pluck-least-first"})
                       .out);
}

// A game with fixed sides is compared side by side (court-piece.md §5: the
// courts are per side): abandoning every early court turns the 52 into 1.
TEST_F(Compare, CourtPieceShowsTheCourtsPerSide) {
  const auto r = test::run_cli({"compare", "samples/court-piece/evening.yaml", "--rules", "court-piece", "--rules",
                                "court-piece-abandon"});
  ASSERT_EQ(r.exit_code, 0) << r.err;  // clean under its own ruleset (court-piece)
  EXPECT_NE(r.out.find("  hand     North-South   East-West   North-South   East-West\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("     6              53           0             2           0\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("  winner   North-South               North-South\n"), std::string::npos) << r.out;
}

TEST_F(Compare, UsageErrorsExitTwo) {
  const auto one = test::run_cli({"compare", "samples/night/table-1.yaml", "--rules", "pluck"});
  EXPECT_EQ(one.exit_code, 2);
  EXPECT_NE(one.err.find("at least two --rules"), std::string::npos) << one.err;
  const auto bad = test::run_cli({"compare", "samples/night/table-1.yaml", "--rules", "pluck", "--rules", "plock"});
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_NE(bad.err.find("unknown ruleset 'plock'"), std::string::npos) << bad.err;
  const auto missing = test::run_cli({"compare", "no/such.yaml", "--rules", "pluck", "--rules", "nine-five-two"});
  EXPECT_EQ(missing.exit_code, 2);
  EXPECT_NE(missing.err.find("[io]"), std::string::npos) << missing.err;
}

// The answer first: a summary line says what the change of ruleset changes,
// and the recorded scores that follow from it are counted, not listed
// (issue 16: 31 score-mismatch lines buried "ends in hand 12 / hand 9").
TEST_F(Compare, SummaryFirstAndDifferencesOnly) {
  const std::vector<std::string> args{"compare", "samples/night/table-3.yaml", "--rules", "nine-five-two", "--rules",
                                      "nine-five-two-10"};
  const std::string summary =
      "samples/night/table-3.yaml game 1 (thu-2026-11-19-t3-g1)\n"
      "  nine-five-two-10 against nine-five-two: ends in hand 4, not 18; the same winner (Hal); final scores "
      "Gus -3, Hal 11, Ivy -8, not -4, 22, -18; 3 recorded scores no longer match, as the record was scored under "
      "other rules (counted, not listed)\n";
  const auto full = test::run_cli(args);
  EXPECT_EQ(full.exit_code, 0) << full.err;
  EXPECT_EQ(full.out.substr(0, summary.size()), summary) << full.out;
  EXPECT_EQ(full.out.find("score-mismatch"), std::string::npos) << full.out;
  EXPECT_NE(full.out.find("    18       -4   22  -18     -4   22  -18\n"), std::string::npos) << full.out;
  auto only_args = args;
  only_args.push_back("--differences-only");
  const auto only = test::run_cli(only_args);
  EXPECT_EQ(only.exit_code, 0) << only.err;
  EXPECT_EQ(only.out, summary +
                          "  only under nine-five-two-10:\n"
                          "    samples/night/table-3.yaml:137:5: warning: hand 5 was played after the game ended: Hal "
                          "reached 10 in hand 4; the result stands as it was then [played-past-end] (hand 5)\n");
  // Nothing changes between a ruleset and itself but the name.
  write("same.yaml", "name: nine-five-two-same\nextends: nine-five-two\n");
  const auto same = test::run_cli({"compare", "samples/night/table-3.yaml", "--rules", "nine-five-two", "--rules",
                                   (dir_ / "same.yaml").string(), "--differences-only"});
  EXPECT_NE(same.out.find("  nine-five-two-same against nine-five-two: the same winner (Hal); the same final "
                          "scores\n"),
            std::string::npos)
      << same.out;
}

// A record faulty under its own ruleset (its `game:`) exits 1, and says so.
TEST_F(Compare, FaultyUnderItsOwnRulesetExitsOne) {
  const auto r = test::run_cli({"compare", "samples/invalid/score-mismatch.yaml", "--rules", "pluck", "--rules",
                                "pluck-least-first", "--differences-only"});
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
  EXPECT_NE(r.out.find("  the record is faulty under its own ruleset (pluck): "), std::string::npos) << r.out;
}

}  // namespace

}  // namespace trickref
