// League standings from refereed games (`trickref score`): per-player
// figures across games, ranked with standard competition ranking ("1, 2=,
// 2=, 4"), per night and for the season, one set of tables per kind of game
// (players' figures never mix across kinds). Pure arithmetic over
// GameReports; the renderers in score/render.h read only these types.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "report/report.h"
#include "score/league.h"
#include "score/names.h"

namespace trickref {

// The kinds of standings table. Games whose rulesets score hands alike share
// a table and its columns; a game counts in the table its ruleset's
// scoring.kind picks (kScoringTables), and each kind has its column set in
// score/render.cpp. A new kind of game is a value here, a row in kTableKinds
// and kScoringTables, and a column set.
enum class TableKind : std::uint8_t { kQuota, kContract, kCourts };

struct TableKindInfo {
  TableKind kind;
  std::string_view id;     // JSON and CSV `game`
  std::string_view title;  // headings, when a report holds more than one kind
  bool quota_rate;         // whether RankKey::kQuotaRate is one of its figures
  bool partnerships;       // fixed sides: a partnership table beside the players'
};

// In report order.
inline constexpr std::array<TableKindInfo, 3> kTableKinds{{
    {TableKind::kQuota, "quota", "Quota games", true, false},
    {TableKind::kContract, "call-deuces", "Call Deuces", false, false},
    {TableKind::kCourts, "court-piece", "Court Piece", false, true},
}};

struct ScoringTable {
  ScoringKind scoring;
  TableKind table;
};

// One row per scoring.kind.
inline constexpr std::array<ScoringTable, 5> kScoringTables{{
    {ScoringKind::kQuota, TableKind::kQuota},
    {ScoringKind::kPlucks, TableKind::kQuota},
    {ScoringKind::kTricks, TableKind::kQuota},
    {ScoringKind::kPoints, TableKind::kContract},
    {ScoringKind::kCourts, TableKind::kCourts},
}};

[[nodiscard]] const TableKindInfo& table_kind_info(TableKind kind);
[[nodiscard]] const ScoringTable& scoring_table(ScoringKind scoring);
// Whether a ranking key is one of a table kind's figures (quota rate is the
// quota games' only; the others are every game's).
[[nodiscard]] bool ranks_by(TableKind kind, RankKey key);

// One player's figures over some games; in a partnership table, one
// partnership's (court-piece.md §2: the same pair of players, whichever seats
// they sat in).
struct PlayerLine {
  std::string player;      // the player; a partnership's name (its `teams` name, else "Ann & Cat")
  std::vector<std::string> members;  // a partnership's players (its first game's seat order); empty for a player
  int games = 0;
  int finished = 0;
  int wins = 0;            // a shared win counts for each winner
  long long points = 0;    // sum of final game scores
  long long placing = 0;   // league placing points (when configured)
  int hands = 0;           // hands whose tricks are known
  int quota_made = 0;      // hands with taken >= quota
  long long over = 0;      // tricks above quota, summed
  long long short_ = 0;    // tricks below quota, summed
  long long plucks_made = 0;
  long long plucks_suffered = 0;
  // Contract games (Call Deuces), from the hands' auctions.
  int contract_hands = 0;  // hands played with a contract (a known bidder; all-pass hands are not)
  int contracts = 0;       // of those, hands in which the player was the bidder
  int contracts_made = 0;  // ... and the bidding side made the bid
  int contracts_set = 0;   // ... and it fell short (a contract whose result is unknown is neither)
  int solo_bids = 0;       // contracts played without a partner
  int solo_made = 0;       // ... and made
  int partner_hands = 0;   // hands in which the player was the bidder's partner
  // Courts games (Court Piece), the player's side's figures in each game:
  // `points` holds the courts the side won (courts for).
  int draws = 0;               // finished games with no winner
  long long courts_against = 0;  // courts the other side won
  int court_hands = 0;         // hands whose result is known (a side won it, or neither)
  int hands_won = 0;           // ... won by the player's side
  int early_courts = 0;        // ... with an early court (or all the tricks after one)
  int longest_streak = 0;      // most hands the side won in a row in one game
  int rank = 0;            // 1-based; 0 when not qualified
  // With --by night, in the season table: the season rank before the last
  // night's games (0: not ranked then); absent without --by night or with
  // fewer than two nights.
  std::optional<int> previous_rank;
  bool tied = false;       // shares its rank
  bool qualified = true;   // played at least the league's minimum

  [[nodiscard]] double quota_rate() const { return hands == 0 ? 0.0 : static_cast<double>(quota_made) / hands; }
  [[nodiscard]] double average() const { return games == 0 ? 0.0 : static_cast<double>(points) / games; }
  // Solo bids per contract bid; partner hands per hand played with a contract.
  [[nodiscard]] double solo_rate() const { return contracts == 0 ? 0.0 : static_cast<double>(solo_bids) / contracts; }
  [[nodiscard]] double partner_rate() const {
    return contract_hands == 0 ? 0.0 : static_cast<double>(partner_hands) / contract_hands;
  }
};

// One table: ranked players, then (season table only) those below the
// league's minimum games.
struct Table {
  bool season = false;  // the table of all games; else one night's
  std::string night;    // the night ("" for games that name none)
  int games = 0;
  std::vector<PlayerLine> ranked;
  std::vector<PlayerLine> unranked;
};

// The tables of one kind of game: the season's and (with --by night) one
// per night; for the games of fixed sides, the same for the partnerships.
struct KindStandings {
  TableKind kind = TableKind::kQuota;
  // The report's ranking keys that are this kind's figures (none: wins, then points).
  std::vector<RankKey> rank_by;
  Table season;
  std::vector<Table> nights;     // in night order
  // TableKindInfo::partnerships only: rows are partnerships; the nights
  // are those of `nights`, in the same order.
  Table pair_season;
  std::vector<Table> pair_nights;
};

// One counted game, for the per-game list and the charts.
struct GameLine {
  TableKind kind = TableKind::kQuota;
  std::string file;
  int index = 0;
  std::string id;
  std::string night;
  std::string ruleset;
  std::vector<std::string> players;  // canonical names, in seat order
  bool finished = false;
  std::vector<std::string> winners;
  std::vector<long long> score;                   // final (or current); empty when unknown
  std::vector<std::vector<long long>> running;    // running score after each hand, when known
  // The courts games: the sides, as partnerships (names, and players as the
  // partnership tables give them); `score` and `running` are then per side,
  // in this order.
  std::vector<std::string> sides;
  std::vector<std::vector<std::string>> side_players;
  int errors = 0;
  int warnings = 0;
  std::string first_error;  // "file:line:col: message" of the first error, for the mark
  // For the notice board: the game's title from its metadata (night or
  // date, table, game number in its file; else the file's name), its date
  // (YYYY-MM-DD: `date`, else a night that is a date; empty if none), and
  // the first error in words, without the file ("hand 6: Bob's score ...").
  std::string title;
  std::string date;
  std::string first_error_words;
  // For the players' sections, by seat: the place in the finished game (0:
  // unfinished), and in the quota games the hands whose tricks are known
  // and those in which the player made quota.
  std::vector<int> place;
  std::vector<int> quota_hands;
  std::vector<int> quota_made;
};

struct Excluded {
  std::string file;
  int index = 0;
  std::string id;
  std::string reason;  // as text and JSON give it: located ("could not be refereed: a.yaml:9:6: ...")
  // For the notice board: the game's title (score/left_out.h, game_title)
  // and the reason in words, without a file or a parser's message.
  std::string title;
  std::string words;
};

struct Standings {
  // The ranking keys in force (--rank-by, then the league's) that are
  // figures of some kind of game here, then any key a kind falls back on.
  std::vector<RankKey> rank_by;
  // One per kind of game counted, in kTableKinds order; with no game
  // counted, the first kind's empty tables.
  std::vector<KindStandings> kinds;
  std::vector<GameLine> games;
  std::vector<Excluded> excluded;
  // Names that look like one player's two spellings (score/names.h): a
  // warning each, with the league's `aliases` line that would merge them.
  std::vector<SimilarNames> similar_names;
  int errors = 0;    // errors in counted and excluded games
  int warnings = 0;
};

struct ScoreOptions {
  bool strict = false;    // leave out games with errors (or warnings)
  bool by_night = false;  // one table per night as well
  std::optional<RankKey> rank_by;  // --rank-by: the first key
};

// Accumulates games one at a time (reports can be dropped as they come).
class StandingsBuilder {
 public:
  StandingsBuilder(const League& league, ScoreOptions options);

  void add(const GameReport& game);
  [[nodiscard]] Standings finish() const;

  // The ranking keys in force: --rank-by first, then the league's order.
  [[nodiscard]] const std::vector<RankKey>& keys() const { return keys_; }

 private:
  // A partnership's key: its players, sorted (the same pair whichever seats they sat in).
  using PairKey = std::vector<std::string>;

  struct Accum {
    std::map<std::string, PlayerLine> players;
    std::map<PairKey, PlayerLine> pairs;
    int games = 0;
  };

  // A partnership as first met: its players in that game's seat order, and
  // the first `teams` name any game gives it.
  struct Pair {
    std::vector<std::string> members;
    std::string teams;
  };

  struct KindAccum {
    Accum season;
    std::map<std::string, Accum> nights;
  };

  [[nodiscard]] Table table(const Accum& a, bool season, const std::string& night,
                            const std::vector<RankKey>& keys) const;
  [[nodiscard]] Table pair_table(const Accum& a, bool season, const std::string& night,
                                 const std::vector<RankKey>& keys) const;
  [[nodiscard]] std::string pair_name(const PairKey& key) const;
  // Whether a refereed game counts (else it is left out, with why), for add().
  [[nodiscard]] bool admit(const GameReport& g, TableKind kind, const std::vector<std::string>& names, int errors,
                           int warnings);
  // A quota or contract game's figures to a table, for add().
  void credit(Accum& acc, const RefereeResult& r, const GameLine& line, const std::vector<int>& place) const;
  // The courts games' figures, for add().
  void add_courts(const GameReport& g, const std::vector<std::string>& names, GameLine& line,
                  const std::string& night);
  [[nodiscard]] std::vector<RankKey> keys_of(TableKind kind) const;

  League league_;  // a copy: a builder may outlive the settings it was given
  ScoreOptions options_;
  std::vector<RankKey> keys_;
  std::map<TableKind, KindAccum> kinds_;
  std::map<PairKey, Pair> pairs_;
  std::vector<std::vector<PairKey>> game_pairs_;  // per game of games_: its sides' keys (courts games)
  std::vector<GameLine> games_;
  std::vector<Excluded> excluded_;
  int errors_ = 0;
  int warnings_ = 0;
};

// Standard competition ranking of `lines` by `keys` (then by name, for a
// stable order within a tie): sets rank and tied.
void rank_lines(std::vector<PlayerLine>& lines, const std::vector<RankKey>& keys);

// a + b, or the largest (smallest) long long where the sum would pass it:
// the standings' totals of figures from records and results files, whose
// numbers are not bounded, stop there rather than wrap.
[[nodiscard]] long long saturated_sum(long long a, long long b);

// "2=" for a tied rank, "2" otherwise, "-" when unranked.
[[nodiscard]] std::string rank_text(const PlayerLine& p);

}  // namespace trickref
