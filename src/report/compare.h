// `compare`: one game record refereed and scored under several rulesets,
// side by side: the running scores hand by hand, the winner and the hand
// that ended the game under each, and the diagnostics that differ (those
// not reported under every ruleset).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "report/report.h"

namespace trickref {

// One game's reports, one per ruleset, in --rules order, and the record
// refereed under its own ruleset (its `game:`), which tells a faulty record
// from figures the change of ruleset explains.
struct ComparedGame {
  std::vector<GameReport> under;
  std::optional<GameReport> own;
};

struct CompareReport {
  std::vector<std::string> rulesets;  // resolved names, in --rules order
  std::vector<ComparedGame> games;
  bool differences_only = false;      // --differences-only: no hand-by-hand table
};

// For each ruleset, the indexes (into its game's diagnostics) of the
// recorded-figure mismatches that follow from the change of ruleset: a
// score-mismatch or winner-mismatch the record's own ruleset does not report
// (the record was scored under its own rules). Counted, not listed.
[[nodiscard]] std::vector<std::vector<std::size_t>> ruleset_consequences(const ComparedGame& game);

// Errors in the record under its own ruleset (a record that names no usable
// ruleset counts its `ruleset` error): what makes `compare` exit 1.
[[nodiscard]] int own_errors(const ComparedGame& game);

// One line a ruleset after the first: what changes against the first (the
// hand the game ends, the winner, the final scores, the recorded scores that
// no longer match), or that nothing in the result does.
[[nodiscard]] std::vector<std::string> compare_summary(const CompareReport& report, const ComparedGame& game);

// For each ruleset, the indexes of its game's diagnostics that some other
// ruleset does not report (compared by everything but the ruleset).
[[nodiscard]] std::vector<std::vector<std::size_t>> differing_diagnostics(const ComparedGame& game);

[[nodiscard]] std::string render_compare_text(const CompareReport& report);
[[nodiscard]] nlohmann::ordered_json compare_json(const CompareReport& report);

}  // namespace trickref
