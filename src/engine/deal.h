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
// (referee/messages.h), so the two say the same of the same deal. It is a
// template over how an entry holds its card, so that neither copies a deal
// to have it checked (the referee reads every hand of an archive).
#pragma once

#include <array>
#include <optional>
#include <vector>

#include "cards/card.h"
#include "engine/hand.h"
#include "engine/violation.h"
#include "ruleset/ruleset.h"

namespace trickref {

// What a deal shows: each seat's cards (those of the deck, dealt first
// there) and whether the seat's hand is known, and the kitty where it is
// known. `known` is left as it was for a deal not recorded.
struct DealRead {
  std::array<CardSet, kMaxPlayers> hands{};
  std::array<bool, kMaxPlayers> known{};
  std::optional<CardSet> kitty;
};

// Checks a deal of a hand dealt by `dealer` into `read`, its Violations
// into `found` (appended) in reading order: seat by seat its hand-size and
// then its cards' faults, then the kitty's. `seats` holds each seat's
// entries in seat order (null: no deal recorded; fewer than the players: a
// deal being typed), `kitty` the kitty's (null: not recorded), and
// `card_of(entry)` is an entry's card (absent: a token that is not a card).
// A Violation's `seat` is the seat at fault (-1: the kitty); `entry` the
// entry's index counted through the seats and then the kitty; `count` the
// entries of a seat or the kitty of the wrong size; for duplicate-card,
// `other` is where the card was first dealt (a seat, -1: the kitty).
template <class Seats, class Kitty, class CardOf>
void check_deal(const Ruleset& r, int dealer, const Seats* seats, const Kitty* kitty, CardOf card_of, DealRead& read,
                std::vector<Violation>& found) {
  CardSet seen;
  bool clean = true;
  std::array<bool, kMaxPlayers + 1> faulty{};  // by seat; the last slot is the kitty
  const auto mark = [&](int seat) { faulty[static_cast<std::size_t>(seat < 0 ? kMaxPlayers : seat)] = true; };
  int entry = 0;
  const int dealt = seats != nullptr ? static_cast<int>(seats->size()) : 0;
  // Where `c`, dealt twice, was dealt first: a seat, else the kitty (-1).
  // Looked up at a fault, rather than noted for every card dealt.
  const auto first_dealt = [&](Card c) -> int {
    for (int s = 0; s < dealt; ++s) {
      for (const auto& e : (*seats)[static_cast<std::size_t>(s)]) {
        if (card_of(e) == c) {
          return s;
        }
      }
    }
    return -1;
  };
  // Whether `c`, dealt to `seat`, is a card of the deck dealt once.
  const auto take = [&](std::optional<Card> c, int seat) -> bool {
    const int at_entry = entry++;
    if (!c) {
      clean = false;
      mark(seat);
      return false;
    }
    if (!r.deck.contains(*c)) {
      Violation v = violation(Code::kNotInDeck, Clause::kNone, 0, seat);
      v.card = c;
      v.entry = at_entry;
      found.push_back(v);
      clean = false;
      mark(seat);
      return false;
    }
    if (seen.contains(*c)) {
      const int first = first_dealt(*c);
      Violation v = violation(Code::kDuplicateCard, Clause::kNone, 0, seat, first);
      v.card = c;
      v.entry = at_entry;
      found.push_back(v);
      clean = false;
      mark(seat);
      mark(first);
      return false;
    }
    seen.insert(*c);
    return true;
  };
  const auto size_fault = [&](int seat, std::size_t count) {
    Violation v = violation(Code::kHandSize, Clause::kNone, 0, seat);
    v.count = static_cast<int>(count);
    found.push_back(v);
  };
  for (int s = 0; s < dealt; ++s) {
    const auto& cards = (*seats)[static_cast<std::size_t>(s)];
    if (static_cast<int>(cards.size()) != r.hand_size) {
      size_fault(s, cards.size());
      clean = false;
      mark(s);
    }
    for (const auto& e : cards) {
      const std::optional<Card> c = card_of(e);
      if (take(c, s)) {
        read.hands[static_cast<std::size_t>(s)].insert(*c);
      }
    }
    read.known[static_cast<std::size_t>(s)] = true;
  }
  if (kitty != nullptr) {
    if (static_cast<int>(kitty->size()) != r.kitty) {
      mark(-1);
      size_fault(-1, kitty->size());
    }
    CardSet k;
    bool read_all = true;  // every entry a card (of the deck or not)
    for (const auto& e : *kitty) {
      const std::optional<Card> c = card_of(e);
      if (take(c, -1)) {
        k.insert(*c);
      } else {
        read_all = read_all && c.has_value();
      }
    }
    if (read_all) {
      read.kitty = k;
    }
  } else if (dealt > 0 && clean && r.kitty > 0) {
    read.kitty = r.deck - seen;  // the deal says what is left for the kitty
  } else if (r.kitty == 0) {
    read.kitty = CardSet();
  }
  // Where a deal entry is wrong, which cards that player (or the kitty)
  // really had cannot be known: checks that need it are skipped (§4).
  for (int s = 0; s < dealt; ++s) {
    if (faulty[static_cast<std::size_t>(s)]) {
      read.known[static_cast<std::size_t>(s)] = false;
    }
  }
  if (faulty[kMaxPlayers] || (r.kitty > 0 && !read.kitty)) {
    read.kitty.reset();
    if (const int taker = kitty_taker(r, dealer); taker >= 0) {
      read.known[static_cast<std::size_t>(taker)] = false;  // which kitty cards joined that hand cannot be known
    }
  }
}

}  // namespace trickref
