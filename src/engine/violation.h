// A Violation: the fact that one rule clause was broken, as the engine states
// it (code, where, who, which card, and the card or seat that proves it). The
// engine never words it: the referee turns Violations into Diagnostics
// (referee/messages.cpp), where every message of a code sits together.
#pragma once

#include <cstdint>
#include <optional>

#include "base/diagnostic.h"
#include "cards/card.h"

namespace trickref {

// Which clause of a code was broken, where a code has more than one.
enum class Clause : std::uint8_t {
  kNone,
  // pluck-unowed
  kBeforeExchange,  // a pluck in a hand before exchange.from_hand
  kMoreThanOwed,    // the pair was owed plucks, and all were made
  kPluckerNotOver,  // the plucker was not over quota
  kPluckeeNotShort, // the pluckee was not short
  // pluck-joker
  kJokerGiven,
  kJokerReturned,
  // pluck-return
  kNothingToReturn,       // the rules send nothing back, something came back
  kReturnedNothing,       // nothing came back, a card had to
  kNotTheHighest,         // the wrong card came back (hands known)
  kProvenHigher,          // a higher card of the suit was proven held (by a later play)
  kReturnedBelowGiven,    // including received: the return is below the card given, or off suit
  kReturnedOffSuit,       // excluding received: the return is of another suit
  kNothingAlwaysReturns,  // including received: nothing came back, though something always does
  // discard
  kDiscardCount,
  kDiscardNotHeld,
  kDiscardForbidden,    // kitty.discard_forbid names the card
  kDiscardPartnerCard,  // partner.solo_by_discard false: the partner card may not be discarded
  // bid-range, bid-too-low, bid-out-of-turn
  kNotANumber,     // a call that is neither pass nor a number (counts as a pass)
  kAfterPassing,   // a player who passed called again, where passing is final
  kAfterTheEnd,    // a call after the auction ended
  // revoke
  kMustTrump,      // play.must_trump_if_void
  kMustOvertrump,  // play.must_overtrump
  // points-impossible (engine/points_possible.h)
  kPointsAboveMost,    // more than any play gives the player
  kPointsBelowTricks,  // fewer than the player's recorded tricks give
  kPointsNoCards,      // no set of counting cards makes what the tricks leave
  kPointsTogether,     // each possible alone, not all together
};

struct Violation {
  Code code = Code::kSchema;
  Clause clause = Clause::kNone;
  int hand = 0;                  // 1-based; 0: not in a hand
  int trick = 0;                 // 1-based; 0: not in a trick
  int seat = -1;                 // the player at fault
  int other = -1;                // the other player concerned (pluckee, the plucker who goes first, ...)
  std::optional<Card> card;      // the card at fault
  std::optional<Card> evidence;  // the card that proves it (held, required, first-lead card)
  std::optional<Card> related;   // a card the fact is about besides these (the card given, for a return)
  int count = 0;                 // a number the fact needs (cards discarded, the trick a card was first played in, a bid)
  int bound = 0;                 // a limit the fact is about (the lowest bid allowed)
  int standing = 0;              // what stood before the fact (the highest bid so far)
  std::optional<Suit> suit;      // the suit concerned (the suit led, for a revoke)
  int entry = -1;                // the entry of a written list the fact is about (a deal's, engine/deal.h)
};

// A Violation of `code` by `seat` in hand `hand` (the other fields to be set).
[[nodiscard]] inline Violation violation(Code code, Clause clause, int hand, int seat, int other = -1) {
  Violation v;
  v.code = code;
  v.clause = clause;
  v.hand = hand;
  v.seat = seat;
  v.other = other;
  return v;
}

}  // namespace trickref
