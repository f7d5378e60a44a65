// partner.by: card (call-deuces.md §2.4): the bidder's partner for the hand
// is whoever holds partner.card (the two of trump) during play. The bidder
// is solo when they hold it (dealt, or from the kitty) or discarded it.
// Nobody has a partner from hand to hand.
#include "engine/hand.h"
#include "engine/policy/table.h"

namespace trickref::policy {

const PartnerPolicy kPartnersCard{
    "card",
    [](const Ruleset&, int seat) { return seat; },
    [](const HandState& h) {
      const int bidder = h.auction.bidder;
      const Card c = partner_card(h);
      if (bidder < 0 || h.discard.contains(c)) {
        return -1;
      }
      for (int s = 0; s < h.players; ++s) {
        if (h.hands[static_cast<std::size_t>(s)].contains(c)) {
          return s == bidder ? -1 : s;
        }
      }
      return -1;
    },
};

}  // namespace trickref::policy
