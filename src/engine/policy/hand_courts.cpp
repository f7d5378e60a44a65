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

bool early_court_allowed(const HandState& h, int side) {
  const Ruleset& r = *h.rules;
  return r.early_court_tricks > 0 &&
         (r.early_court_side == EarlyCourtSide::kAny || side == side_of(h, trump_namer(h)));
}

int early_court_side(const HandState& h) {
  const Ruleset& r = *h.rules;
  const int e = r.early_court_tricks;
  if (e <= 0 || h.play.trick < e || tricks_in_hand(h) < e) {
    return -1;
  }
  const int first = side_of(h, h.play.won_by[0]);
  for (int k = 1; k < e; ++k) {
    if (side_of(h, h.play.won_by[static_cast<std::size_t>(k)]) != first) {
      return -1;
    }
  }
  return early_court_allowed(h, first) ? first : -1;
}

EarlyCourtShown early_court_by_totals(const HandState& h, int side, int mine, int theirs) {
  const Ruleset& r = *h.rules;
  if (!early_court_allowed(h, side) || theirs != 0) {
    return EarlyCourtShown::kNone;
  }
  if (mine == r.early_court_tricks && r.after_early_court != AfterEarlyCourt::kPlayOn) {
    return EarlyCourtShown::kStopped;
  }
  return mine == r.tricks_per_hand() ? EarlyCourtShown::kAllTricks : EarlyCourtShown::kNone;
}

const HandEndPolicy kHandCourts{
    "courts",
    [](const Ruleset& r, const HandState& h) {
      if (early_court_side(h) >= 0) {
        return h.play.trick == r.early_court_tricks && r.after_early_court != AfterEarlyCourt::kPlayOn;
      }
      return r.stop_at_majority && kHandMajority.after_trick(r, h);
    },
};

}  // namespace trickref::policy
