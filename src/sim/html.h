// `simulate --format html`: the rules study as one self-contained page (no
// script, no external file): the table of statistics and of differences from
// the first ruleset, then inline SVG plots (each statistic's estimate and
// interval by ruleset, the game-length histograms, win rates by seat) and
// the definitions of every statistic. Deterministic, like the other formats.
#pragma once

#include <string>

#include "sim/render.h"

namespace trickref::sim {

[[nodiscard]] std::string render_html(const SimReport& report);

}  // namespace trickref::sim
