// rotation (rules.md §2.8): the deal passes to the left (or, where a house
// plays so, the right) of the last dealer, whatever the hand's result.
#include "engine/policy/table.h"

namespace trickref::policy {

const DealerPolicy kDealerRotation{
    "rotation",
    [](const Ruleset& r, int dealer) {
      return r.rotation == Rotation::kLeft ? left_of(dealer, r.players) : right_of(dealer, r.players);
    },
};

}  // namespace trickref::policy
