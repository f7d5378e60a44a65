// trickref score for the courts games (Court Piece): per player (a player's
// figures are their side's in each game) and per partnership (the same pair
// of players whichever seats they sat in, named by the record's `teams`),
// against hand-computed tables built from GameReports as the referee
// summarises them; every format; a night mixing Pluck, Call Deuces and
// Court Piece keeps a table set per kind of game; and end to end, Court
// Piece score sheets refereed with the Pluck night's samples.
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include <fmt/format.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "score/league.h"
#include "score/render.h"
#include "score/standings.h"
#include "support/courts.h"
#include "support/standings_rows.h"
#include "support/test_support.h"

namespace trickref {
namespace score_courts {
namespace {

using test::courts_night;
using Courts = std::vector<long long>;

League aliased() {
  League league;
  league.aliases["Annie"] = "Ann";
  return league;
}

Standings courts_standings(const League& league, bool by_night) {
  ScoreOptions o;
  o.by_night = by_night;
  StandingsBuilder b(league, o);
  for (const auto& g : courts_night()) {
    b.add(g);
  }
  return b.finish();
}



// games, finished, wins, draws, courts for, against, hands, won, early, streak
using Figures = std::tuple<int, int, int, int, long long, long long, int, int, int, int>;

Figures figures(const PlayerLine& p) {
  return {p.games,          p.finished,    p.wins,      p.draws,        p.points,
          p.courts_against, p.court_hands, p.hands_won, p.early_courts, p.longest_streak};
}

// ------------------------------------------------------------ arithmetic

TEST(ScoreCourts, PlayersFiguresAreTheirSidesInEachGame) {
  const League league = aliased();
  const Standings s = courts_standings(league, false);
  ASSERT_EQ(s.kinds.size(), 1U);
  EXPECT_EQ(s.kinds[0].kind, TableKind::kCourts);
  EXPECT_TRUE(s.excluded.empty());
  // Quota rate is no Court Piece figure: wins, then points (the courts won).
  EXPECT_EQ(s.rank_by, (std::vector<RankKey>{RankKey::kWins, RankKey::kPoints}));
  const auto& rows = s.kinds[0].season.ranked;
  EXPECT_EQ(test::ranks(rows), "1= Ann, 1= Cat, 3= Bob, 3= Dan, 5 Eve");
  // Ann: A (won 3-1: hands 5, won 4, early courts at hands 1, 4 and 5, two
  // in a row twice), B (a 1-1 draw: hands 6, won 1 with an early court),
  // C (courts not known; hands 1 and 3 known and won, one early; the
  // unknown hand 2 breaks the run).
  EXPECT_EQ(figures(test::line(rows, "Ann")), Figures(3, 2, 1, 1, 3 + 1, 1 + 1, 5 + 6 + 2, 4 + 1 + 2, 3 + 1 + 1, 2));
  EXPECT_EQ(figures(test::line(rows, "Cat")), Figures(2, 2, 1, 1, 4, 2, 11, 5, 4, 2));
  // Bob and Dan: A (lost 1-3, won the revoke hand only; the 52 of hand 6 came
  // after the end), B (hands 1, 2 and 4 won with the level hand 3 between:
  // a run of three), C (won nothing).
  EXPECT_EQ(figures(test::line(rows, "Bob")), Figures(3, 2, 0, 1, 1 + 1, 3 + 1, 13, 1 + 4 + 0, 0 + 1 + 0, 3));
  EXPECT_EQ(figures(test::line(rows, "Dan")), figures(test::line(rows, "Bob")));
  EXPECT_EQ(figures(test::line(rows, "Eve")), Figures(1, 0, 0, 0, 0, 0, 2, 2, 1, 1));
  // No quota or contract figures.
  for (const auto& p : rows) {
    EXPECT_EQ(std::tuple(p.hands, p.quota_made, p.contract_hands, p.contracts), std::tuple(0, 0, 0, 0)) << p.player;
    EXPECT_TRUE(p.members.empty());
  }
}

TEST(ScoreCourts, PartnershipsAreTheSamePairWhicheverSeatsTheySatIn) {
  const League league = aliased();
  const Standings s = courts_standings(league, false);
  const auto& pairs = s.kinds.at(0).pair_season;
  EXPECT_TRUE(pairs.season);
  EXPECT_EQ(pairs.games, 3);
  EXPECT_TRUE(pairs.unranked.empty());
  // Ann & Cat (A, and B from the other seats, Annie counted as Ann), the
  // Lions (Bob & Dan: A, B and C, named by C's teams), the Tigers (C).
  EXPECT_EQ(test::ranks(pairs.ranked), "1 Ann & Cat, 2 Lions, 3 Tigers");
  const auto& ann_cat = test::line(pairs.ranked, "Ann & Cat");
  EXPECT_EQ(ann_cat.members, (std::vector<std::string>{"Ann", "Cat"}));
  EXPECT_EQ(figures(ann_cat), figures(test::line(s.kinds[0].season.ranked, "Cat")));
  const auto& lions = test::line(pairs.ranked, "Lions");
  EXPECT_EQ(lions.members, (std::vector<std::string>{"Bob", "Dan"}));
  EXPECT_EQ(figures(lions), Figures(3, 2, 0, 1, 2, 4, 13, 5, 1, 3));
  const auto& tigers = test::line(pairs.ranked, "Tigers");
  EXPECT_EQ(tigers.members, (std::vector<std::string>{"Ann", "Eve"}));
  EXPECT_EQ(figures(tigers), Figures(1, 0, 0, 0, 0, 0, 2, 2, 1, 1));

  // Each game's sides as the partnerships, its score and running score per side.
  ASSERT_EQ(s.games.size(), 3U);
  EXPECT_EQ(s.games[0].sides, (std::vector<std::string>{"Ann & Cat", "Lions"}));
  EXPECT_EQ(s.games[0].side_players, (std::vector<std::vector<std::string>>{{"Ann", "Cat"}, {"Bob", "Dan"}}));
  EXPECT_EQ(s.games[0].score, (Courts{3, 1}));
  EXPECT_EQ(s.games[0].running.size(), 6U);
  EXPECT_EQ(s.games[0].running.back(), (Courts{3, 53}));
  EXPECT_EQ(s.games[0].winners, (std::vector<std::string>{"Ann", "Cat"}));
  EXPECT_EQ(s.games[1].players, (std::vector<std::string>{"Cat", "Dan", "Ann", "Bob"}));
  EXPECT_EQ(s.games[1].sides, (std::vector<std::string>{"Ann & Cat", "Lions"}));
  EXPECT_TRUE(s.games[1].finished);
  EXPECT_TRUE(s.games[1].winners.empty());
  EXPECT_EQ(s.games[1].score, (Courts{1, 1}));
  EXPECT_EQ(s.games[2].sides, (std::vector<std::string>{"Tigers", "Lions"}));
  EXPECT_TRUE(s.games[2].score.empty());
  EXPECT_TRUE(s.games[2].running.empty());
}

TEST(ScoreCourts, NightsHavePlayerAndPartnershipTables) {
  const League league = aliased();
  const Standings s = courts_standings(league, true);
  const auto& k = s.kinds.at(0);
  ASSERT_EQ(k.nights.size(), 2U);
  ASSERT_EQ(k.pair_nights.size(), 2U);
  EXPECT_EQ(k.pair_nights[0].night, "2026-12-10");
  EXPECT_EQ(k.pair_nights[0].games, 2);
  EXPECT_FALSE(k.pair_nights[0].season);
  EXPECT_EQ(test::ranks(k.pair_nights[0].ranked), "1 Ann & Cat, 2 Lions");
  EXPECT_EQ(test::ranks(k.pair_nights[1].ranked), "1= Lions, 1= Tigers");
  EXPECT_EQ(test::ranks(k.nights[1].ranked), "1= Ann, 1= Bob, 1= Dan, 1= Eve");
  // A night's partnership keeps its season name.
  EXPECT_EQ(test::line(k.pair_nights[0].ranked, "Lions").games, 2);
  EXPECT_EQ(figures(test::line(k.pair_nights[0].ranked, "Lions")), Figures(2, 2, 0, 1, 2, 4, 11, 5, 1, 3));
}

TEST(ScoreCourts, PlacingPointsGoToTheSidesPlaceADrawSharesTheFirst) {
  League league = aliased();
  league.placing_points = {3, 1, 0};
  const Standings s = courts_standings(league, false);
  // A: Ann and Cat first (3), Bob and Dan third, after the two winners (0).
  // B: a draw, all level: everyone first (3). C: unfinished, no placing.
  const auto& rows = s.kinds.at(0).season.ranked;
  EXPECT_EQ(test::line(rows, "Ann").placing, 6);
  EXPECT_EQ(test::line(rows, "Bob").placing, 3);
  EXPECT_EQ(test::line(rows, "Eve").placing, 0);
  EXPECT_EQ(test::line(s.kinds[0].pair_season.ranked, "Ann & Cat").placing, 6);
  EXPECT_EQ(test::line(s.kinds[0].pair_season.ranked, "Lions").placing, 3);
}

TEST(ScoreCourts, TheFirstTeamsNameNamesThePairAndMinGamesAppliesToPartnerships) {
  League league = aliased();
  league.min_games = 2;
  StandingsBuilder b(league, {});
  auto games = courts_night();
  std::reverse(games.begin(), games.end());  // C first: Bob & Dan are "Lions" from their first game
  for (const auto& g : games) {
    b.add(g);
  }
  const Standings s = b.finish();
  const auto& pairs = s.kinds.at(0).pair_season;
  // Ann and Cat first met in B, seated Cat then Ann (Annie): named so.
  EXPECT_EQ(test::ranks(pairs.ranked), "1 Cat & Ann, 2 Lions");
  ASSERT_EQ(pairs.unranked.size(), 1U);
  EXPECT_EQ(pairs.unranked[0].player, "Tigers");
  EXPECT_EQ(pairs.unranked[0].rank, 0);
  EXPECT_EQ(test::line(pairs.ranked, "Cat & Ann").members, (std::vector<std::string>{"Cat", "Ann"}));
  EXPECT_EQ(test::line(pairs.ranked, "Lions").members, (std::vector<std::string>{"Bob", "Dan"}));
}

TEST(ScoreCourts, AGameWhoseSidesAreNotKnownIsLeftOutWithTheReason) {
  GameReport g = courts_night()[0];
  g.result->sides.clear();
  StandingsBuilder b(League{}, {});
  b.add(g);
  const Standings s = b.finish();
  EXPECT_TRUE(s.games.empty());
  ASSERT_EQ(s.excluded.size(), 1U);
  EXPECT_EQ(s.excluded[0].reason, "its sides are not known, so no partnership's figures can be counted");
  EXPECT_EQ(scoring_table(ScoringKind::kCourts).table, TableKind::kCourts);
  EXPECT_FALSE(ranks_by(TableKind::kCourts, RankKey::kQuotaRate));
  EXPECT_TRUE(ranks_by(TableKind::kCourts, RankKey::kPoints));
}

// ------------------------------------------------------------- rendering

TEST(ScoreCourtsRender, TextHasAPlayersAndAPartnershipsTable) {
  const League league = aliased();
  const Standings s = courts_standings(league, false);
  EXPECT_EQ(standings_text(ScoreView{s, league, false}),
            "Standings: ranked by wins, then courts won\n"
            "\n"
            "Season standings (3 games)\n"
            "\n"
            "Rank  Player  Games  Fin  Wins  Draws  For  Against   Avg  Hands  Won  Early  Streak\n"
            "1=    Ann         3    2     1      1    4        2  1.33     13    7      5       2\n"
            "1=    Cat         2    2     1      1    4        2  2.00     11    5      4       2\n"
            "3=    Bob         3    2     0      1    2        4  0.67     13    5      1       3\n"
            "3=    Dan         3    2     0      1    2        4  0.67     13    5      1       3\n"
            "5     Eve         1    0     0      0    0        0  0.00      2    2      1       1\n"
            "\n"
            "Partnerships: season standings (3 games)\n"
            "\n"
            "Rank  Partnership         Games  Fin  Wins  Draws  For  Against   Avg  Hands  Won  Early  Streak\n"
            "1     Ann & Cat               2    2     1      1    4        2  2.00     11    5      4       2\n"
            "2     Lions (Bob & Dan)       3    2     0      1    2        4  0.67     13    5      1       3\n"
            "3     Tigers (Ann & Eve)      1    0     0      0    0        0  0.00      2    2      1       1\n"
            "\n"
            "Games: 3 games counted, 1 unfinished\n");
}

TEST(ScoreCourtsRender, JsonGivesPartnershipsAndEachGamesSides) {
  const League league = aliased();
  const Standings s = courts_standings(league, true);
  const auto j = standings_json(ScoreView{s, league, true});
  std::vector<std::string> keys;
  for (const auto& [k, value] : j.items()) {
    keys.push_back(k);
  }
  EXPECT_EQ(keys, (std::vector<std::string>{"ranked_by", "min_games", "standings", "unranked", "partnerships",
                                            "unranked_partnerships", "nights", "games", "excluded", "similar_names",
                                            "results"}));
  EXPECT_EQ(j["ranked_by"], nlohmann::json::parse(R"(["wins", "points"])"));
  EXPECT_EQ(j["standings"][0].dump(),
            R"({"rank":1,"tied":true,"player":"Ann","games":3,"finished":2,"wins":1,"draws":1,"points":4,)"
            R"("courts_against":2,"average":1.33,"hands":13,"hands_won":7,"early_courts":5,"longest_streak":2})");
  EXPECT_EQ(j["partnerships"][1].dump(),
            R"({"rank":2,"tied":false,"partnership":"Lions","players":["Bob","Dan"],"games":3,"finished":2,)"
            R"("wins":0,"draws":1,"points":2,"courts_against":4,"average":0.67,"hands":13,"hands_won":5,)"
            R"("early_courts":1,"longest_streak":3})");
  EXPECT_EQ(j["unranked_partnerships"], nlohmann::json::array());
  ASSERT_EQ(j["nights"].size(), 2U);
  EXPECT_EQ(j["nights"][1]["night"], "2026-12-17");
  EXPECT_EQ(j["nights"][1]["partnerships"].size(), 2U);
  EXPECT_EQ(j["nights"][1]["partnerships"][1]["partnership"], "Tigers");
  EXPECT_EQ(j["results"][1].dump(),
            R"({"file":"cp.yaml","index":0,"id":"cp-b","night":"2026-12-10","ruleset":"court-piece",)"
            R"("players":["Cat","Dan","Ann","Bob"],"sides":[{"name":"Ann & Cat","players":["Ann","Cat"]},)"
            R"({"name":"Lions","players":["Bob","Dan"]}],"finished":true,"winners":[],)"
            R"("score":{"Ann & Cat":1,"Lions":1},"running":[[0,0],[0,0],[0,0],[0,0],[1,0],[1,1]],)"
            R"("errors":0,"warnings":0})");
  EXPECT_FALSE(j["results"][2].contains("score"));
  EXPECT_FALSE(j["results"][2].contains("running"));
}

TEST(ScoreCourtsRender, CsvHasPartnershipRowsNamedApart) {
  const League league = aliased();
  const Standings s = courts_standings(league, true);
  EXPECT_EQ(standings_csv(ScoreView{s, league, true}),
            "table,night,rank,tied,qualified,player,partnership,players,games,finished,wins,draws,points,"
            "courts_against,average,hands,hands_won,early_courts,longest_streak\r\n"
            "season,,1,true,true,Ann,,,3,2,1,1,4,2,1.33,13,7,5,2\r\n"
            "season,,1,true,true,Cat,,,2,2,1,1,4,2,2.00,11,5,4,2\r\n"
            "season,,3,true,true,Bob,,,3,2,0,1,2,4,0.67,13,5,1,3\r\n"
            "season,,3,true,true,Dan,,,3,2,0,1,2,4,0.67,13,5,1,3\r\n"
            "season,,5,false,true,Eve,,,1,0,0,0,0,0,0.00,2,2,1,1\r\n"
            "season-partnerships,,1,false,true,,Ann & Cat,Ann & Cat,2,2,1,1,4,2,2.00,11,5,4,2\r\n"
            "season-partnerships,,2,false,true,,Lions,Bob & Dan,3,2,0,1,2,4,0.67,13,5,1,3\r\n"
            "season-partnerships,,3,false,true,,Tigers,Ann & Eve,1,0,0,0,0,0,0.00,2,2,1,1\r\n"
            "night,2026-12-10,1,true,true,Ann,,,2,2,1,1,4,2,2.00,11,5,4,2\r\n"
            "night,2026-12-10,1,true,true,Cat,,,2,2,1,1,4,2,2.00,11,5,4,2\r\n"
            "night,2026-12-10,3,true,true,Bob,,,2,2,0,1,2,4,1.00,11,5,1,3\r\n"
            "night,2026-12-10,3,true,true,Dan,,,2,2,0,1,2,4,1.00,11,5,1,3\r\n"
            "night-partnerships,2026-12-10,1,false,true,,Ann & Cat,Ann & Cat,2,2,1,1,4,2,2.00,11,5,4,2\r\n"
            "night-partnerships,2026-12-10,2,false,true,,Lions,Bob & Dan,2,2,0,1,2,4,1.00,11,5,1,3\r\n"
            "night,2026-12-17,1,true,true,Ann,,,1,0,0,0,0,0,0.00,2,2,1,1\r\n"
            "night,2026-12-17,1,true,true,Bob,,,1,0,0,0,0,0,0.00,2,0,0,0\r\n"
            "night,2026-12-17,1,true,true,Dan,,,1,0,0,0,0,0,0.00,2,0,0,0\r\n"
            "night,2026-12-17,1,true,true,Eve,,,1,0,0,0,0,0,0.00,2,2,1,1\r\n"
            "night-partnerships,2026-12-17,1,true,true,,Lions,Bob & Dan,1,0,0,0,0,0,0.00,2,0,0,0\r\n"
            "night-partnerships,2026-12-17,1,true,true,,Tigers,Ann & Eve,1,0,0,0,0,0,0.00,2,2,1,1\r\n");
}

TEST(ScoreCourtsRender, MarkdownAndHtmlExplainEveryColumn) {
  const League league = aliased();
  const Standings s = courts_standings(league, false);
  const std::string md = standings_markdown(ScoreView{s, league, false});
  EXPECT_NE(
      md.find("# Standings\n\nResults up to 2026-12-17. Ranked by wins, then courts won.\n\n## Season standings\n\n"
              "3 games.\n\n"
              "| Rank | Player | Games | Fin | Wins | Draws | For | Against | Avg | Hands | Won | Early | Streak |\n"),
      std::string::npos)
      << md;
  EXPECT_NE(md.find("\nKey: **Games**: games played; **Fin**: games that reached their end; **Wins**: finished games "
                    "the side won; **Draws**: finished games with no winner (the sides level on courts); **For**: "
                    "courts the side won, summed over games (the games' points: the ranking's points are these); "
                    "**Against**: courts the other side won; **Avg**: courts for per game; **Hands**: hands whose "
                    "result is known; **Won**: hands the side won; **Early**: early courts the side scored: each of "
                    "the first seven tricks won (all thirteen included); **Streak**: the most hands the side won in a "
                    "row in one game (a hand neither side won does not break it). A player's figures are their "
                    "side's in each game they played.\n\n## Partnerships: season standings\n\n3 games.\n\n"
                    "| Rank | Partnership | Games |"),
            std::string::npos)
      << md;
  EXPECT_NE(md.find("| 2 | Lions (Bob & Dan) | 3 | 2 | 0 | 1 | 2 | 4 | 0.67 | 13 | 5 | 1 | 3 |\n"), std::string::npos)
      << md;
  EXPECT_NE(md.find("\nKey: **Partnership**: the same two players whichever seats they sat in: the record's teams "
                    "name (with the players), else the players. The other columns are the partnership's figures, as "
                    "in the players' table.\n\n## Games\n\n3 games counted, 1 unfinished.\n\n"
                    "- 2026-12-10, game 1 (cp-a): won by Ann and Cat\n- 2026-12-10, game 1 (cp-b): a draw\n"
                    "- 2026-12-17, game 1: unfinished\n"),
            std::string::npos)
      << md;

  const std::string html = standings_html(ScoreView{s, league, false});
  for (const char* want : {
           "<p class=\"meta\">Results up to 2026-12-17. 3 games counted, 1 unfinished. Ranked by wins, then courts "
           "won.</p>",
           "<section id=\"season\"><h2>Season standings</h2><p class=\"meta\">3 games</p>",
           "<th scope=\"col\" data-key=\"draws\" title=\"finished games with no winner (the sides level on "
           "courts)\">Draws</th>",
           "<th scope=\"col\" data-key=\"longest_streak\" title=\"the most hands the side won in a row in one game (a "
           "hand neither side won does not break it)\">Streak</th>",
           "<tr data-player=\"Ann\"><td>1=</td><th scope=\"row\"><a href=\"#p-1\">Ann</a></th><td>3</td><td>2</td><td>1</td><td>1</td>"
           "<td>4</td><td>2</td><td>1.33</td><td>13</td><td>7</td><td>5</td><td>2</td></tr>",
           "<p class=\"note key\">Key: <b>Games</b>: games played; ",
           "A player&#39;s figures are their side&#39;s in each game they played.</p>",
           "<section id=\"partnerships\"><h2>Partnerships: season standings</h2><p class=\"meta\">3 games</p>",
           "<table class=\"standings partnerships\">",
           "<tr data-partnership=\"Lions (Bob &amp; Dan)\"><td>2</td><th scope=\"row\">Lions (Bob &amp; Dan)</th>",
           "<section id=\"players\"><h2>Wins per player</h2>",
           "<section id=\"partnership-chart\"><h2>Wins per partnership</h2>",
           "<rect class=\"bar\" data-partnership=\"Tigers (Ann &amp; Eve)\"",
           "<p class=\"note\">2026-12-10 · a draw</p>",
           "<polyline class=\"line\" data-side=\"Ann &amp; Cat\" stroke=",
           "<li><span class=\"swatch\" style=\"background:#332288\"></span>Lions (Bob &amp; Dan) 1</li>",
           "<p class=\"note\">2026-12-17 · unfinished</p>\n<p class=\"note\">No hand-by-hand scores in this "
           "record.</p>",
       }) {
    EXPECT_NE(html.find(want), std::string::npos) << want;
  }
  // The Players column is the JSON's and CSV's only.
  EXPECT_EQ(html.find("data-key=\"players\""), std::string::npos);
  EXPECT_EQ(md.find("| Players |"), std::string::npos);
}

// A night of all three kinds: a table set each, in report order, headings
// naming the kind; the Court Piece tables ranked by their own keys.
TEST(ScoreCourtsRender, ANightOfPluckCallDeucesAndCourtPieceKeepsATableSetPerKind) {
  auto quota = courts_night()[0];
  quota.ruleset = "pluck";
  quota.scoring = ScoringKind::kQuota;
  quota.players = {"Ann", "Bob", "Gus"};
  quota.result->sides.clear();
  quota.result->outcome.winners = {1};
  quota.result->outcome.score = std::vector<long long>{9, 21, 4};
  quota.result->hands.clear();
  auto deuces = quota;
  deuces.ruleset = "call-deuces";
  deuces.scoring = ScoringKind::kPoints;
  deuces.players = {"Ann", "Bob", "Cat", "Dan"};
  deuces.result->outcome.winners = {0};
  deuces.result->outcome.score = std::vector<long long>{150, 120, 80, 60};
  const League league = aliased();
  ScoreOptions o;
  o.by_night = true;
  StandingsBuilder b(league, o);
  b.add(courts_night()[1]);
  b.add(deuces);
  b.add(quota);
  const Standings s = b.finish();
  ASSERT_EQ(s.kinds.size(), 3U);
  EXPECT_EQ(s.kinds[0].kind, TableKind::kQuota);
  EXPECT_EQ(s.kinds[1].kind, TableKind::kContract);
  EXPECT_EQ(s.kinds[2].kind, TableKind::kCourts);
  EXPECT_EQ(test::ranks(s.kinds[2].season.ranked), "1= Ann, 1= Bob, 1= Cat, 1= Dan");
  EXPECT_EQ(test::line(s.kinds[0].season.ranked, "Ann").points, 9);
  EXPECT_EQ(test::line(s.kinds[1].season.ranked, "Ann").points, 150);
  EXPECT_EQ(test::line(s.kinds[2].season.ranked, "Ann").points, 1);

  const std::string text = standings_text(ScoreView{s, league, true});
  EXPECT_NE(text.find("Standings: ranked by wins, then points, then quota rate\n\nQuota games: night 2026-12-10"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("\nCourt Piece: night 2026-12-10 (1 game; ranked by wins, then courts won)\n"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("\nCourt Piece partnerships: night 2026-12-10 (1 game; ranked by wins, then courts won)\n"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("\nCourt Piece partnerships: season standings (1 game; ranked by wins, then courts won)\n\n"
                      "Rank  Partnership  Games  Fin  Wins  Draws  For  Against   Avg  Hands  Won  Early  Streak\n"
                      "1=    Cat & Ann        1    1     0      1    1        1  1.00      6    1      1       1\n"
                      "1=    Dan & Bob        1    1     0      1    1        1  1.00      6    4      1       3\n"),
            std::string::npos)
      << text;
  EXPECT_LT(text.find("Call Deuces: season standings"), text.find("Court Piece: night 2026-12-10"));

  const auto j = standings_json(ScoreView{s, league, true});
  ASSERT_EQ(j["tables"].size(), 3U);
  EXPECT_EQ(j["tables"][2]["game"], "court-piece");
  EXPECT_EQ(j["tables"][2]["title"], "Court Piece");
  EXPECT_EQ(j["tables"][2]["ranked_by"], nlohmann::json::parse(R"(["wins", "points"])"));
  EXPECT_EQ(j["tables"][2]["partnerships"].size(), 2U);
  EXPECT_FALSE(j["tables"][0].contains("partnerships"));
  EXPECT_FALSE(j["tables"][1].contains("partnerships"));
  EXPECT_EQ(j["tables"][2]["nights"][0]["partnerships"].size(), 2U);
  EXPECT_FALSE(j["tables"][1]["nights"][0].contains("partnerships"));
  EXPECT_EQ(j["results"][0]["game"], "court-piece");
  EXPECT_FALSE(j["results"][1].contains("sides"));

  const std::string csv = standings_csv(ScoreView{s, league, false});
  EXPECT_EQ(csv.substr(0, csv.find("\r\n")),
            "game,table,night,rank,tied,qualified,player,partnership,players,games,finished,wins,points,average,"
            "hands,quota_made,quota_rate,over,short,plucks_made,plucks_suffered,contracts,contracts_made,"
            "contracts_set,solo_bids,solo_rate,solo_made,partner_hands,partner_rate,draws,courts_against,hands_won,"
            "early_courts,longest_streak");
  EXPECT_NE(csv.find("\r\nquota,season,,1,false,true,Bob,,,1,1,1,21,21.00,0,0,0.0000,0,0,0,0,,,,,,,,,,,,,\r\n"),
            std::string::npos)
      << csv;
  EXPECT_NE(csv.find("\r\ncourt-piece,season-partnerships,,1,true,true,,Dan & Bob,Dan & Bob,1,1,0,1,1.00,6,,,,,,,,,,,,"
                     ",,,1,1,4,1,3\r\n"),
            std::string::npos)
      << csv;

  const std::string html = standings_html(ScoreView{s, league, true});
  for (const char* want : {
           "<section id=\"court-piece-season\"><h2>Court Piece: season standings</h2><p class=\"meta\">1 game; "
           "ranked by wins, then courts won</p>",
           "<section id=\"court-piece-partnerships\"><h2>Court Piece partnerships: season standings</h2>",
           "<section id=\"court-piece-players\"><h2>Court Piece: wins per player</h2>",
           "<section id=\"court-piece-partnership-chart\"><h2>Court Piece: wins per partnership</h2>",
           "<section id=\"court-piece-night-1\"><h2>Court Piece: night 2026-12-10</h2>",
           "<section id=\"court-piece-partnerships-night-1\"><h2>Court Piece partnerships: night 2026-12-10</h2>",
           "<p class=\"note\">Court Piece · 2026-12-10 · a draw</p>",
       }) {
    EXPECT_NE(html.find(want), std::string::npos) << want;
  }
  // Keys under each kind's season table, and the Court Piece partnerships'.
  std::size_t keys = 0;
  const std::string key = "class=\"note key\"";
  for (auto at = html.find(key); at != std::string::npos; at = html.find(key, at + 1)) {
    ++keys;
  }
  EXPECT_EQ(keys, 4U);
}

// ------------------------------------------------------------ end to end

// Three Court Piece score sheets, refereed: Ann and Cat ("Us") against Bob
// and Dan ("Them"), won 2-1 by Us with early courts at hands 1, 4 (Them's)
// and 6; the same pairs in other seats, no teams, a 0-0 draw; a race Ann and
// Eve win with the 52 in hand 1, hand 2 recorded after the end (not counted).
constexpr const char* kSheetUs = R"(game: court-piece
id: cp-1
event: {night: 2026-11-19}
players: [Ann, Bob, Cat, Dan]
teams: {Us: [Ann, Cat], Them: [Bob, Dan]}
hands:
  - dealer: Ann
    taken: {Us: 7, Them: 0}
  - dealer: Bob
    taken: {Us: 8, Them: 5}
  - dealer: Bob
    taken: {Us: 5, Them: 8}
  - dealer: Cat
    taken: {Us: 0, Them: 7}
  - dealer: Ann
    taken: {Us: 6, Them: 7}
  - dealer: Ann
    taken: {Us: 7, Them: 0}
    score: {Us: 2, Them: 1}
result: {winner: [Ann, Cat]}
)";

constexpr const char* kSheetDraw = R"(game: court-piece
id: cp-2
event: {night: 2026-11-19}
players: [Cat, Dan, Ann, Bob]
hands:
  - dealer: Cat
    taken: {Cat: 6, Dan: 7}
  - dealer: Cat
    taken: {Cat: 6, Dan: 7}
  - dealer: Cat
    taken: {Cat: 8, Dan: 5}
    score: {Cat: 0, Dan: 0}
result: {winner: null}
)";

constexpr const char* kSheetRace = R"(game: court-piece-race
id: cp-3
event: {night: 2026-11-19}
players: [Ann, Bob, Eve, Dan]
hands:
  - dealer: Ann
    taken: {Ann: 13, Bob: 0}
  - dealer: Bob
    taken: {Ann: 0, Bob: 7}
)";

TEST(ScoreCourtsCli, CourtPieceSheetsWithAPluckNightGiveTheirOwnTables) {
  std::filesystem::current_path(test::source_dir());
  const auto dir = std::filesystem::temp_directory_path() / fmt::format("trickref-score-courts-{}", ::getpid());
  std::filesystem::create_directories(dir);
  std::ofstream(dir / "cp-1.yaml") << kSheetUs;
  std::ofstream(dir / "cp-2.yaml") << kSheetDraw;
  std::ofstream(dir / "cp-3.yaml") << kSheetRace;
  const std::vector<std::string> paths{"samples/night", dir.string()};
  auto score = [&](std::vector<std::string> args, bool with_courts = true) {
    args.insert(args.begin(), "score");
    args.insert(args.end(), paths.begin(), paths.end() - (with_courts ? 0 : 1));
    return test::run_cli(args);
  };
  const auto json_run = score({"--format", "json", "--by", "night"});
  const auto text_run = score({});
  const auto csv_run = score({"--format", "csv"});
  const auto pluck = nlohmann::json::parse(score({"--format", "json", "--by", "night"}, false).out);
  std::filesystem::remove_all(dir);

  EXPECT_EQ(json_run.exit_code, 0) << json_run.err;  // the race's played-past-end is a warning
  const auto j = nlohmann::json::parse(json_run.out);
  EXPECT_EQ(j["games"], 7);
  EXPECT_EQ(j["excluded"], nlohmann::json::array());
  ASSERT_EQ(j["tables"].size(), 2U);
  // The Pluck table is the Pluck night's alone.
  EXPECT_EQ(j["tables"][0]["game"], "quota");
  for (const char* key : {"standings", "unranked", "nights"}) {
    EXPECT_EQ(j["tables"][0][key], pluck[key]) << key;
  }
  const auto& cp = j["tables"][1];
  EXPECT_EQ(cp["game"], "court-piece");
  EXPECT_EQ(cp["ranked_by"], nlohmann::json::parse(R"(["wins", "points"])"));
  // Ann: won cp-1 2-1 (6 hands: 1, 2 and 6 won, 1 and 6 early courts, two in
  // a row), drew cp-2 (3 hands, the third won), won cp-3 52-0 (hand 1 only).
  // Bob: lost cp-1 (hands 3, 4 and 5 won in a row, 4 an early court), drew
  // cp-2 (hands 1 and 2 won), lost cp-3 (its hand 2 came after the end).
  EXPECT_EQ(cp["standings"],
            nlohmann::json::parse(R"([{"rank":1,"tied":false,"player":"Ann","games":3,"finished":3,"wins":2,)"
                                  R"("draws":1,"points":54,)"
            R"("courts_against":1,"average":18.0,"hands":10,"hands_won":5,"early_courts":3,"longest_streak":2},)"
            R"({"rank":2,"tied":false,"player":"Eve","games":1,"finished":1,"wins":1,"draws":0,"points":52,)"
            R"("courts_against":0,"average":52.0,"hands":1,"hands_won":1,"early_courts":1,"longest_streak":1},)"
            R"({"rank":3,"tied":false,"player":"Cat","games":2,"finished":2,"wins":1,"draws":1,"points":2,)"
            R"("courts_against":1,"average":1.0,"hands":9,"hands_won":4,"early_courts":2,"longest_streak":2},)"
            R"({"rank":4,"tied":true,"player":"Bob","games":3,"finished":3,"wins":0,"draws":1,"points":1,)"
            R"("courts_against":54,"average":0.33,"hands":10,"hands_won":5,"early_courts":1,"longest_streak":3},)"
            R"({"rank":4,"tied":true,"player":"Dan","games":3,"finished":3,"wins":0,"draws":1,"points":1,)"
            R"("courts_against":54,"average":0.33,"hands":10,"hands_won":5,"early_courts":1,"longest_streak":3}])"));
  // Bob and Dan are "Them" in the race too, which names no teams.
  ASSERT_EQ(cp["partnerships"].size(), 3U);
  EXPECT_EQ(cp["partnerships"][0]["partnership"], "Ann & Eve");
  EXPECT_EQ(cp["partnerships"][1]["partnership"], "Us");
  EXPECT_EQ(cp["partnerships"][1]["players"], nlohmann::json::parse(R"(["Ann", "Cat"])"));
  EXPECT_EQ(cp["partnerships"][2],
            nlohmann::json::parse(R"({"rank":3,"tied":false,"partnership":"Them","players":["Bob","Dan"],)"
                                  R"("games":3,"finished":3,"wins":0,)"
            R"("draws":1,"points":1,"courts_against":54,"average":0.33,"hands":10,"hands_won":5,"early_courts":1,)"
            R"("longest_streak":3})"));
  ASSERT_EQ(cp["nights"].size(), 1U);
  EXPECT_EQ(cp["nights"][0]["partnerships"], cp["partnerships"]);
  // Each Court Piece game's sides, courts per side, winners (none for the draw).
  std::vector<nlohmann::json> results;
  for (const auto& r : j["results"]) {
    EXPECT_EQ(r["game"], r["ruleset"].get<std::string>().starts_with("court-piece") ? "court-piece" : "quota");
    if (r["game"] == "court-piece") {
      results.push_back(r);
    }
  }
  ASSERT_EQ(results.size(), 3U);
  EXPECT_EQ(results[0]["sides"], nlohmann::json::parse(R"([{"name": "Us", "players": ["Ann", "Cat"]},
                                                           {"name": "Them", "players": ["Bob", "Dan"]}])"));
  EXPECT_EQ(results[0]["score"], nlohmann::json::parse(R"({"Us": 2, "Them": 1})"));
  EXPECT_EQ(results[0]["running"], nlohmann::json::parse("[[1, 0], [1, 0], [1, 0], [1, 1], [1, 1], [2, 1]]"));
  EXPECT_EQ(results[1]["sides"], results[0]["sides"]);  // the same pairs from other seats
  EXPECT_EQ(results[1]["winners"], nlohmann::json::array());
  EXPECT_EQ(results[1]["finished"], true);
  EXPECT_EQ(results[2]["score"], nlohmann::json::parse(R"({"Ann & Eve": 52, "Them": 0})"));
  EXPECT_EQ(results[2]["running"], nlohmann::json::parse("[[52, 0], [52, 1]]"));
  EXPECT_EQ(results[2]["warnings"], 1);

  EXPECT_EQ(text_run.exit_code, 0);
  EXPECT_NE(text_run.out.find(
                "Court Piece partnerships: season standings (3 games; ranked by wins, then courts won)\n\n"
                "Rank  Partnership       Games  Fin  Wins  Draws  For  Against    Avg  Hands  Won  Early  Streak\n"
                "1     Ann & Eve             1    1     1      0   52        0  52.00      1    1      1       1\n"
                "2     Us (Ann & Cat)        2    2     1      1    2        1   1.00      9    4      2       2\n"
                "3     Them (Bob & Dan)      3    3     0      1    1       54   0.33     10    5      1       3\n"),
            std::string::npos)
      << text_run.out;
  EXPECT_NE(csv_run.out.find("\r\ncourt-piece,season-partnerships,,2,false,true,,Us,Ann & Cat,2,2,1,2,1.00,9,,,,,,,"
                             "1,1,4,2,2\r\n"),
            std::string::npos)
      << csv_run.out;
}

}  // namespace
}  // namespace score_courts
}  // namespace trickref

namespace trickref {
namespace {

// The partnership bar chart labels a side in full ("North-South (Ann & Cat)",
// the teams name with its players) where it fits 24 characters: the
// players' chart cuts at 8.
TEST(CourtsHtml, APartnershipsBarIsLabelledInFull) {
  const auto r = test::run_cli({"score", "--format", "html", test::source_dir() + "/samples/court-piece"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("</title>North-South (Ann &amp; Cat)</text>"), std::string::npos);
  EXPECT_NE(r.out.find("</title>East-West (Bob &amp; Dan)</text>"), std::string::npos);
}

}  // namespace
}  // namespace trickref
