// `compare`: one game record refereed and scored under several rulesets,
// side by side: the running scores hand by hand, the winner and the hand
// that ended the game under each, and the diagnostics that differ (those
// not reported under every ruleset).
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "report/report.h"

namespace trickref {

// One game's reports, one per ruleset, in --rules order.
struct ComparedGame {
  std::vector<GameReport> under;
};

struct CompareReport {
  std::vector<std::string> rulesets;  // resolved names, in --rules order
  std::vector<ComparedGame> games;
};

// For each ruleset, the indexes of its game's diagnostics that some other
// ruleset does not report (compared by everything but the ruleset).
[[nodiscard]] std::vector<std::vector<std::size_t>> differing_diagnostics(const ComparedGame& game);

[[nodiscard]] std::string render_compare_text(const CompareReport& report);
[[nodiscard]] nlohmann::ordered_json compare_json(const CompareReport& report);

}  // namespace trickref
