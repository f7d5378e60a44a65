// Trick play (rules.md §2.6): who leads, what may be played, who wins.
//
// Pure: depends on cards and the ruleset only. `check_play` is a const
// predicate returning the first rule clause a play breaks; `apply_play`
// performs a play and assumes nothing beyond the card being a card, so the
// referee can apply a faulty play as recorded ("the record stands").
// `legal_plays` is exactly the set of cards `check_play` accepts, which the
// conformance tests verify in every reached state.
#pragma once

#include <array>
#include <cstdint>

#include <optional>

#include "cards/card.h"
#include "engine/violation.h"
#include "ruleset/ruleset.h"

namespace trickref {

struct PlayState {
  const Ruleset* rules = nullptr;
  int players = 3;
  Suit trump = Suit::kClubs;
  std::array<CardSet, kMaxPlayers> hands{};  // what each seat holds now
  CardSet played;                            // cards played so far this hand
  bool broken = false;                       // a trump has been played to a trick
  int trick = 0;                             // 0-based number of the trick in progress
  int leader = 0;
  int count = 0;  // cards in the trick in progress
  std::array<Card, kMaxPlayers> cards{};
  std::array<std::int8_t, kMaxPlayers> seats{};
  std::array<int, kMaxPlayers> taken{};
  CardSet trumps;       // the trump suit and, if any, the jokers
  int best_seat = 0;    // the seat whose card wins the trick so far
  int best_strength = -1;
  Suit led_suit = Suit::kClubs;  // valid once the trick has a card
  // The winner of each trick finished, in order (finish_trick), where a
  // driver may end the hand after the fact (the referee); entries past
  // `trick` are never read, so they are left uninitialised (this state is
  // set up for every simulated hand).
  std::array<std::uint8_t, 64> won_by;

  // No division here: this is on the path of every play.
  [[nodiscard]] int to_play() const {
    const int p = leader + count;
    return p >= players ? p - players : p;
  }
  [[nodiscard]] Suit led() const { return led_suit; }
  [[nodiscard]] bool trick_complete() const { return count == players; }
};

// Whether `a` and `b` are the same start of a trick (no card played to it
// yet) as far as check_play reads them, so that every card of the trick gets
// the same verdict from either.
[[nodiscard]] bool same_trick_start(const PlayState& a, const PlayState& b);

// Starts the play of a hand: `hands` as held after the exchange and discard.
[[nodiscard]] PlayState start_play(const Ruleset& rules, Suit trump, const std::array<CardSet, kMaxPlayers>& hands,
                                   int leader);

// Checks `card` played by `seat` as the next card of the trick in progress:
// the first clause it breaks, of, in order: not-in-deck, duplicate-play,
// not-held, first-lead (the first-lead card), trump-lead (when leading),
// revoke (following: the suit led, then play.must_trump_if_void, then
// play.must_overtrump). `evidence` is the card held that proves it.
[[nodiscard]] std::optional<Violation> check_play(const PlayState& s, int seat, Card card);

// Whether `card` played by `seat` breaks none of check_play's clauses (the
// same clauses, inlined: the referee asks this of every card it reads).
[[nodiscard]] inline bool plays_clean(const PlayState& s, int seat, Card card);

namespace detail {
CardSet trump_duties(const PlayState& s, CardSet hand, CardSet may, bool follows);
}  // namespace detail

// The cards the player due to play may play now (never empty while they hold a card).
[[nodiscard]] inline CardSet legal_plays(const PlayState& s);
// The same, for code that knows whether the ruleset has trump duties
// (play.must_trump_if_void, play.must_overtrump): with kDuties false they are
// not looked at (the random playout's loop, chosen once a hand).
template <bool kDuties>
[[nodiscard]] inline CardSet legal_plays_for(const PlayState& s);

// Plays `card` for `seat` into the trick in progress, whether or not it was legal.
inline void apply_play(PlayState& s, int seat, Card card);

// Takes back every card of the trick in progress, each of which was held
// and not played before (check_play found no fault in it): the play is as it
// was at the start of the trick, when trumps were `broken_before` or not.
// The referee tries a trick as written in place, and reads it another way
// where it breaks a rule, without copying the play for every trick.
inline void take_back_trick(PlayState& s, bool broken_before);

// The seat winning the trick in progress so far (precondition: count > 0).
[[nodiscard]] inline int current_winner(const PlayState& s);

// Closes the trick in progress: counts it for its winner, who leads next.
// Returns the winner.
inline int finish_trick(PlayState& s);

// --- inline definitions: these run for every card played, in the referee and
// in `simulate`, so they are inlined where they are called.

namespace detail {

// Whether `card` is of the suit led, the jokers counting as trumps.
inline bool follows_suit(const PlayState& s, Card card) { return follow_mask(s.led(), s.trump).contains(card); }

// The opening card itself is never a trump lead (rules.md §4: the opening 2C
// when clubs are trump).
inline bool is_forced_opening(const PlayState& s, Card card) {
  return s.trick == 0 && s.count == 0 && s.rules->first_lead == FirstLead::kCard && card == s.rules->first_lead_card;
}

// check_play's clauses, in order, for the next card of the trick in
// progress (played by the seat whose hand is `hand`): `broken(code, clause,
// evidence)` gives the result for the first clause the card breaks, and a
// card that breaks none gives `Result{}`. Written once, for check_play
// (which builds the Violation) and plays_clean (which only asks whether).
template <class Result, class Broken>
inline Result check_play_clauses(const PlayState& s, CardSet hand, Card card, Broken&& broken) {
  const Ruleset& r = *s.rules;
  // 1. Only the ruleset's deck is in play.
  if (!r.deck.contains(card)) {
    return broken(Code::kNotInDeck, Clause::kNone, std::nullopt);
  }
  // 2. A card is played once a hand.
  if (s.played.contains(card)) {
    return broken(Code::kDuplicatePlay, Clause::kNone, std::nullopt);
  }
  // 3. A player plays from their own hand.
  if (!hand.contains(card)) {
    return broken(Code::kNotHeld, Clause::kNone, std::nullopt);
  }
  const CardSet trumps = s.trumps;
  if (s.count == 0) {
    // 4. The first trick is led with the first-lead card (Pluck: the 2C).
    if (s.trick == 0 && r.first_lead == FirstLead::kCard && card != r.first_lead_card &&
        hand.contains(r.first_lead_card)) {
      return broken(Code::kFirstLead, Clause::kNone, r.first_lead_card);
    }
    // 6. Trump leads (rules.md §2.6, play.trump_lead): with after_broken,
    // no trump is led before trumps are broken, unless the leader holds
    // only trumps (play.trump_lead_when_only_trumps).
    if (r.trump_lead == TrumpLead::kAfterBroken && !s.broken && trumps.contains(card) &&
        !is_forced_opening(s, card)) {
      const CardSet others = hand - trumps;
      if (!others.empty() || !r.trump_lead_when_only_trumps) {
        return broken(Code::kTrumpLead, Clause::kNone, others.empty() ? card : others.highest());
      }
    }
    return Result{};
  }
  // 5. Follow suit (rules.md §2.6): a player who holds a card of the suit
  // led must play one (the jokers count as trumps); one who cannot may play
  // any card.
  const CardSet held = hand & follow_mask(s.led(), s.trump);
  if (!held.empty() && !follows_suit(s, card)) {
    return broken(Code::kRevoke, Clause::kNone, held.highest());
  }
  // 7. The trump duties (play.must_trump_if_void, play.must_overtrump).
  if ((r.must_trump_if_void || r.must_overtrump) &&
      !trump_duties(s, hand, held.empty() ? hand : held, !held.empty()).contains(card)) {
    const bool void_no_trump = held.empty() && !trumps.contains(card) && r.must_trump_if_void;
    return broken(Code::kRevoke, void_no_trump ? Clause::kMustTrump : Clause::kMustOvertrump,
                  (hand & trumps).highest());
  }
  return Result{};
}

}  // namespace detail

inline bool plays_clean(const PlayState& s, int seat, Card card) {
  return !detail::check_play_clauses<bool>(s, s.hands[static_cast<std::size_t>(seat)], card,
                                           [](Code, Clause, std::optional<Card>) { return true; });
}

inline CardSet legal_plays(const PlayState& s) { return legal_plays_for<true>(s); }

template <bool kDuties>
inline CardSet legal_plays_for(const PlayState& s) {
  const Ruleset& r = *s.rules;
  const CardSet hand = s.hands[static_cast<std::size_t>(s.to_play())] & r.deck;
  const CardSet trumps = trump_mask(s.trump);
  if (s.count == 0) {
    if (s.trick == 0 && r.first_lead == FirstLead::kCard && hand.contains(r.first_lead_card)) {
      return CardSet::of(r.first_lead_card);
    }
    if (r.trump_lead == TrumpLead::kAfterBroken && !s.broken) {
      const CardSet others = hand - trumps;
      if (!others.empty()) {
        return others;
      }
      // Holding only trumps: with trump_lead_when_only_trumps false no lead is
      // clean; every card stays playable (and is reported).
    }
    return hand;
  }
  // Follow suit if able, else any card (rules.md §2.6).
  const CardSet held = hand & follow_mask(s.led(), s.trump);
  const CardSet may = held.empty() ? hand : held;
  if (kDuties && (r.must_trump_if_void || r.must_overtrump)) {
    return detail::trump_duties(s, hand, may, !held.empty());
  }
  return may;
}

namespace detail {

// How strongly `c` bids for the trick: trumps above everything (the jokers
// above the ace), then the suit led; a discard never wins.
// Written as selects, not branches: in random play which way they go is random.
inline int trick_strength(const PlayState& s, Card c, Suit led) {
  const int rank = c.rank();
  const int as_trump = 100 + rank + (c.is_joker() ? 20 : 0);
  const int as_side = effective_suit(c, s.trump) == led ? rank : -1;
  return s.trumps.contains(c) ? as_trump : as_side;
}

}  // namespace detail

// How strongly `c` would bid for the trick in progress if played now (a lead
// counts as its own suit led): for ranking cards, as the bots do.
[[nodiscard]] inline int strength_if_played(const PlayState& s, Card c) {
  return detail::trick_strength(s, c, s.count == 0 ? effective_suit(c, s.trump) : s.led_suit);
}

[[gnu::always_inline]] inline void apply_play(PlayState& s, int seat, Card card) {
  s.hands[static_cast<std::size_t>(seat)].erase(card);
  s.played.insert(card);
  if (s.count < kMaxPlayers) {
    s.cards[static_cast<std::size_t>(s.count)] = card;
    s.seats[static_cast<std::size_t>(s.count)] = static_cast<std::int8_t>(seat);
    if (s.count == 0) {
      s.led_suit = effective_suit(card, s.trump);
    }
    // Whether this card now wins the trick, applied with masks (random in
    // random play). A trick starts at best_strength -1 (start_play,
    // finish_trick) and a lead's strength is at least 0 (its own suit is
    // the suit led), so the lead always takes the trick so far.
    const int st = detail::trick_strength(s, card, s.led_suit);
    const int better = -static_cast<int>(st > s.best_strength);
    s.best_seat = (seat & better) | (s.best_seat & ~better);
    s.best_strength = (st & better) | (s.best_strength & ~better);
    ++s.count;
  }
  s.broken = s.broken | s.trumps.contains(card);
}

inline void take_back_trick(PlayState& s, bool broken_before) {
  for (int i = 0; i < s.count && i < kMaxPlayers; ++i) {
    const Card c = s.cards[static_cast<std::size_t>(i)];
    s.hands[static_cast<std::size_t>(s.seats[static_cast<std::size_t>(i)])].insert(c);
    s.played.erase(c);
  }
  s.count = 0;
  s.best_seat = 0;  // as finish_trick leaves them
  s.best_strength = -1;
  s.broken = broken_before;
}

inline int current_winner(const PlayState& s) { return s.best_seat; }

// Closes the trick in progress: its winner takes it, is noted (won_by)
// and leads next.
inline int finish_trick(PlayState& s) {
  const int winner = current_winner(s);
  ++s.taken[static_cast<std::size_t>(winner)];
  s.won_by[static_cast<std::size_t>(s.trick & 63)] = static_cast<std::uint8_t>(winner);
  s.leader = winner;
  s.count = 0;
  s.best_seat = 0;
  s.best_strength = -1;
  ++s.trick;
  return winner;
}

}  // namespace trickref
