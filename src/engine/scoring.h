// Scoring and the end of the game (rules.md §2.7). Pure functions over
// numbers, so they can be checked against hand-computed tables.
#pragma once

#include <span>
#include <vector>

#include "ruleset/ruleset.h"

namespace trickref {

// Points one player scores in a hand: `over` per trick above quota,
// `under` (zero or negative) per trick short.
[[nodiscard]] constexpr long long hand_points(const Ruleset& r, long long taken, long long quota) {
  const long long delta = taken - quota;
  return delta > 0 ? r.over * delta : r.under * -delta;
}

// Whether the game ends with these running scores: under `continue` when one
// player alone has the top score at or above the target, under `share` as
// soon as the top score reaches it. Never with `target: null`.
[[nodiscard]] bool game_over(const Ruleset& r, std::span<const long long> scores);

// The seats with the top score (several on a shared tie).
[[nodiscard]] std::vector<int> leaders(std::span<const long long> scores);

}  // namespace trickref
