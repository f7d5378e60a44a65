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
#include "referee/reading.h"

namespace trickref {
namespace {

// Bids past this are out of every range; the hand machine holds them as ints.
constexpr long long kFarBid = 1'000'000'000LL;

// Where each card came from, for notes pointing at the evidence (how it
// came is worded from the seat, GameReferee::how, only when a note needs it).
struct CardOrigin {
  Loc loc;
  int seat = -2;  // -1: the kitty; -2: not dealt
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

// The courts games: the first revoke that forfeits (its 1-based trick and
// seat), the trick the hand was forfeited at, whether the recorded claim
// was shown by a revoke, and tricks recorded past the end.
struct HandEnding {
  int revoke_trick = 0;
  int revoke_seat = -1;
  int forfeit_trick = 0;
  bool claim_shown = false;
  bool past_end = false;
};

// What the referee holds of the hand being refereed: one value, made fresh
// for each hand (nothing of it outlives the hand).
struct RefereedHand {
  const HandRec* rec = nullptr;  // the hand being refereed
  HandSummary* sum = nullptr;
  HandState machine;  // the hand machine's state
  // The recorded maps where the game reads them per seat: complete, else null.
  const SeatNumbers* taken = nullptr;
  const SeatNumbers* points = nullptr;
  const SeatNumbers* score = nullptr;
  bool open = false;       // the hand may be unfinished: the last begun of an in-progress record, or after it
  std::string unfinished;  // what that hand lacks yet (empty: it is finished)
  bool attributable = false;   // the plays were read (reading.h)
  bool adds_up = false;        // the tricks taken add up, so the next hand's plucks are known
  bool contract_known = true;  // the auction games: the hand's contract (or its voiding) is known
  bool discard_known = false;  // the discard was recorded and read
  long long high_as_written = 0;  // the auction's standing bid as the record wrote it
  bool points_mismatch = false;
  std::optional<std::vector<int>> played_taken;  // the tricks each took, as played
  std::vector<bool> taken_mismatch;              // by seat: the recorded taken differs from the played
  CardSet not_held;                              // cards reported not held
  HandEnding ending;  // the courts games: how the play ended
};

class GameReferee {
 public:
  GameReferee(const Game& g, const Ruleset& r, DiagnosticSink& sink, RefereeOptions options)
      : g_(g),
        r_(r),
        sink_(sink),
        phases_(hand_phases(r)),
        summaries_(options.hand_summaries),
        reading_(r, static_cast<int>(g.players.size())) {
    n_ = static_cast<int>(g.players.size());
    for (const auto& p : g.players) {
      names_.push_back(clip(p));
    }
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
      cur_ = RefereedHand{};
      cur_.open = g_.in_progress && i >= open_from;
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

  // A Violation from the hand machine, worded (referee/messages.cpp) and
  // located; the player is the one at fault, the card the one at fault or
  // else the one that proves it.
  Diagnostic& say(const Violation& v, Loc loc) {
    auto& d = report(v.code, loc, message(v, words()));
    return about(d, name(v.seat), v.card ? v.card : v.evidence);
  }

  // What a message may name (referee/messages.h).
  Wording words() const { return Wording{&r_, &names_, dealer_, cur_.machine.exchange.tie_from, &game_.deltas}; }

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
    sum.courts = r_.scoring == ScoringKind::kCourts;
    phase_ = phase::kTotals;
    trick_ = 0;
    const bool by_side = r_.partnership != Partnership::kNone;  // maps may name one player of a side
    cur_.taken = by_side ? nullptr : per_seat(h.taken, "taken");
    cur_.points = per_seat(h.points, "points");
    cur_.score = by_side ? nullptr : per_seat(h.score, "score");
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
    cur_.rec = &h;
    cur_.sum = &sum;
    start_hand(cur_.machine, game_, h.number, dealer);
    if (summaries_) {
      sum.quota.assign(cur_.machine.quota.begin(), cur_.machine.quota.begin() + n_);
    }
    run_hand(cur_.machine, *this);
    prev_dealer_ = dealer;
  }

 public:
  // ------------------------------------------- the phases (run_hand calls)
  void deal(HandState& m) {
    check_deal(*cur_.rec, m);
    // Attribute the plays first: the exchange can then be checked against
    // hands worked back from the plays when no deal is recorded.
    reading_.start_hand(dealer_, game_);
    cur_.discard_known = false;
    cur_.contract_known = true;
    if (!m.auctioned) {
      cur_.attributable = read_plays(*cur_.rec, m);
    }
  }

  // The hand's plays as read (referee/reading.h); where nobody can be known
  // to lead the first trick, that is a schema error and nothing is read.
  bool read_plays(const HandRec& h, const HandState& m) {
    if (reading_.attribute(h, m)) {
      return true;
    }
    if (reading_.first_leader_unknown()) {
      phase_ = phase::kTricks;
      trick_ = 1;
      report(Code::kSchema, (*h.tricks)[0].loc, say::first_leader_unknown(r_, h.number));
      trick_ = 0;
    }
    return false;
  }

  void exchange(HandState& m) {
    check_exchange(*cur_.rec, m);
    if (summaries_) {
      count_plucks(*cur_.rec, m, *cur_.sum);
    }
    check_show(*cur_.rec, m);
  }

  void trump(HandState& m) {
    const HandRec& h = *cur_.rec;
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
    if (cur_.sum->courts) {
      cur_.sum->trump_by = trump_namer(m);
    }
  }

  void kitty(HandState& m) {
    if (m.discard_apart) {
      take_kitty_phase(m);
    } else {
      check_discard(*cur_.rec, m);  // the dealer takes and discards in one phase
    }
  }

  // The auction (call-deuces.md §2.2, §4): every call checked and made as
  // recorded, then the recorded contract checked against it; without calls
  // the recorded contract is the one played. The plays are attributed once
  // the bidder, who leads, is known.
  void auction(HandState& m) {
    const HandRec& h = *cur_.rec;
    phase_ = phase::kAuction;
    cur_.sum->auction = true;
    if (h.bids) {
      run_calls(*h.bids, m);
    }
    check_contract(h, m);
    cur_.sum->void_hand = m.void_hand;
    if (cur_.contract_known && !m.void_hand) {
      cur_.sum->bidder = m.auction.bidder;
      cur_.sum->bid = m.auction.high;
    }
    cur_.attributable = cur_.contract_known && !m.void_hand && read_plays(h, m);
  }

  // Court Piece's deal in two parts: run() refuses its rulesets before any
  // hand (unrefereed), so this is never reached.
  void deal_rest(HandState& /*m*/) {}

  // The bidder's discard after taking the kitty (call-deuces.md §2.3).
  void discard(HandState& m) { check_discard(*cur_.rec, m); }

  void play(HandState& m) {
    const HandRec& h = *cur_.rec;
    cur_.played_taken.reset();
    if (h.trump && cur_.attributable) {
      for (const Meant& x : reading_.meant()) {
        cur_.sum->read_as.push_back(ReadAs{x.trick, x.index, x.card});
      }
      cur_.played_taken = check_plays(h, m);
    } else if (h.tricks && h.trump) {
      check_trick_count(h);
    }
  }

  void count(HandState& m) {
    phase_ = phase::kTotals;
    trick_ = 0;
    if (cur_.open && cur_.unfinished.empty() && (!cur_.rec->tricks || cur_.rec->tricks->empty()) && !cur_.rec->taken && !cur_.rec->points &&
        !m.void_hand) {
      unfinished(say::kNoTricksYet);
    }
    if (!cur_.unfinished.empty()) {
      // The record is still being kept: what the hand lacks is not a fault,
      // and it is not counted (the running score stays the last finished hand's).
      cur_.sum->unfinished = true;
      report(Severity::kNote, Code::kIncomplete, cur_.rec->loc, say::hand_unfinished(cur_.rec->number, cur_.unfinished));
      return;
    }
    if (m.auctioned) {
      count_contract(*cur_.rec, m, *cur_.sum);
      return;
    }
    if (cur_.sum->courts) {
      count_courts(*cur_.rec, m, *cur_.sum);
      return;
    }
    // The played counts are not read again this hand: taken, not copied.
    auto used = settle_taken(m, std::exchange(cur_.played_taken, std::nullopt));
    std::optional<HandTally> t;
    if (used) {
      std::array<int, kMaxPlayers> taken{};
      std::copy(used->begin(), used->end(), taken.begin());
      t = tally(m, taken);
    }
    cur_.sum->taken = std::move(used);
    score_hand(*cur_.rec, t, *cur_.sum);
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
    const HandRec& h = *cur_.rec;
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

  // -------------------------------------------------------------- exchange
  void check_exchange(const HandRec& h, HandState& m) {
    phase_ = phase::kExchange;
    trick_ = 0;
    if (!h.plucks) {
      if (reading_.exchange_unknown(h)) {
        m.known.fill(false);  // cards moved in plucks nobody recorded
      }
      return;
    }
    // The hands at the exchange, as checked: the record's, or without a
    // deal, worked back from the plays (through the dealer's discard).
    HandState ex = m;
    if (!h.deal) {
      if (auto play = reading_.inferred_play_hands(h)) {
        Hands back = *play;
        bool ok = true;
        if (reading_.kitty_after_exchange(dealer_)) {
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
                                 : reading_.proven_higher(h, m, from, gives->suit(), gets);
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
        if (plucks_left(ex, i) > 0 && cur_.open && (!h.tricks || h.tricks->empty())) {
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
    cur_.discard_known = read;
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
    cur_.high_as_written = 0;
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
        cur_.high_as_written = c.bid;
      }
      out.push_back(CallSummary{seat, c.kind == CallRec::kBid ? std::optional<long long>(c.bid) : std::nullopt});
      last = seat;
    }
    if (!m.auction.over()) {
      if (cur_.open && (!cur_.rec->tricks || cur_.rec->tricks->empty())) {
        unfinished(say::kAuctionGoingOn);
      }
      close_auction(m);  // the record stops before the rules end it: the highest bid wins
    }
    cur_.sum->bids = std::move(out);
  }

  // The recorded contract: checked against the auction where calls are
  // recorded, else the one played (a score sheet). Neither: the hand cannot
  // be scored.
  void check_contract(const HandRec& h, HandState& m) {
    if (!h.contract) {
      if (!h.bids) {
        cur_.contract_known = false;
        if (cur_.open && !h.contract_bad) {
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
      if (rec_bidder != bidder || (bidder >= 0 && rec_bid != cur_.high_as_written)) {
        auto& d = report(Code::kContractMismatch, c.loc,
                         say::contract_mismatch(words(), rec_bidder, rec_bid, bidder, cur_.high_as_written));
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
    for (const auto& p : reading_.plays()) {
      if (p.card == card) {
        return Holder{p.seat, say::PartnerProof::kPlayed, p.loc};
      }
    }
    if (h.discard && cur_.discard_known && m.discard.contains(card)) {
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
    for (const auto& p : reading_.plays()) {
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
      claim.points[i] = cur_.points->values[i];
      recorded.push_back(*cur_.points->values[i]);
      if (taken) {
        claim.taken[i] = (*taken)[i];
      }
    }
    for (const Violation& v : check_points_possible(r_, claim, hand_).found) {
      const Loc loc = v.seat >= 0 ? cur_.points->locs[static_cast<std::size_t>(v.seat)] : cur_.points->loc;
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
    cur_.points_mismatch = false;
    cur_.taken_mismatch.assign(static_cast<std::size_t>(n_), false);
    if (m.void_hand) {
      // Everyone passed: nothing was played, nothing scores (call-deuces.md §4).
      if (h.tricks && !h.tricks->empty()) {
        report(Code::kNoContract, h.tricks_loc, say::no_contract(h.number, static_cast<long long>(h.tricks->size())));
      }
      cur_.adds_up = true;
      score_hand(h, tally(m, {}), sum);
      return;
    }
    if (!cur_.contract_known) {
      cur_.adds_up = false;
      score_hand(h, std::nullopt, sum);
      return;
    }
    const auto used = settle_taken(m, cur_.played_taken);
    sum.taken = used;
    std::array<int, kMaxPlayers> taken{};
    if (used) {
      std::copy(used->begin(), used->end(), taken.begin());
    }
    const bool all_played = cur_.played_taken.has_value();
    if (all_played && !h.discard) {
      // Every trick recorded: the cards never played are the discard.
      CardSet played;
      for (const auto& p : reading_.plays()) {
        played.insert(p.card);
      }
      const CardSet rest = r_.deck - played;
      if (rest.size() == r_.kitty_discard) {
        m.discard = rest;
        cur_.discard_known = true;
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
    if (all_played && (cur_.discard_known || !discard_counts)) {
      points = std::vector<int>(t.points.begin(), t.points.begin() + n_);
      if (cur_.points) {
        for (int s = 0; s < n_; ++s) {
          const auto i = static_cast<std::size_t>(s);
          const long long rec = *cur_.points->values[i];
          if (rec != t.points[i]) {
            cur_.points_mismatch = true;
            auto& d = about(report(Code::kPointsMismatch, cur_.points->locs[i],
                                   say::points_mismatch(words(), s, rec, t.points[i], taken[i], m.won[i],
                                                        s == bidder && discard_counts ? m.discard : CardSet())),
                            name(s));
            points_notes(d, h, m, s, s == bidder && discard_counts);
          }
        }
      }
    } else if (cur_.points) {
      check_sheet_points(m, used);
      points.emplace();
      for (int s = 0; s < n_; ++s) {
        const auto v = *cur_.points->values[static_cast<std::size_t>(s)];
        points->push_back(static_cast<int>(std::min<long long>(v, 1'000'000)));
        t.points[static_cast<std::size_t>(s)] = points->back();
      }
    }
    sum.points = points;
    if (points && partner) {
      t.partner = *partner;
      sum.made = contract_made(t);
    }
    if (!partner && cur_.score) {
      report(Code::kSchema, h.loc, say::partner_unknown(words(), h.number, bidder));
    }
    cur_.adds_up = cur_.adds_up && points && partner;
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
    if (h.tricks && cur_.attributable && h.trump) {
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
    // Each clause as the court policies state it, over the sides' totals.
    const int e = r_.early_court_tricks;
    const int all = r_.tricks_per_hand();
    if (h.revoke_claim) {
      t.forfeit_side = side_of(m, h.revoke_claim->player.seat);
      t.winner_side = policy::forfeit_winner(m, t.forfeit_side);
      return t;
    }
    for (std::size_t k = 0; k < 2 && per.size() == 2; ++k) {
      const int side = first_seat(static_cast<int>(k));
      const auto shown = policy::early_court_by_totals(m, side, side_taken[k], side_taken[1 - k]);
      if (shown == policy::EarlyCourtShown::kNone) {
        continue;
      }
      t.early_court_side = t.winner_side = side;
      if (shown == policy::EarlyCourtShown::kStopped) {
        return t;  // abandoned after the early court
      }
      if (r_.after_early_court == AfterEarlyCourt::kAbandon) {
        cur_.ending.past_end = true;
        report(Code::kTricksPastEnd, h.taken->loc, say::tricks_past_end(h.number, all, e, "an early court"));
      } else {
        t.all_tricks = true;
      }
      return t;
    }
    if (h.early_court) {
      const int k = side_at(h.early_court->seat);
      t.early_court_side = t.winner_side = first_seat(k);
      t.all_tricks = side_taken[static_cast<std::size_t>(k)] == all;
    } else if (r_.stop_at_majority && per.size() == 2 && total >= e && total <= all &&
               (policy::stops_at_majority(r_, side_taken[0]) || policy::stops_at_majority(r_, side_taken[1]))) {
      t.winner_side = first_seat(policy::stops_at_majority(r_, side_taken[0]) ? 0 : 1);
      m.end = HandEnd::kMajority;
      return t;
    }
    if (total != all) {
      report(Code::kTricksTotal, h.taken->loc, say::tricks_total(r_, total));
    }
    if (t.winner_side < 0 && per.size() == 2) {
      t.winner_side = policy::most_tricks_side(m, t.taken);
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
      if (cur_.ending.revoke_trick == done) {
        forfeit(m, cur_.ending.revoke_seat, done);
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
      cur_.ending.past_end = true;
      phase_ = phase::kTricks;
      trick_ = done + 1;
      report(Code::kTricksPastEnd, (*h.tricks)[static_cast<std::size_t>(done)].loc,
             say::tricks_past_end(h.number, recorded, done, early ? "an early court" : "a side had a majority"));
    }
    return true;
  }

  // The side of `seat` forfeits the hand at trick `done` (penalty.revoke: forfeit_hand).
  void forfeit(HandState& m, int seat, int done) {
    cur_.ending.forfeit_trick = done;
    m.forfeit_side = side_of(m, seat);
    m.end = HandEnd::kRevoke;
    end_hand_at(m, done);
  }

  // A recorded revoke_claim the record does not show (court-piece.md §5).
  void check_claim(const HandRec& h) {
    if (!h.revoke_claim || cur_.ending.claim_shown || r_.revoke_penalty != RevokePenalty::kForfeitHand) {
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
    if (cur_.unfinished.empty()) {
      cur_.unfinished = std::string(what);
    }
  }

  // ----------------------------------------------------------------- plays
  void check_trick_count(const HandRec& h, int ended_after = 0, bool early_court = false) {
    phase_ = phase::kTotals;
    trick_ = 0;
    const int due = ended_after > 0 ? ended_after : r_.tricks_per_hand();
    if (cur_.open && static_cast<int>(h.tricks->size()) < due) {
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
      for (const auto& p : reading_.plays()) {
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
    if (expected_first < 0 && !reading_.leaders().empty() && !(*h.tricks)[0].leader) {
      expected_first = reading_.leaders()[0];  // found from the recorded deal
    }
    start_play(m, 0);
    PlayState& s = m.play;
    cur_.not_held = CardSet();
    std::array<int, 64> played_in{};
    std::array<Loc, 64> played_loc{};
    played_in.fill(-1);
    bool first_lead_reported = false;
    bool complete = true;
    cur_.ending.revoke_trick = 0;
    cur_.ending.revoke_seat = -1;
    cur_.ending.forfeit_trick = 0;
    cur_.ending.claim_shown = false;
    cur_.ending.past_end = false;
    std::size_t pi = 0;
    // At attribute()'s play at the start of the trick (LegalTricks): every
    // trick so far proven and skipped, from the same first play.
    bool in_step = true;
    const PluckHolders pinned = reading_.pluck_holders(h, forward);
    const bool whole = !pinned.contradicted && reading_.proven_throughout(tricks, m);
    // (Proven throughout, a trick is only looked at for the leader it names.)
    for (std::size_t t = 0; t < (whole && !reading_.legal().leader_named ? 0 : tricks.size()); ++t) {
      trick_ = static_cast<int>(t) + 1;
      const auto& tr = tricks[t];
      // (Proven throughout: the play is attribute()'s, and the trick's
      // winner led the next.)
      const int due = t == 0 ? expected_first : whole ? reading_.legal().end.won_by[(t - 1) & 63] : s.leader;
      const int leader = reading_.leaders()[t];
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
      const bool partial = cur_.open && !sized && t + 1 == tricks.size() && static_cast<int>(tr.cards.size()) < n_;
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
      const int first = t < reading_.rotations().size() ? reading_.rotations()[t] : 0;
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
      in_step = in_step && reading_.legal().proven(t) && (t > 0 || same_trick_start(reading_.legal().start, s));
      const bool proven = in_step && first == 0 && sized;
      in_step = proven;
      for (std::size_t i = 0; i < count; ++i, ++pi) {
        const std::size_t k = after(static_cast<std::size_t>(first), i, count);
        const CardRef& ref = tr.cards[k];
        const int seat = s.to_play();
        const Meant* meant = reading_.meant_entry(static_cast<int>(t), static_cast<int>(k));
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
      s = reading_.legal().end;
    }
    trick_ = 0;
    if (h.revoke_claim && cur_.ending.forfeit_trick == 0 && r_.revoke_penalty == RevokePenalty::kForfeitHand) {
      // A claim past the tricks recorded: the ruling stands at the last one.
      forfeit(m, h.revoke_claim->player.seat, static_cast<int>(tricks.size()));
    }
    check_claim(h);
    if (cur_.ending.forfeit_trick == 0 && !cur_.ending.past_end) {
      check_trick_count(h, m.ended_after, policy::early_court_side(m) >= 0);
    }
    if (!complete || static_cast<int>(tricks.size()) != tricks_in_hand(m)) {
      return std::nullopt;
    }
    const auto taken = tricks_counted(m);
    return std::vector<int>(taken.begin(), taken.begin() + n_);
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
        if (cur_.not_held.contains(c)) {
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
        cur_.not_held.insert(c);
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
        const auto& claim = cur_.rec->revoke_claim;
        const bool claimed = claim && claim->player.seat == seat && claim->trick == trick_;
        auto& d = say_play(v, ref.loc);
        if (claimed) {
          d.severity = Severity::kWarning;
          cur_.ending.claim_shown = true;
        }
        evidence_note(d, seat, *v.evidence, forward);
        if (r_.revoke_penalty == RevokePenalty::kForfeitHand && cur_.ending.revoke_trick == 0 &&
            (claimed || r_.revoke_when == RevokeWhen::kProven)) {
          cur_.ending.revoke_trick = trick_;
          cur_.ending.revoke_seat = seat;
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
    for (const auto& p : reading_.plays()) {
      if (p.card == evidence && p.seat == seat) {
        d.notes.push_back(Note{say::played_later(words(), seat, evidence, p.trick + 1), p.loc});
        return;
      }
    }
  }

  // ----------------------------------------------------------------- totals
  std::optional<std::vector<int>> settle_taken(const HandState& m, std::optional<std::vector<int>> played) {
    cur_.taken_mismatch.assign(static_cast<std::size_t>(n_), false);
    std::optional<std::vector<int>> used;
    bool adds_up = false;
    if (played) {
      used = std::move(played);
      adds_up = true;
      if (cur_.taken) {
        for (int s = 0; s < n_; ++s) {
          const auto rec = *cur_.taken->values[static_cast<std::size_t>(s)];
          const int got = (*used)[static_cast<std::size_t>(s)];
          if (rec != got) {
            cur_.taken_mismatch[static_cast<std::size_t>(s)] = true;
            about(report(Code::kTakenMismatch, cur_.taken->locs[static_cast<std::size_t>(s)],
                         say::taken_mismatch(words(), s, rec, got)),
                  name(s));
          }
        }
      }
    } else if (cur_.taken) {
      std::vector<int> rec;
      long long total = 0;
      for (int s = 0; s < n_; ++s) {
        const auto v = *cur_.taken->values[static_cast<std::size_t>(s)];
        total += v;
        rec.push_back(static_cast<int>(std::min<long long>(v, 1'000'000)));
      }
      used = std::move(rec);
      if (total != r_.tricks_per_hand()) {
        report(Code::kTricksTotal, cur_.taken->loc, say::tricks_total(r_, total));
      } else {
        adds_up = true;
      }
    }
    cur_.adds_up = used && adds_up;
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
    game_.deltas_known = cur_.adds_up;
    if (!scoring) {
      game_.score_known = false;
      sum.score.reset();
      if (cur_.score) {
        recorded_prev_ = std::vector<long long>();
        for (const auto& v : cur_.score->values) {
          recorded_prev_->push_back(*v);
        }
      }
      return;
    }
    if (summaries_) {
      sum.score = running();
    }
    if (cur_.score) {
      // Written into the storage of the hand before last, so that a hand's
      // recorded scores take no allocation.
      std::vector<long long> rec = std::move(spare_scores_);
      rec.clear();
      for (int s = 0; s < n_; ++s) {
        const auto i = static_cast<std::size_t>(s);
        const long long r = *cur_.score->values[i];
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
        if (cur_.taken_mismatch[i] && cur_.taken) {
          HandTally as_recorded = t;
          as_recorded.taken[i] = static_cast<int>(std::clamp<long long>(*cur_.taken->values[i], -1'000'000, 1'000'000));
          if (r == base + hand_points(game_, as_recorded, s)) {
            continue;  // follows from the wrong trick count, reported as taken-mismatch
          }
        }
        if (cur_.points_mismatch && cur_.points) {
          HandTally as_recorded = t;
          for (int p = 0; p < n_; ++p) {
            as_recorded.points[static_cast<std::size_t>(p)] = static_cast<int>(
                std::clamp<long long>(*cur_.points->values[static_cast<std::size_t>(p)], -1'000'000, 1'000'000));
          }
          if (r == base + hand_points(game_, as_recorded, s)) {
            continue;  // follows from the wrong points, reported as points-mismatch
          }
        }
        about(report(Code::kScoreMismatch, cur_.score->locs[i],
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

  // The result's score where the game reads it per seat: complete, else null.
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
  int prev_dealer_ = -1;
  int dealer_ = 0;
  GameState game_;
  // Whether the caller reads the hands' summaries (RefereeOptions): where
  // not, the summary's lists are not made (the hand's quota, plucks and
  // running score); what a hand reads back of its summary is made always.
  const bool summaries_;
  // The courts games: whether the last hand's result (so the next dealer) is known.
  bool dealer_known_ = true;
  std::vector<int> side_index_;  // by seat: index into the sides
  std::vector<int> side_ids_;    // by side: the partner policy's id (its first seat)
  std::vector<int> team_side_;   // by `teams` entry: the side it matches, or -1
  std::vector<std::string> side_names_;
  std::optional<std::vector<long long>> recorded_side_prev_;
  std::optional<std::vector<long long>> recorded_prev_;
  std::vector<long long> spare_scores_;  // score_hand(): storage for the next hand's recorded scores
  std::optional<std::vector<long long>> end_recorded_;
  std::vector<std::optional<Card>> deal_cards_;  // check_deal(): the deal as the engine reads it
  std::vector<Violation> found_;                 // check_deal(): its faults
  HandReading reading_;  // the hand's record as read, before it is judged
  RefereedHand cur_;     // the hand being refereed: made fresh for each hand
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
