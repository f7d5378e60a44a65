#include "score/render.h"

#include <algorithm>

#include <fmt/format.h>

#include "base/text.h"

#include "score/columns.h"

namespace trickref {
namespace board {
namespace {

void text_table(std::string& out, const std::vector<Column>& cols, const std::vector<PlayerLine>& rows) {
  std::vector<std::size_t> width(cols.size());
  std::vector<std::vector<std::string>> cells;
  for (std::size_t c = 0; c < cols.size(); ++c) {
    width[c] = cols[c].title.size();
  }
  for (const auto& p : rows) {
    auto& r = cells.emplace_back();
    for (std::size_t c = 0; c < cols.size(); ++c) {
      r.push_back(printable(clip(cols[c].text(p))));
      width[c] = std::max(width[c], display_width(r.back()));
    }
  }
  auto line = [&](auto cell) {
    std::string l;
    for (std::size_t c = 0; c < cols.size(); ++c) {
      const std::string s = cell(c);
      l += c == 0 ? "" : "  ";
      const std::string fill(width[c] - std::min(width[c], display_width(s)), ' ');
      l += cols[c].left || c == 0 ? s + fill : fill + s;
    }
    while (!l.empty() && l.back() == ' ') {
      l.pop_back();
    }
    out += l + "\n";
  };
  line([&](std::size_t c) { return std::string(cols[c].title); });
  for (const auto& r : cells) {
    line([&](std::size_t c) { return r[c]; });
  }
}

void text_standings(std::string& out, const ScoreView& v, const KindStandings& k, const Table& t,
                    bool partnerships = false) {
  const auto cols = board_columns(shown(columns(v.league, k.kind, partnerships)), t);
  out += fmt::format("{} ({}{})\n\n", printable(clip(table_heading(v.standings, k, t, partnerships))),
                     plural(t.games, "game", "games"), kind_keys_note(v.standings, k));
  if (t.ranked.empty() && t.unranked.empty()) {
    out += "No games counted.\n";
    return;
  }
  if (!t.ranked.empty()) {
    text_table(out, cols, t.ranked);
  }
  if (!t.unranked.empty()) {
    out += fmt::format("{}{}:\n", t.ranked.empty() ? "" : "\n", unranked_heading(v.league));
    text_table(out, cols, t.unranked);
  }
}

std::string aliases_text(const SimilarNames& n) {
  return fmt::format("aliases: {{{}: [{}]}}", n.keep, n.merge);
}

std::string similar_text(const SimilarNames& n) {
  return fmt::format("'{}' ({}) and '{}' ({}) never sit in the same game and differ {}: if they are one player, "
                     "add to the league settings: {}",
                     printable(clip(n.merge)), plural(n.merge_games, "game", "games"), printable(clip(n.keep)),
                     plural(n.keep_games, "game", "games"),
                     n.case_or_accents ? "only by case or accents" : "by one letter", printable(clip(aliases_text(n))));
}

std::string text_report(const ScoreView& v) {
  const Standings& s = v.standings;
  std::string out = fmt::format("{}: ranked by {}\n", printable(clip(title(v))), report_keys_text(s));
  for (const auto& k : s.kinds) {
    const bool pairs = table_kind_info(k.kind).partnerships;
    out += "\n";
    if (v.by_night) {
      for (std::size_t n = 0; n < k.nights.size(); ++n) {
        text_standings(out, v, k, k.nights[n]);
        out += "\n";
        if (pairs) {
          text_standings(out, v, k, k.pair_nights[n], true);
          out += "\n";
        }
      }
    }
    text_standings(out, v, k, k.season);
    if (pairs) {
      out += "\n";
      text_standings(out, v, k, k.pair_season, true);
    }
  }
  out += fmt::format("\nGames: {}\n", counted_line(s));
  for (const auto& g : s.games) {
    if (g.errors > 0) {
      out += fmt::format("  * {}: {}; first: {}\n", printable(game_name(g)), plural(g.errors, "error", "errors"),
                         printable(g.first_error));
    }
  }
  if (!s.excluded.empty()) {
    out += "Left out:\n";
    for (const auto& e : s.excluded) {
      out += fmt::format("  {}: {}\n", printable(excluded_name(e)), printable(e.reason));
    }
  }
  return out;
}

}  // namespace
}  // namespace board

std::string aliases_line(const SimilarNames& n) { return board::aliases_text(n); }
std::string similar_names_text(const SimilarNames& n) { return board::similar_text(n); }
std::string standings_text(const ScoreView& v) { return board::text_report(v); }

}  // namespace trickref
