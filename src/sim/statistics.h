// The statistics `simulate` reports, in report order: each one's key (JSON,
// CSV), label (text, HTML), definition (`trickref explain simulate`), how its
// interval is computed, and what one game adds to it (for the paired
// difference from the first ruleset). One list serves the playing loop and
// every renderer, so the rows, their pairs and their definitions cannot
// drift apart.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "sim/simulate.h"
#include "sim/stats.h"

namespace trickref::sim {

// kPer100: a rate per hand shown per 100 hands (courts per 100 hands).
// kCount: a whole number with no interval (counts, game-length quantiles).
enum class Kind { kCount, kRate, kMean, kPer100 };

// How a ruleset's own interval is computed (sim/stats.h).
enum class Method { kNone, kWilson, kNormal, kClustered };

struct Statistic {
  std::string key;    // dotted: group.member
  std::string label;  // text and HTML
  std::string group;  // the key's group, or the key: one plot a group in HTML
  Kind kind = Kind::kCount;
  Method method = Method::kNone;
  std::string definition;
  // kCount: the figure.
  std::function<std::int64_t(const RulesetStats&)> count;
  // Otherwise: the ruleset's estimate and interval (n 0: none), and what one
  // game's statistics add to it (the pairs' samples).
  std::function<Interval(const RulesetStats&)> interval;
  std::function<Tally(const RulesetStats&)> tally;
};

// The statistics of a report on these rulesets (the same list for the same
// rulesets and options: the playing loop and the renderers build it alike).
// Rows that depend on the rulesets (contracts, courts, sides) are listed when
// any ruleset has them; a ruleset without them has n 0 there.
[[nodiscard]] std::vector<Statistic> statistics(const std::vector<RulesetStats>& stats,
                                                const SimulateOptions& options);

// The name of the seat `offset` places left of the dealer: dealer, left, right
// (with more than three players: left+2, ...).
[[nodiscard]] std::string role_name(int offset, int players);

// The smallest game length L with at least `percent`% of the games (at least
// one game) no longer than L: the empirical quantile, no interpolation
// (0: the shortest game, 100: the longest); 0 with no games.
[[nodiscard]] std::int64_t length_quantile(const std::vector<std::int64_t>& histogram, int percent);

// How the intervals and the paired differences are computed, for `explain
// simulate` and the HTML page: one paragraph a line.
[[nodiscard]] std::vector<std::string> interval_notes();

}  // namespace trickref::sim
