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

}  // namespace trickref
