#include "score/columns.h"

#include <algorithm>
#include <array>
#include <cassert>
#include <cmath>

#include <fmt/format.h>

namespace trickref::board {
namespace {

double rounded(double x, double scale) { return std::round(x * scale) / scale; }

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

constexpr std::string_view kPartnershipHelp =
    "the same two players whichever seats they sat in: the record's teams name (with the players), else the players";

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

}  // namespace

std::string percent(const PlayerLine& p) {
  return p.hands == 0 ? "-" : fmt::format("{:.1f}%", 100.0 * p.quota_made / p.hands);
}

std::string fixed2(double x) { return fmt::format("{:.2f}", x); }

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

// A table's columns, in order: rank, player (or partnership) and the game
// results (placing only when the league awards it), then its kind's own.
std::vector<Column> columns(const League& league, TableKind kind, bool partnerships) {
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
std::string keys_text(const std::vector<RankKey>& keys, bool courts) {
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
std::string table_heading(const Standings& s, const KindStandings& k, const Table& t, bool partnerships) {
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

}  // namespace trickref::board
