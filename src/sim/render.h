// The `simulate` report: one table of statistics (rows) by ruleset
// (columns), rendered as aligned text, JSON (stable key order) or CSV.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "sim/simulate.h"

namespace trickref::sim {

struct SimReport {
  SimulateOptions options;
  std::vector<std::string> rulesets;  // resolved names, in --rules order
  std::vector<RulesetStats> stats;    // same order
};

[[nodiscard]] std::string render_text(const SimReport& report);
[[nodiscard]] nlohmann::ordered_json report_json(const SimReport& report);
[[nodiscard]] std::string render_csv(const SimReport& report);

// The name of the seat `offset` places left of the dealer: dealer, left, right
// (with more than three players: left+2, ...).
[[nodiscard]] std::string role_name(int offset, int players);

}  // namespace trickref::sim
