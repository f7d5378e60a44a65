#include "score/render.h"

#include <algorithm>
#include <array>
#include <cassert>
#include <cmath>
#include <filesystem>
#include <functional>
#include <map>
#include <numeric>

#include <fmt/format.h>

#include "base/text.h"

namespace trickref {
namespace {

// ------------------------------------------------------------ the columns

double rounded(double x, double scale) { return std::round(x * scale) / scale; }

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

template <typename T>
Column number(std::string_view title, std::string_view key, T PlayerLine::*field, std::string_view help = {}) {
  auto text = [field](const PlayerLine& p) { return std::to_string(p.*field); };
  return Column{title, key, text, [field](const PlayerLine& p) { return nlohmann::ordered_json(p.*field); }, text,
                false, help};
}

// part / whole: a percentage in the tables ("-" when whole is 0), a fraction
// to 4 decimals in JSON and CSV (0 when whole is 0).
Column rate(std::string_view title, std::string_view key, int PlayerLine::*part, int PlayerLine::*whole,
            std::string_view help = {}) {
  auto fraction = [part, whole](const PlayerLine& p) {
    return p.*whole == 0 ? 0.0 : static_cast<double>(p.*part) / p.*whole;
  };
  return Column{title,
                key,
                [part, whole](const PlayerLine& p) {
                  return p.*whole == 0 ? std::string("-") : fmt::format("{:.1f}%", 100.0 * p.*part / p.*whole);
                },
                [fraction](const PlayerLine& p) { return nlohmann::ordered_json(rounded(fraction(p), 10000)); },
                [fraction](const PlayerLine& p) { return fmt::format("{:.4f}", fraction(p)); },
                false,
                help};
}

std::string percent(const PlayerLine& p) {
  return p.hands == 0 ? "-" : fmt::format("{:.1f}%", 100.0 * p.quota_made / p.hands);
}

std::string fixed2(double x) { return fmt::format("{:.2f}", x); }

// The quota games' own columns (rules.md: tricks against quota, plucks).
std::vector<Column> quota_columns() {
  return {
      number("Hands", "hands", &PlayerLine::hands, "hands whose tricks are known"),
      number("Made", "quota_made", &PlayerLine::quota_made, "of those, the hands in which the player took at least "
                                                             "their quota"),
      rate("Made%", "quota_rate", &PlayerLine::quota_made, &PlayerLine::hands, "quota made per hand (Made / Hands)"),
      number("Over", "over", &PlayerLine::over, "tricks taken above quota, summed over the hands"),
      number("Short", "short", &PlayerLine::short_, "tricks short of quota, summed over the hands"),
      number("Plucks", "plucks_made", &PlayerLine::plucks_made,
             "plucks the player made: cards taken from a player who fell short"),
      number("Plucked", "plucks_suffered", &PlayerLine::plucks_suffered, "plucks made from the player"),
  };
}

// The contract games' own columns (call-deuces.md §2.2-§2.6: the auction,
// the partner, made or set).
std::vector<Column> contract_columns() {
  return {
      number("Hands", "hands", &PlayerLine::contract_hands, "hands played with a contract (all-pass hands are not)"),
      number("Bids", "contracts", &PlayerLine::contracts, "contracts the player won in the auction"),
      number("Made", "contracts_made", &PlayerLine::contracts_made,
             "of those, the ones whose side took at least the bid"),
      number("Set", "contracts_set", &PlayerLine::contracts_set, "of those, the ones whose side fell short"),
      number("Solo", "solo_bids", &PlayerLine::solo_bids,
             "contracts played without a partner (the bidder held or discarded the partner card)"),
      rate("Solo%", "solo_rate", &PlayerLine::solo_bids, &PlayerLine::contracts, "solo bids per contract bid"),
      number("SoloMade", "solo_made", &PlayerLine::solo_made, "solo contracts made"),
      number("Partner", "partner_hands", &PlayerLine::partner_hands,
             "hands in which the player was the bidder's partner (held the partner card)"),
      rate("Partner%", "partner_rate", &PlayerLine::partner_hands, &PlayerLine::contract_hands,
           "partner hands per hand played with a contract (Partner / Hands)"),
  };
}

// The game results every table has: games played, finished and won, the
// points (final game scores) summed and per game.
std::vector<Column> result_columns() {
  const auto average = [](const PlayerLine& p) { return fixed2(p.average()); };
  return {
      number("Games", "games", &PlayerLine::games, "games played"),
      number("Fin", "finished", &PlayerLine::finished, "games that reached their end"),
      number("Wins", "wins", &PlayerLine::wins, "finished games won (a shared win counts for each winner)"),
      number("Points", "points", &PlayerLine::points, "final game scores, summed over games"),
      {"Avg", "average", average, [](const PlayerLine& p) { return nlohmann::ordered_json(rounded(p.average(), 100)); },
       average, false, "points per game"},
  };
}

// The courts games' results (court-piece.md §3.6), the player's side's in
// each game: draws beside wins, and the game score (points) is courts, for
// and against.
std::vector<Column> courts_result_columns() {
  const auto average = [](const PlayerLine& p) { return fixed2(p.average()); };
  return {
      number("Games", "games", &PlayerLine::games, "games played"),
      number("Fin", "finished", &PlayerLine::finished, "games that reached their end"),
      number("Wins", "wins", &PlayerLine::wins, "finished games the side won"),
      number("Draws", "draws", &PlayerLine::draws, "finished games with no winner (the sides level on courts)"),
      number("For", "points", &PlayerLine::points,
             "courts the side won, summed over games (the games' points: the ranking's points are these)"),
      number("Against", "courts_against", &PlayerLine::courts_against, "courts the other side won"),
      {"Avg", "average", average, [](const PlayerLine& p) { return nlohmann::ordered_json(rounded(p.average(), 100)); },
       average, false, "courts for per game"},
  };
}

// The courts games' own columns (court-piece.md §3.3, §3.4): the hands.
std::vector<Column> courts_columns() {
  return {
      number("Hands", "hands", &PlayerLine::court_hands, "hands whose result is known"),
      number("Won", "hands_won", &PlayerLine::hands_won, "hands the side won"),
      number("Early", "early_courts", &PlayerLine::early_courts,
             "early courts the side scored: each of the first seven tricks won (all thirteen included)"),
      number("Streak", "longest_streak", &PlayerLine::longest_streak,
             "the most hands the side won in a row in one game (a hand neither side won does not break it)"),
  };
}

// Each kind of table's columns: its game results and its own.
struct ColumnSet {
  TableKind kind;
  std::vector<Column> (*results)();
  std::vector<Column> (*columns)();
  std::string_view placing_help;  // the placing column's key entry; empty: none
};

constexpr std::array<ColumnSet, 3> kColumnSets{{
    {TableKind::kQuota, result_columns, quota_columns, "league placing points: the player's place in each game"},
    {TableKind::kContract, result_columns, contract_columns,
     "league placing points: the player's place in each game"},
    {TableKind::kCourts, courts_result_columns, courts_columns, "league placing points: the side's place in each game"},
}};

std::string members_text(const PlayerLine& p) {
  std::string out;
  for (const auto& m : p.members) {
    out += (out.empty() ? "" : " & ") + m;
  }
  return out;
}

// How a partnership is shown: its name, and its players when the name is
// the record's `teams` name ("Tigers (Ann & Cat)").
std::string side_label(const std::string& name, const std::vector<std::string>& members) {
  std::string joined;
  for (const auto& m : members) {
    joined += (joined.empty() ? "" : " & ") + m;
  }
  return members.empty() || joined == name ? name : fmt::format("{} ({})", name, joined);
}

// How a row names its player, or its partnership.
std::string row_label(const PlayerLine& p) { return side_label(p.player, p.members); }

bool courts(TableKind kind) { return kind == TableKind::kCourts; }

constexpr std::string_view kPartnershipHelp =
    "the same two players whichever seats they sat in: the record's teams name (with the players), else the players";

// A table's columns, in order: rank, player (or partnership) and the game
// results (placing only when the league awards it), then its kind's own.
std::vector<Column> columns(const League& league, TableKind kind, bool partnerships = false) {
  const auto rank = [](const PlayerLine& p) { return rank_text(p); };
  const auto name = [](const PlayerLine& p) { return p.player; };
  std::vector<Column> c{{"Rank", "rank", rank, {}, rank, false, {}}};  // JSON and CSV give rank and tied apart
  if (partnerships) {
    c.push_back({"Partnership", "partnership", row_label,
                 [](const PlayerLine& p) { return nlohmann::ordered_json(p.player); }, name, true, kPartnershipHelp});
    c.push_back({"Players", "players", members_text,
                 [](const PlayerLine& p) { return nlohmann::ordered_json(p.members); }, members_text, true, {},
                 false});
  } else {
    c.push_back({"Player", "player", name, [](const PlayerLine& p) { return nlohmann::ordered_json(p.player); },
                 name, true, {}});
  }
  const auto* set =
      std::find_if(kColumnSets.begin(), kColumnSets.end(), [&](const ColumnSet& s) { return s.kind == kind; });
  assert(set != kColumnSets.end());
  const std::vector<Column> results = set->results();
  c.insert(c.end(), results.begin(), results.end());
  if (!league.placing_points.empty()) {
    c.push_back(number("Placing", "placing", &PlayerLine::placing, set->placing_help));
  }
  const std::vector<Column> own = set->columns();
  c.insert(c.end(), own.begin(), own.end());
  return c;
}

// "+2" (up two places since the previous night), "-1", "=", or "new" (not
// ranked before the last night); "" where not known.
std::string movement(const PlayerLine& p) {
  if (!p.previous_rank || p.rank == 0) {
    return {};
  }
  if (*p.previous_rank == 0) {
    return "new";
  }
  const int up = *p.previous_rank - p.rank;
  return up == 0 ? "=" : fmt::format("{:+d}", up);
}

// A season table's shown columns, with a Move column after the name when the
// table knows the ranks before the last night (--by night).
std::vector<Column> board_columns(std::vector<Column> cols, const Table& t) {
  const bool moved =
      std::any_of(t.ranked.begin(), t.ranked.end(), [](const PlayerLine& p) { return p.previous_rank.has_value(); });
  if (moved) {
    const auto json = [](const PlayerLine& p) { return nlohmann::ordered_json(movement(p)); };
    cols.insert(cols.begin() + 2, Column{"Move", "movement", movement, json, movement, false,
                                         "places up (+) or down (-) in the season standings since the previous "
                                         "night; new: not ranked before it"});
  }
  return cols;
}

// The columns a text, Markdown or HTML table shows.
std::vector<Column> shown(std::vector<Column> cols) {
  std::erase_if(cols, [](const Column& c) { return !c.shown; });
  return cols;
}

// The key under a season table (HTML and Markdown): the columns that say
// what they count, then a sentence; a partnership table explains its first
// column only, its others being the players' table's.
struct TableKey {
  std::vector<Column> cols;
  std::string_view note;
};

TableKey table_key(const std::vector<Column>& cols, TableKind kind, bool partnerships) {
  TableKey key;
  std::copy_if(cols.begin(), cols.end(), std::back_inserter(key.cols), [&](const Column& c) {
    return !c.help.empty() && (!partnerships || c.key == "partnership");
  });
  if (partnerships) {
    key.note = "The other columns are the partnership's figures, as in the players' table.";
  } else if (courts(kind)) {
    key.note = "A player's figures are their side's in each game they played.";
  }
  return key;
}

// "wins, then points"; for the courts games, whose points are courts,
// "wins, then courts won".
std::string keys_text(const std::vector<RankKey>& keys, bool courts = false) {
  std::string out;
  for (std::size_t i = 0; i < keys.size(); ++i) {
    const std::string_view name = keys[i] == RankKey::kQuotaRate ? "quota rate"
                                  : keys[i] == RankKey::kAverage ? (courts ? "average courts" : "average points")
                                  : keys[i] == RankKey::kPlacing ? "placing points"
                                  : keys[i] == RankKey::kPoints && courts ? "courts won"
                                                                 : rank_key_name(keys[i]);
    out += i == 0 ? "" : i + 1 == keys.size() ? ", then " : ", then ";
    out += name;
  }
  return out;
}

std::string plural(long long n, std::string_view one, std::string_view many) {
  return fmt::format("{} {}", n, n == 1 ? one : many);
}

std::string title(const ScoreView& v) { return v.league.name.empty() ? std::string("Standings") : v.league.name; }

// More than one kind of game: each table's heading names its kind.
bool mixed(const Standings& s) { return s.kinds.size() > 1; }

// The report's ranking keys, as its heading says them.
std::string report_keys_text(const Standings& s) {
  return keys_text(s.rank_by, !mixed(s) && !s.kinds.empty() && courts(s.kinds.front().kind));
}

// "Season standings", or "Call Deuces: season standings" in a mixed report.
std::string kind_heading(const Standings& s, const KindStandings& k, std::string_view heading) {
  if (!mixed(s) || heading.empty()) {
    return std::string(heading);
  }
  std::string rest(heading);
  if (rest[0] >= 'A' && rest[0] <= 'Z') {
    rest[0] = static_cast<char>(rest[0] - 'A' + 'a');
  }
  return fmt::format("{}: {}", table_kind_info(k.kind).title, rest);
}

// "Night 2026-12-03"; a partnership table's "Partnerships: night
// 2026-12-03", in a mixed report "Court Piece partnerships: night 2026-12-03".
std::string table_heading(const Standings& s, const KindStandings& k, const Table& t, bool partnerships = false) {
  const std::string heading =
      t.season ? "Season standings" : t.night.empty() ? "Games with no night" : fmt::format("Night {}", t.night);
  if (!partnerships) {
    return kind_heading(s, k, heading);
  }
  return fmt::format("{}: {}{}",
                     mixed(s) ? fmt::format("{} partnerships", table_kind_info(k.kind).title) : "Partnerships",
                     static_cast<char>(heading[0] - 'A' + 'a'), heading.substr(1));
}

// "; ranked by wins, then points" when a kind ranks by other keys than the
// report's heading says (fewer of them, or the courts games' points).
std::string kind_keys_note(const Standings& s, const KindStandings& k) {
  const std::string keys = keys_text(k.rank_by, courts(k.kind));
  return keys == report_keys_text(s) ? std::string() : fmt::format("; ranked by {}", keys);
}

std::string unranked_heading(const League& league) {
  return fmt::format("Fewer than {} (not ranked)", plural(league.min_games, "game", "games"));
}

std::string game_name(const GameLine& g) {
  return g.id.empty() ? fmt::format("{} game {}", g.file, g.index + 1) : fmt::format("{} ({})", g.id, g.file);
}

std::string excluded_name(const Excluded& e) {
  return e.id.empty() ? fmt::format("{} game {}", e.file, e.index + 1) : fmt::format("{} ({})", e.id, e.file);
}

// A game as the notice board names it: its title, or with --show-sources
// its id (or file) as well.
std::string board_name(const ScoreView& v, const GameLine& g) {
  return v.show_sources ? fmt::format("{} ({})", g.title, game_name(g)) : g.title;
}

// A game left out, as the notice board names it: its title and why, in
// words (with --show-sources its id or file as well, and the reason located).
std::string board_excluded(const ScoreView& v, const Excluded& e) {
  return v.show_sources ? fmt::format("{} ({}): {}", e.title, excluded_name(e), e.reason)
                        : fmt::format("{}: {}", e.title, e.words);
}

// A flagged game's first error as the notice board gives it.
std::string board_error(const ScoreView& v, const GameLine& g) {
  return fmt::format("{}; first: {}", plural(g.errors, "error", "errors"),
                     v.show_sources ? g.first_error : g.first_error_words);
}

// "results up to 2026-11-26": the latest date among the games counted.
std::string results_up_to(const Standings& s) {
  std::string latest;
  for (const auto& g : s.games) {
    latest = std::max(latest, g.date);
  }
  return latest.empty() ? std::string() : "Results up to " + latest + ". ";
}

// "won by Ann and Cat", "a draw" (finished, no winner), "unfinished".
std::string result_text(const GameLine& g) {
  if (!g.finished) {
    return "unfinished";
  }
  std::string winners;
  for (const auto& w : g.winners) {
    winners += (winners.empty() ? "" : " and ") + w;
  }
  return winners.empty() ? "a draw" : "won by " + winners;
}

std::string counted_line(const Standings& s) {
  const auto marked = std::count_if(s.games.begin(), s.games.end(), [](const auto& g) { return g.errors > 0; });
  const auto unfinished = std::count_if(s.games.begin(), s.games.end(), [](const auto& g) { return !g.finished; });
  std::string out = fmt::format("{} counted", plural(static_cast<long long>(s.games.size()), "game", "games"));
  if (unfinished > 0) {
    out += fmt::format(", {} unfinished", unfinished);
  }
  if (marked > 0) {
    out += fmt::format(", {} with errors (marked *)", marked);
  }
  if (!s.excluded.empty()) {
    out += fmt::format(", {} left out", s.excluded.size());
  }
  return out;
}

// ------------------------------------------------------------------ text

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

// ------------------------------------------------------------------- CSV

std::string csv_field(const std::string& s) {
  if (s.find_first_of(",\"\r\n") == std::string::npos) {
    return s;
  }
  std::string out = "\"";
  for (char c : s) {
    out += c == '"' ? std::string("\"\"") : std::string(1, c);
  }
  return out + "\"";
}

// ------------------------------------------------------------------ JSON

nlohmann::ordered_json rows_json(const std::vector<Column>& cols, const std::vector<PlayerLine>& rows) {
  auto j = nlohmann::ordered_json::array();
  for (const auto& p : rows) {
    nlohmann::ordered_json row;
    if (p.rank > 0) {
      row["rank"] = p.rank;
      row["tied"] = p.tied;
    }
    for (std::size_t c = 1; c < cols.size(); ++c) {
      row[std::string(cols[c].key)] = cols[c].json(p);
    }
    j.push_back(row);
  }
  return j;
}

// A kind's tables: "standings" (the season's ranked players), "unranked",
// for the games of fixed sides "partnerships" and "unranked_partnerships",
// then "nights" (each with its "partnerships" where the kind has them).
void kind_json(nlohmann::ordered_json& j, const ScoreView& v, const KindStandings& k) {
  const bool pairs = table_kind_info(k.kind).partnerships;
  const auto cols = columns(v.league, k.kind);
  const auto pair_cols = columns(v.league, k.kind, true);
  j["standings"] = rows_json(cols, k.season.ranked);
  j["unranked"] = rows_json(cols, k.season.unranked);
  if (pairs) {
    j["partnerships"] = rows_json(pair_cols, k.pair_season.ranked);
    j["unranked_partnerships"] = rows_json(pair_cols, k.pair_season.unranked);
  }
  auto nights = nlohmann::ordered_json::array();
  if (v.by_night) {
    for (std::size_t i = 0; i < k.nights.size(); ++i) {
      const Table& t = k.nights[i];
      nlohmann::ordered_json n;
      n["night"] = t.night.empty() ? nlohmann::ordered_json() : nlohmann::ordered_json(t.night);
      n["games"] = t.games;
      n["standings"] = rows_json(cols, t.ranked);
      if (pairs) {
        n["partnerships"] = rows_json(pair_cols, k.pair_nights[i].ranked);
      }
      nights.push_back(n);
    }
  }
  j["nights"] = nights;
}

nlohmann::ordered_json keys_json(const std::vector<RankKey>& keys) {
  auto j = nlohmann::ordered_json::array();
  for (RankKey k : keys) {
    j.push_back(rank_key_name(k));
  }
  return j;
}

// -------------------------------------------------------------- Markdown

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

// ------------------------------------------------------------------ HTML

std::string html_escape(std::string_view s) { return html_text(s); }

// Colour-blind-safe palette (Okabe-Ito, then Tol's muted), one per player by name.
constexpr std::array<std::string_view, 12> kPalette{"#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00",
                                                    "#56B4E9", "#332288", "#882255", "#117733", "#999933",
                                                    "#AA4499", "#000000"};

std::string num(double x) {
  std::string s = fmt::format("{:.1f}", x);
  if (s.size() > 2 && s.substr(s.size() - 2) == ".0") {
    s.resize(s.size() - 2);
  }
  return s;
}

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
                       shown, html_escape(names[i]), g.score[i]);
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
      num(kW), num(kH), html_escape(g.id), html_escape(g.id), html_escape(g.id.empty() ? g.file : g.id));
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
                       g.sides.empty() ? "player" : "side", html_escape(names[s]), colour.at(names[s]), points);
  }
  out += "</svg>\n";
  return out;
}

struct Metric {
  std::string heading;
  std::function<double(const PlayerLine&)> value;
  std::function<std::string(const PlayerLine&)> label;
};

// The bar chart of a ranking key, per player (or per `who`: "partnership");
// the courts games' points are courts.
Metric chart_metric(RankKey key, bool courts = false, std::string_view who = "player") {
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
                      const std::map<std::string, std::string>& colour, std::string_view attr = "player",
                      std::size_t label_chars = 8) {
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
      num(h), html_escape(m.heading), html_escape(m.heading));
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
        num(label_width - 8), num(top + 20), html_escape(p.player),
        html_escape(clip(printable(p.player), label_chars)), attr, html_escape(p.player), num(x0), num(top + 4), num(w),
        num(kRow - 8), colour.at(p.player), num(std::max(x(0), x(v)) + 6), num(top + 20), html_escape(m.label(p)));
  }
  out += "</svg>\n";
  return out;
}

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
                       c.help.empty() ? std::string() : fmt::format(" title=\"{}\"", html_escape(c.help)), c.title);
  }
  out += "</tr></thead><tbody>\n";
  for (const auto& p : rows) {
    out += fmt::format("<tr data-{}=\"{}\">", partnerships ? "partnership" : "player",
                       html_escape(partnerships ? row_label(p) : p.player));
    for (const auto& c : cols) {
      std::string cell = html_escape(c.text(p));
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
                     html_escape(table_heading(v.standings, k, t, partnerships)), plural(t.games, "game", "games"),
                     kind_keys_note(v.standings, k));
  const auto anchors = player_anchors(v.standings);
  if (!t.ranked.empty()) {
    html_table(out, cols, t.ranked, cls, partnerships, anchors);
  }
  if (!t.unranked.empty()) {
    out += fmt::format("<h3>{}</h3>\n", html_escape(unranked_heading(v.league)));
    html_table(out, cols, t.unranked, fmt::format("{} unranked", cls), partnerships, anchors);
  }
  if (t.season) {
    const TableKey legend = table_key(cols, k.kind, partnerships);
    std::string key;
    for (const auto& c : legend.cols) {
      key += fmt::format("{}<b>{}</b>: {}", key.empty() ? "" : "; ", c.title, html_escape(c.help));
    }
    if (!key.empty()) {
      out += fmt::format("<p class=\"note key\">Key: {}.{}</p>\n", key,
                         legend.note.empty() ? std::string() : fmt::format(" {}", html_escape(legend.note)));
    }
  }
  out += "</section>\n";
}

constexpr std::string_view kStyle = R"(
:root{color-scheme:light}
*{box-sizing:border-box}
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;margin:0 auto;
max-width:76rem;padding:1rem;color:#1b1b1b;background:#fff;line-height:1.45}
h1{font-size:1.6rem;margin:.2rem 0}
h2{font-size:1.25rem;margin:1.6rem 0 .4rem;border-bottom:2px solid #0072B2;padding-bottom:.2rem}
h3{font-size:1rem;margin:1rem 0 .3rem}
.meta{color:#555;margin:.2rem 0 .6rem}
.scroll{overflow-x:auto;-webkit-overflow-scrolling:touch}
table{border-collapse:separate;border-spacing:0;width:100%;font-variant-numeric:tabular-nums}
th,td{padding:.35rem .45rem;border-bottom:1px solid #ddd;text-align:right;white-space:nowrap;background:#fff}
thead th{background:#eef4f9;font-weight:600}
tbody th{text-align:left;font-weight:600}
tbody tr:nth-child(even)>*{background:#f4f6f8}
thead th:first-child,tbody td:first-child{position:sticky;left:0;min-width:3rem;z-index:1}
thead th:nth-child(2),tbody th{position:sticky;left:3rem;z-index:1;text-align:left;border-right:1px solid #ddd}
table.unranked td,table.unranked th{color:#555}
svg.chart{width:100%;height:auto;display:block;font-size:15px}
svg.chart.bars{max-width:40rem}
svg .grid line{stroke:#ddd;stroke-width:1}
svg text{fill:#444}
svg polyline.line{fill:none;stroke-width:2.5;stroke-linejoin:round;stroke-linecap:round}
.games{display:grid;grid-template-columns:repeat(auto-fill,minmax(min(100%,24rem),1fr));gap:1rem}
figure.game{margin:0;border:1px solid #ddd;border-radius:6px;padding:.6rem}
figcaption{font-weight:600}
.legend{list-style:none;padding:0;margin:.3rem 0 0;display:flex;flex-wrap:wrap;gap:.2rem 1rem}
.swatch{display:inline-block;width:.9em;height:.9em;border-radius:2px;margin-right:.35em;vertical-align:-.1em}
.mark{color:#b00020;font-weight:600}
.note{color:#555;font-size:.9rem;margin:.2rem 0}
ul.excluded li{margin:.2rem 0}
table.final{width:auto;margin:.5rem 0 0;font-size:.9rem}
table.final caption{text-align:left;color:#555;font-size:.85rem;padding-bottom:.15rem}
table.final th,table.final td{position:static;padding:.15rem .6rem .15rem 0;border-right:none;font-weight:400}
table.final tr.won th,table.final tr.won td{font-weight:700}
.players{display:grid;grid-template-columns:repeat(auto-fill,minmax(min(100%,30rem),1fr));gap:0 1.5rem}
section.player h3{margin-top:1.2rem}
table.games-of th,table.games-of td{position:static;border-right:none;font-weight:400}
table.games-of thead th{font-weight:600}
table.games-of thead th:first-child{text-align:left}
table.games-of tbody th{white-space:normal;min-width:8.5rem}
table.games-of th,table.games-of td{padding-left:.3rem;padding-right:.3rem}
.nowrap{white-space:nowrap}
table.games-of tbody th{text-align:left;white-space:normal}
svg.trend{width:15rem;height:3rem;vertical-align:middle}
svg.trend polyline{fill:none;stroke:#0072B2;stroke-width:2}
svg.trend line.zero{stroke:#ccc;stroke-width:1}
th a{color:inherit}
@media (max-width:40rem){body{padding:.6rem}th,td{padding:.3rem .35rem;font-size:.9rem}}
@media print{
body{max-width:none;padding:0;font-size:10pt}
section{break-inside:avoid-page}
section:has(table.standings){break-before:page}
header+section:has(table.standings){break-before:auto}
.scroll{overflow:visible}
thead th:first-child,tbody td:first-child,thead th:nth-child(2),tbody th{position:static;min-width:0}
th,td{padding:.12rem .22rem;font-size:8pt}
svg.chart{max-width:100%}
section#games{break-inside:auto}
.games{grid-template-columns:1fr 1fr;gap:.5rem}
figure.game{break-inside:avoid;padding:.4rem}
}
)";

}  // namespace

// ------------------------------------------------------------------ text

std::string aliases_line(const SimilarNames& n) {
  return fmt::format("aliases: {{{}: [{}]}}", n.keep, n.merge);
}

std::string similar_names_text(const SimilarNames& n) {
  return fmt::format("'{}' ({}) and '{}' ({}) never sit in the same game and differ {}: if they are one player, "
                     "add to the league settings: {}",
                     printable(clip(n.merge)), plural(n.merge_games, "game", "games"), printable(clip(n.keep)),
                     plural(n.keep_games, "game", "games"),
                     n.case_or_accents ? "only by case or accents" : "by one letter", printable(clip(aliases_line(n))));
}

std::string standings_text(const ScoreView& v) {
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

// ------------------------------------------------------------------- CSV

std::string standings_csv(const ScoreView& v) {
  const Standings& s = v.standings;
  // One header for every kind: the columns of each kind in turn, a key
  // shared by two kinds (hands) once; a row leaves the other kinds' cells
  // empty. In a mixed report the first cell names the row's kind. A
  // partnership's row names it in `partnership` and `players` (after
  // `player`, which it leaves empty).
  std::vector<std::vector<Column>> kind_cols;
  std::vector<std::vector<Column>> pair_cols;
  std::vector<std::string_view> keys;
  for (const auto& k : s.kinds) {
    kind_cols.push_back(columns(v.league, k.kind));
    pair_cols.push_back(table_kind_info(k.kind).partnerships ? columns(v.league, k.kind, true)
                                                             : std::vector<Column>());
    for (std::size_t c = 1; c < kind_cols.back().size(); ++c) {
      if (std::find(keys.begin(), keys.end(), kind_cols.back()[c].key) == keys.end()) {
        keys.push_back(kind_cols.back()[c].key);
      }
    }
  }
  for (const auto& cols : pair_cols) {
    auto at = std::find(keys.begin(), keys.end(), std::string_view("player"));
    for (std::size_t c = 1; c < cols.size() && at != keys.end(); ++c) {
      if (std::find(keys.begin(), keys.end(), cols[c].key) == keys.end()) {
        at = keys.insert(at + 1, cols[c].key);
      }
    }
  }
  std::string out = mixed(s) ? "game,table,night,rank,tied,qualified" : "table,night,rank,tied,qualified";
  for (const auto key : keys) {
    out += fmt::format(",{}", key);
  }
  out += "\r\n";
  auto rows = [&](const KindStandings& k, const std::vector<Column>& cols, const Table& t,
                  const std::vector<PlayerLine>& lines, bool partnerships = false) {
    for (const auto& p : lines) {
      if (mixed(s)) {
        out += fmt::format("{},", table_kind_info(k.kind).id);
      }
      out += fmt::format("{}{},{},{},{},{}", t.season ? "season" : "night", partnerships ? "-partnerships" : "",
                         csv_text(t.night),
                         p.rank > 0 ? std::to_string(p.rank) : std::string(), p.tied ? "true" : "false",
                         p.qualified ? "true" : "false");
      for (const auto key : keys) {
        out += ',';
        const auto col = std::find_if(cols.begin() + 1, cols.end(), [&](const Column& c) { return c.key == key; });
        if (col != cols.end()) {
          const std::string cell = col->csv(p);
          out += col->left ? csv_text(cell) : csv_field(cell);
        }
      }
      out += "\r\n";
    }
  };
  for (std::size_t i = 0; i < s.kinds.size(); ++i) {
    const auto& k = s.kinds[i];
    const bool pairs = !pair_cols[i].empty();
    rows(k, kind_cols[i], k.season, k.season.ranked);
    rows(k, kind_cols[i], k.season, k.season.unranked);
    if (pairs) {
      rows(k, pair_cols[i], k.pair_season, k.pair_season.ranked, true);
      rows(k, pair_cols[i], k.pair_season, k.pair_season.unranked, true);
    }
    if (v.by_night) {
      for (std::size_t n = 0; n < k.nights.size(); ++n) {
        rows(k, kind_cols[i], k.nights[n], k.nights[n].ranked);
        if (pairs) {
          rows(k, pair_cols[i], k.pair_nights[n], k.pair_nights[n].ranked, true);
        }
      }
    }
  }
  return out;
}

// ------------------------------------------------------------------ JSON

nlohmann::ordered_json standings_json(const ScoreView& v) {
  const Standings& s = v.standings;
  nlohmann::ordered_json j;
  if (!v.league.name.empty()) {
    j["league"] = v.league.name;
  }
  j["ranked_by"] = keys_json(s.rank_by);
  j["min_games"] = v.league.min_games;
  if (!mixed(s)) {
    kind_json(j, v, s.kinds.front());
  } else {
    // Several kinds of game: a table set each, never one table of them all.
    auto tables = nlohmann::ordered_json::array();
    for (const auto& k : s.kinds) {
      nlohmann::ordered_json t;
      t["game"] = table_kind_info(k.kind).id;
      t["title"] = table_kind_info(k.kind).title;
      t["ranked_by"] = keys_json(k.rank_by);
      kind_json(t, v, k);
      tables.push_back(t);
    }
    j["tables"] = tables;
  }
  j["games"] = s.games.size();
  auto excluded = nlohmann::ordered_json::array();
  for (const auto& e : s.excluded) {
    nlohmann::ordered_json x;
    x["file"] = e.file;
    x["index"] = e.index;
    if (!e.id.empty()) {
      x["id"] = e.id;
    }
    x["reason"] = e.reason;
    excluded.push_back(x);
  }
  j["excluded"] = excluded;
  auto similar = nlohmann::ordered_json::array();
  for (const auto& n : s.similar_names) {
    nlohmann::ordered_json x;
    x["keep"] = n.keep;
    x["merge"] = n.merge;
    x["games"] = {n.keep_games, n.merge_games};
    x["differ"] = n.case_or_accents ? "case_or_accents" : "one_edit";
    x["aliases"] = aliases_line(n);
    x["message"] = similar_names_text(n);
    similar.push_back(x);
  }
  j["similar_names"] = similar;
  auto results = nlohmann::ordered_json::array();
  for (const auto& g : s.games) {
    nlohmann::ordered_json r;
    r["file"] = g.file;
    r["index"] = g.index;
    if (!g.id.empty()) {
      r["id"] = g.id;
    }
    if (!g.night.empty()) {
      r["night"] = g.night;
    }
    r["ruleset"] = g.ruleset;
    if (mixed(s)) {
      r["game"] = table_kind_info(g.kind).id;
    }
    r["players"] = g.players;
    if (!g.sides.empty()) {
      // A courts game: its sides, as the partnership tables name them;
      // the score and the running score are per side.
      auto sides = nlohmann::ordered_json::array();
      for (std::size_t d = 0; d < g.sides.size(); ++d) {
        nlohmann::ordered_json side;
        side["name"] = g.sides[d];
        side["players"] = g.side_players[d];
        sides.push_back(side);
      }
      r["sides"] = sides;
    }
    r["finished"] = g.finished;
    r["winners"] = g.winners;
    const std::vector<std::string>& scored = g.sides.empty() ? g.players : g.sides;
    if (!g.score.empty()) {
      nlohmann::ordered_json score;
      for (std::size_t p = 0; p < scored.size() && p < g.score.size(); ++p) {
        score[scored[p]] = g.score[p];
      }
      r["score"] = score;
    }
    if (!g.running.empty()) {
      r["running"] = g.running;
    }
    r["errors"] = g.errors;
    r["warnings"] = g.warnings;
    results.push_back(r);
  }
  j["results"] = results;
  return j;
}

// -------------------------------------------------------------- Markdown

std::string standings_markdown(const ScoreView& v) {
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

// ------------------------------------------------------------------ HTML

namespace {

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
    out += fmt::format("<span class=\"nowrap\">{}</span>", html_escape(part));
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
    out += fmt::format("<section class=\"player\" id=\"p-{}\"><h3>{}</h3>\n", id, html_escape(name));
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
          mixed(s) ? fmt::format(" <span class=\"note\">({})</span>", html_escape(table_kind_info(g.kind).title))
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

}  // namespace

std::string standings_html(const ScoreView& v) {
  const Standings& s = v.standings;
  // One colour per player, by name, the same in every chart.
  std::map<std::string, std::string> colour;
  for (const auto& k : s.kinds) {
    for (const auto& p : k.season.ranked) {
      colour[p.player];
    }
    for (const auto& p : k.season.unranked) {
      colour[p.player];
    }
  }
  std::size_t i = 0;
  for (auto& [name, c] : colour) {
    c = std::string(kPalette[i++ % kPalette.size()]);
  }
  // The partnerships (courts games) by label, in the colours after the players'.
  std::map<std::string, std::string> side_colour;
  for (const auto& k : s.kinds) {
    for (const auto* rows : {&k.pair_season.ranked, &k.pair_season.unranked}) {
      for (const auto& p : *rows) {
        side_colour[row_label(p)];
      }
    }
  }
  for (auto& [label, c] : side_colour) {
    c = std::string(kPalette[i++ % kPalette.size()]);
  }
  std::string out = fmt::format(
      "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
      "<meta name=\"generator\" content=\"trickref score\">\n<title>{}</title>\n<style>{}</style>\n</head>\n<body>\n"
      "<header><h1>{}</h1><p class=\"meta\">{}{}. Ranked by {}.</p></header>\n",
      html_escape(title(v)), kStyle, html_escape(title(v)), html_escape(results_up_to(s)),
      html_escape(counted_line(s)), report_keys_text(s));
  for (const auto& k : s.kinds) {
    // Section ids: "season", "players", "night-1"; for the partnerships
    // "partnerships", "partnership-chart", "partnerships-night-1"; in a
    // mixed report "call-deuces-season" and so on.
    const std::string id = mixed(s) ? fmt::format("{}-", table_kind_info(k.kind).id) : std::string();
    const bool pairs = table_kind_info(k.kind).partnerships;
    const RankKey first = k.rank_by.empty() ? RankKey::kWins : k.rank_by.front();
    html_standings(out, v, k, k.season, id + "season");
    if (pairs) {
      html_standings(out, v, k, k.pair_season, id + "partnerships", true);
    }
    std::vector<PlayerLine> everyone = k.season.ranked;
    everyone.insert(everyone.end(), k.season.unranked.begin(), k.season.unranked.end());
    if (!everyone.empty()) {
      const Metric m = chart_metric(first, courts(k.kind));
      const std::string heading = kind_heading(s, k, m.heading);
      out += fmt::format("<section id=\"{}players\"><h2>{}</h2>\n", id, html_escape(heading));
      out += bar_chart(everyone, Metric{heading, m.value, m.label}, colour);
      out += "</section>\n";
    }
    std::vector<PlayerLine> sides = k.pair_season.ranked;
    sides.insert(sides.end(), k.pair_season.unranked.begin(), k.pair_season.unranked.end());
    if (pairs && !sides.empty()) {
      for (auto& p : sides) {
        p.player = row_label(p);
      }
      const Metric m = chart_metric(first, courts(k.kind), "partnership");
      const std::string heading = kind_heading(s, k, m.heading);
      out += fmt::format("<section id=\"{}partnership-chart\"><h2>{}</h2>\n", id, html_escape(heading));
      // Room for "North-South (Ann & Cat)" whole, up to 24 characters.
      std::size_t longest = 8;
      for (const auto& p : sides) {
        longest = std::max(longest, printable(p.player).size());
      }
      out += bar_chart(sides, Metric{heading, m.value, m.label}, side_colour, "partnership",
                       std::min<std::size_t>(longest, 24));
      out += "</section>\n";
    }
    if (v.by_night) {
      for (std::size_t n = 0; n < k.nights.size(); ++n) {
        html_standings(out, v, k, k.nights[n], fmt::format("{}night-{}", id, n + 1));
        if (pairs) {
          html_standings(out, v, k, k.pair_nights[n], fmt::format("{}partnerships-night-{}", id, n + 1), true);
        }
      }
    }
  }
  out += "<section id=\"games\"><h2>Games</h2>\n<p class=\"meta\">Running scores hand by hand.</p>\n"
         "<div class=\"games\">\n";
  for (const auto& g : s.games) {
    out += fmt::format("<figure class=\"game\" data-game=\"{}\"><figcaption>{}{}</figcaption>\n",
                       html_escape(g.id.empty() ? g.file : g.id),
                       g.errors > 0 ? "<span class=\"mark\" title=\"this record has errors\">* </span>" : "",
                       html_escape(board_name(v, g)));
    out += fmt::format("<p class=\"note\">{}{}{}{}</p>\n",
                       html_escape(mixed(s) ? fmt::format("{} · ", table_kind_info(g.kind).title) : std::string()),
                       html_escape(g.night.empty() ? "" : g.night + " · "),
                       html_escape(result_text(g)),
                       html_escape(g.errors > 0 ? " · " + board_error(v, g) : std::string()));
    const auto& lines = g.sides.empty() ? colour : side_colour;
    if (!g.running.empty()) {
      out += running_chart(g, lines);
    } else {
      out += "<p class=\"note\">No hand-by-hand scores in this record.</p>\n";
    }
    out += "<ul class=\"legend\">";
    const std::vector<std::string> names = series(g);
    for (std::size_t p = 0; p < names.size(); ++p) {
      out += fmt::format("<li><span class=\"swatch\" style=\"background:{}\"></span>{}{}</li>", lines.at(names[p]),
                         html_escape(names[p]), p < g.score.size() ? fmt::format(" {}", g.score[p]) : std::string());
    }
    out += "</ul>\n";
    out += final_table(g);
    out += "</figure>\n";
  }
  out += "</div></section>\n";
  out += player_sections(v);
  if (!s.excluded.empty()) {
    out += "<section id=\"excluded\"><h2>Left out</h2><ul class=\"excluded\">\n";
    for (const auto& e : s.excluded) {
      out += fmt::format("<li>{}</li>\n", html_escape(board_excluded(v, e)));
    }
    out += "</ul></section>\n";
  }
  out += "<footer><p class=\"note\">Made by trickref score.</p></footer>\n</body>\n</html>\n";
  return out;
}

}  // namespace trickref
