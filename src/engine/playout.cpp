#include "engine/playout.h"

#include <algorithm>
#include <map>

#include "engine/exchange.h"
#include "engine/scoring.h"

namespace trickref {
namespace {

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

// A broken policy is an internal error; the engine never lets a choice
// outside the options through.
Card checked(Card c, CardSet options) { return options.contains(c) ? c : options.lowest(); }

// play_random_game's choices, kept exactly (same calls on the generator in
// the same order) so that a seed keeps giving the same game.
class LegacyRandom final : public SeatPolicy {
 public:
  Card give(const HandView&, int, CardSet options, PlayoutRng& rng) override { return pick_card(options, rng); }
  Suit name_trump(const HandView& view, PlayoutRng& rng) override {
    int best = -1;
    std::array<Suit, kSuitCount> ties{};
    std::size_t n_ties = 0;
    for (int s = 0; s < kSuitCount; ++s) {
      const int n = (view.hand & CardSet::suit(static_cast<Suit>(s))).size();
      if (n > best) {
        best = n;
        n_ties = 0;
      }
      if (n == best) {
        ties[n_ties++] = static_cast<Suit>(s);
      }
    }
    std::uniform_int_distribution<std::size_t> d(0, n_ties - 1);
    return ties[d(rng)];
  }
  Card discard(const HandView&, Suit, CardSet options, PlayoutRng& rng) override { return pick_card(options, rng); }
  Card play(const HandView&, const PlayState&, CardSet legal, PlayoutRng& rng) override {
    return pick_card(legal, rng);
  }
};

}  // namespace

Card nth_card(CardSet cards, int k) {
  std::uint64_t bits = cards.bits();
  for (; k > 0; --k) {
    bits &= bits - 1;
  }
  return CardSet(bits).lowest();
}

Card pick_card(CardSet cards, PlayoutRng& rng) {
  std::uniform_int_distribution<int> d(0, cards.size() - 1);
  return nth_card(cards, d(rng));
}

PlayedGame play_game(const Ruleset& r, std::span<SeatPolicy* const> seats, const PlayoutOptions& options) {
  PlayoutRng rng(options.seed);
  PlayedGame game;
  const int n = r.players;
  std::vector<long long> running(static_cast<std::size_t>(n), 0);
  std::array<int, kMaxPlayers> prev_deltas{};
  bool have_prev = false;
  int dealer = options.first_dealer % n;
  const int limit = r.has_target() ? options.max_hands : options.hands_no_target;
  std::vector<Card> deck(r.deck.begin(), r.deck.end());
  game.hands.reserve(static_cast<std::size_t>(std::min(limit, 64)));
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
    HandView view;
    view.rules = &r;
    view.number = number;
    view.dealer = dealer;
    view.score = &running;
    h.quota.resize(static_cast<std::size_t>(n));
    for (int s = 0; s < n; ++s) {
      const int quota = q[static_cast<std::size_t>(offset_from(dealer, s, n))];
      view.quota[static_cast<std::size_t>(s)] = quota;
      h.quota[static_cast<std::size_t>(s)] = quota;
    }
    // Exchange (rules.md §2.3). Bots make every owed pluck they can, so a
    // waivable exchange is never waived and the record stays warning-free.
    if (number >= r.exchange_from_hand && have_prev) {
      if (auto owed = owed_plucks(std::span<const int>(prev_deltas.data(), static_cast<std::size_t>(n)))) {
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
              view.seat = o.by;
              view.hand = give_hand;
              const Card g = checked(seats[static_cast<std::size_t>(o.by)]->give(view, o.from, options_now, rng),
                                     options_now);
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
    // Trump (§2.4), kitty and discard (§2.5), shows (§2.3).
    const int chooser = r.trump_chooser == TrumpChooser::kLeftOfDealer ? left_of(dealer, n) : dealer;
    view.seat = chooser;
    view.hand = hands[static_cast<std::size_t>(chooser)];
    h.trump = seats[static_cast<std::size_t>(chooser)]->name_trump(view, rng);
    if (r.kitty > 0) {
      auto& dh = hands[static_cast<std::size_t>(dealer)];
      CardSet pool = r.kitty_mode == KittyMode::kTakeThenDiscard ? dh | h.kitty : dh;
      view.seat = dealer;
      view.hand = pool;
      view.kitty = r.kitty_mode == KittyMode::kTakeThenDiscard ? h.kitty : CardSet();
      for (int i = 0; i < r.kitty_discard; ++i) {
        const Card c = checked(seats[static_cast<std::size_t>(dealer)]->discard(view, h.trump, pool, rng), pool);
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
    // Play (§2.6).
    const int leader = first_leader(r, dealer, hands, true);
    PlayState s = start_play(r, h.trump, hands, leader);
    if (options.record_tricks) {
      h.tricks.reserve(static_cast<std::size_t>(r.tricks_per_hand()));
      h.leaders.reserve(static_cast<std::size_t>(r.tricks_per_hand()));
    }
    for (int t = 0; t < r.tricks_per_hand(); ++t) {
      if (options.record_tricks) {
        h.leaders.push_back(s.leader);
        h.tricks.emplace_back();
      }
      for (int i = 0; i < n; ++i) {
        const int seat = s.to_play();
        const CardSet legal = legal_plays(s);
        view.seat = seat;
        view.hand = s.hands[static_cast<std::size_t>(seat)];
        view.kitty = seat == dealer ? h.kitty : CardSet();
        view.discard = seat == dealer ? h.discard : CardSet();
        const Card c = checked(seats[static_cast<std::size_t>(seat)]->play(view, s, legal, rng), legal);
        if (options.record_tricks) {
          h.tricks.back().push_back(c);
        }
        apply_play(s, seat, c);
      }
      finish_trick(s);
    }
    // Score (§2.7).
    h.taken.assign(s.taken.begin(), s.taken.begin() + n);
    for (int p = 0; p < n; ++p) {
      const auto i = static_cast<std::size_t>(p);
      running[i] += hand_points(r, h.taken[i], h.quota[i]);
      prev_deltas[i] = h.taken[i] - h.quota[i];
    }
    have_prev = true;
    h.score = running;
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

PlayedGame play_random_game(const Ruleset& r, const PlayoutOptions& options) {
  std::vector<LegacyRandom> policies(static_cast<std::size_t>(r.players));
  std::vector<SeatPolicy*> seats;
  for (auto& p : policies) {
    seats.push_back(&p);
  }
  return play_game(r, seats, options);
}

}  // namespace trickref
