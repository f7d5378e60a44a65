#include "referee/referee.h"

#include <algorithm>
#include <array>
#include <map>
#include <numeric>
#include <set>
#include <utility>

#include <fmt/format.h>

#include "base/text.h"
#include "engine/deal.h"
#include "engine/exchange.h"
#include "engine/game.h"
#include "engine/hand.h"
#include "engine/points_possible.h"
#include "engine/play.h"
#include "engine/policy/table.h"
#include "engine/scoring.h"
#include "referee/messages.h"

namespace trickref {
namespace {

// Bids past this are out of every range; the hand machine holds them as ints.
constexpr long long kFarBid = 1'000'000'000LL;

using Hands = std::array<CardSet, kMaxPlayers>;

// Where each card came from, for notes pointing at the evidence (how it
// came is worded from the seat, GameReferee::how, only when a note needs it).
struct CardOrigin {
  Loc loc;
  int seat = -2;  // -1: the kitty; -2: not dealt
};

// A token in capitals (ASCII letters only), to compare with a card's written form.
std::string upper_ascii(std::string_view text) {
  std::string out(text);
  for (char& ch : out) {
    if (ch >= 'a' && ch <= 'z') {
      ch = static_cast<char>(ch - 'a' + 'A');
    }
  }
  return out;
}

// A mistyped card: the trick (0-based), the written index, and the card the
// hand went on with.
struct Meant {
  int trick = 0;
  int index = 0;
  Card card;
  bool keystroke = false;  // chosen as a keystroke from the token (else as the one card that fits)
};

// The index `i` places after `start` in a trick of `count` cards, wrapping
// (start and i below count): the referee steps through every card of an
// archive this way, and a division per card costs more than the compare.
std::size_t after(std::size_t start, std::size_t i, std::size_t count) {
  const std::size_t k = start + i;
  return k >= count ? k - count : k;
}

// The tricks attribute() found with every card held and legal in the order
// written (plays_in_order), and the play it started the first trick from.
// check_plays, starting the first trick from the same play
// (same_trick_start) and playing the same cards from the same leaders, is
// at attribute()'s play at the start of every trick while each trick
// before it was one of these, so need not check their cards again. One
// play is kept a hand, not one a trick: copying a play per trick cost more
// than checking the cards.
//
// Where every trick was proven, the play after the last one (`end`) is the
// play check_plays would reach, card by card, from the same start: it
// takes it whole (a hand of an archive is nearly always such a hand).
struct LegalTricks {
  PlayState start;                      // at the first trick, its leader set
  std::vector<std::uint8_t> held_legal;  // by trick: 1 where proven
  PlayState end;                        // after the last trick, once attribute() has read them all
  bool read_all = false;
  bool leader_named = false;  // a trick read names its leader

  [[nodiscard]] bool proven(std::size_t t) const { return t < held_legal.size() && held_legal[t] != 0; }
};

// One attributed play of a hand.
struct Play {
  int seat = -1;
  Card card;
  Loc loc;
  int trick = 0;  // 0-based
};

}  // namespace

// What a ruleset asks of the referee that it does not read yet: a deal in
// two parts, courts, or a revoke forfeit.
std::optional<std::string_view> unrefereed(const Ruleset& r) {
  // Courts need sides; a revoke forfeit is read for the partnership games.
  if (r.scoring == ScoringKind::kCourts && r.partnership == Partnership::kNone) {
    return "courts without partnerships";
  }
  if (r.revoke_penalty == RevokePenalty::kForfeitHand && r.partnership == Partnership::kNone) {
    return "a revoke that forfeits the hand without partnerships";
  }
  return std::nullopt;
}

namespace {

class GameReferee {
 public:
  GameReferee(const Game& g, const Ruleset& r, DiagnosticSink& sink, RefereeOptions options)
      : g_(g), r_(r), sink_(sink), phases_(hand_phases(r)), summaries_(options.hand_summaries) {
    n_ = static_cast<int>(g.players.size());
    for (const auto& p : g.players) {
      names_.push_back(clip(p));
    }
    // Room for a whole deck's plays once, not grown again in every game's first hand.
    plays_.reserve(64);
  }

  RefereeResult run() {
    RefereeResult out;
    if (n_ != r_.players) {
      report(Code::kSchema, g_.player_locs.empty() ? g_.loc : g_.player_locs.front(), say::player_count(r_, n_));
      return out;
    }
    if (const auto missing = unrefereed(r_)) {
      // The hand machine plays these games (simulate), but the referee
      // does not read their records yet: say so once, rather than judge
      // an auction or courts by the quota games' rules.
      report(Code::kRuleset, g_.ruleset_loc.known() ? g_.ruleset_loc : g_.loc,
             say::not_refereed_yet(r_, *missing));
      return out;
    }
    if (g_.teams && r_.partnership == Partnership::kNone) {
      report(Severity::kWarning, Code::kUnknownKey, g_.teams_loc, say::unused_game_key(r_, "teams", "fixed partnerships"));
    }
    game_ = start_game(r_);
    make_sides(out);
    // In a record in progress the last hand begun may be unfinished, and so
    // may the hands after it, which hold nothing yet (`trickref new` writes
    // the hands of an evening ahead, their dealers filled in).
    std::size_t open_from = g_.hands.empty() ? 0 : g_.hands.size() - 1;
    while (open_from > 0 && !g_.hands[open_from].begun) {
      --open_from;
    }
    // Without summaries (RefereeOptions), every hand writes the one
    // summary nobody reads, where nothing it is given is kept.
    HandSummary unread;
    if (summaries_) {
      out.hands.reserve(g_.hands.size());
    }
    for (std::size_t i = 0; i < g_.hands.size(); ++i) {
      const HandRec& h = g_.hands[i];
      hand_ = h.number;
      open_ = g_.in_progress && i >= open_from;
      HandSummary& s = summaries_ ? out.hands.emplace_back() : (unread = HandSummary{});
      referee_hand(h, s);
      if (stop_) {
        if (summaries_) {
          out.hands.pop_back();  // the hand could not be refereed at all (no dealer): nothing to show
        }
        break;
      }
    }
    hand_ = 0;
    out.refereed = !stop_;
    out.state = game_;
    out.outcome = outcome();
    check_result(out.outcome);
    return out;
  }

 private:
  // ------------------------------------------------------------ reporting
  Diagnostic& report(Code code, Loc loc, std::string message) {
    auto& d = sink_.report(code, loc, std::move(message));
    d.hand = hand_;
    d.trick = trick_;
    d.phase = phase_;
    return d;
  }
  Diagnostic& report(Severity sev, Code code, Loc loc, std::string message) {
    auto& d = report(code, loc, std::move(message));
    d.severity = sev;
    return d;
  }
  // Whether `seat` takes the kitty after the exchange, so a card they play
  // may have come from it rather than from the hand they plucked with.
  bool kitty_after_exchange(int seat) const {
    return takes_kitty(r_, dealer_, seat) && r_.exchange_when == ExchangeWhen::kBeforeTrump;
  }

  // A Violation from the hand machine, worded (referee/messages.cpp) and
  // located; the player is the one at fault, the card the one at fault or
  // else the one that proves it.
  Diagnostic& say(const Violation& v, Loc loc) {
    auto& d = report(v.code, loc, message(v, words()));
    return about(d, name(v.seat), v.card ? v.card : v.evidence);
  }

  // What a message may name (referee/messages.h).
  Wording words() const { return Wording{&r_, &names_, dealer_, hand_state_.exchange.tie_from, &game_.deltas}; }

  // A player as messages name them: clipped (base/text.h), so a long name
  // cannot swell every diagnostic.
  const std::string& name(int seat) const { return names_[static_cast<std::size_t>(seat)]; }
  // How a card came to where it was dealt: "to Ann", "to the kitty" (empty: not dealt).
  std::string how(const CardOrigin& o) const {
    return o.seat >= 0 ? "to " + name(o.seat) : o.seat == -1 ? std::string("to the kitty") : std::string();
  }
  static Diagnostic& about(Diagnostic& d, const std::string& player, std::optional<Card> card = std::nullopt) {
    d.player = player;
    if (card) {
      d.card = card;
    }
    return d;
  }

  // ----------------------------------------------------------------- hand
  // Referees hand `h` into `sum`, a new summary.
  void referee_hand(const HandRec& h, HandSummary& sum) {
    sum.number = h.number;
    unfinished_.clear();
    sum.courts = r_.scoring == ScoringKind::kCourts;
    phase_ = phase::kTotals;
    trick_ = 0;
    const bool by_side = r_.partnership != Partnership::kNone;  // maps may name one player of a side
    taken_ = by_side ? nullptr : per_seat(h.taken, "taken");
    points_ = per_seat(h.points, "points");
    score_ = by_side ? nullptr : per_seat(h.score, "score");
    phase_ = phase::kDealer;
    check_game_keys(h);
    // Dealer and rotation (§2.8, §4: report once, continue from the recorded dealer).
    const int expected = prev_dealer_ < 0 ? -1 : next_dealer(game_, prev_dealer_);
    int dealer = expected;
    if (h.dealer && h.dealer->ok()) {
      dealer = h.dealer->seat;
      if (expected >= 0 && dealer != expected && dealer_known_) {
        const std::string msg =
            r_.rotation == Rotation::kByResult
                ? say::wrong_dealer_by_result(words(), h.number, dealer, prev_dealer_, expected,
                                              policy::dealer_rule(r_, game_, prev_dealer_))
                : say::wrong_dealer(words(), h.number, dealer, prev_dealer_, expected);
        about(report(Code::kWrongDealer, h.dealer->loc, msg), name(dealer));
      }
    }
    if (dealer < 0) {
      stop_ = true;  // no dealer for the first hand: already a schema error
      return;
    }
    if (ended_at_ > 0 && !past_end_reported_) {
      past_end_reported_ = true;
      report(Code::kPlayedPastEnd, h.loc, say::played_past_end(words(), h.number, end_winners_, ended_at_));
    }
    dealer_ = dealer;
    sum.dealer = dealer;
    sum.trump = h.trump;
    if (h.plucks) {
      sum.plucks = static_cast<int>(h.plucks->size());
    }
    // The hand's phases, in the ruleset's order, through the hand machine.
    rec_ = &h;
    sum_ = &sum;
    start_hand(hand_state_, game_, h.number, dealer);
    if (summaries_) {
      sum.quota.assign(hand_state_.quota.begin(), hand_state_.quota.begin() + n_);
    }
    run_hand(hand_state_, *this);
    prev_dealer_ = dealer;
  }

 public:
  // ------------------------------------------- the phases (run_hand calls)
  void deal(HandState& m) {
    check_deal(*rec_, m);
    // Attribute the plays first: the exchange can then be checked against
    // hands worked back from the plays when no deal is recorded.
    plays_.clear();
    discard_known_ = false;
    contract_known_ = true;
    if (!m.auctioned) {
      attributable_ = attribute(*rec_, m);
    }
  }

  void exchange(HandState& m) {
    check_exchange(*rec_, m);
    if (summaries_) {
      count_plucks(*rec_, m, *sum_);
    }
    check_show(*rec_, m);
  }

  void trump(HandState& m) {
    const HandRec& h = *rec_;
    phase_ = phase::kTrump;
    if (h.tricks && !h.tricks->empty() && !h.trump && !h.trump_bad) {
      report(Code::kTrumpMissing, h.tricks_loc, say::trump_missing(h.number));
    }
    if (h.trump) {
      apply_trump(m, *h.trump);
    }
    if (h.trump_by) {
      if (const auto v = check_trump(m, h.trump_by->seat)) {
        say(*v, h.trump_by->loc);
      }
    }
    if (sum_->courts) {
      sum_->trump_by = trump_namer(m);
    }
  }

  void kitty(HandState& m) {
    if (m.discard_apart) {
      take_kitty_phase(m);
    } else {
      check_discard(*rec_, m);  // the dealer takes and discards in one phase
    }
  }

  // The auction (call-deuces.md §2.2, §4): every call checked and made as
  // recorded, then the recorded contract checked against it; without calls
  // the recorded contract is the one played. The plays are attributed once
  // the bidder, who leads, is known.
  void auction(HandState& m) {
    const HandRec& h = *rec_;
    phase_ = phase::kAuction;
    sum_->auction = true;
    if (h.bids) {
      run_calls(*h.bids, m);
    }
    check_contract(h, m);
    sum_->void_hand = m.void_hand;
    if (contract_known_ && !m.void_hand) {
      sum_->bidder = m.auction.bidder;
      sum_->bid = m.auction.high;
    }
    attributable_ = contract_known_ && !m.void_hand && attribute(h, m);
  }

  // Court Piece's deal in two parts: run() refuses its rulesets before any
  // hand (unrefereed), so this is never reached.
  void deal_rest(HandState& /*m*/) {}

  // The bidder's discard after taking the kitty (call-deuces.md §2.3).
  void discard(HandState& m) { check_discard(*rec_, m); }

  void play(HandState& m) {
    const HandRec& h = *rec_;
    played_taken_.reset();
    if (h.trump && attributable_) {
      for (const Meant& x : meant_) {
        sum_->read_as.push_back(ReadAs{x.trick, x.index, x.card});
      }
      played_taken_ = check_plays(h, m);
    } else if (h.tricks && h.trump) {
      check_trick_count(h);
    }
  }

  void count(HandState& m) {
    phase_ = phase::kTotals;
    trick_ = 0;
    if (open_ && unfinished_.empty() && (!rec_->tricks || rec_->tricks->empty()) && !rec_->taken && !rec_->points &&
        !m.void_hand) {
      unfinished(say::kNoTricksYet);
    }
    if (!unfinished_.empty()) {
      // The record is still being kept: what the hand lacks is not a fault,
      // and it is not counted (the running score stays the last finished hand's).
      sum_->unfinished = true;
      report(Severity::kNote, Code::kIncomplete, rec_->loc, say::hand_unfinished(rec_->number, unfinished_));
      return;
    }
    if (m.auctioned) {
      count_contract(*rec_, m, *sum_);
      return;
    }
    if (sum_->courts) {
      count_courts(*rec_, m, *sum_);
      return;
    }
    // The played counts are not read again this hand: taken, not copied.
    auto used = settle_taken(m, std::exchange(played_taken_, std::nullopt));
    std::optional<HandTally> t;
    if (used) {
      std::array<int, kMaxPlayers> taken{};
      std::copy(used->begin(), used->end(), taken.begin());
      t = tally(m, taken);
    }
    sum_->taken = std::move(used);
    score_hand(*rec_, t, *sum_);
  }

 private:
  // Plucks made and suffered per seat, for the standings.
  void count_plucks(const HandRec& h, const HandState& m, HandSummary& sum) const {
    std::vector<int> made(static_cast<std::size_t>(n_), 0);
    std::vector<int> suffered(static_cast<std::size_t>(n_), 0);
    if (h.plucks) {
      for (const auto& p : *h.plucks) {
        if (p.by.ok() && p.from.ok()) {
          ++made[static_cast<std::size_t>(p.by.seat)];
          ++suffered[static_cast<std::size_t>(p.from.seat)];
        }
      }
    } else if (!m.exchange.before_first) {
      if (!m.exchange.owed_known) {
        return;
      }
      for (int i = 0; i < m.exchange.n_owed; ++i) {
        const auto& o = m.exchange.owed[static_cast<std::size_t>(i)];
        made[static_cast<std::size_t>(o.by)] += o.count;
        suffered[static_cast<std::size_t>(o.from)] += o.count;
      }
    }
    sum.plucks_made = std::move(made);
    sum.plucks_suffered = std::move(suffered);
  }

  // ----------------------------------------------------------------- deal
  // Where `card` was first dealt in the hand being refereed, as check_deal
  // reads the deal: its first token, by seat and then the kitty, as a card
  // of the deck (seat -2: not dealt). Looked up when a message names it,
  // rather than noted for every card dealt (1% of an archive's refereeing).
  [[nodiscard]] CardOrigin origin(Card card) const {
    const HandRec& h = *rec_;
    if (!r_.deck.contains(card)) {
      return {};
    }
    if (h.deal) {
      for (int s = 0; s < n_; ++s) {
        for (const auto& c : (*h.deal)[static_cast<std::size_t>(s)]) {
          if (c.card == card) {
            return CardOrigin{c.loc, s};
          }
        }
      }
    }
    if (h.kitty) {
      for (const auto& c : *h.kitty) {
        if (c.card == card) {
          return CardOrigin{c.loc, -1};
        }
      }
    }
    return {};
  }

  // The recorded deal through the engine's deal clauses (engine/deal.h),
  // its faults worded here.
  void check_deal(const HandRec& h, HandState& m) {
    phase_ = phase::kDeal;
    DealWritten written;
    deal_cards_.clear();
    if (h.deal) {
      written.seats = n_;
      for (int s = 0; s < n_; ++s) {
        const auto& cards = (*h.deal)[static_cast<std::size_t>(s)];
        written.seat_size[static_cast<std::size_t>(s)] = static_cast<int>(cards.size());
        for (const auto& c : cards) {
          deal_cards_.push_back(c.card);
        }
      }
    }
    if (h.kitty) {
      written.kitty_size = static_cast<int>(h.kitty->size());
      for (const auto& c : *h.kitty) {
        deal_cards_.push_back(c.card);
      }
    }
    written.cards = deal_cards_;
    DealRead read;
    read.known = m.known;
    found_.clear();
    trickref::check_deal(r_, dealer_, written, read, found_);
    for (const Violation& v : found_) {
      const std::string who = v.seat >= 0 ? name(v.seat) : std::string("the kitty");
      const std::string player = v.seat >= 0 ? who : std::string();
      if (v.code == Code::kHandSize) {
        if (v.seat >= 0) {
          about(report(Code::kHandSize, h.deal_seat_locs[static_cast<std::size_t>(v.seat)],
                       say::hand_size(words(), v.seat, v.count)),
                player);
        } else {
          report(Code::kHandSize, h.kitty_loc, say::kitty_size(r_, v.count));
        }
        continue;
      }
      const Loc loc = deal_entry(h, v.entry).loc;
      if (v.code == Code::kNotInDeck) {
        about(report(Code::kNotInDeck, loc, say::not_in_deck_dealt(r_, *v.card, who)), player, *v.card);
      } else {
        const CardOrigin first = origin(*v.card);
        auto& d = report(Code::kDuplicateCard, loc, say::duplicate_card(*v.card, who, how(CardOrigin{first.loc, v.other})));
        about(d, player, *v.card);
        d.notes.push_back(Note{say::first_dealt_here(*v.card), first.loc});
      }
    }
    m.hands = read.hands;
    m.known = read.known;
    m.kitty_known = read.kitty.has_value();
    m.kitty = read.kitty.value_or(CardSet());
  }

  // Entry `i` of the deal as check_deal reads it: the seats' cards, then the kitty's.
  static const CardRef& deal_entry(const HandRec& h, int i) {
    auto k = static_cast<std::size_t>(i);
    if (h.deal) {
      for (const auto& cards : *h.deal) {
        if (k < cards.size()) {
          return cards[k];
        }
        k -= cards.size();
      }
    }
    return (*h.kitty)[k];
  }

  // ------------------------------------------------- attribution of plays
  // Works out who played each card (leaders from the rules, explicit leaders
  // taken as recorded). Returns false when the plays cannot be attributed.
  bool attribute(const HandRec& h, const HandState& m) {
    const Hands& hold = m.hands;
    const auto& known = m.known;
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
    // The recorded deal moved through the recorded plucks: used to find the
    // first leader and to decide who really led a trick with a wrong leader.
    const bool recorded = h.deal.has_value() && !exchange_unknown(h);
    const Hands fwd = recorded ? hands_after_exchange_forward(h, hold) : Hands{};
    std::array<bool, kMaxPlayers> usable{};
    const int taker = kitty_taker(m);  // their hand changes with the kitty
    for (int s = 0; s < n_; ++s) {
      usable[static_cast<std::size_t>(s)] = recorded && known[static_cast<std::size_t>(s)] && s != taker;
    }
    // Every hand at play known (the taker's too, through the kitty and the
    // recorded discard): only then can a trick's order or a card's slip be
    // decided (trick-order; a mistyped card).
    Hands at_play = fwd;
    bool all_known = recorded;
    for (int s = 0; s < n_; ++s) {
      if (s == taker && recorded && known[static_cast<std::size_t>(s)] && m.kitty_known && h.discard &&
          std::all_of(h.discard->begin(), h.discard->end(), [](const CardRef& c) { return c.card.has_value(); })) {
        auto& hand = at_play[static_cast<std::size_t>(s)];
        hand |= m.kitty;
        for (const auto& c : *h.discard) {
          hand.erase(*c.card);
        }
      } else if (!usable[static_cast<std::size_t>(s)]) {
        all_known = false;
      }
    }
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
      phase_ = phase::kTricks;
      trick_ = 1;
      report(Code::kSchema, tricks[0].loc, say::first_leader_unknown(r_, h.number));
      trick_ = 0;
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
      if (whole && played_as_written(s, tr, static_cast<int>(t))) {
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
  int conflicts(const PlayState& s, const TrickRec& tr, int leader, const std::array<bool, kMaxPlayers>& usable) const {
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

  // Whether trick `t`'s cards, as written from its leader on, are each held
  // and legal (plays_clean): the way nearly every trick of an archive is
  // read. Where they are, each is its seat's play, and the trick is played
  // into `s` (the play at the start of the trick) and finished; where not,
  // nothing is attributed and `s` is as it was (take_back_trick). This is
  // plays_in_order from 0 with each play attributed as it is made: calling
  // it with a callback, or attributing after it from the play, cost 1.4%
  // and 1.7% more instructions over an archive.
  bool played_as_written(PlayState& s, const TrickRec& tr, int t) {
    const bool broken = s.broken;
    const std::size_t before = plays_.size();
    for (int i = 0; i < n_; ++i) {
      const int seat = s.to_play();
      const CardRef& ref = tr.cards[static_cast<std::size_t>(i)];
      const Card c = *ref.card;
      if (!plays_clean(s, seat, c)) {
        take_back_trick(s, broken);
        plays_.resize(before);
        return false;
      }
      apply_play(s, seat, c);
      plays_.push_back(Play{seat, c, ref.loc, t});
    }
    finish_trick(s);
    return true;
  }

  // Whether the trick's cards, read from written index `start` on in play
  // order from the leader, are each held and legal (plays_clean). They are
  // played into `s`, the play at the start of the trick: where they are
  // not, `s` is given back as it was (take_back_trick).
  bool plays_in_order(PlayState& s, const TrickRec& tr, int start) const {
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
  int play_order_start(PlayState& s, const TrickRec& tr) const {
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
  std::optional<Card> meant_card(const PlayState& s, int seat, const std::string& typed,
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
  bool rest_is_held(PlayState s, int seat, Card c, const std::vector<TrickRec>& tricks, std::size_t t,
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
  const Meant* meant_entry(int t, int k) const {
    for (const auto& m : meant_) {
      if (m.trick == t && m.index == k) {
        return &m;
      }
    }
    return nullptr;
  }
  std::optional<Card> meant_at(int t, int k) const {
    const Meant* m = meant_entry(t, k);
    return m != nullptr ? std::optional<Card>(m->card) : std::nullopt;
  }

  // True when owed plucks were not recorded, so the hands at play are unknown.
  bool exchange_unknown(const HandRec& h) const {
    if (h.plucks) {
      return false;
    }
    if (h.number < r_.exchange_from_hand) {
      return false;
    }
    if (!game_.deltas_known) {
      return true;
    }
    return std::any_of(game_.deltas.begin(), game_.deltas.begin() + n_, [](int d) { return d != 0; });
  }

  // The recorded hands moved through the recorded plucks (no checks).
  Hands hands_after_exchange_forward(const HandRec& h, Hands hold) const {
    if (h.plucks) {
      std::array<bool, kMaxPlayers> all{};
      all.fill(true);
      for (const auto& p : *h.plucks) {
        move_pluck(hold, all, p.by.seat, p.from.seat, p.gives.card, gets_of(p));
      }
    }
    return hold;
  }

  static std::optional<Card> gets_of(const PluckRec& p) { return p.gets ? p.gets->card : std::nullopt; }

  // Hands at the start of play worked back from the plays: every card a
  // player plays in a complete hand was in their hand.
  std::optional<Hands> inferred_play_hands(const HandRec& h) const {
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

  // -------------------------------------------------------------- exchange
  void check_exchange(const HandRec& h, HandState& m) {
    phase_ = phase::kExchange;
    trick_ = 0;
    if (!h.plucks) {
      if (exchange_unknown(h)) {
        m.known.fill(false);  // cards moved in plucks nobody recorded
      }
      return;
    }
    // The hands at the exchange, as checked: the record's, or without a
    // deal, worked back from the plays (through the dealer's discard).
    HandState ex = m;
    if (!h.deal) {
      if (auto play = inferred_play_hands(h)) {
        Hands back = *play;
        bool ok = true;
        if (kitty_after_exchange(dealer_)) {
          if (h.discard && m.kitty_known) {
            auto& dh = back[static_cast<std::size_t>(dealer_)];
            for (const auto& c : *h.discard) {
              if (c.card) {
                dh.insert(*c.card);
              }
            }
            dh -= m.kitty;
          } else {
            ok = false;
          }
        }
        if (ok) {
          std::array<bool, kMaxPlayers> all{};
          all.fill(true);
          for (auto it = h.plucks->rbegin(); it != h.plucks->rend(); ++it) {
            move_pluck(back, all, it->by.seat, it->from.seat, gets_of(*it), it->gives.card);  // undone
          }
          ex.hands = back;
          ex.known.fill(true);
        }
      }
    }
    bool order_reported = false;
    std::vector<Violation> found;
    for (const auto& p : *h.plucks) {
      const int by = p.by.seat;
      const int from = p.from.seat;
      const std::optional<Card> gives = p.gives.card;
      const std::optional<Card> gets = gets_of(p);
      // Owed, and in turn? (rules.md §2.3)
      if (const auto v = check_pluck_turn(ex, by, from)) {
        if (v->code == Code::kPluckUnowed) {
          say(*v, p.loc);
        } else if (!order_reported) {
          order_reported = true;  // one pluck-order a hand
          say(*v, p.loc);
        }
      }
      // The cards given and given back.
      found.clear();
      check_pluck(ex, by, from, gives, gets, found);
      bool joker = false;
      for (const auto& v : found) {
        joker = joker || v.code == Code::kPluckJoker;
        say(v, v.clause == Clause::kJokerReturned ? p.gets->loc : p.gives.loc);
      }
      if (gives && !joker && !(p.gets && !p.gets->card)) {
        const Play* proven = ex.known[static_cast<std::size_t>(from)] || (gets && gets->suit() != gives->suit())
                                 ? nullptr
                                 : proven_higher(h, m, from, gives->suit(), gets);
        if (const auto v = check_return(ex, by, from, *gives, gets,
                                        proven ? std::optional<Card>(proven->card) : std::nullopt)) {
          auto& d = say(*v, p.gets ? p.gets->loc : p.loc);
          if (v->clause == Clause::kProvenHigher) {
            d.notes.push_back(Note{say::played_not_received(words(), from, proven->card, proven->trick + 1),
                                   proven->loc});
          }
        }
      }
      apply_pluck(ex, by, from, gives, gets);
      move_pluck(m.hands, m.known, by, from, gives, gets);
    }
    if (ex.exchange.owed_known && !ex.exchange.before_first) {
      for (int i = 0; i < ex.exchange.n_owed; ++i) {
        const auto& o = ex.exchange.owed[static_cast<std::size_t>(i)];
        if (plucks_left(ex, i) > 0 && open_ && (!h.tricks || h.tricks->empty())) {
          unfinished(say::kPlucksToMake);  // the exchange is still going on
        } else if (plucks_left(ex, i) > 0) {
          about(report(r_.waivable ? Severity::kWarning : Severity::kError, Code::kPluckMissing, h.plucks_loc,
                       say::pluck_missing(words(), o.by, o.from, ex.exchange.made[static_cast<std::size_t>(i)],
                                          o.count, h.number)),
                name(o.by));
        }
      }
    }
    m.exchange = ex.exchange;  // what was made and given back, for the show
  }

  // A card `seat` is proven to hold at the exchange without a recorded deal:
  // one it plays later in the hand that it did not receive in a pluck of the
  // hand (nor, as dealer, possibly from the kitty). The play of the highest
  // such card of `suit` above `than` (any, when `than` is empty), or null.
  const Play* proven_higher(const HandRec& h, const HandState& m, int seat, Suit suit,
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

  // ------------------------------------------------------------------ show
  void check_show(const HandRec& h, const HandState& m) {
    if (!r_.show_kitty || !h.shows || !h.plucks || !m.kitty_known) {
      return;
    }
    phase_ = phase::kTrump;
    std::array<CardSet, kMaxPlayers> shown{};
    for (const auto& s : *h.shows) {
      for (const auto& c : s.cards) {
        if (c.card) {
          shown[static_cast<std::size_t>(s.to.seat)].insert(*c.card);
        }
      }
    }
    for (int s = 0; s < n_; ++s) {
      const CardSet need = required_shows(m, s);
      const CardSet got = shown[static_cast<std::size_t>(s)];
      if (need != got) {
        // The card of the diagnostic is the card at fault: the first card
        // shown that should not have been, else the first one missing.
        const CardSet back = m.exchange.dealer_returned[static_cast<std::size_t>(s)];
        const CardSet extra = got - need;
        const CardSet missing = need - got;
        const std::optional<Card> at_fault = !extra.empty()     ? std::optional<Card>(*extra.begin())
                                             : !missing.empty() ? std::optional<Card>(*missing.begin())
                                                                : std::nullopt;
        about(report(Code::kShowMissing, h.shows_loc, say::show_missing(words(), s, back, need, got)), name(dealer_),
              at_fault);
        return;  // one show-missing naming the dealer
      }
    }
  }

  // --------------------------------------------------------------- discard
  void check_discard(const HandRec& h, HandState& m) {
    phase_ = phase::kTrump;
    const int taker = kitty_taker(m);
    if (taker < 0) {
      return;  // the phase is absent when nobody takes the kitty
    }
    const auto d = static_cast<std::size_t>(taker);
    if (!h.discard) {
      m.known[d] = false;
      return;
    }
    bool faulty = false;
    if (const auto v = check_discard_count(m, static_cast<int>(h.discard->size()))) {
      faulty = true;
      say(*v, h.discard_loc);
    }
    CardSet discarded;
    bool read = true;
    for (const auto& c : *h.discard) {
      if (!c.card) {
        read = false;
        continue;
      }
      // Not held is checked where the taker's hand is known (with the
      // kitty); what kitty.discard_forbid names, always.
      if (const auto v = trickref::check_discard(m, *c.card)) {
        faulty = true;
        say(*v, c.loc);
      }
      discarded.insert(*c.card);
    }
    discard_known_ = read;
    if (!m.kitty_known) {
      m.known[d] = false;
      if (read) {
        m.discard = discarded;  // what was laid away, for the partner and the points
      }
      return;
    }
    apply_kitty(m, discarded);
    if (faulty) {
      m.known[d] = false;  // which cards the taker kept cannot be known
    }
  }

  // The bidder takes the kitty into their hand (call-deuces.md §2.3); the
  // discard follows in its own phase. Where the kitty is not known, neither
  // is the bidder's hand from now on.
  void take_kitty_phase(HandState& m) {
    const int taker = kitty_taker(m);
    if (taker < 0) {
      return;
    }
    take_kitty(m);
    if (!m.kitty_known) {
      m.known[static_cast<std::size_t>(taker)] = false;
    }
  }

  // ------------------------------------------------ maps of player -> number
  // A recorded map the game reads per seat (taken, points, score): it must
  // name every player; one that does not is a `schema` error and is not used.
  const SeatNumbers* per_seat(const std::optional<SeatNumbers>& m, std::string_view what) {
    if (!m) {
      return nullptr;
    }
    for (int s = 0; s < n_; ++s) {
      if (!m->values[static_cast<std::size_t>(s)]) {
        report(Code::kSchema, m->loc, fmt::format("`{}` lacks {}", what, name(s)));
        return nullptr;
      }
    }
    return &*m;
  }

  // ------------------------------------------------------- keys of a game
  // Hand keys of another game (call-deuces.md §4, "Keys of other games"):
  // the loader reads them whatever the game; here, knowing it, those it has
  // no use for are unknown keys, as the format's other undefined keys.
  void check_game_keys(const HandRec& h) {
    for (const auto& [key, loc] : h.game_keys) {
      std::string_view lacks;
      if (key == "plucks" || key == "exchanges" || key == "shows") {
        lacks = phases_.has(Phase::kExchange) ? "" : "exchange of plucks";
      } else if (key == "bids" || key == "contract") {
        lacks = phases_.has(Phase::kAuction) ? "" : "auction";
      } else if (key == "partner") {
        lacks = r_.partner_by != PartnerBy::kNone ? "" : "partner for the bidder";
      } else if (key == "points") {
        lacks = r_.scoring == ScoringKind::kPoints ? "" : "points for cards";
      } else if (key == "trump_by" || key == "revoke_claim" || key == "early_court" || key == "streak") {
        lacks = r_.scoring == ScoringKind::kCourts ? "" : "courts";
      } else if (key == "kitty" || key == "discard") {
        lacks = r_.kitty > 0 ? "" : "kitty";
      }
      if (!lacks.empty()) {
        report(Severity::kWarning, Code::kUnknownKey, loc, say::unused_key(r_, key, lacks));
      }
    }
  }

  // ------------------------------------------------------------- auction
  // The recorded calls, in order: each checked by the machine (check_call)
  // and made as recorded (apply_call). A caller who is not named is the one
  // due (after the end, the next to the left); a call that is not a number
  // is bid-range and counts as a pass (call-deuces.md §4, settled readings).
  void run_calls(const std::vector<CallRec>& calls, HandState& m) {
    std::vector<CallSummary> out;
    out.reserve(calls.size());
    std::vector<Violation> found;
    int last = -1;
    Loc standing;  // where the bid that stands was called, for bid-too-low's note
    high_as_written_ = 0;
    for (const auto& c : calls) {
      int seat = c.caller ? c.caller->seat : m.auction.turn;
      if (seat < 0) {
        seat = left_of(last >= 0 ? last : dealer_, n_);
      }
      std::optional<int> bid;
      if (c.kind == CallRec::kBid) {
        // The hand machine's bids are ints: any out of range is a bid-range
        // whatever its size, worded with the number as written.
        bid = static_cast<int>(std::clamp<long long>(c.bid, -kFarBid, kFarBid));
      }
      found.clear();
      check_call(m, seat, bid, found);
      bool worded = false;
      for (const auto& v : found) {
        if (c.kind == CallRec::kOther && !worded && v.code != Code::kBidOutOfTurn) {
          worded = true;
          about(report(Code::kBidRange, c.loc, say::call_not_a_number(words(), seat, c.text)), name(seat));
        }
        const Loc at = c.caller ? c.caller->loc : c.loc;
        auto& d = v.code == Code::kBidRange && c.kind == CallRec::kBid
                      ? about(report(v.code, at, say::bid_out_of_range(words(), seat, c.bid)), name(seat))
                      : say(v, at);
        if (v.code == Code::kBidTooLow && standing.known()) {
          d.notes.push_back(Note{say::bid_here(words(), v.other, v.standing), standing});
        }
      }
      if (c.kind == CallRec::kOther && !worded) {
        about(report(Code::kBidRange, c.loc, say::call_not_a_number(words(), seat, c.text)), name(seat));
      }
      const int held_by = m.auction.bidder;
      const int high = m.auction.high;
      apply_call(m, seat, bid);
      if (m.auction.bidder != held_by || m.auction.high != high) {
        standing = c.loc;
        high_as_written_ = c.bid;
      }
      out.push_back(CallSummary{seat, c.kind == CallRec::kBid ? std::optional<long long>(c.bid) : std::nullopt});
      last = seat;
    }
    if (!m.auction.over()) {
      if (open_ && (!rec_->tricks || rec_->tricks->empty())) {
        unfinished(say::kAuctionGoingOn);
      }
      close_auction(m);  // the record stops before the rules end it: the highest bid wins
    }
    sum_->bids = std::move(out);
  }

  // The recorded contract: checked against the auction where calls are
  // recorded, else the one played (a score sheet). Neither: the hand cannot
  // be scored.
  void check_contract(const HandRec& h, HandState& m) {
    if (!h.contract) {
      if (!h.bids) {
        contract_known_ = false;
        if (open_ && !h.contract_bad) {
          unfinished(say::kNoContractYet);
        } else if (!h.contract_bad) {
          report(Code::kSchema, h.loc, say::contract_unknown(h.number));
        }
      }
      return;
    }
    const ContractRec& c = *h.contract;
    const int rec_bidder = c.none ? -1 : c.bidder->seat;
    const long long rec_bid = c.none ? 0 : *c.bid;
    if (h.bids) {
      const int bidder = m.void_hand ? -1 : m.auction.bidder;
      if (rec_bidder != bidder || (bidder >= 0 && rec_bid != high_as_written_)) {
        auto& d = report(Code::kContractMismatch, c.loc,
                         say::contract_mismatch(words(), rec_bidder, rec_bid, bidder, high_as_written_));
        if (rec_bidder >= 0) {
          d.player = name(rec_bidder);
        }
      }
      return;
    }
    const Bidding& range = r_.bidding;
    if (rec_bidder >= 0 && (rec_bid < range.min || rec_bid > range.max)) {
      // No auction gives a contract out of the range of bids (call-deuces.md §2.2).
      about(report(Code::kBidRange, c.bid_loc, say::contract_out_of_range(words(), rec_bidder, rec_bid)),
            name(rec_bidder));
    }
    m.auction.turn = -1;
    m.auction.bidder = rec_bidder;
    m.auction.high = static_cast<int>(std::clamp<long long>(rec_bid, -kFarBid, kFarBid));
    close_auction(m);
  }

  // -------------------------------------------------- contract and points
  // Who held the partner card, as the record proves it (call-deuces.md §4,
  // "Partner proof"): a play of it, a recorded discard holding it, the deal
  // (in the kitty: the bidder), or, every trick recorded and no discard, its
  // never being played (so discarded). Absent when nothing proves it.
  struct Holder {
    int seat = -1;
    say::PartnerProof how = say::PartnerProof::kPlayed;
    Loc loc;
  };
  std::optional<Holder> partner_holder(const HandRec& h, const HandState& m, bool all_played) const {
    if (!h.trump) {
      return std::nullopt;
    }
    const Card card = partner_card(m);
    const int bidder = m.auction.bidder;
    for (const auto& p : plays_) {
      if (p.card == card) {
        return Holder{p.seat, say::PartnerProof::kPlayed, p.loc};
      }
    }
    if (h.discard && discard_known_ && m.discard.contains(card)) {
      Loc loc = h.discard_loc;
      for (const auto& c : *h.discard) {
        if (c.card == card) {
          loc = c.loc;
        }
      }
      return Holder{bidder, say::PartnerProof::kDiscarded, loc};
    }
    const CardOrigin dealt = origin(card);
    if (dealt.loc.known() && dealt.seat >= -1) {
      return dealt.seat >= 0 ? Holder{dealt.seat, say::PartnerProof::kDealt, dealt.loc}
                             : Holder{bidder, say::PartnerProof::kInKitty, dealt.loc};
    }
    if (all_played && !h.discard) {
      return Holder{bidder, say::PartnerProof::kNeverPlayed, h.tricks_loc};
    }
    return std::nullopt;
  }

  // Where the counting cards a player's points include were won (and, for
  // the bidder, laid away).
  void points_notes(Diagnostic& d, const HandRec& h, const HandState& m, int seat, bool discard) {
    const auto counts = [&](Card c) { return r_.card_points[static_cast<std::size_t>(c.index())] != 0; };
    for (const auto& p : plays_) {
      if (counts(p.card) && m.won[static_cast<std::size_t>(seat)].contains(p.card)) {
        d.notes.push_back(Note{say::won_in_trick(words(), seat, p.card, p.trick + 1), p.loc});
      }
    }
    if (discard && h.discard) {
      for (const auto& c : *h.discard) {
        if (c.card && counts(*c.card)) {
          d.notes.push_back(Note{say::discarded_here(words(), seat, *c.card), c.loc});
        }
      }
    }
  }

  // Recorded points the tricks do not give (a score sheet): any that no
  // play of the hand could give (call-deuces.md §4, engine/points_possible.h).
  void check_sheet_points(const HandState& m, const std::optional<std::vector<int>>& taken) {
    PointsClaim claim;
    claim.bidder = m.auction.bidder;
    std::vector<long long> recorded;
    for (int s = 0; s < n_; ++s) {
      const auto i = static_cast<std::size_t>(s);
      claim.points[i] = points_->values[i];
      recorded.push_back(*points_->values[i]);
      if (taken) {
        claim.taken[i] = (*taken)[i];
      }
    }
    for (const Violation& v : check_points_possible(r_, claim, hand_).found) {
      const Loc loc = v.seat >= 0 ? points_->locs[static_cast<std::size_t>(v.seat)] : points_->loc;
      auto& d = report(Code::kPointsImpossible, loc, say::points_impossible(words(), v, recorded));
      if (v.seat >= 0) {
        about(d, name(v.seat));
      }
    }
  }

  // The count of a hand with a contract (call-deuces.md §2.6, §2.7, §4):
  // the tricks, the partner, each player's points (from the tricks where all
  // are recorded, else as recorded), then the scores.
  void count_contract(const HandRec& h, HandState& m, HandSummary& sum) {
    points_mismatch_ = false;
    taken_mismatch_.assign(static_cast<std::size_t>(n_), false);
    if (m.void_hand) {
      // Everyone passed: nothing was played, nothing scores (call-deuces.md §4).
      if (h.tricks && !h.tricks->empty()) {
        report(Code::kNoContract, h.tricks_loc, say::no_contract(h.number, static_cast<long long>(h.tricks->size())));
      }
      adds_up_ = true;
      score_hand(h, tally(m, {}), sum);
      return;
    }
    if (!contract_known_) {
      adds_up_ = false;
      score_hand(h, std::nullopt, sum);
      return;
    }
    const auto used = settle_taken(m, played_taken_);
    sum.taken = used;
    std::array<int, kMaxPlayers> taken{};
    if (used) {
      std::copy(used->begin(), used->end(), taken.begin());
    }
    const bool all_played = played_taken_.has_value();
    if (all_played && !h.discard) {
      // Every trick recorded: the cards never played are the discard.
      CardSet played;
      for (const auto& p : plays_) {
        played.insert(p.card);
      }
      const CardSet rest = r_.deck - played;
      if (rest.size() == r_.kitty_discard) {
        m.discard = rest;
        discard_known_ = true;
      }
    }
    // The partner: proven, else as recorded.
    const int bidder = m.auction.bidder;
    std::optional<int> partner;
    if (m.policies.partners->in_hand == nullptr) {
      partner = -1;  // partner.by none: the bidder always plays alone
    }
    std::optional<int> recorded;
    if (h.partner) {
      recorded = h.partner->player && h.partner->player->seat != bidder ? h.partner->player->seat : -1;
    }
    if (!partner) {
      if (const auto holder = partner_holder(h, m, all_played)) {
        // call-deuces.md §2.4: the holder partners the bidder; a bidder who
        // holds it, or laid it away (the holder of a discard), is solo.
        partner = holder->seat == bidder ? -1 : holder->seat;
        if (recorded && *recorded != *partner) {
          auto& d = report(Code::kPartnerMismatch, h.partner->loc,
                           say::partner_mismatch(words(), bidder, *recorded, *partner, partner_card(m), holder->how,
                                                 holder->seat));
          about(d, name(bidder), partner_card(m));
          d.notes.push_back(Note{say::partner_evidence(words(), partner_card(m), holder->how, holder->seat),
                                 holder->loc});
        }
      } else {
        partner = recorded;
      }
    }
    m.partner = partner.value_or(-1);
    sum.partner = partner;
    // The points: from the tricks where every trick and the discard are known.
    HandTally t = tally(m, taken);
    std::optional<std::vector<int>> points;
    const bool discard_counts = r_.discard_to == DiscardTo::kBidder;
    if (all_played && (discard_known_ || !discard_counts)) {
      points = std::vector<int>(t.points.begin(), t.points.begin() + n_);
      if (points_) {
        for (int s = 0; s < n_; ++s) {
          const auto i = static_cast<std::size_t>(s);
          const long long rec = *points_->values[i];
          if (rec != t.points[i]) {
            points_mismatch_ = true;
            auto& d = about(report(Code::kPointsMismatch, points_->locs[i],
                                   say::points_mismatch(words(), s, rec, t.points[i], taken[i], m.won[i],
                                                        s == bidder && discard_counts ? m.discard : CardSet())),
                            name(s));
            points_notes(d, h, m, s, s == bidder && discard_counts);
          }
        }
      }
    } else if (points_) {
      check_sheet_points(m, used);
      points.emplace();
      for (int s = 0; s < n_; ++s) {
        const auto v = *points_->values[static_cast<std::size_t>(s)];
        points->push_back(static_cast<int>(std::min<long long>(v, 1'000'000)));
        t.points[static_cast<std::size_t>(s)] = points->back();
      }
    }
    sum.points = points;
    if (points && partner) {
      t.partner = *partner;
      sum.made = contract_made(t);
    }
    if (!partner && score_) {
      report(Code::kSchema, h.loc, say::partner_unknown(words(), h.number, bidder));
    }
    adds_up_ = adds_up_ && points && partner;
    score_hand(h, points && partner ? std::optional<HandTally>(t) : std::nullopt, sum);
  }

  // ------------------------------------------------------------- sides
  // The fixed sides (court-piece.md §2) and their names: the record's
  // `teams` where they match the seating, else the players joined with " & ".
  void make_sides(RefereeResult& out) {
    if (r_.partnership == Partnership::kNone) {
      return;
    }
    side_index_.assign(static_cast<std::size_t>(n_), -1);
    std::vector<int> ids;
    for (int s = 0; s < n_; ++s) {
      const int id = game_.policies.partners->side(r_, s);
      auto it = std::find(ids.begin(), ids.end(), id);
      if (it == ids.end()) {
        ids.push_back(id);
        out.sides.emplace_back();
        it = ids.end() - 1;
      }
      const auto k = static_cast<std::size_t>(it - ids.begin());
      out.sides[k].push_back(s);
      side_index_[static_cast<std::size_t>(s)] = static_cast<int>(k);
    }
    side_ids_ = ids;
    for (const auto& seats : out.sides) {
      std::vector<std::string> names;
      for (int s : seats) {
        names.push_back(name(s));
      }
      out.side_names.push_back(fmt::format("{}", fmt::join(names, " & ")));
    }
    team_side_.clear();
    if (g_.teams) {
      std::vector<std::string> named = out.side_names;
      bool ok = g_.teams->size() == out.sides.size();
      for (const auto& t : *g_.teams) {
        std::vector<int> seats;
        for (const auto& p : t.players) {
          seats.push_back(p.seat);
        }
        std::sort(seats.begin(), seats.end());
        int found = -1;
        for (std::size_t k = 0; k < out.sides.size(); ++k) {
          if (out.sides[k] == seats) {
            found = static_cast<int>(k);
          }
        }
        team_side_.push_back(found);
        if (found < 0) {
          if (ok) {
            phase_ = phase::kGame;
            report(Code::kTeamMismatch, t.loc, say::team_mismatch(words(), clip(t.name), seats));
          }
          ok = false;
        } else {
          named[static_cast<std::size_t>(found)] = clip(t.name);
        }
      }
      if (ok) {
        out.side_names = named;
      }
    }
    side_names_ = out.side_names;
  }

  int side_at(int seat) const { return side_index_[static_cast<std::size_t>(seat)]; }

  // The side a key of a per-side map stands for: a player's, or a team's.
  struct SideEntry {
    int side = -1;
    long long value = 0;
    Loc loc;
  };
  std::vector<SideEntry> side_entries(const SeatNumbers& m) const {
    std::vector<SideEntry> out;
    for (int s = 0; s < n_; ++s) {
      if (const auto& v = m.values[static_cast<std::size_t>(s)]) {
        out.push_back(SideEntry{side_at(s), *v, m.locs[static_cast<std::size_t>(s)]});
      }
    }
    for (const auto& t : m.sides) {
      const auto i = static_cast<std::size_t>(t.team);
      if (i < team_side_.size() && team_side_[i] >= 0) {
        out.push_back(SideEntry{team_side_[i], t.value, t.loc});
      }
    }
    return out;
  }

  // ------------------------------------------------------------- courts
  // The count of a courts hand (court-piece.md §3.3-§3.5, §5): the tricks
  // as played (up to the hand's end), else the recorded `taken` read as a
  // score sheet; the hand's winner, its courts and the streak; then the
  // recorded taken, score and streak checked per side.
  void count_courts(const HandRec& h, HandState& m, HandSummary& sum) {
    phase_ = phase::kTotals;
    trick_ = 0;
    const std::size_t sides = side_names_.size();
    std::optional<HandTally> tallied;
    std::vector<int> side_taken(sides, 0);
    if (h.tricks && attributable_ && h.trump) {
      const auto counted = tricks_counted(m);
      std::array<int, kMaxPlayers> taken{};
      for (int s = 0; s < n_; ++s) {
        taken[static_cast<std::size_t>(s)] = counted[static_cast<std::size_t>(s)];
        side_taken[static_cast<std::size_t>(side_at(s))] += counted[static_cast<std::size_t>(s)];
      }
      check_side_taken(h, counted, side_taken);
      tallied = tally(m, taken);
      sum.tricks_played = std::min(tricks_in_hand(m), static_cast<int>(h.tricks->size()));
    } else if (h.taken) {
      tallied = sheet_tally(h, m, side_taken);
      sum.tricks_played = std::accumulate(side_taken.begin(), side_taken.end(), 0);
    }
    if (!tallied) {
      // Who won cannot be known: nor the next dealer, nor the courts from here.
      dealer_known_ = false;
      game_.score_known = false;
      return;
    }
    dealer_known_ = true;
    const HandTally& t = *tallied;
    sum.side_taken = side_taken;
    sum.winner_side = t.winner_side < 0 ? -1 : side_of_id(t.winner_side);
    sum.end = hand_ended(m, t);
    const auto before = game_.score;
    count_hand(game_, t);
    sum.courts_won.assign(sides, 0);
    for (std::size_t k = 0; k < sides; ++k) {
      const auto first = static_cast<std::size_t>(first_seat(static_cast<int>(k)));
      sum.courts_won[k] = static_cast<int>(game_.score[first] - before[first]);
    }
    if (game_.streak_side >= 0) {
      sum.streak = std::pair(side_of_id(game_.streak_side), game_.streak);
    }
    if (!game_.score_known) {
      return;
    }
    std::vector<long long> score(sides);
    for (std::size_t k = 0; k < sides; ++k) {
      score[k] = game_.score[static_cast<std::size_t>(first_seat(static_cast<int>(k)))];
    }
    sum.side_score = score;
    sum.score = running();
    if (h.score) {
      std::vector<long long> rec_prev = recorded_side_prev_.value_or(std::vector<long long>(sides, -1));
      std::vector<long long> rec_now(sides, -1);
      for (const auto& e : side_entries(*h.score)) {
        const auto k = static_cast<std::size_t>(e.side);
        rec_now[k] = e.value;
        if (e.value == score[k]) {
          continue;
        }
        if (recorded_side_prev_ && rec_prev[k] >= 0 && e.value == rec_prev[k] + sum.courts_won[k]) {
          continue;  // carries an earlier wrong total forward: reported there
        }
        const long long was = before[static_cast<std::size_t>(first_seat(e.side))];
        report(Code::kScoreMismatch, e.loc,
               say::side_score_mismatch(side_names_[k], h.number, e.value, score[k], was, sum.courts_won[k]));
      }
      recorded_side_prev_ = rec_now;
    } else {
      recorded_side_prev_.reset();
    }
    if (h.streak) {
      const int streak_side = game_.streak_side >= 0 ? side_of_id(game_.streak_side) : -1;
      for (const auto& e : side_entries(*h.streak)) {
        const long long truth = e.side == streak_side ? game_.streak : 0;
        if (e.value != truth) {
          report(Code::kScoreMismatch, e.loc,
                 say::streak_mismatch(h.number, side_names_[static_cast<std::size_t>(e.side)], e.value,
                                      streak_side >= 0 ? side_names_[static_cast<std::size_t>(streak_side)] : "",
                                      game_.streak));
        }
      }
    }
    if (ended_at_ == 0 && game_ends(game_, t)) {
      ended_at_ = h.number;
      end_score_ = running();
      std::array<int, kMaxPlayers> w{};
      end_winners_.assign(w.begin(), w.begin() + game_winners(game_, t, w));
      end_recorded_.reset();
    }
  }

  // The side index of a side id of the partner policy (its first seat).
  int side_of_id(int id) const {
    const auto it = std::find(side_ids_.begin(), side_ids_.end(), id);
    return it == side_ids_.end() ? -1 : static_cast<int>(it - side_ids_.begin());
  }
  int first_seat(int side) const { return side_ids_[static_cast<std::size_t>(side)]; }

  // Recorded `taken` against the tricks as played (court-piece.md §5): a
  // side with both players named is compared player by player, a side with
  // one player (or its team name) as the side's total.
  void check_side_taken(const HandRec& h, const std::array<int, kMaxPlayers>& counted,
                        const std::vector<int>& side_taken) {
    if (!h.taken) {
      return;
    }
    std::vector<int> named(side_names_.size(), 0);
    for (int s = 0; s < n_; ++s) {
      named[static_cast<std::size_t>(side_at(s))] += h.taken->values[static_cast<std::size_t>(s)] ? 1 : 0;
    }
    for (int s = 0; s < n_; ++s) {
      const auto& v = h.taken->values[static_cast<std::size_t>(s)];
      if (!v) {
        continue;
      }
      const auto k = static_cast<std::size_t>(side_at(s));
      const bool whole = named[k] >= 2;
      const long long truth = whole ? counted[static_cast<std::size_t>(s)] : side_taken[k];
      if (*v != truth) {
        about(report(Code::kTakenMismatch, h.taken->locs[static_cast<std::size_t>(s)],
                     whole ? say::taken_mismatch(words(), s, *v, truth)
                           : say::side_taken_mismatch(side_names_[k], *v, truth)),
              name(s));
      }
    }
    for (const auto& t : h.taken->sides) {
      const auto i = static_cast<std::size_t>(t.team);
      if (i < team_side_.size() && team_side_[i] >= 0) {
        const auto k = static_cast<std::size_t>(team_side_[i]);
        if (t.value != side_taken[k]) {
          report(Code::kTakenMismatch, t.loc, say::side_taken_mismatch(side_names_[k], t.value, side_taken[k]));
        }
      }
    }
  }

  // A score-sheet hand of courts (court-piece.md §5, "Score sheets"): the
  // tricks per side from `taken`, read as the rules end a hand. Absent when
  // a side's tricks are not recorded.
  std::optional<HandTally> sheet_tally(const HandRec& h, HandState& m, std::vector<int>& side_taken) {
    std::vector<std::optional<long long>> per(side_names_.size());
    std::vector<int> named(side_names_.size(), 0);
    std::vector<long long> sum(side_names_.size(), 0);
    for (int s = 0; s < n_; ++s) {
      if (const auto& v = h.taken->values[static_cast<std::size_t>(s)]) {
        const auto k = static_cast<std::size_t>(side_at(s));
        ++named[k];
        sum[k] += *v;
      }
    }
    for (std::size_t k = 0; k < per.size(); ++k) {
      if (named[k] > 0) {
        per[k] = sum[k];
      }
    }
    for (const auto& e : side_entries(*h.taken)) {
      if (named[static_cast<std::size_t>(e.side)] == 0) {
        per[static_cast<std::size_t>(e.side)] = e.value;
      }
    }
    long long total = 0;
    for (std::size_t k = 0; k < per.size(); ++k) {
      if (!per[k]) {
        return std::nullopt;
      }
      side_taken[k] = static_cast<int>(std::clamp<long long>(*per[k], 0, 1'000'000));
      total += side_taken[k];
    }
    HandTally t;
    t.players = n_;
    t.dealer = m.dealer;
    for (std::size_t k = 0; k < per.size(); ++k) {
      t.taken[static_cast<std::size_t>(first_seat(static_cast<int>(k)))] = side_taken[k];
    }
    const int e = r_.early_court_tricks;
    const int all = r_.tricks_per_hand();
    auto early_allowed = [&](std::size_t k) { return policy::early_court_allowed(m, first_seat(static_cast<int>(k))); };
    auto other = [&](std::size_t k) { return side_taken[1 - k]; };
    if (h.revoke_claim) {
      t.forfeit_side = first_seat(side_at(h.revoke_claim->player.seat));
      t.winner_side = first_seat(1 - side_at(h.revoke_claim->player.seat));
      return t;
    }
    for (std::size_t k = 0; k < 2 && per.size() == 2; ++k) {
      const int mine = side_taken[k];
      if (early_allowed(k) && other(k) == 0 && mine == e && total == e &&
          r_.after_early_court != AfterEarlyCourt::kPlayOn) {
        t.early_court_side = t.winner_side = first_seat(static_cast<int>(k));  // abandoned after the early court
        return t;
      }
      if (early_allowed(k) && other(k) == 0 && mine == all && total == all) {
        t.early_court_side = t.winner_side = first_seat(static_cast<int>(k));
        if (r_.after_early_court == AfterEarlyCourt::kAbandon) {
          past_end_ = true;
          report(Code::kTricksPastEnd, h.taken->loc,
                 say::tricks_past_end(h.number, all, e, "an early court"));
        } else {
          t.all_tricks = true;
        }
        return t;
      }
    }
    if (h.early_court) {
      const int k = side_at(h.early_court->seat);
      t.early_court_side = t.winner_side = first_seat(k);
      t.all_tricks = side_taken[static_cast<std::size_t>(k)] == all;
    } else if (r_.stop_at_majority && per.size() == 2 && total >= e && total <= all &&
               (side_taken[0] == all / 2 + 1 || side_taken[1] == all / 2 + 1)) {
      t.winner_side = first_seat(side_taken[0] == all / 2 + 1 ? 0 : 1);
      m.end = HandEnd::kMajority;
      return t;
    }
    if (total != all) {
      report(Code::kTricksTotal, h.taken->loc, say::tricks_total(r_, total));
    }
    if (t.winner_side < 0 && per.size() == 2 && side_taken[0] != side_taken[1]) {
      t.winner_side = first_seat(side_taken[0] > side_taken[1] ? 0 : 1);
    }
    return t;
  }

  // ------------------------------------------------------- the hand's end
  // Whether the hand ends after trick `done` (1-based), in trick order
  // (court-piece.md §5, "How a hand ends"): a revoke that forfeits, proven
  // or claimed, at its trick; an early court (under `either` the record
  // shows the choice: more tricks recorded, it was played on); a majority
  // where the house stops there. Tricks recorded past an early court or a
  // majority are one `tricks-past-end`.
  bool ends_here(const HandRec& h, HandState& m, int done) {
    if (r_.revoke_penalty == RevokePenalty::kForfeitHand) {
      if (revoke_trick_ == done) {
        forfeit(m, revoke_seat_, done);
        return true;
      }
      if (h.revoke_claim && h.revoke_claim->trick == done) {
        forfeit(m, h.revoke_claim->player.seat, done);
        return true;
      }
    }
    if (!hand_ends_after_trick(m)) {
      return false;
    }
    const bool early = policy::early_court_side(m) >= 0;
    const auto recorded = static_cast<int>(h.tricks->size());
    if (early && r_.after_early_court == AfterEarlyCourt::kEither && recorded > done) {
      return false;  // the winners chose to play on
    }
    end_hand_at(m, done);
    m.end = early ? HandEnd::kEarlyCourt : HandEnd::kMajority;
    if (recorded > done) {
      past_end_ = true;
      phase_ = phase::kTricks;
      trick_ = done + 1;
      report(Code::kTricksPastEnd, (*h.tricks)[static_cast<std::size_t>(done)].loc,
             say::tricks_past_end(h.number, recorded, done, early ? "an early court" : "a side had a majority"));
    }
    return true;
  }

  // The side of `seat` forfeits the hand at trick `done` (penalty.revoke: forfeit_hand).
  void forfeit(HandState& m, int seat, int done) {
    forfeit_trick_ = done;
    m.forfeit_side = side_of(m, seat);
    m.end = HandEnd::kRevoke;
    end_hand_at(m, done);
  }

  // A recorded revoke_claim the record does not show (court-piece.md §5).
  void check_claim(const HandRec& h) {
    if (!h.revoke_claim || claim_shown_ || r_.revoke_penalty != RevokePenalty::kForfeitHand) {
      return;
    }
    const auto& c = *h.revoke_claim;
    phase_ = phase::kTotals;
    trick_ = 0;
    const bool reached = h.tricks && static_cast<int>(h.tricks->size()) >= c.trick;
    about(report(Code::kRevokeClaimUnfounded, c.loc, say::revoke_claim_unfounded(words(), c.player.seat, c.trick, reached)),
          name(c.player.seat));
  }

  // The last hand of an in-progress record lacks `what` yet: noted once (the
  // first thing found), at the count, instead of a fault.
  void unfinished(std::string_view what) {
    if (unfinished_.empty()) {
      unfinished_ = std::string(what);
    }
  }

  // ----------------------------------------------------------------- plays
  void check_trick_count(const HandRec& h, int ended_after = 0, bool early_court = false) {
    phase_ = phase::kTotals;
    trick_ = 0;
    const int due = ended_after > 0 ? ended_after : r_.tricks_per_hand();
    if (open_ && static_cast<int>(h.tricks->size()) < due) {
      unfinished(say::tricks_so_far(static_cast<long long>(h.tricks->size()), due));
      return;
    }
    if (static_cast<int>(h.tricks->size()) != due) {
      report(Code::kTrickCount, h.tricks_loc,
             say::trick_count(r_, h.number, static_cast<long long>(h.tricks->size()), ended_after, early_court));
    }
  }

  std::optional<std::vector<int>> check_plays(const HandRec& h, HandState& m) {
    const auto& tricks = *h.tricks;
    const Hands& hold = m.hands;
    const auto& known = m.known;
    // Seats whose hand is known from the record use it; the others use the
    // cards they go on to play (a lower bound that proves revokes).
    Hands start{};
    std::array<bool, kMaxPlayers> forward{};
    bool all_forward = true;
    for (int s = 0; s < n_; ++s) {
      const auto i = static_cast<std::size_t>(s);
      forward[i] = known[i];
      all_forward = all_forward && known[i];
      if (known[i]) {
        start[i] = hold[i];
      }
    }
    if (!all_forward) {
      for (const auto& p : plays_) {
        if (!forward[static_cast<std::size_t>(p.seat)]) {
          start[static_cast<std::size_t>(p.seat)].insert(p.card);
        }
      }
    }
    phase_ = phase::kTricks;
    m.hands = start;
    // Who holds the first-lead card: from the record's hands, else (a lower
    // bound, the cards each goes on to play) whoever plays it, who held it
    // from the start of play.
    int expected_first = first_leader(m, true);
    if (expected_first < 0 && !leaders_.empty() && !(*h.tricks)[0].leader) {
      expected_first = leaders_[0];  // found from the recorded deal
    }
    start_play(m, 0);
    PlayState& s = m.play;
    not_held_ = CardSet();
    std::array<int, 64> played_in{};
    std::array<Loc, 64> played_loc{};
    played_in.fill(-1);
    bool first_lead_reported = false;
    bool complete = true;
    revoke_trick_ = 0;
    revoke_seat_ = -1;
    forfeit_trick_ = 0;
    claim_shown_ = false;
    past_end_ = false;
    std::size_t pi = 0;
    // At attribute()'s play at the start of the trick (LegalTricks): every
    // trick so far proven and skipped, from the same first play.
    bool in_step = true;
    const PluckHolders pinned = pluck_holders(h, forward);
    const bool whole = !pinned.contradicted && proven_throughout(tricks, m);
    // (Proven throughout, a trick is only looked at for the leader it names.)
    for (std::size_t t = 0; t < (whole && !legal_.leader_named ? 0 : tricks.size()); ++t) {
      trick_ = static_cast<int>(t) + 1;
      const auto& tr = tricks[t];
      // (Proven throughout: the play is attribute()'s, and the trick's
      // winner led the next.)
      const int due = t == 0 ? expected_first : whole ? legal_.end.won_by[(t - 1) & 63] : s.leader;
      const int leader = leaders_[t];
      if (tr.leader && due >= 0 && tr.leader->seat != due) {
        const int named = tr.leader->seat;
        if (t == 0) {
          first_lead_reported = true;
          auto& d = about(report(Code::kFirstLead, tr.leader->loc, say::first_leader(words(), named, due)), name(named));
          if (r_.first_lead == FirstLead::kCard && !forward[static_cast<std::size_t>(due)]) {
            evidence_note(d, due, r_.first_lead_card, forward);  // where the holder played it
          }
        } else {
          about(report(Code::kOutOfTurn, tr.leader->loc, say::out_of_turn(words(), named, static_cast<int>(t) + 1, due)),
                name(named));
        }
      }
      if (whole) {
        continue;
      }
      s.leader = leader;
      const bool sized = static_cast<int>(tr.cards.size()) == n_;
      // The last trick of an in-progress record, still being played: its
      // cards so far are checked, and it is not a trick-size.
      const bool partial = open_ && !sized && t + 1 == tricks.size() && static_cast<int>(tr.cards.size()) < n_;
      if (!sized) {
        complete = false;
        if (partial) {
          unfinished(say::trick_so_far(static_cast<int>(t) + 1, static_cast<long long>(tr.cards.size()), n_));
        } else {
          report(Code::kTrickSize, tr.loc,
                 say::trick_size(r_, static_cast<int>(t) + 1, static_cast<long long>(tr.cards.size())));
        }
      }
      const std::size_t count = std::min<std::size_t>(tr.cards.size(), static_cast<std::size_t>(n_));
      CardSet trick_cards;
      // trick-order (decided in attribute()): one diagnostic, and the trick
      // is played in play order, each card by the player who held it.
      const int first = t < rotations_.size() ? rotations_[t] : 0;
      if (first != 0) {
        std::vector<Card> in_order;
        for (std::size_t i = 0; i < count; ++i) {
          in_order.push_back(*tr.cards[(static_cast<std::size_t>(first) + i) % count].card);
        }
        const int from = ((leader - first) % n_ + n_) % n_;
        about(report(Code::kTrickOrder, tr.loc, say::trick_order(words(), static_cast<int>(t) + 1, from, leader, in_order)),
              name(leader));
      }
      // Every card of the trick held and legal, as attribute() found from
      // this same play: checked there, once.
      in_step = in_step && legal_.proven(t) && (t > 0 || same_trick_start(legal_.start, s));
      const bool proven = in_step && first == 0 && sized;
      in_step = proven;
      for (std::size_t i = 0; i < count; ++i, ++pi) {
        const std::size_t k = after(static_cast<std::size_t>(first), i, count);
        const CardRef& ref = tr.cards[k];
        const int seat = s.to_play();
        const Meant* meant = meant_entry(static_cast<int>(t), static_cast<int>(k));
        if (!ref.card) {
          // Not a card (bad-card, the loader's one diagnostic): it names the
          // card meant (attribute() found one for every token it let through).
          if (Diagnostic* d = meant != nullptr ? sink_.find(Code::kBadCard, ref.loc) : nullptr) {
            d->notes.push_back(Note{say::probably_meant(words(), seat, ref.text, meant->card, meant->keystroke), ref.loc});
          }
        } else if (const int holder = meant == nullptr ? pinned.holder(*ref.card, seat) : -1; holder >= 0) {
          pluck_not_held(seat, *ref.card, holder, pinned.last[static_cast<std::size_t>(ref.card->index())], ref.loc);
        } else if ((sized || partial) && !proven) {
          if (auto v = check_play(s, seat, *ref.card)) {
            v->hand = h.number;
            Diagnostic* d = play_fault(*v, s, ref, played_in, played_loc, forward, first_lead_reported);
            if (d != nullptr && meant != nullptr) {
              // A mistyped card: one diagnostic, naming the card meant after its evidence.
              d->notes.push_back(
                  Note{say::probably_meant(words(), seat, to_string(*ref.card), meant->card, meant->keystroke), ref.loc});
            }
          }
        }
        // The hand goes on with the card the player held, where it was mistyped (attribute()).
        Card c = meant != nullptr ? meant->card : *ref.card;
        if (!s.hands[static_cast<std::size_t>(seat)].contains(c)) {
          // Not held (or a repeat): whoever held it as recorded no longer does.
          for (int o = 0; o < n_; ++o) {
            s.hands[static_cast<std::size_t>(o)].erase(c);
          }
        }
        apply_play(s, seat, c);
        trick_cards.insert(c);
        if (played_in[static_cast<std::size_t>(c.index())] < 0) {
          played_in[static_cast<std::size_t>(c.index())] = static_cast<int>(t);
          played_loc[static_cast<std::size_t>(c.index())] = ref.loc;
        }
      }
      if (s.count > 0) {
        finish_trick(s);
        note_trick(m, trick_cards);  // its winner, and its cards where the scoring counts them
      }
      if (ends_here(h, m, static_cast<int>(t) + 1)) {
        break;  // the tricks after it are neither checked nor counted
      }
    }
    if (whole) {
      s = legal_.end;
    }
    trick_ = 0;
    if (h.revoke_claim && forfeit_trick_ == 0 && r_.revoke_penalty == RevokePenalty::kForfeitHand) {
      // A claim past the tricks recorded: the ruling stands at the last one.
      forfeit(m, h.revoke_claim->player.seat, static_cast<int>(tricks.size()));
    }
    check_claim(h);
    if (forfeit_trick_ == 0 && !past_end_) {
      check_trick_count(h, m.ended_after, policy::early_court_side(m) >= 0);
    }
    if (!complete || static_cast<int>(tricks.size()) != tricks_in_hand(m)) {
      return std::nullopt;
    }
    const auto taken = tricks_counted(m);
    return std::vector<int>(taken.begin(), taken.begin() + n_);
  }

  // Where the hand's plucks left the cards they moved: with whoever
  // received each last (move_pluck, rules.md §2.3). Without the deal, who
  // held a card is known only from the plays; a card the plucks left with
  // one player that another plays proves the pluck or the play wrong (the
  // pluckee plays the card it gave back, or the plucker's card goes to
  // someone else): `not-held`, with a note at the pluck.
  struct PluckHolders {
    Hands hands{};  // the cards each player received last in a pluck
    std::array<const PluckRec*, 64> last{};  // the pluck that moved each card last
    bool contradicted = false;
    // The player the plucks left `c` with, where `seat` (whose hand is not
    // known from the record) plays it and is not that player; else -1.
    [[nodiscard]] int holder(Card c, int seat) const {
      for (std::size_t o = 0; o < hands.size(); ++o) {
        if (hands[o].contains(c)) {
          return static_cast<int>(o) == seat ? -1 : static_cast<int>(o);
        }
      }
      return -1;
    }
  };
  [[nodiscard]] PluckHolders pluck_holders(const HandRec& h, const std::array<bool, kMaxPlayers>& forward) const {
    PluckHolders out;
    if (!h.plucks) {
      return out;
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
    return out;
  }
  // `p`: the last pluck that moved `c`.
  void pluck_not_held(int seat, Card c, int holder, const PluckRec* p, Loc loc) {
    Violation v = violation(Code::kNotHeld, Clause::kNone, hand_, seat);
    v.card = c;
    v.trick = trick_;
    auto& d = say_play(v, loc);
    if (p != nullptr) {
      const bool returned = gets_of(*p) == c;
      d.notes.push_back(Note{say::moved_in_pluck(words(), returned ? p->from.seat : p->by.seat, holder, c, returned),
                             returned ? p->gets->loc : p->gives.loc});
    }
  }

  // Whether attribute() proved every trick held and legal as written from
  // the play check_plays starts at (`m.play`), each of the hand's size, so
  // that the play after them is attribute()'s (LegalTricks::end) and no
  // card need be played again: where, besides, the hand cannot end before
  // its last trick (the hand-end policy, a revoke forfeit) and the scoring
  // does not count the cards won, nothing else happens between the tricks.
  [[nodiscard]] bool proven_throughout(const std::vector<TrickRec>& tricks, const HandState& m) const {
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

  // Reports a play's Violation: once per card (a card first reported as
  // not held is not a duplicate-play again), once per hand for the first
  // lead, and not-held only where the hand is known from the record; with
  // notes pointing at the evidence.
  Diagnostic* play_fault(Violation v, const PlayState& s, const CardRef& ref, const std::array<int, 64>& played_in,
                  const std::array<Loc, 64>& played_loc, const std::array<bool, kMaxPlayers>& forward,
                  bool& first_lead_reported) {
    const Card c = *v.card;
    const int seat = v.seat;
    switch (v.code) {
      case Code::kDuplicatePlay: {
        if (not_held_.contains(c)) {
          return nullptr;  // the first play of this card was already reported as not held
        }
        v.count = played_in[static_cast<std::size_t>(c.index())] + 1;
        auto& d = say_play(v, ref.loc);
        d.notes.push_back(Note{say::first_played_here(c),
                               played_loc[static_cast<std::size_t>(c.index())]});
        return &d;
      }
      case Code::kNotHeld: {
        if (!forward[static_cast<std::size_t>(seat)]) {
          return nullptr;
        }
        not_held_.insert(c);
        auto& d = say_play(v, ref.loc);
        for (int o = 0; o < n_; ++o) {
          if (s.hands[static_cast<std::size_t>(o)].contains(c)) {
            d.notes.push_back(Note{say::held_by(words(), c, o),
                                   origin(c).loc});
          }
        }
        return &d;
      }
      case Code::kFirstLead:
        if (!first_lead_reported) {
          first_lead_reported = true;
          return &say_play(v, ref.loc);
        }
        return nullptr;
      case Code::kRevoke: {
        // A revoke the table claimed (same player, same trick) was caught
        // and penalised: a warning (court-piece.md §5). Where a revoke
        // forfeits the hand, a proven one (or a claimed one) ends it.
        const auto& claim = rec_->revoke_claim;
        const bool claimed = claim && claim->player.seat == seat && claim->trick == trick_;
        auto& d = say_play(v, ref.loc);
        if (claimed) {
          d.severity = Severity::kWarning;
          claim_shown_ = true;
        }
        evidence_note(d, seat, *v.evidence, forward);
        if (r_.revoke_penalty == RevokePenalty::kForfeitHand && revoke_trick_ == 0 &&
            (claimed || r_.revoke_when == RevokeWhen::kProven)) {
          revoke_trick_ = trick_;
          revoke_seat_ = seat;
        }
        return &d;
      }
      case Code::kTrumpLead: {
        auto& d = say_play(v, ref.loc);
        evidence_note(d, seat, *v.evidence, forward);
        return &d;
      }
      default:
        return &say_play(v, ref.loc);
    }
  }

  // A play's Violation: the card of the diagnostic is the card played.
  Diagnostic& say_play(const Violation& v, Loc loc) {
    auto& d = say(v, loc);
    d.card = v.card;
    return d;
  }

  void evidence_note(Diagnostic& d, int seat, Card evidence, const std::array<bool, kMaxPlayers>& forward) {
    if (forward[static_cast<std::size_t>(seat)]) {
      const CardOrigin o = origin(evidence);
      if (o.loc.known()) {
        d.notes.push_back(Note{say::was_dealt(o.seat >= 0 ? name(o.seat) : o.seat == -1 ? "the kitty" : name(seat),
                                              evidence),
                               o.loc});
      }
      return;
    }
    for (const auto& p : plays_) {
      if (p.card == evidence && p.seat == seat) {
        d.notes.push_back(Note{say::played_later(words(), seat, evidence, p.trick + 1), p.loc});
        return;
      }
    }
  }

  // ----------------------------------------------------------------- totals
  std::optional<std::vector<int>> settle_taken(const HandState& m, std::optional<std::vector<int>> played) {
    taken_mismatch_.assign(static_cast<std::size_t>(n_), false);
    std::optional<std::vector<int>> used;
    bool adds_up = false;
    if (played) {
      used = std::move(played);
      adds_up = true;
      if (taken_) {
        for (int s = 0; s < n_; ++s) {
          const auto rec = *taken_->values[static_cast<std::size_t>(s)];
          const int got = (*used)[static_cast<std::size_t>(s)];
          if (rec != got) {
            taken_mismatch_[static_cast<std::size_t>(s)] = true;
            about(report(Code::kTakenMismatch, taken_->locs[static_cast<std::size_t>(s)],
                         say::taken_mismatch(words(), s, rec, got)),
                  name(s));
          }
        }
      }
    } else if (taken_) {
      std::vector<int> rec;
      long long total = 0;
      for (int s = 0; s < n_; ++s) {
        const auto v = *taken_->values[static_cast<std::size_t>(s)];
        total += v;
        rec.push_back(static_cast<int>(std::min<long long>(v, 1'000'000)));
      }
      used = std::move(rec);
      if (total != r_.tricks_per_hand()) {
        report(Code::kTricksTotal, taken_->loc, say::tricks_total(r_, total));
      } else {
        adds_up = true;
      }
    }
    adds_up_ = used && adds_up;
    (void)m;
    return used;
  }

  // Scores the hand from its tally (absent: the hand's figures cannot be
  // known, and neither can the scores from here on) and checks the recorded
  // running scores.
  void score_hand(const HandRec& h, const std::optional<HandTally>& tallied, HandSummary& sum) {
    const HandTally t = tallied.value_or(HandTally{});
    const auto before = game_.score;
    const bool scoring = tallied && game_.score_known;
    if (tallied) {
      count_hand(game_, t);  // scores, the next hand's deltas, the plucks tallied
    }
    game_.deltas_known = adds_up_;
    if (!scoring) {
      game_.score_known = false;
      sum.score.reset();
      if (score_) {
        recorded_prev_ = std::vector<long long>();
        for (const auto& v : score_->values) {
          recorded_prev_->push_back(*v);
        }
      }
      return;
    }
    if (summaries_) {
      sum.score = running();
    }
    if (score_) {
      // Written into the storage of the hand before last, so that a hand's
      // recorded scores take no allocation.
      std::vector<long long> rec = std::move(spare_scores_);
      rec.clear();
      for (int s = 0; s < n_; ++s) {
        const auto i = static_cast<std::size_t>(s);
        const long long r = *score_->values[i];
        rec.push_back(r);
        const long long truth = game_.score[i];
        if (r == truth) {
          continue;
        }
        const long long base = recorded_prev_ ? (*recorded_prev_)[i] : before[i];
        const long long points = hand_points(game_, t, s);
        if (recorded_prev_ && r == base + points) {
          continue;  // carries an earlier wrong total forward: reported there
        }
        if (taken_mismatch_[i] && taken_) {
          HandTally as_recorded = t;
          as_recorded.taken[i] = static_cast<int>(std::clamp<long long>(*taken_->values[i], -1'000'000, 1'000'000));
          if (r == base + hand_points(game_, as_recorded, s)) {
            continue;  // follows from the wrong trick count, reported as taken-mismatch
          }
        }
        if (points_mismatch_ && points_) {
          HandTally as_recorded = t;
          for (int p = 0; p < n_; ++p) {
            as_recorded.points[static_cast<std::size_t>(p)] = static_cast<int>(
                std::clamp<long long>(*points_->values[static_cast<std::size_t>(p)], -1'000'000, 1'000'000));
          }
          if (r == base + hand_points(game_, as_recorded, s)) {
            continue;  // follows from the wrong points, reported as points-mismatch
          }
        }
        about(report(Code::kScoreMismatch, score_->locs[i],
                     say::score_mismatch(words(), s, h.number, r, truth, before[i], points, t)),
              name(s));
      }
      if (recorded_prev_) {
        spare_scores_ = std::move(*recorded_prev_);
      }
      recorded_prev_ = std::move(rec);
    } else {
      recorded_prev_.reset();
    }
    if (ended_at_ == 0 && game_ends(game_, t)) {
      ended_at_ = h.number;
      end_score_ = running();
      std::array<int, kMaxPlayers> w{};
      end_winners_.assign(w.begin(), w.begin() + game_winners(game_, t, w));
      end_recorded_ = recorded_prev_;
    }
  }

  // The running scores, by seat.
  std::vector<long long> running() const { return {game_.score.begin(), game_.score.begin() + n_}; }

  GameOutcome outcome() const {
    GameOutcome o;
    if (ended_at_ > 0) {
      o.finished = true;
      o.winners = end_winners_;
      o.score = end_score_;
      o.decided_hand = ended_at_;
    } else if (!stop_ && game_.score_known) {
      o.score = running();
      std::array<int, kMaxPlayers> w{};
      int count = 0;
      // An in-progress record has not ended: the hands recorded are not the game yet.
      if (!g_.hands.empty() && !g_.in_progress && decided_by_record_end(game_, w, count)) {
        o.finished = true;  // the hands recorded are the game (court-piece.md §3.6)
        o.winners.assign(w.begin(), w.begin() + count);
        o.draw = count == 0;
        o.decided_hand = static_cast<int>(g_.hands.size());
      }
    }
    return o;
  }

  void check_result(const GameOutcome& o) {
    if (!g_.result) {
      return;
    }
    phase_ = phase::kResult;
    hand_ = 0;
    trick_ = 0;
    const auto& res = *g_.result;
    result_score_ = r_.partnership != Partnership::kNone ? nullptr : per_seat(res.score, "result score");
    if (!o.score) {
      return;  // the scores cannot be known from the record
    }
    const bool by_side = r_.partnership != Partnership::kNone;
    if (res.winners) {
      std::vector<int> rec;
      for (const auto& p : *res.winners) {
        rec.push_back(p.seat);
      }
      std::sort(rec.begin(), rec.end());
      // In a partnership game a side wins: naming one of its players names
      // the side (court-piece.md §3.6).
      auto sides_of = [&](const std::vector<int>& seats) {
        std::vector<int> out;
        for (int s : seats) {
          out.push_back(side_at(s));
        }
        std::sort(out.begin(), out.end());
        out.erase(std::unique(out.begin(), out.end()), out.end());
        return out;
      };
      std::vector<int> truth = o.winners;
      std::sort(truth.begin(), truth.end());
      if (by_side ? sides_of(rec) != sides_of(truth) : rec != truth) {
        NamedScores shown;
        std::string winners;
        if (by_side) {
          for (std::size_t k = 0; k < side_names_.size(); ++k) {
            shown.emplace_back(side_names_[k], (*o.score)[static_cast<std::size_t>(first_seat(static_cast<int>(k)))]);
          }
          for (int k : sides_of(truth)) {
            winners += (winners.empty() ? "" : " and ") + side_names_[static_cast<std::size_t>(k)];
          }
        } else {
          for (int s = 0; s < n_; ++s) {
            shown.emplace_back(name(s), (*o.score)[static_cast<std::size_t>(s)]);
          }
          for (int s : truth) {
            winners += (winners.empty() ? "" : " and ") + name(s);
          }
        }
        const std::string msg = o.finished ? say::wrong_winner(words(), rec, winners, shown, o.decided_hand)
                                           : say::winner_unfinished(words(), rec, shown);
        auto& d = report(Code::kWinnerMismatch, res.winner_loc, msg);
        if (!rec.empty()) {
          d.player = name(rec.front());
        }
      }
    }
    if (by_side && res.score) {
      // The final courts per side, where not already reported at the hand
      // that recorded them.
      for (const auto& e : side_entries(*res.score)) {
        const auto k = static_cast<std::size_t>(e.side);
        const long long truth = (*o.score)[static_cast<std::size_t>(first_seat(e.side))];
        if (e.value == truth || (recorded_side_prev_ && (*recorded_side_prev_)[k] == e.value)) {
          continue;
        }
        report(Code::kScoreMismatch, e.loc, say::final_courts_mismatch(side_names_[k], e.value, truth));
      }
    }
    if (result_score_) {
      for (int s = 0; s < n_; ++s) {
        const auto i = static_cast<std::size_t>(s);
        const long long r = *result_score_->values[i];
        if (r == (*o.score)[i]) {
          continue;
        }
        const auto& last = o.finished ? end_recorded_ : recorded_prev_;
        if (last && (*last)[i] == r) {
          continue;  // the recorded running total, already checked hand by hand
        }
        about(report(Code::kScoreMismatch, result_score_->locs[i], say::final_score_mismatch(words(), s, r, (*o.score)[i])),
              name(s));
      }
    }
  }

  // The recorded maps of the hand being refereed (and the result's score)
  // where the game reads them per seat: complete, else null.
  const SeatNumbers* taken_ = nullptr;
  const SeatNumbers* points_ = nullptr;
  const SeatNumbers* score_ = nullptr;
  const SeatNumbers* result_score_ = nullptr;
  std::vector<std::string> names_;  // name(seat)
  const Game& g_;
  const Ruleset& r_;
  DiagnosticSink& sink_;
  PhaseList phases_;
  int n_ = 0;
  int hand_ = 0;
  int trick_ = 0;
  std::uint8_t phase_ = phase::kGame;
  bool stop_ = false;
  bool open_ = false;       // the hand may be unfinished: the last begun of an in-progress record, or after it
  std::string unfinished_;  // what that hand lacks yet (empty: it is finished)
  int prev_dealer_ = -1;
  int dealer_ = 0;
  GameState game_;
  HandState hand_state_;
  const HandRec* rec_ = nullptr;  // the hand being refereed
  HandSummary* sum_ = nullptr;
  // Whether the caller reads the hands' summaries (RefereeOptions): where
  // not, the summary's lists are not made (the hand's quota, plucks and
  // running score); what a hand reads back of its summary is made always.
  const bool summaries_;
  bool attributable_ = false;
  bool adds_up_ = false;
  bool contract_known_ = true;  // the auction games: the hand's contract (or its voiding) is known
  // The courts games: the first revoke that forfeits (its 1-based trick and
  // seat), the trick the hand was forfeited at, whether the recorded claim
  // was shown by a revoke, tricks recorded past the end, and whether the
  // last hand's result (so the next dealer) is known.
  int revoke_trick_ = 0;
  int revoke_seat_ = -1;
  int forfeit_trick_ = 0;
  bool claim_shown_ = false;
  bool past_end_ = false;
  bool dealer_known_ = true;
  std::vector<int> side_index_;  // by seat: index into the sides
  std::vector<int> side_ids_;    // by side: the partner policy's id (its first seat)
  std::vector<int> team_side_;   // by `teams` entry: the side it matches, or -1
  std::vector<std::string> side_names_;
  std::optional<std::vector<long long>> recorded_side_prev_;
  bool discard_known_ = false;  // the discard was recorded and read
  long long high_as_written_ = 0;  // the auction's standing bid as the record wrote it
  bool points_mismatch_ = false;
  std::optional<std::vector<int>> played_taken_;
  std::optional<std::vector<long long>> recorded_prev_;
  std::vector<long long> spare_scores_;  // score_hand(): storage for the next hand's recorded scores
  std::optional<std::vector<long long>> end_recorded_;
  std::vector<bool> taken_mismatch_;
  std::vector<Play> plays_;
  std::vector<int> leaders_;  // who led each trick, as read
  // Per trick, the written index of the leader's card (trick-order: not 0
  // where the trick was written from the wrong seat).
  std::vector<int> rotations_;
  // The tricks attribute() found held and legal as written, and from what play.
  LegalTricks legal_;
  std::vector<Meant> meant_;  // mistyped cards
  std::vector<std::optional<Card>> deal_cards_;  // check_deal(): the deal as the engine reads it
  std::vector<Violation> found_;                 // check_deal(): its faults
  CardSet not_held_;
  int ended_at_ = 0;
  bool past_end_reported_ = false;
  std::vector<long long> end_score_;
  std::vector<int> end_winners_;
};

}  // namespace

RefereeResult referee(const Game& game, const Ruleset& rules, DiagnosticSink& sink, RefereeOptions options) {
  return GameReferee(game, rules, sink, options).run();
}

}  // namespace trickref
