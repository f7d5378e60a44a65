// The reports of `trickref analyse` (analysis.md §2): text in a player's
// words, JSON with stable keys (schemas/analysis.schema.json), and a
// self-contained HTML page of hand diagrams.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "analyse/analyse.h"
#include "report/report.h"

namespace trickref {

// One game of the report: the game as refereed and its hands analysed
// (empty where the game could not be refereed).
struct AnalysedGame {
  GameReport report;
  std::vector<HandAnalysis> hands;
};

struct AnalysisView {
  const std::vector<AnalysedGame>* games = nullptr;
  bool par_only = false;
  std::optional<std::string> for_player;  // --for: only that player's side in the text
  std::uint64_t max_nodes = kDefaultMaxNodes;
};

[[nodiscard]] std::string render_analysis_text(const AnalysisView& v);
[[nodiscard]] nlohmann::ordered_json analysis_json(const AnalysisView& v);
[[nodiscard]] std::string render_analysis_html(const AnalysisView& v);

}  // namespace trickref
