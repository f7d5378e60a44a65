// rotation (rules.md §2.8): the deal passes to the left (or, where a house
// plays so, the right) of the last dealer, whatever the hand's result; after
// a hand everyone passed, under bidding.all_pass redeal_same, the same
// dealer deals again (call-deuces.md §2.2).
#include "engine/game.h"
#include "engine/policy/table.h"

namespace trickref::policy {

const DealerPolicy kDealerRotation{
    "rotation",
    [](const Ruleset& r, const GameState& g, int dealer) {
      if (g.last.void_hand && r.bidding.all_pass == AllPass::kRedealSame) {
        return dealer;  // call-deuces.md §2.2: everyone passed, the same dealer deals again
      }
      return r.rotation == Rotation::kRight ? right_of(dealer, r.players) : left_of(dealer, r.players);
    },
    // A hand everyone passed changes it only where the same dealer deals again.
    [](const Ruleset& r) { return !r.has_auction() || r.bidding.all_pass != AllPass::kRedealSame; },
};

}  // namespace trickref::policy
