// game.end: {plucks_against: N} (rules.md §3): the game ends after the first
// hand in which some player's tricks short, summed over the game, reach N;
// the best running score wins (game.tie as for a target).
#include "engine/game.h"
#include "engine/policy/table.h"

namespace trickref::policy {

const EndPolicy kEndPlucksAgainst{
    "plucks_against",
    [](const Ruleset& r, const GameState& g, const HandTally&) {
      bool reached = false;
      for (int s = 0; s < g.players; ++s) {
        reached = reached || g.plucks_against[static_cast<std::size_t>(s)] >= r.end_value;
      }
      if (!reached) {
        return false;
      }
      std::array<int, kMaxPlayers> best{};
      return r.tie == TieRule::kShare || best_seats(r, g, best) == 1;
    },
    [](const Ruleset& r, const GameState& g, const HandTally&, std::span<int> out) { return best_seats(r, g, out); },
};

}  // namespace trickref::policy
