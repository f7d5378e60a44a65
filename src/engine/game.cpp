#include "engine/game.h"

#include <algorithm>

namespace trickref {

GameState start_game(const Ruleset& r) {
  GameState g;
  g.rules = &r;
  g.policies = policies_for(r);
  g.players = r.players;
  return g;
}

long long hand_points(const GameState& g, const HandTally& t, int seat) {
  return g.policies.scoring->points(*g.rules, g, t, seat);
}

void count_hand(GameState& g, const HandTally& t) {
  // Whether the hand's winners scored in it (a court), for the dealer by
  // result: asked before the hand changes the game.
  const bool winners_scored = t.winner_side >= 0 && hand_points(g, t, t.winner_side) > 0;
  for (int s = 0; s < g.players; ++s) {
    const auto i = static_cast<std::size_t>(s);
    g.score[i] += hand_points(g, t, s);  // no scoring policy reads the running scores
    const int delta = t.taken[i] - t.quota[i];
    g.deltas[i] = delta;
    g.plucks_earned[i] += delta > 0 ? delta : 0;
    g.plucks_against[i] += delta < 0 ? -delta : 0;
  }
  g.deltas_known = true;
  g.last_dealer = t.dealer;
  g.last.streak_court_side = -1;  // the scoring's carry says where a streak scored
  if (g.policies.scoring->carry != nullptr) {
    g.policies.scoring->carry(*g.rules, g, t);
  }
  g.last.void_hand = t.void_hand;
  g.last.winner_side = t.winner_side;
  g.last.forfeit_side = t.forfeit_side;
  g.last.winners_scored = winners_scored;
  ++g.hands;
}

bool game_ends(const GameState& g, const HandTally& last) { return g.policies.end->over(*g.rules, g, last); }

int game_winners(const GameState& g, const HandTally& last, std::span<int> out) {
  return g.policies.end->winners(*g.rules, g, last, out);
}

int next_dealer(const GameState& g, int dealer) { return g.policies.dealer->next(*g.rules, g, dealer); }

bool dealers_fixed(const Ruleset& r) { return policies_for(r).dealer->fixed(r); }

bool decided_by_record_end(const GameState& g, std::span<int> out, int& count) {
  const Ruleset& r = *g.rules;
  count = 0;
  if (r.end != GameEnd::kHandsRecorded || r.tie != TieRule::kDraw) {
    return false;
  }
  long long best = 0;
  for (int s = 0; s < r.players; ++s) {
    best = s == 0 ? g.score[0] : std::max(best, g.score[static_cast<std::size_t>(s)]);
  }
  int side = -1;
  for (int s = 0; s < r.players; ++s) {
    if (g.score[static_cast<std::size_t>(s)] != best) {
      continue;
    }
    const int own = g.policies.partners->side(r, s);
    if (side >= 0 && own != side) {
      count = 0;  // two sides level at the top: a draw
      return true;
    }
    side = own;
    out[static_cast<std::size_t>(count++)] = s;
  }
  return true;
}

int best_seats(const Ruleset& r, const GameState& g, std::span<int> out) {
  (void)r;
  const bool by_plucks = g.policies.scoring->ties_by_plucks;
  // Negative when seat a ranks above seat b.
  auto compare = [&](int a, int b) -> long long {
    const auto ia = static_cast<std::size_t>(a);
    const auto ib = static_cast<std::size_t>(b);
    if (g.score[ia] != g.score[ib]) {
      return g.score[ib] - g.score[ia];
    }
    if (by_plucks) {
      if (g.plucks_against[ia] != g.plucks_against[ib]) {
        return g.plucks_against[ia] - g.plucks_against[ib];
      }
      return g.plucks_earned[ib] - g.plucks_earned[ia];
    }
    return 0;
  };
  int n = 0;
  for (int s = 0; s < g.players; ++s) {
    if (n == 0) {
      out[0] = s;
      n = 1;
      continue;
    }
    const long long c = compare(s, out[0]);
    if (c < 0) {
      out[0] = s;
      n = 1;
    } else if (c == 0) {
      out[static_cast<std::size_t>(n++)] = s;
    }
  }
  return n;
}

}  // namespace trickref
