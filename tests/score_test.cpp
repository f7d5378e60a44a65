// trickref score: standings arithmetic and ranking against hand-computed
// tables, league settings (aliases, qualification, placing points), and the
// command end to end (formats, --strict, --by night, --output).
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include <fmt/format.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "score/league.h"
#include "score/render.h"
#include "score/standings.h"
#include "support/test_support.h"

namespace trickref {
namespace {

// A refereed game built by hand: per hand (quota, taken) by seat.
struct HandSpec {
  std::vector<int> quota;
  std::vector<int> taken;
};

GameReport game(std::vector<std::string> players, bool finished, std::vector<int> winners, std::vector<long long> score,
                std::vector<HandSpec> hands = {}, std::string night = {}) {
  GameReport g;
  g.file = "t.yaml";
  g.players = std::move(players);
  if (!night.empty()) {
    g.event.emplace_back("night", night);
  }
  RefereeResult r;
  r.refereed = true;
  r.outcome.finished = finished;
  r.outcome.winners = std::move(winners);
  r.outcome.score = std::move(score);
  int n = 0;
  for (auto& h : hands) {
    HandSummary s;
    s.number = ++n;
    s.quota = h.quota;
    s.taken = h.taken;
    r.hands.push_back(s);
  }
  g.result = r;
  return g;
}

const PlayerLine& line(const std::vector<PlayerLine>& rows, const std::string& name) {
  for (const auto& p : rows) {
    if (p.player == name) {
      return p;
    }
  }
  static const PlayerLine none;
  ADD_FAILURE() << "no line for " << name;
  return none;
}

std::string ranks(const std::vector<PlayerLine>& rows) {
  std::string out;
  for (const auto& p : rows) {
    out += fmt::format("{}{} {}", out.empty() ? "" : ", ", rank_text(p), p.player);
  }
  return out;
}

PlayerLine player(std::string name, int wins, long long points, int made, int hands, int games = 1) {
  PlayerLine p;
  p.player = std::move(name);
  p.wins = wins;
  p.points = points;
  p.quota_made = made;
  p.hands = hands;
  p.games = games;
  return p;
}

const std::vector<RankKey> kDefault{RankKey::kWins, RankKey::kPoints, RankKey::kQuotaRate};

// ------------------------------------------------------------- ranking

TEST(ScoreRanking, StandardCompetitionRankingWithTies) {
  // B and C tie on wins, points and quota rate (5/10 = 10/20): "1, 2=, 2=, 4".
  std::vector<PlayerLine> rows{player("D", 1, 50, 9, 10), player("C", 2, 30, 10, 20), player("A", 3, 40, 1, 10),
                               player("B", 2, 30, 5, 10)};
  rank_lines(rows, kDefault);
  EXPECT_EQ(ranks(rows), "1 A, 2= B, 2= C, 4 D");
  EXPECT_FALSE(rows[0].tied);
  EXPECT_TRUE(rows[1].tied);
  EXPECT_TRUE(rows[2].tied);
  EXPECT_FALSE(rows[3].tied);
}

TEST(ScoreRanking, LaterKeysBreakTies) {
  // Quota rate 11/20 beats 5/10; then points break a tie on wins.
  std::vector<PlayerLine> rows{player("B", 2, 30, 5, 10), player("C", 2, 30, 11, 20), player("E", 2, 31, 0, 10)};
  rank_lines(rows, kDefault);
  EXPECT_EQ(ranks(rows), "1 E, 2 C, 3 B");
}

TEST(ScoreRanking, ThreeWayTieAtTheTopAndAtTheBottom) {
  std::vector<PlayerLine> rows{player("A", 1, 5, 1, 2), player("B", 1, 5, 2, 4), player("C", 1, 5, 3, 6),
                               player("D", 0, 0, 0, 0), player("E", 0, 0, 0, 0)};
  rank_lines(rows, kDefault);
  EXPECT_EQ(ranks(rows), "1= A, 1= B, 1= C, 4= D, 4= E");
}

TEST(ScoreRanking, AverageComparesPointsPerGameExactly) {
  // 20/3 against 40/6: a tie, found without floating point; 13/2 is less.
  std::vector<PlayerLine> rows{player("A", 0, 20, 0, 0, 3), player("B", 0, 40, 0, 0, 6),
                               player("C", 0, 13, 0, 0, 2)};
  rank_lines(rows, {RankKey::kAverage});
  EXPECT_EQ(ranks(rows), "1= A, 1= B, 3 C");
}

// ------------------------------------------------------------ arithmetic

TEST(ScoreStandings, FiguresAgainstAHandComputedTable) {
  League league;
  StandingsBuilder b(league, {});
  // Game 1: Ann wins 21-15-9. Hands (quota/taken): Ann 7/9, 6/6; Bob 6/4, 4/5; Cat 4/4, 7/6.
  b.add(game({"Ann", "Bob", "Cat"}, true, {0}, {21, 15, 9}, {{{7, 6, 4}, {9, 4, 4}}, {{6, 4, 7}, {6, 5, 6}}}));
  // Game 2, unfinished: counts for hands and points, not wins.
  b.add(game({"Cat", "Ann", "Dan"}, false, {}, {12, 18, 3}, {{{7, 6, 4}, {5, 8, 4}}}));
  // Game 3: a shared win counts for each winner.
  b.add(game({"Bob", "Dan", "Ann"}, true, {0, 1}, {20, 20, 2}, {{{7, 6, 4}, {7, 6, 4}}}));
  const Standings s = b.finish();
  ASSERT_EQ(s.kinds.at(0).season.ranked.size(), 4U);
  // Wins: Ann 1, Bob 1, Dan 1, Cat 0. Points: Bob 35, Ann 41, Dan 23, Cat 21.
  EXPECT_EQ(ranks(s.kinds.at(0).season.ranked), "1 Ann, 2 Bob, 3 Dan, 4 Cat");
  const auto& ann = line(s.kinds.at(0).season.ranked, "Ann");
  EXPECT_EQ(ann.games, 3);
  EXPECT_EQ(ann.finished, 2);
  EXPECT_EQ(ann.wins, 1);
  EXPECT_EQ(ann.points, 21 + 18 + 2);
  EXPECT_EQ(ann.hands, 4);       // 2 + 1 + 1
  EXPECT_EQ(ann.quota_made, 4);  // 9>=7, 6>=6, 8>=6, 4>=4
  EXPECT_EQ(ann.over, 2 + 0 + 2 + 0);
  EXPECT_EQ(ann.short_, 0);
  const auto& bob = line(s.kinds.at(0).season.ranked, "Bob");
  EXPECT_EQ(bob.wins, 1);
  EXPECT_EQ(bob.points, 15 + 20);
  EXPECT_EQ(bob.hands, 3);
  EXPECT_EQ(bob.quota_made, 2);  // 4<6, 5>=4, 7>=7
  EXPECT_EQ(bob.over, 1);
  EXPECT_EQ(bob.short_, 2);
  const auto& cat = line(s.kinds.at(0).season.ranked, "Cat");
  EXPECT_EQ(cat.games, 2);
  EXPECT_EQ(cat.finished, 1);
  EXPECT_EQ(cat.points, 9 + 12);
  EXPECT_EQ(cat.quota_made, 1);  // 4>=4, 6<7, 5<7
  EXPECT_EQ(cat.short_, 1 + 2);
  EXPECT_DOUBLE_EQ(cat.quota_rate(), 1.0 / 3.0);
  const auto& dan = line(s.kinds.at(0).season.ranked, "Dan");
  EXPECT_EQ(dan.wins, 1);
  EXPECT_EQ(dan.points, 3 + 20);
  EXPECT_EQ(s.games.size(), 3U);
  EXPECT_TRUE(s.excluded.empty());
}

TEST(ScoreStandings, PlucksAndQuotasFromAScoreSheet) {
  // Pluck quotas: dealer 7, left 6, right 4. Hand 1 (Ann deals): Ann +2, Bob -2.
  // Hand 2 (Bob deals): Ann plucks Bob twice; Bob +1, Cat -1. Hand 3 (Cat
  // deals): Bob plucks Cat once; everyone makes quota exactly.
  const auto games = test::validate_yaml(R"(game: pluck
players: [Ann, Bob, Cat]
hands:
  - dealer: Ann
    taken: {Ann: 9, Bob: 4, Cat: 4}
  - dealer: Bob
    taken: {Ann: 4, Bob: 8, Cat: 5}
  - dealer: Cat
    taken: {Ann: 6, Bob: 4, Cat: 7}
)");
  ASSERT_EQ(games.size(), 1U);
  ASSERT_TRUE(games[0].diagnostics.empty()) << test::diagnostics_text(games);
  League league;
  StandingsBuilder b(league, {});
  b.add(games[0]);
  const Standings s = b.finish();
  const auto& ann = line(s.kinds.at(0).season.ranked, "Ann");
  const auto& bob = line(s.kinds.at(0).season.ranked, "Bob");
  const auto& cat = line(s.kinds.at(0).season.ranked, "Cat");
  EXPECT_EQ(ann.points, 2);
  EXPECT_EQ(bob.points, 1);
  EXPECT_EQ(cat.points, 0);
  EXPECT_EQ(ann.finished, 0);
  EXPECT_EQ(ann.wins, 0);
  EXPECT_EQ(std::tuple(ann.hands, ann.quota_made, ann.over, ann.short_), std::tuple(3, 3, 2LL, 0LL));
  EXPECT_EQ(std::tuple(bob.hands, bob.quota_made, bob.over, bob.short_), std::tuple(3, 2, 1LL, 2LL));
  EXPECT_EQ(std::tuple(cat.hands, cat.quota_made, cat.over, cat.short_), std::tuple(3, 2, 0LL, 1LL));
  EXPECT_EQ(std::pair(ann.plucks_made, ann.plucks_suffered), std::pair(2, 0));
  EXPECT_EQ(std::pair(bob.plucks_made, bob.plucks_suffered), std::pair(1, 2));
  EXPECT_EQ(std::pair(cat.plucks_made, cat.plucks_suffered), std::pair(0, 1));
}

TEST(ScoreStandings, PlacingPointsShareTheBetterPlace) {
  League league;
  league.placing_points = {3, 1, 0};
  league.ranking = {RankKey::kPlacing};
  StandingsBuilder b(league, {});
  b.add(game({"A", "B", "C"}, true, {0}, {21, 15, 15}));  // 3, 1, 1
  b.add(game({"A", "B", "C"}, true, {1}, {10, 20, 12}));  // 0, 3, 1
  b.add(game({"A", "B", "C"}, false, {}, {19, 2, 3}));    // unfinished: no placing
  const Standings s = b.finish();
  EXPECT_EQ(line(s.kinds.at(0).season.ranked, "A").placing, 3);
  EXPECT_EQ(line(s.kinds.at(0).season.ranked, "B").placing, 4);
  EXPECT_EQ(line(s.kinds.at(0).season.ranked, "C").placing, 2);
  EXPECT_EQ(ranks(s.kinds.at(0).season.ranked), "1 B, 2 A, 3 C");
}

TEST(ScoreStandings, RankByPutsItsKeyFirst) {
  League league;
  ScoreOptions o;
  o.rank_by = RankKey::kPoints;
  StandingsBuilder b(league, o);
  EXPECT_EQ(b.keys(), (std::vector<RankKey>{RankKey::kPoints, RankKey::kWins, RankKey::kQuotaRate}));
  b.add(game({"A", "B", "C"}, true, {0}, {21, 19, 0}));
  b.add(game({"A", "B", "C"}, true, {2}, {0, 19, 21}));
  const Standings s = b.finish();
  // Points 38, 21, 21; A and C also tie on wins (1 each) and quota rate (no hands).
  EXPECT_EQ(ranks(s.kinds.at(0).season.ranked), "1 B, 2= A, 2= C");
}

TEST(ScoreStandings, AliasesMergeSpellingsAndQualificationListsApart) {
  const auto loaded = load_league("min_games: 2\naliases:\n  Ann: [Annie, \"Ann B.\"]\n", "league.yaml", {});
  ASSERT_TRUE(loaded.league);
  StandingsBuilder b(*loaded.league, {});
  b.add(game({"Ann", "Bob", "Cat"}, true, {0}, {21, 3, 4}));
  b.add(game({"Annie", "Bob", "Gus"}, true, {2}, {1, 3, 20}));
  b.add(game({"Ann B.", "Annie", "Bob"}, true, {2}, {1, 3, 20}));  // one person twice: left out
  const Standings s = b.finish();
  EXPECT_EQ(ranks(s.kinds.at(0).season.ranked), "1 Ann, 2 Bob");
  EXPECT_EQ(line(s.kinds.at(0).season.ranked, "Ann").games, 2);
  EXPECT_EQ(line(s.kinds.at(0).season.ranked, "Ann").points, 22);
  ASSERT_EQ(s.kinds.at(0).season.unranked.size(), 2U);  // Gus and Cat, one game each
  EXPECT_EQ(s.kinds.at(0).season.unranked[0].player, "Gus");  // a win ranks him above Cat
  EXPECT_EQ(s.kinds.at(0).season.unranked[0].rank, 0);
  EXPECT_EQ(rank_text(s.kinds.at(0).season.unranked[0]), "-");
  EXPECT_EQ(s.kinds.at(0).season.unranked[1].player, "Cat");
  ASSERT_EQ(s.excluded.size(), 1U);
  EXPECT_EQ(s.excluded[0].reason, "Ann B. and Annie are one player under the league's aliases (Ann)");
  EXPECT_EQ(s.games[1].players, (std::vector<std::string>{"Ann", "Bob", "Gus"}));
}

TEST(ScoreStandings, StrictLeavesOutGamesWithErrorsOthersAreMarked) {
  GameReport bad = game({"A", "B", "C"}, true, {0}, {21, 0, 0});
  Diagnostic d;
  d.code = Code::kScoreMismatch;
  d.file = "t.yaml";
  d.loc = Loc{9, 18};
  d.message = "A's score after hand 1 is recorded as 2, but it is 1";
  bad.diagnostics.push_back(d);
  {
    StandingsBuilder b(League{}, {});
    b.add(bad);
    const Standings s = b.finish();
    ASSERT_EQ(s.games.size(), 1U);
    EXPECT_EQ(s.games[0].errors, 1);
    EXPECT_EQ(s.games[0].first_error, "t.yaml:9:18: A's score after hand 1 is recorded as 2, but it is 1");
    EXPECT_EQ(line(s.kinds.at(0).season.ranked, "A").wins, 1);
  }
  ScoreOptions strict;
  strict.strict = true;
  const League league;
  StandingsBuilder b(league, strict);
  b.add(bad);
  const Standings s = b.finish();
  EXPECT_TRUE(s.games.empty());
  EXPECT_TRUE(s.kinds.at(0).season.ranked.empty());
  ASSERT_EQ(s.excluded.size(), 1U);
  EXPECT_EQ(s.excluded[0].reason, "1 error and 0 warnings (--strict leaves it out)");
  EXPECT_EQ(s.errors, 1);
}

TEST(ScoreStandings, NightsGetTheirOwnTablesInOrder) {
  const League league;
  ScoreOptions o;
  o.by_night = true;
  StandingsBuilder b(league, o);
  b.add(game({"A", "B", "C"}, true, {0}, {21, 0, 0}, {}, "2026-11-26"));
  b.add(game({"A", "B", "C"}, true, {1}, {0, 21, 0}, {}, "2026-11-19"));
  b.add(game({"A", "B", "C"}, true, {1}, {0, 21, 0}));
  const Standings s = b.finish();
  ASSERT_EQ(s.kinds.at(0).nights.size(), 3U);
  EXPECT_EQ(s.kinds.at(0).nights[0].night, "2026-11-19");
  EXPECT_EQ(ranks(s.kinds.at(0).nights[0].ranked), "1 B, 2= A, 2= C");
  EXPECT_EQ(s.kinds.at(0).nights[1].night, "2026-11-26");
  EXPECT_EQ(ranks(s.kinds.at(0).nights[1].ranked), "1 A, 2= B, 2= C");
  EXPECT_EQ(s.kinds.at(0).nights[2].night, "");
  EXPECT_EQ(s.kinds.at(0).nights[2].games, 1);
  EXPECT_EQ(ranks(s.kinds.at(0).season.ranked), "1 B, 2 A, 3 C");
}

// --------------------------------------------------------------- league

std::string league_errors(const std::string& text) {
  const auto loaded = load_league(text, "league.yaml", {});
  EXPECT_FALSE(loaded.league);
  std::string out;
  for (const auto& d : loaded.diagnostics) {
    out += render_diagnostic(d, TextStyle{false, true});
  }
  return out;
}

TEST(ScoreLeague, LoadsEveryKey) {
  const auto loaded = load_league(test::read_source_file("samples/league/league.yaml"), "league.yaml", {});
  ASSERT_TRUE(loaded.league);
  const League& l = *loaded.league;
  EXPECT_EQ(l.name, "Thursday Pluck League");
  EXPECT_EQ(l.ranking, (std::vector<RankKey>{RankKey::kWins, RankKey::kPoints, RankKey::kQuotaRate}));
  EXPECT_EQ(l.min_games, 3);
  EXPECT_EQ(l.canonical("Annie"), "Ann");
  EXPECT_EQ(l.canonical("Bob"), "Bob");
  EXPECT_EQ(l.placing_points, (std::vector<int>{3, 1, 0}));
}

TEST(ScoreLeague, MistakesAreLocatedDiagnostics) {
  // An unknown key is an error here: a misspelt setting would silently change the standings.
  EXPECT_EQ(league_errors("name: x\nmin_game: 3\n"),
            "league.yaml:2:1: error: unknown key 'min_game' in league settings (did you mean 'min_games'?); the keys "
            "are name, ranking, min_games, aliases and placing_points [unknown-key]\n");
  EXPECT_EQ(league_errors("ranking: [wins, point]\n"),
            "league.yaml:1:17: error: 'point' is not a ranking key (did you mean 'points'?); the keys are wins, "
            "points, average, quota_rate and placing [schema]\n");
  EXPECT_EQ(league_errors("ranking: [placing]\n"),
            "league.yaml:1:10: error: the ranking uses 'placing', but no placing_points are set (for example "
            "placing_points: [3, 1, 0]) [schema]\n");
  EXPECT_EQ(league_errors("min_games: -1\n"),
            "league.yaml:1:12: error: 'min_games' must be a whole number from 0 to 100000, not '-1' [schema]\n");
  EXPECT_EQ(league_errors("aliases:\n  Ann: Annie\n  Bob: [Annie]\n"),
            "league.yaml:3:9: error: 'Annie' is already an alias of Ann (line 2); one spelling names one player "
            "[schema]\n");
  EXPECT_EQ(league_errors("name: [x\n").substr(0, 24), "league.yaml:2:1: error: ");
  EXPECT_EQ(league_errors(""), "league.yaml:1:1: error: the league settings file is empty [schema]\n");
}

// ------------------------------------------------------------- end to end

class ScoreCli : public ::testing::Test {
 protected:
  void SetUp() override {
    std::filesystem::current_path(test::source_dir());
    static int counter = 0;
    dir_ = std::filesystem::temp_directory_path() /
           fmt::format("trickref-score-{}-{}-{}", ::testing::UnitTest::GetInstance()->current_test_info()->name(),
                       ::getpid(), counter++);
    std::filesystem::create_directories(dir_);
  }
  void TearDown() override {
    std::error_code ec;
    std::filesystem::permissions(dir_, std::filesystem::perms::owner_all, ec);
    std::filesystem::remove_all(dir_, ec);
  }
  static std::string slurp(const std::filesystem::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
  }
  std::filesystem::path dir_;
};

TEST_F(ScoreCli, LeagueSamplesFindTheLeagueFileAndMarkTheError) {
  const auto r = test::run_cli({"score", "samples/league"});
  EXPECT_EQ(r.exit_code, 1) << r.err;  // one game has an error
  EXPECT_EQ(r.out.substr(0, r.out.find('\n')), "Thursday Pluck League: ranked by wins, then points, then quota rate");
  EXPECT_NE(r.out.find("Fewer than 3 games (not ranked):\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Games: 11 games counted, 1 with errors (marked *)\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("  * thu-2026-11-26-t2-g1 (samples/league/2026-11-26/table-2.yaml): 1 error; first: "
                       "samples/league/2026-11-26/table-2.yaml:182:18: Bob's score after hand 6 is recorded as 10, "
                       "but it is 9"),
            std::string::npos)
      << r.out;
  // "Annie" is counted as Ann.
  EXPECT_EQ(r.out.find("Annie"), std::string::npos);
}

TEST_F(ScoreCli, StrictLeavesTheErrorGameOut) {
  const auto r = test::run_cli({"score", "--strict", "--format", "json", "samples/league"});
  EXPECT_EQ(r.exit_code, 1);
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["games"], 10);
  ASSERT_EQ(j["excluded"].size(), 1U);
  EXPECT_EQ(j["excluded"][0]["id"], "thu-2026-11-26-t2-g1");
  EXPECT_EQ(j["excluded"][0]["reason"], "1 error and 0 warnings (--strict leaves it out)");
}

TEST_F(ScoreCli, RankByAndByNight) {
  const auto r = test::run_cli({"score", "--rank-by", "placing", "--by", "night", "--format", "json",
                                "samples/league"});
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["ranked_by"], nlohmann::json::parse(R"(["placing", "wins", "points", "quota_rate"])"));
  ASSERT_EQ(j["nights"].size(), 2U);
  EXPECT_EQ(j["nights"][0]["night"], "2026-11-19");
  EXPECT_EQ(j["nights"][0]["games"], 5);
  EXPECT_EQ(j["nights"][1]["games"], 6);
  const auto& top = j["standings"][0];
  EXPECT_GE(top["placing"].get<int>(), j["standings"][1]["placing"].get<int>());
  // Without placing points, ranking by placing is a usage error.
  const auto bad = test::run_cli({"score", "--rank-by", "placing", "samples/night"});
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_EQ(bad.err, "trickref: error: --rank-by placing needs placing_points in the league settings (league.yaml)\n");
}

TEST_F(ScoreCli, OutputIsWrittenAtomicallyAndFailuresLeaveTheOldFile) {
  const auto out = dir_ / "standings.html";
  auto r = test::run_cli({"score", "-o", out.string(), "samples/league"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err, fmt::format("trickref: wrote {} (11 games counted, 0 left out)\n", out.string()));
  const std::string html = slurp(out);
  EXPECT_EQ(html.substr(0, 15), "<!DOCTYPE html>");  // the format follows the extension
  // A run that fails (bad league settings) leaves the old report as it was.
  const auto league = dir_ / "bad-league.yaml";
  std::ofstream(league) << "ranking: [nope]\n";
  r = test::run_cli({"score", "--league", league.string(), "-o", out.string(), "samples/league"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("'nope' is not a ranking key"), std::string::npos) << r.err;
  EXPECT_EQ(slurp(out), html);
  // Writing into a directory that does not exist: nothing written, exit 2.
  r = test::run_cli({"score", "-o", (dir_ / "no" / "such" / "x.csv").string(), "samples/night"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, fmt::format("trickref: error: cannot write '{}': no such file or directory; nothing was written\n",
                               (dir_ / "no" / "such" / "x.csv").string()));
  // No temporary files are left beside the report.
  int files = 0;
  for ([[maybe_unused]] const auto& e : std::filesystem::directory_iterator(dir_)) {
    ++files;
  }
  EXPECT_EQ(files, 2);  // standings.html and bad-league.yaml
}

TEST_F(ScoreCli, UnreadableInputsAreLeftOutAndTheRestCounted) {
  const auto r = test::run_cli({"score", "--format", "json", "no/such.yaml", "samples/night"});
  EXPECT_EQ(r.exit_code, 2);
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["games"], 4);
  ASSERT_EQ(j["excluded"].size(), 1U);
  EXPECT_EQ(j["excluded"][0]["reason"], "could not be read: cannot read 'no/such.yaml': no such file or directory");
}

TEST_F(ScoreCli, AFileNameThatIsNotUtf8StillGivesAJsonReport) {
  const auto bad = dir_ / "t\xff.yaml";
  std::filesystem::copy_file("samples/night/table-2.yaml", bad);
  const auto r = test::run_cli({"score", "--format", "json", dir_.string()});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["games"], 1);
  EXPECT_EQ(j["results"][0]["file"], fmt::format("{}/t\xef\xbf\xbd.yaml", dir_.generic_string()));
}

TEST_F(ScoreCli, SameInputSameBytesAnyJobs) {
  for (const char* format : {"text", "csv", "json", "md", "html"}) {
    const auto one = test::run_cli({"score", "--format", format, "--by", "night", "samples/league", "samples/night"});
    const auto two = test::run_cli({"score", "--format", format, "--by", "night", "-j", "2", "samples/league",
                                    "samples/night"});
    EXPECT_EQ(one.out, two.out) << format;
    EXPECT_FALSE(one.out.empty()) << format;
  }
}

// Golden CSV, JSON and Markdown of the league samples (UPDATE_GOLDEN=1 rewrites).
class ScoreGolden : public ::testing::TestWithParam<std::string> {};

TEST_P(ScoreGolden, MatchesTheGoldenFile) {
  std::filesystem::current_path(test::source_dir());
  const std::string format = GetParam();
  const auto r = test::run_cli({"score", "--format", format, "--by", "night", "samples/league"});
  test::compare_golden(fmt::format("exit {}\n{}", r.exit_code, r.out),
                       "score/league." + (format == "text" ? std::string("txt") : format));
}

INSTANTIATE_TEST_SUITE_P(Formats, ScoreGolden, ::testing::Values("csv", "json", "md", "text"),
                         [](const auto& p) { return p.param; });

}  // namespace
}  // namespace trickref
