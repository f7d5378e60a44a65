// The double-dummy solver (analysis.md §1): the value of a position for a
// side, every hand visible, the side playing to maximise its total for the
// hand and every other player to minimise it, everyone playing only legal
// cards to the end of the hand's tricks.
//
// The rules of play are the engine's: the legal cards (legal_plays), the
// trick's winner (apply_play/finish_trick) and when trumps are broken come
// from engine/play.h, the same functions the referee and the bots call; the
// solver adds no rule. It searches as the field's fast solvers do: a
// zero-window search driven to the exact value, a transposition table at
// trick boundaries keyed by relative ranks (counting cards kept distinct),
// equal cards searched once, sure-trick bounds and move ordering. The table
// is an object the caller passes in, of a fixed size; a node budget stops a
// solve that runs past it, which then says "not solved" (std::nullopt)
// instead of running on.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "cards/card.h"
#include "engine/play.h"
#include "ruleset/ruleset.h"

namespace trickref {

// A side (analysis.md §1): the seats whose result is counted together, one
// bit a seat (bit s: seat s).
using SeatMask = std::uint8_t;

[[nodiscard]] constexpr SeatMask seat_bit(int seat) { return static_cast<SeatMask>(1U << seat); }

// A position: the engine's play state and what each seat has won so far,
// counted as the side's value counts (tricks; card points and `per_trick`
// where the scoring counts cards, including points the discard credited).
struct DdPosition {
  PlayState play;
  std::array<int, kMaxPlayers> won{};
};

// The position at the start of play: `play` as the engine's start_play left
// it, `credited` what each seat has before the first trick (the discard's
// points where scoring.discard_to credits them; zeros otherwise).
[[nodiscard]] DdPosition dd_start(const PlayState& play, const std::array<int, kMaxPlayers>& credited = {});

// What a card is worth to the side that wins it: `per_trick` once a trick,
// and the card's points, where the scoring counts cards; one a trick otherwise.
[[nodiscard]] int dd_trick_value(const Ruleset& rules, CardSet trick_cards);

// Plays `card` (by the seat due) into the position through the engine, and
// closes the trick when it is complete, crediting its winner.
void dd_play(DdPosition& pos, Card card);

// The side's value so far (what its seats have won).
[[nodiscard]] int dd_won(const DdPosition& pos, SeatMask side);

// The most the hand can still give any side from `pos` (tricks left, or the
// points still held or in the trick in progress, with per_trick).
[[nodiscard]] int dd_still_in_play(const DdPosition& pos);

// The legal cards of the player due, one of each group of equal cards (the
// highest): two cards of a suit are equal when no card between them is still
// held by anyone or lies in the trick in progress, and they carry the same
// card points (analysis.md §2).
[[nodiscard]] CardSet dd_distinct_moves(const PlayState& s, CardSet moves);

// The transposition table: a fixed number of entries, chosen by the caller
// (`bytes`, rounded down to whole buckets), reused across solves of one
// hand. Never grows.
class DdTable {
 public:
  explicit DdTable(std::size_t bytes);
  ~DdTable();
  DdTable(const DdTable&) = delete;
  DdTable& operator=(const DdTable&) = delete;
  DdTable(DdTable&&) noexcept;
  DdTable& operator=(DdTable&&) noexcept;
  // Forgets every entry (a new deal).
  void clear();
  [[nodiscard]] std::size_t bytes() const;

  struct Impl;
  [[nodiscard]] Impl& impl() { return *impl_; }

 private:
  std::unique_ptr<Impl> impl_;
};

// What a solve cost and whether it finished.
struct DdStats {
  std::uint64_t nodes = 0;  // positions searched (every card tried counts one)
  std::uint64_t table_hits = 0;
};

class DdSolver {
 public:
  // `table` is the solver's memory; it is kept across solves (the same
  // deal's positions share entries) and must outlive the solver.
  DdSolver(const Ruleset& rules, DdTable& table);

  // The budget of positions one solve (one call below) may search before it
  // stops and answers std::nullopt. 0: no budget.
  void set_max_nodes(std::uint64_t nodes) { max_nodes_ = nodes; }
  [[nodiscard]] std::uint64_t max_nodes() const { return max_nodes_; }

  // The value of `pos` for `side`: the side's total for the hand (what it
  // has won plus the most it can still make against the rest), or nullopt
  // when the budget ran out.
  [[nodiscard]] std::optional<int> value(const DdPosition& pos, SeatMask side);
  // The same, probing first at `guess` (a value known near it: the value
  // before the last card, in a trace): the nearer, the cheaper.
  [[nodiscard]] std::optional<int> value(const DdPosition& pos, SeatMask side, int guess);

  // Whether the side's value at `pos` is at least `target`.
  [[nodiscard]] std::optional<bool> reaches(const DdPosition& pos, SeatMask side, int target);

  // The cost of the solves so far (since construction).
  [[nodiscard]] const DdStats& stats() const { return stats_; }

  struct Search;

 private:
  const Ruleset* rules_;
  DdTable* table_;
  std::uint64_t max_nodes_ = 0;
  DdStats stats_;
};

}  // namespace trickref
