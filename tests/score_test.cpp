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

#include "ruleset/options.h"
#include "score/league.h"
#include "score/render.h"
#include "score/standings.h"
#include "support/standings_rows.h"
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
  EXPECT_EQ(test::ranks(rows), "1 A, 2= B, 2= C, 4 D");
  EXPECT_FALSE(rows[0].tied);
  EXPECT_TRUE(rows[1].tied);
  EXPECT_TRUE(rows[2].tied);
  EXPECT_FALSE(rows[3].tied);
}

TEST(ScoreRanking, LaterKeysBreakTies) {
  // Quota rate 11/20 beats 5/10; then points break a tie on wins.
  std::vector<PlayerLine> rows{player("B", 2, 30, 5, 10), player("C", 2, 30, 11, 20), player("E", 2, 31, 0, 10)};
  rank_lines(rows, kDefault);
  EXPECT_EQ(test::ranks(rows), "1 E, 2 C, 3 B");
}

TEST(ScoreRanking, ThreeWayTieAtTheTopAndAtTheBottom) {
  std::vector<PlayerLine> rows{player("A", 1, 5, 1, 2), player("B", 1, 5, 2, 4), player("C", 1, 5, 3, 6),
                               player("D", 0, 0, 0, 0), player("E", 0, 0, 0, 0)};
  rank_lines(rows, kDefault);
  EXPECT_EQ(test::ranks(rows), "1= A, 1= B, 1= C, 4= D, 4= E");
}

TEST(ScoreRanking, AverageComparesPointsPerGameExactly) {
  // 20/3 against 40/6: a tie, found without floating point; 13/2 is less.
  std::vector<PlayerLine> rows{player("A", 0, 20, 0, 0, 3), player("B", 0, 40, 0, 0, 6),
                               player("C", 0, 13, 0, 0, 2)};
  rank_lines(rows, {RankKey::kAverage});
  EXPECT_EQ(test::ranks(rows), "1= A, 1= B, 3 C");
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
  EXPECT_EQ(test::ranks(s.kinds.at(0).season.ranked), "1 Ann, 2 Bob, 3 Dan, 4 Cat");
  const auto& ann = test::line(s.kinds.at(0).season.ranked, "Ann");
  EXPECT_EQ(ann.games, 3);
  EXPECT_EQ(ann.finished, 2);
  EXPECT_EQ(ann.wins, 1);
  EXPECT_EQ(ann.points, 21 + 18 + 2);
  EXPECT_EQ(ann.hands, 4);       // 2 + 1 + 1
  EXPECT_EQ(ann.quota_made, 4);  // 9>=7, 6>=6, 8>=6, 4>=4
  EXPECT_EQ(ann.over, 2 + 0 + 2 + 0);
  EXPECT_EQ(ann.short_, 0);
  const auto& bob = test::line(s.kinds.at(0).season.ranked, "Bob");
  EXPECT_EQ(bob.wins, 1);
  EXPECT_EQ(bob.points, 15 + 20);
  EXPECT_EQ(bob.hands, 3);
  EXPECT_EQ(bob.quota_made, 2);  // 4<6, 5>=4, 7>=7
  EXPECT_EQ(bob.over, 1);
  EXPECT_EQ(bob.short_, 2);
  const auto& cat = test::line(s.kinds.at(0).season.ranked, "Cat");
  EXPECT_EQ(cat.games, 2);
  EXPECT_EQ(cat.finished, 1);
  EXPECT_EQ(cat.points, 9 + 12);
  EXPECT_EQ(cat.quota_made, 1);  // 4>=4, 6<7, 5<7
  EXPECT_EQ(cat.short_, 1 + 2);
  EXPECT_DOUBLE_EQ(cat.quota_rate(), 1.0 / 3.0);
  const auto& dan = test::line(s.kinds.at(0).season.ranked, "Dan");
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
  const auto& ann = test::line(s.kinds.at(0).season.ranked, "Ann");
  const auto& bob = test::line(s.kinds.at(0).season.ranked, "Bob");
  const auto& cat = test::line(s.kinds.at(0).season.ranked, "Cat");
  EXPECT_EQ(ann.points, 2);
  EXPECT_EQ(bob.points, 1);
  EXPECT_EQ(cat.points, 0);
  EXPECT_EQ(ann.finished, 0);
  EXPECT_EQ(ann.wins, 0);
  EXPECT_EQ(std::tuple(ann.hands, ann.quota_made, ann.over, ann.short_), std::tuple(3, 3, 2LL, 0LL));
  EXPECT_EQ(std::tuple(bob.hands, bob.quota_made, bob.over, bob.short_), std::tuple(3, 2, 1LL, 2LL));
  EXPECT_EQ(std::tuple(cat.hands, cat.quota_made, cat.over, cat.short_), std::tuple(3, 2, 0LL, 1LL));
  EXPECT_EQ(std::pair(ann.plucks_made, ann.plucks_suffered), std::pair(2LL, 0LL));
  EXPECT_EQ(std::pair(bob.plucks_made, bob.plucks_suffered), std::pair(1LL, 2LL));
  EXPECT_EQ(std::pair(cat.plucks_made, cat.plucks_suffered), std::pair(0LL, 1LL));
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
  EXPECT_EQ(test::line(s.kinds.at(0).season.ranked, "A").placing, 3);
  EXPECT_EQ(test::line(s.kinds.at(0).season.ranked, "B").placing, 4);
  EXPECT_EQ(test::line(s.kinds.at(0).season.ranked, "C").placing, 2);
  EXPECT_EQ(test::ranks(s.kinds.at(0).season.ranked), "1 B, 2 A, 3 C");
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
  EXPECT_EQ(test::ranks(s.kinds.at(0).season.ranked), "1 B, 2= A, 2= C");
}

TEST(ScoreStandings, AliasesMergeSpellingsAndQualificationListsApart) {
  const auto loaded = load_league("min_games: 2\naliases:\n  Ann: [Annie, \"Ann B.\"]\n", "league.yaml", {});
  ASSERT_TRUE(loaded.league);
  StandingsBuilder b(*loaded.league, {});
  b.add(game({"Ann", "Bob", "Cat"}, true, {0}, {21, 3, 4}));
  b.add(game({"Annie", "Bob", "Gus"}, true, {2}, {1, 3, 20}));
  b.add(game({"Ann B.", "Annie", "Bob"}, true, {2}, {1, 3, 20}));  // one person twice: left out
  const Standings s = b.finish();
  EXPECT_EQ(test::ranks(s.kinds.at(0).season.ranked), "1 Ann, 2 Bob");
  EXPECT_EQ(test::line(s.kinds.at(0).season.ranked, "Ann").games, 2);
  EXPECT_EQ(test::line(s.kinds.at(0).season.ranked, "Ann").points, 22);
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
    EXPECT_EQ(test::line(s.kinds.at(0).season.ranked, "A").wins, 1);
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
  EXPECT_EQ(test::ranks(s.kinds.at(0).nights[0].ranked), "1 B, 2= A, 2= C");
  EXPECT_EQ(s.kinds.at(0).nights[1].night, "2026-11-26");
  EXPECT_EQ(test::ranks(s.kinds.at(0).nights[1].ranked), "1 A, 2= B, 2= C");
  EXPECT_EQ(s.kinds.at(0).nights[2].night, "");
  EXPECT_EQ(s.kinds.at(0).nights[2].games, 1);
  EXPECT_EQ(test::ranks(s.kinds.at(0).season.ranked), "1 B, 2 A, 3 C");
}

// ------------------------------------------------------- contract games

// A Call Deuces hand as the referee summarises it: the bidder (absent: no
// contract known), the partner (-1 solo; absent: unknown), made or set.
struct ContractSpec {
  std::optional<int> bidder;
  int bid = 0;
  std::optional<int> partner;
  std::optional<bool> made;
  bool void_hand = false;
};

constexpr ContractSpec kAllPass{std::nullopt, 0, std::nullopt, std::nullopt, true};

GameReport contract_game(std::vector<std::string> players, bool finished, std::vector<int> winners,
                         std::vector<long long> score, const std::vector<ContractSpec>& hands, std::string night = {}) {
  GameReport g = game(std::move(players), finished, std::move(winners), std::move(score), {}, std::move(night));
  g.ruleset = "call-deuces";
  g.scoring = ScoringKind::kPoints;
  int n = 0;
  for (const auto& h : hands) {
    HandSummary s;
    s.number = ++n;
    s.auction = true;
    s.void_hand = h.void_hand;
    s.bidder = h.bidder;
    s.bid = h.bid;
    s.partner = h.partner;
    s.made = h.made;
    // Tricks are known, as in a played hand; no quotas, so no quota figures.
    s.taken = std::vector<int>(g.players.size(), 3);
    g.result->hands.push_back(s);
  }
  return g;
}

// Two games: a four-seat game Ann won and an unfinished five-seat game.
std::vector<GameReport> contract_night() {
  return {
      contract_game({"Ann", "Bob", "Cat", "Dan"}, true, {0}, {150, 120, 80, 60},
                    {
                        {0, 20, 2, true},             // Ann with Cat: made
                        {1, 18, -1, true},            // Bob solo: made
                        kAllPass,                     // no contract
                        {0, 25, -1, false},           // Ann solo: set
                        {3, 16, 0, false},            // Dan with Ann: set
                        {2, 17, std::nullopt, true},  // Cat, the partner unknown: made
                        {1, 19, 3, std::nullopt},     // Bob with Dan: the result unknown
                        {std::nullopt, 0, std::nullopt, std::nullopt},  // the contract unknown
                    },
                    "2026-12-03"),
      contract_game({"Ann", "Bob", "Cat", "Dan", "Eve"}, false, {}, {30, 10, -5, 12, 0},
                    {
                        {4, 12, 1, true},   // Eve with Bob: made
                        {0, 14, -1, true},  // Ann solo: made
                    },
                    "2026-12-03"),
  };
}

TEST(ScoreContracts, FiguresAgainstAHandComputedTable) {
  StandingsBuilder b(League{}, {});
  for (const auto& g : contract_night()) {
    b.add(g);
  }
  const Standings s = b.finish();
  ASSERT_EQ(s.kinds.size(), 1U);
  EXPECT_EQ(s.kinds[0].kind, TableKind::kContract);
  // Quota rate is no Call Deuces figure: ranked by wins, then points.
  EXPECT_EQ(s.rank_by, (std::vector<RankKey>{RankKey::kWins, RankKey::kPoints}));
  EXPECT_EQ(s.kinds[0].rank_by, s.rank_by);
  const auto& rows = s.kinds[0].season.ranked;
  EXPECT_EQ(test::ranks(rows), "1 Ann, 2 Bob, 3 Cat, 4 Dan, 5 Eve");
  // Six hands of the first game have a contract (not the all-pass hand, not
  // the one whose contract is unknown), two of the second.
  const auto& ann = test::line(rows, "Ann");
  EXPECT_EQ(std::tuple(ann.games, ann.finished, ann.wins, ann.points), std::tuple(2, 1, 1, 180LL));
  EXPECT_EQ(std::tuple(ann.contract_hands, ann.contracts, ann.contracts_made, ann.contracts_set),
            std::tuple(8, 3, 2, 1));
  EXPECT_EQ(std::tuple(ann.solo_bids, ann.solo_made, ann.partner_hands), std::tuple(2, 1, 1));
  EXPECT_DOUBLE_EQ(ann.solo_rate(), 2.0 / 3.0);
  EXPECT_DOUBLE_EQ(ann.partner_rate(), 1.0 / 8.0);
  const auto& bob = test::line(rows, "Bob");
  EXPECT_EQ(bob.points, 130);
  // Bob's second contract has no known result: bid, neither made nor set.
  EXPECT_EQ(std::tuple(bob.contract_hands, bob.contracts, bob.contracts_made, bob.contracts_set),
            std::tuple(8, 2, 1, 0));
  EXPECT_EQ(std::tuple(bob.solo_bids, bob.solo_made, bob.partner_hands), std::tuple(1, 1, 1));
  const auto& cat = test::line(rows, "Cat");
  // An unknown partner is not a solo, and nobody's partner hand.
  EXPECT_EQ(std::tuple(cat.contract_hands, cat.contracts, cat.contracts_made, cat.contracts_set),
            std::tuple(8, 1, 1, 0));
  EXPECT_EQ(std::tuple(cat.solo_bids, cat.solo_made, cat.partner_hands), std::tuple(0, 0, 1));
  EXPECT_DOUBLE_EQ(cat.solo_rate(), 0.0);
  const auto& dan = test::line(rows, "Dan");
  EXPECT_EQ(std::tuple(dan.contracts, dan.contracts_made, dan.contracts_set, dan.partner_hands),
            std::tuple(1, 0, 1, 1));
  const auto& eve = test::line(rows, "Eve");
  EXPECT_EQ(std::tuple(eve.games, eve.finished, eve.points), std::tuple(1, 0, 0LL));
  EXPECT_EQ(std::tuple(eve.contract_hands, eve.contracts, eve.contracts_made, eve.partner_hands),
            std::tuple(2, 1, 1, 0));
  EXPECT_DOUBLE_EQ(eve.partner_rate(), 0.0);
  // No quota figures in a contract game.
  for (const auto& p : rows) {
    EXPECT_EQ(std::tuple(p.hands, p.quota_made, p.over, p.short_), std::tuple(0, 0, 0LL, 0LL)) << p.player;
  }
}

// A night of both: Ann and Bob play Pluck and Call Deuces; each game's
// figures stay in its own table.
std::vector<GameReport> mixed_night() {
  auto games = contract_night();
  games.resize(1);
  games.insert(games.begin(),
               game({"Ann", "Bob", "Gus"}, true, {1}, {9, 21, 4}, {{{7, 6, 4}, {9, 4, 4}}, {{6, 4, 7}, {3, 8, 6}}},
                    "2026-12-03"));
  games[0].ruleset = "pluck";
  return games;
}

TEST(ScoreContracts, AMixedNightKeepsOneTablePerKindOfGame) {
  ScoreOptions o;
  o.by_night = true;
  StandingsBuilder b(League{}, o);
  for (const auto& g : mixed_night()) {
    b.add(g);
  }
  const Standings s = b.finish();
  ASSERT_EQ(s.kinds.size(), 2U);
  EXPECT_EQ(s.rank_by, (std::vector<RankKey>{RankKey::kWins, RankKey::kPoints, RankKey::kQuotaRate}));
  const KindStandings& quota = s.kinds[0];
  const KindStandings& contract = s.kinds[1];
  EXPECT_EQ(quota.kind, TableKind::kQuota);
  EXPECT_EQ(quota.rank_by, s.rank_by);
  EXPECT_EQ(contract.kind, TableKind::kContract);
  EXPECT_EQ(contract.rank_by, (std::vector<RankKey>{RankKey::kWins, RankKey::kPoints}));
  EXPECT_EQ(quota.season.games, 1);
  EXPECT_EQ(contract.season.games, 1);
  EXPECT_EQ(test::ranks(quota.season.ranked), "1 Bob, 2 Ann, 3 Gus");
  EXPECT_EQ(test::ranks(contract.season.ranked), "1 Ann, 2 Bob, 3 Cat, 4 Dan");
  const auto& ann_quota = test::line(quota.season.ranked, "Ann");
  EXPECT_EQ(std::tuple(ann_quota.games, ann_quota.wins, ann_quota.points), std::tuple(1, 0, 9LL));
  EXPECT_EQ(std::tuple(ann_quota.hands, ann_quota.quota_made, ann_quota.contract_hands, ann_quota.contracts),
            std::tuple(2, 1, 0, 0));
  const auto& ann_contract = test::line(contract.season.ranked, "Ann");
  EXPECT_EQ(std::tuple(ann_contract.games, ann_contract.wins, ann_contract.points), std::tuple(1, 1, 150LL));
  EXPECT_EQ(std::tuple(ann_contract.hands, ann_contract.contract_hands, ann_contract.contracts,
                       ann_contract.partner_hands),
            std::tuple(0, 6, 2, 1));
  // The night tables are per kind too.
  ASSERT_EQ(quota.nights.size(), 1U);
  ASSERT_EQ(contract.nights.size(), 1U);
  EXPECT_EQ(test::ranks(contract.nights[0].ranked), "1 Ann, 2 Bob, 3 Cat, 4 Dan");
  EXPECT_EQ(test::line(quota.nights[0].ranked, "Bob").points, 21);
  // The games in input order, each with its kind.
  ASSERT_EQ(s.games.size(), 2U);
  EXPECT_EQ(s.games[0].kind, TableKind::kQuota);
  EXPECT_EQ(s.games[1].kind, TableKind::kContract);
}

TEST(ScoreContracts, ALeagueRankingByQuotaRateAloneRanksCallDeucesByWinsThenPoints) {
  League league;
  league.ranking = {RankKey::kQuotaRate};
  StandingsBuilder b(league, {});
  for (const auto& g : mixed_night()) {
    b.add(g);
  }
  const Standings s = b.finish();
  ASSERT_EQ(s.kinds.size(), 2U);
  EXPECT_EQ(s.kinds[0].rank_by, (std::vector<RankKey>{RankKey::kQuotaRate}));
  EXPECT_EQ(s.kinds[1].rank_by, (std::vector<RankKey>{RankKey::kWins, RankKey::kPoints}));
  EXPECT_EQ(s.rank_by, (std::vector<RankKey>{RankKey::kQuotaRate, RankKey::kWins, RankKey::kPoints}));
  // Quota rate 1/2 each: a three-way tie. Call Deuces: Ann's win, then points.
  EXPECT_EQ(test::ranks(s.kinds[0].season.ranked), "1= Ann, 1= Bob, 1= Gus");
  EXPECT_EQ(test::ranks(s.kinds[1].season.ranked), "1 Ann, 2 Bob, 3 Cat, 4 Dan");
}

TEST(ScoreContracts, EveryScoringKindHasARowAndEveryTableKindAColumnSet) {
  // Every value scoring.kind takes has its row (the table ahead of nothing).
  const OptionSpec* spec = find_option("scoring.kind");
  ASSERT_NE(spec, nullptr);
  ASSERT_EQ(spec->values.size(), kScoringTables.size());
  for (const auto& v : spec->values) {
    const auto kind = static_cast<ScoringKind>(v.value);
    EXPECT_TRUE(std::any_of(kScoringTables.begin(), kScoringTables.end(),
                            [&](const ScoringTable& t) { return t.scoring == kind; }))
        << v.name;
  }
  EXPECT_EQ(scoring_table(ScoringKind::kPlucks).table, TableKind::kQuota);
  EXPECT_EQ(scoring_table(ScoringKind::kPoints).table, TableKind::kContract);
  EXPECT_EQ(scoring_table(ScoringKind::kCourts).table, TableKind::kCourts);
  EXPECT_TRUE(ranks_by(TableKind::kQuota, RankKey::kQuotaRate));
  EXPECT_FALSE(ranks_by(TableKind::kContract, RankKey::kQuotaRate));
  EXPECT_TRUE(ranks_by(TableKind::kContract, RankKey::kPlacing));
}

Standings mixed_standings(const League& league, bool by_night) {
  ScoreOptions o;
  o.by_night = by_night;
  StandingsBuilder b(league, o);
  for (const auto& g : mixed_night()) {
    b.add(g);
  }
  return b.finish();
}

TEST(ScoreContractsRender, TextHasATableForEachKindOfGame) {
  const League league;
  const Standings s = mixed_standings(league, true);
  EXPECT_EQ(standings_text(ScoreView{s, league, true}),
            "Standings: ranked by wins, then points, then quota rate\n"
            "\n"
            "Quota games: night 2026-12-03 (1 game)\n"
            "\n"
            "Rank  Player  Games  Fin  Wins  Points    Avg  Hands  Made  Made%  Over  Short  Plucks  Plucked\n"
            "1     Bob         1    1     1      21  21.00      2     1  50.0%     4      2       0        0\n"
            "2     Ann         1    1     0       9   9.00      2     1  50.0%     2      3       0        0\n"
            "3     Gus         1    1     0       4   4.00      2     1  50.0%     0      1       0        0\n"
            "\n"
            "Quota games: season standings (1 game)\n"
            "\n"
            "Rank  Player  Games  Fin  Wins  Points    Avg  Hands  Made  Made%  Over  Short  Plucks  Plucked\n"
            "1     Bob         1    1     1      21  21.00      2     1  50.0%     4      2       0        0\n"
            "2     Ann         1    1     0       9   9.00      2     1  50.0%     2      3       0        0\n"
            "3     Gus         1    1     0       4   4.00      2     1  50.0%     0      1       0        0\n"
            "\n"
            "Call Deuces: night 2026-12-03 (1 game; ranked by wins, then points)\n"
            "\n"
            "Rank  Player  Games  Fin  Wins  Points     Avg  Hands  Bids  Made  Set  Solo  Solo%  SoloMade  Partner  "
            "Partner%\n"
            "1     Ann         1    1     1     150  150.00      6     2     1    1     1  50.0%         0        1     "
            "16.7%\n"
            "2     Bob         1    1     0     120  120.00      6     2     1    0     1  50.0%         1        0      "
            "0.0%\n"
            "3     Cat         1    1     0      80   80.00      6     1     1    0     0   0.0%         0        1     "
            "16.7%\n"
            "4     Dan         1    1     0      60   60.00      6     1     0    1     0   0.0%         0        1     "
            "16.7%\n"
            "\n"
            "Call Deuces: season standings (1 game; ranked by wins, then points)\n"
            "\n"
            "Rank  Player  Games  Fin  Wins  Points     Avg  Hands  Bids  Made  Set  Solo  Solo%  SoloMade  Partner  "
            "Partner%\n"
            "1     Ann         1    1     1     150  150.00      6     2     1    1     1  50.0%         0        1     "
            "16.7%\n"
            "2     Bob         1    1     0     120  120.00      6     2     1    0     1  50.0%         1        0      "
            "0.0%\n"
            "3     Cat         1    1     0      80   80.00      6     1     1    0     0   0.0%         0        1     "
            "16.7%\n"
            "4     Dan         1    1     0      60   60.00      6     1     0    1     0   0.0%         0        1     "
            "16.7%\n"
            "\n"
            "Games: 2 games counted\n");
}

TEST(ScoreContractsRender, ACallDeucesOnlyReportIsRankedByItsOwnKeys) {
  const League league;
  StandingsBuilder b(league, {});
  b.add(contract_night()[1]);
  const Standings s = b.finish();
  EXPECT_EQ(standings_text(ScoreView{s, league, false}),
            "Standings: ranked by wins, then points\n"
            "\n"
            "Season standings (1 game)\n"
            "\n"
            "Rank  Player  Games  Fin  Wins  Points    Avg  Hands  Bids  Made  Set  Solo   Solo%  SoloMade  Partner  "
            "Partner%\n"
            "1     Ann         1    0     0      30  30.00      2     1     1    0     1  100.0%         1        0      "
            "0.0%\n"
            "2     Dan         1    0     0      12  12.00      2     0     0    0     0       -         0        0      "
            "0.0%\n"
            "3     Bob         1    0     0      10  10.00      2     0     0    0     0       -         0        1     "
            "50.0%\n"
            "4     Eve         1    0     0       0   0.00      2     1     1    0     0    0.0%         0        0      "
            "0.0%\n"
            "5     Cat         1    0     0      -5  -5.00      2     0     0    0     0       -         0        0      "
            "0.0%\n"
            "\n"
            "Games: 1 game counted, 1 unfinished\n");
  // One kind of game: the JSON keeps the one-table shape, the rows carry the contract figures.
  const auto j = standings_json(ScoreView{s, league, false});
  EXPECT_EQ(j["ranked_by"], nlohmann::json::parse(R"(["wins", "points"])"));
  EXPECT_FALSE(j.contains("tables"));
  EXPECT_EQ(j["standings"][0].dump(),
            R"({"rank":1,"tied":false,"player":"Ann","games":1,"finished":0,"wins":0,"points":30,"average":30.0,)"
            R"("hands":2,"contracts":1,"contracts_made":1,"contracts_set":0,"solo_bids":1,"solo_rate":1.0,)"
            R"("solo_made":1,"partner_hands":0,"partner_rate":0.0})");
  EXPECT_FALSE(j["results"][0].contains("game"));
  const std::string csv = standings_csv(ScoreView{s, league, false});
  EXPECT_EQ(csv.substr(0, csv.find("season,,2,")),
            "table,night,rank,tied,qualified,player,games,finished,wins,points,average,hands,contracts,"
            "contracts_made,contracts_set,solo_bids,solo_rate,solo_made,partner_hands,partner_rate\r\n"
            "season,,1,false,true,Ann,1,0,0,30,30.00,2,1,1,0,1,1.0000,1,0,0.0000\r\n");
}

TEST(ScoreContractsRender, CsvNamesEachRowsGame) {
  const League league;
  const Standings s = mixed_standings(league, false);
  EXPECT_EQ(standings_csv(ScoreView{s, league, false}),
            "game,table,night,rank,tied,qualified,player,games,finished,wins,points,average,hands,quota_made,"
            "quota_rate,over,short,plucks_made,plucks_suffered,contracts,contracts_made,contracts_set,solo_bids,"
            "solo_rate,solo_made,partner_hands,partner_rate\r\n"
            "quota,season,,1,false,true,Bob,1,1,1,21,21.00,2,1,0.5000,4,2,0,0,,,,,,,,\r\n"
            "quota,season,,2,false,true,Ann,1,1,0,9,9.00,2,1,0.5000,2,3,0,0,,,,,,,,\r\n"
            "quota,season,,3,false,true,Gus,1,1,0,4,4.00,2,1,0.5000,0,1,0,0,,,,,,,,\r\n"
            "call-deuces,season,,1,false,true,Ann,1,1,1,150,150.00,6,,,,,,,2,1,1,1,0.5000,0,1,0.1667\r\n"
            "call-deuces,season,,2,false,true,Bob,1,1,0,120,120.00,6,,,,,,,2,1,0,1,0.5000,1,0,0.0000\r\n"
            "call-deuces,season,,3,false,true,Cat,1,1,0,80,80.00,6,,,,,,,1,1,0,0,0.0000,0,1,0.1667\r\n"
            "call-deuces,season,,4,false,true,Dan,1,1,0,60,60.00,6,,,,,,,1,0,1,0,0.0000,0,1,0.1667\r\n");
}

TEST(ScoreContractsRender, JsonHasATableSetPerKindOfGame) {
  const League league;
  const Standings s = mixed_standings(league, true);
  const auto j = standings_json(ScoreView{s, league, true});
  std::vector<std::string> keys;
  for (const auto& [k, value] : j.items()) {
    keys.push_back(k);
  }
  EXPECT_EQ(keys, (std::vector<std::string>{"ranked_by", "min_games", "tables", "games", "excluded", "similar_names",
                                            "results"}));
  ASSERT_EQ(j["tables"].size(), 2U);
  const auto& quota = j["tables"][0];
  const auto& contract = j["tables"][1];
  EXPECT_EQ(quota["game"], "quota");
  EXPECT_EQ(quota["title"], "Quota games");
  EXPECT_EQ(quota["ranked_by"], nlohmann::json::parse(R"(["wins", "points", "quota_rate"])"));
  EXPECT_EQ(quota["standings"][0]["player"], "Bob");
  EXPECT_EQ(quota["standings"][0]["quota_rate"], 0.5);
  EXPECT_FALSE(quota["standings"][0].contains("contracts"));
  EXPECT_EQ(contract["game"], "call-deuces");
  EXPECT_EQ(contract["title"], "Call Deuces");
  EXPECT_EQ(contract["ranked_by"], nlohmann::json::parse(R"(["wins", "points"])"));
  EXPECT_EQ(contract["standings"][0].dump(),
            R"({"rank":1,"tied":false,"player":"Ann","games":1,"finished":1,"wins":1,"points":150,)"
            R"("average":150.0,"hands":6,"contracts":2,"contracts_made":1,"contracts_set":1,"solo_bids":1,)"
            R"("solo_rate":0.5,"solo_made":0,"partner_hands":1,"partner_rate":0.1667})");
  EXPECT_FALSE(contract["standings"][0].contains("quota_made"));
  ASSERT_EQ(contract["nights"].size(), 1U);
  EXPECT_EQ(contract["nights"][0]["night"], "2026-12-03");
  EXPECT_EQ(contract["nights"][0]["standings"].size(), 4U);
  EXPECT_EQ(j["results"][0]["game"], "quota");
  EXPECT_EQ(j["results"][1]["game"], "call-deuces");
  EXPECT_EQ(j["results"][1]["ruleset"], "call-deuces");
}

TEST(ScoreContractsRender, MarkdownAndHtmlExplainTheContractColumns) {
  const League league;
  const Standings s = mixed_standings(league, false);
  const std::string md = standings_markdown(ScoreView{s, league, false});
  EXPECT_NE(md.find("## Quota games: season standings\n\n1 game.\n\n| Rank | Player | Games | Fin | Wins | Points | "
                    "Avg | Hands | Made | Made% | Over | Short | Plucks | Plucked |\n"),
            std::string::npos)
      << md;
  EXPECT_NE(md.find("## Call Deuces: season standings\n\n1 game; ranked by wins, then points.\n\n| Rank | Player | "
                    "Games | Fin | Wins | Points | Avg | Hands | Bids | Made | Set | Solo | Solo% | SoloMade | Partner "
                    "| Partner% |\n"),
            std::string::npos)
      << md;
  EXPECT_NE(md.find("| 1 | Ann | 1 | 1 | 1 | 150 | 150.00 | 6 | 2 | 1 | 1 | 1 | 50.0% | 0 | 1 | 16.7% |\n"),
            std::string::npos)
      << md;
  EXPECT_NE(md.find("\nKey: **Games**: games played; **Fin**: games that reached their end; **Wins**: finished "
                    "games won (a shared win counts for each winner); **Points**: final game scores, summed over "
                    "games; **Avg**: points per game; **Hands**: hands played with a contract (all-pass hands are "
                    "not); **Bids**: contracts the player won in the auction; "),
            std::string::npos)
      << md;
  EXPECT_NE(md.find("**Partner%**: partner hands per hand played with a contract (Partner / Hands).\n\n## Games"),
            std::string::npos)
      << md;
  // The quota table has its own key, first.
  EXPECT_NE(md.find("\nKey: **Games**: games played; "), md.rfind("\nKey: **Games**: games played; "));
  EXPECT_NE(md.find("**Made%**: quota made per hand (Made / Hands); **Over**: tricks taken above quota, summed over "
                    "the hands; **Short**: tricks short of quota, summed over the hands; **Plucks**: plucks the player "
                    "made: cards taken from a player who fell short; **Plucked**: plucks made from the player.\n"),
            std::string::npos)
      << md;

  const std::string html = standings_html(ScoreView{s, league, false});
  for (const char* want : {
           "<section id=\"quota-season\"><h2>Quota games: season standings</h2><p class=\"meta\">1 game</p>",
           "<section id=\"quota-players\"><h2>Quota games: wins per player</h2>",
           "<section id=\"call-deuces-season\"><h2>Call Deuces: season standings</h2><p class=\"meta\">1 game; "
           "ranked by wins, then points</p>",
           "<section id=\"call-deuces-players\"><h2>Call Deuces: wins per player</h2>",
           "<th scope=\"col\" data-key=\"contracts\" title=\"contracts the player won in the auction\">Bids</th>",
           "<th scope=\"col\" data-key=\"partner_rate\" title=\"partner hands per hand played with a contract "
           "(Partner / Hands)\">Partner%</th>",
           "<tr data-player=\"Ann\"><td>1</td><th scope=\"row\"><a href=\"#p-1\">Ann</a></th><td>1</td><td>1</td><td>1</td><td>150</td>"
           "<td>150.00</td><td>6</td><td>2</td><td>1</td><td>1</td><td>1</td><td>50.0%</td><td>0</td><td>1</td>"
           "<td>16.7%</td></tr>",
           "<b>Avg</b>: points per game; <b>Hands</b>: hands played with a contract (all-pass hands are not); ",
           "<p class=\"note\">Call Deuces · 2026-12-03 · won by Ann</p>",
           "<p class=\"note\">Quota games · 2026-12-03 · won by Bob</p>",
           "<th scope=\"col\" data-key=\"quota_rate\" title=\"quota made per hand (Made / Hands)\">Made%</th>",
       }) {
    EXPECT_NE(html.find(want), std::string::npos) << want;
  }
  // Ann has one colour in both kinds' charts.
  const auto first = html.find("data-player=\"Ann\" x=");
  ASSERT_NE(first, std::string::npos);
  const auto second = html.find("data-player=\"Ann\" x=", first + 1);
  ASSERT_NE(second, std::string::npos);
  const auto fill = [&](std::size_t at) { return html.substr(html.find("fill=", at), 14); };
  EXPECT_EQ(fill(first), fill(second));
  EXPECT_EQ(fill(first), "fill=\"#0072B2\"");
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
  EXPECT_EQ(r.exit_code, 0) << "every game counted is clean; the one left out is listed, not a failure";
  EXPECT_EQ(test::run_cli({"score", "--format", "json", "samples/league"}).exit_code, 1) << "without --strict";
  EXPECT_EQ(test::run_cli({"score", "--strict", "samples/league", "samples/no-such-dir"}).exit_code, 2);
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

// The Call Deuces samples (refereed) and the Pluck night together: a table
// per kind of game, each with exactly the figures of its games alone, and
// the players of both (Ann, Bob, Cat, Eve, Gus, Hal, Ivy) a line in each.
TEST_F(ScoreCli, ACallDeucesAndPluckNightKeepsATablePerKindOfGame) {
  const auto both = test::run_cli({"score", "--format", "json", "--by", "night", "samples/night", "samples/call-deuces"});
  EXPECT_EQ(both.exit_code, 0) << both.err;
  const auto j = nlohmann::json::parse(both.out);
  const auto pluck = nlohmann::json::parse(test::run_cli({"score", "--format", "json", "--by", "night",
                                                          "samples/night"}).out);
  const auto deuces = nlohmann::json::parse(test::run_cli({"score", "--format", "json", "--by", "night",
                                                           "samples/call-deuces"}).out);
  EXPECT_EQ(j["games"], 8);
  EXPECT_EQ(j["ranked_by"], nlohmann::json::parse(R"(["wins", "points", "quota_rate"])"));
  EXPECT_EQ(deuces["ranked_by"], nlohmann::json::parse(R"(["wins", "points"])"));
  ASSERT_EQ(j["tables"].size(), 2U);
  EXPECT_EQ(j["tables"][0]["game"], "quota");
  EXPECT_EQ(j["tables"][1]["game"], "call-deuces");
  for (const char* key : {"standings", "unranked", "nights"}) {
    EXPECT_EQ(j["tables"][0][key], pluck[key]) << key;
    EXPECT_EQ(j["tables"][1][key], deuces[key]) << key;
  }
  // Figures checked by hand against `validate --format json samples/call-deuces`:
  // Jo bid 11 contracts (5 made, 6 set), 6 of them solo (3 made), and was the
  // partner in 4 of the 33 hands with a contract he sat in (all-pass hands left out).
  const auto& cd = j["tables"][1]["standings"];
  ASSERT_EQ(cd.size(), 9U);
  EXPECT_EQ(cd[0],
            nlohmann::json::parse(R"({"rank":1,"tied":false,"player":"Jo","games":2,"finished":2,"wins":1,"points":248,"average":124.0,)"
            R"("hands":33,"contracts":11,"contracts_made":5,"contracts_set":6,"solo_bids":6,"solo_rate":0.5455,)"
            R"("solo_made":3,"partner_hands":4,"partner_rate":0.1212})"));
  EXPECT_EQ(cd[4],
            nlohmann::json::parse(R"({"rank":5,"tied":false,"player":"Ann","games":2,"finished":2,"wins":0,"points":180,"average":90.0,)"
            R"("hands":19,"contracts":6,"contracts_made":4,"contracts_set":2,"solo_bids":2,"solo_rate":0.3333,)"
            R"("solo_made":0,"partner_hands":6,"partner_rate":0.3158})"));
  // Ann's Pluck line is her Pluck games' alone.
  const auto& quota = j["tables"][0]["standings"];
  const auto ann = std::find_if(quota.begin(), quota.end(), [](const auto& p) { return p["player"] == "Ann"; });
  ASSERT_NE(ann, quota.end());
  EXPECT_EQ(*ann,
            nlohmann::json::parse(R"({"rank":3,"tied":false,"player":"Ann","games":2,"finished":2,"wins":1,"points":22,"average":11.0,)"
            R"("hands":22,"quota_made":13,"quota_rate":0.5909,"over":22,"short":25,"plucks_made":19,)"
            R"("plucks_suffered":23})"));
  for (const auto& r : j["results"]) {
    const bool in_deuces = r["ruleset"].get<std::string>().starts_with("call-deuces");
    EXPECT_EQ(r["game"], in_deuces ? "call-deuces" : "quota") << r["file"];
  }

  const auto text = test::run_cli({"score", "samples/night", "samples/call-deuces"});
  EXPECT_NE(text.out.find("Quota games: season standings (4 games)\n\nRank  Player  Games  Fin  Wins  Points     Avg  "
                          "Hands  Made  Made%  Over  Short  Plucks  Plucked\n"
                          "1     Hal         1    1     1      22   22.00     18    12  66.7%    37     15      32       "
                          "15\n"),
            std::string::npos)
      << text.out;
  EXPECT_NE(
      text.out.find("Call Deuces: season standings (4 games; ranked by wins, then points)\n\n"
                    "Rank  Player  Games  Fin  Wins  Points     Avg  Hands  Bids  Made  Set  Solo  Solo%  SoloMade  "
                    "Partner  Partner%\n"
                    "1     Jo          2    2     1     248  124.00     33    11     5    6     6  54.5%         3        "
                    "4     12.1%\n"
                    "2     Hal         2    2     1     238  119.00     33     7     3    4     2  28.6%         0        "
                    "4     12.1%\n"),
      std::string::npos)
      << text.out;
  const auto csv = test::run_cli({"score", "--format", "csv", "samples/night", "samples/call-deuces"});
  EXPECT_NE(csv.out.find("\r\ncall-deuces,season,,1,false,true,Jo,2,2,1,248,124.00,33,,,,,,,11,5,6,6,0.5455,3,4,"
                         "0.1212\r\n"),
            std::string::npos)
      << csv.out;
  EXPECT_EQ(csv.out.substr(0, 5), "game,");
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

// Golden reports of a Pluck night with the Call Deuces samples: a table per kind of game.
class ScoreGoldenMixed : public ::testing::TestWithParam<std::string> {};

TEST_P(ScoreGoldenMixed, MatchesTheGoldenFile) {
  std::filesystem::current_path(test::source_dir());
  const std::string format = GetParam();
  const auto r = test::run_cli({"score", "--format", format, "--by", "night", "samples/night", "samples/call-deuces"});
  test::compare_golden(fmt::format("exit {}\n{}", r.exit_code, r.out),
                       "score/mixed." + (format == "text" ? std::string("txt") : format));
}

INSTANTIATE_TEST_SUITE_P(Formats, ScoreGoldenMixed, ::testing::Values("csv", "json", "md", "text"),
                         [](const auto& p) { return p.param; });

}  // namespace
}  // namespace trickref

namespace trickref {
namespace {

// The notice board names games by their titles and words a flagged game's
// error without a file or a line; --show-sources gives them back.
TEST(ScoreBoard, GamesByTitleAndErrorsInWordsUnlessShowSources) {
  for (const char* format : {"html", "md"}) {
    const auto board = test::run_cli({"score", "--format", format, "samples/league"});
    EXPECT_EQ(board.exit_code, 1) << board.err;
    EXPECT_NE(board.out.find("Results up to 2026-11-26. "), std::string::npos) << format;
    EXPECT_NE(board.out.find("2026-11-26, table 2, game 1"), std::string::npos) << format;
    // (HTML escapes the apostrophe)
    const std::string error = std::string(format) == "html" ? "Bob&#39;s" : "Bob's";
    EXPECT_NE(board.out.find("1 error; first: hand 6: " + error + " score after hand 6 is recorded as 10, but it is 9"),
              std::string::npos)
        << format;
    EXPECT_EQ(board.out.find("samples/league"), std::string::npos) << format << ": no paths on the board";
    EXPECT_EQ(board.out.find(":182:18"), std::string::npos) << format;
    if (std::string(format) == "html") {
      // A final-score table beside each chart: the winner first, marked.
      EXPECT_NE(board.out.find("<table class=\"final\"><caption>Final score</caption>"), std::string::npos);
      EXPECT_NE(board.out.find("<tr class=\"won\"><td>1</td><th scope=\"row\">Ivy</th><td>21</td></tr>\n"
                               "<tr><td>2</td>"),
                std::string::npos);
      // Each player's games, linked from the standings: Ann (and "Annie", an alias) has section p-1.
      EXPECT_NE(board.out.find("<th scope=\"row\"><a href=\"#p-1\">Ann</a></th>"), std::string::npos);
      const auto ann = board.out.find("<section class=\"player\" id=\"p-1\"><h3>Ann</h3>");
      ASSERT_NE(ann, std::string::npos);
      EXPECT_NE(board.out.find("<tr><th scope=\"row\"><span class=\"nowrap\">2026-11-19,</span> <span class=\"nowrap\">"
                               "table 1,</span> <span class=\"nowrap\">game 2</span></th><td>won</td><td>1</td><td>21</td>"
                               "<td class=\"nowrap\">13/18 (72%)</td></tr>",
                               ann),
                std::string::npos);
      EXPECT_NE(board.out.find("<svg class=\"trend\"", ann), std::string::npos);
    }
    const auto sources = test::run_cli({"score", "--format", format, "--show-sources", "samples/league"});
    EXPECT_NE(sources.out.find("samples/league/2026-11-26/table-2.yaml:182:18: Bob"), std::string::npos) << format;
    EXPECT_NE(sources.out.find("2026-11-26, table 2, game 1 (thu-2026-11-26-t2-g1 ("), std::string::npos) << format;
  }
}

}  // namespace
}  // namespace trickref

namespace trickref {
namespace {

// --by night: the season table's Move column, the places each player went up
// or down since the previous night (hand-checked: after 2026-11-19 the order
// was Eve, Dan, Cat, Ann, Hal, Fay, Bob, Ivy, Gus).
TEST(ScoreBoard, MovementSinceThePreviousNight) {
  const std::string dir = testing::TempDir() + "trickref-movement/";
  std::filesystem::remove_all(dir);
  std::filesystem::copy(test::source_dir() + "/samples/league", dir, std::filesystem::copy_options::recursive);
  std::string league = test::read_source_file("samples/league/league.yaml");
  league.replace(league.find("min_games: 3"), 12, "min_games: 0");
  std::ofstream(dir + "league.yaml") << league;
  const auto r = test::run_cli({"score", "--by", "night", dir});
  const auto season = r.out.find("Season standings");
  ASSERT_NE(season, std::string::npos) << r.out;
  const std::string table = r.out.substr(season);
  EXPECT_NE(table.find("Rank  Player  Move  Games"), std::string::npos) << table;
  EXPECT_NE(table.find("\n2     Ivy       +6      3"), std::string::npos) << table;
  EXPECT_NE(table.find("\n4     Eve       -3      4"), std::string::npos) << table;
  EXPECT_NE(table.find("\n6     Jo       new      2"), std::string::npos) << table;
  // Without --by night there is no Move column.
  EXPECT_EQ(test::run_cli({"score", dir}).out.find("Move"), std::string::npos);
}

}  // namespace
}  // namespace trickref
