// scoring.kind: courts (court-piece.md §3.3, §3.4): points come only as
// courts, scored by a side. An early court (one side winning each of the
// first hand.early_court_tricks tricks; under early_court_side trump_caller
// only the trump caller's side) is worth scoring.early_court, or
// scoring.all_tricks when that side went on to take every trick; a revoke
// forfeit gives the opponents scoring.revoke_court. The side that wins the
// hand (the forfeit's opponents, the early court's side, else more tricks)
// extends its streak of hands won; at scoring.streak_length the streak scores
// scoring.streak_courts and starts again from 0. Under
// early_court_in_streak false a hand won with an early court or a forfeit
// leaves the streak as it was.
#include "engine/game.h"
#include "engine/hand.h"
#include "engine/policy/table.h"

namespace trickref::policy {
namespace {

struct StreakAfter {
  int side;
  int count;
  bool court;
};

StreakAfter streak_after(const Ruleset& r, const GameState& g, const HandTally& t) {
  const bool counts = r.early_court_in_streak || (t.early_court_side < 0 && t.forfeit_side < 0);
  if (t.winner_side < 0 || !counts) {
    return {g.streak_side, g.streak, false};
  }
  const int n = g.streak_side == t.winner_side ? g.streak + 1 : 1;
  if (n >= r.streak_length) {
    return {t.winner_side, 0, true};
  }
  return {t.winner_side, n, false};
}

}  // namespace

int forfeit_winner(const HandState& h, int forfeit_side) { return side_of(h, left_of(forfeit_side, h.players)); }

int most_tricks_side(const HandState& h, const std::array<int, kMaxPlayers>& taken) {
  std::array<int, kMaxPlayers> by_side{};
  for (int s = 0; s < h.players; ++s) {
    by_side[static_cast<std::size_t>(side_of(h, s))] += taken[static_cast<std::size_t>(s)];
  }
  int best = -1;
  bool level = false;
  for (int s = 0; s < h.players; ++s) {
    if (side_of(h, s) != s) {
      continue;  // a side is counted at its first seat
    }
    const int v = by_side[static_cast<std::size_t>(s)];
    if (best < 0 || v > by_side[static_cast<std::size_t>(best)]) {
      best = s;
      level = false;
    } else if (v == by_side[static_cast<std::size_t>(best)]) {
      level = true;
    }
  }
  return level ? -1 : best;
}

const ScoringPolicy kScoreCourts{
    "courts",
    [](const Ruleset& r, const GameState& g, const HandTally& t, int seat) -> long long {
      const int side = g.policies.partners->side(r, seat);
      long long courts = 0;
      if (t.early_court_side == side) {
        courts += t.all_tricks ? r.all_tricks_courts : r.early_court;
      }
      if (t.forfeit_side >= 0 && t.forfeit_side != side) {
        courts += r.revoke_court;
      }
      if (const StreakAfter s = streak_after(r, g, t); s.court && s.side == side) {
        courts += r.streak_courts;
      }
      return courts;
    },
    false,
    [](const Ruleset& r, GameState& g, const HandTally& t) {
      const StreakAfter s = streak_after(r, g, t);
      g.streak_side = s.side;
      g.streak = s.count;
      g.last.streak_court_side = s.court ? s.side : -1;
    },
    [](const HandState& h, HandTally& t) {
      const Ruleset& r = *h.rules;
      const int n = tricks_in_hand(h);
      // Each trick's winner was noted as it finished (finish_trick).
      t.early_court_side = early_court_side(h);
      if (t.early_court_side >= 0) {
        bool every = n == r.tricks_per_hand();
        for (int k = r.early_court_tricks; every && k < n; ++k) {
          every = side_of(h, h.play.won_by[static_cast<std::size_t>(k)]) == t.early_court_side;
        }
        t.all_tricks = every;
      }
      t.forfeit_side = h.forfeit_side;
      if (t.forfeit_side >= 0) {
        t.winner_side = forfeit_winner(h, t.forfeit_side);
      } else if (t.early_court_side >= 0) {
        t.winner_side = t.early_court_side;
      } else {
        t.winner_side = most_tricks_side(h, t.taken);
      }
    },
};

}  // namespace trickref::policy
