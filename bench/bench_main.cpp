// Benchmarks:
//  - EngineReplay: check_play + apply_play for every card of recorded hands
//    (the referee's inner loop), reported as hands per second;
//  - ValidateYaml: the whole validate pipeline (event parse into the located
//    tree, load, referee) on a season file, in bytes per second;
//  - BareEventParse: yaml-cpp's event parser with a handler that does nothing,
//    on the same text: the ceiling ValidateYaml is compared against;
//  - JsonLines/...: a JSON Lines archive of full Pluck games, as `simulate
//    --out` writes them, in hands and bytes per second: Validate (the whole
//    `validate` pipeline), Load (read and load every game, no refereeing),
//    Read (JsonReader into the located tree alone), and the floors in the
//    same run: simdjson's DOM parse_many, and its On-Demand iterate_many,
//    each visiting every value;
//  - Referee/Games: the referee and the per-game report of `validate -q`
//    alone, on the JSON Lines archive's games loaded beforehand, in hands
//    per second;
//  - Simulate/RULESET/BOTS/JOBS: `simulate` without transcripts (deal,
//    plucks or the auction, trump, discard, play, scoring and statistics),
//    in hands per second: of CPU time with 1 thread, of wall time with 2
//    (under an auction also `played/s`, the hands not passed out); the random
//    rows also with each build of the random-play loop (portable, pdep) forced.
//    Court Piece: ten-hand games (`court-piece`) and races to seven courts.
#include <benchmark/benchmark.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <optional>
#include <sstream>

#include <fmt/format.h>
#include <simdjson.h>
#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/parser.h>

#include "batch/batch.h"
#include "json/json_game_reader.h"
#include "json/json_reader.h"
#include "referee/referee.h"
#include "report/report.h"
#include "transcript/transcript_loader.h"
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

// ------------------------------------------------------------ JSON Lines

struct Archive {
  std::string text;  // one game a line
  std::int64_t hands = 0;
  std::int64_t games = 0;
};

// 1,000 seeded random Pluck games to 20, written in full as `simulate
// --out FILE.jsonl` writes them: about 13,000 hands, 12 MB. Or, where the
// environment names one (TRICKREF_BENCH_ARCHIVE=FILE), that JSON Lines
// archive of clean Pluck or Nine Five Two games, so that the pipeline and the
// floors are measured on a file `validate` is timed on.
// Calls read(line, number) for each line of the first `size` bytes of
// `padded` (a text of lines each ended by '\n', then kJsonPadding bytes), in
// place; false as soon as a call is.
template <class Read>
bool each_line_of(const std::string& padded, std::size_t size, Read&& read) {
  std::uint32_t number = 0;
  for (std::size_t at = 0; at < size;) {
    const std::size_t end = padded.find('\n', at);
    if (!read(std::string_view(padded.data() + at, end - at), ++number)) {
      return false;
    }
    at = end + 1;
  }
  return true;
}

Archive archive_file(const char* path) {
  Archive out;
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  out.text = text.str();
  if (!in || out.text.empty()) {
    std::fprintf(stderr, "TRICKREF_BENCH_ARCHIVE: cannot read %s\n", path);
    std::exit(2);
  }
  if (out.text.back() != '\n') {
    out.text += '\n';
  }
  const std::string padded = out.text + std::string(kJsonPadding, ' ');
  JsonGameReader reader{Limits{}};
  Game g;
  each_line_of(padded, out.text.size(), [&](std::string_view record, std::uint32_t number) {
    JsonText line;
    line.text = record;
    line.padded = true;
    line.json_lines = true;
    if (!reader.read(line, g)) {
      std::fprintf(stderr, "TRICKREF_BENCH_ARCHIVE: line %u is not a clean record the direct reader takes\n", number);
      std::exit(2);
    }
    out.hands += static_cast<std::int64_t>(g.hands.size());
    ++out.games;
    return true;
  });
  return out;
}

const Archive& archive() {
  static const Archive a = [] {
    if (const char* path = std::getenv("TRICKREF_BENCH_ARCHIVE"); path != nullptr && *path != '\0') {
      return archive_file(path);
    }
    Archive out;
    RulesetCatalog catalog;
    const auto rules = catalog.resolve("pluck").ruleset;
    const std::vector<std::string> players = {"Ann", "Bob", "Cat"};
    for (std::uint64_t seed = 1; seed <= 1000; ++seed) {
      PlayoutOptions po;
      po.seed = seed;
      const PlayedGame g = play_random_game(*rules, po);
      WriteOptions wo;
      wo.id = fmt::format("g{}", seed);  // (not "g" + to_string: GCC 12 bug 105329 at -O3)
      append_jsonl(out.text, g, *rules, "pluck", players, wo);
      out.text += '\n';
      out.hands += static_cast<std::int64_t>(g.hands.size());
      ++out.games;
    }
    return out;
  }();
  return a;
}

// The archive's text followed by kJsonPadding spaces, so that every line,
// the last too, can be read where it lies (JsonText::padded).
const std::string& padded_archive() {
  static const std::string text = [] {
    std::string t = archive().text;
    t.append(kJsonPadding, ' ');
    return t;
  }();
  return text;
}

// Calls read(line, number) for each line of the archive, in place in
// padded_archive(); false as soon as a call is. A benchmark that reads
// this way builds the padded copy first (padded_archive()), before its
// clock runs: a copy of a large archive is seconds of page faults.
template <class Read>
bool each_line(Read&& read) {
  return each_line_of(padded_archive(), archive().text.size(), read);
}

void rates(benchmark::State& state, const Archive& a) {
  state.counters["hands/s"] = benchmark::Counter(static_cast<double>(a.hands * state.iterations()),
                                                 benchmark::Counter::kIsRate);
  state.SetBytesProcessed(static_cast<std::int64_t>(a.text.size()) * state.iterations());
}

void JsonLinesValidate(benchmark::State& state) {
  const Archive& a = archive();
  RulesetCatalog catalog;
  BatchOptions options;
  std::int64_t clean = 0;
  for (auto _ : state) {
    validate_text(a.text, "archive.jsonl", ".", catalog, options, [&](GameReport&& g) {
      clean += g.diagnostics.empty() ? 1 : 0;
      benchmark::DoNotOptimize(g);
    });
  }
  if (clean != a.games * state.iterations()) {
    state.SkipWithError("the archive did not referee clean");
  }
  rates(state, a);
}
BENCHMARK(JsonLinesValidate)->Name("JsonLines/Validate")->Unit(benchmark::kMillisecond);

// The transcript writer alone: the same 1,000 played games written in full
// each iteration, as `simulate --out FILE.jsonl` writes them (JsonLines) and
// as `--out DIR` writes each file's text (Yaml).
void Writer(benchmark::State& state, bool jsonl) {
  static const auto played = [] {
    std::vector<PlayedGame> games;
    RulesetCatalog catalog;
    const auto rules = catalog.resolve("pluck").ruleset;
    for (std::uint64_t seed = 1; seed <= 1000; ++seed) {
      PlayoutOptions po;
      po.seed = seed;
      games.push_back(play_random_game(*rules, po));
    }
    return std::make_pair(rules, games);
  }();
  const std::vector<std::string> players = {"Ann", "Bob", "Cat"};
  std::int64_t hands = 0;
  for (const auto& g : played.second) {
    hands += static_cast<std::int64_t>(g.hands.size());
  }
  std::size_t bytes = 0;
  for (auto _ : state) {
    std::string out;
    for (std::size_t i = 0; i < played.second.size(); ++i) {
      WriteOptions wo;
      wo.id = fmt::format("g{}", i + 1);
      if (jsonl) {
        append_jsonl(out, played.second[i], *played.first, "pluck", players, wo);
        out += '\n';
      } else {
        out += to_yaml(played.second[i], *played.first, "pluck", players, wo);
      }
    }
    bytes = out.size();
    benchmark::DoNotOptimize(out.data());
  }
  state.counters["hands/s"] =
      benchmark::Counter(static_cast<double>(hands * state.iterations()), benchmark::Counter::kIsRate);
  state.SetBytesProcessed(static_cast<std::int64_t>(bytes) * state.iterations());
}
BENCHMARK_CAPTURE(Writer, jsonl, true)->Name("Writer/JsonLines")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(Writer, yaml, false)->Name("Writer/Yaml")->Unit(benchmark::kMillisecond);

// Each line read in place (the archive text, padded at its end) into one
// reused Document, then, with `load`, loaded as a Game: the full way, which
// validate takes for a line the direct reader declines (JsonLines/Direct).
void JsonLinesRead(benchmark::State& state, bool load) {
  const Archive& a = archive();
  padded_archive();
  JsonReader reader(Limits{});
  Document doc;
  LoadScratch scratch;
  std::int64_t hands = 0;
  for (auto _ : state) {
    const bool read = each_line([&](std::string_view line, std::uint32_t number) {
      DiagnosticSink sink("archive.jsonl");
      if (reader.read(JsonText{line, true, number, true, false}, doc, sink) != JsonRead::kGame) {
        return false;
      }
      if (load) {
        Game g = load_game(doc.root(), "archive.jsonl", 0, sink, scratch);
        hands += static_cast<std::int64_t>(g.hands.size());
        scratch.recycle(g);  // as validate does: the next game reuses its lists
      }
      return true;
    });
    if (!read) {
      state.SkipWithError("a line did not read");
      return;
    }
    benchmark::DoNotOptimize(doc);
  }
  if (load && hands != a.hands * state.iterations()) {
    state.SkipWithError("the games did not load in full");
  }
  rates(state, a);
}
BENCHMARK_CAPTURE(JsonLinesRead, read, false)->Name("JsonLines/Read")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(JsonLinesRead, load, true)->Name("JsonLines/Load")->Unit(benchmark::kMillisecond);

// Each line read straight into one recycled Game (JsonGameReader): the way
// `validate` reads a clean archive.
void JsonLinesDirect(benchmark::State& state) {
  const Archive& a = archive();
  padded_archive();
  JsonGameReader reader(Limits{});
  Game g;
  std::int64_t hands = 0;
  for (auto _ : state) {
    const bool taken = each_line([&](std::string_view line, std::uint32_t number) {
      if (!reader.read(JsonText{line, true, number, true, false}, g)) {
        return false;
      }
      hands += static_cast<std::int64_t>(g.hands.size());
      return true;
    });
    if (!taken) {
      state.SkipWithError("a line was not taken");
      return;
    }
    benchmark::DoNotOptimize(g);
  }
  if (hands != a.hands * state.iterations()) {
    state.SkipWithError("the games did not load in full");
  }
  rates(state, a);
}
BENCHMARK(JsonLinesDirect)->Name("JsonLines/Direct")->Unit(benchmark::kMillisecond);

// The referee and the report alone: the archive's games read and loaded
// once, then each refereed and its GameReport built as `validate -q` builds
// it per game (batch.cpp's referee_game: the game's keys copied, the
// result, the diagnostics taken and sorted), counted and rendered as text
// without tables, which for a clean game is nothing.
void RefereeGames(benchmark::State& state) {
  const Archive& a = archive();
  RulesetCatalog catalog;
  const auto rules = catalog.resolve("pluck").ruleset;
  std::vector<Game> games;
  JsonReader reader(Limits{});
  Document doc;
  const bool read = each_line([&](std::string_view line, std::uint32_t number) {
    DiagnosticSink sink("archive.jsonl");
    if (reader.read(JsonText{line, true, number, true, false}, doc, sink) != JsonRead::kGame) {
      return false;
    }
    games.push_back(load_game(doc.root(), "archive.jsonl", static_cast<int>(games.size()), sink));
    return true;
  });
  if (!read) {
    state.SkipWithError("a line did not read");
    return;
  }
  const std::string display = "archive.jsonl";
  const TextStyle style{false, false, 1000};
  Summary summary;
  std::int64_t clean = 0;
  for (auto _ : state) {
    DiagnosticBudget budget{SIZE_MAX};
    for (std::size_t i = 0; i < games.size(); ++i) {
      const Game& g = games[i];
      DiagnosticSink sink(display, &budget);
      GameReport rep;
      rep.file = display;
      rep.index = static_cast<int>(i);
      rep.id = g.id;
      rep.players = g.players;
      rep.event = g.event;
      rep.date = g.date;
      rep.notes = g.notes;
      rep.ruleset = rules->name;
      rep.scoring = rules->scoring;
      rep.result = referee(g, *rules, sink);
      rep.hidden_errors = sink.hidden_errors();
      rep.hidden_warnings = sink.hidden_warnings();
      auto diags = sink.take();
      sort_game_order(diags);
      rep.diagnostics = std::move(diags);
      count(summary, rep);
      const std::string text = render_text(rep, style);
      clean += rep.diagnostics.empty() && text.empty() ? 1 : 0;
      benchmark::DoNotOptimize(rep);
    }
  }
  if (clean != a.games * state.iterations()) {
    state.SkipWithError("the archive did not referee clean");
  }
  state.counters["hands/s"] = benchmark::Counter(static_cast<double>(a.hands * state.iterations()),
                                                 benchmark::Counter::kIsRate);
}
BENCHMARK(RefereeGames)->Name("Referee/Games")->Unit(benchmark::kMillisecond);

std::size_t visit(simdjson::dom::element e) {
  std::size_t n = 1;
  if (e.is_object()) {
    for (const auto field : simdjson::dom::object(e)) {
      n += 1 + visit(field.value);
    }
  } else if (e.is_array()) {
    for (const auto item : simdjson::dom::array(e)) {
      n += visit(item);
    }
  }
  return n;
}

// The floor: simdjson's DOM parse_many over the archive, every value visited.
void JsonLinesFloorDom(benchmark::State& state) {
  const Archive& a = archive();
  const simdjson::padded_string text(a.text);
  simdjson::dom::parser parser;
  std::size_t values = 0;
  std::int64_t games = 0;
  for (auto _ : state) {
    simdjson::dom::document_stream docs;
    if (parser.parse_many(text).get(docs) != simdjson::SUCCESS) {
      state.SkipWithError("parse_many failed");
      return;
    }
    for (auto doc : docs) {
      simdjson::dom::element e;
      if (doc.get(e) != simdjson::SUCCESS) {
        state.SkipWithError("a game did not parse");
        return;
      }
      values += visit(e);
      ++games;
    }
  }
  benchmark::DoNotOptimize(values);
  if (games != a.games * state.iterations()) {
    state.SkipWithError("parse_many did not see every game");
  }
  rates(state, a);
}
BENCHMARK(JsonLinesFloorDom)->Name("JsonLines/FloorDomParseMany")->Unit(benchmark::kMillisecond);

std::size_t visit(simdjson::ondemand::value v) {
  simdjson::ondemand::json_type type{};
  if (v.type().get(type) != simdjson::SUCCESS) {
    return 0;
  }
  std::size_t n = 1;
  if (type == simdjson::ondemand::json_type::object) {
    for (auto field : v.get_object()) {
      std::string_view key;
      if (field.unescaped_key().get(key) == simdjson::SUCCESS) {
        benchmark::DoNotOptimize(key);
        ++n;
      }
      n += visit(field.value());
    }
  } else if (type == simdjson::ondemand::json_type::array) {
    for (auto item : v.get_array()) {
      n += visit(item.value());
    }
  } else if (type == simdjson::ondemand::json_type::string) {
    std::string_view s;
    if (v.get_string().get(s) == simdjson::SUCCESS) {
      benchmark::DoNotOptimize(s);
    }
  } else {
    benchmark::DoNotOptimize(v.raw_json_token());
  }
  return n;
}

// simdjson's On-Demand iterate_many, every value visited and every string unescaped.
void JsonLinesFloorOnDemand(benchmark::State& state) {
  const Archive& a = archive();
  const simdjson::padded_string text(a.text);
  simdjson::ondemand::parser parser;
  std::size_t values = 0;
  std::int64_t games = 0;
  for (auto _ : state) {
    simdjson::ondemand::document_stream docs;
    if (parser.iterate_many(text).get(docs) != simdjson::SUCCESS) {
      state.SkipWithError("iterate_many failed");
      return;
    }
    for (auto doc : docs) {
      simdjson::ondemand::value v;
      if (doc.get_value().get(v) != simdjson::SUCCESS) {
        state.SkipWithError("a game did not parse");
        return;
      }
      values += visit(v);
      ++games;
    }
  }
  benchmark::DoNotOptimize(values);
  if (games != a.games * state.iterations()) {
    state.SkipWithError("iterate_many did not see every game");
  }
  rates(state, a);
}
BENCHMARK(JsonLinesFloorOnDemand)->Name("JsonLines/FloorOnDemandIterateMany")->Unit(benchmark::kMillisecond);

void Simulate(benchmark::State& state, const std::string& ruleset, const std::string& bot, std::int64_t games,
              std::optional<PlayoutKernel> kernel = std::nullopt) {
  if (kernel && !playout_kernel_available(*kernel)) {
    state.SkipWithError("this kernel is not available on this CPU");
    return;
  }
  RulesetCatalog catalog;
  const auto rules = catalog.resolve(ruleset).ruleset;
  sim::SimulateOptions o;
  o.games = games;
  for (int seat = 0; seat < rules->players; ++seat) {  // (assign(n, bot) trips GCC 12's -Wnull-dereference at -O3)
    o.bots.push_back(bot);
  }
  o.jobs = static_cast<unsigned>(state.range(0));
  o.kernel = kernel;
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
