#include "referee/referee.h"

#include <algorithm>
#include <array>
#include <numeric>
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
#include "referee/game_referee.h"
#include "referee/messages.h"

namespace trickref {

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

const std::array<GameReferee::Counter, 3> GameReferee::kCounters{{
    {"contract", [](const Ruleset& r) { return hand_phases(r).has(Phase::kAuction); }, &GameReferee::count_contract},
    {"courts", [](const Ruleset& r) { return r.scoring == ScoringKind::kCourts; }, &GameReferee::count_courts},
    {"quota", [](const Ruleset& /*r*/) { return true; }, &GameReferee::count_quota},
}};

GameReferee::GameReferee(const Game& g, const Ruleset& r, DiagnosticSink& sink, RefereeOptions options)
    : g_(g),
      r_(r),
      sink_(sink),
      hand_play_(options.hand_play),
      reading_(r, static_cast<int>(g.players.size())) {
  n_ = static_cast<int>(g.players.size());
  for (const auto& p : g.players) {
    names_.push_back(clip(p));
  }
  machine_.phases = hand_phases(r);  // for the keys of other games, before the first hand starts
  counter_ = std::find_if(kCounters.begin(), kCounters.end(), [&](const Counter& c) { return c.fits(r); })->count;
}

RefereeResult GameReferee::run() {
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
  out.hands.reserve(g_.hands.size());
  for (std::size_t i = 0; i < g_.hands.size(); ++i) {
    const HandRec& h = g_.hands[i];
    at_.hand = h.number;
    cur_ = RefereedHand{};
    cur_.open = g_.in_progress && i >= open_from;
    HandSummary& s = out.hands.emplace_back();
    referee_hand(h, s);
    if (stop_) {
      out.hands.pop_back();  // the hand could not be refereed at all (no dealer): nothing to show
      break;
    }
  }
  at_.hand = 0;
  out.refereed = !stop_;
  out.state = game_;
  out.outcome = outcome();
  check_result(out.outcome);
  return out;
}

// ------------------------------------------------------------ reporting
Diagnostic& GameReferee::report(Code code, Loc loc, std::string message) {
  auto& d = sink_.report(code, loc, std::move(message));
  d.hand = at_.hand;
  d.trick = at_.trick;
  d.phase = at_.phase;
  return d;
}

Diagnostic& GameReferee::report(Severity sev, Code code, Loc loc, std::string message) {
  auto& d = report(code, loc, std::move(message));
  d.severity = sev;
  return d;
}

// A Violation from the hand machine, worded (referee/messages.cpp) and
// located; the player is the one at fault, the card the one at fault or
// else the one that proves it.
Diagnostic& GameReferee::say(const Violation& v, Loc loc) {
  auto& d = report(v.code, loc, message(v, words()));
  return about(d, name(v.seat), v.card ? v.card : v.evidence);
}

// How a card came to where it was dealt: "to Ann", "to the kitty" (empty: not dealt).
std::string GameReferee::how(const CardOrigin& o) const {
  return o.seat >= 0 ? "to " + name(o.seat) : o.seat == -1 ? std::string("to the kitty") : std::string();
}

Diagnostic& GameReferee::about(Diagnostic& d, const std::string& player, std::optional<Card> card) {
  d.player = player;
  if (card) {
    d.card = card;
  }
  return d;
}

// ----------------------------------------------------------------- hand
// Referees hand `h` into `sum`, a new summary.
void GameReferee::referee_hand(const HandRec& h, HandSummary& sum) {
  sum.number = h.number;
  sum.courts = r_.scoring == ScoringKind::kCourts;
  at_.phase = phase::kTotals;
  at_.trick = 0;
  const bool by_side = r_.partnership != Partnership::kNone;  // maps may name one player of a side
  cur_.taken = by_side ? nullptr : per_seat(h.taken, "taken");
  cur_.points = per_seat(h.points, "points");
  cur_.score = by_side ? nullptr : per_seat(h.score, "score");
  at_.phase = phase::kDealer;
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
  if (ended_.hand > 0 && !ended_.past_reported) {
    ended_.past_reported = true;
    report(Code::kPlayedPastEnd, h.loc, say::played_past_end(words(), h.number, ended_.winners, ended_.hand));
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
  start_hand(machine_, game_, h.number, dealer);
  sum.quota.assign(machine_.quota.begin(), machine_.quota.begin() + n_);
  run_hand(machine_, *this);
  prev_dealer_ = dealer;
}

// ------------------------------------------- the phases (run_hand calls)
void GameReferee::deal(HandState& m) {
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
bool GameReferee::read_plays(const HandRec& h, const HandState& m) {
  if (reading_.attribute(h, m)) {
    return true;
  }
  if (reading_.first_leader_unknown()) {
    at_.phase = phase::kTricks;
    at_.trick = 1;
    report(Code::kSchema, (*h.tricks)[0].loc, say::first_leader_unknown(r_, h.number));
    at_.trick = 0;
  }
  return false;
}

void GameReferee::exchange(HandState& m) {
  check_exchange(*cur_.rec, m);
  count_plucks(*cur_.rec, m, *cur_.sum);
  check_show(*cur_.rec, m);
}

void GameReferee::trump(HandState& m) {
  const HandRec& h = *cur_.rec;
  at_.phase = phase::kTrump;
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

void GameReferee::kitty(HandState& m) {
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
void GameReferee::auction(HandState& m) {
  const HandRec& h = *cur_.rec;
  at_.phase = phase::kAuction;
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

void GameReferee::play(HandState& m) {
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

void GameReferee::count(HandState& m) {
  at_.phase = phase::kTotals;
  at_.trick = 0;
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
  (this->*counter_)(*cur_.rec, m, *cur_.sum);
}

// ------------------------------------------------ maps of player -> number
// A recorded map the game reads per seat (taken, points, score): it must
// name every player; one that does not is a `schema` error and is not used.
const SeatNumbers* GameReferee::per_seat(const std::optional<SeatNumbers>& m, std::string_view what) {
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
void GameReferee::check_game_keys(const HandRec& h) {
  for (const auto& [key, loc] : h.game_keys) {
    std::string_view lacks;
    if (key == "plucks" || key == "exchanges" || key == "shows") {
      lacks = machine_.phases.has(Phase::kExchange) ? "" : "exchange of plucks";
    } else if (key == "bids" || key == "contract") {
      lacks = machine_.phases.has(Phase::kAuction) ? "" : "auction";
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

// The last hand of an in-progress record lacks `what` yet: noted once (the
// first thing found), at the count, instead of a fault.
void GameReferee::unfinished(std::string_view what) {
  if (cur_.unfinished.empty()) {
    cur_.unfinished = std::string(what);
  }
}

GameOutcome GameReferee::outcome() const {
  GameOutcome o;
  if (ended_.hand > 0) {
    o.finished = true;
    o.winners = ended_.winners;
    o.score = ended_.score;
    o.decided_hand = ended_.hand;
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

void GameReferee::check_result(const GameOutcome& o) {
  if (!g_.result) {
    return;
  }
  at_.phase = phase::kResult;
  at_.hand = 0;
  at_.trick = 0;
  const auto& res = *g_.result;
  const SeatNumbers* result_score = r_.partnership != Partnership::kNone ? nullptr : per_seat(res.score, "result score");
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
        out.push_back(sides_.at(s));
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
        for (std::size_t k = 0; k < sides_.size(); ++k) {
          shown.emplace_back(sides_.names()[k], (*o.score)[static_cast<std::size_t>(sides_.first_seat(static_cast<int>(k)))]);
        }
        for (int k : sides_of(truth)) {
          winners += (winners.empty() ? "" : " and ") + sides_.names()[static_cast<std::size_t>(k)];
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
    for (const auto& e : sides_.entries(*res.score)) {
      const auto k = static_cast<std::size_t>(e.side);
      const long long truth = (*o.score)[static_cast<std::size_t>(sides_.first_seat(e.side))];
      if (e.value == truth || (recorded_.side_prev && (*recorded_.side_prev)[k] == e.value)) {
        continue;
      }
      report(Code::kScoreMismatch, e.loc, say::final_courts_mismatch(sides_.names()[k], e.value, truth));
    }
  }
  if (result_score) {
    for (int s = 0; s < n_; ++s) {
      const auto i = static_cast<std::size_t>(s);
      const long long r = *result_score->values[i];
      if (r == (*o.score)[i]) {
        continue;
      }
      const auto& last = o.finished ? ended_.recorded : recorded_.prev;
      if (last && (*last)[i] == r) {
        continue;  // the recorded running total, already checked hand by hand
      }
      about(report(Code::kScoreMismatch, result_score->locs[i], say::final_score_mismatch(words(), s, r, (*o.score)[i])),
            name(s));
    }
  }
}

RefereeResult referee(const Game& game, const Ruleset& rules, DiagnosticSink& sink, RefereeOptions options) {
  return GameReferee(game, rules, sink, options).run();
}

}  // namespace trickref
