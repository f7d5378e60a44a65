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
// The early court a hand's tricks per side show, where only those are
// known (a score sheet, court-piece.md §5): side `side` (its first seat)
// took `mine` tricks and the other side `theirs`. An early court where the
// side allowed one took every trick counted, and those are the early
// court's tricks (the hand stopping there, hand.after_early_court not
// play_on) or all the hand's (hand_courts.cpp).
enum class EarlyCourtShown : std::uint8_t { kNone, kStopped, kAllTricks };
[[nodiscard]] EarlyCourtShown early_court_by_totals(const HandState& h, int side, int mine, int theirs);
// Whether `taken` tricks are more than half the hand's (court-piece.md
// §3.3), and whether they are the count at which a hand stops for a
// majority (hand.stop_at_majority: the first count that is one), so the
// side's total on a sheet where the hand stopped there (hand_majority.cpp).
[[nodiscard]] bool has_majority(const Ruleset& r, int taken);
[[nodiscard]] bool stops_at_majority(const Ruleset& r, int taken);
// The side (its first seat) that wins a hand its opponents forfeited for a
// revoke, and the side that took more tricks than any other, by `taken`
// per seat (-1: sides level) (scoring_courts.cpp).
[[nodiscard]] int forfeit_winner(const HandState& h, int forfeit_side);
[[nodiscard]] int most_tricks_side(const HandState& h, const std::array<int, kMaxPlayers>& taken);

}  // namespace trickref::policy
