#include "engine/hand.h"

#include <algorithm>

#include "engine/policy/table.h"

namespace trickref {
namespace {

constexpr std::uint8_t suit_bit(Card c) { return static_cast<std::uint8_t>(1U << static_cast<unsigned>(c.suit())); }

std::size_t pair_index(int by, int from) { return static_cast<std::size_t>(by * kMaxPlayers + from); }

// The suits `by` may not give `from` again this hand (exchange.distinct_suits).
std::uint8_t closed_suits(const HandState& h, int by, int from) {
  const Ruleset& r = *h.rules;
  if (r.distinct_suits == DistinctSuits::kNo) {
    return 0;
  }
  const std::uint8_t given = h.exchange.suits_given[pair_index(by, from)];
  if (r.distinct_suits == DistinctSuits::kWhileBothHold) {
    // No repeat while some suit not yet given is held by both; when none is,
    // the given suits start over (checked where both hands are known).
    const auto b = static_cast<std::size_t>(by);
    const auto f = static_cast<std::size_t>(from);
    if (!h.known[b] || !h.known[f]) {
      return 0;  // which suits both hold cannot be known: nothing is checked
    }
    for (int s = 0; s < kSuitCount; ++s) {
      const CardSet suit = CardSet::suit(static_cast<Suit>(s));
      if ((given & (1U << static_cast<unsigned>(s))) == 0 && h.hands[b].intersects(suit) && h.hands[f].intersects(suit)) {
        return given;
      }
    }
    return 0;
  }
  return given;
}

}  // namespace

bool PhaseList::has(Phase p) const { return std::find(begin(), end(), p) != end(); }

PhaseList hand_phases(const Ruleset& r) {
  PhaseList l;
  auto add = [&](Phase p) { l.items[l.size++] = p; };
  const bool by_dealer = r.kitty > 0 && r.kitty_taken_by == KittyTaker::kDealer;
  const bool by_bidder = r.kitty > 0 && r.kitty_taken_by == KittyTaker::kBidder;
  add(Phase::kDeal);
  if (r.has_auction()) {
    add(Phase::kAuction);
  }
  if (r.has_quotas() && r.exchange_when == ExchangeWhen::kBeforeTrump) {
    add(Phase::kExchange);
  }
  if (by_bidder) {
    add(Phase::kKitty);  // the bidder takes the kitty, then names trump
  }
  add(Phase::kTrump);
  if (r.deal_before_trump > 0) {
    add(Phase::kDealRest);
  }
  if (by_dealer) {
    add(Phase::kKitty);  // the dealer takes the kitty and discards
  }
  if (by_bidder && r.kitty_discard > 0) {
    add(Phase::kDiscard);
  }
  if (r.has_quotas() && r.exchange_when == ExchangeWhen::kAfterKitty) {
    add(Phase::kExchange);
  }
  add(Phase::kPlay);
  add(Phase::kCount);
  return l;
}

void start_hand(HandState& h, const GameState& g, int number, int dealer) {
  const Ruleset& r = *g.rules;
  if (h.rules != &r) {  // the same for every hand of a game: set once
    h.rules = &r;
    h.policies = g.policies;
    h.phases = hand_phases(r);
    h.auctioned = h.phases.has(Phase::kAuction);
    h.discard_apart = h.phases.has(Phase::kDiscard);
  }
  h.ended_after = 0;
  h.number = number;
  h.dealer = dealer;
  h.players = r.players;
  const auto& q = r.quotas_for(number);
  if (q.empty()) {
    h.quota = {};  // no quotas (the auction and partnership games)
  } else {
    for (int s = 0, offset = h.players - dealer; s < h.players; ++s, ++offset) {  // offset_from without a division
      h.quota[static_cast<std::size_t>(s)] =
          q[static_cast<std::size_t>(offset >= h.players ? offset - h.players : offset)];
    }
  }
  if (h.auctioned) {
    h.auction = Auction{};
    h.auction.turn = left_of(dealer, h.players);
    h.play.taken = {};  // a void hand plays no trick: nothing is taken
    h.play.trick = 0;
  }
  h.void_hand = false;
  h.partner = -1;
  h.end = HandEnd::kPlayedOut;
  h.forfeit_side = -1;
  if (r.scoring == ScoringKind::kPoints) {
    h.won = {};
  }
  h.known = {};  // no hand known until the deal (the hands themselves are set there)
  h.kitty = CardSet();
  h.kitty_known = false;
  h.discard = CardSet();
  h.trump = Suit::kClubs;
  // The exchange: only what is read before it is written is reset (this
  // runs for every simulated hand).
  Exchange& ex = h.exchange;
  ex.owed_known = false;
  ex.n_owed = 0;
  ex.n_order = 0;
  ex.furthest = -1;
  ex.made = {};
  ex.tie_from = dealer;
  if (r.distinct_suits != DistinctSuits::kNo) {
    ex.suits_given = {};
  }
  if (r.show_kitty) {
    ex.dealer_returned = {};  // read only for the show
  }
  ex.before_first = number < r.exchange_from_hand;
  if (q.empty() || ex.before_first) {
    ex.owed_known = true;  // no quotas (no exchange), or a hand before the first plucks: nothing owed
  } else if (g.deltas_known) {
    ex.deltas = g.deltas;
    const int n = owed_plucks_into(std::span<const int>(g.deltas.data(), static_cast<std::size_t>(h.players)),
                                   ex.owed);
    if (n >= 0) {
      ex.owed_known = true;
      ex.n_owed = n;
      ex.tie_from = r.tie_start == TieStart::kPreviousDealer && g.last_dealer >= 0 ? g.last_dealer : dealer;
      ex.n_order = plucker_order_into(r, std::span<const OwedPlucks>(ex.owed.data(), static_cast<std::size_t>(n)),
                                      dealer, q, ex.tie_from, ex.order);
      // Each owed entry's place, and the entries in the order they are made
      // (plucker by plucker; one plucker's pluckees as owed).
      int k = 0;
      for (int j = 0; j < ex.n_order; ++j) {
        for (int i = 0; i < n; ++i) {
          if (ex.owed[static_cast<std::size_t>(i)].by == ex.order[static_cast<std::size_t>(j)]) {
            ex.place[static_cast<std::size_t>(i)] = j;
            ex.turns[static_cast<std::size_t>(k++)] = i;
          }
        }
      }
    }
  }
}

void apply_deal(HandState& h, const std::array<CardSet, kMaxPlayers>& hands, CardSet kitty) {
  h.hands = hands;
  h.known.fill(true);
  h.kitty = kitty;
  h.kitty_known = true;
}

// --------------------------------------------------------------- auction

namespace {

// Whether `seat` has passed for good (auction style, pass_is_final).
bool out_of_auction(const HandState& h, int seat) {
  const Bidding& b = h.rules->bidding;
  return b.style == BiddingStyle::kAuction && b.pass_is_final && h.auction.passed[static_cast<std::size_t>(seat)];
}

// The dealer's pass after everyone else passed, where dealer_must_bid forbids it.
bool forced_to_bid(const HandState& h, int seat) {
  const Auction& a = h.auction;
  if (h.rules->bidding.all_pass != AllPass::kDealerMustBid || seat != h.dealer || a.bidder >= 0) {
    return false;
  }
  for (int s = 0; s < h.players; ++s) {
    if (s != seat && !a.passed[static_cast<std::size_t>(s)]) {
      return false;
    }
  }
  return true;
}

// The lowest bid that beats the highest so far.
int lowest_bid(const HandState& h) {
  const Bidding& b = h.rules->bidding;
  const Auction& a = h.auction;
  if (a.bidder < 0) {
    return b.min;
  }
  return std::max(b.min, b.hold ? a.high : a.high + b.step);
}

}  // namespace

CallOptions legal_calls(const HandState& h) {
  CallOptions o;
  if (h.auction.over()) {
    return o;
  }
  o.pass = !forced_to_bid(h, h.auction.turn);
  o.lo = lowest_bid(h);
  o.hi = h.rules->bidding.max;
  return o;
}

void check_call(const HandState& h, int seat, std::optional<int> bid, std::vector<Violation>& out) {
  const Bidding& b = h.rules->bidding;
  const Auction& a = h.auction;
  if (a.over() || seat != a.turn || out_of_auction(h, seat)) {
    Violation v = violation(Code::kBidOutOfTurn, Clause::kNone, h.number, seat, a.turn);
    v.clause = a.over() ? Clause::kAfterTheEnd : out_of_auction(h, seat) ? Clause::kAfterPassing : Clause::kNone;
    v.count = bid.value_or(0);
    out.push_back(v);
  }
  if (!bid) {
    if (forced_to_bid(h, seat) && !a.over()) {
      out.push_back(violation(Code::kBidAllPass, Clause::kNone, h.number, seat));
    }
    return;
  }
  if (*bid < b.min || *bid > b.max) {
    Violation v = violation(Code::kBidRange, Clause::kNone, h.number, seat);
    v.count = *bid;
    out.push_back(v);
  } else if (*bid < lowest_bid(h)) {
    Violation v = violation(Code::kBidTooLow, Clause::kNone, h.number, seat, a.bidder);
    v.count = *bid;
    v.bound = lowest_bid(h);
    v.standing = a.high;
    out.push_back(v);
  }
}

void apply_call(HandState& h, int seat, std::optional<int> bid) {
  const Bidding& b = h.rules->bidding;
  Auction& a = h.auction;
  const bool was_over = a.over();
  ++a.calls;
  const auto i = static_cast<std::size_t>(seat);
  if (bid) {
    // The record stands: any number counts as a bid of that value, and the
    // highest bid wins (an equal one takes it only under bidding.hold).
    a.passed[i] = false;
    a.passes_in_row = 0;
    if (a.bidder < 0 || *bid > a.high || (b.hold && *bid == a.high)) {
      a.high = *bid;
      a.bidder = seat;
    }
  } else {
    a.passed[i] = true;
    ++a.passes_in_row;
  }
  if (was_over) {
    return;  // a call after the end: it counts, and the auction stays over
  }
  // Where the auction ends (call-deuces.md §2.2 and its settled readings).
  bool over = false;
  if (b.style == BiddingStyle::kOnceAround) {
    over = a.calls >= h.players;
  } else if (bid && *bid >= b.max && a.bidder == seat) {
    over = true;
  } else if (b.pass_is_final) {
    int in = 0;
    for (int s = 0; s < h.players; ++s) {
      in += h.auction.passed[static_cast<std::size_t>(s)] ? 0 : 1;
    }
    over = in == 0 || (in == 1 && a.bidder >= 0 && !a.passed[static_cast<std::size_t>(a.bidder)]);
  } else {
    over = a.bidder >= 0 ? a.passes_in_row >= h.players - 1 : a.passes_in_row >= h.players;
  }
  if (over) {
    close_auction(h);
    return;
  }
  int next = left_of(seat, h.players);
  for (int k = 0; k < h.players && out_of_auction(h, next); ++k) {
    next = left_of(next, h.players);
  }
  a.turn = next;
}

void close_auction(HandState& h) {
  h.auction.turn = -1;
  h.void_hand = h.auction.bidder < 0;
}

// -------------------------------------------------------------- exchange

int owed_index(const HandState& h, int by, int from) {
  const Exchange& ex = h.exchange;
  for (int i = 0; i < ex.n_owed; ++i) {
    const auto& o = ex.owed[static_cast<std::size_t>(i)];
    if (o.by == by && o.from == from) {
      return i;
    }
  }
  return -1;
}


std::optional<Violation> check_pluck_turn(const HandState& h, int by, int from) {
  const Exchange& ex = h.exchange;
  if (!ex.owed_known) {
    return std::nullopt;
  }
  Violation v = violation(Code::kPluckUnowed, Clause::kNone, h.number, by, from);
  if (ex.before_first) {
    v.clause = Clause::kBeforeExchange;
    return v;
  }
  const int i = owed_index(h, by, from);
  if (i < 0 || ex.made[static_cast<std::size_t>(i)] >= ex.owed[static_cast<std::size_t>(i)].count) {
    // Why it was not owed (rules.md §2.3): the pair's plucks were all made,
    // the plucker was not over, or the pluckee was not short.
    v.clause = i >= 0                                       ? Clause::kMoreThanOwed
               : ex.deltas[static_cast<std::size_t>(by)] <= 0 ? Clause::kPluckerNotOver
                                                              : Clause::kPluckeeNotShort;
    return v;
  }
  const int place = ex.place[static_cast<std::size_t>(i)];
  if (place < ex.furthest) {
    v.code = Code::kPluckOrder;
    v.other = ex.order[static_cast<std::size_t>(ex.furthest)];
    return v;
  }
  return std::nullopt;
}

CardSet legal_gives(const HandState& h, int by, int from) {
  const Ruleset& r = *h.rules;
  const CardSet hand = h.hands[static_cast<std::size_t>(by)] - CardSet::jokers();
  const std::uint8_t closed = closed_suits(h, by, from);
  CardSet out;
  for (int s = 0; s < kSuitCount; ++s) {
    const CardSet suit = hand & CardSet::suit(static_cast<Suit>(s));
    if (suit.empty() || (closed & (1U << static_cast<unsigned>(s))) != 0) {
      continue;
    }
    out |= r.pluck_give == PluckGive::kLowestOfSuit ? CardSet::of(suit.lowest()) : suit;
  }
  return out;
}

void check_pluck(const HandState& h, int by, int from, std::optional<Card> gives, std::optional<Card> gets,
                 std::vector<Violation>& out) {
  const Ruleset& r = *h.rules;
  const Violation base = violation(Code::kPluckJoker, Clause::kNone, h.number, by, from);
  // Jokers have no suit before trump is named: never given, never returned.
  bool joker = false;
  if (gives && gives->is_joker()) {
    joker = true;
    Violation v = base;
    v.clause = Clause::kJokerGiven;
    v.card = gives;
    out.push_back(v);
  }
  if (gets && gets->is_joker()) {
    joker = true;
    Violation v = base;
    v.clause = Clause::kJokerReturned;
    v.seat = from;
    v.other = by;
    v.card = gets;
    out.push_back(v);
  }
  if (!gives || joker) {
    return;
  }
  const Card g = *gives;
  const auto b = static_cast<std::size_t>(by);
  if (h.known[b] && !h.hands[b].contains(g)) {
    Violation v = base;
    v.code = Code::kPluckNotHeld;
    v.card = g;
    out.push_back(v);
  } else if (h.known[b] && !give_allowed(r, h.hands[b], g)) {
    Violation v = base;
    v.code = Code::kPluckGive;
    v.card = g;
    v.evidence = (h.hands[b] & CardSet::suit(g.suit())).lowest();
    out.push_back(v);
  }
  if ((closed_suits(h, by, from) & suit_bit(g)) != 0) {
    Violation v = base;
    v.code = Code::kPluckSuitRepeat;
    v.card = g;
    out.push_back(v);
  }
}

std::optional<Card> due_return(const HandState& h, int from, Card gives) {
  return required_return(*h.rules, h.hands[static_cast<std::size_t>(from)], gives);
}

std::optional<Violation> check_return(const HandState& h, int by, int from, Card gives, std::optional<Card> gets,
                                      std::optional<Card> proven) {
  const Ruleset& r = *h.rules;
  Violation v = violation(Code::kPluckReturn, Clause::kNone, h.number, from, by);
  v.card = gets;
  v.related = gives;
  if (h.known[static_cast<std::size_t>(from)]) {
    const auto required = due_return(h, from, gives);
    if (required == gets) {
      return std::nullopt;
    }
    v.clause = !required ? Clause::kNothingToReturn : !gets ? Clause::kReturnedNothing : Clause::kNotTheHighest;
    v.evidence = required;
    return v;
  }
  // The hand is not known: what the record proves (a higher card of the suit
  // held then), else what the pluck itself proves.
  if (proven && (!gets || gets->suit() == gives.suit())) {
    v.clause = Clause::kProvenHigher;
    v.evidence = proven;
    return v;
  }
  if (r.pluck_return == PluckReturn::kHighestIncludingReceived) {
    if (!gets) {
      v.clause = Clause::kNothingAlwaysReturns;
      return v;
    }
    if (gets->suit() != gives.suit() || gets->rank() < gives.rank()) {
      v.clause = Clause::kReturnedBelowGiven;
      return v;
    }
  } else if (gets && gets->suit() != gives.suit()) {
    v.clause = Clause::kReturnedOffSuit;
    return v;
  }
  return std::nullopt;
}


void apply_pluck(HandState& h, int by, int from, std::optional<Card> gives, std::optional<Card> gets) {
  const Exchange& ex = h.exchange;
  const int i = ex.owed_known && !ex.before_first ? owed_index(h, by, from) : -1;
  detail::make_pluck(h, i, by, from, gives, gets);
}

void detail::note_suit_given(HandState& h, int by, int from, Card gives) {
  auto& given = h.exchange.suits_given[pair_index(by, from)];
  given = static_cast<std::uint8_t>(closed_suits(h, by, from) | suit_bit(gives));
}

int plucks_left(const HandState& h, int i) {
  const Exchange& ex = h.exchange;
  const auto& o = ex.owed[static_cast<std::size_t>(i)];
  int left = o.count - ex.made[static_cast<std::size_t>(i)];
  if (h.rules->distinct_suits != DistinctSuits::kNo && left > 0) {
    // One card per suit: a pluck needs a card of a suit not yet given to
    // this pluckee, so at most four, fewer if the plucker holds none.
    const std::uint8_t closed = closed_suits(h, o.by, o.from);
    const auto b = static_cast<std::size_t>(o.by);
    int open = 0;
    for (int s = 0; s < kSuitCount; ++s) {
      const bool used = (closed & (1U << static_cast<unsigned>(s))) != 0;
      const bool held = !h.known[b] || h.hands[b].intersects(CardSet::suit(static_cast<Suit>(s)));
      open += (!used && held) ? 1 : 0;
    }
    left = std::min(left, open);
  }
  return left;
}

CardSet required_shows(const HandState& h, int plucker) {
  CardSet out;
  for (Card back : h.exchange.dealer_returned[static_cast<std::size_t>(plucker)]) {
    out |= required_show(h.kitty, back);
  }
  return out;
}

// ----------------------------------------------------------------- trump

int trump_chooser(const Ruleset& r, int dealer) {
  switch (r.trump_chooser) {
    case TrumpChooser::kDealer:
      return dealer;
    case TrumpChooser::kLeftOfDealer:
      return left_of(dealer, r.players);
    case TrumpChooser::kBidder:
    case TrumpChooser::kAny:
      return -1;
  }
  return -1;
}

int trump_chooser(const HandState& h) {
  return h.rules->trump_chooser == TrumpChooser::kBidder ? h.auction.bidder : trump_chooser(*h.rules, h.dealer);
}

int trump_namer(const HandState& h) {
  const int c = trump_chooser(h);
  return c >= 0 ? c : h.dealer;
}

std::optional<Violation> check_trump(const HandState& h, int seat) {
  const int chooser = trump_chooser(h);
  if (chooser < 0 || seat == chooser) {
    return std::nullopt;
  }
  return violation(Code::kWrongTrumpCaller, Clause::kNone, h.number, seat, chooser);
}

void apply_trump(HandState& h, Suit trump) { h.trump = trump; }

// ----------------------------------------------------------------- kitty

int kitty_taker(const Ruleset& r, int dealer) { return kitty_taker(r, dealer, -1); }

int kitty_taker(const Ruleset& r, int dealer, int bidder) {
  if (r.kitty == 0) {
    return -1;
  }
  switch (r.kitty_taken_by) {
    case KittyTaker::kDealer:
      return dealer;
    case KittyTaker::kBidder:
      return bidder;
    case KittyTaker::kNobody:
      return -1;
  }
  return -1;
}

int kitty_taker(const HandState& h) { return kitty_taker(*h.rules, h.dealer, h.auction.bidder); }

bool takes_kitty(const Ruleset& r, int dealer, int seat) { return seat >= 0 && kitty_taker(r, dealer) == seat; }

void take_kitty(HandState& h) {
  const int taker = kitty_taker(h);
  if (taker >= 0 && h.rules->kitty_mode == KittyMode::kTakeThenDiscard) {
    h.hands[static_cast<std::size_t>(taker)] |= h.kitty;
  }
}

namespace {

// partner.solo_by_discard false: the bidder may not discard the partner card
// (call-deuces.md §2.4).
bool keeps_partner_card(const Ruleset& r) { return r.partner_by == PartnerBy::kCard && !r.solo_by_discard; }

}  // namespace

CardSet forbidden_discards(const HandState& h) {
  const Ruleset& r = *h.rules;
  const DiscardForbid& f = r.discard_forbid;
  CardSet out = f.cards;
  if (f.jokers) {
    out |= CardSet::jokers();
  }
  if (f.trumps) {
    out |= trump_mask(h.trump);
  }
  if (f.points) {
    for (Card c : r.deck) {
      if (r.card_points[static_cast<std::size_t>(c.index())] != 0) {
        out.insert(c);
      }
    }
  }
  if (keeps_partner_card(r)) {
    out.insert(partner_card(h));
  }
  return out;
}

CardSet discard_pool(const HandState& h) {
  const int taker = kitty_taker(h);
  if (taker < 0) {
    return CardSet();  // nobody takes the kitty: nothing to discard from
  }
  const CardSet held = h.hands[static_cast<std::size_t>(taker)];
  return h.rules->kitty_mode == KittyMode::kTakeThenDiscard ? held | h.kitty : held;
}

std::optional<Violation> check_discard_count(const HandState& h, int count) {
  if (count == h.rules->kitty_discard) {
    return std::nullopt;
  }
  Violation v = violation(Code::kDiscard, Clause::kDiscardCount, h.number, kitty_taker(h));
  v.count = count;
  return v;
}

std::optional<Violation> check_discard(const HandState& h, Card card) {
  const int taker = kitty_taker(h);
  if (taker < 0) {
    return std::nullopt;
  }
  if (h.known[static_cast<std::size_t>(taker)] && !discard_pool(h).contains(card)) {
    Violation v = violation(Code::kDiscard, Clause::kDiscardNotHeld, h.number, taker);
    v.card = card;
    return v;
  }
  if (forbidden_discards(h).contains(card)) {
    const bool partner = keeps_partner_card(*h.rules) && card == partner_card(h);
    Violation v = violation(Code::kDiscard, partner ? Clause::kDiscardPartnerCard : Clause::kDiscardForbidden,
                            h.number, taker);
    v.card = card;
    return v;
  }
  return std::nullopt;
}

void apply_kitty(HandState& h, CardSet discard) {
  const int taker = kitty_taker(h);
  if (taker < 0) {
    return;  // nobody takes the kitty
  }
  auto& held = h.hands[static_cast<std::size_t>(taker)];
  held = (held | h.kitty) - discard;
  h.discard = discard;
}

// ------------------------------------------------------------------ play

void start_play(HandState& h, int leader) {
  // In place, field by field (what start_play(rules, ...) gives): this runs
  // for every simulated hand, and the trick's card slots are written before
  // they are read.
  PlayState& s = h.play;
  s.rules = h.rules;
  s.players = h.players;
  s.trump = h.trump;
  s.hands = h.hands;
  s.played = CardSet();
  s.broken = false;
  s.trick = 0;
  s.leader = leader;
  s.count = 0;
  s.taken = {};
  s.trumps = trump_mask(h.trump);
  s.best_seat = 0;
  s.best_strength = -1;
  s.led_suit = Suit::kClubs;
  if (h.policies.partners->in_hand != nullptr) {
    h.partner = h.policies.partners->in_hand(h);
  }
}

Card partner_card(const HandState& h) {
  const Ruleset& r = *h.rules;
  return Card::of(r.partner_suit.value_or(h.trump), r.partner_rank);
}

std::optional<Card> partner_card_in_play(const HandState& h) {
  return h.rules->partner_by == PartnerBy::kCard ? std::optional<Card>(partner_card(h)) : std::nullopt;
}

int side_of(const HandState& h, int seat) { return h.policies.partners->side(*h.rules, seat); }

int first_leader(const Ruleset& r, int dealer, const std::array<CardSet, kMaxPlayers>& hands, bool hands_known,
                 int bidder) {
  switch (r.first_lead) {
    case FirstLead::kLeftOfDealer:
      return left_of(dealer, r.players);
    case FirstLead::kTrumpChooser: {
      const int chooser = trump_chooser(r, dealer);
      return chooser >= 0 ? chooser : dealer;
    }
    case FirstLead::kBidder:
      return bidder;  // the auction decides
    case FirstLead::kCard:
      if (hands_known) {
        for (int p = 0; p < r.players; ++p) {
          if (hands[static_cast<std::size_t>(p)].contains(r.first_lead_card)) {
            return p;
          }
        }
      }
      return -1;
  }
  return -1;
}

int first_leader(const HandState& h, bool hands_known) {
  switch (h.rules->first_lead) {
    case FirstLead::kTrumpChooser:
      return trump_namer(h);  // the chooser, the bidder among them; the dealer where nobody's choice is checked
    case FirstLead::kBidder:
    case FirstLead::kCard:
    case FirstLead::kLeftOfDealer:
      break;
  }
  return first_leader(*h.rules, h.dealer, h.hands, hands_known, h.auction.bidder);
}

// ------------------------------------------------------- the end of the hand

bool hand_ends_after_trick(const HandState& h) {
  const auto after = h.policies.hand_end->after_trick;
  return after != nullptr && h.play.trick < h.rules->tricks_per_hand() && after(*h.rules, h);
}

bool may_play_on(const HandState& h) {
  const Ruleset& r = *h.rules;
  return r.after_early_court == AfterEarlyCourt::kEither && r.scoring == ScoringKind::kCourts &&
         h.play.trick == r.early_court_tricks && h.ended_after == 0 && policy::early_court_side(h) >= 0;
}

void end_hand_at(HandState& h, int trick) {
  if (h.ended_after == 0 || trick < h.ended_after) {
    h.ended_after = trick;
  }
}

int tricks_in_hand(const HandState& h) { return h.ended_after > 0 ? h.ended_after : h.rules->tricks_per_hand(); }

std::array<int, kMaxPlayers> tricks_counted(const HandState& h) {
  // Ended where play stopped (or not at all): the tally as played; ended
  // after the fact: the winners noted by finish_trick(HandState&).
  if (h.ended_after == 0 || h.ended_after >= h.play.trick) {
    return h.play.taken;
  }
  std::array<int, kMaxPlayers> taken{};
  for (int t = 0; t < h.ended_after; ++t) {
    ++taken[static_cast<std::size_t>(h.play.won_by[static_cast<std::size_t>(t)])];
  }
  return taken;
}

// ----------------------------------------------------------------- count

HandTally tally(const HandState& h, const std::array<int, kMaxPlayers>& taken) {
  HandTally t;
  t.players = h.players;
  t.dealer = h.dealer;
  t.taken = taken;  // whole arrays: seats past `players` are never read
  t.quota = h.quota;
  if (h.policies.scoring->facts != nullptr) {
    h.policies.scoring->facts(h, t);
  }
  return t;
}

HandEnd hand_ended(const HandState& h, const HandTally& t) {
  if (t.forfeit_side >= 0) {
    return HandEnd::kRevoke;
  }
  if (t.early_court_side >= 0) {
    return t.all_tricks ? HandEnd::kAllTricks : HandEnd::kEarlyCourt;
  }
  return h.end == HandEnd::kMajority ? HandEnd::kMajority : HandEnd::kPlayedOut;
}

}  // namespace trickref
