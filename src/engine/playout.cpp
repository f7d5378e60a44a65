#include "engine/playout.h"

#include <algorithm>
#include <random>

#include "engine/exchange.h"
#include "engine/hand.h"
#include "engine/scoring.h"
#include "engine/trick_loop.h"

namespace trickref {
namespace {

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
  [[nodiscard]] RandomChoices random_choices() const override { return RandomChoices::kAlwaysDraw; }
};

}  // namespace

int SeatPolicy::call(const HandView& /*view*/, bool may_pass, int lo, int hi, PlayoutRng& rng) {
  return random_call(may_pass, lo, hi, rng);
}

bool SeatPolicy::play_on(const HandView& /*view*/, const PlayState& /*state*/, PlayoutRng& /*rng*/) { return false; }

int random_call(bool may_pass, int lo, int hi, PlayoutRng& rng) {
  if (lo > hi) {
    return 0;
  }
  if (!may_pass) {
    return lo;
  }
  return draw_below(rng, 2) == 0 ? 0 : lo;
}

void PlayedHand::reset(int trick_count, bool record_tricks) {
  dealer = 0;
  deal = {};
  kitty = CardSet();
  plucks.clear();
  trump = Suit::kClubs;
  discard = CardSet();
  shows.clear();
  leaders.clear();
  taken.clear();
  quota.clear();
  score.clear();
  bids.clear();
  bidder = -1;
  bid = 0;
  partner = -1;
  points.clear();
  side_points = 0;
  made = false;
  trump_by = -1;
  early_court_side = -1;
  all_tricks = false;
  winner_side = -1;
  tricks_played = 0;
  streak_court_side = -1;
  streak_side = -1;
  streak = 0;
  if (record_tricks) {
    tricks.resize(static_cast<std::size_t>(trick_count));
    for (auto& t : tricks) {
      t.clear();
    }
  } else {
    tricks.clear();
  }
}

namespace {

// The next hand of `game`, reusing the storage of a hand left from an earlier
// game when there is one (in `spare_hands`), reset.
PlayedHand& next_hand(PlayedGame& game, std::vector<PlayedHand>& spare_hands, std::size_t& used, int tricks,
                      bool record_tricks) {
  if (used == game.hands.size()) {
    if (spare_hands.empty()) {
      game.hands.emplace_back();
    } else {
      game.hands.push_back(std::move(spare_hands.back()));
      spare_hands.pop_back();
    }
  }
  PlayedHand& h = game.hands[used++];
  h.reset(tricks, record_tricks);
  return h;
}

}  // namespace

PlayedGame play_game(const Ruleset& r, std::span<SeatPolicy* const> seats, const PlayoutOptions& options) {
  PlayedGame game;
  PlayoutScratch scratch;
  play_game(r, seats, options, game, scratch);
  return game;
}

namespace {

// The playout's side of the hand machine: each phase's choices come from
// the seats (or, for seats that choose uniformly at random, from draws made
// here in the same order), always among the machine's legal_* options.
class BotHand {
 public:
  BotHand(std::span<SeatPolicy* const> seats, PlayoutRng& deal_rng, PlayoutRng& rng, const PlayoutOptions& options,
          std::span<Card> deck, const std::array<bool, kMaxPlayers>& draws_for,
          SeatPolicy::RandomChoices random_play, GameState& game, std::vector<long long>& score)
      : seats_(seats), deal_rng_(deal_rng), rng_(rng), options_(options), deck_(deck), draws_for_(draws_for),
        random_play_(random_play), game_(game), score_(score) {}

  // The next hand is played into `out`.
  void begin(PlayedHand& out) { out_ = &out; }

  // The seat about to decide, and what it knows of its partner.
  void decide(int seat) {
    view_.seat = seat;
    view_.partner = partner_of_[static_cast<std::size_t>(seat)];
  }
  [[nodiscard]] bool game_over() const { return over_; }

  void deal(HandState& h) {
    out_->dealer = h.dealer;
    shuffle_cards(deck_, deal_rng_);
    std::size_t k = 0;
    // Where trump is named before the deal is complete, each player gets
    // deal.before_trump cards first (what the trump namer sees), then the rest.
    auto deal_each = [&](int count) {
      for (int p = 0; p < h.players; ++p) {
        CardSet& dealt = out_->deal[static_cast<std::size_t>(p)];
        for (int i = 0; i < count; ++i) {
          dealt.insert(deck_[k++]);
        }
      }
    };
    const int first = h.rules->deal_before_trump;
    if (first == 0) {
      deal_each(h.rules->hand_size);
    } else {
      deal_each(first);
      first_part_ = out_->deal;
      deal_each(h.rules->hand_size - first);
    }
    for (; k < deck_.size(); ++k) {
      out_->kitty.insert(deck_[k]);
    }
    apply_deal(h, out_->deal, out_->kitty);
    if (view_.rules != h.rules) {  // the same for every hand of a game
      // Fixed partnerships: each seat's partner is the other seat of its side.
      for (int s = 0; s < h.players; ++s) {
        int partner = -1;
        for (int o = 0; o < h.players; ++o) {
          partner = o != s && side_of(h, o) == side_of(h, s) ? o : partner;
        }
        partner_of_[static_cast<std::size_t>(s)] = partner;
        partners_ = partners_ || partner >= 0;
      }
    }
    view_.rules = h.rules;
    view_.number = h.number;
    view_.dealer = h.dealer;
    view_.score = &score_;
    view_.bidder = -1;
    view_.bid = 0;
    view_.partner_card.reset();
    view_.partner_shown = -1;
    out_->quota.resize(static_cast<std::size_t>(h.players));
    for (int s = 0; s < h.players; ++s) {
      view_.quota[static_cast<std::size_t>(s)] = h.quota[static_cast<std::size_t>(s)];
      out_->quota[static_cast<std::size_t>(s)] = h.quota[static_cast<std::size_t>(s)];
    }
  }

  // The calls of the auction, each among legal_calls; random seats pass or
  // make the lowest bid with equal chance.
  void auction(HandState& h) {
    while (!h.auction.over()) {
      const int seat = h.auction.turn;
      const CallOptions o = legal_calls(h);
      const auto i = static_cast<std::size_t>(seat);
      decide(seat);
      view_.hand = h.hands[i];
      int bid = draws_for_[i] ? random_call(o.pass, o.lo, o.hi, rng_) : seats_[i]->call(view_, o.pass, o.lo, o.hi, rng_);
      if ((bid == 0 && !o.pass) || (bid != 0 && (bid < o.lo || bid > o.hi))) {
        bid = o.lo <= o.hi ? o.lo : 0;  // a broken policy: the engine lets no illegal call through
      }
      out_->bids.emplace_back(seat, bid);
      apply_call(h, seat, bid == 0 ? std::nullopt : std::optional<int>(bid));
    }
    out_->bidder = h.auction.bidder;  // -1 when everyone passed
    out_->bid = h.auction.high;
    view_.bidder = has_contract(h) ? h.auction.bidder : -1;
    view_.bid = h.auction.high;
  }

  // The rest of a deal made in two parts: the cards are dealt already; the
  // seats now see all of them.
  void deal_rest(HandState& /*h*/) {}

  // Bots make every owed pluck they can, so a waivable exchange is never
  // waived and the record stays warning-free.
  void exchange(HandState& h) {
    std::array<bool, kMaxPlayers> given_up{};
    for (PluckTurn t = next_pluck(h, given_up); t.by >= 0; t = next_pluck(h, given_up)) {
      const CardSet options = legal_gives(h, t.by, t.from);
      if (options.empty()) {
        given_up[static_cast<std::size_t>(t.owed)] = true;
        continue;
      }
      const auto by = static_cast<std::size_t>(t.by);
      decide(t.by);
      view_.hand = h.hands[by];
      const Card g = draws_for_[by] ? pick_card(options, rng_) : checked(seats_[by]->give(view_, t.from, options, rng_), options);
      const auto back = due_return(h, t.from, g);
      apply_pluck(h, t, g, back);
      out_->plucks.push_back(PlayedPluck{t.by, t.from, g, back});
    }
  }

  void trump(HandState& h) {
    const int namer = trump_namer(h);
    decide(namer);
    view_.hand = h.rules->deal_before_trump > 0 ? first_part_[static_cast<std::size_t>(namer)]
                                                : h.hands[static_cast<std::size_t>(namer)];
    out_->trump = seats_[static_cast<std::size_t>(namer)]->name_trump(view_, rng_);
    out_->trump_by = namer;
    apply_trump(h, out_->trump);
  }

  void kitty(HandState& h) {
    const int taker = kitty_taker(h);
    if (taker < 0) {
      return;  // the phase is absent when nobody takes the kitty
    }
    if (h.discard_apart) {
      take_kitty(h);  // the bidder takes it now, names trump, then discards
      return;
    }
    const auto t = static_cast<std::size_t>(taker);
    CardSet pool = discard_pool(h);
    decide(taker);
    view_.hand = pool;
    view_.kitty = h.rules->kitty_mode == KittyMode::kTakeThenDiscard ? h.kitty : CardSet();
    for (int i = 0; i < h.rules->kitty_discard; ++i) {
      const Card c = draws_for_[t] ? pick_card(pool, rng_) : checked(seats_[t]->discard(view_, h.trump, pool, rng_), pool);
      pool.erase(c);
      out_->discard.insert(c);
    }
    apply_kitty(h, out_->discard);
    if (h.rules->show_kitty) {
      for (int by = 0; by < h.players; ++by) {  // by plucker, in seat order
        const CardSet shown = required_shows(h, by);
        if (!shown.empty()) {
          out_->shows.emplace_back(by, shown);
        }
      }
    }
  }

  // The bidder's discard, among the cards the rules let go.
  void discard(HandState& h) {
    const int taker = kitty_taker(h);
    const auto t = static_cast<std::size_t>(taker);
    CardSet pool = discard_pool(h);
    if (const CardSet allowed = pool - forbidden_discards(h); allowed.size() >= h.rules->kitty_discard) {
      pool = allowed;
    }
    decide(taker);
    view_.kitty = h.kitty;
    for (int i = 0; i < h.rules->kitty_discard; ++i) {
      view_.hand = h.hands[t] - out_->discard;  // what the taker still holds, and has laid away
      view_.discard = out_->discard;
      const Card c = draws_for_[t] ? pick_card(pool, rng_) : checked(seats_[t]->discard(view_, h.trump, pool, rng_), pool);
      pool.erase(c);
      out_->discard.insert(c);
    }
    apply_kitty(h, out_->discard);
  }

  void play(HandState& h) {
    start_play(h, first_leader(h, true));
    view_.partner_card = partner_card_in_play(h);
    view_.partner_shown = -1;
    view_.void_in = {};
    view_.led = {};
    view_.won_in = {};
    const int tricks = h.rules->tricks_per_hand();
    if (options_.record_tricks) {
      out_->leaders.reserve(static_cast<std::size_t>(tricks));
    }
    // Where the hand may end early, or the scoring reads each trick, a trick
    // at a time; otherwise all at once.
    const bool early = h.policies.hand_end->after_trick != nullptr;
    const bool each = early || h.policies.scoring->facts != nullptr;
    for (int played = 0; played < tricks;) {
      const int now = each ? 1 : tricks;
      const CardSet before = h.play.played;
      play_some(h, now);
      played += now;
      if (each) {
        note_trick(h, h.play.played - before);
      }
      if (early && hand_ends_after_trick(h) && !plays_on(h)) {
        end_hand_at(h, played);
        break;
      }
    }
    if (options_.record_tricks) {
      out_->tricks.resize(static_cast<std::size_t>(tricks_in_hand(h)));
    }
  }

  // After an early court that the winners may play on from, the choice of
  // the seat that took the trick (it leads next).
  [[gnu::noinline]] bool plays_on(HandState& h) {
    if (!may_play_on(h)) {
      return false;
    }
    const int seat = h.play.leader;
    decide(seat);
    view_.hand = h.play.hands[static_cast<std::size_t>(seat)];
    view_.kitty = CardSet();
    view_.discard = CardSet();
    return seats_[static_cast<std::size_t>(seat)]->play_on(view_, h.play, rng_);
  }

  void play_some(HandState& h, int tricks) {
    PlayState& s = h.play;
    if (random_play_ == SeatPolicy::RandomChoices::kNo) {
      if (partners_) {
        bot_tricks<true>(h, tricks);
      } else {
        bot_tricks<false>(h, tricks);
      }
    } else {
      play_random_tricks(options_.kernel, s, *out_, tricks, options_.record_tricks,
                         random_play_ == SeatPolicy::RandomChoices::kAlwaysDraw, rng_);
    }
  }

  // Tricks whose cards the seats choose. With fixed partners each seat is
  // told its partner and what the table has seen of the play; elsewhere
  // neither is kept (the quota and auction games' play is as it was).
  template <bool kPartners>
  [[gnu::noinline]] void bot_tricks(HandState& h, int tricks) {
    PlayState& s = h.play;
    // The kitty and the discard are known to whoever took the kitty; a
    // kitty nobody takes is set aside unseen.
    const int knows_kitty = kitty_taker(h);
    play_tricks(s, *out_, tricks, options_.record_tricks, [&](int seat, CardSet legal) {
      view_.seat = seat;
      if constexpr (kPartners) {
        view_.partner = partner_of_[static_cast<std::size_t>(seat)];
      }
      view_.hand = s.hands[static_cast<std::size_t>(seat)];
      view_.kitty = seat == knows_kitty ? out_->kitty : CardSet();
      view_.discard = seat == knows_kitty ? out_->discard : CardSet();
      const Card c = checked(seats_[static_cast<std::size_t>(seat)]->play(view_, s, legal, rng_), legal);
      if (view_.partner_card == c) {
        view_.partner_shown = seat;  // the whole table sees who played the partner card
      }
      if constexpr (kPartners) {
        note_seen(s, seat, c);
      }
      return c;
    });
  }

  // What the whole table sees of `c`, played by `seat` to the trick in
  // progress: a lead, a failure to follow (a void), and with the last card
  // the trick's winner, where it won with a card of the suit led.
  [[gnu::noinline]] void note_seen(const PlayState& s, int seat, Card c) {
    const auto i = static_cast<std::size_t>(seat);
    const Suit suit = effective_suit(c, s.trump);
    if (s.count == 0) {
      view_.led[i] |= static_cast<std::uint8_t>(1U << static_cast<unsigned>(suit));
      return;
    }
    const auto led = static_cast<std::uint8_t>(1U << static_cast<unsigned>(s.led_suit));
    if (suit != s.led_suit) {
      view_.void_in[i] |= led;
    }
    if (s.count == s.players - 1) {
      const bool takes = strength_if_played(s, c) > s.best_strength;
      const int winner = takes ? seat : s.best_seat;
      Card best = c;
      for (int k = 0; !takes && k < s.count; ++k) {
        best = s.seats[static_cast<std::size_t>(k)] == winner ? s.cards[static_cast<std::size_t>(k)] : best;
      }
      if (effective_suit(best, s.trump) == s.led_suit) {
        view_.won_in[static_cast<std::size_t>(winner)] |= led;
      }
    }
  }

  void count(HandState& h) {
    if (h.void_hand) {
      out_->tricks.clear();  // everyone passed: no trick was played
    }
    const auto taken = tricks_counted(h);
    out_->taken.assign(taken.begin(), taken.begin() + h.players);
    const HandTally t = tally(h, taken);
    out_->partner = t.partner;
    out_->early_court_side = t.early_court_side;
    out_->all_tricks = t.all_tricks;
    out_->winner_side = t.winner_side;
    out_->tricks_played = tricks_in_hand(h);
    if (h.auctioned) {
      out_->points.assign(t.points.begin(), t.points.begin() + h.players);
      if (has_contract(h) && counts_cards(h)) {
        out_->side_points = bidding_side_points(t);
        out_->made = contract_made(t);
      }
    }
    count_hand(game_, t);
    out_->streak_court_side = game_.last.streak_court_side;
    out_->streak_side = game_.streak_side;
    out_->streak = game_.streak;
    score_.assign(game_.score.begin(), game_.score.begin() + h.players);
    out_->score = score_;
    over_ = game_ends(game_, t);
    if (over_) {
      std::array<int, kMaxPlayers> w{};
      winners_.assign(w.begin(), w.begin() + game_winners(game_, t, w));
    }
  }

  [[nodiscard]] const std::vector<int>& winners() const { return winners_; }

 private:
  std::span<SeatPolicy* const> seats_;
  PlayoutRng& deal_rng_;  // the deck's shuffles only
  PlayoutRng& rng_;       // the seats' draws
  const PlayoutOptions& options_;
  std::span<Card> deck_;
  const std::array<bool, kMaxPlayers>& draws_for_;
  SeatPolicy::RandomChoices random_play_;
  GameState& game_;
  std::vector<long long>& score_;  // the running scores, as the bots see them
  PlayedHand* out_ = nullptr;
  HandView view_;
  std::array<CardSet, kMaxPlayers> first_part_{};  // deal.before_trump: what each seat saw before trump
  std::array<int, kMaxPlayers> partner_of_{};       // each seat's fixed partner, -1: none
  bool partners_ = false;                           // some seat has a fixed partner
  std::vector<int> winners_;
  bool over_ = false;
};

}  // namespace

void play_game(const Ruleset& r, std::span<SeatPolicy* const> seats, const PlayoutOptions& options,
               PlayedGame& game, PlayoutScratch& scratch) {
  PlayoutRng deal_rng(options.seed);
  // The seats' generator, from the seed by a SplitMix64 step (another
  // stream than the deal's, whatever the seed).
  PlayoutRng rng(splitmix64(options.seed));
  const int n = r.players;
  game.finished = false;
  game.winners.clear();
  game.score.assign(static_cast<std::size_t>(n), 0);
  GameState state = start_game(r);
  int dealer = options.first_dealer % n;
  const int limit = r.end != GameEnd::kHandsRecorded ? options.max_hands : options.hands_no_target;
  const int tricks = r.tricks_per_hand();
  // The deck in the ruleset's order, shuffled afresh each hand.
  std::array<Card, 64> deck_store{};
  std::size_t deck_size = 0;
  for (Card c : r.deck) {
    deck_store[deck_size++] = c;
  }
  const auto deck = std::span<Card>(deck_store.data(), deck_size);
  // Seats that choose uniformly at random: play_game draws for them itself,
  // in play when every seat does.
  std::array<bool, kMaxPlayers> draws_for{};
  SeatPolicy::RandomChoices random_play = seats[0]->random_choices();
  for (int p = 0; p < n; ++p) {
    const auto mode = seats[static_cast<std::size_t>(p)]->random_choices();
    draws_for[static_cast<std::size_t>(p)] = mode != SeatPolicy::RandomChoices::kNo;
    if (mode != random_play) {
      random_play = SeatPolicy::RandomChoices::kNo;
    }
  }
  std::size_t used = 0;
  HandState hand;
  BotHand driver(seats, deal_rng, rng, options, deck, draws_for, random_play, state, game.score);
  for (int number = 1; number <= limit; ++number) {
    driver.begin(next_hand(game, scratch.spare_hands, used, tricks, options.record_tricks));
    start_hand(hand, state, number, dealer);
    run_hand(hand, driver);
    if (driver.game_over()) {
      game.finished = true;
      game.winners = driver.winners();
      break;
    }
    dealer = next_dealer(state, dealer);
  }
  if (!game.finished && used > 0) {
    // Where the game is the hands played (court-piece.md §3.6), their end decides it: a win or a draw.
    std::array<int, kMaxPlayers> w{};
    int count = 0;
    if (decided_by_record_end(state, w, count)) {
      game.finished = true;
      game.winners.assign(w.begin(), w.begin() + count);
    }
  }
  while (game.hands.size() > used) {
    scratch.spare_hands.push_back(std::move(game.hands.back()));
    game.hands.pop_back();
  }
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
