// `trickref analyse` (analysis.md §2): each hand of a refereed game valued
// by the double-dummy solver (engine/double_dummy.h) as the referee replayed
// it (HandSummary::play): par for every side at the first lead, the value
// before and after every card played, the cards that kept it, and the play
// each side with a target never recovered from. Pure: no output here; the
// renderers (analyse/render.h) word it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "cards/card.h"
#include "engine/double_dummy.h"
#include "report/report.h"

namespace trickref {

struct AnalyseOptions {
  bool par_only = false;  // --par: par only, no trace
  // The budget of one solve (DdSolver::set_max_nodes); a hand any of whose
  // solves runs past it is "not solved within N nodes".
  std::uint64_t max_nodes = 20'000'000;
};

// The default budget, named by --max-nodes' help and the README.
inline constexpr std::uint64_t kDefaultMaxNodes = 20'000'000;
// The default transposition table, in MiB (--table-size).
inline constexpr std::size_t kDefaultTableMiB = 64;

// A side (analysis.md §1): its seats in seat order and its target (a
// player's quota, the bidding side's bid, the majority that wins a Court
// Piece hand; absent where the side has none).
struct AnalysedSide {
  std::vector<int> seats;
  std::optional<int> target;
  [[nodiscard]] SeatMask mask() const;
};

// One card played: the value for the player's side before and after it,
// the cost (before - after; against the best legal card for an illegal
// play, so it may be negative), the cards that kept the value (one of each
// group of equal cards, highest first) and whether it was legal.
struct AnalysedPlay {
  int trick = 0;  // 1-based
  int seat = 0;
  Card card;
  int side = 0;  // index into HandAnalysis::sides
  int before = 0;
  int after = 0;
  bool legal = true;
  std::vector<Card> best;
  [[nodiscard]] int cost() const { return before - after; }
};

// The card after which a side fell below its target for good.
struct DecisivePlay {
  int side = 0;
  int play = 0;  // index into HandAnalysis::plays
  int target = 0;
  std::vector<Card> kept;  // the legal cards that kept the target
};

struct HandAnalysis {
  int number = 0;
  bool analysed = false;
  std::string note;  // why not analysed, or what limits the trace
  std::optional<Suit> trump;
  int leader = -1;
  bool points = false;  // values are card points (Call Deuces), else tricks
  bool three_player = false;  // each player alone against the others: par is a floor
  // The hands at the first lead (the diagram), by seat.
  std::vector<CardSet> hands;
  std::vector<AnalysedSide> sides;
  std::vector<int> par;  // by side
  std::vector<AnalysedPlay> plays;
  std::vector<DecisivePlay> decisive;
  std::uint64_t nodes = 0;  // searched for this hand
};

struct GameAnalysis {
  std::vector<HandAnalysis> hands;
};

// The sides of a hand (analysis.md §1) and why there are none (`why`).
[[nodiscard]] std::vector<AnalysedSide> hand_sides(const GameReport& g, const HandSummary& h, const Ruleset& rules,
                                                   std::string& why);

// Analyses hand `index` of `g` (refereed with BatchOptions::hand_play).
// `table` is cleared first: the hand's solves share it, and the answer
// (which budget runs out where) depends on nothing else.
[[nodiscard]] HandAnalysis analyse_hand(const GameReport& g, std::size_t index, DdTable& table,
                                        const AnalyseOptions& options);

// The note of a hand whose solves ran past the budget.
[[nodiscard]] std::string not_solved_note(std::uint64_t max_nodes);

}  // namespace trickref
