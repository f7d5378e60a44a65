#include "score/standings.h"

#include <algorithm>
#include <cassert>
#include <filesystem>
#include <iterator>
#include <limits>
#include <optional>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "referee/referee.h"
#include "score/left_out.h"
#include "score/names.h"

namespace trickref {
namespace {

// Adds a game's figure to a total, which stays at the largest (or
// smallest) long long rather than wrapping: the figures come from records
// and results files, whose numbers the standings do not bound.
void add_to(long long& total, long long v) { total = saturated_sum(total, v); }

}  // namespace

long long saturated_sum(long long a, long long b) {
  long long sum = 0;
  if (__builtin_add_overflow(a, b, &sum)) {
    return b < 0 ? std::numeric_limits<long long>::min() : std::numeric_limits<long long>::max();
  }
  return sum;
}

namespace {

// a vs b on one key: >0 when a ranks above b. Ratios are compared by cross
// multiplication, so equal records tie exactly.
int compare(const PlayerLine& a, const PlayerLine& b, RankKey key) {
  auto sign = [](auto x, auto y) { return x > y ? 1 : x < y ? -1 : 0; };
  switch (key) {
    case RankKey::kWins:
      return sign(a.wins, b.wins);
    case RankKey::kPoints:
      return sign(a.points, b.points);
    case RankKey::kPlacing:
      return sign(a.placing, b.placing);
    case RankKey::kAverage: {
      // points / games, 0 for no games
      const long long ag = std::max(a.games, 1);
      const long long bg = std::max(b.games, 1);
      return sign(a.points * bg, b.points * ag);
    }
    case RankKey::kQuotaRate: {
      const long long ah = std::max(a.hands, 1);
      const long long bh = std::max(b.hands, 1);
      return sign(static_cast<long long>(a.quota_made) * bh, static_cast<long long>(b.quota_made) * ah);
    }
  }
  return 0;
}

int compare_all(const PlayerLine& a, const PlayerLine& b, const std::vector<RankKey>& keys) {
  for (RankKey k : keys) {
    if (const int c = compare(a, b, k); c != 0) {
      return c;
    }
  }
  return 0;
}

int count(const std::vector<Diagnostic>& diags, Severity s) {
  return static_cast<int>(std::count_if(diags.begin(), diags.end(), [s](const auto& d) { return d.severity == s; }));
}

// Whether `s` is a date, YYYY-MM-DD.
bool is_date(std::string_view s) {
  return s.size() == 10 && s[4] == '-' && s[7] == '-' &&
         std::all_of(s.begin(), s.end(), [](char c) { return c == '-' || (c >= '0' && c <= '9'); });
}

std::string where(const Diagnostic& d) {
  if (d.loc.known()) {
    return fmt::format("{}:{}:{}", d.file, d.loc.line, d.loc.column);
  }
  return d.file;
}

// Place of each seat in a finished game: the winners first, then the others
// by final score (`score`, by seat; none: all level); equal scores share the
// better place.
std::vector<int> places(const GameOutcome& o, int n, const std::optional<std::vector<long long>>& score_by_seat) {
  std::vector<int> place(static_cast<std::size_t>(n), 0);
  std::vector<int> others;
  for (int s = 0; s < n; ++s) {
    if (std::find(o.winners.begin(), o.winners.end(), s) != o.winners.end()) {
      place[static_cast<std::size_t>(s)] = 1;
    } else {
      others.push_back(s);
    }
  }
  const auto score = [&](int s) { return score_by_seat ? (*score_by_seat)[static_cast<std::size_t>(s)] : 0; };
  std::stable_sort(others.begin(), others.end(), [&](int a, int b) { return score(a) > score(b); });
  const int first = static_cast<int>(o.winners.size()) + 1;
  for (std::size_t i = 0; i < others.size(); ++i) {
    const int s = others[i];
    if (i > 0 && score(s) == score(others[i - 1])) {
      place[static_cast<std::size_t>(s)] = place[static_cast<std::size_t>(others[i - 1])];
    } else {
      place[static_cast<std::size_t>(s)] = first + static_cast<int>(i);
    }
  }
  return place;
}

std::string joined(const std::vector<std::string>& names) {
  std::string out;
  for (const auto& n : names) {
    out += (out.empty() ? "" : " & ") + n;
  }
  return out;
}

// A courts game's figures by side (court-piece.md §3.3-§3.6), over the
// game's hands: those up to the hand that decided it (hands recorded after
// the game was won are not the game's).
struct CourtsFigures {
  std::vector<int> side_of;                      // by seat
  std::optional<std::vector<long long>> courts;  // final courts by side; absent: not known
  int hands = 0;                                 // hands whose result is known
  std::vector<int> won;                          // by side: hands won
  std::vector<int> early;                        // ... with an early court (all the tricks included)
  std::vector<int> streak;                       // ... most in a row
};

CourtsFigures courts_figures(const RefereeResult& r, int n) {
  CourtsFigures f;
  const std::size_t sides = r.sides.size();
  f.side_of.assign(static_cast<std::size_t>(n), -1);
  for (std::size_t d = 0; d < sides; ++d) {
    for (int seat : r.sides[d]) {
      if (seat >= 0 && seat < n) {
        f.side_of[static_cast<std::size_t>(seat)] = static_cast<int>(d);
      }
    }
  }
  f.won.assign(sides, 0);
  f.early.assign(sides, 0);
  f.streak.assign(sides, 0);
  std::size_t last = r.hands.size();
  if (r.outcome.decided_hand > 0) {
    last = static_cast<std::size_t>(std::count_if(r.hands.begin(), r.hands.end(), [&](const HandSummary& h) {
      return h.number <= r.outcome.decided_hand;
    }));
  }
  if (last == 0) {
    f.courts = std::vector<long long>(sides, 0);
  } else if (const auto& end = r.hands[last - 1].side_score; end && end->size() == sides) {
    f.courts = *end;
  }
  std::vector<int> run(sides, 0);
  for (std::size_t i = 0; i < last; ++i) {
    const HandSummary& h = r.hands[i];
    if (!h.winner_side) {
      std::fill(run.begin(), run.end(), 0);  // not known who won: no run goes on through it
      continue;
    }
    ++f.hands;
    const int w = *h.winner_side;
    if (w < 0 || static_cast<std::size_t>(w) >= sides) {
      continue;  // neither side won it (level on a short record): the runs stand (§3.4)
    }
    const auto side = static_cast<std::size_t>(w);
    ++f.won[side];
    if (h.end == HandEnd::kEarlyCourt || h.end == HandEnd::kAllTricks) {
      ++f.early[side];
    }
    for (std::size_t d = 0; d < sides; ++d) {
      run[d] = d == side ? run[d] + 1 : 0;
    }
    f.streak[side] = std::max(f.streak[side], run[side]);
  }
  return f;
}

}  // namespace

const TableKindInfo& table_kind_info(TableKind kind) {
  const auto* it = std::find_if(kTableKinds.begin(), kTableKinds.end(), [&](const auto& k) { return k.kind == kind; });
  assert(it != kTableKinds.end());
  return *it;
}

const ScoringTable& scoring_table(ScoringKind scoring) {
  const auto* it =
      std::find_if(kScoringTables.begin(), kScoringTables.end(), [&](const auto& t) { return t.scoring == scoring; });
  assert(it != kScoringTables.end());
  return *it;
}

bool ranks_by(TableKind kind, RankKey key) { return key != RankKey::kQuotaRate || table_kind_info(kind).quota_rate; }

void rank_lines(std::vector<PlayerLine>& lines, const std::vector<RankKey>& keys) {
  std::stable_sort(lines.begin(), lines.end(), [&](const PlayerLine& a, const PlayerLine& b) {
    const int c = compare_all(a, b, keys);
    return c != 0 ? c > 0 : a.player < b.player;
  });
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const bool same_as_prev = i > 0 && compare_all(lines[i], lines[i - 1], keys) == 0;
    lines[i].rank = same_as_prev ? lines[i - 1].rank : static_cast<int>(i) + 1;
    lines[i].tied = same_as_prev || (i + 1 < lines.size() && compare_all(lines[i], lines[i + 1], keys) == 0);
  }
}

std::string rank_text(const PlayerLine& p) {
  if (p.rank == 0) {
    return "-";
  }
  return p.tied ? fmt::format("{}=", p.rank) : fmt::format("{}", p.rank);
}

StandingsBuilder::StandingsBuilder(const League& league, ScoreOptions options)
    : league_(league), options_(options) {
  if (options_.rank_by) {
    keys_.push_back(*options_.rank_by);
  }
  for (RankKey k : league_.ranking) {
    if (std::find(keys_.begin(), keys_.end(), k) == keys_.end()) {
      keys_.push_back(k);
    }
  }
}

namespace {

// The game's line in the report: what every kind of game shows of it (a
// quota or contract game's scores and places are added by add(), a
// courts game's by add_courts()).
GameLine game_line(const GameReport& g, TableKind kind, const std::vector<std::string>& names,
                   const std::string& night, int errors, int warnings) {
  const RefereeResult& r = *g.result;
  GameLine line;
  line.kind = kind;
  line.file = g.file;
  line.index = g.index;
  line.id = g.id;
  line.night = night;
  line.ruleset = g.ruleset;
  line.players = names;
  line.finished = r.outcome.finished;
  for (int w : r.outcome.winners) {
    line.winners.push_back(names[static_cast<std::size_t>(w)]);
  }
  line.errors = errors;
  line.warnings = warnings;
  for (const auto& d : g.diagnostics) {
    if (d.severity == Severity::kError) {
      line.first_error = fmt::format("{}: {}", where(d), d.message);
      line.first_error_words = d.hand > 0 ? fmt::format("hand {}: {}", d.hand, d.message) : d.message;
      break;
    }
  }
  line.title = game_title(g);
  line.date = !g.date.empty() && is_date(g.date) ? g.date : is_date(night) ? night : std::string();
  return line;
}

// What one hand adds to the player in `seat` (`s`) of a quota or contract
// game: tricks over and short of quota, plucks, and the contract the player
// bid or partnered.
void add_hand(PlayerLine& p, const HandSummary& h, int s) {
  const auto seat = static_cast<std::size_t>(s);
  if (h.taken && seat < h.taken->size() && seat < h.quota.size()) {
    const long long taken = (*h.taken)[seat];
    const long long quota = h.quota[seat];
    add_to(p.over, std::max(0LL, taken - quota));
    add_to(p.short_, std::max(0LL, quota - taken));
  }
  if (h.plucks_made && seat < h.plucks_made->size()) {
    add_to(p.plucks_made, (*h.plucks_made)[seat]);
  }
  if (h.plucks_suffered && seat < h.plucks_suffered->size()) {
    add_to(p.plucks_suffered, (*h.plucks_suffered)[seat]);
  }
  // A contract: a known bidder (an all-pass hand has none). A solo
  // bidder's partner is -1, so never a seat.
  if (h.auction && !h.void_hand && h.bidder) {
    ++p.contract_hands;
    if (*h.bidder == s) {
      ++p.contracts;
      const bool solo = h.partner == -1;
      p.solo_bids += solo ? 1 : 0;
      if (h.made) {
        ++(*h.made ? p.contracts_made : p.contracts_set);
        p.solo_made += solo && *h.made ? 1 : 0;
      }
    } else if (h.partner == s) {
      ++p.partner_hands;
    }
  }
}

}  // namespace

// Whether a refereed game counts; where not, it is left out, with why:
// --strict and a game with findings, a courts game whose sides are not
// known, two of its players one under the league's aliases.
bool StandingsBuilder::admit(const GameReport& g, TableKind kind, const std::vector<std::string>& names, int errors,
                             int warnings) {
  auto exclude = [&](std::string reason) { excluded_.push_back(left_out(g, std::move(reason))); };
  if (options_.strict && (errors > 0 || warnings > 0)) {
    exclude(fmt::format("{} error{} and {} warning{} (--strict leaves it out)", errors, errors == 1 ? "" : "s",
                        warnings, warnings == 1 ? "" : "s"));
    return false;
  }
  const RefereeResult& r = *g.result;
  const int n = static_cast<int>(g.players.size());
  if (kind == TableKind::kCourts) {
    const bool seats = std::all_of(r.sides.begin(), r.sides.end(), [&](const std::vector<int>& side) {
      return !side.empty() && std::all_of(side.begin(), side.end(), [&](int seat) { return seat >= 0 && seat < n; });
    });
    if (r.sides.empty() || !seats) {
      exclude("its sides are not known, so no partnership's figures can be counted");
      return false;
    }
  }
  for (int a = 0; a < n; ++a) {
    for (int b = a + 1; b < n; ++b) {
      if (names[static_cast<std::size_t>(a)] == names[static_cast<std::size_t>(b)]) {
        exclude(fmt::format("{} and {} are one player under the league's aliases ({})",
                            g.players[static_cast<std::size_t>(a)], g.players[static_cast<std::size_t>(b)],
                            names[static_cast<std::size_t>(a)]));
        return false;
      }
    }
  }
  return true;
}

// A quota or contract game's figures, each player's own, to a season's or
// a night's table.
void StandingsBuilder::credit(Accum& acc, const RefereeResult& r, const GameLine& line,
                              const std::vector<int>& place) const {
  const std::vector<std::string>& names = line.players;
  ++acc.games;
  for (int s = 0; s < static_cast<int>(names.size()); ++s) {
    const auto seat = static_cast<std::size_t>(s);
    PlayerLine& p = acc.players[names[seat]];
    p.player = names[seat];
    ++p.games;
    if (r.outcome.finished) {
      ++p.finished;
      if (std::find(r.outcome.winners.begin(), r.outcome.winners.end(), s) != r.outcome.winners.end()) {
        ++p.wins;
      }
      const auto at = static_cast<std::size_t>(place[seat] - 1);
      if (at < league_.placing_points.size()) {
        add_to(p.placing, league_.placing_points[at]);
      }
    }
    if (r.outcome.score) {
      add_to(p.points, (*r.outcome.score)[seat]);
    }
    p.hands += line.quota_hands[seat];  // counted once, for the game's line
    p.quota_made += line.quota_made[seat];
    for (const auto& h : r.hands) {
      add_hand(p, h, s);
    }
  }
}

void StandingsBuilder::add(const GameReport& g) {
  const int errors = count(g.diagnostics, Severity::kError);
  const int warnings = count(g.diagnostics, Severity::kWarning);
  errors_ += errors;
  warnings_ += warnings;
  if (!g.result || !g.result->refereed) {
    excluded_.push_back(unreadable(g));
    return;
  }
  const TableKind kind = scoring_table(g.scoring).table;
  std::vector<std::string> names;
  for (const auto& p : g.players) {
    names.push_back(league_.canonical(p));
  }
  if (!admit(g, kind, names, errors, warnings)) {
    return;
  }
  std::string night;
  for (const auto& [k, v] : g.event) {
    if (k == "night") {
      night = v;
    }
  }
  GameLine line = game_line(g, kind, names, night, errors, warnings);
  if (kind == TableKind::kCourts) {
    add_courts(g, names, line, night);  // scores by side
    return;
  }
  const RefereeResult& r = *g.result;
  const int n = static_cast<int>(g.players.size());
  if (r.outcome.score) {
    line.score = *r.outcome.score;
  }
  bool running_known = !r.hands.empty();
  for (const auto& h : r.hands) {
    running_known = running_known && h.score.has_value();
  }
  if (running_known) {
    for (const auto& h : r.hands) {
      line.running.push_back(*h.score);
    }
  }
  const std::vector<int> place = r.outcome.finished ? places(r.outcome, n, r.outcome.score) : std::vector<int>();
  line.place = r.outcome.finished ? place : std::vector<int>(static_cast<std::size_t>(n), 0);
  line.quota_hands.assign(static_cast<std::size_t>(n), 0);
  line.quota_made.assign(static_cast<std::size_t>(n), 0);
  for (const auto& h : r.hands) {
    for (std::size_t seat = 0; h.taken && seat < h.taken->size() && seat < h.quota.size(); ++seat) {
      ++line.quota_hands[seat];
      line.quota_made[seat] += (*h.taken)[seat] >= h.quota[seat] ? 1 : 0;
    }
  }
  KindAccum& k = kinds_[kind];
  credit(k.season, r, line, place);
  if (options_.by_night) {
    credit(k.nights[night], r, line, place);
  }
  games_.push_back(std::move(line));
  game_pairs_.emplace_back();  // no sides
}

// A courts game (court-piece.md): each player's figures are their side's,
// and each side's are its partnership's too.
void StandingsBuilder::add_courts(const GameReport& g, const std::vector<std::string>& names, GameLine& line,
                                  const std::string& night) {
  const RefereeResult& r = *g.result;
  const GameOutcome& o = r.outcome;
  const int n = static_cast<int>(names.size());
  const CourtsFigures f = courts_figures(r, n);
  const std::size_t sides = r.sides.size();
  // The sides: their players (seat order) and, where the record names the
  // side (a `teams` name, not its players joined), that name.
  std::vector<PairKey> keys;  // by side
  for (std::size_t d = 0; d < sides; ++d) {
    std::vector<std::string> members;
    std::vector<std::string> recorded;
    for (int seat : r.sides[d]) {  // every seat a player's (add)
      members.push_back(names[static_cast<std::size_t>(seat)]);
      recorded.push_back(g.players[static_cast<std::size_t>(seat)]);
    }
    PairKey key = members;
    std::sort(key.begin(), key.end());
    Pair& pair = pairs_[key];
    if (pair.members.empty()) {
      pair.members = members;
    }
    if (pair.teams.empty() && d < r.side_names.size() && !r.side_names[d].empty() &&
        r.side_names[d] != joined(recorded)) {
      pair.teams = r.side_names[d];
    }
    keys.push_back(std::move(key));
  }
  if (f.courts) {
    line.score = *f.courts;
  }
  const bool running_known = !r.hands.empty() && std::all_of(r.hands.begin(), r.hands.end(), [&](const auto& h) {
    return h.side_score && h.side_score->size() == sides;
  });
  if (running_known) {
    for (const auto& h : r.hands) {
      line.running.push_back(*h.side_score);
    }
  }
  std::optional<std::vector<long long>> seat_courts;
  if (f.courts) {
    seat_courts.emplace();
    for (int s = 0; s < n; ++s) {
      const int d = f.side_of[static_cast<std::size_t>(s)];
      seat_courts->push_back(d < 0 ? 0 : (*f.courts)[static_cast<std::size_t>(d)]);
    }
  }
  const std::vector<int> place = o.finished ? places(o, n, seat_courts) : std::vector<int>();
  line.place = o.finished ? place : std::vector<int>(static_cast<std::size_t>(n), 0);
  const bool draw = o.finished && o.winners.empty();
  // Side `d`'s figures into `p`, whose seat in the game is `seat` (one of the side's).
  auto figures = [&](PlayerLine& p, std::size_t d, int seat) {
    ++p.games;
    if (o.finished) {
      ++p.finished;
      p.wins += std::find(o.winners.begin(), o.winners.end(), seat) != o.winners.end() ? 1 : 0;
      p.draws += draw ? 1 : 0;
      const auto at = static_cast<std::size_t>(place[static_cast<std::size_t>(seat)] - 1);
      if (at < league_.placing_points.size()) {
        add_to(p.placing, league_.placing_points[at]);
      }
    }
    if (f.courts) {
      for (std::size_t e = 0; e < sides; ++e) {
        add_to(e == d ? p.points : p.courts_against, (*f.courts)[e]);
      }
    }
    p.court_hands += f.hands;
    p.hands_won += f.won[d];
    p.early_courts += f.early[d];
    p.longest_streak = std::max(p.longest_streak, f.streak[d]);
  };
  auto credit = [&](Accum& acc) {
    ++acc.games;
    for (int s = 0; s < n; ++s) {
      const int d = f.side_of[static_cast<std::size_t>(s)];
      if (d < 0) {
        continue;  // a seat in no side (the referee names every seat's side)
      }
      PlayerLine& p = acc.players[names[static_cast<std::size_t>(s)]];
      p.player = names[static_cast<std::size_t>(s)];
      figures(p, static_cast<std::size_t>(d), s);
    }
    for (std::size_t d = 0; d < sides; ++d) {
      figures(acc.pairs[keys[d]], d, r.sides[d].front());
    }
  };
  KindAccum& k = kinds_[TableKind::kCourts];
  credit(k.season);
  if (options_.by_night) {
    credit(k.nights[night]);
  }
  games_.push_back(std::move(line));
  game_pairs_.push_back(std::move(keys));
}

std::vector<RankKey> StandingsBuilder::keys_of(TableKind kind) const {
  std::vector<RankKey> keys;
  std::copy_if(keys_.begin(), keys_.end(), std::back_inserter(keys), [&](RankKey k) { return ranks_by(kind, k); });
  if (keys.empty()) {
    keys = {RankKey::kWins, RankKey::kPoints};  // a league ranking by quota rate alone, over Call Deuces games
  }
  return keys;
}

namespace {

// A ranked table of `lines`: in the season table, those below the league's
// minimum games are listed apart, unranked.
Table make_table(std::vector<PlayerLine> lines, bool season, const std::string& night, int games, int min_games,
                 const std::vector<RankKey>& keys) {
  Table t;
  t.season = season;
  t.night = night;
  t.games = games;
  for (auto& p : lines) {
    p.qualified = !season || p.games >= min_games;
    (p.qualified ? t.ranked : t.unranked).push_back(std::move(p));
  }
  rank_lines(t.ranked, keys);
  rank_lines(t.unranked, keys);
  for (auto& p : t.unranked) {
    p.rank = 0;
    p.tied = false;
  }
  return t;
}

}  // namespace

namespace {

// One player's (or partnership's) figures over two sets of games.
void add_line(PlayerLine& to, const PlayerLine& from) {
  to.player = from.player;
  to.members = from.members;
  to.games += from.games;
  to.finished += from.finished;
  to.wins += from.wins;
  add_to(to.points, from.points);
  add_to(to.placing, from.placing);
  to.hands += from.hands;
  to.quota_made += from.quota_made;
  add_to(to.over, from.over);
  add_to(to.short_, from.short_);
  add_to(to.plucks_made, from.plucks_made);
  add_to(to.plucks_suffered, from.plucks_suffered);
  to.contract_hands += from.contract_hands;
  to.contracts += from.contracts;
  to.contracts_made += from.contracts_made;
  to.contracts_set += from.contracts_set;
  to.solo_bids += from.solo_bids;
  to.solo_made += from.solo_made;
  to.partner_hands += from.partner_hands;
  to.draws += from.draws;
  add_to(to.courts_against, from.courts_against);
  to.court_hands += from.court_hands;
  to.hands_won += from.hands_won;
  to.early_courts += from.early_courts;
  to.longest_streak = std::max(to.longest_streak, from.longest_streak);  // runs are per game
}

}  // namespace

Table StandingsBuilder::table(const Accum& a, bool season, const std::string& night,
                              const std::vector<RankKey>& keys) const {
  std::vector<PlayerLine> lines;
  for (const auto& [name, line] : a.players) {
    lines.push_back(line);
  }
  return make_table(std::move(lines), season, night, a.games, league_.min_games, keys);
}

std::string StandingsBuilder::pair_name(const PairKey& key) const {
  const Pair& pair = pairs_.at(key);
  return pair.teams.empty() ? joined(pair.members) : pair.teams;
}

Table StandingsBuilder::pair_table(const Accum& a, bool season, const std::string& night,
                                   const std::vector<RankKey>& keys) const {
  std::vector<PlayerLine> lines;
  for (const auto& [key, line] : a.pairs) {
    PlayerLine& p = lines.emplace_back(line);
    p.player = pair_name(key);
    p.members = pairs_.at(key).members;
  }
  return make_table(std::move(lines), season, night, a.games, league_.min_games, keys);
}

Standings StandingsBuilder::finish() const {
  Standings s;
  for (const auto& info : kTableKinds) {
    const auto found = kinds_.find(info.kind);
    if (found == kinds_.end() && !(kinds_.empty() && s.kinds.empty())) {
      continue;  // no game of this kind (with no game at all, the first kind's empty tables)
    }
    const KindAccum empty;
    const KindAccum& acc = found == kinds_.end() ? empty : found->second;
    KindStandings& k = s.kinds.emplace_back();
    k.kind = info.kind;
    k.rank_by = keys_of(info.kind);
    k.season = table(acc.season, true, "", k.rank_by);
    for (const auto& [night, a] : acc.nights) {
      if (!night.empty()) {
        k.nights.push_back(table(a, false, night, k.rank_by));
      }
    }
    if (const auto it = acc.nights.find(""); it != acc.nights.end()) {
      k.nights.push_back(table(it->second, false, "", k.rank_by));  // games with no night, last
    }
    // Movement since the previous night: the season as it stood before the
    // last named night's games (games naming no night count in both).
    std::vector<std::string> named;
    for (const auto& [night, a] : acc.nights) {
      if (!night.empty()) {
        named.push_back(night);
      }
    }
    if (named.size() >= 2) {
      Accum before;
      for (const auto& [night, a] : acc.nights) {
        if (night == named.back()) {
          continue;
        }
        before.games += a.games;
        for (const auto& [name, line] : a.players) {
          add_line(before.players[name], line);
        }
      }
      const Table then = table(before, true, "", k.rank_by);
      std::map<std::string, int> rank_then;
      for (const auto& p : then.ranked) {
        rank_then[p.player] = p.rank;
      }
      for (auto* rows : {&k.season.ranked, &k.season.unranked}) {
        for (auto& p : *rows) {
          const auto it = rank_then.find(p.player);
          p.previous_rank = it == rank_then.end() ? 0 : it->second;
        }
      }
    }
    if (info.partnerships) {
      k.pair_season = pair_table(acc.season, true, "", k.rank_by);
      for (const Table& t : k.nights) {
        k.pair_nights.push_back(pair_table(acc.nights.at(t.night), false, t.night, k.rank_by));
      }
    }
  }
  // The report's keys: those of the league (and --rank-by) some table ranks
  // by, then any a table falls back on.
  std::copy_if(keys_.begin(), keys_.end(), std::back_inserter(s.rank_by), [&](RankKey key) {
    return std::any_of(s.kinds.begin(), s.kinds.end(), [&](const auto& k) { return ranks_by(k.kind, key); });
  });
  for (const auto& k : s.kinds) {
    for (RankKey key : k.rank_by) {
      if (std::find(s.rank_by.begin(), s.rank_by.end(), key) == s.rank_by.end()) {
        s.rank_by.push_back(key);
      }
    }
  }
  s.games = games_;
  for (std::size_t i = 0; i < s.games.size(); ++i) {
    for (const PairKey& key : game_pairs_[i]) {
      s.games[i].sides.push_back(pair_name(key));
      s.games[i].side_players.push_back(pairs_.at(key).members);
    }
  }
  // Two games of one title (no table recorded, say) are told apart by their ids.
  std::map<std::string, int> titled;
  for (const auto& g : s.games) {
    ++titled[g.title];
  }
  for (auto& g : s.games) {
    if (titled[g.title] > 1 && !g.id.empty()) {
      g.title += " (" + g.id + ")";
    }
  }
  s.excluded = excluded_;
  s.errors = errors_;
  s.warnings = warnings_;
  std::vector<std::vector<std::string>> seated;
  for (const auto& g : games_) {
    seated.push_back(g.players);
  }
  s.similar_names = similar_names(seated);
  return s;
}

}  // namespace trickref
