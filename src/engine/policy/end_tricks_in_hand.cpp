// game.end: {tricks_in_hand: N} (rules.md §3): the game ends after the first
// hand in which a player takes N or more tricks; that player wins (all who
// did, should N be half the tricks or fewer).
#include "engine/game.h"
#include "engine/policy/table.h"

namespace trickref::policy {

const EndPolicy kEndTricksInHand{
    "tricks_in_hand",
    [](const Ruleset& r, const GameState& g, const HandTally& last) {
      for (int s = 0; s < g.players; ++s) {
        if (last.taken[static_cast<std::size_t>(s)] >= r.end_value) {
          return true;
        }
      }
      return false;
    },
    [](const Ruleset& r, const GameState& g, const HandTally& last, std::span<int> out) {
      int n = 0;
      for (int s = 0; s < g.players; ++s) {
        if (last.taken[static_cast<std::size_t>(s)] >= r.end_value) {
          out[static_cast<std::size_t>(n++)] = s;
        }
      }
      return n;
    },
};

}  // namespace trickref::policy
