// game.end: {target: null} (rules.md §2.7): the game is the hands recorded.
// It never finishes and has no winner (rules.md), except under game.tie
// draw (court-piece.md §3.6): then it is finished after the hands recorded;
// the side with the most points wins, and sides level at the top (none at
// all included) are a draw, finished with no winner.
#include "engine/game.h"
#include "engine/policy/table.h"

namespace trickref::policy {

const EndPolicy kEndHandsRecorded{
    "hands_recorded",
    [](const Ruleset&, const GameState&, const HandTally&) { return false; },
    [](const Ruleset&, const GameState&, const HandTally&, std::span<int>) { return 0; },
    [](const Ruleset& r, const GameState& g, std::span<int> out) {
      if (r.tie != TieRule::kDraw) {
        return -1;
      }
      const int n = best_seats(r, g, out);
      return sides_among(r, g, out, n) == 1 ? n : 0;
    },
};

}  // namespace trickref::policy
