#include "record/stepper.h"

#include <algorithm>

#include "engine/play.h"

namespace trickref::record {
namespace {

CardSet set_of(const std::vector<Card>& cards) {
  CardSet s;
  for (const Card c : cards) {
    s.insert(c);
  }
  return s;
}

// The driver run_hand calls: each phase applies what the Draft holds and
// stops the hand at the first entry missing (every later phase then does
// nothing).
class Stepper {
 public:
  Stepper(const DraftHand& d, const Choices& c, Mode mode, Step& out) : d_(d), c_(c), mode_(mode), out_(out) {}

  void deal(HandState& h) {
    if (stopped()) {
      return;
    }
    if (mode_ == Mode::kUnset) {
      stop(Ask::kMode);
      return;
    }
    if (mode_ != Mode::kDeal) {
      return;  // nobody's cards are known
    }
    if (!d_.deal) {
      stop(Ask::kDeal, 0);
      return;
    }
    std::array<CardSet, kMaxPlayers> hands{};
    for (std::size_t s = 0; s < d_.deal->size() && s < hands.size(); ++s) {
      hands[s] = set_of((*d_.deal)[s]);
    }
    apply_deal(h, hands, set_of(d_.kitty));
  }

  void auction(HandState& h) {
    if (stopped()) {
      return;
    }
    if (d_.bids) {
      for (const auto& b : *d_.bids) {
        if (h.auction.over()) {
          break;
        }
        apply_call(h, h.auction.turn, b);
      }
    }
    if (!h.auction.over()) {
      stop(Ask::kCall, h.auction.turn);
    }
  }

  void exchange(HandState& h) {
    if (stopped() || mode_ == Mode::kSheet) {
      return;
    }
    if (d_.plucks) {
      for (const auto& p : *d_.plucks) {
        apply_pluck(h, p.by, p.from, p.gives, p.gets);
      }
    }
    if (c_.exchange_closed || later_than(Phase::kExchange, h)) {
      return;
    }
    std::array<bool, kMaxPlayers> given_up{};
    for (PluckTurn t = next_pluck(h, given_up); t.by >= 0; t = next_pluck(h, given_up)) {
      // A plucker known to hold nothing they may give cannot make the pluck.
      if (h.known[static_cast<std::size_t>(t.by)] && legal_gives(h, t.by, t.from).empty()) {
        given_up[static_cast<std::size_t>(t.owed)] = true;
        continue;
      }
      stop(Ask::kPluck, t.by, t.from);
      return;
    }
  }

  void trump(HandState& h) {
    if (stopped() || mode_ == Mode::kSheet) {
      return;
    }
    if (d_.trump) {
      apply_trump(h, *d_.trump);
      return;
    }
    stop(Ask::kTrump, trump_namer(h));
  }

  void kitty(HandState& h) {
    if (stopped() || mode_ == Mode::kSheet) {
      return;
    }
    const int taker = kitty_taker(h);
    if (taker < 0) {
      return;
    }
    if (h.discard_apart) {
      take_kitty(h);
      return;
    }
    lay_away(h, taker);
    show(h);
  }

  void discard(HandState& h) {
    if (stopped() || mode_ == Mode::kSheet) {
      return;
    }
    const int taker = kitty_taker(h);
    if (taker >= 0) {
      lay_away(h, taker);
    }
  }

  void deal_rest(HandState& /*h*/) {}  // the deal is entered whole

  void play(HandState& h) {
    if (stopped() || mode_ == Mode::kSheet) {
      return;
    }
    const bool all_known = std::all_of(h.known.begin(), h.known.begin() + h.players, [](bool k) { return k; });
    int leader = d_.first_leader >= 0 ? d_.first_leader : first_leader(h, all_known);
    if (leader < 0) {
      stop(Ask::kLeader);
      return;
    }
    start_play(h, leader);
    const int tricks = h.rules->tricks_per_hand();
    int done = 0;
    const auto recorded = d_.tricks ? static_cast<int>(d_.tricks->size()) : 0;
    for (int t = 0; t < recorded; ++t) {
      const auto& cards = (*d_.tricks)[static_cast<std::size_t>(t)];
      for (std::size_t i = 0; i < cards.size() && !h.play.trick_complete(); ++i) {
        apply_play(h.play, h.play.to_play(), card_at(t, static_cast<int>(i), cards[i]));
      }
      if (!h.play.trick_complete()) {
        break;
      }
      note_trick(h, CardSet());
      finish_trick(h);
      done = t + 1;
      if (ends_after(h, done, recorded)) {
        return;
      }
    }
    if (h.ended_after > 0 || done >= tricks) {
      return;
    }
    stop(Ask::kPlay, h.play.to_play(), -1, h.play.trick + 1);
  }

  void count(HandState& h) {
    if (stopped() || mode_ != Mode::kSheet || h.void_hand) {
      return;
    }
    if (!d_.taken) {
      stop(Ask::kTaken);
    } else if (h.rules->partner_by == PartnerBy::kCard && has_contract(h) && !d_.partner) {
      stop(Ask::kPartner, h.auction.bidder);
    } else if (counts_cards(h) && !d_.points) {
      stop(Ask::kPoints);
    }
  }

 private:
  [[nodiscard]] bool stopped() const { return out_.ask != Ask::kHandDone; }

  void stop(Ask ask, int seat = -1, int other = -1, int trick = 0, int count = 0) {
    out_.ask = ask;
    out_.seat = seat;
    out_.other = other;
    out_.trick = trick;
    out_.count = count;
  }

  // Whether an entry of a phase after `p` has been made (the exchange is
  // then over, whatever was owed).
  [[nodiscard]] bool later_than(Phase p, const HandState& h) const {
    bool after = false;
    for (const Phase q : h.phases) {
      if (after) {
        const bool made = (q == Phase::kTrump && d_.trump) || ((q == Phase::kKitty || q == Phase::kDiscard) && d_.discard) ||
                          (q == Phase::kPlay && d_.tricks);
        if (made) {
          return true;
        }
      }
      after = after || q == p;
    }
    return false;
  }

  // Card `i` of trick `t` (0-based) as the referee reads it: `typed`, or
  // the card meant where it was mistyped.
  [[nodiscard]] Card card_at(int t, int i, Card typed) const {
    for (const ReadAs& r : c_.read_as) {
      if (r.trick == t && r.index == i) {
        return r.card;
      }
    }
    return typed;
  }

  void lay_away(HandState& h, int taker) {
    if (d_.discard) {
      apply_kitty(h, set_of(*d_.discard));
      return;
    }
    stop(Ask::kDiscard, taker, -1, 0, h.rules->kitty_discard);
  }

  // The dealer, having taken the kitty, shows each player who plucked them
  // the kitty cards of the suit given back that rank higher
  // (exchange.show_kitty): asked plucker by plucker, in seat order, where
  // the deal is known (without it the show cannot be checked).
  void show(HandState& h) {
    if (stopped() || !h.rules->show_kitty || mode_ != Mode::kDeal) {
      return;
    }
    for (int by = 0; by < h.players; ++by) {
      if (h.exchange.dealer_returned[static_cast<std::size_t>(by)].empty()) {
        continue;
      }
      const bool made = d_.shows && std::any_of(d_.shows->begin(), d_.shows->end(),
                                                [&](const DraftShow& s) { return s.to == by; });
      if (!made) {
        stop(Ask::kShow, h.dealer, by);
        return;
      }
    }
  }

  // After trick `done`: whether the hand ends there (stopping the driver
  // when the recorder must ask whether the winners play on).
  bool ends_after(HandState& h, int done, int recorded) {
    if (c_.forfeit_after == done) {
      end_hand_at(h, done);
      return true;
    }
    if (!hand_ends_after_trick(h)) {
      return false;
    }
    if (may_play_on(h)) {
      if (recorded > done || c_.play_on == 1) {
        return false;  // the winners chose to play on
      }
      if (c_.play_on < 0) {
        stop(Ask::kPlayOn, h.play.leader);
        return true;
      }
    }
    end_hand_at(h, done);
    return true;
  }

  const DraftHand& d_;
  const Choices& c_;
  Mode mode_;
  Step& out_;
};

}  // namespace

Mode mode_of(const DraftHand& h, const Choices& choices) {
  if (h.deal) {
    return Mode::kDeal;
  }
  if (h.sheet()) {
    return Mode::kSheet;
  }
  if (h.plucks || h.trump || h.discard || h.tricks) {
    return Mode::kPlays;
  }
  return choices.mode;  // nothing but calls (or nothing) yet: as chosen
}

Step next_step(const GameState& game, int number, const DraftHand& h, const Choices& choices) {
  Step out;
  out.hand = HandState{};
  start_hand(out.hand, game, number, h.dealer);
  out.hand.known.fill(false);
  Stepper driver(h, choices, mode_of(h, choices), out);
  run_hand(out.hand, driver);
  return out;
}

}  // namespace trickref::record
