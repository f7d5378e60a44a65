#include "engine/play.h"

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

int first_leader(const Ruleset& rules, int dealer, const std::array<CardSet, kMaxPlayers>& hands, bool hands_known) {
  switch (rules.first_lead) {
    case FirstLead::kLeftOfDealer:
      return left_of(dealer, rules.players);
    case FirstLead::kTrumpChooser:
      return rules.trump_chooser == TrumpChooser::kLeftOfDealer ? left_of(dealer, rules.players) : dealer;
    case FirstLead::kCard:
      if (hands_known) {
        for (int p = 0; p < rules.players; ++p) {
          if (hands[static_cast<std::size_t>(p)].contains(rules.first_lead_card)) {
            return p;
          }
        }
      }
      return -1;
  }
  return -1;
}

namespace {

// The opening card itself is never a trump lead (rules.md §4: the opening 2C
// when clubs are trump).
bool is_forced_opening(const PlayState& s, Card card) {
  return s.trick == 0 && s.count == 0 && s.rules->first_lead == FirstLead::kCard && card == s.rules->first_lead_card;
}

}  // namespace

PlayCheck check_play(const PlayState& s, int seat, Card card) {
  const Ruleset& r = *s.rules;
  const CardSet hand = s.hands[static_cast<std::size_t>(seat)];
  // 1. Only the ruleset's deck is in play.
  if (!r.deck.contains(card)) {
    return {PlayFault::kNotInDeck, {}};
  }
  // 2. A card is played once a hand.
  if (s.played.contains(card)) {
    return {PlayFault::kDuplicatePlay, {}};
  }
  // 3. A player plays from their own hand.
  if (!hand.contains(card)) {
    return {PlayFault::kNotHeld, {}};
  }
  const CardSet trumps = s.trumps;
  if (s.count == 0) {
    // 4. The first trick is led with the first-lead card (Pluck: the 2C).
    if (s.trick == 0 && r.first_lead == FirstLead::kCard && card != r.first_lead_card &&
        hand.contains(r.first_lead_card)) {
      return {PlayFault::kFirstLeadCard, r.first_lead_card};
    }
    // 6. No trump lead before trumps are broken, unless holding only trumps.
    if (r.trump_lead == TrumpLead::kAfterBroken && !s.broken && trumps.contains(card) &&
        !is_forced_opening(s, card)) {
      const CardSet others = hand - trumps;
      if (!others.empty() || !r.trump_lead_when_only_trumps) {
        return {PlayFault::kTrumpLead, others.empty() ? card : others.highest()};
      }
    }
    return {};
  }
  // 5. Follow suit if able (the jokers count as trumps).
  const CardSet follow = follow_mask(s.led(), s.trump);
  if (!follow.contains(card)) {
    const CardSet held = hand & follow;
    if (!held.empty()) {
      return {PlayFault::kRevoke, held.highest()};
    }
  }
  return {};
}

CardSet legal_plays(const PlayState& s) {
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
  const CardSet follow = hand & follow_mask(s.led(), s.trump);
  return follow.empty() ? hand : follow;
}

namespace {

// How strongly `c` bids for the trick: trumps above everything (the jokers
// above the ace), then the suit led; a discard never wins.
int strength(const PlayState& s, Card c, Suit led) {
  if (s.trumps.contains(c)) {
    return 100 + (c.is_joker() ? 20 + c.rank() : c.rank());
  }
  return effective_suit(c, s.trump) == led ? c.rank() : -1;
}

}  // namespace

void apply_play(PlayState& s, int seat, Card card) {
  s.hands[static_cast<std::size_t>(seat)].erase(card);
  s.played.insert(card);
  if (s.count < kMaxPlayers) {
    s.cards[static_cast<std::size_t>(s.count)] = card;
    s.seats[static_cast<std::size_t>(s.count)] = static_cast<std::int8_t>(seat);
    if (s.count == 0) {
      s.led_suit = effective_suit(card, s.trump);
    }
    const int st = strength(s, card, s.led_suit);
    if (s.count == 0 || st > s.best_strength) {
      s.best = s.count;
      s.best_strength = st;
    }
    ++s.count;
  }
  if (s.trumps.contains(card)) {
    s.broken = true;
  }
}

int current_winner(const PlayState& s) { return s.seats[static_cast<std::size_t>(s.best)]; }

int finish_trick(PlayState& s) {
  const int winner = current_winner(s);
  ++s.taken[static_cast<std::size_t>(winner)];
  s.leader = winner;
  s.count = 0;
  s.best = 0;
  s.best_strength = -1;
  ++s.trick;
  return winner;
}

}  // namespace trickref
