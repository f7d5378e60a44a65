// The courts family's checker (referee/game_referee.h, kCounters): the
// tricks per side as played or on a sheet, the hand's end, courts and streak.
#include "referee/game_referee.h"

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
#include "referee/messages.h"

namespace trickref {

// ------------------------------------------------------------- sides
// The fixed sides (referee/sides.h); a `teams` entry that matches none is
// reported once.
void GameReferee::make_sides(RefereeResult& out) {
  sides_ = Sides(g_, r_, game_, names_);
  out.sides = sides_.seats();
  out.side_names = sides_.names();
  if (const int t = sides_.mismatched_team(); t >= 0) {
    const auto& team = (*g_.teams)[static_cast<std::size_t>(t)];
    at_.phase = phase::kGame;
    report(Code::kTeamMismatch, team.loc, say::team_mismatch(words(), clip(team.name), sides_.mismatched_seats()));
  }
}

// ------------------------------------------------------------- courts
// The count of a courts hand (court-piece.md §3.3-§3.5, §5): the tricks
// as played (up to the hand's end), else the recorded `taken` read as a
// score sheet; the hand's winner, its courts and the streak; then the
// recorded taken, score and streak checked per side.
void GameReferee::count_courts(const HandRec& h, HandState& m, HandSummary& sum) {
  at_.phase = phase::kTotals;
  at_.trick = 0;
  const std::size_t sides = sides_.size();
  std::optional<HandTally> tallied;
  std::vector<int> side_taken(sides, 0);
  if (h.tricks && cur_.attributable && h.trump) {
    const auto counted = tricks_counted(m);
    std::array<int, kMaxPlayers> taken{};
    for (int s = 0; s < n_; ++s) {
      taken[static_cast<std::size_t>(s)] = counted[static_cast<std::size_t>(s)];
      side_taken[static_cast<std::size_t>(sides_.at(s))] += counted[static_cast<std::size_t>(s)];
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
  sum.winner_side = t.winner_side < 0 ? -1 : sides_.of_id(t.winner_side);
  sum.end = hand_ended(m, t);
  const auto before = game_.score;
  count_hand(game_, t);
  sum.courts_won.assign(sides, 0);
  for (std::size_t k = 0; k < sides; ++k) {
    const auto first = static_cast<std::size_t>(sides_.first_seat(static_cast<int>(k)));
    sum.courts_won[k] = static_cast<int>(game_.score[first] - before[first]);
  }
  if (game_.streak_side >= 0) {
    sum.streak = std::pair(sides_.of_id(game_.streak_side), game_.streak);
  }
  if (!game_.score_known) {
    return;
  }
  std::vector<long long> score(sides);
  for (std::size_t k = 0; k < sides; ++k) {
    score[k] = game_.score[static_cast<std::size_t>(sides_.first_seat(static_cast<int>(k)))];
  }
  sum.side_score = score;
  sum.score = running();
  if (h.score) {
    std::vector<long long> rec_prev = recorded_.side_prev.value_or(std::vector<long long>(sides, -1));
    std::vector<long long> rec_now(sides, -1);
    for (const auto& e : sides_.entries(*h.score)) {
      const auto k = static_cast<std::size_t>(e.side);
      rec_now[k] = e.value;
      if (e.value == score[k]) {
        continue;
      }
      if (recorded_.side_prev && rec_prev[k] >= 0 && e.value == rec_prev[k] + sum.courts_won[k]) {
        continue;  // carries an earlier wrong total forward: reported there
      }
      const long long was = before[static_cast<std::size_t>(sides_.first_seat(e.side))];
      report(Code::kScoreMismatch, e.loc,
             say::side_score_mismatch(sides_.names()[k], h.number, e.value, score[k], was, sum.courts_won[k]));
    }
    recorded_.side_prev = rec_now;
  } else {
    recorded_.side_prev.reset();
  }
  if (h.streak) {
    const int streak_side = game_.streak_side >= 0 ? sides_.of_id(game_.streak_side) : -1;
    for (const auto& e : sides_.entries(*h.streak)) {
      const long long truth = e.side == streak_side ? game_.streak : 0;
      if (e.value != truth) {
        report(Code::kScoreMismatch, e.loc,
               say::streak_mismatch(h.number, sides_.names()[static_cast<std::size_t>(e.side)], e.value,
                                    streak_side >= 0 ? sides_.names()[static_cast<std::size_t>(streak_side)] : "",
                                    game_.streak));
      }
    }
  }
  if (ended_.hand == 0 && game_ends(game_, t)) {
    ended_.hand = h.number;
    ended_.score = running();
    std::array<int, kMaxPlayers> w{};
    ended_.winners.assign(w.begin(), w.begin() + game_winners(game_, t, w));
    ended_.recorded.reset();
  }
}

// Recorded `taken` against the tricks as played (court-piece.md §5): a
// side with both players named is compared player by player, a side with
// one player (or its team name) as the side's total.
void GameReferee::check_side_taken(const HandRec& h, const std::array<int, kMaxPlayers>& counted,
                      const std::vector<int>& side_taken) {
  if (!h.taken) {
    return;
  }
  std::vector<int> named(sides_.size(), 0);
  for (int s = 0; s < n_; ++s) {
    named[static_cast<std::size_t>(sides_.at(s))] += h.taken->values[static_cast<std::size_t>(s)] ? 1 : 0;
  }
  for (int s = 0; s < n_; ++s) {
    const auto& v = h.taken->values[static_cast<std::size_t>(s)];
    if (!v) {
      continue;
    }
    const auto k = static_cast<std::size_t>(sides_.at(s));
    const bool whole = named[k] >= 2;
    const long long truth = whole ? counted[static_cast<std::size_t>(s)] : side_taken[k];
    if (*v != truth) {
      about(report(Code::kTakenMismatch, h.taken->locs[static_cast<std::size_t>(s)],
                   whole ? say::taken_mismatch(words(), s, *v, truth)
                         : say::side_taken_mismatch(sides_.names()[k], *v, truth)),
            name(s));
    }
  }
  for (const auto& t : h.taken->sides) {
    const auto i = static_cast<std::size_t>(t.team);
    if (sides_.team(i) >= 0) {
      const auto k = static_cast<std::size_t>(sides_.team(i));
      if (t.value != side_taken[k]) {
        report(Code::kTakenMismatch, t.loc, say::side_taken_mismatch(sides_.names()[k], t.value, side_taken[k]));
      }
    }
  }
}

// A score-sheet hand of courts (court-piece.md §5, "Score sheets"): the
// tricks per side from `taken`, read as the rules end a hand. Absent when
// a side's tricks are not recorded.
std::optional<HandTally> GameReferee::sheet_tally(const HandRec& h, HandState& m, std::vector<int>& side_taken) {
  std::vector<std::optional<long long>> per(sides_.size());
  std::vector<int> named(sides_.size(), 0);
  std::vector<long long> sum(sides_.size(), 0);
  for (int s = 0; s < n_; ++s) {
    if (const auto& v = h.taken->values[static_cast<std::size_t>(s)]) {
      const auto k = static_cast<std::size_t>(sides_.at(s));
      ++named[k];
      sum[k] += *v;
    }
  }
  for (std::size_t k = 0; k < per.size(); ++k) {
    if (named[k] > 0) {
      per[k] = sum[k];
    }
  }
  for (const auto& e : sides_.entries(*h.taken)) {
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
    t.taken[static_cast<std::size_t>(sides_.first_seat(static_cast<int>(k)))] = side_taken[k];
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
    const int side = sides_.first_seat(static_cast<int>(k));
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
    const int k = sides_.at(h.early_court->seat);
    t.early_court_side = t.winner_side = sides_.first_seat(k);
    t.all_tricks = side_taken[static_cast<std::size_t>(k)] == all;
  } else if (r_.stop_at_majority && per.size() == 2 && total >= e && total <= all &&
             (policy::stops_at_majority(r_, side_taken[0]) || policy::stops_at_majority(r_, side_taken[1]))) {
    t.winner_side = sides_.first_seat(policy::stops_at_majority(r_, side_taken[0]) ? 0 : 1);
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
bool GameReferee::ends_here(const HandRec& h, HandState& m, int done) {
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
    at_.phase = phase::kTricks;
    at_.trick = done + 1;
    report(Code::kTricksPastEnd, (*h.tricks)[static_cast<std::size_t>(done)].loc,
           say::tricks_past_end(h.number, recorded, done, early ? "an early court" : "a side had a majority"));
  }
  return true;
}

// The side of `seat` forfeits the hand at trick `done` (penalty.revoke: forfeit_hand).
void GameReferee::forfeit(HandState& m, int seat, int done) {
  cur_.ending.forfeit_trick = done;
  m.forfeit_side = side_of(m, seat);
  m.end = HandEnd::kRevoke;
  end_hand_at(m, done);
}

// A recorded revoke_claim the record does not show (court-piece.md §5).
void GameReferee::check_claim(const HandRec& h) {
  if (!h.revoke_claim || cur_.ending.claim_shown || r_.revoke_penalty != RevokePenalty::kForfeitHand) {
    return;
  }
  const auto& c = *h.revoke_claim;
  at_.phase = phase::kTotals;
  at_.trick = 0;
  const bool reached = h.tricks && static_cast<int>(h.tricks->size()) >= c.trick;
  about(report(Code::kRevokeClaimUnfounded, c.loc, say::revoke_claim_unfounded(words(), c.player.seat, c.trick, reached)),
        name(c.player.seat));
}

}  // namespace trickref
