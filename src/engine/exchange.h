// The exchange of plucks (rules.md §2.3): who owes whom, in which order the
// pluckers go, and which card must come back. Pure functions.
#pragma once

#include <optional>
#include <span>
#include <vector>

#include "cards/card.h"
#include "ruleset/ruleset.h"

namespace trickref {

struct OwedPlucks {
  int by = 0;
  int from = 0;
  int count = 0;
};

// Plucks owed in a hand from the previous hand's deltas (taken - quota, by
// seat). A player over by k makes k plucks, a player short by k is plucked k
// times. The pairing is unique when there is one player over or one short
// (always so with three players); otherwise returns nothing.
[[nodiscard]] std::optional<std::vector<OwedPlucks>> owed_plucks(std::span<const int> deltas);

// The pluckers in the order they must go (each makes all of theirs before the
// next): by count (most or least first) or by this hand's quota (by offset
// from `dealer`), ties from `tie_from` going left (exchange.tie_start: the new
// dealer, or the previous one).
[[nodiscard]] std::vector<int> plucker_order(const Ruleset& rules, const std::vector<OwedPlucks>& owed, int dealer,
                                             std::span<const int> quotas, int tie_from);

// owed_plucks without allocating, for the playout loop: writes the pairs to
// `out` (room for deltas.size() - 1 of them is enough) and returns how many,
// or -1 when the pairing is not unique. Same pairs in the same order.
[[nodiscard]] int owed_plucks_into(std::span<const int> deltas, std::span<OwedPlucks> out);

// plucker_order without allocating: writes the pluckers to `out` (room for
// owed.size() of them) in the order they go and returns how many.
[[nodiscard]] int plucker_order_into(const Ruleset& rules, std::span<const OwedPlucks> owed, int dealer,
                                     std::span<const int> quotas, int tie_from, std::span<int> out);

// The card the pluckee must give back after receiving `received`, holding
// `hand` before it arrived; nothing when the rules send nothing back
// (exchange.void: lost).
[[nodiscard]] std::optional<Card> required_return(const Ruleset& rules, CardSet hand, Card received);

// Whether `gives` may be given from `hand` under exchange.give (jokers aside).
[[nodiscard]] bool give_allowed(const Ruleset& rules, CardSet hand, Card gives);

// Nine Five Two show (seed 003): the kitty cards of the returned card's suit
// ranked above it.
[[nodiscard]] CardSet required_show(CardSet kitty, Card returned);

}  // namespace trickref
