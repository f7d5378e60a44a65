// simulate: confidence-interval arithmetic against hand computations, bots
// that choose only among the engine's legal options, determinism whatever
// --jobs is, every simulated game refereeing clean under every built-in
// ruleset, the safety stop, the command line, and the bot-strength figure
// the README quotes (a fixed seed, so it is deterministic).
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>

#include <unistd.h>

#include <gtest/gtest.h>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "engine/scoring.h"
#include "ruleset/ruleset_loader.h"
#include "sim/bots.h"
#include "sim/html.h"
#include "sim/render.h"
#include "sim/simulate.h"
#include "sim/stats.h"
#include "support/test_support.h"
#include "transcript/writer.h"

namespace trickref {
namespace {

namespace fs = std::filesystem;

// A directory of its own for each test and process (ctest runs tests in parallel).
fs::path temp_dir(const std::string& name) {
  const fs::path dir = fs::temp_directory_path() / ("trickref-sim-" + name + "-" + std::to_string(getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

std::string slurp(const fs::path& p) {
  std::ifstream f(p, std::ios::binary);
  std::ostringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

// --- confidence intervals ---------------------------------------------------

TEST(SimStats, WilsonIntervalMatchesHandComputation) {
  // 60 of 100, z = 1.959964: centre (0.6 + z²/200) / (1 + z²/100) = 0.5963006,
  // half-width z·sqrt(0.6·0.4/100 + z²/40000) / (1 + z²/100) = 0.0942981
  // (the textbook [0.5020, 0.6906]).
  sim::Proportion p;
  p.add(60, 100);
  const auto i = p.wilson();
  EXPECT_DOUBLE_EQ(i.estimate, 0.6);
  EXPECT_NEAR(i.low, 0.5020026, 1e-6);
  EXPECT_NEAR(i.high, 0.6905987, 1e-6);
  EXPECT_EQ(i.n, 100);
  // 0 of 10 and 10 of 10: the interval stays inside [0, 1] and is not empty.
  sim::Proportion none;
  none.add(0, 10);
  EXPECT_DOUBLE_EQ(none.wilson().low, 0.0);
  EXPECT_NEAR(none.wilson().high, 0.2775328, 1e-6);  // z²/(10 + z²)
  sim::Proportion all;
  all.add(10, 10);
  EXPECT_NEAR(all.wilson().low, 0.7224672, 1e-6);  // 10/(10 + z²)
  EXPECT_DOUBLE_EQ(all.wilson().high, 1.0);
  EXPECT_EQ(sim::Proportion().wilson().n, 0);
}

TEST(SimStats, NormalIntervalOfTheMeanMatchesHandComputation) {
  // 2 4 4 4 5 5 7 9: mean 5, sample variance 32/7, half-width
  // 1.959964 · sqrt(32/7 / 8) = 1.4815935.
  sim::Mean m;
  for (int x : {2, 4, 4, 4, 5, 5, 7, 9}) {
    m.add(x);
  }
  const auto i = m.normal();
  EXPECT_DOUBLE_EQ(i.estimate, 5.0);
  EXPECT_NEAR(i.low, 5.0 - 1.4815935, 1e-6);
  EXPECT_NEAR(i.high, 5.0 + 1.4815935, 1e-6);
  // One sample: the mean alone; none: n = 0.
  sim::Mean one;
  one.add(-3);
  EXPECT_DOUBLE_EQ(one.normal().low, -3.0);
  EXPECT_DOUBLE_EQ(one.normal().high, -3.0);
  EXPECT_EQ(sim::Mean().normal().n, 0);
}

TEST(SimStats, MergingInAnyOrderGivesTheSameFigures) {
  sim::Mean a;
  sim::Mean b;
  sim::Mean all;
  for (int x = 0; x < 50; ++x) {
    (x % 3 == 0 ? a : b).add(x * x % 17);
    all.add(x * x % 17);
  }
  sim::Mean ab = a;
  ab.merge(b);
  sim::Mean ba = b;
  ba.merge(a);
  EXPECT_EQ(ab.normal().low, all.normal().low);
  EXPECT_EQ(ba.normal().high, all.normal().high);
}

TEST(SimStats, DecidedInTheLastHand) {
  PlayedGame g;
  g.finished = true;
  g.hands.resize(2);
  g.hands[0].score = {19, 18, 3};
  g.hands[1].score = {20, 21, 3};
  g.winners = {1};
  EXPECT_TRUE(sim::decided_in_last_hand(g));  // Bob overtook Ann in the last hand
  g.hands[1].score = {21, 18, 3};
  g.winners = {0};
  EXPECT_FALSE(sim::decided_in_last_hand(g));  // Ann led going in and won
  g.hands[0].score = {19, 19, 3};
  EXPECT_TRUE(sim::decided_in_last_hand(g));  // a tie at the top going in
  g.finished = false;
  EXPECT_FALSE(sim::decided_in_last_hand(g));
}

// --- playout ----------------------------------------------------------------

bool same_game(const PlayedGame& a, const PlayedGame& b) {
  if (a.finished != b.finished || a.winners != b.winners || a.score != b.score || a.hands.size() != b.hands.size()) {
    return false;
  }
  for (std::size_t i = 0; i < a.hands.size(); ++i) {
    const PlayedHand& x = a.hands[i];
    const PlayedHand& y = b.hands[i];
    if (x.dealer != y.dealer || x.deal != y.deal || x.kitty != y.kitty || x.plucks.size() != y.plucks.size() ||
        x.trump != y.trump || x.discard != y.discard || x.shows != y.shows || x.tricks != y.tricks ||
        x.leaders != y.leaders || x.taken != y.taken || x.quota != y.quota || x.score != y.score ||
        x.bids != y.bids || x.bidder != y.bidder || x.bid != y.bid || x.partner != y.partner ||
        x.points != y.points || x.made != y.made) {
      return false;
    }
    for (std::size_t p = 0; p < x.plucks.size(); ++p) {
      const auto& u = x.plucks[p];
      const auto& v = y.plucks[p];
      if (u.by != v.by || u.from != v.from || u.gives != v.gives || u.gets != v.gets) {
        return false;
      }
    }
  }
  return true;
}

// simulate plays every game of a thread into one PlayedGame; what is left
// in it from the game before must never show through.
TEST(SimPlayout, PlayingIntoAReusedGameGivesTheSameGame) {
  for (const std::string name : {"pluck", "nine-five-two", "pluck-noscore", "call-deuces"}) {
    const auto rules = test::builtin(name);
    std::vector<std::unique_ptr<SeatPolicy>> owned;
    std::vector<SeatPolicy*> seats;
    for (int s = 0; s < rules->players; ++s) {
      owned.push_back(sim::make_bot(s == 0 ? "heuristic" : "random"));
      seats.push_back(owned.back().get());
    }
    PlayedGame reused;
    PlayoutScratch scratch;
    for (std::uint64_t seed = 1; seed <= 40; ++seed) {
      PlayoutOptions po;
      po.seed = seed;
      po.first_dealer = static_cast<int>(seed % 3);
      po.record_tricks = seed % 3 != 0;
      play_game(*rules, seats, po, reused, scratch);
      EXPECT_TRUE(same_game(reused, play_game(*rules, seats, po))) << name << " seed " << seed;
    }
  }
}

// --- bots -----------------------------------------------------------------

// Wraps a bot and records any choice outside the options it was given.
class Checked final : public SeatPolicy {
 public:
  explicit Checked(std::unique_ptr<SeatPolicy> inner) : inner_(std::move(inner)) {}
  Card give(const HandView& v, int pluckee, CardSet options, PlayoutRng& rng) override {
    return note(inner_->give(v, pluckee, options, rng), options);
  }
  Suit name_trump(const HandView& v, PlayoutRng& rng) override { return inner_->name_trump(v, rng); }
  Card discard(const HandView& v, Suit trump, CardSet options, PlayoutRng& rng) override {
    return note(inner_->discard(v, trump, options, rng), options);
  }
  Card play(const HandView& v, const PlayState& s, CardSet legal, PlayoutRng& rng) override {
    EXPECT_EQ(legal, legal_plays(s));
    EXPECT_EQ(v.hand, s.hands[static_cast<std::size_t>(v.seat)]);
    return note(inner_->play(v, s, legal, rng), legal);
  }
  int outside = 0;
  int choices = 0;

 private:
  Card note(Card c, CardSet options) {
    ++choices;
    outside += options.contains(c) ? 0 : 1;
    return c;
  }
  std::unique_ptr<SeatPolicy> inner_;
};

// A wrapper answers random_choices() with kNo, so play_game calls the bot
// for every pluck, discard and card; with bare random bots it draws for them
// itself, in whichever build of the loop (kernel) is in use. Every kernel
// this machine has must give the same game, card for card, and so must a
// table where only some seats are bare (draws for their plucks and
// discards, calls for everyone's play); play_random_game (which draws even
// for a forced card) too.
TEST(SimPlayout, TheRandomChoicesFastPathPlaysAsTheBotWould) {
  std::vector<PlayoutKernel> kernels = {PlayoutKernel::kPortable};
  if (playout_kernel_available(PlayoutKernel::kPdep)) {
    kernels.push_back(PlayoutKernel::kPdep);
  } else {
    std::cout << "no fast PDEP on this CPU: the portable kernel only\n";
  }
  for (const PlayoutKernel kernel : kernels) {
    for (const std::string name :
         {"pluck", "nine-five-two", "pluck-noscore", "pluck-distinct-suits", "call-deuces", "call-deuces-5"}) {
      const auto rules = test::builtin(name);
      std::vector<std::unique_ptr<SeatPolicy>> bare;
      std::vector<std::unique_ptr<SeatPolicy>> wrapped;
      std::vector<SeatPolicy*> fast;
      std::vector<SeatPolicy*> called;
      for (int s = 0; s < rules->players; ++s) {
        bare.push_back(sim::make_bot("random"));
        wrapped.push_back(std::make_unique<Checked>(sim::make_bot("random")));
        fast.push_back(bare.back().get());
        called.push_back(wrapped.back().get());
      }
      ASSERT_EQ(fast[0]->random_choices(), SeatPolicy::RandomChoices::kDrawUnlessForced);
      ASSERT_EQ(called[0]->random_choices(), SeatPolicy::RandomChoices::kNo);
      for (std::uint64_t seed = 1; seed <= 60; ++seed) {
        PlayoutOptions po;
        po.seed = seed;
        po.first_dealer = static_cast<int>(seed % 3);
        po.record_tricks = seed % 2 == 0;
        po.kernel = kernel;
        const PlayedGame a = play_game(*rules, fast, po);
        ASSERT_FALSE(a.hands.empty());
        const auto k = static_cast<int>(kernel);
        EXPECT_TRUE(same_game(a, play_game(*rules, called, po))) << name << " seed " << seed << " kernel " << k;
        std::vector<SeatPolicy*> mixed = called;
        mixed[seed % mixed.size()] = fast[seed % mixed.size()];
        EXPECT_TRUE(same_game(a, play_game(*rules, mixed, po))) << name << " seed " << seed << " mixed, kernel " << k;
      }
    }
  }
  // play_random_game, kernel against kernel.
  const auto rules = test::builtin("pluck");
  for (std::uint64_t seed = 1; seed <= 30; ++seed) {
    PlayoutOptions po;
    po.seed = seed;
    po.kernel = kernels.front();
    const PlayedGame a = play_random_game(*rules, po);
    po.kernel = kernels.back();
    EXPECT_TRUE(same_game(a, play_random_game(*rules, po))) << "seed " << seed;
  }
}

TEST(SimBots, EveryChoiceIsOneOfTheLegalOptions) {
  for (const std::string name : {"pluck", "nine-five-two", "pluck-lowest-give", "pluck-distinct-suits"}) {
    const auto rules = test::builtin(name);
    for (const char* bot : {"heuristic", "random"}) {
      std::vector<std::unique_ptr<Checked>> owned;
      std::vector<SeatPolicy*> seats;
      for (int s = 0; s < rules->players; ++s) {
        owned.push_back(std::make_unique<Checked>(sim::make_bot(bot)));
        seats.push_back(owned.back().get());
      }
      for (std::uint64_t seed = 1; seed <= 3; ++seed) {
        PlayoutOptions po;
        po.seed = seed;
        (void)play_game(*rules, seats, po);
      }
      for (const auto& c : owned) {
        EXPECT_EQ(c->outside, 0) << name << " " << bot;
        EXPECT_GT(c->choices, 100);
      }
    }
  }
}

TEST(SimBots, UnknownBotNamesAreRefused) {
  EXPECT_EQ(sim::make_bot("genius"), nullptr);
  for (auto name : sim::bot_names()) {
    EXPECT_NE(sim::make_bot(name), nullptr) << name;
  }
}

// The figure the README quotes: one heuristic bot against two random bots
// over 2,000 games, seat by seat dealing first in turn. Random play would win
// a third; the issue asks for at least 60%.
TEST(SimBots, HeuristicBeatsTwoRandomBotsInPluckAndNineFiveTwo) {
  for (const std::string name : {"pluck", "nine-five-two"}) {
    sim::SimulateOptions o;
    o.seed = 2026;
    o.games = 2000;
    o.bots = {"heuristic", "random", "random"};
    o.jobs = 2;
    const auto stats = sim::simulate({{name, test::builtin(name)}}, o);
    ASSERT_EQ(stats.size(), 1U);
    EXPECT_EQ(stats[0].finished, 2000);
    const auto win = stats[0].wins_by_bot[0].wilson();
    std::cout << name << ": heuristic wins " << stats[0].wins_by_bot[0].successes() << " of "
              << stats[0].wins_by_bot[0].trials() << " (" << 100 * win.estimate << "%, 95% CI " << 100 * win.low
              << "-" << 100 * win.high << ")\n";
    EXPECT_GE(win.estimate, 0.60) << name;
  }
}

// --- simulate -------------------------------------------------------------

std::vector<sim::SimRuleset> two_rulesets() {
  return {{"pluck", test::builtin("pluck")}, {"nine-five-two", test::builtin("nine-five-two")}};
}

TEST(SimSimulate, SameSeedSameFiguresWhateverTheJobs) {
  sim::SimulateOptions o;
  o.seed = 7;
  o.games = 150;
  o.bots = {"heuristic", "random", "heuristic"};
  sim::SimReport one{o, {"pluck", "nine-five-two"}, sim::simulate(two_rulesets(), o), {true, false}};
  o.jobs = 3;
  sim::SimReport three{o, {"pluck", "nine-five-two"}, sim::simulate(two_rulesets(), o), {true, false}};
  three.options.jobs = 1;
  EXPECT_EQ(sim::report_json(one).dump(), sim::report_json(three).dump());
  EXPECT_EQ(sim::render_text(one), sim::render_text(three));
  EXPECT_EQ(sim::render_csv(one), sim::render_csv(three));
  EXPECT_EQ(sim::render_html(one), sim::render_html(three));
  // Another seed plays other games.
  o.seed = 8;
  sim::SimReport other{o, {"pluck", "nine-five-two"}, sim::simulate(two_rulesets(), o), {true, false}};
  EXPECT_NE(sim::report_json(one).dump(), sim::report_json(other).dump());
}

TEST(SimSimulate, GameSeedsDependOnTheRunSeedAndTheIndexOnly) {
  EXPECT_EQ(sim::game_seed(1, 5), sim::game_seed(1, 5));
  EXPECT_NE(sim::game_seed(1, 5), sim::game_seed(1, 6));
  EXPECT_NE(sim::game_seed(1, 5), sim::game_seed(2, 5));
}

TEST(SimSimulate, StatisticsAddUp) {
  sim::SimulateOptions o;
  o.seed = 11;
  o.games = 60;
  o.bots = {"random", "random", "random"};
  const auto rules = test::builtin("pluck");
  const auto stats = sim::simulate({{"pluck", rules}}, o);
  const auto& s = stats[0];
  EXPECT_EQ(s.games, 60);
  EXPECT_EQ(s.hands_per_game.sum(), s.hands);
  std::int64_t tricks = 0;
  std::int64_t wins = 0;
  for (int r = 0; r < 3; ++r) {
    tricks += s.tricks[static_cast<std::size_t>(r)].sum();
    EXPECT_EQ(s.made_quota[static_cast<std::size_t>(r)].items(), s.hands);
    wins += s.wins_by_seat[static_cast<std::size_t>(r)].successes();
  }
  EXPECT_EQ(tricks, 17 * s.hands);
  EXPECT_EQ(s.shared_wins, 0);  // pluck plays ties out: one winner a game
  EXPECT_EQ(wins, s.finished);
  // The same figures from the games themselves.
  std::int64_t hands = 0;
  std::int64_t plucks = 0;
  for (std::int64_t g = 0; g < 60; ++g) {
    const PlayedGame game = sim::simulate_game(*rules, o.bots, o, g, false);
    hands += static_cast<std::int64_t>(game.hands.size());
    for (const auto& h : game.hands) {
      plucks += static_cast<std::int64_t>(h.plucks.size());
      EXPECT_TRUE(h.tricks.empty());
    }
  }
  EXPECT_EQ(hands, s.hands);
  EXPECT_EQ(plucks, s.plucks_per_hand.sum());
}

// Every simulated game is a valid transcript: written out, it referees clean
// and the referee's figures are the game's own. Every built-in ruleset, both
// bots, YAML and JSON.
TEST(SimSimulate, EverySimulatedGameRefereesCleanUnderEveryBuiltinRuleset) {
  for (const auto& name : test::refereed_builtins()) {
    const auto rules = test::builtin(name);
    // Heuristic and random bots in turn, one a seat.
    std::vector<std::string> players;
    sim::SimulateOptions o;
    o.seed = 99;
    o.bots.clear();
    for (int s = 0; s < rules->players; ++s) {
      players.push_back(fmt::format("{}{}", s % 2 == 0 ? 'H' : 'R', s + 1));
      o.bots.emplace_back(s % 2 == 0 ? "heuristic" : "random");
    }
    o.hands_no_target = 4;
    for (std::int64_t g = 0; g < 3; ++g) {
      const PlayedGame game = sim::simulate_game(*rules, o.bots, o, g, true);
      ASSERT_FALSE(game.hands.empty());
      WriteOptions wo;
      wo.detail = g == 2 ? Detail::kPlays : Detail::kFull;
      const auto reports = test::validate_yaml(to_yaml(game, *rules, name, players, wo));
      ASSERT_EQ(reports.size(), 1U);
      EXPECT_EQ(test::diagnostics_text(reports), "") << name << " game " << g;
      ASSERT_TRUE(reports[0].result);
      EXPECT_EQ(reports[0].result->outcome.finished, game.finished);
      EXPECT_EQ(reports[0].result->outcome.winners, game.winners);
      ASSERT_EQ(reports[0].result->hands.size(), game.hands.size());
      EXPECT_EQ(*reports[0].result->hands.back().score, game.hands.back().score);
      const auto json = test::validate_yaml(to_json(game, *rules, name, players, wo).dump(), "t.json");
      EXPECT_EQ(test::diagnostics_text(json), "") << name << " game " << g << " (JSON)";
    }
  }
}

// The JSON Lines writer writes its text directly, not through a JSON
// object: each line is exactly what nlohmann's compact dump gives for it
// (keys in order, no spaces, the same escapes), for every built-in ruleset
// at every level, with names that need escaping and a name given twice.
TEST(SimTranscripts, JsonLinesAreCanonicalJson) {
  const std::vector<std::string> odd = {"Ann \"A\"", "B\\b/", "C\tc\n", "D\xc3\xa9\x01", "Ann \"A\"", "F\x7f"};
  int lines = 0;
  for (const auto& name : RulesetCatalog().builtin_names()) {
    const auto rules = test::builtin(name);
    const std::vector<std::string> players(odd.begin(), odd.begin() + rules->players);
    sim::SimulateOptions o;
    o.seed = 5;
    o.bots.assign(static_cast<std::size_t>(rules->players), "random");
    o.bots[0] = "heuristic";
    o.hands_no_target = 3;
    o.max_hands = 30;
    for (std::int64_t g = 0; g < 2; ++g) {
      const PlayedGame game = sim::simulate_game(*rules, o.bots, o, g, true);
      for (const Detail d : {Detail::kSheet, Detail::kExchange, Detail::kPlays, Detail::kFull}) {
        WriteOptions wo;
        wo.detail = d;
        wo.id = "g\"1\"";
        wo.event = {{"night", "1"}, {"table", "\xe2\x99\xa3"}, {"night", "2"}};
        const std::string line = to_jsonl(game, *rules, name, players, wo);
        EXPECT_EQ(line, nlohmann::ordered_json::parse(line).dump()) << name << " game " << g;
        EXPECT_EQ(line.find('\n'), std::string::npos);
        ++lines;
      }
    }
  }
  EXPECT_GE(lines, 8 * 2 * 4);
}

TEST(SimSimulate, SafetyStopLeavesGamesUnfinished) {
  const fs::path dir = temp_dir("stop");
  const fs::path file = dir / "far.yaml";
  std::ofstream(file) << "name: pluck-far\nextends: pluck\ngame:\n  end: {target: 100000}\n";
  const auto r = test::run_cli({"simulate", "--rules", file.string(), "--games", "5", "--max-hands", "3",
                                "--format", "json", "--out", (dir / "games.jsonl").string()});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["rulesets"][0]["unfinished"], 5);
  EXPECT_EQ(j["rulesets"][0]["hands_per_game"]["mean"], 3.0);
  EXPECT_EQ(j["rulesets"][0]["margin"]["n"], 0);
  // The transcripts name the ruleset file relative to where they are, and
  // referee clean: unfinished, no winner.
  const auto v = test::run_cli({"validate", "-q", (dir / "games.jsonl").string()});
  EXPECT_EQ(v.exit_code, 0) << v.out;
  fs::remove_all(dir);
}

// --- command line ---------------------------------------------------------

TEST(SimCli, TextJsonAndCsvReports) {
  const auto text = test::run_cli({"simulate", "--rules", "pluck", "--rules", "nine-five-two-10", "--games", "40",
                                   "--seed", "3", "--bots", "heuristic,random,random"});
  ASSERT_EQ(text.exit_code, 0) << text.err;
  EXPECT_NE(text.out.find("40 games per ruleset, seed 3, bots heuristic,random,random"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("nine-five-two-10"), std::string::npos);
  for (const char* row : {"hands per game", "made quota: dealer", "made quota: left", "made quota: right",
                          "tricks: dealer", "plucks per hand", "wins: first dealer", "wins: seat 1 (heuristic)",
                          "margin, first over second", "decided in the last hand"}) {
    EXPECT_NE(text.out.find(row), std::string::npos) << row;
  }
  const auto json = test::run_cli({"simulate", "--rules", "pluck", "--rules", "nine-five-two-10", "--games", "40",
                                   "--seed", "3", "--bots", "heuristic,random,random", "--format", "json"});
  ASSERT_EQ(json.exit_code, 0);
  const auto j = nlohmann::json::parse(json.out);
  ASSERT_EQ(j["rulesets"].size(), 2U);
  EXPECT_EQ(j["rulesets"][1]["ruleset"], "nine-five-two-10");
  EXPECT_EQ(j["rulesets"][0]["games"], 40);
  const auto& q = j["rulesets"][0]["made_quota"]["dealer"];
  EXPECT_LE(q["low"].get<double>(), q["rate"].get<double>());
  EXPECT_GE(q["high"].get<double>(), q["rate"].get<double>());
  EXPECT_TRUE(j["rulesets"][0]["wins_by_bot"].contains("1"));
  const auto csv = test::run_cli({"simulate", "--rules", "pluck", "--games", "10", "--format", "csv"});
  ASSERT_EQ(csv.exit_code, 0);
  EXPECT_EQ(csv.out.rfind("ruleset,statistic,estimate,low,high,n\npluck,games,10,,,\n", 0), 0U) << csv.out;
}

TEST(SimCli, OutputIsByteIdenticalWhateverTheJobs) {
  const fs::path dir = temp_dir("jobs");
  const auto one = test::run_cli({"simulate", "--rules", "pluck", "--rules", "nine-five-two", "--games", "8",
                                  "--seed", "5", "--format", "json", "--out", (dir / "one.jsonl").string()});
  const auto two = test::run_cli({"simulate", "--rules", "pluck", "--rules", "nine-five-two", "--games", "8",
                                  "--seed", "5", "--format", "json", "--jobs", "2", "--out",
                                  (dir / "two.jsonl").string()});
  ASSERT_EQ(one.exit_code, 0) << one.err;
  ASSERT_EQ(two.exit_code, 0) << two.err;
  EXPECT_EQ(one.out, two.out);
  const std::string a = slurp(dir / "one.jsonl");
  EXPECT_EQ(a, slurp(dir / "two.jsonl"));
  EXPECT_EQ(std::count(a.begin(), a.end(), '\n'), 16);
  const auto v = test::run_cli({"validate", "-q", (dir / "one.jsonl").string()});
  EXPECT_EQ(v.exit_code, 0) << v.out;
  EXPECT_EQ(v.out, "");
  fs::remove_all(dir);
}

TEST(SimCli, DirectoryOutputRefereesClean) {
  const fs::path dir = temp_dir("dir");
  const auto r = test::run_cli({"simulate", "--rules", "nine-five-two", "--rules", "pluck-least-first", "--games",
                                "10", "--bots", "random", "--out", (dir / "out").string(), "--jobs", "2"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(fs::exists(dir / "out" / "nine-five-two" / "game-01.yaml"));
  EXPECT_TRUE(fs::exists(dir / "out" / "pluck-least-first" / "game-10.yaml"));
  const auto v = test::run_cli({"validate", (dir / "out").string()});
  EXPECT_EQ(v.exit_code, 0) << v.out;
  EXPECT_NE(v.out.find("20 files, 20 games: 0 errors, 0 warnings"), std::string::npos) << v.out;
  fs::remove_all(dir);
}

TEST(SimCli, UsageErrorsExitTwo) {
  const auto bot = test::run_cli({"simulate", "--rules", "pluck", "--games", "2", "--bots", "heuristic,genius,random"});
  EXPECT_EQ(bot.exit_code, 2);
  EXPECT_EQ(bot.err, "trickref: error: unknown bot 'genius' in --bots (known: heuristic, random)\n");
  const auto count = test::run_cli({"simulate", "--rules", "pluck", "--games", "2", "--bots", "heuristic,random"});
  EXPECT_EQ(count.exit_code, 2);
  EXPECT_NE(count.err.find("--bots names 2 bots for 3 players"), std::string::npos) << count.err;
  const auto rules = test::run_cli({"simulate", "--rules", "plock", "--games", "2"});
  EXPECT_EQ(rules.exit_code, 2);
  EXPECT_NE(rules.err.find("unknown ruleset 'plock'"), std::string::npos) << rules.err;
  EXPECT_EQ(test::run_cli({"simulate", "--rules", "pluck", "--games", "0"}).exit_code, 2);
  EXPECT_EQ(test::run_cli({"simulate", "--games", "3"}).exit_code, 2);
  EXPECT_EQ(test::run_cli({"simulate", "--rules", "pluck", "--rules", "pluck", "--games", "3"}).exit_code, 2);
  const auto help = test::run_cli({"--help"});
  EXPECT_NE(help.out.find("simulate"), std::string::npos);
  EXPECT_NE(help.out.find("compare"), std::string::npos);
}

}  // namespace
}  // namespace trickref
