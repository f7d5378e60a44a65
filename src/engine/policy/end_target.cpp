// game.end: {target: N} (rules.md §2.7): the game ends after the first hand
// in which a running score reaches N. Under game.tie continue (and draw) one
// side must be alone in the best place (after the scoring's tie-breaks);
// under share, all tied there win. A side is the partner policy's: partners
// share a score, so two partners at the top are one side there
// (court-piece.md §3.6: the first side to N courts, and more than the other).
// Under bidder_first (call-deuces.md §2.8) the bidder, then the partner, go
// out before any defender who reached N in the same hand; when only
// defenders reach it, the single top score wins and a tie plays on.
#include "engine/game.h"
#include "engine/policy/table.h"

namespace trickref::policy {
namespace {

bool reached(const Ruleset& r, const GameState& g, int seat) {
  return seat >= 0 && g.score[static_cast<std::size_t>(seat)] >= r.end_value;
}

// bidder_first: the bidder or the partner who reached the target, in that order; -1: neither.
int first_out(const Ruleset& r, const GameState& g, const HandTally& last) {
  if (r.tie != TieRule::kBidderFirst) {
    return -1;
  }
  if (reached(r, g, last.bidder)) {
    return last.bidder;
  }
  return reached(r, g, last.partner) ? last.partner : -1;
}

// The sides among the first `n` of `best`.
int sides_among(const Ruleset& r, const GameState& g, std::span<const int> best, int n) {
  int sides = 0;
  for (int i = 0; i < n; ++i) {
    const int side = g.policies.partners->side(r, best[static_cast<std::size_t>(i)]);
    bool seen = false;
    for (int j = 0; j < i; ++j) {
      seen = seen || g.policies.partners->side(r, best[static_cast<std::size_t>(j)]) == side;
    }
    sides += seen ? 0 : 1;
  }
  return sides;
}

}  // namespace

const EndPolicy kEndTarget{
    "target",
    [](const Ruleset& r, const GameState& g, const HandTally& last) {
      bool any = false;  // the usual case, nobody at the target, without ranking anyone
      for (int s = 0; s < g.players; ++s) {
        any = any || reached(r, g, s);
      }
      if (!any) {
        return false;
      }
      if (first_out(r, g, last) >= 0) {
        return true;
      }
      std::array<int, kMaxPlayers> best{};
      const int n = best_seats(r, g, best);
      if (n == 0 || !reached(r, g, best[0])) {
        return false;
      }
      return r.tie == TieRule::kShare || sides_among(r, g, best, n) == 1;
    },
    [](const Ruleset& r, const GameState& g, const HandTally& last, std::span<int> out) {
      if (const int first = first_out(r, g, last); first >= 0) {
        out[0] = first;
        return 1;
      }
      return best_seats(r, g, out);
    },
};

}  // namespace trickref::policy
