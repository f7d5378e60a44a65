// The double-dummy solver against exhaustive search with no pruning
// (analysis.md §1): random endgames of every built-in ruleset, at the
// start of a trick and in the middle of one, every side.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "engine/double_dummy.h"
#include "ruleset/ruleset_loader.h"
#include "support/dd_positions.h"

namespace trickref {
namespace {

// Every legal card tried, every line to the end: the value by definition.
int exhaustive(const DdPosition& pos, SeatMask side) {
  const PlayState& s = pos.play;
  const CardSet moves = s.hands[static_cast<std::size_t>(s.to_play())].empty() ? CardSet() : legal_plays(s);
  if (moves.empty()) {
    return dd_won(pos, side);
  }
  const bool maximise = (side & seat_bit(s.to_play())) != 0;
  int best = maximise ? -1 : 1 << 20;
  for (const Card c : moves) {
    DdPosition next = pos;
    dd_play(next, c);
    const int v = exhaustive(next, side);
    best = maximise ? std::max(best, v) : std::min(best, v);
  }
  return best;
}

struct Endgame {
  DdPosition pos;
  std::string text;
};

// `cards` cards each from the ruleset's deck, a random trump and leader,
// trumps broken or not, then `into_trick` random legal cards of the trick.
Endgame random_endgame(const Ruleset& r, std::mt19937_64& rng, int cards, int into_trick) {
  const test::DealtPlay dealt = test::deal_random_play(r, rng, cards);
  PlayState s = dealt.play;
  s.trick = 1 + static_cast<int>(rng() % 5);  // not the first trick: its lead is forced by the full deal
  s.broken = rng() % 2 == 0;
  std::array<int, kMaxPlayers> credited{};
  credited[0] = static_cast<int>(rng() % 3);
  Endgame e{dd_start(s, credited), dealt.text(r.players)};
  for (int i = 0; i < into_trick; ++i) {
    const CardSet moves = legal_plays(e.pos.play);
    std::vector<Card> m(moves.begin(), moves.end());
    dd_play(e.pos, m[rng() % m.size()]);
  }
  return e;
}

struct Case {
  std::string ruleset;
  int cards;
};

TEST(DoubleDummy, EqualsExhaustiveSearchOnRandomEndgames) {
  RulesetCatalog catalog;
  const std::vector<Case> cases = {{"pluck", 5},       {"nine-five-two", 5}, {"court-piece", 4},
                                   {"call-deuces", 4}, {"call-deuces-5", 3}};
  std::mt19937_64 rng(20261128);
  int checked = 0;
  for (const auto& c : cases) {
    const auto& res = catalog.resolve(c.ruleset);
    ASSERT_TRUE(res.ruleset) << c.ruleset;
    const Ruleset& r = *res.ruleset;
    DdTable table(1 << 20);
    for (int i = 0; i < 400; ++i) {  // 2,000 endgames in all, most of them mid-trick
      const Endgame e = random_endgame(r, rng, 1 + static_cast<int>(rng() % static_cast<std::uint64_t>(c.cards)),
                                       static_cast<int>(rng() % static_cast<std::uint64_t>(r.players)));
      table.clear();
      DdSolver solver(r, table);
      for (int seat = 0; seat < r.players; ++seat) {
        const SeatMask side = r.players == 3 ? seat_bit(seat) : static_cast<SeatMask>(seat_bit(seat) | seat_bit((seat + 2) % r.players));
        // The first probe anywhere (a trace's guess is the value before).
        const auto got = i % 2 == 0 ? solver.value(e.pos, side)
                                    : solver.value(e.pos, side, static_cast<int>(rng() % 24));
        ASSERT_TRUE(got);
        ASSERT_EQ(*got, exhaustive(e.pos, side)) << c.ruleset << " " << e.text << " side " << int{side};
        ++checked;
      }
    }
  }
  EXPECT_EQ(checked, 400 * (3 + 3 + 4 + 4 + 5));
}

// A table entry found where no counting card decided a trick must not
// answer for a position that holds one there: the 5H (5 points) below the
// winning ranks of hearts here once made the value 1 instead of 2.
TEST(DoubleDummy, CountingCardsBelowTheWinningRanksStillCount) {
  RulesetCatalog catalog;
  const Ruleset& r = *catalog.resolve("call-deuces").ruleset;
  std::array<CardSet, kMaxPlayers> hands{};
  const std::array<const char*, 4> held = {"AC 3D KS", "7D 8S 10S", "5H 9H AH", "2H QH 6S"};
  for (std::size_t p = 0; p < 4; ++p) {
    std::string text = held[p];
    for (std::size_t at = 0; at < text.size();) {
      const std::size_t end = std::min(text.find(' ', at), text.size());
      hands[p].insert(*parse_card(text.substr(at, end - at)));
      at = end + 1;
    }
  }
  PlayState s = start_play(r, Suit::kSpades, hands, 3);
  s.trick = 3;
  s.broken = true;
  const DdPosition pos = dd_start(s);
  const SeatMask side = seat_bit(0) | seat_bit(3);
  DdTable table(1 << 20);
  DdSolver solver(r, table);
  EXPECT_EQ(exhaustive(pos, side), 2);
  EXPECT_EQ(solver.value(pos, side, 3), 2);
  EXPECT_EQ(solver.reaches(pos, side, 2), true);
}

}  // namespace
}  // namespace trickref
