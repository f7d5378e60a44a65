// The column model of `trickref score`'s tables, and the words every
// format says the same way (headings, game names, the counted line). Each
// format (render_text.cpp, render_csv.cpp, render_json.cpp, render_md.cpp,
// render_html.cpp) lays these out; none words a column or a heading itself.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "score/render.h"

namespace trickref::board {

// ------------------------------------------------------------ the columns

struct Column {
  std::string_view title;  // text, Markdown and HTML header
  std::string_view key;    // CSV header and JSON key
  std::function<std::string(const PlayerLine&)> text;
  std::function<nlohmann::ordered_json(const PlayerLine&)> json;
  std::function<std::string(const PlayerLine&)> csv;  // the CSV cell
  bool left = false;       // left-aligned (names)
  std::string_view help;   // what it counts: the HTML and Markdown key, the HTML header title; empty: none
  bool shown = true;       // false: in JSON and CSV only (not in the text, Markdown and HTML tables)
};

// A table's columns, in order: rank, player (or partnership) and the game
// results (placing only when the league awards it), then its kind's own.
[[nodiscard]] std::vector<Column> columns(const League& league, TableKind kind, bool partnerships = false);

// A season table's shown columns, with a Move column after the name when the
// table knows the ranks before the last night (--by night).
[[nodiscard]] std::vector<Column> board_columns(std::vector<Column> cols, const Table& t);

// The columns a text, Markdown or HTML table shows.
[[nodiscard]] std::vector<Column> shown(std::vector<Column> cols);

// The key under a season table (HTML and Markdown): the columns that say
// what they count, then a sentence; a partnership table explains its first
// column only, its others being the players' table's.
struct TableKey {
  std::vector<Column> cols;
  std::string_view note;
};
[[nodiscard]] TableKey table_key(const std::vector<Column>& cols, TableKind kind, bool partnerships);

// Quota made per hand as the tables show it ("62.5%", "-" without hands).
[[nodiscard]] std::string percent(const PlayerLine& p);
[[nodiscard]] std::string fixed2(double x);

// "Ann & Cat": a partnership's players.
[[nodiscard]] std::string members_text(const PlayerLine& p);

// How a partnership is shown: its name, and its players when the name is
// the record's `teams` name ("Tigers (Ann & Cat)").
[[nodiscard]] std::string side_label(const std::string& name, const std::vector<std::string>& members);

// How a row names its player, or its partnership.
[[nodiscard]] std::string row_label(const PlayerLine& p);

// The courts games (court-piece.md), whose points are courts.
[[nodiscard]] bool courts(TableKind kind);

// ------------------------------------------------------------ the words

// "wins, then points"; for the courts games, whose points are courts,
// "wins, then courts won".
[[nodiscard]] std::string keys_text(const std::vector<RankKey>& keys, bool courts = false);

// "1 game", "2 games".
[[nodiscard]] std::string plural(long long n, std::string_view one, std::string_view many);

// The league's name, or "Standings".
[[nodiscard]] std::string title(const ScoreView& v);

// More than one kind of game: each table's heading names its kind.
[[nodiscard]] bool mixed(const Standings& s);

// The report's ranking keys, as its heading says them.
[[nodiscard]] std::string report_keys_text(const Standings& s);

// "Season standings", or "Call Deuces: season standings" in a mixed report.
[[nodiscard]] std::string kind_heading(const Standings& s, const KindStandings& k, std::string_view heading);

// "Night 2026-12-03"; a partnership table's "Partnerships: night
// 2026-12-03", in a mixed report "Court Piece partnerships: night 2026-12-03".
[[nodiscard]] std::string table_heading(const Standings& s, const KindStandings& k, const Table& t,
                                        bool partnerships = false);

// "; ranked by wins, then points" when a kind ranks by other keys than the
// report's heading says (fewer of them, or the courts games' points).
[[nodiscard]] std::string kind_keys_note(const Standings& s, const KindStandings& k);

// "Fewer than 3 games (not ranked)".
[[nodiscard]] std::string unranked_heading(const League& league);

// "x.yaml game 2", or "g-7 (x.yaml)": a game by its source.
[[nodiscard]] std::string game_name(const GameLine& g);
[[nodiscard]] std::string excluded_name(const Excluded& e);

// A game as the notice board names it: its title, or with --show-sources
// its id (or file) as well.
[[nodiscard]] std::string board_name(const ScoreView& v, const GameLine& g);

// A game left out, as the notice board names it: its title and why, in
// words (with --show-sources its id or file as well, and the reason located).
[[nodiscard]] std::string board_excluded(const ScoreView& v, const Excluded& e);

// A flagged game's first error as the notice board gives it.
[[nodiscard]] std::string board_error(const ScoreView& v, const GameLine& g);

// "Results up to 2026-11-26. ": the latest date among the games counted.
[[nodiscard]] std::string results_up_to(const Standings& s);

// "won by Ann and Cat", "a draw" (finished, no winner), "unfinished".
[[nodiscard]] std::string result_text(const GameLine& g);

// "12 games counted, 1 unfinished, 2 with errors (marked *), 1 left out".
[[nodiscard]] std::string counted_line(const Standings& s);

}  // namespace trickref::board
