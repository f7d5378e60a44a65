// League standings from refereed games (`trickref score`): per-player
// figures across games, ranked with standard competition ranking ("1, 2=,
// 2=, 4"), per night and for the season. Pure arithmetic over GameReports;
// the renderers in score/render.h read only these types.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "report/report.h"
#include "score/league.h"

namespace trickref {

// One player's figures over some games.
struct PlayerLine {
  std::string player;
  int games = 0;
  int finished = 0;
  int wins = 0;            // a shared win counts for each winner
  long long points = 0;    // sum of final game scores
  long long placing = 0;   // league placing points (when configured)
  int hands = 0;           // hands whose tricks are known
  int quota_made = 0;      // hands with taken >= quota
  long long over = 0;      // tricks above quota, summed
  long long short_ = 0;    // tricks below quota, summed
  int plucks_made = 0;
  int plucks_suffered = 0;
  int rank = 0;            // 1-based; 0 when not qualified
  bool tied = false;       // shares its rank
  bool qualified = true;   // played at least the league's minimum

  [[nodiscard]] double quota_rate() const { return hands == 0 ? 0.0 : static_cast<double>(quota_made) / hands; }
  [[nodiscard]] double average() const { return games == 0 ? 0.0 : static_cast<double>(points) / games; }
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

// One counted game, for the per-game list and the charts.
struct GameLine {
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
  int errors = 0;
  int warnings = 0;
  std::string first_error;  // "file:line:col: message" of the first error, for the mark
};

struct Excluded {
  std::string file;
  int index = 0;
  std::string id;
  std::string reason;
};

struct Standings {
  std::vector<RankKey> rank_by;
  Table season;
  std::vector<Table> nights;  // with --by night, in night order
  std::vector<GameLine> games;
  std::vector<Excluded> excluded;
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
  struct Accum {
    std::map<std::string, PlayerLine> players;
    int games = 0;
  };

  [[nodiscard]] Table table(const Accum& a, bool season, const std::string& night) const;

  League league_;  // a copy: a builder may outlive the settings it was given
  ScoreOptions options_;
  std::vector<RankKey> keys_;
  Accum season_;
  std::map<std::string, Accum> nights_;
  std::vector<GameLine> games_;
  std::vector<Excluded> excluded_;
  int errors_ = 0;
  int warnings_ = 0;
};

// Standard competition ranking of `lines` by `keys` (then by name, for a
// stable order within a tie): sets rank and tied.
void rank_lines(std::vector<PlayerLine>& lines, const std::vector<RankKey>& keys);

// "2=" for a tied rank, "2" otherwise, "-" when unranked.
[[nodiscard]] std::string rank_text(const PlayerLine& p);

}  // namespace trickref
