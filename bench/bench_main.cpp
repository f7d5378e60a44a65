// Benchmarks:
//  - EngineReplay: check_play + apply_play for every card of recorded hands
//    (the referee's inner loop), reported as hands per second;
//  - ValidateYaml: the whole validate pipeline (event parse into the located
//    tree, load, referee) on a season file, in bytes per second;
//  - BareEventParse: yaml-cpp's event parser with a handler that does nothing,
//    on the same text: the ceiling ValidateYaml is compared against;
//  - Simulate/RULESET/BOTS/JOBS: `simulate` without transcripts (deal,
//    plucks or the auction, trump, discard, play, scoring and statistics),
//    in hands per second: of CPU time with 1 thread, of wall time with 2
//    (under an auction also `played/s`, the hands not passed out); the random
//    rows also with each build of the random-play loop (portable, pdep) forced.
//    Court Piece: ten-hand games (`court-piece`) and races to seven courts.
#include <benchmark/benchmark.h>

#include <optional>
#include <sstream>

#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/parser.h>

#include "batch/batch.h"
#include "engine/playout.h"
#include "ruleset/ruleset_loader.h"
#include "sim/simulate.h"
#include "transcript/writer.h"

namespace trickref {
namespace {

struct Corpus {
  std::shared_ptr<const Ruleset> rules;
  std::vector<PlayedHand> hands;
  std::string yaml;
};

const Corpus& corpus() {
  static const Corpus c = [] {
    Corpus out;
    RulesetCatalog catalog;
    out.rules = catalog.resolve("pluck").ruleset;
    const std::vector<std::string> players = {"Ann", "Bob", "Cat"};
    for (std::uint64_t seed = 1; seed <= 40; ++seed) {
      PlayoutOptions po;
      po.seed = seed;
      const PlayedGame g = play_random_game(*out.rules, po);
      out.hands.insert(out.hands.end(), g.hands.begin(), g.hands.end());
      if (!out.yaml.empty()) {
        out.yaml += "---\n";
      }
      out.yaml += to_yaml(g, *out.rules, "pluck", players, WriteOptions{});
    }
    return out;
  }();
  return c;
}

void EngineReplay(benchmark::State& state) {
  const Corpus& c = corpus();
  const Ruleset& r = *c.rules;
  // The hands laid out flat: start-of-play hands, trump, first leader and the cards in play order.
  struct Flat {
    std::array<CardSet, kMaxPlayers> start{};
    Suit trump = Suit::kClubs;
    int leader = 0;
    std::vector<Card> plays;
  };
  std::vector<Flat> hands;
  for (const auto& h : c.hands) {
    Flat f;
    f.trump = h.trump;
    f.leader = h.leaders[0];
    for (std::size_t t = 0; t < h.tricks.size(); ++t) {
      for (std::size_t i = 0; i < h.tricks[t].size(); ++i) {
        f.start[static_cast<std::size_t>((h.leaders[t] + static_cast<int>(i)) % r.players)].insert(h.tricks[t][i]);
        f.plays.push_back(h.tricks[t][i]);
      }
    }
    hands.push_back(std::move(f));
  }
  std::int64_t count = 0;
  int faults = 0;
  for (auto _ : state) {
    for (const auto& h : hands) {
      PlayState s = start_play(r, h.trump, h.start, h.leader);
      for (Card card : h.plays) {
        const int seat = s.to_play();
        faults += check_play(s, seat, card) ? 1 : 0;
        apply_play(s, seat, card);
        if (s.trick_complete()) {
          finish_trick(s);
        }
      }
      benchmark::DoNotOptimize(s.taken);
    }
    count += static_cast<std::int64_t>(hands.size());
  }
  if (faults != 0) {
    state.SkipWithError("a recorded play was illegal");
  }
  state.counters["hands/s"] = benchmark::Counter(static_cast<double>(count), benchmark::Counter::kIsRate);
}
BENCHMARK(EngineReplay)->Unit(benchmark::kMillisecond);

void ValidateYaml(benchmark::State& state) {
  const Corpus& c = corpus();
  RulesetCatalog catalog;
  BatchOptions options;
  std::size_t games = 0;
  for (auto _ : state) {
    validate_text(c.yaml, "season.yaml", ".", catalog, options, [&](GameReport&& g) {
      games += g.diagnostics.empty() ? 1U : 1000000U;
      benchmark::DoNotOptimize(g);
    });
  }
  if (games != 40 * static_cast<std::size_t>(state.iterations())) {
    state.SkipWithError("the corpus did not referee clean");
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(c.yaml.size()) * state.iterations());
}
BENCHMARK(ValidateYaml)->Unit(benchmark::kMillisecond);

class NullHandler final : public YAML::EventHandler {
 public:
  void OnDocumentStart(const YAML::Mark&) override {}
  void OnDocumentEnd() override {}
  void OnNull(const YAML::Mark&, YAML::anchor_t) override { ++events; }
  void OnAlias(const YAML::Mark&, YAML::anchor_t) override { ++events; }
  void OnScalar(const YAML::Mark&, const std::string&, YAML::anchor_t, const std::string&) override { ++events; }
  void OnSequenceStart(const YAML::Mark&, const std::string&, YAML::anchor_t, YAML::EmitterStyle::value) override {
    ++events;
  }
  void OnSequenceEnd() override {}
  void OnMapStart(const YAML::Mark&, const std::string&, YAML::anchor_t, YAML::EmitterStyle::value) override {
    ++events;
  }
  void OnMapEnd() override {}
  std::size_t events = 0;
};

void BareEventParse(benchmark::State& state) {
  const Corpus& c = corpus();
  for (auto _ : state) {
    std::istringstream in(c.yaml);
    YAML::Parser parser(in);
    NullHandler h;
    while (parser.HandleNextDocument(h)) {
    }
    benchmark::DoNotOptimize(h.events);
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(c.yaml.size()) * state.iterations());
}
BENCHMARK(BareEventParse)->Unit(benchmark::kMillisecond);

void Simulate(benchmark::State& state, const std::string& ruleset, const std::string& bot, std::int64_t games,
              std::optional<PlayoutKernel> kernel = std::nullopt) {
  const PlayoutKernel before = playout_kernel();
  if (kernel) {
    if (!playout_kernel_available(*kernel)) {
      state.SkipWithError("this kernel is not available on this CPU");
      return;
    }
    use_playout_kernel(*kernel);
  }
  RulesetCatalog catalog;
  const auto rules = catalog.resolve(ruleset).ruleset;
  sim::SimulateOptions o;
  o.games = games;
  for (int seat = 0; seat < rules->players; ++seat) {  // (assign(n, bot) trips GCC 12's -Wnull-dereference at -O3)
    o.bots.push_back(bot);
  }
  o.jobs = static_cast<unsigned>(state.range(0));
  std::int64_t hands = 0;
  std::int64_t played = 0;  // hands with a contract, where there is an auction
  for (auto _ : state) {
    const auto stats = sim::simulate({{ruleset, rules}}, o);
    hands += stats[0].hands;
    played += stats[0].hands - stats[0].all_pass.sum();
    ++o.seed;  // fresh games every iteration
  }
  state.counters["hands/s"] = benchmark::Counter(static_cast<double>(hands), benchmark::Counter::kIsRate);
  if (rules->has_auction()) {
    state.counters["played/s"] = benchmark::Counter(static_cast<double>(played), benchmark::Counter::kIsRate);
  }
  use_playout_kernel(before);
}
// jobs:1 is timed in CPU time (the machine is shared: CPU time is what the
// simulation costs); jobs:2 in wall time, to show the scaling.
#define TRICKREF_SIMULATE(name, ruleset, bot, games)                                                   \
  BENCHMARK_CAPTURE(Simulate, name, std::string(ruleset), std::string(bot), games)                     \
      ->Arg(1)                                                                                         \
      ->ArgName("jobs")                                                                                \
      ->Unit(benchmark::kMillisecond);                                                                 \
  BENCHMARK_CAPTURE(Simulate, name, std::string(ruleset), std::string(bot), games)                     \
      ->Arg(2)                                                                                         \
      ->ArgName("jobs")                                                                                \
      ->UseRealTime()                                                                                  \
      ->Unit(benchmark::kMillisecond)
TRICKREF_SIMULATE(pluck/random, "pluck", "random", 4000);
TRICKREF_SIMULATE(pluck/heuristic, "pluck", "heuristic", 1000);
TRICKREF_SIMULATE(nine_five_two/random, "nine-five-two", "random", 4000);
TRICKREF_SIMULATE(nine_five_two/heuristic, "nine-five-two", "heuristic", 1000);
TRICKREF_SIMULATE(call_deuces/random, "call-deuces", "random", 2000);
TRICKREF_SIMULATE(call_deuces/heuristic, "call-deuces", "heuristic", 500);
TRICKREF_SIMULATE(court_piece/random, "court-piece", "random", 4000);
TRICKREF_SIMULATE(court_piece/heuristic, "court-piece", "heuristic", 1000);
TRICKREF_SIMULATE(court_piece_race/random, "court-piece-race", "random", 100);
// The random rows again with each build of the random-play loop forced (the
// rows above use the one chosen for this CPU).
#define TRICKREF_SIMULATE_KERNEL(name, ruleset, kernel)                                               \
  BENCHMARK_CAPTURE(Simulate, name, std::string(ruleset), std::string("random"), 4000, kernel)         \
      ->Arg(1)                                                                                         \
      ->ArgName("jobs")                                                                                \
      ->Unit(benchmark::kMillisecond)
TRICKREF_SIMULATE_KERNEL(pluck/random/portable, "pluck", PlayoutKernel::kPortable);
TRICKREF_SIMULATE_KERNEL(pluck/random/pdep, "pluck", PlayoutKernel::kPdep);
TRICKREF_SIMULATE_KERNEL(nine_five_two/random/portable, "nine-five-two", PlayoutKernel::kPortable);
TRICKREF_SIMULATE_KERNEL(nine_five_two/random/pdep, "nine-five-two", PlayoutKernel::kPdep);
TRICKREF_SIMULATE_KERNEL(call_deuces/random/portable, "call-deuces", PlayoutKernel::kPortable);
TRICKREF_SIMULATE_KERNEL(call_deuces/random/pdep, "call-deuces", PlayoutKernel::kPdep);
TRICKREF_SIMULATE_KERNEL(court_piece/random/portable, "court-piece", PlayoutKernel::kPortable);
TRICKREF_SIMULATE_KERNEL(court_piece/random/pdep, "court-piece", PlayoutKernel::kPdep);

}  // namespace
}  // namespace trickref

BENCHMARK_MAIN();
