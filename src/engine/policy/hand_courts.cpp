// The end of a hand where courts are scored (court-piece.md §3.3): after
// hand.early_court_tricks tricks all won by one side (the side allowed an
// early court by scoring.early_court_side), the hand ends unless
// hand.after_early_court is play_on (under `either` the winners choose: a
// record shows the choice, a bot stops); a hand played on after an early
// court goes to the end. Otherwise, with hand.stop_at_majority, the hand ends
// as soon as a side has a majority of its tricks.
#include "engine/hand.h"
#include "engine/policy/table.h"

namespace trickref::policy {

const HandEndPolicy kHandCourts{
    "courts",
    [](const Ruleset& r, const HandState& h) {
      const int done = h.play.trick;
      const int e = r.early_court_tricks;
      if (e > 0 && done >= e) {
        const int first = side_of(h, h.play.won_by[0]);
        bool all = true;
        for (int k = 1; k < e; ++k) {
          all = all && side_of(h, h.play.won_by[static_cast<std::size_t>(k)]) == first;
        }
        if (all && (r.early_court_side == EarlyCourtSide::kAny || first == side_of(h, trump_namer(h)))) {
          return done == e && r.after_early_court != AfterEarlyCourt::kPlayOn;
        }
      }
      if (!r.stop_at_majority) {
        return false;
      }
      std::array<int, kMaxPlayers> by_side{};
      for (int s = 0; s < h.players; ++s) {
        by_side[static_cast<std::size_t>(side_of(h, s))] += h.play.taken[static_cast<std::size_t>(s)];
      }
      for (const int t : by_side) {
        if (2 * t > r.tricks_per_hand()) {
          return true;
        }
      }
      return false;
    },
};

}  // namespace trickref::policy
