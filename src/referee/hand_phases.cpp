// The referee's phases before play (referee/game_referee.h): the deal through
// the engine's deal clauses, the exchange of plucks, the show, the discard.
#include "referee/game_referee.h"

#include <algorithm>
#include <array>
#include <numeric>
#include <utility>

#include <fmt/format.h>

#include "base/text.h"
#include "engine/deal.h"
#include "engine/exchange.h"
#include "engine/game.h"
#include "engine/hand.h"
#include "engine/points_possible.h"
#include "engine/play.h"
#include "engine/policy/table.h"
#include "engine/scoring.h"
#include "referee/messages.h"

namespace trickref {

// ----------------------------------------------------------------- deal
// Where `card` was first dealt in the hand being refereed, as check_deal
// reads the deal: its first token, by seat and then the kitty, as a card
// of the deck (seat -2: not dealt). Looked up when a message names it,
// rather than noted for every card dealt (1% of an archive's refereeing).
CardOrigin GameReferee::origin(Card card) const {
  const HandRec& h = *cur_.rec;
  if (!r_.deck.contains(card)) {
    return {};
  }
  if (h.deal) {
    for (int s = 0; s < n_; ++s) {
      for (const auto& c : (*h.deal)[static_cast<std::size_t>(s)]) {
        if (c.card == card) {
          return CardOrigin{c.loc, s};
        }
      }
    }
  }
  if (h.kitty) {
    for (const auto& c : *h.kitty) {
      if (c.card == card) {
        return CardOrigin{c.loc, -1};
      }
    }
  }
  return {};
}

// The recorded deal through the engine's deal clauses (engine/deal.h),
// its faults worded here.
void GameReferee::check_deal(const HandRec& h, HandState& m) {
  at_.phase = phase::kDeal;
  DealRead read;
  read.known = m.known;
  scratch_.found.clear();
  trickref::check_deal(r_, dealer_, h.deal ? &*h.deal : nullptr, h.kitty ? &*h.kitty : nullptr,
                       [](const CardRef& c) { return c.card; }, read, scratch_.found);
  for (const Violation& v : scratch_.found) {
    const std::string who = v.seat >= 0 ? name(v.seat) : std::string("the kitty");
    const std::string player = v.seat >= 0 ? who : std::string();
    if (v.code == Code::kHandSize) {
      if (v.seat >= 0) {
        about(report(Code::kHandSize, h.deal_seat_locs[static_cast<std::size_t>(v.seat)],
                     say::hand_size(words(), v.seat, v.count)),
              player);
      } else {
        report(Code::kHandSize, h.kitty_loc, say::kitty_size(r_, v.count));
      }
      continue;
    }
    const Loc loc = deal_entry(h, v.entry).loc;
    if (v.code == Code::kNotInDeck) {
      about(report(Code::kNotInDeck, loc, say::not_in_deck_dealt(r_, *v.card, who)), player, *v.card);
    } else {
      const CardOrigin first = origin(*v.card);
      auto& d = report(Code::kDuplicateCard, loc, say::duplicate_card(*v.card, who, how(CardOrigin{first.loc, v.other})));
      about(d, player, *v.card);
      d.notes.push_back(Note{say::first_dealt_here(*v.card), first.loc});
    }
  }
  m.hands = read.hands;
  m.known = read.known;
  m.kitty_known = read.kitty.has_value();
  m.kitty = read.kitty.value_or(CardSet());
}

// Entry `i` of the deal as check_deal reads it: the seats' cards, then the kitty's.
const CardRef& GameReferee::deal_entry(const HandRec& h, int i) {
  auto k = static_cast<std::size_t>(i);
  if (h.deal) {
    for (const auto& cards : *h.deal) {
      if (k < cards.size()) {
        return cards[k];
      }
      k -= cards.size();
    }
  }
  return (*h.kitty)[k];
}

// -------------------------------------------------------------- exchange
void GameReferee::check_exchange(const HandRec& h, HandState& m) {
  at_.phase = phase::kExchange;
  at_.trick = 0;
  if (!h.plucks) {
    if (reading_.exchange_unknown(h)) {
      m.known.fill(false);  // cards moved in plucks nobody recorded
    }
    return;
  }
  // The hands at the exchange, as checked: the record's, or without a
  // deal, worked back from the plays (through the dealer's discard).
  HandState ex = m;
  if (!h.deal) {
    if (auto play = reading_.inferred_play_hands(h)) {
      Hands back = *play;
      bool ok = true;
      if (reading_.kitty_after_exchange(dealer_)) {
        if (h.discard && m.kitty_known) {
          auto& dh = back[static_cast<std::size_t>(dealer_)];
          for (const auto& c : *h.discard) {
            if (c.card) {
              dh.insert(*c.card);
            }
          }
          dh -= m.kitty;
        } else {
          ok = false;
        }
      }
      if (ok) {
        std::array<bool, kMaxPlayers> all{};
        all.fill(true);
        for (auto it = h.plucks->rbegin(); it != h.plucks->rend(); ++it) {
          move_pluck(back, all, it->by.seat, it->from.seat, gets_of(*it), it->gives.card);  // undone
        }
        ex.hands = back;
        ex.known.fill(true);
      }
    }
  }
  bool order_reported = false;
  std::vector<Violation> found;
  for (const auto& p : *h.plucks) {
    const int by = p.by.seat;
    const int from = p.from.seat;
    const std::optional<Card> gives = p.gives.card;
    const std::optional<Card> gets = gets_of(p);
    // Owed, and in turn? (rules.md §2.3)
    if (const auto v = check_pluck_turn(ex, by, from)) {
      if (v->code == Code::kPluckUnowed) {
        say(*v, p.loc);
      } else if (!order_reported) {
        order_reported = true;  // one pluck-order a hand
        say(*v, p.loc);
      }
    }
    // The cards given and given back.
    found.clear();
    check_pluck(ex, by, from, gives, gets, found);
    bool joker = false;
    for (const auto& v : found) {
      joker = joker || v.code == Code::kPluckJoker;
      say(v, v.clause == Clause::kJokerReturned ? p.gets->loc : p.gives.loc);
    }
    if (gives && !joker && !(p.gets && !p.gets->card)) {
      const Play* proven = ex.known[static_cast<std::size_t>(from)] || (gets && gets->suit() != gives->suit())
                               ? nullptr
                               : reading_.proven_higher(h, m, from, gives->suit(), gets);
      if (const auto v = check_return(ex, by, from, *gives, gets,
                                      proven ? std::optional<Card>(proven->card) : std::nullopt)) {
        auto& d = say(*v, p.gets ? p.gets->loc : p.loc);
        if (v->clause == Clause::kProvenHigher) {
          d.notes.push_back(Note{say::played_not_received(words(), from, proven->card, proven->trick + 1),
                                 proven->loc});
        }
      }
    }
    apply_pluck(ex, by, from, gives, gets);
    move_pluck(m.hands, m.known, by, from, gives, gets);
  }
  if (ex.exchange.owed_known && !ex.exchange.before_first) {
    for (int i = 0; i < ex.exchange.n_owed; ++i) {
      const auto& o = ex.exchange.owed[static_cast<std::size_t>(i)];
      if (plucks_left(ex, i) > 0 && cur_.open && (!h.tricks || h.tricks->empty())) {
        unfinished(say::kPlucksToMake);  // the exchange is still going on
      } else if (plucks_left(ex, i) > 0) {
        about(report(r_.waivable ? Severity::kWarning : Severity::kError, Code::kPluckMissing, h.plucks_loc,
                     say::pluck_missing(words(), o.by, o.from, ex.exchange.made[static_cast<std::size_t>(i)],
                                        o.count, h.number)),
              name(o.by));
      }
    }
  }
  m.exchange = ex.exchange;  // what was made and given back, for the show
}

// ------------------------------------------------------------------ show
void GameReferee::check_show(const HandRec& h, const HandState& m) {
  if (!r_.show_kitty || !h.shows || !h.plucks || !m.kitty_known) {
    return;
  }
  at_.phase = phase::kTrump;
  std::array<CardSet, kMaxPlayers> shown{};
  for (const auto& s : *h.shows) {
    for (const auto& c : s.cards) {
      if (c.card) {
        shown[static_cast<std::size_t>(s.to.seat)].insert(*c.card);
      }
    }
  }
  for (int s = 0; s < n_; ++s) {
    const CardSet need = required_shows(m, s);
    const CardSet got = shown[static_cast<std::size_t>(s)];
    if (need != got) {
      // The card of the diagnostic is the card at fault: the first card
      // shown that should not have been, else the first one missing.
      const CardSet back = m.exchange.dealer_returned[static_cast<std::size_t>(s)];
      const CardSet extra = got - need;
      const CardSet missing = need - got;
      const std::optional<Card> at_fault = !extra.empty()     ? std::optional<Card>(*extra.begin())
                                           : !missing.empty() ? std::optional<Card>(*missing.begin())
                                                              : std::nullopt;
      about(report(Code::kShowMissing, h.shows_loc, say::show_missing(words(), s, back, need, got)), name(dealer_),
            at_fault);
      return;  // one show-missing naming the dealer
    }
  }
}

// --------------------------------------------------------------- discard
void GameReferee::check_discard(const HandRec& h, HandState& m) {
  at_.phase = phase::kTrump;
  const int taker = kitty_taker(m);
  if (taker < 0) {
    return;  // the phase is absent when nobody takes the kitty
  }
  const auto d = static_cast<std::size_t>(taker);
  if (!h.discard) {
    m.known[d] = false;
    return;
  }
  bool faulty = false;
  if (const auto v = check_discard_count(m, static_cast<int>(h.discard->size()))) {
    faulty = true;
    say(*v, h.discard_loc);
  }
  CardSet discarded;
  bool read = true;
  for (const auto& c : *h.discard) {
    if (!c.card) {
      read = false;
      continue;
    }
    // Not held is checked where the taker's hand is known (with the
    // kitty); what kitty.discard_forbid names, always.
    if (const auto v = trickref::check_discard(m, *c.card)) {
      faulty = true;
      say(*v, c.loc);
    }
    discarded.insert(*c.card);
  }
  cur_.discard_known = read;
  if (!m.kitty_known) {
    m.known[d] = false;
    if (read) {
      m.discard = discarded;  // what was laid away, for the partner and the points
    }
    return;
  }
  apply_kitty(m, discarded);
  if (faulty) {
    m.known[d] = false;  // which cards the taker kept cannot be known
  }
}

// The bidder takes the kitty into their hand (call-deuces.md §2.3); the
// discard follows in its own phase. Where the kitty is not known, neither
// is the bidder's hand from now on.
void GameReferee::take_kitty_phase(HandState& m) {
  const int taker = kitty_taker(m);
  if (taker < 0) {
    return;
  }
  take_kitty(m);
  if (!m.kitty_known) {
    m.known[static_cast<std::size_t>(taker)] = false;
  }
}

}  // namespace trickref
