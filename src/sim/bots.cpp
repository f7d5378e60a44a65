#include "sim/bots.h"

#include <algorithm>
#include <array>

#include "engine/hand.h"

namespace trickref::sim {
namespace {

// The cards above `c` in the 64-bit layout. Within one suit lane, and within
// a trump mask (the trump lane with the jokers above it), that is rank order.
CardSet above(Card c) { return CardSet(~((std::uint64_t{2} << c.index()) - 1)); }

// A card's rank with the jokers above the ace (14, 15 -> 13, 14).
int rank_of(Card c) { return c.is_joker() ? c.rank() - 1 : c.rank(); }

// How strongly `c` would bid for the trick in progress: the engine's own
// trick ranking (engine/play.h).
int strength(const PlayState& s, Card c) { return strength_if_played(s, c); }

// Whether the bot judges that `c` takes the trick from the card winning it
// now. This is the engine's ranking except for one quirk the heuristic bot
// has always had: it values a joker at 13 or 14 above the trump line, where
// the engine's ranking puts the jokers 20 higher, so holding the big joker
// after the little one was played it does not see that it wins. Kept so
// every seed keeps its games (held fixed by tests/held_fixed_test.cpp);
// a change of the bots' play may drop it with new recorded values.
bool judged_to_win(const PlayState& s, Card c) {
  const int judged = s.trumps.contains(c) && c.is_joker() ? 100 + rank_of(c) : strength(s, c);
  return judged > s.best_strength;
}

// The cards this seat cannot see: not in its hand, not played, not its own discards.
CardSet unseen(const HandView& v, const PlayState& s) { return v.rules->deck - s.played - v.hand - v.discard; }

// No card still out can beat `c` within its own suit (trumps: among trumps).
bool is_master(const HandView& v, const PlayState& s, Card c) {
  const CardSet mask = s.trumps.contains(c) ? s.trumps : CardSet::suit(c.suit());
  return (unseen(v, s) & mask & above(c)).empty();
}

int suit_length(CardSet hand, Card c, const PlayState& s) {
  return (hand & follow_mask(effective_suit(c, s.trump), s.trump)).size();
}

// The card that costs least to give up: low rank, not a trump, from a short
// suit (to make a void for ruffing later).
Card cheapest(CardSet cards, const HandView& v, const PlayState& s) {
  Card best = cards.lowest();
  int best_key = 1 << 30;
  for (Card c : cards) {
    const int key = (s.trumps.contains(c) ? 10000 : 0) + rank_of(c) * 32 + suit_length(v.hand, c, s);
    if (key < best_key) {
      best_key = key;
      best = c;
    }
  }
  return best;
}

// The card of `cards` with the lowest (highest) strength in the trick in progress.
Card weakest(CardSet cards, const PlayState& s) {
  Card best = cards.lowest();
  int best_st = 1 << 30;
  for (Card c : cards) {
    const int st = strength(s, c);
    if (st < best_st) {
      best_st = st;
      best = c;
    }
  }
  return best;
}

Card strongest(CardSet cards, const PlayState& s) {
  Card best = cards.lowest();
  int best_st = -(1 << 30);
  for (Card c : cards) {
    const int st = strength(s, c);
    if (st > best_st) {
      best_st = st;
      best = c;
    }
  }
  return best;
}

// --- where the scoring counts card points (call-deuces.md §2.6) -------------
// A trick is worth scoring.per_trick and the counting cards in it, to
// whichever side takes it; the discard's counting cards go to the bidder
// (scoring.discard_to). Both sides want every point: the bidding side to
// make (and, under side_points, to score) the contract, the defenders their
// own points.

int points_of(const Ruleset& r, Card c) { return r.card_points[static_cast<std::size_t>(c.index())]; }

CardSet counting_cards(const Ruleset& r, CardSet cards) {
  CardSet out;
  for (Card c : cards) {
    if (points_of(r, c) > 0) {
      out.insert(c);
    }
  }
  return out;
}

// What the deciding seat knows of the sides, by seat: +1 its own side, -1 the
// other, 0 not known yet (call-deuces.md §2.4). The partner card's holder
// knows from their own hand that they partner the bidder; the bidder knows it
// is alone when it holds the card or laid it away; everybody knows once the
// card is played. Until then the bidder does not know its partner, and a
// defender knows only that the bidder is against it.
std::array<int, kMaxPlayers> sides_known(const HandView& v, int players) {
  std::array<int, kMaxPlayers> with{};
  const int me = v.seat;
  const int bidder = v.bidder;
  with[static_cast<std::size_t>(me)] = 1;
  if (bidder < 0) {
    return with;
  }
  int partner = -1;  // -1: the bidder is alone
  bool known = true;
  if (v.partner_card) {
    const Card card = *v.partner_card;
    if (v.partner_shown >= 0) {
      partner = v.partner_shown;
    } else if (v.hand.contains(card) || (me == bidder && v.discard.contains(card))) {
      partner = me;
    } else {
      known = false;
    }
  }
  if (!known) {
    // Not held by this seat nor played yet: this seat is not the partner.
    if (me != bidder) {
      with[static_cast<std::size_t>(bidder)] = -1;
    }
    return with;
  }
  partner = partner == bidder ? -1 : partner;
  auto bidding = [&](int s) { return s == bidder || s == partner; };
  for (int s = 0; s < players; ++s) {
    with[static_cast<std::size_t>(s)] = bidding(s) == bidding(me) ? 1 : -1;
  }
  return with;
}

// Whether a card this seat cannot see could still beat `strength` in the
// trick in progress (the engine's own ranking).
bool beatable(const HandView& v, const PlayState& s, int strength) {
  for (Card c : unseen(v, s)) {
    if (strength_if_played(s, c) > strength) {
      return true;
    }
  }
  return false;
}

// The card that costs least to give up while keeping points off a trick:
// counting cards last, then trumps, then high cards; a short suit first (to
// make a void).
Card cheapest_keeping_points(CardSet cards, const HandView& v, const PlayState& s) {
  Card best = cards.lowest();
  int best_key = 1 << 30;
  for (Card c : cards) {
    const int points = points_of(*v.rules, c);
    const int key = (points > 0 ? 20000 + points : 0) + (s.trumps.contains(c) ? 10000 : 0) + rank_of(c) * 32 +
                    suit_length(v.hand, c, s);
    if (key < best_key) {
      best_key = key;
      best = c;
    }
  }
  return best;
}

// The counting card worth most (the lowest ranked of equals).
Card richest(const Ruleset& r, CardSet cards, const PlayState& s) {
  Card best = cards.lowest();
  int best_key = -(1 << 30);
  for (Card c : cards) {
    const int key = points_of(r, c) * 1000 - strength(s, c);
    if (key > best_key) {
      best_key = key;
      best = c;
    }
  }
  return best;
}

// A lead: a sure winner of a side suit (not a counting card if there is
// another); on the bidding side a trump nobody can beat, to draw the
// defenders' trumps; otherwise a low card of a short suit, keeping points.
Card lead_for_points(const HandView& v, const PlayState& s, CardSet legal, bool bidding_side) {
  const Ruleset& r = *v.rules;
  CardSet side_masters;
  CardSet trump_masters;
  for (Card c : legal) {
    if (is_master(v, s, c)) {
      (s.trumps.contains(c) ? trump_masters : side_masters).insert(c);
    }
  }
  if (const CardSet plain = side_masters - counting_cards(r, side_masters); !plain.empty()) {
    return strongest(plain, s);
  }
  if (!side_masters.empty()) {
    return strongest(side_masters, s);
  }
  if (bidding_side && !trump_masters.empty()) {
    return strongest(trump_masters, s);
  }
  return cheapest_keeping_points(legal, v, s);
}

// --- fixed partnerships (court-piece.md): a side takes tricks ----------------
// Everything a side scores comes from tricks (a majority wins the hand, the
// first seven an early court, all thirteen the 52), so the bot plays for
// its side's tricks, knowing its partner (HandView::partner) and what the
// table has seen (the suits each seat has shown it lacks, led, and won).

bool has_suit(std::uint8_t bits, Suit suit) { return (bits & (1U << static_cast<unsigned>(suit))) != 0; }

// The cards seat `o` may still hold, as far as the deciding seat can tell:
// those it cannot see, less the suits `o` has shown it lacks.
CardSet may_hold(const HandView& v, const PlayState& s, int o) {
  CardSet out = unseen(v, s);
  for (int suit = 0; suit < kSuitCount; ++suit) {
    if (has_suit(v.void_in[static_cast<std::size_t>(o)], static_cast<Suit>(suit))) {
      out -= follow_mask(static_cast<Suit>(suit), s.trump);
    }
  }
  return out;
}

// Whether an opponent still to play to the trick in progress, after the
// deciding seat, may hold a card that beats `strength`. An opponent not
// known to lack the suit led is taken to follow it, so not to trump (a
// reading, not a certainty; tried side by side, it won far more race games
// than counting every trump out of sight).
bool opponent_may_beat(const HandView& v, const PlayState& s, int strength) {
  int seat = v.seat;
  for (int k = s.count + 1; k < s.players; ++k) {
    seat = left_of(seat, s.players);
    if (seat == v.partner) {
      continue;
    }
    CardSet hold = may_hold(v, s, seat);
    if (s.count > 0 && !has_suit(v.void_in[static_cast<std::size_t>(seat)], s.led_suit)) {
      hold &= follow_mask(s.led_suit, s.trump);  // it follows suit
    }
    for (Card c : hold) {
      if (strength_if_played(s, c) > strength) {
        return true;
      }
    }
  }
  return false;
}

// Whether an opponent may trump a lead of `suit`: it has shown it lacks the
// suit and may still hold a trump. (Nobody is known to lack trump's own suit
// as a reason to "trump" it: a trump lead is followed or discarded on.)
bool opponent_may_ruff(const HandView& v, const PlayState& s, Suit suit) {
  for (int o = 0; o < s.players; ++o) {
    if (o == v.seat || o == v.partner) {
      continue;
    }
    if (has_suit(v.void_in[static_cast<std::size_t>(o)], suit) && may_hold(v, s, o).intersects(s.trumps)) {
      return true;
    }
  }
  return false;
}

// Whether some opponent may still hold a trump.
bool opponents_hold_trumps(const HandView& v, const PlayState& s) {
  for (int o = 0; o < s.players; ++o) {
    if (o != v.seat && o != v.partner && may_hold(v, s, o).intersects(s.trumps)) {
      return true;
    }
  }
  return false;
}

// A lead: while an opponent may hold trumps, a trump nobody can beat
// (drawing theirs); then a side-suit card nobody can beat in its suit, where
// no opponent is known to be able to trump it; then a low card of a suit the
// partner has won a trick in, has led, or (holding trumps still, perhaps)
// lacks, so the partner can win or trump it, and no opponent is known to
// trump it; otherwise a low card of a short side suit. (That order won the
// most race games, tried side by side against cashing side winners before
// drawing trumps, leading to the partner before cashing, and never leading
// to the partner.)
Card lead_for_side(const HandView& v, const PlayState& s, CardSet legal) {
  CardSet side_masters;
  CardSet trump_masters;
  for (Card c : legal) {
    if (!is_master(v, s, c)) {
      continue;
    }
    if (s.trumps.contains(c)) {
      trump_masters.insert(c);
    } else if (!opponent_may_ruff(v, s, effective_suit(c, s.trump))) {
      side_masters.insert(c);
    }
  }
  if (!trump_masters.empty() && opponents_hold_trumps(v, s)) {
    return strongest(trump_masters, s);
  }
  if (!side_masters.empty()) {
    return strongest(side_masters, s);
  }
  if (v.partner >= 0) {
    const auto p = static_cast<std::size_t>(v.partner);
    const bool partner_trumps = may_hold(v, s, v.partner).intersects(s.trumps);
    const std::array<std::uint8_t, 3> wanted = {v.won_in[p], v.led[p],
                                                partner_trumps ? v.void_in[p] : std::uint8_t{0}};
    for (const std::uint8_t suits : wanted) {
      CardSet pool;
      for (int suit = 0; suit < kSuitCount; ++suit) {
        const auto su = static_cast<Suit>(suit);
        if (su != s.trump && has_suit(suits, su) && !opponent_may_ruff(v, s, su)) {
          pool |= legal & follow_mask(su, s.trump);
        }
      }
      if (!pool.empty()) {
        return weakest(pool, s);
      }
    }
  }
  return cheapest(legal, v, s);
}

}  // namespace

// --- random ---------------------------------------------------------------

Card RandomBot::give(const HandView&, int, CardSet options, PlayoutRng& rng) { return pick_card(options, rng); }

Suit RandomBot::name_trump(const HandView&, PlayoutRng& rng) {
  std::uniform_int_distribution<int> d(0, kSuitCount - 1);
  return static_cast<Suit>(d(rng));
}

Card RandomBot::discard(const HandView&, Suit, CardSet options, PlayoutRng& rng) { return pick_card(options, rng); }

// A forced play (one legal card) draws nothing from the generator.
Card RandomBot::play(const HandView&, const PlayState&, CardSet legal, PlayoutRng& rng) {
  const std::uint64_t b = legal.bits();
  return (b & (b - 1)) == 0 ? legal.lowest() : pick_card(legal, rng);
}

// Stop or play on after an early court, with equal chance.
bool RandomBot::play_on(const HandView&, const PlayState&, PlayoutRng& rng) { return draw_below(rng, 2) == 1; }

// --- heuristic ------------------------------------------------------------

// The pluckee returns its highest card of the suit given (rules.md §2.3), so
// a pluck pays most in the suit where the most high cards are out of sight:
// give the lowest card of the suit with the most unseen cards above our
// lowest, weighted by rank.
Card HeuristicBot::give(const HandView& v, int, CardSet options, PlayoutRng&) {
  const CardSet out = v.rules->deck - v.hand - CardSet::jokers();
  Card best = options.lowest();
  int best_score = -1;
  for (int s = 0; s < kSuitCount; ++s) {
    const CardSet mine = options & CardSet::suit(static_cast<Suit>(s));
    if (mine.empty()) {
      continue;
    }
    const Card low = mine.lowest();
    int score = 0;
    for (Card c : out & CardSet::suit(static_cast<Suit>(s)) & above(low)) {
      score += c.rank() + 1;
    }
    if (score > best_score) {
      best_score = score;
      best = low;
    }
  }
  return best;
}

// Length counts double; aces, kings and queens add 3, 2, 1. The jokers join
// whichever suit is named, so they do not tell suits apart. From the first
// part of a deal made in two (deal.before_trump), trump_from_first_cards.
Suit HeuristicBot::name_trump(const HandView& v, PlayoutRng&) {
  if (v.rules->deal_before_trump > 0) {
    return trump_from_first_cards(v.hand);
  }
  int best_score = -1;
  Suit best = Suit::kClubs;
  for (int s = 0; s < kSuitCount; ++s) {
    const CardSet cards = v.hand & CardSet::suit(static_cast<Suit>(s));
    int score = 2 * cards.size();
    for (Card c : cards) {
      score += c.rank() >= 10 ? c.rank() - 9 : 0;
    }
    if (score > best_score) {
      best_score = score;
      best = static_cast<Suit>(s);
    }
  }
  return best;
}

Suit trump_from_first_cards(CardSet seen) {
  // Key: length, then high cards (ace 8, king 4, queen 2, jack 1: an ace
  // outweighs all three below it), then the highest card; the first suit of equals.
  int best_key = -1;
  Suit best = Suit::kClubs;
  for (int s = 0; s < kSuitCount; ++s) {
    const CardSet cards = seen & CardSet::suit(static_cast<Suit>(s));
    int high = 0;
    for (Card c : cards) {
      high += c.rank() >= 9 ? 1 << (c.rank() - 9) : 0;  // J 1, Q 2, K 4, A 8
    }
    const int key = (cards.size() * 64 + high) * 16 + (cards.empty() ? 0 : cards.highest().rank() + 1);
    if (key > best_key) {
      best_key = key;
      best = static_cast<Suit>(s);
    }
  }
  return best;
}

int expected_points(const Ruleset& r, CardSet hand) {
  // Tricks: each trump about three quarters of one (the top ones and the
  // jokers a whole one), each side ace one, a side king with company a half.
  double best = 0;
  for (int t = 0; t < kSuitCount; ++t) {
    const CardSet trumps = hand & trump_mask(static_cast<Suit>(t));
    double tricks = 0;
    for (Card c : trumps) {
      tricks += c.is_joker() || c.rank() >= 11 ? 1.0 : 0.75;
    }
    for (int s = 0; s < kSuitCount; ++s) {
      if (s == t) {
        continue;
      }
      const CardSet side = hand & CardSet::suit(static_cast<Suit>(s));
      tricks += side.contains(Card::of(static_cast<Suit>(s), 12)) ? 1.0 : 0.0;
      tricks += side.contains(Card::of(static_cast<Suit>(s), 11)) && side.size() >= 2 ? 0.5 : 0.0;
    }
    best = std::max(best, tricks);
  }
  const double tricks = std::min(best, static_cast<double>(r.hand_size));
  // Counting cards: those held, of which about two thirds are kept; the
  // hand's points are shared, so a partner brings about half a seat's share.
  double held = 0;
  double all = static_cast<double>(r.hand_size * r.per_trick);
  for (Card c : r.deck) {
    const int points = r.card_points[static_cast<std::size_t>(c.index())];
    all += points;
    held += hand.contains(c) ? points : 0;
  }
  const double partner = 0.5 * all / r.players;
  return static_cast<int>(tricks * r.per_trick + 0.66 * held + partner);
}

// Bids what it expects its side to take, as low as the auction allows: the
// lowest legal bid when that is within its estimate, else a pass.
int HeuristicBot::call(const HandView& v, bool may_pass, int lo, int hi, PlayoutRng&) {
  if (lo > hi) {
    return 0;
  }
  const int expect = expected_points(*v.rules, v.hand);
  if (expect >= lo || !may_pass) {
    return lo;
  }
  return 0;
}

// Where the scoring counts card points and the discard's go to the bidder
// (the taker), a counting card outside trump is worth laying away: its points
// are then the bidder's for certain, where in play the other side may take
// it. Then the lowest cards of the shortest side suit, to make voids; aces
// and kings are kept, and trumps unless nothing else may go. Where the
// discard's points are lost, counting cards are kept like high cards.
Card HeuristicBot::discard(const HandView& v, Suit trump, CardSet options, PlayoutRng& rng) {
  if (!counts_cards(*v.rules)) {
    return discard_low(trump, options, rng);
  }
  const Ruleset& r = *v.rules;
  const CardSet trumps = trump_mask(trump);
  const bool points_kept = r.discard_to == DiscardTo::kBidder && v.seat == v.bidder;
  Card best = options.lowest();
  int best_key = 1 << 30;
  for (Card c : options) {
    const int points = points_of(r, c);
    int key = 0;
    if (trumps.contains(c)) {
      key = 100000 + rank_of(c);
    } else if (points > 0 && points_kept) {
      key = -points * 100 + c.rank();
    } else {
      const int length = (v.hand & CardSet::suit(c.suit())).size();
      const int high = c.rank() == 12 ? 20000 : c.rank() == 11 ? 10000 : 0;
      key = high + (points > 0 ? 5000 : 0) + length * 32 + c.rank();
    }
    if (key < best_key) {
      best_key = key;
      best = c;
    }
  }
  return best;
}

// Keeps trumps and aces; throws the lowest card of the shortest side suit.
Card HeuristicBot::discard_low(Suit trump, CardSet options, PlayoutRng&) {
  const CardSet trumps = trump_mask(trump);
  CardSet aces;
  for (int s = 0; s < kSuitCount; ++s) {
    aces |= (options & CardSet::suit(static_cast<Suit>(s)) & CardSet::of(Card::of(static_cast<Suit>(s), 12)));
  }
  CardSet pool = options - trumps - aces;
  if (pool.empty()) {
    pool = options - trumps;
  }
  if (pool.empty()) {
    pool = options;
  }
  Card best = pool.lowest();
  int best_key = 1 << 30;
  for (Card c : pool) {
    const int len = c.is_joker() ? 99 : (options & CardSet::suit(c.suit())).size();
    const int key = (trumps.contains(c) ? 10000 : 0) + len * 32 + rank_of(c);
    if (key < best_key) {
      best_key = key;
      best = c;
    }
  }
  return best;
}

// Where the scoring counts card points, the bot plays for its side: it never
// overtakes a trick its known partner is winning, and puts a counting card on
// it when no card still out can take it from there; against the other side
// (or a player not known yet) it takes a trick as cheaply as it can (last to
// play, a card nobody can beat, a low ruff) and fights for one that holds
// points with its best card, and otherwise keeps its counting cards back.
Card HeuristicBot::play_for_points(const HandView& v, const PlayState& s, CardSet legal) {
  const Ruleset& r = *v.rules;
  if (legal.size() == 1) {
    return legal.lowest();
  }
  const auto with = sides_known(v, s.players);
  const auto side = [&](int seat) { return with[static_cast<std::size_t>(seat)]; };
  if (s.count == 0) {
    return lead_for_points(v, s, legal, v.bidder >= 0 && side(v.bidder) == 1);
  }
  const int after = s.players - 1 - s.count;  // players still to play after this one
  bool allies_after = true;
  for (int k = 1, seat = v.seat; k <= after; ++k) {
    seat = left_of(seat, s.players);
    allies_after = allies_after && side(seat) == 1;
  }
  CardSet winners;
  for (Card c : legal) {
    if (strength(s, c) > s.best_strength) {
      winners.insert(c);
    }
  }
  const CardSet others = legal - winners;
  if (side(s.best_seat) == 1) {
    if (others.empty()) {
      return weakest(legal, s);  // every card overtakes: the least of them
    }
    const CardSet points = counting_cards(r, others);
    if (!points.empty() && (allies_after || !beatable(v, s, s.best_strength))) {
      return richest(r, points, s);
    }
    return cheapest_keeping_points(others, v, s);
  }
  if (!winners.empty()) {
    if (after == 0) {
      return weakest(winners, s);  // a trick for the least it can cost
    }
    CardSet sure;
    for (Card c : winners) {
      if (!beatable(v, s, strength(s, c))) {
        sure.insert(c);
      }
    }
    if (!sure.empty()) {
      return weakest(sure, s);
    }
    const bool follows = legal.intersects(follow_mask(s.led_suit, s.trump));
    if (!follows && (winners & s.trumps) == winners) {
      return weakest(winners, s);  // ruff low
    }
    int in_trick = 0;
    for (int i = 0; i < s.count; ++i) {
      in_trick += points_of(r, s.cards[static_cast<std::size_t>(i)]);
    }
    if (in_trick > 0) {
      const CardSet side_winners = winners - s.trumps;
      return side_winners.empty() ? weakest(winners, s) : strongest(side_winners, s);
    }
  }
  return cheapest_keeping_points(others.empty() ? legal : others, v, s);
}

// Each scoring's play in a function of its own: the quota games' code stays
// as it was (callgrind: the same instructions a Pluck hand), reached by a jump.
// A seat with a fixed partner plays for its side's tricks.
Card HeuristicBot::play(const HandView& v, const PlayState& s, CardSet legal, PlayoutRng&) {
  if (counts_cards(*v.rules)) {
    return play_for_points(v, s, legal);
  }
  return v.partner >= 0 ? play_for_side(v, s, legal) : play_for_quota(v, s, legal);
}

// Failing to take every trick costs nothing (court-piece.md §3.3): play on.
bool HeuristicBot::play_on(const HandView&, const PlayState&, PlayoutRng&) { return true; }

// With a fixed partner: a trick the partner is winning and cannot lose is
// never overtaken (the cheapest card that does not take it); one the partner
// may still lose to an opponent to play is taken over only with a card no
// opponent can beat. Against the other side: the cheapest card that wins
// and that no opponent still to play can beat; else, with the partner still
// to play, a low card (the partner plays last); else a low trump when out of
// the suit led, or its best card of the suit; with no winner, the cheapest card.
Card HeuristicBot::play_for_side(const HandView& v, const PlayState& s, CardSet legal) {
  if (legal.size() == 1) {
    return legal.lowest();
  }
  if (s.count == 0) {
    return lead_for_side(v, s, legal);
  }
  CardSet winners;
  CardSet safe;  // winners no opponent still to play can beat
  for (Card c : legal) {
    const int st = strength(s, c);
    if (st > s.best_strength) {
      winners.insert(c);
      if (!opponent_may_beat(v, s, st)) {
        safe.insert(c);
      }
    }
  }
  const CardSet others = legal - winners;
  if (s.best_seat == v.partner) {
    if (!opponent_may_beat(v, s, s.best_strength) || safe.empty()) {
      return others.empty() ? weakest(legal, s) : cheapest(others, v, s);
    }
    return weakest(safe, s);
  }
  if (winners.empty()) {
    return cheapest(legal, v, s);
  }
  if (!safe.empty()) {
    return weakest(safe, s);
  }
  bool partner_after = false;
  for (int k = s.count + 1, seat = v.seat; k < s.players; ++k) {
    seat = left_of(seat, s.players);
    partner_after = partner_after || seat == v.partner;
  }
  if (partner_after) {
    return cheapest(others.empty() ? legal : others, v, s);  // second hand low
  }
  const CardSet side_winners = winners - s.trumps;
  return side_winners.empty() ? weakest(winners, s) : strongest(side_winners, s);
}

Card HeuristicBot::play_for_quota(const HandView& v, const PlayState& s, CardSet legal) {
  const int seat = v.seat;
  const bool short_of_quota = s.taken[static_cast<std::size_t>(seat)] < v.quota[static_cast<std::size_t>(seat)];
  if (legal.size() == 1) {
    return legal.lowest();
  }
  if (s.count == 0) {
    // Leading: a sure winner of a side suit first, then (while short) a sure
    // trump; otherwise a low card from a short side suit.
    CardSet side_masters;
    CardSet trump_masters;
    for (Card c : legal) {
      if (is_master(v, s, c)) {
        (s.trumps.contains(c) ? trump_masters : side_masters).insert(c);
      }
    }
    if (!side_masters.empty()) {
      return strongest(side_masters, s);
    }
    if (short_of_quota && !trump_masters.empty()) {
      return strongest(trump_masters, s);
    }
    return cheapest(legal, v, s);
  }
  CardSet winners;
  for (Card c : legal) {
    if (judged_to_win(s, c)) {
      winners.insert(c);
    }
  }
  if (winners.empty()) {
    return cheapest(legal, v, s);
  }
  const bool last = s.count == s.players - 1;
  if (last) {
    return weakest(winners, s);  // a trick for the least it can cost
  }
  CardSet sure;
  for (Card c : winners) {
    // A side-suit card can still be trumped by a later player; count it sure
    // only when no trump is out of sight.
    const bool trump = s.trumps.contains(c);
    if (is_master(v, s, c) && (trump || (unseen(v, s) & s.trumps).empty())) {
      sure.insert(c);
    }
  }
  if (!sure.empty()) {
    return weakest(sure, s);
  }
  if (!short_of_quota) {
    return cheapest(legal, v, s);  // quota safe: duck
  }
  const CardSet trump_winners = winners & s.trumps;
  if (!trump_winners.empty() && trump_winners == winners) {
    return weakest(trump_winners, s);  // ruff low
  }
  return strongest(winners - s.trumps, s);
}

// --- registry -------------------------------------------------------------

namespace {
constexpr std::array<std::string_view, 2> kBotNames = {"heuristic", "random"};
}  // namespace

std::span<const std::string_view> bot_names() { return kBotNames; }

std::unique_ptr<SeatPolicy> make_bot(std::string_view name) {
  if (name == "random") {
    return std::make_unique<RandomBot>();
  }
  if (name == "heuristic") {
    return std::make_unique<HeuristicBot>();
  }
  return nullptr;
}

}  // namespace trickref::sim
