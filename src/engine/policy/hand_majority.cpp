// hand.stop_at_majority (court-piece.md §3.3): the hand ends as soon as one
// side has taken more than half of its tricks (7 of 13), since the hand's
// winner can no longer change. A side is the partner policy's.
#include "engine/hand.h"
#include "engine/policy/table.h"

namespace trickref::policy {

bool has_majority(const Ruleset& r, int taken) { return 2 * taken > r.tricks_per_hand(); }

bool stops_at_majority(const Ruleset& r, int taken) { return has_majority(r, taken) && !has_majority(r, taken - 1); }

const HandEndPolicy kHandMajority{
    "majority",
    [](const Ruleset& r, const HandState& h) {
      std::array<int, kMaxPlayers> by_side{};
      for (int s = 0; s < h.players; ++s) {
        by_side[static_cast<std::size_t>(side_of(h, s))] += h.play.taken[static_cast<std::size_t>(s)];
      }
      for (const int t : by_side) {
        if (has_majority(r, t)) {
          return true;
        }
      }
      return false;
    },
};

}  // namespace trickref::policy
