#include "engine/deal.h"

#include "engine/hand.h"

namespace trickref {

void check_deal(const Ruleset& r, int dealer, const DealWritten& deal, DealRead& read, std::vector<Violation>& found) {
  CardSet seen;
  std::array<int, 64> first_seat{};  // by card: where `seen` first met it
  bool clean = true;
  std::array<bool, kMaxPlayers + 1> faulty{};  // by seat; the last slot is the kitty
  const auto mark = [&](int seat) { faulty[static_cast<std::size_t>(seat < 0 ? kMaxPlayers : seat)] = true; };
  // Whether entry `i`, dealt to `seat`, is a card of the deck dealt once.
  const auto take = [&](std::size_t i, int seat) -> bool {
    const std::optional<Card> c = deal.cards[i];
    if (!c) {
      clean = false;
      mark(seat);
      return false;
    }
    if (!r.deck.contains(*c)) {
      Violation v = violation(Code::kNotInDeck, Clause::kNone, 0, seat);
      v.card = c;
      v.entry = static_cast<int>(i);
      found.push_back(v);
      clean = false;
      mark(seat);
      return false;
    }
    const auto at = static_cast<std::size_t>(c->index());
    if (seen.contains(*c)) {
      Violation v = violation(Code::kDuplicateCard, Clause::kNone, 0, seat, first_seat[at]);
      v.card = c;
      v.entry = static_cast<int>(i);
      found.push_back(v);
      clean = false;
      mark(seat);
      mark(first_seat[at]);
      return false;
    }
    seen.insert(*c);
    first_seat[at] = seat;
    return true;
  };
  const auto size_fault = [&](int seat, int count) {
    Violation v = violation(Code::kHandSize, Clause::kNone, 0, seat);
    v.count = count;
    found.push_back(v);
  };
  std::size_t i = 0;
  for (int s = 0; s < deal.seats; ++s) {
    const int size = deal.seat_size[static_cast<std::size_t>(s)];
    if (size != r.hand_size) {
      size_fault(s, size);
      clean = false;
      mark(s);
    }
    for (int k = 0; k < size; ++k, ++i) {
      if (take(i, s)) {
        read.hands[static_cast<std::size_t>(s)].insert(*deal.cards[i]);
      }
    }
    read.known[static_cast<std::size_t>(s)] = true;
  }
  if (deal.kitty_size >= 0) {
    if (deal.kitty_size != r.kitty) {
      mark(-1);
      size_fault(-1, deal.kitty_size);
    }
    CardSet k;
    bool read_all = true;  // every entry a card (of the deck or not)
    for (int e = 0; e < deal.kitty_size; ++e, ++i) {
      if (take(i, -1)) {
        k.insert(*deal.cards[i]);
      } else {
        read_all = read_all && deal.cards[i].has_value();
      }
    }
    if (read_all) {
      read.kitty = k;
    }
  } else if (deal.seats > 0 && clean && r.kitty > 0) {
    read.kitty = r.deck - seen;  // the deal says what is left for the kitty
  } else if (r.kitty == 0) {
    read.kitty = CardSet();
  }
  // Where a deal entry is wrong, which cards that player (or the kitty)
  // really had cannot be known: checks that need it are skipped (§4).
  for (int s = 0; s < deal.seats; ++s) {
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
