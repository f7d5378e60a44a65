// scoring.kind: points (call-deuces.md §2.6, §2.7): each player's points are
// scoring.per_trick for every trick won plus scoring.card_points for every
// counting card in those tricks, the discard's going to the bidder
// (scoring.discard_to). The bidding side (bidder and partner) makes the
// contract with at least the bid, and then each adds the side's points, their
// own, or the bid (scoring.made); set, they lose the bid (scoring.set). A solo
// bidder's gain is multiplied by solo_made_factor, the loss by
// solo_set_factor. Defenders add their own points, or nothing. A hand everyone
// passed scores nothing.
#include "engine/game.h"
#include "engine/hand.h"
#include "engine/policy/table.h"

namespace trickref::policy {
namespace {

long long card_points(const Ruleset& r, CardSet cards) {
  long long sum = 0;
  for (Card c : cards) {
    sum += r.card_points[static_cast<std::size_t>(c.index())];
  }
  return sum;
}

}  // namespace

const ScoringPolicy kScorePoints{
    "points",
    [](const Ruleset& r, const GameState&, const HandTally& t, int seat) -> long long {
      if (t.void_hand || t.bidder < 0) {
        return 0;
      }
      const auto i = static_cast<std::size_t>(seat);
      if (seat != t.bidder && seat != t.partner) {
        return r.defenders == Defenders::kOwnPoints ? t.points[i] : 0;
      }
      const bool solo = t.partner < 0;
      const long long side = bidding_side_points(t);
      if (contract_made(t)) {
        const long long gain = r.made == ScoringMade::kSidePoints  ? side
                               : r.made == ScoringMade::kOwnPoints ? t.points[i]
                                                                   : t.bid;
        return solo ? gain * r.solo_made_factor : gain;
      }
      if (r.set == ScoringSet::kMinusBidBidderOnly && seat != t.bidder) {
        return 0;  // call-deuces.md §4: minus_bid_bidder_only leaves the partner's score unchanged
      }
      return -static_cast<long long>(t.bid) * (solo ? r.solo_set_factor : 1);
    },
    false,
    nullptr,
    [](const HandState& h, HandTally& t) {
      const Ruleset& r = *h.rules;
      t.void_hand = h.void_hand;
      t.bidder = h.void_hand ? -1 : h.auction.bidder;
      t.bid = h.auction.high;
      t.partner = h.partner;
      for (int s = 0; s < h.players; ++s) {
        const auto i = static_cast<std::size_t>(s);
        t.points[i] = static_cast<int>(t.taken[i] * r.per_trick + card_points(r, h.won[i]));
      }
      if (r.discard_to == DiscardTo::kBidder && t.bidder >= 0) {
        t.points[static_cast<std::size_t>(t.bidder)] += static_cast<int>(card_points(r, h.discard));
      }
    },
};

}  // namespace trickref::policy

namespace trickref {

int bidding_side_points(const HandTally& t) {
  return t.points[static_cast<std::size_t>(t.bidder)] + (t.partner < 0 ? 0 : t.points[static_cast<std::size_t>(t.partner)]);
}

}  // namespace trickref
