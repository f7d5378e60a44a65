// The policies there are, one per file in this directory; table.cpp chooses
// among them for a ruleset. Adding a policy: its file, its line here, and
// its line in table.cpp's table.
#pragma once

#include <cstdint>

#include "engine/policies.h"

namespace trickref::policy {

extern const ScoringPolicy kScoreQuota;
extern const ScoringPolicy kScorePlucks;
extern const ScoringPolicy kScoreTricks;
extern const ScoringPolicy kScorePoints;
extern const ScoringPolicy kScoreCourts;

extern const EndPolicy kEndTarget;
extern const EndPolicy kEndHandsRecorded;
extern const EndPolicy kEndPlucksAgainst;
extern const EndPolicy kEndTricksInHand;

extern const DealerPolicy kDealerRotation;
extern const DealerPolicy kDealerByResult;

// Which of court-piece.md §3.5's rules chose the next dealer (dealer_by_result.cpp).
enum class ByResult : std::uint8_t {
  kOwnForfeit,        // 1: the dealer's side forfeited: the dealer's partner deals
  kOpponentsForfeit,  // 1: the opponents forfeited: next(D)
  kDealerSideWon,     // 2: the dealer's side won without a court: next(D)
  kDealerSideCourt,   // 2: the dealer's side won with a court
  kOpponentsCourt,    // 3: the opponents won with a court
  kOpponentsWon,      // 4: the opponents won without a court: the dealer deals again
  kNobodyWon,         // the sides level: the dealer deals again
};
[[nodiscard]] ByResult dealer_rule(const Ruleset& r, const GameState& g, int dealer);
[[nodiscard]] int dealer_partner(const Ruleset& r, int dealer);

extern const PartnerPolicy kPartnersNone;
extern const PartnerPolicy kPartnersOpposite;
extern const PartnerPolicy kPartnersCard;

extern const HandEndPolicy kHandAllTricks;
extern const HandEndPolicy kHandMajority;
extern const HandEndPolicy kHandCourts;
// The side that took an early court in the hand so far (court-piece.md §3.3:
// each of the first hand.early_court_tricks tricks, by a side
// scoring.early_court_side allows), or -1 (hand_courts.cpp).
[[nodiscard]] int early_court_side(const HandState& h);
// Whether side `side` (its first seat) may score an early court in this
// hand (hand.early_court_tricks, scoring.early_court_side).
[[nodiscard]] bool early_court_allowed(const HandState& h, int side);

}  // namespace trickref::policy
