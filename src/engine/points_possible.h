// Points a score sheet records that no play of the hand could give
// (call-deuces.md §4, "Points": `points-impossible`). A player's points are
// scoring.per_trick for each trick won plus the card points of a set of
// distinct counting cards won in those tricks (a trick holds one card a
// player, so t tricks hold at most t × players of them); the bidder's may
// also hold the discard's (scoring.discard_to: bidder). Together, no card is
// counted twice and no more tricks are won than the hand has. A sheet whose
// points add to less than the hand holds stays possible: a trick or a
// counting card may go unrecorded.
#pragma once

#include <array>
#include <optional>
#include <vector>

#include "engine/violation.h"
#include "ruleset/ruleset.h"

namespace trickref {

// What a sheet records of one hand's count: each player's points and, where
// recorded, tricks.
struct PointsClaim {
  std::array<std::optional<long long>, kMaxPlayers> points{};
  std::array<std::optional<long long>, kMaxPlayers> taken{};
  int bidder = -1;  // -1: no contract known (nobody's points hold the discard)
};

// The facts `check_points_possible` states, one Violation each (code
// points-impossible): a player's figure that no play gives them (clause
// kPointsAboveMost: `bound` the most; kPointsBelowTricks: `bound` what their
// tricks alone give; kPointsNoCards: `bound` the points the counting cards
// would have to give, which no set of them does), else, every figure
// possible alone, the figures together (kPointsTogether, seat -1: `bound`
// the most the hand holds). `count` is the player's tricks where recorded,
// else -1. Nothing when the search for a play ran past `budget` steps.
struct PointsCheck {
  std::vector<Violation> found;
  long long steps = 0;  // the search's work, for tests that bound it
};
[[nodiscard]] PointsCheck check_points_possible(const Ruleset& r, const PointsClaim& claim, int hand,
                                                long long budget = 200'000);

// The points the deck holds in one hand: every trick and every counting card.
[[nodiscard]] long long hand_points_total(const Ruleset& r);

}  // namespace trickref
