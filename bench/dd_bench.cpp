// The double-dummy solver's speed (analysis.md §3), trickref_dd_bench:
//
//  - DdPar/court_piece/trickref and DdPar/court_piece/libdds: Court Piece par
//    from the first lead on the same N random deals (seeded, fixed; N from
//    TRICKREF_DD_DEALS, 1,000 by default): trickref's DdSolver::value for
//    the side on lead (one table of TRICKREF_DD_TABLE_MB MiB, 64 by default,
//    cleared before each deal, the clearing timed with the solve) against
//    libdds's SolveBoard (one thread, target -1, one solution, mode 1). Per
//    solver: total, median, mean and max CPU time a deal. The values must be
//    the same on every deal: a mismatch is printed with its deal, the
//    benchmark reports an error and the program exits 1.
//  - DdHands/pluck and DdHands/nine_five_two: simulated hands (the engine's
//    play_game with the heuristic bots; TRICKREF_DD_HANDS hands, 40 by
//    default): par for the three players at the first lead (a cleared table,
//    three solves), and the full trace (each card's value before and after
//    for the side of the player who played it: every solve through one table
//    reused across the hand, a value already known at a position not solved
//    again). Median, p90 and max CPU time a hand, and the share of hands
//    solved within the node budget of each solve (TRICKREF_DD_MAX_NODES,
//    20,000,000 by default).
//  - DdHands/court_piece: the same for Court Piece hands played by the
//    heuristic bots to all thirteen tricks (TRICKREF_DD_TRACES hands, 100 by
//    default), where par is one solve (the side on lead; the other side's is
//    the rest of the tricks), and the ratio trace / par a hand (analysis.md
//    §3: at most 2).
//
// Each benchmark runs once (one iteration: the figures are per deal, from
// the solves' own clocks, the CPU time of this thread), then a summary table
// is printed. Not run in CI.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "engine/double_dummy.h"
#include "engine/playout.h"
#include "ruleset/ruleset_loader.h"
#include "sim/bots.h"
#include "support/libdds.h"

namespace trickref {
namespace {

double cpu_now() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

std::uint64_t env_count(const char* name, std::uint64_t fallback) {
  const char* v = std::getenv(name);
  if (v == nullptr || *v == '\0') {
    return fallback;
  }
  char* end = nullptr;
  const unsigned long long n = std::strtoull(v, &end, 10);
  if (end == v || *end != '\0') {
    std::fprintf(stderr, "%s: not a count: %s\n", name, v);
    std::exit(2);
  }
  return n;
}

std::size_t deal_count() { return static_cast<std::size_t>(env_count("TRICKREF_DD_DEALS", 1000)); }
std::size_t hand_count() { return static_cast<std::size_t>(env_count("TRICKREF_DD_HANDS", 40)); }
std::size_t trace_count() { return static_cast<std::size_t>(env_count("TRICKREF_DD_TRACES", 100)); }
std::uint64_t max_nodes() { return env_count("TRICKREF_DD_MAX_NODES", 20'000'000); }
std::size_t table_bytes() { return static_cast<std::size_t>(env_count("TRICKREF_DD_TABLE_MB", 64)) << 20U; }

// Times (seconds) and their order statistics.
struct Sample {
  std::vector<double> v;
  [[nodiscard]] double total() const {
    double t = 0;
    for (const double x : v) {
      t += x;
    }
    return t;
  }
  [[nodiscard]] double mean() const { return v.empty() ? 0 : total() / static_cast<double>(v.size()); }
  // The q-quantile, nearest rank.
  [[nodiscard]] double quantile(double q) const {
    if (v.empty()) {
      return 0;
    }
    std::vector<double> s = v;
    std::sort(s.begin(), s.end());
    const auto rank = static_cast<std::size_t>(q * static_cast<double>(s.size()) + 0.999999);
    return s[std::min(s.size() - 1, rank == 0 ? 0 : rank - 1)];
  }
  [[nodiscard]] double median() const { return quantile(0.5); }
  [[nodiscard]] double max() const { return v.empty() ? 0 : *std::max_element(v.begin(), v.end()); }
};

const Ruleset& ruleset(const std::string& name) {
  static std::map<std::string, std::shared_ptr<const Ruleset>> cache;
  auto& r = cache[name];
  if (!r) {
    RulesetCatalog catalog;
    r = catalog.resolve(name).ruleset;
    if (!r) {
      std::fprintf(stderr, "no built-in ruleset %s\n", name.c_str());
      std::exit(2);
    }
  }
  return *r;
}

SeatMask side_of(const Ruleset& r, int seat) {
  if (r.partnership == Partnership::kOpposite) {
    return static_cast<SeatMask>(seat_bit(seat) | seat_bit((seat + 2) % r.players));
  }
  return seat_bit(seat);
}

// ------------------------------------------------ Court Piece par vs libdds

struct Deal {
  std::array<CardSet, kMaxPlayers> hands{};
  Suit trump = Suit::kClubs;
  int leader = 0;
};

// N deals of the 52 cards, 13 each, a random trump and first leader: the
// engine's generator and shuffle (playout.h), so the deals are the same on
// every machine and build.
const std::vector<Deal>& court_piece_deals() {
  static const std::vector<Deal> deals = [] {
    std::vector<Deal> out;
    PlayoutRng rng(20261202);
    const CardSet deck = ruleset("court-piece").deck;
    std::vector<Card> cards(deck.begin(), deck.end());
    for (std::size_t n = 0; n < deal_count(); ++n) {
      shuffle_cards(cards, rng);
      Deal d;
      for (std::size_t i = 0; i < cards.size(); ++i) {
        d.hands[i % 4].insert(cards[i]);
      }
      d.trump = static_cast<Suit>(draw_below(rng, 4));
      d.leader = static_cast<int>(draw_below(rng, 4));
      out.push_back(d);
    }
    return out;
  }();
  return deals;
}

struct ParRun {
  Sample seconds;
  std::vector<int> values;  // the side on lead's tricks, -1: not solved
  std::uint64_t nodes = 0;
  bool ran = false;
};
ParRun g_trickref;
ParRun g_libdds;
int g_mismatches = -1;  // -1: not compared (one of the two did not run)

void report_par(benchmark::State& state, const ParRun& run) {
  state.counters["deals"] = static_cast<double>(run.values.size());
  state.counters["total_s"] = run.seconds.total();
  state.counters["median_ms"] = run.seconds.median() * 1e3;
  state.counters["mean_ms"] = run.seconds.mean() * 1e3;
  state.counters["max_ms"] = run.seconds.max() * 1e3;
}

// Compares the two runs once both have run; prints every deal that differs.
void compare_par(benchmark::State& state) {
  if (!g_trickref.ran || !g_libdds.ran) {
    return;
  }
  g_mismatches = 0;
  const auto& deals = court_piece_deals();
  for (std::size_t i = 0; i < deals.size(); ++i) {
    if (g_trickref.values[i] != g_libdds.values[i]) {
      ++g_mismatches;
      std::string text;
      for (int p = 0; p < 4; ++p) {
        text += to_string(deals[i].hands[static_cast<std::size_t>(p)]) + " / ";
      }
      std::fprintf(stderr, "MISMATCH deal %zu: trickref %d, libdds %d: %strump %d, leader %d\n", i,
                   g_trickref.values[i], g_libdds.values[i], text.c_str(), static_cast<int>(deals[i].trump),
                   deals[i].leader);
    }
  }
  state.counters["mismatches"] = g_mismatches;
  if (g_mismatches != 0) {
    state.SkipWithError("trickref and libdds differ on some deals (listed on stderr)");
  }
}

void CourtPieceParTrickref(benchmark::State& state) {
  const auto& deals = court_piece_deals();
  const Ruleset& r = ruleset("court-piece");
  DdTable table(table_bytes());
  for (auto _ : state) {
    g_trickref = ParRun{};
    for (const Deal& d : deals) {
      const DdPosition pos = dd_start(start_play(r, d.trump, d.hands, d.leader));
      const double t0 = cpu_now();
      table.clear();
      DdSolver solver(r, table);
      const auto v = solver.value(pos, side_of(r, d.leader));
      g_trickref.seconds.v.push_back(cpu_now() - t0);
      g_trickref.values.push_back(v ? *v : -1);
      g_trickref.nodes += solver.stats().nodes;
    }
    g_trickref.ran = true;
  }
  report_par(state, g_trickref);
  state.counters["Mnodes"] = static_cast<double>(g_trickref.nodes) * 1e-6;
  compare_par(state);
}
BENCHMARK(CourtPieceParTrickref)->Name("DdPar/court_piece/trickref")->Iterations(1)->Unit(benchmark::kSecond);

void CourtPieceParLibdds(benchmark::State& state) {
  const auto& deals = court_piece_deals();
  testing_dds::dds_init();
  for (auto _ : state) {
    g_libdds = ParRun{};
    for (const Deal& d : deals) {
      const PlayState s = start_play(ruleset("court-piece"), d.trump, d.hands, d.leader);
      const double t0 = cpu_now();
      int error = 0;
      const auto v = testing_dds::dds_future_tricks(s, &error);
      g_libdds.seconds.v.push_back(cpu_now() - t0);
      if (!v) {
        state.SkipWithError("libdds refused a deal");
        return;
      }
      g_libdds.values.push_back(*v);
    }
    g_libdds.ran = true;
  }
  report_par(state, g_libdds);
  compare_par(state);
}
BENCHMARK(CourtPieceParLibdds)->Name("DdPar/court_piece/libdds")->Iterations(1)->Unit(benchmark::kSecond);

// ------------------------------------------------ played hands: par and trace

// A hand as played: the hands at the first lead, trump, the first leader
// and every card in play order.
struct PlayedCards {
  std::array<CardSet, kMaxPlayers> start{};
  Suit trump = Suit::kClubs;
  int leader = 0;
  std::vector<Card> plays;
};

// `count` hands of `name` played by the heuristic bots (seeded games, one
// after another), each with every trick of the hand recorded.
std::vector<PlayedCards> simulated_hands(const std::string& name, std::size_t count) {
  const Ruleset& r = ruleset(name);
  std::vector<std::unique_ptr<SeatPolicy>> bots;
  std::vector<SeatPolicy*> seats;
  for (int p = 0; p < r.players; ++p) {
    bots.push_back(sim::make_bot("heuristic"));
    seats.push_back(bots.back().get());
  }
  std::vector<PlayedCards> out;
  for (std::uint64_t seed = 1; out.size() < count && seed < 100000; ++seed) {
    PlayoutOptions po;
    po.seed = seed;
    const PlayedGame g = play_game(r, seats, po);
    for (const PlayedHand& h : g.hands) {
      if (out.size() == count || h.tricks.size() != static_cast<std::size_t>(r.tricks_per_hand())) {
        continue;
      }
      PlayedCards pc;
      pc.trump = h.trump;
      pc.leader = h.leaders[0];
      for (std::size_t t = 0; t < h.tricks.size(); ++t) {
        for (std::size_t i = 0; i < h.tricks[t].size(); ++i) {
          pc.start[static_cast<std::size_t>((h.leaders[t] + static_cast<int>(i)) % r.players)].insert(h.tricks[t][i]);
          pc.plays.push_back(h.tricks[t][i]);
        }
      }
      out.push_back(std::move(pc));
    }
  }
  return out;
}

struct HandCost {
  double seconds = 0;
  bool solved = true;
  std::uint64_t nodes = 0;
};

// Par at the first lead: a cleared table, one solve for each side
// (`sides`), each within the budget.
HandCost par_cost(const Ruleset& r, DdTable& table, const PlayedCards& h, const std::vector<SeatMask>& sides) {
  HandCost c;
  const DdPosition pos = dd_start(start_play(r, h.trump, h.start, h.leader));
  const double t0 = cpu_now();
  table.clear();
  DdSolver solver(r, table);
  solver.set_max_nodes(max_nodes());
  for (const SeatMask side : sides) {
    if (!solver.value(pos, side)) {
      c.solved = false;
      break;
    }
  }
  c.seconds = cpu_now() - t0;
  c.nodes = solver.stats().nodes;
  return c;
}

// The trace: for every card, the value for the side of its player before
// and after it, through one table cleared at the start of the hand; a value
// already solved at a position (the previous card's "after" for the same
// side) is not solved again, and each "after" is probed from the value
// before the card (DdSolver::value's guess). Stops at the first solve past
// the budget.
HandCost trace_cost(const Ruleset& r, DdTable& table, const PlayedCards& h) {
  HandCost c;
  DdPosition pos = dd_start(start_play(r, h.trump, h.start, h.leader));
  const double t0 = cpu_now();
  table.clear();
  DdSolver solver(r, table);
  solver.set_max_nodes(max_nodes());
  std::optional<int> known;  // the value at `pos` for `known_side`
  SeatMask known_side = 0;
  for (const Card card : h.plays) {
    const SeatMask side = side_of(r, pos.play.to_play());
    const auto before = known && known_side == side ? known : solver.value(pos, side);
    dd_play(pos, card);
    const auto after = before ? solver.value(pos, side, *before) : std::nullopt;  // probing from the value before
    if (!before || !after) {
      c.solved = false;
      break;
    }
    known = after;
    known_side = side;
  }
  c.seconds = cpu_now() - t0;
  c.nodes = solver.stats().nodes;
  return c;
}

struct HandsRun {
  std::string name;
  std::size_t hands = 0;
  Sample par;
  Sample trace;
  Sample ratio;  // trace / par, hands whose both were solved
  std::size_t par_solved = 0;
  std::size_t trace_solved = 0;
  std::size_t ratio_within_2 = 0;
};
std::vector<HandsRun> g_hands;

void Hands(benchmark::State& state, const std::string& name) {
  const Ruleset& r = ruleset(name);
  const std::size_t count = name == "court-piece" ? trace_count() : hand_count();
  const auto hands = simulated_hands(name, count);
  std::vector<SeatMask> par_sides;
  if (r.partnership == Partnership::kOpposite) {
    par_sides.push_back(0);  // the side on lead, set per hand
  } else {
    for (int p = 0; p < r.players; ++p) {
      par_sides.push_back(seat_bit(p));
    }
  }
  DdTable table(table_bytes());
  HandsRun run;
  for (auto _ : state) {
    run = HandsRun{};
    run.name = name;
    run.hands = hands.size();
    for (const PlayedCards& h : hands) {
      if (r.partnership == Partnership::kOpposite) {
        par_sides[0] = side_of(r, h.leader);
      }
      const HandCost p = par_cost(r, table, h, par_sides);
      const HandCost t = trace_cost(r, table, h);
      run.par.v.push_back(p.seconds);
      run.trace.v.push_back(t.seconds);
      run.par_solved += p.solved ? 1 : 0;
      run.trace_solved += t.solved ? 1 : 0;
      if (p.solved && t.solved && p.seconds > 0) {
        run.ratio.v.push_back(t.seconds / p.seconds);
        run.ratio_within_2 += t.seconds <= 2 * p.seconds ? 1 : 0;
      }
    }
  }
  state.counters["hands"] = static_cast<double>(run.hands);
  state.counters["par_median_ms"] = run.par.median() * 1e3;
  state.counters["par_p90_ms"] = run.par.quantile(0.9) * 1e3;
  state.counters["par_max_ms"] = run.par.max() * 1e3;
  state.counters["trace_median_ms"] = run.trace.median() * 1e3;
  state.counters["trace_p90_ms"] = run.trace.quantile(0.9) * 1e3;
  state.counters["trace_max_ms"] = run.trace.max() * 1e3;
  state.counters["par_solved_pct"] = run.hands == 0 ? 0 : 100.0 * static_cast<double>(run.par_solved) / static_cast<double>(run.hands);
  state.counters["trace_solved_pct"] = run.hands == 0 ? 0 : 100.0 * static_cast<double>(run.trace_solved) / static_cast<double>(run.hands);
  if (!run.ratio.v.empty()) {
    state.counters["ratio_median"] = run.ratio.median();
    state.counters["ratio_max"] = run.ratio.max();
  }
  g_hands.push_back(std::move(run));
}
BENCHMARK_CAPTURE(Hands, pluck, std::string("pluck"))->Name("DdHands/pluck")->Iterations(1)->Unit(benchmark::kSecond);
BENCHMARK_CAPTURE(Hands, nine_five_two, std::string("nine-five-two"))
    ->Name("DdHands/nine_five_two")
    ->Iterations(1)
    ->Unit(benchmark::kSecond);
BENCHMARK_CAPTURE(Hands, court_piece, std::string("court-piece"))
    ->Name("DdHands/court_piece")
    ->Iterations(1)
    ->Unit(benchmark::kSecond);

// ------------------------------------------------ the summary

void print_par_row(const char* name, const ParRun& run) {
  std::printf("  %-10s %6zu %10.3f %10.3f %10.3f %10.3f\n", name, run.values.size(), run.seconds.total(),
              run.seconds.median() * 1e3, run.seconds.mean() * 1e3, run.seconds.max() * 1e3);
}

void print_summary() {
  std::printf("\nSummary (CPU time of one thread; node budget %llu a solve, table %zu MiB)\n",
              static_cast<unsigned long long>(max_nodes()), table_bytes() >> 20U);
  if (g_trickref.ran || g_libdds.ran) {
    std::printf("\nCourt Piece par from the first lead, %zu deals:\n", court_piece_deals().size());
    std::printf("  %-10s %6s %10s %10s %10s %10s\n", "solver", "deals", "total s", "median ms", "mean ms", "max ms");
    if (g_trickref.ran) {
      print_par_row("trickref", g_trickref);
    }
    if (g_libdds.ran) {
      print_par_row("libdds", g_libdds);
    }
    if (g_mismatches >= 0) {
      std::printf("  values: %d mismatch%s%s\n", g_mismatches, g_mismatches == 1 ? "" : "es",
                  g_mismatches == 0 ? " (the same value on every deal)" : "  <-- FAILED");
    }
    if (g_trickref.ran && g_libdds.ran && g_libdds.seconds.total() > 0) {
      std::printf("  trickref / libdds total: %.2f\n", g_trickref.seconds.total() / g_libdds.seconds.total());
    }
  }
  if (!g_hands.empty()) {
    std::printf("\nPlayed hands (heuristic bots): par at the first lead and the full trace, per hand:\n");
    std::printf("  %-14s %5s %10s %10s %10s %7s %10s %10s %10s %7s %8s %8s %8s\n", "game", "hands", "par med ms",
                "par p90", "par max", "solved", "trace med", "trace p90", "trace max", "solved", "t/p med",
                "t/p max", "t/p<=2");
    for (const auto& h : g_hands) {
      const auto pct = [&](std::size_t n) {
        return h.hands == 0 ? 0.0 : 100.0 * static_cast<double>(n) / static_cast<double>(h.hands);
      };
      std::printf("  %-14s %5zu %10.1f %10.1f %10.1f %6.1f%% %10.1f %10.1f %10.1f %6.1f%% %8.2f %8.2f %7.1f%%\n",
                  h.name.c_str(), h.hands, h.par.median() * 1e3, h.par.quantile(0.9) * 1e3, h.par.max() * 1e3,
                  pct(h.par_solved), h.trace.median() * 1e3, h.trace.quantile(0.9) * 1e3, h.trace.max() * 1e3,
                  pct(h.trace_solved), h.ratio.median(), h.ratio.max(),
                  h.ratio.v.empty() ? 0.0
                                    : 100.0 * static_cast<double>(h.ratio_within_2) / static_cast<double>(h.ratio.v.size()));
    }
    std::printf("  (par: the three players' values in Pluck and Nine Five Two, the side on lead's in Court Piece;\n"
                "   solved: every solve of the hand within the budget; t/p: trace time / par time, hands with both solved)\n");
  }
}

}  // namespace
}  // namespace trickref

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) {
    return 1;
  }
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  trickref::print_summary();
  return trickref::g_mismatches > 0 ? 1 : 0;
}
