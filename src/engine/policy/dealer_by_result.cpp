// rotation: by_result (court-piece.md §3.5). D is the outgoing dealer, P(D)
// the dealer's partner, next(D) the player left of the dealer; the first rule
// that applies:
//   1. forfeited for a revoke by D's side: P(D) deals; by D's opponents: next(D);
//   2. D's side won the hand: next(D) (a court won: rotation_court.after_dealer_court);
//   3. D's opponents won with a court: P(D) (rotation_court.after_caller_court);
//   4. D's opponents won without a court: D deals again.
// A hand nobody won (the sides level on too few tricks) is dealt again by D.
#include "engine/game.h"
#include "engine/policy/table.h"

namespace trickref::policy {

int dealer_partner(const Ruleset& r, int dealer) { return (dealer + r.players / 2) % r.players; }

ByResult dealer_rule(const Ruleset& r, const GameState& g, int dealer) {
  const GameState::LastHand& t = g.last;
  const int own = g.policies.partners->side(r, dealer);
  if (t.forfeit_side >= 0) {
    return t.forfeit_side == own ? ByResult::kOwnForfeit : ByResult::kOpponentsForfeit;
  }
  if (t.winner_side < 0) {
    return ByResult::kNobodyWon;
  }
  // Whether the winners scored a court in the hand (early, 52, or the streak's).
  const bool court = t.winners_scored;
  if (t.winner_side == own) {
    return court ? ByResult::kDealerSideCourt : ByResult::kDealerSideWon;
  }
  return court ? ByResult::kOpponentsCourt : ByResult::kOpponentsWon;
}

const DealerPolicy kDealerByResult{
    "by_result",
    [](const Ruleset& r, const GameState& g, int dealer) {
      const int next = left_of(dealer, r.players);
      const int partner = dealer_partner(r, dealer);
      switch (dealer_rule(r, g, dealer)) {
        case ByResult::kOwnForfeit:
          return partner;
        case ByResult::kOpponentsForfeit:
        case ByResult::kDealerSideWon:
          return next;
        case ByResult::kDealerSideCourt:
          return r.after_dealer_court == AfterDealerCourt::kDealerPartner ? partner : next;
        case ByResult::kOpponentsCourt:
          return r.after_caller_court == AfterCallerCourt::kDealerPartner ? partner : dealer;
        case ByResult::kOpponentsWon:
        case ByResult::kNobodyWon:
          return dealer;
      }
      return next;
    },
    [](const Ruleset& /*r*/) { return false; },
};

}  // namespace trickref::policy
