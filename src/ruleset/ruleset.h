// Ruleset: every number and choice the engine reads (rules.md §3). Pure data,
// immutable after loading, passed by const&. Quotas are indexed by a seat's
// offset from the dealer going left: [0] dealer, [1] left of dealer, ...,
// [players-1] right of dealer, so nothing here assumes three players.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "cards/card.h"

namespace trickref {

// The most seats any ruleset may have (the engine's fixed-size arrays).
inline constexpr int kMaxPlayers = 8;

enum class Rotation : std::uint8_t { kLeft, kRight, kByResult };
enum class TrumpChooser : std::uint8_t { kDealer, kLeftOfDealer, kBidder, kAny };
enum class KittyTaker : std::uint8_t { kDealer, kBidder, kNobody };
enum class KittyMode : std::uint8_t { kTakeThenDiscard, kDiscardThenTake };
enum class PluckOrder : std::uint8_t { kMostFirst, kLeastFirst, kHighestQuotaFirst };
enum class ExchangeWhen : std::uint8_t { kBeforeTrump, kAfterKitty };
enum class TieStart : std::uint8_t { kNewDealer, kPreviousDealer };
enum class DistinctSuits : std::uint8_t { kNo, kYes, kWhileBothHold };
enum class PluckGive : std::uint8_t { kAny, kLowestOfSuit };
enum class PluckReturn : std::uint8_t { kHighestIncludingReceived, kHighestExcludingReceived };
enum class PluckVoid : std::uint8_t { kReturnReceived, kLost };
enum class FirstLead : std::uint8_t { kCard, kLeftOfDealer, kTrumpChooser, kBidder };
enum class TrumpLead : std::uint8_t { kAfterBroken, kAny };
enum class ScoringKind : std::uint8_t { kQuota, kPlucks, kTricks, kPoints, kCourts };
enum class GameEnd : std::uint8_t { kTarget, kHandsRecorded, kPlucksAgainst, kTricksInHand };
enum class TieRule : std::uint8_t { kContinue, kShare, kDraw, kBidderFirst };
enum class RevokePenalty : std::uint8_t { kNone, kForfeitHand };
enum class Partnership : std::uint8_t { kNone, kOpposite };
// Call Deuces (call-deuces.md §2.2-§2.7, §3).
enum class BiddingStyle : std::uint8_t { kAuction, kOnceAround };
enum class AllPass : std::uint8_t { kRedealNext, kRedealSame, kDealerMustBid };
enum class PartnerBy : std::uint8_t { kNone, kCard };
enum class DiscardTo : std::uint8_t { kBidder, kNobody };
enum class ScoringMade : std::uint8_t { kSidePoints, kOwnPoints, kBid };
enum class ScoringSet : std::uint8_t { kMinusBid, kMinusBidBidderOnly };
enum class Defenders : std::uint8_t { kOwnPoints, kNone };
// Court Piece (court-piece.md §3, §4).
enum class AfterEarlyCourt : std::uint8_t { kEither, kAbandon, kPlayOn };
enum class EarlyCourtSide : std::uint8_t { kAny, kTrumpCaller };
enum class RevokeWhen : std::uint8_t { kProven, kClaimed };
enum class AfterDealerCourt : std::uint8_t { kNext, kDealerPartner };
enum class AfterCallerCourt : std::uint8_t { kDealerPartner, kSameDealer };

// What `kitty.discard_forbid` names (call-deuces.md §2.3).
struct DiscardForbid {
  CardSet cards;
  bool jokers = false;
  bool trumps = false;
  bool points = false;
  friend bool operator==(const DiscardForbid&, const DiscardForbid&) = default;
};

// The auction (call-deuces.md §2.2).
struct Bidding {
  BiddingStyle style = BiddingStyle::kAuction;
  int min = 15;
  int max = 33;
  int step = 1;
  bool pass_is_final = true;
  bool hold = false;
  AllPass all_pass = AllPass::kRedealNext;
};

// The member initializers are only for code that builds a Ruleset by hand
// (tests, bots); a loaded ruleset starts from the defaults of the option
// table (options.h, default_ruleset), which are Pluck's values.
struct Ruleset {
  std::string name;
  std::string description;
  std::string source;  // where it was loaded from ("builtin:pluck.yaml" or a path)

  int players = 3;
  std::vector<Card> deck_remove;
  int jokers = 0;
  CardSet deck;  // derived: the 52 less deck_remove, plus jokers

  int hand_size = 17;
  int kitty = 0;
  // Cards dealt to each player before trump is named; the rest after
  // (court-piece.md §3: 5). 0: the whole deal comes first.
  int deal_before_trump = 0;

  std::vector<int> quotas;                           // by offset from the dealer; empty: no quotas (no exchange)
  std::optional<std::vector<int>> quotas_first_hand;  // the first hand only
  Rotation rotation = Rotation::kLeft;
  TrumpChooser trump_chooser = TrumpChooser::kDealer;

  KittyTaker kitty_taken_by = KittyTaker::kDealer;
  KittyMode kitty_mode = KittyMode::kTakeThenDiscard;
  int kitty_discard = 0;
  DiscardForbid discard_forbid;

  Bidding bidding;
  PartnerBy partner_by = PartnerBy::kNone;
  int partner_rank = 0;                   // partner.card's rank (0: the two)
  std::optional<Suit> partner_suit;       // partner.card's suit; none: the trump suit
  bool solo_by_discard = true;

  ExchangeWhen exchange_when = ExchangeWhen::kBeforeTrump;
  int exchange_from_hand = 2;
  PluckOrder pluck_order = PluckOrder::kMostFirst;
  TieStart tie_start = TieStart::kNewDealer;
  PluckGive pluck_give = PluckGive::kAny;
  PluckReturn pluck_return = PluckReturn::kHighestIncludingReceived;
  PluckVoid pluck_void = PluckVoid::kReturnReceived;
  DistinctSuits distinct_suits = DistinctSuits::kNo;
  bool waivable = false;
  bool show_kitty = false;

  FirstLead first_lead = FirstLead::kCard;
  Card first_lead_card = Card::of(Suit::kClubs, 0);
  TrumpLead trump_lead = TrumpLead::kAfterBroken;
  bool trump_lead_when_only_trumps = true;
  bool must_trump_if_void = false;
  bool must_overtrump = false;

  ScoringKind scoring = ScoringKind::kQuota;
  int over = 1;
  int under = 0;
  // scoring.kind points (call-deuces.md §2.6, §2.7).
  int per_trick = 1;
  std::array<int, 64> card_points{};  // by Card index
  DiscardTo discard_to = DiscardTo::kBidder;
  ScoringMade made = ScoringMade::kSidePoints;
  ScoringSet set = ScoringSet::kMinusBid;
  int solo_made_factor = 2;
  int solo_set_factor = 1;
  Defenders defenders = Defenders::kOwnPoints;
  // scoring.kind courts (court-piece.md §3.3, §3.4).
  int early_court_tricks = 7;
  AfterEarlyCourt after_early_court = AfterEarlyCourt::kEither;
  int early_court = 1;
  int all_tricks_courts = 52;
  EarlyCourtSide early_court_side = EarlyCourtSide::kAny;
  int streak_length = 7;
  int streak_courts = 1;
  bool early_court_in_streak = true;
  int revoke_court = 1;
  // rotation by_result (court-piece.md §3.5).
  AfterDealerCourt after_dealer_court = AfterDealerCourt::kNext;
  AfterCallerCourt after_caller_court = AfterCallerCourt::kDealerPartner;

  GameEnd end = GameEnd::kTarget;
  int end_value = 20;  // the target (or the later end conditions' number)
  TieRule tie = TieRule::kContinue;
  RevokePenalty revoke_penalty = RevokePenalty::kNone;
  RevokeWhen revoke_when = RevokeWhen::kProven;
  // The hand ends as soon as a side has a majority of its tricks
  // (court-piece.md §3.3, hand.stop_at_majority).
  bool stop_at_majority = false;
  // Who plays with whom: nobody, or partners opposite (court-piece.md §2).
  Partnership partnership = Partnership::kNone;

  [[nodiscard]] int tricks_per_hand() const { return hand_size; }
  // Quotas for hand `number` (1-based), by offset from the dealer.
  [[nodiscard]] const std::vector<int>& quotas_for(int number) const {
    return number == 1 && quotas_first_hand ? *quotas_first_hand : quotas;
  }
  [[nodiscard]] bool has_target() const { return end == GameEnd::kTarget; }
  // Whether a hand has a bidder, so an auction (call-deuces.md §2.2).
  [[nodiscard]] bool has_auction() const {
    return trump_chooser == TrumpChooser::kBidder || kitty_taken_by == KittyTaker::kBidder ||
           first_lead == FirstLead::kBidder || scoring == ScoringKind::kPoints;
  }
  // Whether seats have quotas, so an exchange of plucks (rules.md §2.2, §2.3).
  [[nodiscard]] bool has_quotas() const { return !quotas.empty(); }
};

// Seat arithmetic, with seats numbered in transcript order (play passes to
// the next seat, "the left").
[[nodiscard]] constexpr int left_of(int seat, int players) { return (seat + 1) % players; }
[[nodiscard]] constexpr int right_of(int seat, int players) { return (seat + players - 1) % players; }
// Offset of `seat` from `dealer` going left: 0 dealer, 1 left, players-1 right.
[[nodiscard]] constexpr int offset_from(int dealer, int seat, int players) {
  return (seat - dealer + players) % players;
}

}  // namespace trickref
