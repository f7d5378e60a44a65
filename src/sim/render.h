// The `simulate` report: one table of statistics (rows, sim/statistics.h) by
// ruleset (columns), then each ruleset's paired difference from the first;
// rendered as aligned text, JSON (stable key order) or CSV (sim/html.h: a
// page with plots).
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "sim/simulate.h"
#include "sim/statistics.h"

namespace trickref::sim {

struct SimReport {
  SimulateOptions options;
  std::vector<std::string> rulesets;  // resolved names, in --rules order
  std::vector<RulesetStats> stats;    // same order
  std::vector<bool> same_deals;       // same order: deals the first ruleset's cards (sim::same_deals)
};

// One statistic of the report across its rulesets: a count or an interval
// by ruleset, and each ruleset's difference from the first (none for the
// first, nor for counts).
struct Cell {
  Interval value;
  std::int64_t count = 0;
};
struct Row {
  std::string key;
  std::string label;
  std::string group;
  Kind kind = Kind::kCount;
  std::vector<Cell> cells;
  std::vector<Interval> differences;
};

// Every statistic of the report, in report order (JSON and CSV show them all).
[[nodiscard]] std::vector<Row> report_rows(const SimReport& report);
// The rows the text and HTML tables show: those some ruleset has samples
// for (a quota game's made quota is left out of a Court Piece report).
[[nodiscard]] std::vector<Row> shown_rows(const SimReport& report);
// A cell as the text table shows it: "41.2% [39.4, 43.0]", "12.31 [12.10, 12.52]", "-".
[[nodiscard]] std::string cell_text(const Row& row, const Cell& cell);
// A difference as text: signed, rates in percentage points, " *" when its
// interval excludes 0; "-" when there is none.
[[nodiscard]] std::string difference_text(const Row& row, const Interval& difference);
// "same deals" or "same seeds": how ruleset r's games pair with the first's.
[[nodiscard]] std::string pairing_name(const SimReport& report, std::size_t r);

[[nodiscard]] std::string render_text(const SimReport& report);
[[nodiscard]] nlohmann::ordered_json report_json(const SimReport& report);
[[nodiscard]] std::string render_csv(const SimReport& report);

// Whether a difference's interval lies wholly above or below 0.
[[nodiscard]] bool excludes_zero(const Interval& difference);

}  // namespace trickref::sim
