// The deal's clauses (rules.md §2.1, §4): every card dealt is a card of the
// ruleset's deck and is dealt once (a card dealt twice is at fault at its
// second occurrence, in seat order and then the kitty), each seat is dealt
// deal.hand_size cards and the kitty deal.kitty. What a faulty deal still
// proves follows from the same reading: a seat (or the kitty) with a fault
// in it is not known, and where the kitty is not known neither is the hand
// of the player who takes it.
//
// The referee checks a recorded deal with check_deal, the recorder each line
// of a deal as it is typed (the seats so far); both word its Violations
// (referee/messages.h), so the two say the same of the same deal.
#pragma once

#include <array>
#include <optional>
#include <span>
#include <vector>

#include "cards/card.h"
#include "engine/violation.h"
#include "ruleset/ruleset.h"

namespace trickref {

// A deal as written: each seat's entries in seat order and then the
// kitty's, one after another in `cards` (absent: a token that is not a card).
struct DealWritten {
  std::span<const std::optional<Card>> cards;
  std::array<int, kMaxPlayers> seat_size{};  // entries per seat
  int seats = 0;        // seats written (0: no deal recorded; fewer than the players: a deal being typed)
  int kitty_size = -1;  // the kitty's entries (-1: not recorded)
};

// What a deal shows: each seat's cards (those of the deck, dealt first
// there) and whether the seat's hand is known, and the kitty where it is
// known. `known` is left as it was for a deal not recorded.
struct DealRead {
  std::array<CardSet, kMaxPlayers> hands{};
  std::array<bool, kMaxPlayers> known{};
  std::optional<CardSet> kitty;
};

// Checks `deal` of a hand dealt by `dealer` into `read`, its Violations into
// `found` (appended) in reading order: seat by seat its hand-size and then
// its cards' faults, then the kitty's. `seat` is the seat at fault (-1: the
// kitty); `entry` the entry's index in `deal.cards`; `count` the entries of
// a seat or the kitty of the wrong size; for duplicate-card, `other` is
// where the card was first dealt (a seat, -1: the kitty).
void check_deal(const Ruleset& r, int dealer, const DealWritten& deal, DealRead& read, std::vector<Violation>& found);

}  // namespace trickref
