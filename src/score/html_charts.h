// The standings page's charts and its games' final tables (render_html.cpp):
// inline SVG drawn with the page kit (page/kit.h), each series in the
// colour the page gives its player or partnership.
#pragma once

#include <cstddef>
#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "score/standings.h"

namespace trickref::board {

// A game chart's lines: its players, or a courts game's sides (by label).
[[nodiscard]] std::vector<std::string> series(const GameLine& g);

// A game's final scores as a table, best first, in the places the
// standings give; a side for each row in a courts game ("" when the
// scores are not known).
[[nodiscard]] std::string final_table(const GameLine& g);

// The running score of each of `series(g)` hand by hand, in the colour of
// `colour` (by name or label).
[[nodiscard]] std::string running_chart(const GameLine& g, const std::map<std::string, std::string>& colour);

// What a bar chart shows of each row: its heading, value and label.
struct Metric {
  std::string heading;
  std::function<double(const PlayerLine&)> value;
  std::function<std::string(const PlayerLine&)> label;
};

// The bar chart of a ranking key, per player (or per `who`: "partnership");
// the courts games' points are courts.
[[nodiscard]] Metric chart_metric(RankKey key, bool courts = false, std::string_view who = "player");

// One bar per row, in the colour of its player (`colour`, by name; a
// partnership's by its label), marked data-`attr`; the label column holds
// `label_chars` characters (a longer name is cut, whole on hover).
[[nodiscard]] std::string bar_chart(const std::vector<PlayerLine>& rows, const Metric& m,
                                    const std::map<std::string, std::string>& colour, std::string_view attr = "player",
                                    std::size_t label_chars = 8);

// A player's running total of points over their games of one kind: a
// small line chart (the trend over the season).
[[nodiscard]] std::string trend_chart(const std::vector<long long>& totals);

}  // namespace trickref::board
