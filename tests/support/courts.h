// Court Piece games as the referee summarises them (GameReports built by
// hand), for the standings tests: score_courts_test.cpp and the browser test.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "report/report.h"

namespace trickref::test {

// A Court Piece hand as the referee summarises it: the side that won it (-1:
// neither; absent: not known), how it ended, and the running courts per side
// after it (absent: not known).
struct CourtHand {
  std::optional<int> winner;
  HandEnd end = HandEnd::kPlayedOut;
  std::optional<std::vector<long long>> courts;
};

struct CourtGame {
  std::vector<std::string> players;    // seats; sides are seats 1 and 3, 2 and 4
  std::vector<std::string> side_names;  // as the referee names them
  bool finished = false;
  std::vector<int> winners;  // seats
  int decided_hand = 0;
  std::vector<CourtHand> hands;
  std::string night;
  std::string id;
};

inline GameReport court_game(const CourtGame& c) {
  GameReport g;
  g.file = "cp.yaml";
  g.id = c.id;
  g.ruleset = "court-piece";
  g.scoring = ScoringKind::kCourts;
  g.players = c.players;
  if (!c.night.empty()) {
    g.event.emplace_back("night", c.night);
  }
  RefereeResult r;
  r.refereed = true;
  r.sides = {{0, 2}, {1, 3}};
  r.side_names = c.side_names;
  r.outcome.finished = c.finished;
  r.outcome.draw = c.finished && c.winners.empty();
  r.outcome.winners = c.winners;
  r.outcome.decided_hand = c.decided_hand;
  int n = 0;
  for (const auto& h : c.hands) {
    HandSummary s;
    s.number = ++n;
    s.courts = true;
    s.winner_side = h.winner;
    s.end = h.end;
    s.side_score = h.courts;
    if (h.courts) {
      // The referee's per-seat running score: each player their side's courts.
      s.score = std::vector<long long>{(*h.courts)[0], (*h.courts)[1], (*h.courts)[0], (*h.courts)[1]};
    }
    r.hands.push_back(s);
  }
  if (!r.hands.empty() && r.hands.back().score) {
    r.outcome.score = r.hands.back().score;
  }
  g.result = r;
  return g;
}

inline constexpr auto kOut = HandEnd::kPlayedOut;
inline constexpr auto kEarly = HandEnd::kEarlyCourt;
inline constexpr auto kAll = HandEnd::kAllTricks;
inline constexpr auto kMajority = HandEnd::kMajority;
inline constexpr auto kRevoke = HandEnd::kRevoke;

using Courts = std::vector<long long>;

// Three games (their figures are checked by hand in score_courts_test.cpp).
//  A (night 1): a race to 3 that Ann & Cat win 3-1 at hand 5; hand 6 is
//     recorded after the end (not the game's: Bob & Dan's 52 is not counted).
//  B (night 1): the same two pairs in other seats (Cat and Annie, an alias
//     of Ann, on side 1): a draw at 1-1 after six hands, one of which no
//     side won (level on a short record: Bob and Dan's run goes on through it).
//  C (night 2): Ann with Eve as "Tigers", Bob and Dan as "Lions" (their
//     first `teams` name); unfinished, hand 2's result not known (no
//     courts from there).
inline std::vector<GameReport> courts_night() {
  return {
      court_game({{"Ann", "Bob", "Cat", "Dan"},
                  {"Ann & Cat", "Bob & Dan"},
                  true,
                  {0, 2},
                  5,
                  {
                      {0, kEarly, Courts{1, 0}},
                      {0, kOut, Courts{1, 0}},
                      {1, kRevoke, Courts{1, 1}},
                      {0, kEarly, Courts{2, 1}},
                      {0, kEarly, Courts{3, 1}},
                      {1, kAll, Courts{3, 53}},
                  },
                  "2026-12-10",
                  "cp-a"}),
      court_game({{"Cat", "Dan", "Annie", "Bob"},
                  {"Cat & Annie", "Dan & Bob"},
                  true,
                  {},
                  0,
                  {
                      {1, kOut, Courts{0, 0}},
                      {1, kOut, Courts{0, 0}},
                      {-1, kOut, Courts{0, 0}},
                      {1, kMajority, Courts{0, 0}},
                      {0, kEarly, Courts{1, 0}},
                      {1, kEarly, Courts{1, 1}},
                  },
                  "2026-12-10",
                  "cp-b"}),
      court_game({{"Ann", "Bob", "Eve", "Dan"},
                  {"Tigers", "Lions"},
                  false,
                  {},
                  0,
                  {
                      {0, kOut, Courts{0, 0}},
                      {std::nullopt, kOut, std::nullopt},
                      {0, kEarly, std::nullopt},
                  },
                  "2026-12-17",
                  "cp-c"}),
  };
}

}  // namespace trickref::test
