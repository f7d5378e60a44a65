#include "engine/playout.h"

#include <algorithm>
#include <map>

#include "engine/exchange.h"
#include "engine/scoring.h"

namespace trickref {
namespace {

using Rng = std::mt19937_64;

Card pick(CardSet cards, Rng& rng) {
  const int n = cards.size();
  std::uniform_int_distribution<int> d(0, n - 1);
  int k = d(rng);
  for (Card c : cards) {
    if (k-- == 0) {
      return c;
    }
  }
  return cards.lowest();
}

// The cards a plucker may give now.
CardSet givable(const Ruleset& r, CardSet hand, CardSet suits_used) {
  CardSet out;
  for (int s = 0; s < kSuitCount; ++s) {
    const CardSet suit = hand & CardSet::suit(static_cast<Suit>(s));
    if (suit.empty() || suits_used.intersects(CardSet::suit(static_cast<Suit>(s)))) {
      continue;
    }
    out |= r.pluck_give == PluckGive::kLowestOfSuit ? CardSet::of(suit.lowest()) : suit;
  }
  return out;
}

Suit longest_suit(CardSet hand, Rng& rng) {
  int best = -1;
  std::vector<Suit> ties;
  for (int s = 0; s < kSuitCount; ++s) {
    const int n = (hand & CardSet::suit(static_cast<Suit>(s))).size();
    if (n > best) {
      best = n;
      ties.clear();
    }
    if (n == best) {
      ties.push_back(static_cast<Suit>(s));
    }
  }
  std::uniform_int_distribution<std::size_t> d(0, ties.size() - 1);
  return ties[d(rng)];
}

}  // namespace

PlayedGame play_random_game(const Ruleset& r, const PlayoutOptions& options) {
  Rng rng(options.seed);
  PlayedGame game;
  const int n = r.players;
  std::vector<long long> running(static_cast<std::size_t>(n), 0);
  std::optional<std::vector<int>> prev_deltas;
  int dealer = options.first_dealer % n;
  const int limit = r.has_target() ? options.max_hands : options.hands_no_target;
  std::vector<Card> deck(r.deck.begin(), r.deck.end());
  for (int number = 1; number <= limit; ++number) {
    PlayedHand h;
    h.dealer = dealer;
    std::shuffle(deck.begin(), deck.end(), rng);
    std::size_t k = 0;
    for (int p = 0; p < n; ++p) {
      for (int i = 0; i < r.hand_size; ++i) {
        h.deal[static_cast<std::size_t>(p)].insert(deck[k++]);
      }
    }
    for (; k < deck.size(); ++k) {
      h.kitty.insert(deck[k]);
    }
    auto hands = h.deal;
    const auto& q = r.quotas_for(number);
    std::vector<int> quota(static_cast<std::size_t>(n));
    for (int s = 0; s < n; ++s) {
      quota[static_cast<std::size_t>(s)] = q[static_cast<std::size_t>(offset_from(dealer, s, n))];
    }
    // Exchange.
    if (number >= r.exchange_from_hand && prev_deltas) {
      if (auto owed = owed_plucks(*prev_deltas)) {
        const auto order = plucker_order(r, *owed, dealer, q);
        for (int by : order) {
          for (const auto& o : *owed) {
            if (o.by != by) {
              continue;
            }
            CardSet suits_used;
            for (int i = 0; i < o.count; ++i) {
              auto& give_hand = hands[static_cast<std::size_t>(o.by)];
              const CardSet options_now =
                  givable(r, give_hand - CardSet::jokers(), r.distinct_suits ? suits_used : CardSet());
              if (options_now.empty()) {
                break;
              }
              const Card g = pick(options_now, rng);
              suits_used |= CardSet::suit(g.suit());
              auto& from_hand = hands[static_cast<std::size_t>(o.from)];
              const auto back = required_return(r, from_hand, g);
              give_hand.erase(g);
              from_hand.insert(g);
              if (back) {
                from_hand.erase(*back);
                give_hand.insert(*back);
              }
              h.plucks.push_back(PlayedPluck{o.by, o.from, g, back});
            }
          }
        }
      }
    }
    // Trump, kitty, discard, shows.
    const int chooser = r.trump_chooser == TrumpChooser::kLeftOfDealer ? left_of(dealer, n) : dealer;
    h.trump = longest_suit(hands[static_cast<std::size_t>(chooser)], rng);
    if (r.kitty > 0) {
      auto& dh = hands[static_cast<std::size_t>(dealer)];
      CardSet pool = r.kitty_mode == KittyMode::kTakeThenDiscard ? dh | h.kitty : dh;
      for (int i = 0; i < r.kitty_discard; ++i) {
        const Card c = pick(pool, rng);
        pool.erase(c);
        h.discard.insert(c);
      }
      dh = (dh | h.kitty) - h.discard;
      if (r.show_kitty) {
        std::map<int, CardSet> shows;
        for (const auto& p : h.plucks) {
          if (p.from == dealer && p.gets) {
            shows[p.by] |= required_show(h.kitty, *p.gets);
          }
        }
        for (const auto& [by, cards] : shows) {
          if (!cards.empty()) {
            h.shows.emplace_back(by, cards);
          }
        }
      }
    }
    // Play.
    const int leader = first_leader(r, dealer, hands, true);
    PlayState s = start_play(r, h.trump, hands, leader);
    for (int t = 0; t < r.tricks_per_hand(); ++t) {
      h.leaders.push_back(s.leader);
      std::vector<Card> trick;
      for (int i = 0; i < n; ++i) {
        const Card c = pick(legal_plays(s), rng);
        trick.push_back(c);
        apply_play(s, s.to_play(), c);
      }
      finish_trick(s);
      h.tricks.push_back(std::move(trick));
    }
    h.taken.assign(s.taken.begin(), s.taken.begin() + n);
    std::vector<int> deltas;
    for (int p = 0; p < n; ++p) {
      const auto i = static_cast<std::size_t>(p);
      running[i] += hand_points(r, h.taken[i], quota[i]);
      deltas.push_back(h.taken[i] - quota[i]);
    }
    h.score = running;
    prev_deltas = deltas;
    game.hands.push_back(std::move(h));
    if (game_over(r, running)) {
      game.finished = true;
      game.winners = leaders(running);
      break;
    }
    dealer = next_dealer(r, dealer);
  }
  game.score = running;
  return game;
}

}  // namespace trickref
