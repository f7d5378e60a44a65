#include "referee/reading.h"

#include <algorithm>

#include "base/text.h"

namespace trickref {

namespace {

// Whether trick `t`'s cards, as written from its leader on, are each held
// and legal (plays_clean): the way nearly every trick of an archive is
// read. Where they are, each is its seat's play, and the trick is played
// into `s` (the play at the start of the trick) and finished; where not,
// nothing is attributed and `s` is as it was (take_back_trick). This is
// plays_in_order from 0 with each play attributed as it is made: calling
// it with a callback, or attributing after it from the play, cost 1.4%
// and 1.7% more instructions over an archive.
bool played_as_written(PlayState& s, const TrickRec& tr, int t, int n, std::vector<Play>& plays) {
  const bool broken = s.broken;
  const std::size_t before = plays.size();
  for (int i = 0; i < n; ++i) {
    const int seat = s.to_play();
    const CardRef& ref = tr.cards[static_cast<std::size_t>(i)];
    const Card c = *ref.card;
    if (!plays_clean(s, seat, c)) {
      take_back_trick(s, broken);
      plays.resize(before);
      return false;
    }
    apply_play(s, seat, c);
    plays.push_back(Play{seat, c, ref.loc, t});
  }
  finish_trick(s);
  return true;
}

}  // namespace

std::string upper_ascii(std::string_view text) {
  std::string out(text);
  for (char& ch : out) {
    if (ch >= 'a' && ch <= 'z') {
      ch = static_cast<char>(ch - 'a' + 'A');
    }
  }
  return out;
}

// What the record shows of the hands at play (see HandsAtPlay).
HandsAtPlay HandReading::hands_at_play(const HandRec& h, const HandState& m) const {
  const auto& known = m.known;
  HandsAtPlay out;
  // The recorded deal moved through the recorded plucks: used to find the
  // first leader and to decide who really led a trick with a wrong leader.
  out.recorded = h.deal.has_value() && !exchange_unknown(h);
  if (out.recorded) {
    out.forward = hands_after_exchange_forward(h, m.hands);
  }
  const int taker = kitty_taker(m);  // their hand changes with the kitty
  for (int s = 0; s < n_; ++s) {
    out.usable[static_cast<std::size_t>(s)] = out.recorded && known[static_cast<std::size_t>(s)] && s != taker;
  }
  // Every hand at play known (the taker's too, through the kitty and the
  // recorded discard): only then can a trick's order or a card's slip be
  // decided (trick-order; a mistyped card).
  out.at_play = out.forward;
  out.all_known = out.recorded;
  for (int s = 0; s < n_; ++s) {
    if (s == taker && out.recorded && known[static_cast<std::size_t>(s)] && m.kitty_known && h.discard &&
        std::all_of(h.discard->begin(), h.discard->end(), [](const CardRef& c) { return c.card.has_value(); })) {
      auto& hand = out.at_play[static_cast<std::size_t>(s)];
      hand |= m.kitty;
      for (const auto& c : *h.discard) {
        hand.erase(*c.card);
      }
    } else if (!out.usable[static_cast<std::size_t>(s)]) {
      out.all_known = false;
    }
  }
  return out;
}

// Works out who played each card (leaders from the rules, explicit leaders
// taken as recorded). Returns false when the plays cannot be attributed.
bool HandReading::attribute(const HandRec& h, const HandState& m) {
  first_leader_unknown_ = false;
  leaders_.clear();
  legal_.held_legal.clear();
  legal_.read_all = false;
  legal_.leader_named = false;
  if (!h.tricks || !h.trump) {
    return false;
  }
  const auto& tricks = *h.tricks;
  if (tricks.empty()) {
    return true;
  }
  const HandsAtPlay known_hands = hands_at_play(h, m);
  const bool recorded = known_hands.recorded;
  const Hands& fwd = known_hands.forward;
  const auto& usable = known_hands.usable;
  const Hands& at_play = known_hands.at_play;
  const bool all_known = known_hands.all_known;
  rotations_.assign(tricks.size(), 0);
  legal_.held_legal.assign(tricks.size(), 0);
  meant_.clear();
  int due = first_leader(r_, dealer_, fwd, recorded, m.auction.bidder);
  if (due < 0 && recorded && !tricks[0].cards.empty() && tricks[0].cards[0].card) {
    // Nobody was dealt the first-lead card: the lead came from whoever held the card led.
    for (int s = 0; s < n_; ++s) {
      if (fwd[static_cast<std::size_t>(s)].contains(*tricks[0].cards[0].card)) {
        due = s;
      }
    }
  }
  if (due < 0 && !tricks[0].leader) {
    first_leader_unknown_ = true;
    return false;
  }
  PlayState s = start_play(r_, *h.trump, all_known ? at_play : fwd, due);
  for (std::size_t t = 0; t < tricks.size(); ++t) {
    const auto& tr = tricks[t];
    // A token that is not a card: the trick cannot be read, unless every
    // hand is known and it is the trick's one such token (a mistyped card,
    // read as the card meant where exactly one fits: meant_card).
    const auto unreadable = std::count_if(tr.cards.begin(), tr.cards.end(), [](const CardRef& c) { return !c.card; });
    if (unreadable > 1 || (unreadable == 1 && (!all_known || static_cast<int>(tr.cards.size()) != n_))) {
      return false;
    }
    const int expected = t == 0 ? due : s.leader;
    int leader = expected;
    if (tr.leader && tr.leader->seat != expected && unreadable == 0) {
      // The record names another leader. Where the hands are known, the
      // trick is read from whichever leader they support (fewer cards
      // played that were not held); otherwise as recorded.
      leader = tr.leader->seat;
      if (expected >= 0 && conflicts(s, tr, expected, usable) < conflicts(s, tr, leader, usable)) {
        leader = expected;
      }
    }
    leaders_.push_back(leader);
    legal_.leader_named = legal_.leader_named || tr.leader.has_value();
    s.leader = leader;
    if (t == 0) {
      legal_.start = s;
    }
    const std::size_t count = std::min<std::size_t>(tr.cards.size(), static_cast<std::size_t>(n_));
    const bool whole = all_known && unreadable == 0 && static_cast<int>(count) == n_;
    if (whole && played_as_written(s, tr, static_cast<int>(t), n_, plays_)) {
      legal_.held_legal[t] = 1;
      continue;
    }
    const int start = whole ? play_order_start(s, tr) : 0;
    rotations_[t] = start;
    if (unreadable == 1) {
      // The card meant, found before any card of the trick is attributed.
      PlayState p = s;
      for (std::size_t i = 0; i < count; ++i) {
        const int seat = p.to_play();
        if (!tr.cards[i].card) {
          bool keystroke = false;
          const auto meant = meant_card(p, seat, upper_ascii(tr.cards[i].text), tricks, t, i, keystroke);
          if (!meant) {
            return false;
          }
          meant_.push_back(Meant{static_cast<int>(t), static_cast<int>(i), *meant, keystroke});
          break;
        }
        apply_play(p, seat, *tr.cards[i].card);
      }
    }
    for (std::size_t i = 0; i < count; ++i) {
      const int seat = s.to_play();
      const std::size_t k = after(static_cast<std::size_t>(start), i, count);
      const auto unread = tr.cards[k].card ? std::nullopt : meant_at(static_cast<int>(t), static_cast<int>(k));
      Card c = unread ? *unread : *tr.cards[k].card;
      if (all_known && start == 0 && !unread && !s.hands[static_cast<std::size_t>(seat)].contains(c)) {
        bool keystroke = false;
        if (const auto meant = meant_card(s, seat, to_string(c), tricks, t, i, keystroke)) {
          meant_.push_back(Meant{static_cast<int>(t), static_cast<int>(k), *meant, keystroke});
          c = *meant;  // the hand goes on with the card the player held
        }
      }
      plays_.push_back(Play{seat, c, tr.cards[k].loc, static_cast<int>(t)});
      if (!s.hands[static_cast<std::size_t>(seat)].contains(c)) {
        for (int o = 0; o < n_; ++o) {
          s.hands[static_cast<std::size_t>(o)].erase(c);
        }
      }
      apply_play(s, seat, c);
    }
    if (s.count > 0) {
      finish_trick(s);
    }
  }
  legal_.end = s;
  legal_.read_all = true;
  return true;
}

// Cards of trick `tr` that the players would not hold if `leader` led it.
int HandReading::conflicts(const PlayState& s, const TrickRec& tr, int leader, const std::array<bool, kMaxPlayers>& usable) const {
  int n = 0;
  const std::size_t count = std::min<std::size_t>(tr.cards.size(), static_cast<std::size_t>(n_));
  for (std::size_t i = 0; i < count; ++i) {
    const std::size_t seat = after(static_cast<std::size_t>(leader), i, static_cast<std::size_t>(n_));
    if (usable[seat] && !s.hands[seat].contains(*tr.cards[i].card)) {
      ++n;
    }
  }
  return n;
}


// Whether the trick's cards, read from written index `start` on in play
// order from the leader, are each held and legal (plays_clean). They are
// played into `s`, the play at the start of the trick: where they are
// not, `s` is given back as it was (take_back_trick).
bool HandReading::plays_in_order(PlayState& s, const TrickRec& tr, int start) const {
  const bool broken = s.broken;
  for (int i = 0; i < n_; ++i) {
    const int seat = s.to_play();
    const std::size_t k = after(static_cast<std::size_t>(start), static_cast<std::size_t>(i), static_cast<std::size_t>(n_));
    const Card c = *tr.cards[k].card;
    if (!plays_clean(s, seat, c)) {
      take_back_trick(s, broken);
      return false;
    }
    apply_play(s, seat, c);
  }
  return true;
}

// trick-order, for a trick whose cards as written are not each held and
// legal (played_as_written): the index of the written card the leader
// played. 0 (as written) unless exactly one other start makes every card
// held and legal: the record proves it was written from the wrong seat
// (every hand at play is known). `s`, the play at the start of the
// trick, is left as it was.
int HandReading::play_order_start(PlayState& s, const TrickRec& tr) const {
  const bool broken = s.broken;
  int found = 0;
  for (int k = 1; k < n_; ++k) {
    if (plays_in_order(s, tr, k)) {
      take_back_trick(s, broken);  // only tried
      if (found != 0) {
        return 0;  // two readings fit: not proven
      }
      found = k;
    }
  }
  return found;
}

// A mistyped card (`typed`, which `seat` did not hold: not held, played
// already, not in the deck): the card `seat` held that fits, if exactly
// one does. A card fits when it is legal there and the rest of the hand,
// replayed with it, has every card held by its player ("the one card
// missing from the seat's hand"); where several fit (or none does), the
// one of them a keystroke from `typed` (edit_distance 1 in the written
// form: 8C for 8D).
std::optional<Card> HandReading::meant_card(const PlayState& s, int seat, const std::string& typed,
                               const std::vector<TrickRec>& tricks, std::size_t t, std::size_t i,
                               bool& keystroke) const {
  keystroke = false;
  std::vector<Card> legal;
  std::vector<Card> fit;
  for (const Card c : s.hands[static_cast<std::size_t>(seat)]) {
    if (check_play(s, seat, c)) {
      continue;
    }
    legal.push_back(c);
    if (rest_is_held(s, seat, c, tricks, t, i)) {
      fit.push_back(c);
    }
  }
  if (fit.size() == 1) {
    return fit.front();
  }
  keystroke = true;
  std::optional<Card> near;
  for (const Card c : fit.empty() ? legal : fit) {
    if (edit_distance(typed, to_string(c)) == 1) {
      if (near) {
        return std::nullopt;
      }
      near = c;
    }
  }
  return near;
}

// Whether, with `seat` playing `c` as card `i` of trick `t`, every later
// card of the hand as written is held by the player it falls to.
bool HandReading::rest_is_held(PlayState s, int seat, Card c, const std::vector<TrickRec>& tricks, std::size_t t,
                  std::size_t i) const {
  apply_play(s, seat, c);
  for (std::size_t u = t; u < tricks.size(); ++u) {
    const auto& tr = tricks[u];
    if (static_cast<int>(tr.cards.size()) != n_) {
      return true;  // a short trick: no further proof either way
    }
    if (u > t) {
      if (tr.leader) {
        s.leader = tr.leader->seat;
      }
    }
    for (std::size_t k = u == t ? i + 1 : 0; k < tr.cards.size(); ++k) {
      if (!tr.cards[k].card) {
        return true;
      }
      const int who = s.to_play();
      if (!s.hands[static_cast<std::size_t>(who)].contains(*tr.cards[k].card)) {
        return false;
      }
      apply_play(s, who, *tr.cards[k].card);
    }
    finish_trick(s);
  }
  return true;
}

// The card the hand went on with for trick `t`'s written card `k`, where it was mistyped.
const Meant* HandReading::meant_entry(int t, int k) const {
  for (const auto& m : meant_) {
    if (m.trick == t && m.index == k) {
      return &m;
    }
  }
  return nullptr;
}
std::optional<Card> HandReading::meant_at(int t, int k) const {
  const Meant* m = meant_entry(t, k);
  return m != nullptr ? std::optional<Card>(m->card) : std::nullopt;
}

// True when owed plucks were not recorded, so the hands at play are unknown.
bool HandReading::exchange_unknown(const HandRec& h) const {
  if (h.plucks) {
    return false;
  }
  if (h.number < r_.exchange_from_hand) {
    return false;
  }
  if (!game_->deltas_known) {
    return true;
  }
  return std::any_of(game_->deltas.begin(), game_->deltas.begin() + n_, [](int d) { return d != 0; });
}

// The recorded hands moved through the recorded plucks (no checks).
Hands HandReading::hands_after_exchange_forward(const HandRec& h, Hands hold) const {
  if (h.plucks) {
    std::array<bool, kMaxPlayers> all{};
    all.fill(true);
    for (const auto& p : *h.plucks) {
      move_pluck(hold, all, p.by.seat, p.from.seat, p.gives.card, gets_of(p));
    }
  }
  return hold;
}

std::optional<Card> gets_of(const PluckRec& p) { return p.gets ? p.gets->card : std::nullopt; }

// Hands at the start of play worked back from the plays: every card a
// player plays in a complete hand was in their hand.
std::optional<Hands> HandReading::inferred_play_hands(const HandRec& h) const {
  if (!h.tricks || static_cast<int>(h.tricks->size()) != r_.tricks_per_hand() ||
      static_cast<int>(plays_.size()) != r_.tricks_per_hand() * n_) {
    return std::nullopt;
  }
  for (const auto& t : *h.tricks) {
    if (static_cast<int>(t.cards.size()) != n_) {
      return std::nullopt;
    }
  }
  Hands out{};
  for (const auto& p : plays_) {
    out[static_cast<std::size_t>(p.seat)].insert(p.card);
  }
  return out;
}


// A card `seat` is proven to hold at the exchange without a recorded deal:
// one it plays later in the hand that it did not receive in a pluck of the
// hand (nor, as dealer, possibly from the kitty). The play of the highest
// such card of `suit` above `than` (any, when `than` is empty), or null.
const Play* HandReading::proven_higher(const HandRec& h, const HandState& m, int seat, Suit suit,
                          std::optional<Card> than) const {
  if (kitty_after_exchange(seat) && !m.kitty_known) {
    return nullptr;  // any card the dealer plays may have come from the kitty
  }
  CardSet received;
  for (const auto& q : *h.plucks) {
    if (q.from.seat == seat && q.gives.card) {
      received.insert(*q.gives.card);
    }
    if (q.by.seat == seat && q.gets && q.gets->card) {
      received.insert(*q.gets->card);
    }
  }
  if (kitty_after_exchange(seat) && m.kitty_known) {
    received |= m.kitty;
  }
  const Play* best = nullptr;
  for (const auto& play : plays_) {
    if (play.seat == seat && play.card.suit() == suit && !play.card.is_joker() && !received.contains(play.card) &&
        (!than || than->rank() < play.card.rank()) && (best == nullptr || best->card.rank() < play.card.rank())) {
      best = &play;
    }
  }
  return best;
}

void HandReading::pluck_holders(const HandRec& h, const std::array<bool, kMaxPlayers>& forward, PluckHolders& out) const {
  if (!h.plucks) {
    return;
  }
  std::array<bool, kMaxPlayers> all{};
  all.fill(true);
  for (const auto& p : *h.plucks) {
    move_pluck(out.hands, all, p.by.seat, p.from.seat, p.gives.card, gets_of(p));
    for (const auto c : {p.gives.card, gets_of(p)}) {
      if (c) {
        out.last[static_cast<std::size_t>(c->index())] = &p;
      }
    }
  }
  for (const auto& play : plays_) {
    out.contradicted = out.contradicted ||
                       (!forward[static_cast<std::size_t>(play.seat)] && out.holder(play.card, play.seat) >= 0);
  }
}

// Whether attribute() proved every trick held and legal as written from
// the play check_plays starts at (`m.play`), each of the hand's size, so
// that the play after them is attribute()'s (LegalTricks::end) and no
// card need be played again: where, besides, the hand cannot end before
// its last trick (the hand-end policy, a revoke forfeit) and the scoring
// does not count the cards won, nothing else happens between the tricks.
bool HandReading::proven_throughout(const std::vector<TrickRec>& tricks, const HandState& m) const {
  // (attribute() having read them all, it set a leader, a rotation and a
  // proof for each trick; a proven trick has no mistyped card.)
  if (!legal_.read_all || tricks.empty() || r_.revoke_penalty == RevokePenalty::kForfeitHand ||
      m.policies.hand_end->after_trick != nullptr || counts_cards(m)) {
    return false;
  }
  for (std::size_t t = 0; t < tricks.size(); ++t) {
    if (!legal_.proven(t) || rotations_[t] != 0 || static_cast<int>(tricks[t].cards.size()) != n_) {
      return false;
    }
  }
  PlayState first = m.play;  // the first trick's, led as read
  first.leader = leaders_.front();
  return same_trick_start(legal_.start, first);
}
}  // namespace trickref
