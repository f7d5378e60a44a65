// What a hand's play was as the referee replayed it, for `trickref analyse`
// (analysis.md §2): the play at the first lead and every card played, in
// order, with whether the referee found it legal. Filled only when asked
// (RefereeOptions::hand_play): the referee itself never reads it.
#pragma once

#include <array>
#include <vector>

#include "cards/card.h"
#include "engine/play.h"

namespace trickref {

// One card as the referee played it: the trick (0-based), the seat whose
// card it counted as, the card the hand went on with (a mistyped card is
// the card meant), and whether check_play found it legal.
struct PlayedCard {
  int trick = 0;
  int seat = 0;
  Card card;
  bool legal = true;
};

struct HandPlay {
  // The play at the first lead: each seat's cards (where `known[s]` is
  // false, only the cards that seat went on to play), trump, the leader.
  PlayState start;
  std::array<bool, kMaxPlayers> known{};  // the seat's hand at play follows from the record's deal
  std::vector<PlayedCard> plays;
};

}  // namespace trickref
