#include "engine/play.h"

#include <algorithm>

namespace trickref {

PlayState start_play(const Ruleset& rules, Suit trump, const std::array<CardSet, kMaxPlayers>& hands, int leader) {
  PlayState s;
  s.rules = &rules;
  s.players = rules.players;
  s.trump = trump;
  s.hands = hands;
  s.leader = leader;
  s.trumps = trump_mask(trump);
  return s;
}

namespace {

// The opening card itself is never a trump lead (rules.md §4: the opening 2C
// when clubs are trump).
bool is_forced_opening(const PlayState& s, Card card) {
  return s.trick == 0 && s.count == 0 && s.rules->first_lead == FirstLead::kCard && card == s.rules->first_lead_card;
}

}  // namespace

namespace detail {

CardSet trump_duties(const PlayState& s, CardSet hand, CardSet may, bool follows) {
  const Ruleset& r = *s.rules;
  const CardSet trumps = s.trumps;
  // play.must_trump_if_void: void in the suit led, a trump if one is held.
  if (r.must_trump_if_void && !follows && hand.intersects(trumps)) {
    may &= trumps;
  }
  // play.must_overtrump: a trump to a trick that holds one beats it if it can.
  if (r.must_overtrump && s.best_strength >= 100) {
    CardSet beaters;
    for (Card c : may & trumps) {
      if (trick_strength(s, c, s.led_suit) > s.best_strength) {
        beaters.insert(c);
      }
    }
    if (!beaters.empty()) {
      may = (may - trumps) | beaters;
    }
  }
  return may;
}

}  // namespace detail

std::optional<Violation> check_play(const PlayState& s, int seat, Card card) {
  const Ruleset& r = *s.rules;
  const CardSet hand = s.hands[static_cast<std::size_t>(seat)];
  // The Violation is built only for a card that breaks a clause: nearly
  // every card of an archive breaks none, and this runs for each of them.
  auto broken = [&](Code code, std::optional<Card> evidence = std::nullopt) {
    Violation v = violation(code, Clause::kNone, 0, seat);
    v.trick = s.trick + 1;
    v.card = card;
    v.evidence = evidence;
    return std::optional<Violation>(v);
  };
  // 1. Only the ruleset's deck is in play.
  if (!r.deck.contains(card)) {
    return broken(Code::kNotInDeck);
  }
  // 2. A card is played once a hand.
  if (s.played.contains(card)) {
    return broken(Code::kDuplicatePlay);
  }
  // 3. A player plays from their own hand.
  if (!hand.contains(card)) {
    return broken(Code::kNotHeld);
  }
  const CardSet trumps = s.trumps;
  if (s.count == 0) {
    // 4. The first trick is led with the first-lead card (Pluck: the 2C).
    if (s.trick == 0 && r.first_lead == FirstLead::kCard && card != r.first_lead_card &&
        hand.contains(r.first_lead_card)) {
      return broken(Code::kFirstLead, r.first_lead_card);
    }
    // 6. No trump lead before trumps are broken, unless holding only trumps.
    if (r.trump_lead == TrumpLead::kAfterBroken && !s.broken && trumps.contains(card) &&
        !is_forced_opening(s, card)) {
      const CardSet others = hand - trumps;
      if (!others.empty() || !r.trump_lead_when_only_trumps) {
        return broken(Code::kTrumpLead, others.empty() ? card : others.highest());
      }
    }
    return std::nullopt;
  }
  // 5. Follow suit if able (the jokers count as trumps).
  const CardSet follow = follow_mask(s.led(), s.trump);
  const CardSet held = hand & follow;
  if (!follow.contains(card) && !held.empty()) {
    auto v = broken(Code::kRevoke, held.highest());
    v->suit = s.led();
    return v;
  }
  // 7. The trump duties (play.must_trump_if_void, play.must_overtrump).
  if ((r.must_trump_if_void || r.must_overtrump) &&
      !detail::trump_duties(s, hand, held.empty() ? hand : held, !held.empty()).contains(card)) {
    auto v = broken(Code::kRevoke, (hand & trumps).highest());
    const bool void_no_trump = held.empty() && !trumps.contains(card) && r.must_trump_if_void;
    v->clause = void_no_trump ? Clause::kMustTrump : Clause::kMustOvertrump;
    v->suit = s.led();
    return v;
  }
  return std::nullopt;
}

bool same_trick_start(const PlayState& a, const PlayState& b) {
  if (a.count != 0 || b.count != 0 || a.rules != b.rules || a.players != b.players || a.trump != b.trump ||
      a.trumps != b.trumps || a.played != b.played || a.broken != b.broken || a.trick != b.trick ||
      a.leader != b.leader || a.best_strength != b.best_strength || a.players > kMaxPlayers) {
    return false;
  }
  const auto n = static_cast<std::ptrdiff_t>(a.players);
  return std::equal(a.hands.begin(), a.hands.begin() + n, b.hands.begin());
}

}  // namespace trickref
