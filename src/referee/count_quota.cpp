// The quota family's checker (referee/game_referee.h, kCounters): the tricks
// taken against the quotas, the plucks, the running scores.
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

// The count of a quota hand (rules.md §2.2, §2.7): the tricks taken as
// played, else as recorded, then the scores.
void GameReferee::count_quota(const HandRec& h, HandState& m, HandSummary& sum) {
  // The played counts are not read again this hand: taken, not copied.
  auto used = settle_taken(m, std::exchange(cur_.played_taken, std::nullopt));
  std::optional<HandTally> t;
  if (used) {
    std::array<int, kMaxPlayers> taken{};
    std::copy(used->begin(), used->end(), taken.begin());
    t = tally(m, taken);
  }
  sum.taken = std::move(used);
  score_hand(h, t, sum);
}

// Plucks made and suffered per seat, for the standings.
void GameReferee::count_plucks(const HandRec& h, const HandState& m, HandSummary& sum) const {
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

// ----------------------------------------------------------------- totals
std::optional<std::vector<int>> GameReferee::settle_taken(const HandState& m, std::optional<std::vector<int>> played) {
  cur_.taken_mismatch = {};
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
void GameReferee::score_hand(const HandRec& h, const std::optional<HandTally>& tallied, HandSummary& sum) {
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
      recorded_.prev = std::vector<long long>();
      for (const auto& v : cur_.score->values) {
        recorded_.prev->push_back(*v);
      }
    }
    return;
  }
  sum.score = running();
  if (cur_.score) {
    // Written into the storage of the hand before last, so that a hand's
    // recorded scores take no allocation.
    std::vector<long long> rec = std::move(recorded_.spare);
    rec.clear();
    for (int s = 0; s < n_; ++s) {
      const auto i = static_cast<std::size_t>(s);
      const long long r = *cur_.score->values[i];
      rec.push_back(r);
      const long long truth = game_.score[i];
      if (r == truth) {
        continue;
      }
      const long long base = recorded_.prev ? (*recorded_.prev)[i] : before[i];
      const long long points = hand_points(game_, t, s);
      if (recorded_.prev && r == base + points) {
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
    if (recorded_.prev) {
      recorded_.spare = std::move(*recorded_.prev);
    }
    recorded_.prev = std::move(rec);
  } else {
    recorded_.prev.reset();
  }
  if (ended_.hand == 0 && game_ends(game_, t)) {
    ended_.hand = h.number;
    ended_.score = running();
    std::array<int, kMaxPlayers> w{};
    ended_.winners.assign(w.begin(), w.begin() + game_winners(game_, t, w));
    ended_.recorded = recorded_.prev;
  }
}

}  // namespace trickref
