#include "sim/html.h"

#include <algorithm>
#include <cmath>
#include <string_view>

#include <fmt/format.h>

#include "base/text.h"
#include "page/kit.h"

namespace trickref::sim {
namespace {

// One colour a ruleset, in --rules order: Okabe-Ito's eight.
std::string_view colour(std::size_t r) { return page::colour(r, 8); }

using page::esc;
using page::num;
using page::ticks;

// A figure as the plots label it: rates in percent, courts per 100 hands.
double shown(const Row& row, double x) { return row.kind == Kind::kRate || row.kind == Kind::kPer100 ? 100 * x : x; }

// A tick's label, with as many decimals as the ticks' step needs to tell
// them apart (a step of 0.05 points: 0%, 0.05%, 0.10%, ...).
std::string axis_label(const Row& row, double x, double step) {
  const int decimals = step > 0 ? std::clamp(static_cast<int>(-std::floor(std::log10(step) + 1e-9)), 0, 6) : 0;
  return fmt::format("{:.{}f}{}", x, decimals, row.kind == Kind::kRate ? "%" : "");
}

// One statistic's plot: a line per ruleset, its estimate a dot, its
// interval a bar; the first ruleset's estimate a dashed line to compare with.
std::string estimate_plot(const Row& row, const std::vector<std::string>& names) {
  double lo = 0;
  double hi = 0;
  bool any = false;
  for (const auto& c : row.cells) {
    if (c.value.n == 0) {
      continue;
    }
    const double a = shown(row, c.value.low);
    const double b = shown(row, c.value.high);
    lo = any ? std::min(lo, a) : a;
    hi = any ? std::max(hi, b) : b;
    any = true;
  }
  if (!any) {
    return {};
  }
  if (hi - lo < 1e-9) {
    lo -= 1;
    hi += 1;
  }
  const double pad = (hi - lo) * 0.08;
  lo -= pad;
  hi += pad;
  if (row.kind == Kind::kRate) {
    lo = std::max(lo, 0.0);
    hi = std::min(hi, 100.0);
  }
  const double width = 320;
  const double left = 18;
  const double right = 18;
  const double line_h = 22;
  const double top = 6;
  const double height = top + line_h * static_cast<double>(names.size()) + 22;
  auto x = [&](double v) { return left + (v - lo) / (hi - lo) * (width - left - right); };
  std::string out = fmt::format(
      "<svg class=\"plot estimate\" viewBox=\"0 0 {} {}\" role=\"img\" aria-label=\"{}: estimate and 95% interval "
      "by ruleset\" data-key=\"{}\">\n",
      num(width), num(height), esc(row.label), esc(row.key));
  const double axis_y = top + line_h * static_cast<double>(names.size()) + 2;
  out += "<g class=\"grid\">";
  const auto marks = ticks(lo, hi);
  const double step = marks.size() > 1 ? marks[1] - marks[0] : 1;
  for (const double t : marks) {
    out += fmt::format("<line x1=\"{0}\" x2=\"{0}\" y1=\"{1}\" y2=\"{2}\"/><text x=\"{0}\" y=\"{3}\" "
                       "text-anchor=\"middle\">{4}</text>",
                       num(x(t)), num(top), num(axis_y), num(axis_y + 15), esc(axis_label(row, t, step)));
  }
  out += "</g>\n";
  if (row.cells.front().value.n > 0) {
    const double v = x(shown(row, row.cells.front().value.estimate));
    out += fmt::format("<line class=\"reference\" x1=\"{0}\" x2=\"{0}\" y1=\"{1}\" y2=\"{2}\"/>\n", num(v), num(top),
                       num(axis_y));
  }
  for (std::size_t r = 0; r < row.cells.size(); ++r) {
    const Interval& v = row.cells[r].value;
    const double y = top + line_h * (static_cast<double>(r) + 0.5);
    if (v.n == 0) {
      continue;
    }
    out += fmt::format(
        "<g class=\"ruleset\" data-ruleset=\"{}\"><title>{}: {}</title>"
        "<line class=\"interval\" x1=\"{}\" x2=\"{}\" y1=\"{}\" y2=\"{}\" stroke=\"{}\"/>"
        "<circle class=\"estimate\" cx=\"{}\" cy=\"{}\" r=\"5\" fill=\"{}\"/></g>\n",
        esc(names[r]), esc(names[r]), esc(cell_text(row, row.cells[r])), num(x(shown(row, v.low))),
        num(x(shown(row, v.high))), num(y), num(y), colour(r), num(x(shown(row, v.estimate))), num(y), colour(r));
  }
  out += "</svg>\n";
  return out;
}

// The game-length histogram of one ruleset: games by hands played, in bins
// of one width for every ruleset of the report (at most 40 bins), with the
// median marked.
std::string length_histogram(const RulesetStats& s, std::size_t r, const std::string& name, std::size_t longest,
                             std::size_t bin, std::int64_t most) {
  const double width = 320;
  const double height = 150;
  const double left = 36;
  const double bottom = 22;
  const double top = 8;
  const std::size_t bins = longest / bin + 1;
  const double bar_w = (width - left - 6) / static_cast<double>(bins);
  auto y = [&](double games) { return height - bottom - games / static_cast<double>(most) * (height - bottom - top); };
  std::string out = fmt::format(
      "<svg class=\"plot histogram\" viewBox=\"0 0 {} {}\" role=\"img\" aria-label=\"game length under {}: games by "
      "hands played\" data-ruleset=\"{}\">\n<g class=\"grid\">",
      num(width), num(height), esc(name), esc(name));
  for (const double t : ticks(0, static_cast<double>(most))) {
    out += fmt::format("<line x1=\"{0}\" x2=\"{1}\" y1=\"{2}\" y2=\"{2}\"/><text x=\"{3}\" y=\"{4}\" "
                       "text-anchor=\"end\">{5:.0f}</text>",
                       num(left), num(width - 6), num(y(t)), num(left - 4), num(y(t) + 4), t);
  }
  out += "</g>\n";
  for (std::size_t b = 0; b < bins; ++b) {
    std::int64_t games = 0;
    for (std::size_t h = b * bin; h < std::min(s.game_length.size(), (b + 1) * bin); ++h) {
      games += s.game_length[h];
    }
    if (games == 0) {
      continue;
    }
    const std::string what = bin == 1 ? fmt::format("{} hands", b) : fmt::format("{}-{} hands", b * bin, (b + 1) * bin - 1);
    out += fmt::format("<rect class=\"bar\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{}\"><title>{}: {} "
                       "games</title></rect>\n",
                       num(left + bar_w * static_cast<double>(b) + 0.5), num(y(static_cast<double>(games))),
                       num(std::max(bar_w - 1, 0.5)), num(height - bottom - y(static_cast<double>(games))), colour(r),
                       what, games);
  }
  const auto median = static_cast<double>(length_quantile(s.game_length, 50));
  const double mx = left + bar_w * (median / static_cast<double>(bin) + 0.5);
  out += fmt::format("<line class=\"median\" x1=\"{0}\" x2=\"{0}\" y1=\"{1}\" y2=\"{2}\"><title>median {3:.0f} "
                     "hands</title></line>\n",
                     num(mx), num(top), num(height - bottom), median);
  // Hands along the bottom: a few bin starts.
  for (const double t : ticks(0, static_cast<double>(longest))) {
    out += fmt::format("<text x=\"{}\" y=\"{}\" text-anchor=\"middle\">{:.0f}</text>",
                       num(left + bar_w * (t / static_cast<double>(bin) + 0.5)), num(height - 6), t);
  }
  out += "\n</svg>\n";
  return out;
}

// Win rates by seat (relative to the first dealer): a group of bars per
// seat, one bar per ruleset with its interval, and the even share marked.
std::string seat_plot(const std::vector<const Row*>& seats, const std::vector<std::string>& names, int share_of) {
  const double width = 420;
  const double height = 200;
  const double left = 40;
  const double bottom = 40;
  const double top = 10;
  const std::size_t nr = names.size();
  double hi = 100.0 / share_of;
  for (const Row* row : seats) {
    for (const auto& c : row->cells) {
      hi = std::max(hi, c.value.n > 0 ? 100 * c.value.high : 0.0);
    }
  }
  hi = std::min(100.0, std::ceil(hi / 10) * 10);
  auto y = [&](double pct) { return height - bottom - pct / hi * (height - bottom - top); };
  const double group_w = (width - left - 6) / static_cast<double>(seats.size());
  const double bar_w = std::min(40.0, (group_w - 16) / static_cast<double>(nr));
  std::string out = fmt::format(
      "<svg class=\"plot seats\" viewBox=\"0 0 {} {}\" role=\"img\" aria-label=\"win rate by seat and ruleset, "
      "95% intervals\">\n<g class=\"grid\">",
      num(width), num(height));
  for (const double t : ticks(0, hi)) {
    out += fmt::format("<line x1=\"{0}\" x2=\"{1}\" y1=\"{2}\" y2=\"{2}\"/><text x=\"{3}\" y=\"{4}\" "
                       "text-anchor=\"end\">{5:.0f}%</text>",
                       num(left), num(width - 6), num(y(t)), num(left - 4), num(y(t) + 4), t);
  }
  out += "</g>\n";
  out += fmt::format("<line class=\"reference\" x1=\"{0}\" x2=\"{1}\" y1=\"{2}\" y2=\"{2}\"><title>an even share: "
                     "1 in {3}</title></line>\n",
                     num(left), num(width - 6), num(y(100.0 / share_of)), share_of);
  for (std::size_t k = 0; k < seats.size(); ++k) {
    const Row& row = *seats[k];
    const double gx = left + group_w * static_cast<double>(k) + (group_w - bar_w * static_cast<double>(nr)) / 2;
    for (std::size_t r = 0; r < nr; ++r) {
      const Interval& v = row.cells[r].value;
      if (v.n == 0) {
        continue;
      }
      const double bx = gx + bar_w * static_cast<double>(r);
      const double cx = bx + bar_w / 2;
      out += fmt::format(
          "<g class=\"ruleset\" data-ruleset=\"{}\"><title>{}, {}: {}</title><rect class=\"bar\" x=\"{}\" y=\"{}\" "
          "width=\"{}\" height=\"{}\" fill=\"{}\"/><line class=\"whisker\" x1=\"{}\" x2=\"{}\" y1=\"{}\" "
          "y2=\"{}\"/></g>\n",
          esc(names[r]), esc(row.label.substr(row.label.find(": ") + 2)), esc(names[r]), esc(cell_text(row, row.cells[r])),
          num(bx + 1), num(y(100 * v.estimate)), num(bar_w - 2), num(height - bottom - y(100 * v.estimate)), colour(r),
          num(cx), num(cx), num(y(100 * v.low)), num(y(100 * v.high)));
    }
    std::string seat = row.label.substr(row.label.find(": ") + 2);
    out += fmt::format("<text x=\"{}\" y=\"{}\" text-anchor=\"middle\">{}</text>\n",
                       num(left + group_w * (static_cast<double>(k) + 0.5)), num(height - bottom + 18), esc(seat));
  }
  out += "</svg>\n";
  return out;
}

std::string legend(const std::vector<std::string>& names) {
  std::vector<page::LegendEntry> entries;
  for (std::size_t r = 0; r < names.size(); ++r) {
    entries.push_back({colour(r), esc(names[r])});
  }
  return page::legend(entries);
}

// The kit's look (page/kit.h) with the study's own rules: tables that fit
// their figures, the differences' cells, the plots in a grid of figures.
std::string style() {
  return page::stylesheet({
      page::kBase,
      ".meta,.note{color:#555;margin:.2rem 0 .6rem}\n"
      ".note{font-size:.9rem}\n",
      page::kScroll,
      page::table_rules({.full_width = false, .padding = ".3rem .5rem", .heads_at_bottom = true}),
      "thead th:first-child{text-align:left}\n"
      "tbody th{text-align:left;font-weight:600;position:sticky;left:0;z-index:1;border-right:1px solid #ddd;\n"
      "white-space:normal;min-width:8rem}\n",
      page::kH3,
      page::kStripes,
      "td.diff{color:#555}\n"
      "td.diff.excludes{color:#1b1b1b;font-weight:600}\n"
      ".plots{display:grid;grid-template-columns:repeat(auto-fill,minmax(min(100%,19rem),1fr));gap:.8rem}\n"
      "figure{margin:0;border:1px solid #ddd;border-radius:6px;padding:.5rem .6rem;break-inside:avoid}\n"
      "figcaption{font-weight:600;font-size:.95rem}\n"
      "figcaption .d{display:block;font-weight:400;color:#555;font-size:.85rem}\n"
      "svg.plot{width:100%;height:auto;display:block;font-size:11px}\n"
      "svg.plot.seats{max-width:34rem;font-size:12px}\n",
      page::chart_text_rules("#e2e2e2", "#555"),
      "svg line.interval{stroke-width:3;stroke-linecap:round}\n"
      "svg line.reference{stroke:#888;stroke-dasharray:4 3}\n"
      "svg line.median{stroke:#1b1b1b;stroke-width:1.5;stroke-dasharray:3 2}\n"
      "svg line.whisker{stroke:#1b1b1b;stroke-width:1.5}\n",
      page::legend_rules(".3rem 0"),
      "dl{margin:.4rem 0}dt{font-weight:600;margin-top:.5rem}dd{margin:0 0 0 1rem}dt code{font-weight:400;color:#555}\n"
      "@media (max-width:40rem){body{padding:.6rem}th,td{padding:.25rem .35rem;font-size:.85rem}tbody th{min-width:7rem;"
      "max-width:9rem}}\n"
      "@media print{.scroll{overflow:visible}}\n",
  });
}

// The page's head and header: what was played, and how each figure reads.
std::string header(const SimReport& rep, const std::vector<std::string>& names) {
  const std::string title = names.size() == 1 ? fmt::format("Rules study: {}", names.front())
                                              : fmt::format("Rules study: {}", fmt::join(names, " vs "));
  std::string bots;
  for (const auto& b : rep.options.bots) {
    bots += (bots.empty() ? "" : ", ") + b;
  }
  return page::head("trickref simulate", title, style()) +
         fmt::format("<header><h1>{}</h1><p class=\"meta\">{} games per ruleset, seed {}, bots by seat: {}. Each "
                     "figure is an estimate with its 95% interval; each game is one sample.</p></header>\n",
                     esc(title), rep.options.games, rep.options.seed, esc(bots));
}

// The differences from the first ruleset, a table apart, so that neither
// table is too wide to read.
std::string differences_table(const std::vector<Row>& table, const std::vector<std::string>& names) {
  std::string out = fmt::format("<h3>Differences from {}</h3>\n<div class=\"scroll\"><table class=\"differences\">\n"
                                "<thead><tr><th>statistic</th>",
                                esc(names.front()));
  for (std::size_t r = 1; r < names.size(); ++r) {
    out += fmt::format("<th>{} − {}</th>", esc(names[r]), esc(names.front()));
  }
  out += "</tr></thead>\n<tbody>\n";
  for (const auto& row : table) {
    if (row.kind == Kind::kCount) {
      continue;
    }
    out += fmt::format("<tr data-key=\"{}\"><th>{}</th>", esc(row.key), esc(row.label));
    for (std::size_t r = 1; r < names.size(); ++r) {
      const Interval& d = row.differences[r];
      out += fmt::format("<td class=\"diff{}\">{}</td>", excludes_zero(d) ? " excludes" : "",
                         esc(difference_text(row, d)));
    }
    out += "</tr>\n";
  }
  out += "</tbody></table></div>\n";
  return out;
}

// The table: estimates, then each ruleset's difference from the first.
std::string statistics_section(const SimReport& rep, const std::vector<Row>& table,
                               const std::vector<std::string>& names) {
  std::string out = "<section id=\"table\"><h2>Statistics</h2>\n";
  if (names.size() > 1) {
    std::vector<std::string> pairings;
    for (std::size_t r = 1; r < names.size(); ++r) {
      pairings.push_back(fmt::format("{}: {}", esc(names[r]), pairing_name(rep, r)));
    }
    out += fmt::format("<p class=\"note\">Below the estimates, each ruleset's difference from {} over the same games "
                       "({}), with its 95% interval, clustered by game and paired; rates in percentage points; "
                       "<b>bold</b> where the interval excludes 0 (marked *).</p>\n",
                       esc(names.front()), fmt::join(pairings, "; "));
  }
  out += "<div class=\"scroll\"><table class=\"statistics\">\n<thead><tr><th>statistic</th>";
  for (const auto& n : names) {
    out += fmt::format("<th>{}</th>", esc(n));
  }
  out += "</tr></thead>\n<tbody>\n";
  for (const auto& row : table) {
    out += fmt::format("<tr data-key=\"{}\"><th>{}</th>", esc(row.key), esc(row.label));
    for (const auto& c : row.cells) {
      out += fmt::format("<td>{}</td>", esc(cell_text(row, c)));
    }
    out += "</tr>\n";
  }
  out += "</tbody></table></div>\n";
  if (names.size() > 1) {
    out += differences_table(table, names);
  }
  out += "</section>\n";
  return out;
}

// Win rates by seat (empty where the statistics have none).
std::string seats_section(const SimReport& rep, const std::vector<Row>& table, const std::vector<std::string>& names) {
  std::vector<const Row*> seats;
  for (const auto& row : table) {
    if (row.group == "wins_by_seat") {
      seats.push_back(&row);
    }
  }
  if (seats.empty()) {
    return {};
  }
  return "<section id=\"seats\"><h2>Win rate by seat</h2>\n<p class=\"note\">Seats relative to the game's first "
         "dealer, finished games; the dashed line is an even share, the whiskers 95% intervals.</p>\n" +
         legend(names) + seat_plot(seats, names, rep.stats.empty() ? 3 : rep.stats.front().players) + "</section>\n";
}

// Game lengths: every ruleset on one scale.
std::string lengths_section(const SimReport& rep, const std::vector<std::string>& names) {
  std::size_t longest = 0;
  for (const auto& s : rep.stats) {
    longest = std::max(longest, s.game_length.empty() ? std::size_t{0} : s.game_length.size() - 1);
  }
  const std::size_t bin = std::max<std::size_t>(1, (longest + 40) / 40);
  std::int64_t most = 1;
  for (const auto& s : rep.stats) {
    for (std::size_t b = 0; b * bin < s.game_length.size(); ++b) {
      std::int64_t games = 0;
      for (std::size_t h = b * bin; h < std::min(s.game_length.size(), (b + 1) * bin); ++h) {
        games += s.game_length[h];
      }
      most = std::max(most, games);
    }
  }
  std::string out =
      fmt::format("<section id=\"lengths\"><h2>Game length</h2>\n<p class=\"note\">Games by hands played{}; the "
                  "dashed line is the median. The same scales for every ruleset.</p>\n<div class=\"plots\">\n",
                  bin == 1 ? std::string() : fmt::format(", in bins of {} hands", bin));
  for (std::size_t r = 0; r < rep.stats.size(); ++r) {
    const auto& s = rep.stats[r];
    out += fmt::format("<figure class=\"length\"><figcaption>{}<span class=\"d\">median {} hands, 10%-90%: {}-{}, "
                       "longest {}</span></figcaption>\n",
                       esc(names[r]), length_quantile(s.game_length, 50), length_quantile(s.game_length, 10),
                       length_quantile(s.game_length, 90), length_quantile(s.game_length, 100));
    out += length_histogram(s, r, names[r], longest, bin, most);
    out += "</figure>\n";
  }
  out += "</div>\n</section>\n";
  return out;
}

// One plot per statistic with an interval.
std::string estimates_section(const std::vector<Row>& table, const std::vector<std::string>& names) {
  std::string out = "<section id=\"estimates\"><h2>Each statistic by ruleset</h2>\n<p class=\"note\">A dot is the "
                    "estimate, the bar its 95% interval; the dashed line is the first ruleset's estimate.</p>\n";
  out += legend(names);
  out += "<div class=\"plots\">\n";
  for (const auto& row : table) {
    if (row.kind == Kind::kCount) {
      continue;
    }
    const std::string plot = estimate_plot(row, names);
    if (plot.empty()) {
      continue;
    }
    std::string caption = esc(row.label);
    if (row.kind == Kind::kRate) {
      caption += " (%)";
    }
    std::vector<std::string> diffs;
    for (std::size_t r = 1; r < names.size(); ++r) {
      diffs.push_back(fmt::format("{} {}", esc(names[r]), esc(difference_text(row, row.differences[r]))));
    }
    out += fmt::format("<figure class=\"estimate\" data-key=\"{}\"><figcaption>{}{}</figcaption>\n{}</figure>\n",
                       esc(row.key), caption,
                       diffs.empty() ? std::string()
                                     : fmt::format("<span class=\"d\">− {}: {}</span>", esc(names.front()),
                                                   fmt::join(diffs, "; ")),
                       plot);
  }
  out += "</div>\n</section>\n";
  return out;
}

// What each statistic is, and how its interval is computed.
std::string definitions_section(const SimReport& rep, const std::vector<Row>& table) {
  std::string out = "<section id=\"definitions\"><h2>Definitions</h2>\n<dl>\n";
  for (const auto& st : statistics(rep.stats, rep.options)) {
    if (std::none_of(table.begin(), table.end(), [&](const Row& r) { return r.key == st.key; })) {
      continue;
    }
    out += fmt::format("<dt>{} <code>{}</code></dt><dd>{}</dd>\n", esc(st.label), esc(st.key), esc(st.definition));
  }
  out += "</dl>\n";
  for (const auto& note : interval_notes()) {
    out += fmt::format("<p class=\"note\">{}</p>\n", esc(note));
  }
  out += "</section>\n";
  return out;
}

}  // namespace

std::string render_html(const SimReport& rep) {
  std::vector<std::string> names;
  for (const auto& r : rep.rulesets) {
    names.push_back(printable(clip(r)));
  }
  const auto table = shown_rows(rep);
  return header(rep, names) + statistics_section(rep, table, names) + seats_section(rep, table, names) +
         lengths_section(rep, names) + estimates_section(table, names) + definitions_section(rep, table) +
         std::string(page::kEnd);
}

}  // namespace trickref::sim
