// game.end: {target: N} (rules.md §2.7): the game ends after the first hand
// in which a running score reaches N. Under game.tie continue one player
// must be alone in the best place (after the scoring's tie-breaks); under
// share, all tied there win.
#include "engine/game.h"
#include "engine/policy/table.h"

namespace trickref::policy {

const EndPolicy kEndTarget{
    "target",
    [](const Ruleset& r, const GameState& g, const HandTally&) {
      bool reached = false;  // the usual case, nobody at the target, without ranking anyone
      for (int s = 0; s < g.players; ++s) {
        reached = reached || g.score[static_cast<std::size_t>(s)] >= r.end_value;
      }
      if (!reached) {
        return false;
      }
      std::array<int, kMaxPlayers> best{};
      const int n = best_seats(r, g, best);
      if (n == 0 || g.score[static_cast<std::size_t>(best[0])] < r.end_value) {
        return false;
      }
      return r.tie == TieRule::kShare || n == 1;
    },
    [](const Ruleset& r, const GameState& g, const HandTally&, std::span<int> out) { return best_seats(r, g, out); },
};

}  // namespace trickref::policy
