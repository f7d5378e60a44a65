#include "score/render.h"

#include <algorithm>
#include <map>

#include <fmt/format.h>

#include "base/text.h"
#include "page/kit.h"
#include "score/columns.h"
#include "score/html_charts.h"

namespace trickref {
namespace board {
namespace {

using page::esc;

// Each player's section id on the page ("p-3"), by name: the players of
// the games counted, in name order.
std::map<std::string, int> player_anchors(const Standings& s) {
  std::map<std::string, int> out;
  for (const auto& g : s.games) {
    for (const auto& p : g.players) {
      out.emplace(p, 0);
    }
  }
  int i = 0;
  for (auto& [name, id] : out) {
    id = ++i;
  }
  return out;
}

void html_table(std::string& out, const std::vector<Column>& cols, const std::vector<PlayerLine>& rows,
                std::string_view cls, bool partnerships, const std::map<std::string, int>& anchors = {}) {
  out += fmt::format("<div class=\"scroll\"><table class=\"{}\"><thead><tr>", cls);
  for (const auto& c : cols) {
    out += fmt::format("<th scope=\"col\" data-key=\"{}\"{}>{}</th>", c.key,
                       c.help.empty() ? std::string() : fmt::format(" title=\"{}\"", esc(c.help)), c.title);
  }
  out += "</tr></thead><tbody>\n";
  for (const auto& p : rows) {
    out += fmt::format("<tr data-{}=\"{}\">", partnerships ? "partnership" : "player",
                       esc(partnerships ? row_label(p) : p.player));
    for (const auto& c : cols) {
      std::string cell = esc(c.text(p));
      if (const auto a = anchors.find(p.player); c.key == "player" && a != anchors.end()) {
        cell = fmt::format("<a href=\"#p-{}\">{}</a>", a->second, cell);  // to the player's games
      }
      out += c.left ? fmt::format("<th scope=\"row\">{}</th>", cell) : fmt::format("<td>{}</td>", cell);
    }
    out += "</tr>\n";
  }
  out += "</tbody></table></div>\n";
}

void html_standings(std::string& out, const ScoreView& v, const KindStandings& k, const Table& t,
                    const std::string& id, bool partnerships = false) {
  const auto cols = board_columns(shown(columns(v.league, k.kind, partnerships)), t);
  const std::string_view cls = partnerships ? "standings partnerships" : "standings";
  out += fmt::format("<section id=\"{}\"><h2>{}</h2><p class=\"meta\">{}{}</p>\n", id,
                     esc(table_heading(v.standings, k, t, partnerships)), plural(t.games, "game", "games"),
                     kind_keys_note(v.standings, k));
  const auto anchors = player_anchors(v.standings);
  if (!t.ranked.empty()) {
    html_table(out, cols, t.ranked, cls, partnerships, anchors);
  }
  if (!t.unranked.empty()) {
    out += fmt::format("<h3>{}</h3>\n", esc(unranked_heading(v.league)));
    html_table(out, cols, t.unranked, fmt::format("{} unranked", cls), partnerships, anchors);
  }
  if (t.season) {
    const TableKey legend = table_key(cols, k.kind, partnerships);
    std::string key;
    for (const auto& c : legend.cols) {
      key += fmt::format("{}<b>{}</b>: {}", key.empty() ? "" : "; ", c.title, esc(c.help));
    }
    if (!key.empty()) {
      out += fmt::format("<p class=\"note key\">Key: {}.{}</p>\n", key,
                         legend.note.empty() ? std::string() : fmt::format(" {}", esc(legend.note)));
    }
  }
  out += "</section>\n";
}

// The kit's look (page/kit.h) with the standings' own rules: tables the
// width of the page whose rank and name stay in view as they scroll, the
// games' figures, the players' sections, and a printed page a table each.
std::string style() {
  return page::stylesheet({
      page::kBase,
      page::kH3,
      ".meta{color:#555;margin:.2rem 0 .6rem}\n",
      page::kScroll,
      page::table_rules({.full_width = true, .padding = ".35rem .45rem", .heads_at_bottom = false}),
      "tbody th{text-align:left;font-weight:600}\n",
      page::kStripes,
      "thead th:first-child,tbody td:first-child{position:sticky;left:0;min-width:3rem;z-index:1}\n"
      "thead th:nth-child(2),tbody th{position:sticky;left:3rem;z-index:1;text-align:left;border-right:1px solid #ddd}\n"
      "table.unranked td,table.unranked th{color:#555}\n"
      "svg.chart{width:100%;height:auto;display:block;font-size:15px}\n"
      "svg.chart.bars{max-width:40rem}\n",
      page::chart_text_rules("#ddd", "#444"),
      "svg polyline.line{fill:none;stroke-width:2.5;stroke-linejoin:round;stroke-linecap:round}\n"
      ".games{display:grid;grid-template-columns:repeat(auto-fill,minmax(min(100%,24rem),1fr));gap:1rem}\n"
      "figure.game{margin:0;border:1px solid #ddd;border-radius:6px;padding:.6rem}\n"
      "figcaption{font-weight:600}\n",
      page::legend_rules(".3rem 0 0"),
      ".mark{color:#b00020;font-weight:600}\n"
      ".note{color:#555;font-size:.9rem;margin:.2rem 0}\n"
      "ul.excluded li{margin:.2rem 0}\n"
      "table.final{width:auto;margin:.5rem 0 0;font-size:.9rem}\n"
      "table.final caption{text-align:left;color:#555;font-size:.85rem;padding-bottom:.15rem}\n"
      "table.final th,table.final td{position:static;padding:.15rem .6rem .15rem 0;border-right:none;font-weight:400}\n"
      "table.final tr.won th,table.final tr.won td{font-weight:700}\n"
      ".players{display:grid;grid-template-columns:repeat(auto-fill,minmax(min(100%,30rem),1fr));gap:0 1.5rem}\n"
      "section.player h3{margin-top:1.2rem}\n"
      "table.games-of th,table.games-of td{position:static;border-right:none;font-weight:400}\n"
      "table.games-of thead th{font-weight:600}\n"
      "table.games-of thead th:first-child{text-align:left}\n"
      "table.games-of tbody th{white-space:normal;min-width:8.5rem}\n"
      "table.games-of th,table.games-of td{padding-left:.3rem;padding-right:.3rem}\n"
      ".nowrap{white-space:nowrap}\n"
      "table.games-of tbody th{text-align:left;white-space:normal}\n"
      "svg.trend{width:15rem;height:3rem;vertical-align:middle}\n"
      "svg.trend polyline{fill:none;stroke:#0072B2;stroke-width:2}\n"
      "svg.trend line.zero{stroke:#ccc;stroke-width:1}\n"
      "th a{color:inherit}\n"
      "@media (max-width:40rem){body{padding:.6rem}th,td{padding:.3rem .35rem;font-size:.9rem}}\n"
      "@media print{\n"
      "body{max-width:none;padding:0;font-size:10pt}\n"
      "section{break-inside:avoid-page}\n"
      "section:has(table.standings){break-before:page}\n"
      "header+section:has(table.standings){break-before:auto}\n"
      ".scroll{overflow:visible}\n"
      "thead th:first-child,tbody td:first-child,thead th:nth-child(2),tbody th{position:static;min-width:0}\n"
      "th,td{padding:.12rem .22rem;font-size:8pt}\n"
      "svg.chart{max-width:100%}\n"
      "section#games{break-inside:auto}\n"
      ".games{grid-template-columns:1fr 1fr;gap:.5rem}\n"
      "figure.game{break-inside:avoid;padding:.4rem}\n"
      "}\n",
  });
}

// A title broken only between its comma-separated parts on a narrow
// screen ("2026-11-19," never splits at its hyphens).
std::string unbroken_parts(const std::string& title) {
  std::string out;
  std::size_t at = 0;
  while (at <= title.size()) {
    std::size_t end = title.find(", ", at);
    const std::string part = title.substr(at, end == std::string::npos ? std::string::npos : end + 1 - at);
    if (!out.empty()) {
      out += ' ';
    }
    out += fmt::format("<span class=\"nowrap\">{}</span>", esc(part));
    if (end == std::string::npos) {
      break;
    }
    at = end + 2;
  }
  return out;
}

// Each player's games (linked from the standings): title, result, place,
// points (a Court Piece player's side's courts) and, in the quota games,
// quota made; with each kind's points added up game by game as a trend.
std::string player_sections(const ScoreView& v) {
  const Standings& s = v.standings;
  const auto anchors = player_anchors(s);
  if (anchors.empty()) {
    return {};
  }
  std::string out = "<section id=\"player-games\"><h2>Players</h2>\n<p class=\"meta\">Each player&#39;s games in "
                    "the order counted, and their points added up game by game.</p>\n<div class=\"players\">\n";
  for (const auto& [name, id] : anchors) {
    out += fmt::format("<section class=\"player\" id=\"p-{}\"><h3>{}</h3>\n", id, esc(name));
    std::map<TableKind, std::vector<long long>> totals;
    std::string rows;
    for (const auto& g : s.games) {
      const auto at = std::find(g.players.begin(), g.players.end(), name);
      if (at == g.players.end()) {
        continue;
      }
      const auto seat = static_cast<std::size_t>(at - g.players.begin());
      std::size_t column = seat;  // the score's column: the seat, or a courts game's side
      for (std::size_t d = 0; d < g.side_players.size(); ++d) {
        const auto& members = g.side_players[d];
        if (std::find(members.begin(), members.end(), name) != members.end()) {
          column = d;
        }
      }
      const bool known = column < g.score.size();
      if (known) {
        auto& t = totals[g.kind];
        t.push_back(saturated_sum(t.empty() ? 0 : t.back(), g.score[column]));
      }
      const bool won = std::find(g.winners.begin(), g.winners.end(), name) != g.winners.end();
      const std::string result = !g.finished ? "unfinished" : won ? "won" : g.winners.empty() ? "draw" : "lost";
      const int place = seat < g.place.size() ? g.place[seat] : 0;
      const bool quota = seat < g.quota_hands.size() && g.quota_hands[seat] > 0;
      rows += fmt::format(
          "<tr><th scope=\"row\">{}{}</th><td>{}</td><td>{}</td><td>{}</td><td class=\"nowrap\">{}</td></tr>\n",
          unbroken_parts(g.title),
          mixed(s) ? fmt::format(" <span class=\"note\">({})</span>", esc(table_kind_info(g.kind).title))
                   : std::string(),
          result, place > 0 ? std::to_string(place) : std::string("-"),
          known ? std::to_string(g.score[column]) : std::string("?"),
          quota ? fmt::format("{}/{} ({:.0f}%)", g.quota_made[seat], g.quota_hands[seat],
                              100.0 * g.quota_made[seat] / g.quota_hands[seat])
                : std::string("-"));
    }
    for (const auto& [kind, t] : totals) {
      if (t.size() > 1) {
        out += fmt::format("<p class=\"note\">{}points after each game: {}</p>\n",
                           mixed(s) ? std::string(table_kind_info(kind).title) + ": " : std::string(),
                           trend_chart(t));
      }
    }
    out += "<div class=\"scroll\"><table class=\"games-of\"><thead><tr><th scope=\"col\">Game</th>"
           "<th scope=\"col\">Result</th><th scope=\"col\">Place</th><th scope=\"col\">Points</th>"
           "<th scope=\"col\" title=\"hands in which the player made quota, of the hands whose tricks are known\">"
           "Quota made</th></tr></thead><tbody>\n" +
           rows + "</tbody></table></div></section>\n";
  }
  out += "</div></section>\n";
  return out;
}

// One colour a player, by name, the same in every chart; then the
// partnerships (courts games) by label, in the colours after the players'.
struct Colours {
  std::map<std::string, std::string> player;
  std::map<std::string, std::string> side;
};

Colours colours(const Standings& s) {
  Colours c;
  for (const auto& k : s.kinds) {
    for (const auto& p : k.season.ranked) {
      c.player[p.player];
    }
    for (const auto& p : k.season.unranked) {
      c.player[p.player];
    }
  }
  std::size_t i = 0;
  for (auto& [name, colour] : c.player) {
    colour = std::string(page::colour(i++));
  }
  for (const auto& k : s.kinds) {
    for (const auto* rows : {&k.pair_season.ranked, &k.pair_season.unranked}) {
      for (const auto& p : *rows) {
        c.side[row_label(p)];
      }
    }
  }
  for (auto& [label, colour] : c.side) {
    colour = std::string(page::colour(i++));
  }
  return c;
}

// A kind's season charts: a bar per player of its first ranking key, and
// one per partnership where the kind has them.
void season_charts(std::string& out, const Standings& s, const KindStandings& k, const std::string& id,
                   const Colours& c) {
  const RankKey first = k.rank_by.empty() ? RankKey::kWins : k.rank_by.front();
  std::vector<PlayerLine> everyone = k.season.ranked;
  everyone.insert(everyone.end(), k.season.unranked.begin(), k.season.unranked.end());
  if (!everyone.empty()) {
    const Metric m = chart_metric(first, courts(k.kind));
    const std::string heading = kind_heading(s, k, m.heading);
    out += fmt::format("<section id=\"{}players\"><h2>{}</h2>\n", id, esc(heading));
    out += bar_chart(everyone, Metric{heading, m.value, m.label}, c.player);
    out += "</section>\n";
  }
  std::vector<PlayerLine> sides = k.pair_season.ranked;
  sides.insert(sides.end(), k.pair_season.unranked.begin(), k.pair_season.unranked.end());
  if (table_kind_info(k.kind).partnerships && !sides.empty()) {
    for (auto& p : sides) {
      p.player = row_label(p);
    }
    const Metric m = chart_metric(first, courts(k.kind), "partnership");
    const std::string heading = kind_heading(s, k, m.heading);
    out += fmt::format("<section id=\"{}partnership-chart\"><h2>{}</h2>\n", id, esc(heading));
    // Room for "North-South (Ann & Cat)" whole, up to 24 characters.
    std::size_t longest = 8;
    for (const auto& p : sides) {
      longest = std::max(longest, printable(p.player).size());
    }
    out += bar_chart(sides, Metric{heading, m.value, m.label}, c.side, "partnership",
                     std::min<std::size_t>(longest, 24));
    out += "</section>\n";
  }
}

// A kind's tables and charts. Section ids: "season", "players",
// "night-1"; for the partnerships "partnerships", "partnership-chart",
// "partnerships-night-1"; in a mixed report "call-deuces-season" and so on.
void kind_sections(std::string& out, const ScoreView& v, const KindStandings& k, const Colours& c) {
  const Standings& s = v.standings;
  const std::string id = mixed(s) ? fmt::format("{}-", table_kind_info(k.kind).id) : std::string();
  const bool pairs = table_kind_info(k.kind).partnerships;
  html_standings(out, v, k, k.season, id + "season");
  if (pairs) {
    html_standings(out, v, k, k.pair_season, id + "partnerships", true);
  }
  season_charts(out, s, k, id, c);
  if (v.by_night) {
    for (std::size_t n = 0; n < k.nights.size(); ++n) {
      html_standings(out, v, k, k.nights[n], fmt::format("{}night-{}", id, n + 1));
      if (pairs) {
        html_standings(out, v, k, k.pair_nights[n], fmt::format("{}partnerships-night-{}", id, n + 1), true);
      }
    }
  }
}

// Each game: its running scores hand by hand, a legend with the final
// scores, and the final table.
std::string games_section(const ScoreView& v, const Colours& c) {
  const Standings& s = v.standings;
  std::string out = "<section id=\"games\"><h2>Games</h2>\n<p class=\"meta\">Running scores hand by hand.</p>\n"
                    "<div class=\"games\">\n";
  for (const auto& g : s.games) {
    out += fmt::format("<figure class=\"game\" data-game=\"{}\"><figcaption>{}{}</figcaption>\n",
                       esc(g.id.empty() ? g.file : g.id),
                       g.errors > 0 ? "<span class=\"mark\" title=\"this record has errors\">* </span>" : "",
                       esc(board_name(v, g)));
    out += fmt::format("<p class=\"note\">{}{}{}{}</p>\n",
                       esc(mixed(s) ? fmt::format("{} · ", table_kind_info(g.kind).title) : std::string()),
                       esc(g.night.empty() ? "" : g.night + " · "), esc(result_text(g)),
                       esc(g.errors > 0 ? " · " + board_error(v, g) : std::string()));
    const auto& lines = g.sides.empty() ? c.player : c.side;
    if (!g.running.empty()) {
      out += running_chart(g, lines);
    } else {
      out += "<p class=\"note\">No hand-by-hand scores in this record.</p>\n";
    }
    std::vector<page::LegendEntry> legend;
    const std::vector<std::string> names = series(g);
    for (std::size_t p = 0; p < names.size(); ++p) {
      legend.push_back({lines.at(names[p]),
                        esc(names[p]) + (p < g.score.size() ? fmt::format(" {}", g.score[p]) : std::string())});
    }
    out += page::legend(legend);
    out += final_table(g);
    out += "</figure>\n";
  }
  out += "</div></section>\n";
  return out;
}

std::string html_report(const ScoreView& v) {
  const Standings& s = v.standings;
  const Colours c = colours(s);
  std::string out = page::head("trickref score", title(v), style()) +
                    fmt::format("<header><h1>{}</h1><p class=\"meta\">{}{}. Ranked by {}.</p></header>\n",
                                esc(title(v)), esc(results_up_to(s)), esc(counted_line(s)), report_keys_text(s));
  for (const auto& k : s.kinds) {
    kind_sections(out, v, k, c);
  }
  out += games_section(v, c);
  out += player_sections(v);
  if (!s.excluded.empty()) {
    out += "<section id=\"excluded\"><h2>Left out</h2><ul class=\"excluded\">\n";
    for (const auto& e : s.excluded) {
      out += fmt::format("<li>{}</li>\n", esc(board_excluded(v, e)));
    }
    out += "</ul></section>\n";
  }
  out += "<footer><p class=\"note\">Made by trickref score.</p></footer>\n";
  out += page::kEnd;
  return out;
}

}  // namespace
}  // namespace board

std::string standings_html(const ScoreView& v) { return board::html_report(v); }

}  // namespace trickref
