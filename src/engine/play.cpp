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
  return detail::check_play_clauses<std::optional<Violation>>(
      s, s.hands[static_cast<std::size_t>(seat)], card, [&](Code code, Clause clause, std::optional<Card> evidence) {
        Violation v = violation(code, clause, 0, seat);
        v.trick = s.trick + 1;
        v.card = card;
        v.evidence = evidence;
        if (code == Code::kRevoke) {
          v.suit = s.led();
        }
        return std::optional<Violation>(v);
      });
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
