// Renderers for `trickref score`: text, CSV (RFC 4180), JSON
// (schemas/standings.schema.json), Markdown and one self-contained HTML page
// with inline SVG charts (made with the page kit, page/kit.h). They read
// only Standings and League. One unit a format (render_text.cpp, ...),
// each laying out the one column model of score/columns.h.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "score/league.h"
#include "score/standings.h"

namespace trickref {

struct ScoreView {
  const Standings& standings;
  const League& league;
  bool by_night = false;
  // The notice board (HTML, Markdown) names games by their titles and
  // words their errors without files or lines, unless --show-sources.
  bool show_sources = false;
};

[[nodiscard]] std::string standings_text(const ScoreView& v);
[[nodiscard]] std::string standings_csv(const ScoreView& v);
[[nodiscard]] nlohmann::ordered_json standings_json(const ScoreView& v);
[[nodiscard]] std::string standings_markdown(const ScoreView& v);
[[nodiscard]] std::string standings_html(const ScoreView& v);

// A warning for two names that look like one player (score/names.h), and
// the league.yaml line that would merge them.
[[nodiscard]] std::string similar_names_text(const SimilarNames& n);
[[nodiscard]] std::string aliases_line(const SimilarNames& n);

}  // namespace trickref
