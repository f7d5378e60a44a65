#include "score/html_charts.h"

#include <algorithm>
#include <cmath>
#include <numeric>

#include <fmt/format.h>

#include "base/text.h"
#include "page/kit.h"
#include "score/columns.h"

namespace trickref::board {
namespace {

using page::esc;
using page::num;

// A step of 1, 2 or 5 times a power of ten giving at most ~6 ticks.
long long nice_step(long long range) {
  long long step = 1;
  while (true) {
    for (long long m : {1LL, 2LL, 5LL}) {
      if (range / (step * m) <= 6) {
        return step * m;
      }
    }
    step *= 10;
  }
}

}  // namespace

// A game chart's lines: its players, or a courts game's sides (by label).
std::vector<std::string> series(const GameLine& g) {
  if (g.sides.empty()) {
    return g.players;
  }
  std::vector<std::string> out;
  for (std::size_t d = 0; d < g.sides.size(); ++d) {
    out.push_back(side_label(g.sides[d], d < g.side_players.size() ? g.side_players[d] : std::vector<std::string>()));
  }
  return out;
}

// A game's final scores as a table, best first, in the places the
// standings give (GameLine::place, standings.cpp `places`: the winners
// first, then the others by score, equal ones sharing a place; an
// unfinished game's are "-"); a side for each row in a courts game.
std::string final_table(const GameLine& g) {
  const std::vector<std::string> names = series(g);
  if (g.score.size() != names.size()) {
    return {};
  }
  // Each row's place: its seat's, or a side's first player's.
  std::vector<int> place(names.size(), 0);
  for (std::size_t i = 0; i < names.size(); ++i) {
    std::size_t seat = i;
    if (!g.sides.empty()) {
      const auto at = i < g.side_players.size() && !g.side_players[i].empty()
                          ? std::find(g.players.begin(), g.players.end(), g.side_players[i].front())
                          : g.players.end();
      seat = static_cast<std::size_t>(at - g.players.begin());
    }
    place[i] = seat < g.place.size() ? g.place[seat] : 0;
  }
  std::vector<std::size_t> order(names.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    return std::pair(place[a], -g.score[a]) < std::pair(place[b], -g.score[b]);
  });
  std::string out = "<table class=\"final\"><caption>Final score</caption><thead><tr><th scope=\"col\">Place</th>"
                    "<th scope=\"col\">" + std::string(g.sides.empty() ? "Player" : "Side") +
                    "</th><th scope=\"col\">Score</th></tr></thead><tbody>\n";
  for (const std::size_t i : order) {
    // Among the rows (a courts game's places are its players': the losing
    // side's are 3rd), a row's place is one more than the rows ahead of it.
    const auto ahead = std::count_if(place.begin(), place.end(), [&](int p) { return p < place[i]; });
    const bool shared = std::count(place.begin(), place.end(), place[i]) > 1;
    const std::string shown = place[i] == 0 ? "-" : fmt::format("{}{}", ahead + 1, shared ? "=" : "");
    const bool won = place[i] == 1 && !g.winners.empty();  // a draw's sides share 1st: no winner
    out += fmt::format("<tr{}><td>{}</td><th scope=\"row\">{}</th><td>{}</td></tr>\n", won ? " class=\"won\"" : "",
                       shown, esc(names[i]), g.score[i]);
  }
  out += "</tbody></table>\n";
  return out;
}

// The running score of each of `series(g)`, in the colour of `colour` (by
// name or label).
std::string running_chart(const GameLine& g, const std::map<std::string, std::string>& colour) {
  constexpr double kW = 480;
  constexpr double kH = 240;
  constexpr double kLeft = 40;
  constexpr double kRight = 12;
  constexpr double kTop = 12;
  constexpr double kBottom = 34;
  const auto hands = static_cast<long long>(g.running.size());
  // Scores past a thousand million million (only a hostile results file
  // has them) are drawn at that edge, so the axis arithmetic cannot overflow.
  constexpr long long kEdge = 1'000'000'000'000'000LL;
  auto charted = [&](long long v) { return std::clamp(v, -kEdge, kEdge); };
  long long lo = 0;
  long long hi = 1;
  for (const auto& h : g.running) {
    for (long long v : h) {
      lo = std::min(lo, charted(v));
      hi = std::max(hi, charted(v));
    }
  }
  const long long step = nice_step(hi - lo);
  lo = lo >= 0 ? 0 : -((-lo + step - 1) / step) * step;
  hi = ((hi + step - 1) / step) * step;
  auto x = [&](long long i) {
    return kLeft + (kW - kLeft - kRight) * static_cast<double>(i) / static_cast<double>(hands);
  };
  auto y = [&](long long v) {
    return kTop + (kH - kTop - kBottom) * static_cast<double>(hi - charted(v)) / static_cast<double>(hi - lo);
  };
  std::string out = fmt::format(
      "<svg class=\"chart running\" viewBox=\"0 0 {} {}\" role=\"img\" aria-labelledby=\"t-{}\">"
      "<title id=\"t-{}\">Running scores hand by hand: {}</title>\n",
      num(kW), num(kH), esc(g.id), esc(g.id), esc(g.id.empty() ? g.file : g.id));
  out += "<g class=\"grid\">";
  for (long long v = lo; v <= hi; v += step) {
    out += fmt::format("<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\"/><text x=\"{}\" y=\"{}\" "
                       "text-anchor=\"end\">{}</text>",
                       num(kLeft), num(y(v)), num(kW - kRight), num(y(v)), num(kLeft - 6), num(y(v) + 4), v);
  }
  const long long every = std::max(1LL, (hands + 9) / 10);
  for (long long i = 1; i <= hands; ++i) {
    // Every `every` hands, and the last hand when it is not crowded by the one before.
    if (i % every == 0 || (i == hands && hands % every > every / 2)) {
      out += fmt::format("<text x=\"{}\" y=\"{}\" text-anchor=\"middle\">{}</text>", num(x(i)), num(kH - 16), i);
    }
  }
  out += fmt::format("<text x=\"{}\" y=\"{}\" text-anchor=\"end\" class=\"axis\">hand</text></g>\n",
                     num(kW - kRight), num(kH - 1));
  const std::vector<std::string> names = series(g);
  for (std::size_t s = 0; s < names.size(); ++s) {
    std::string points = fmt::format("{},{}", num(x(0)), num(y(0)));
    for (long long i = 0; i < hands; ++i) {
      points += fmt::format(" {},{}", num(x(i + 1)), num(y(g.running[static_cast<std::size_t>(i)][s])));
    }
    out += fmt::format("<polyline class=\"line\" data-{}=\"{}\" stroke=\"{}\" points=\"{}\"/>\n",
                       g.sides.empty() ? "player" : "side", esc(names[s]), colour.at(names[s]), points);
  }
  out += "</svg>\n";
  return out;
}

// The bar chart of a ranking key, per player (or per `who`: "partnership");
// the courts games' points are courts.
Metric chart_metric(RankKey key, bool courts, std::string_view who) {
  switch (key) {
    case RankKey::kWins:
      return {fmt::format("Wins per {}", who), [](const PlayerLine& p) { return static_cast<double>(p.wins); },
              [](const PlayerLine& p) { return std::to_string(p.wins); }};
    case RankKey::kAverage:
      return {courts ? "Average courts per game" : "Average points per game",
              [](const PlayerLine& p) { return p.average(); }, [](const PlayerLine& p) { return fixed2(p.average()); }};
    case RankKey::kQuotaRate:
      return {"Quota made, per cent of hands", [](const PlayerLine& p) { return 100.0 * p.quota_rate(); },
              percent};
    case RankKey::kPlacing:
      return {fmt::format("Placing points per {}", who),
              [](const PlayerLine& p) { return static_cast<double>(p.placing); },
              [](const PlayerLine& p) { return std::to_string(p.placing); }};
    case RankKey::kPoints:
      break;
  }
  return {fmt::format("{} per {}", courts ? "Courts won" : "Points", who),
          [](const PlayerLine& p) { return static_cast<double>(p.points); },
          [](const PlayerLine& p) { return std::to_string(p.points); }};
}

// One bar per row, in the colour of its player (`colour`, by name; a
// partnership's by its label), marked data-`attr`; the label column holds
// `label_chars` characters (a longer name is cut, whole on hover).
std::string bar_chart(const std::vector<PlayerLine>& rows, const Metric& m,
                      const std::map<std::string, std::string>& colour, std::string_view attr,
                      std::size_t label_chars) {
  constexpr double kW = 480;
  constexpr double kRow = 30;
  const double label_width = 12.5 * static_cast<double>(label_chars);
  constexpr double kValue = 56;
  const double h = kRow * static_cast<double>(rows.size()) + 8;
  double lo = 0;
  double hi = 0;
  for (const auto& p : rows) {
    lo = std::min(lo, m.value(p));
    hi = std::max(hi, m.value(p));
  }
  if (hi - lo <= 0) {
    hi = lo + 1;
  }
  auto x = [&](double v) { return label_width + (kW - label_width - kValue) * (v - lo) / (hi - lo); };
  std::string out = fmt::format(
      "<svg class=\"chart bars\" viewBox=\"0 0 {} {}\" role=\"img\" aria-label=\"{}\"><title>{}</title>\n", num(kW),
      num(h), esc(m.heading), esc(m.heading));
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const auto& p = rows[i];
    const double top = 4 + kRow * static_cast<double>(i);
    const double v = m.value(p);
    const double x0 = std::min(x(0), x(v));
    const double w = std::abs(x(v) - x(0));
    out += fmt::format(
        "<text x=\"{}\" y=\"{}\" text-anchor=\"end\"><title>{}</title>{}</text>"
        "<rect class=\"bar\" data-{}=\"{}\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{}\"/>"
        "<text x=\"{}\" y=\"{}\">{}</text>\n",
        num(label_width - 8), num(top + 20), esc(p.player),
        esc(clip(printable(p.player), label_chars)), attr, esc(p.player), num(x0), num(top + 4), num(w),
        num(kRow - 8), colour.at(p.player), num(std::max(x(0), x(v)) + 6), num(top + 20), esc(m.label(p)));
  }
  out += "</svg>\n";
  return out;
}

// A player's running total of points over their games of one kind: a
// small line chart (the trend over the season).
std::string trend_chart(const std::vector<long long>& totals) {
  constexpr double kW = 240;
  constexpr double kH = 48;
  long long lo = 0;
  long long hi = 0;
  for (long long t : totals) {
    lo = std::min(lo, t);
    hi = std::max(hi, t);
  }
  if (hi == lo) {
    hi = lo + 1;
  }
  std::string points;
  for (std::size_t i = 0; i < totals.size(); ++i) {
    const double x = totals.size() == 1 ? kW / 2 : 4 + (kW - 8) * static_cast<double>(i) / static_cast<double>(totals.size() - 1);
    // In double: the totals may span more than a long long (a hostile results file).
    const double y = 4 + (kH - 8) * (static_cast<double>(hi) - static_cast<double>(totals[i])) /
                             (static_cast<double>(hi) - static_cast<double>(lo));
    points += fmt::format("{}{},{}", points.empty() ? "" : " ", num(x), num(y));
  }
  return fmt::format("<svg class=\"trend\" viewBox=\"0 0 {} {}\" role=\"img\" aria-label=\"points after each game\">"
                     "<line x1=\"0\" x2=\"{}\" y1=\"{}\" y2=\"{}\" class=\"zero\"/>"
                     "<polyline points=\"{}\"/></svg>",
                     num(kW), num(kH), num(kW), num(4 + (kH - 8) * static_cast<double>(hi) / static_cast<double>(hi - lo)),
                     num(4 + (kH - 8) * static_cast<double>(hi) / static_cast<double>(hi - lo)), points);
}

}  // namespace trickref::board
