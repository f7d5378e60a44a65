// libdds (DDS 2.9, Debian's libdds-dev), the bridge double-dummy solver, as
// an independent check of trickref's solver (analysis.md §1) and its speed
// yardstick (analysis.md §3). Only the tests and the benchmark include
// this; the trickref binary never links libdds.
//
// A Court Piece position is a bridge position: four hands, partners
// opposite (trickref's seats 0-3 are DDS's North, East, South, West in
// playing order), follow suit, one trump suit. The suits are numbered the
// other way round: DDS has spades 0, hearts 1, diamonds 2, clubs 3 (and 4
// notrump, which Court Piece never has); trickref has clubs 0 up to spades 3.
#pragma once

#include <dds/dll.h>

#include <optional>

#include "engine/play.h"

namespace trickref::testing_dds {

[[nodiscard]] inline int dds_suit(Suit s) { return 3 - static_cast<int>(s); }

// The DDS deal of `s`: the hands still held, the trick in progress (its
// leader and the cards played to it) and the trump. Precondition: four
// players, no jokers.
[[nodiscard]] inline deal to_dds(const PlayState& s) {
  deal d{};
  d.trump = dds_suit(s.trump);
  d.first = s.leader;
  for (int i = 0; i < s.count && i < 3; ++i) {
    const Card c = s.cards[static_cast<std::size_t>(i)];
    d.currentTrickSuit[i] = dds_suit(c.suit());
    d.currentTrickRank[i] = c.rank() + 2;
  }
  for (int p = 0; p < 4; ++p) {
    for (const Card c : s.hands[static_cast<std::size_t>(p)]) {
      d.remainCards[p][dds_suit(c.suit())] |= 1U << static_cast<unsigned>(c.rank() + 2);
    }
  }
  return d;
}

// Sets libdds up for one thread, once a process.
inline void dds_init() {
  static const bool once = [] {
    SetMaxThreads(1);
    return true;
  }();
  (void)once;
}

// The most tricks the side of the player due to play can still take from
// `s` (the trick in progress counted), by libdds's SolveBoard (target -1,
// one solution, mode 1: search even when only one card may be played), or
// nullopt with libdds's error code in `*error`.
[[nodiscard]] inline std::optional<int> dds_future_tricks(const PlayState& s, int* error = nullptr) {
  dds_init();
  futureTricks fut{};
  const int rc = SolveBoard(to_dds(s), -1, 1, 1, &fut, 0);
  if (rc != RETURN_NO_FAULT) {
    if (error != nullptr) {
      *error = rc;
    }
    return std::nullopt;
  }
  return fut.score[0];
}

}  // namespace trickref::testing_dds
