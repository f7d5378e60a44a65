#include "score/render.h"

#include <fmt/format.h>

#include "base/text.h"

#include "score/columns.h"

namespace trickref {
namespace board {
namespace {

std::string md_escape(const std::string& s) {
  std::string out;
  for (char c : printable(s)) {
    if (c == '|' || c == '*' || c == '_' || c == '`' || c == '\\' || c == '<' || c == '[' || c == ']') {
      out += '\\';
    }
    out += c == '\n' || c == '\r' ? ' ' : c;
  }
  return out;
}

void md_table(std::string& out, const std::vector<Column>& cols, const std::vector<PlayerLine>& rows) {
  std::string head = "|";
  std::string rule = "|";
  for (const auto& c : cols) {
    head += fmt::format(" {} |", c.title);
    rule += c.left ? " :--- |" : " ---: |";
  }
  out += head + "\n" + rule + "\n";
  for (const auto& p : rows) {
    std::string l = "|";
    for (const auto& c : cols) {
      l += fmt::format(" {} |", md_escape(c.text(p)));
    }
    out += l + "\n";
  }
}

// "Key: **Bids**: contracts the player won in the auction; ..." for the
// columns that say what they count (empty when none do).
std::string md_key(const TableKey& key) {
  std::string out;
  for (const auto& c : key.cols) {
    out += fmt::format("{}**{}**: {}", out.empty() ? "Key: " : "; ", md_escape(std::string(c.title)),
                       md_escape(std::string(c.help)));
  }
  if (out.empty()) {
    return out;
  }
  return key.note.empty() ? out + "." : fmt::format("{}. {}", out, md_escape(std::string(key.note)));
}

void md_standings(std::string& out, const ScoreView& v, const KindStandings& k, const Table& t,
                  std::string_view level, bool partnerships = false) {
  const auto cols = board_columns(shown(columns(v.league, k.kind, partnerships)), t);
  out += fmt::format("{} {}\n\n{}{}.\n\n", level, table_heading(v.standings, k, t, partnerships),
                     plural(t.games, "game", "games"), kind_keys_note(v.standings, k));
  if (!t.ranked.empty()) {
    md_table(out, cols, t.ranked);
    out += "\n";
  }
  if (!t.unranked.empty()) {
    out += fmt::format("{}:\n\n", unranked_heading(v.league));
    md_table(out, cols, t.unranked);
    out += "\n";
  }
  if (t.season) {
    if (const std::string key = md_key(table_key(cols, k.kind, partnerships)); !key.empty()) {
      out += key + "\n\n";
    }
  }
}

std::string markdown_report(const ScoreView& v) {
  const Standings& s = v.standings;
  std::string out =
      fmt::format("# {}\n\n{}Ranked by {}.\n\n", md_escape(title(v)), results_up_to(s), report_keys_text(s));
  for (const auto& k : s.kinds) {
    const bool pairs = table_kind_info(k.kind).partnerships;
    md_standings(out, v, k, k.season, "##");
    if (pairs) {
      md_standings(out, v, k, k.pair_season, "##", true);
    }
    if (v.by_night) {
      for (std::size_t n = 0; n < k.nights.size(); ++n) {
        md_standings(out, v, k, k.nights[n], "##");
        if (pairs) {
          md_standings(out, v, k, k.pair_nights[n], "##", true);
        }
      }
    }
  }
  out += fmt::format("## Games\n\n{}.\n\n", counted_line(s));
  for (const auto& g : s.games) {
    out += fmt::format("- {}{}: {}{}\n", g.errors > 0 ? "\\* " : "", md_escape(board_name(v, g)),
                       md_escape(result_text(g)),
                       g.errors > 0 ? fmt::format(" ({})", md_escape(board_error(v, g))) : std::string());
  }
  if (!s.excluded.empty()) {
    out += "\n## Left out\n\n";
    for (const auto& e : s.excluded) {
      out += fmt::format("- {}\n", md_escape(board_excluded(v, e)));
    }
  }
  return out;
}

}  // namespace
}  // namespace board

std::string standings_markdown(const ScoreView& v) { return board::markdown_report(v); }

}  // namespace trickref
