// The double-dummy value's invariants (analysis.md §1) on random positions
// of every built-in ruleset, at a trick's start and in the middle of one,
// small and larger (up to nine cards a hand):
// - a side's value never rises through its own member's legal play and
//   never falls through an opponent's, and the best of its member's legal
//   cards keeps it (the worst of an opponent's too);
// - in the three-player games the three players' values sum to at most the
//   tricks of the hand;
// - in the partnership games (Court Piece's partnerships; Call Deuces'
//   bidder with the partner, or alone, against the rest) the two sides'
//   values sum to exactly the hand's total in play: its tricks, or the
//   points its tricks carry (per_trick and card points).
// Each position is solved for every side before and after every legal card,
// all through one table per position (the reuse a trace makes).
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "engine/double_dummy.h"
#include "ruleset/ruleset_loader.h"
#include "support/dd_positions.h"

namespace trickref::dd_invariants {
namespace {

struct Position {
  DdPosition pos;
  std::vector<SeatMask> sides;  // the sides whose values are counted together
  std::string text;
};

// The sides of a position of `r`: each player alone in the three-player
// games; the partnerships under `partnership: opposite`; in Call Deuces a
// bidder with a partner (or alone, solo) against the rest, drawn at random.
std::vector<SeatMask> sides_of(const Ruleset& r, std::mt19937_64& rng, std::string& text) {
  const auto all = static_cast<SeatMask>((1U << r.players) - 1U);
  if (r.players == 3) {
    return {seat_bit(0), seat_bit(1), seat_bit(2)};
  }
  if (r.partnership == Partnership::kOpposite) {
    const auto a = static_cast<SeatMask>(seat_bit(0) | seat_bit(2));
    return {a, static_cast<SeatMask>(all & ~a)};
  }
  const int bidder = static_cast<int>(rng() % static_cast<std::uint64_t>(r.players));
  const int partner = static_cast<int>(rng() % static_cast<std::uint64_t>(r.players));  // the bidder: solo
  const auto a = static_cast<SeatMask>(seat_bit(bidder) | seat_bit(partner));
  text += " bidder " + std::to_string(bidder) + " partner " + std::to_string(partner);
  return {a, static_cast<SeatMask>(all & ~a)};
}

// `cards` cards a hand from the ruleset's deck, a random trump and leader,
// trumps broken or not, some tricks (or points) already won, then
// `into_trick` random legal cards of the trick in progress.
Position random_position(const Ruleset& r, std::mt19937_64& rng, int cards, int into_trick) {
  const test::DealtPlay dealt = test::deal_random_play(r, rng, cards);
  PlayState s = dealt.play;
  s.trick = std::max(1, r.hand_size - cards);  // not the first trick: its lead is forced by the full deal
  s.broken = rng() % 2 == 0;
  std::array<int, kMaxPlayers> won{};
  for (int p = 0; p < r.players; ++p) {
    won[static_cast<std::size_t>(p)] = static_cast<int>(rng() % 4);
  }
  Position out{dd_start(s, won), {}, dealt.text(r.players) + " broken " + std::to_string(static_cast<int>(s.broken))};
  for (int i = 0; i < into_trick; ++i) {
    const CardSet moves = legal_plays(out.pos.play);
    std::vector<Card> m(moves.begin(), moves.end());
    const Card c = m[rng() % m.size()];
    out.text += " then " + to_string(c);
    dd_play(out.pos, c);
  }
  out.sides = sides_of(r, rng, out.text);
  return out;
}

// The hand's total still in play at `pos`, counted here from the cards (not
// by the solver's own dd_still_in_play): the tricks left, the one in progress
// counted, or under a points scoring their per_trick and the points of every
// card still held or in the trick in progress.
int total_still_in_play(const Ruleset& r, const PlayState& s) {
  const int tricks = s.hands[static_cast<std::size_t>(s.to_play())].size();
  if (r.scoring != ScoringKind::kPoints) {
    return tricks;
  }
  int pts = tricks * r.per_trick;
  CardSet live;
  for (int p = 0; p < r.players; ++p) {
    live |= s.hands[static_cast<std::size_t>(p)];
  }
  for (int i = 0; i < s.count; ++i) {
    live.insert(s.cards[static_cast<std::size_t>(i)]);
  }
  for (const Card c : live) {
    pts += r.card_points[static_cast<std::size_t>(c.index())];
  }
  return pts;
}

int won_by_all(const Ruleset& r, const DdPosition& pos) {
  int sum = 0;
  for (int p = 0; p < r.players; ++p) {
    sum += pos.won[static_cast<std::size_t>(p)];
  }
  return sum;
}

struct Counts {
  int positions = 0;
  int mid_trick = 0;
  int plays = 0;  // (side, legal card) pairs checked
};

// Every invariant at one position (gtest failures name it).
void check_invariants(const Ruleset& r, DdSolver& solver, const Position& e, Counts& counts) {
  const PlayState& s = e.pos.play;
  const int seat = s.to_play();
  const CardSet moves = legal_plays(s);
  ASSERT_FALSE(moves.empty()) << e.text;
  std::vector<int> before;
  for (const SeatMask side : e.sides) {
    const auto v = solver.value(e.pos, side);
    ASSERT_TRUE(v) << e.text;
    before.push_back(*v);
    ASSERT_GE(*v, dd_won(e.pos, side)) << e.text << " side " << int{side};
    const bool own = (side & seat_bit(seat)) != 0;
    int best = own ? -1 : 1 << 20;
    for (const Card c : moves) {
      DdPosition next = e.pos;
      dd_play(next, c);
      const auto after = solver.value(next, side);
      ASSERT_TRUE(after) << e.text;
      if (own) {
        EXPECT_LE(*after, *v) << "the side's own play raised its value: " << to_string(c) << " at " << e.text
                              << " side " << int{side};
        best = std::max(best, *after);
      } else {
        EXPECT_GE(*after, *v) << "an opponent's play lowered the side's value: " << to_string(c) << " at "
                              << e.text << " side " << int{side};
        best = std::min(best, *after);
      }
      ++counts.plays;
    }
    EXPECT_EQ(best, *v) << (own ? "no legal card keeps the side's value" : "no opponent's card holds it to its value")
                        << " at " << e.text << " side " << int{side};
  }
  const int hand_total = won_by_all(r, e.pos) + total_still_in_play(r, s);
  int sum = 0;
  for (const int v : before) {
    sum += v;
  }
  if (r.players == 3) {
    EXPECT_LE(sum, hand_total) << "the three players' values exceed the hand's tricks at " << e.text;
  } else {
    EXPECT_EQ(sum, hand_total) << "the two sides' values are not the hand's total at " << e.text;
  }
  ++counts.positions;
  counts.mid_trick += s.count > 0 ? 1 : 0;
}

struct Case {
  std::string ruleset;
  int small;    // small positions: 1..small cards a hand
  int large;    // larger ones: 6..large cards a hand
  int n_small;  // how many of each
  int n_large;
};

// `n_small` positions of 1..`small` cards a hand, then `n_large` of
// 6..`large`, each at a trick's start or some cards into a trick. Every
// legal card is solved for every side at each position, so the larger
// positions' count is what the solver's speed allows in the debug and ASan
// builds (a few seconds a ruleset in the debug build).
void check_ruleset(const Case& c, std::uint64_t seed) {
  RulesetCatalog catalog;
  const auto& res = catalog.resolve(c.ruleset);
  ASSERT_TRUE(res.ruleset) << c.ruleset;
  const Ruleset& r = *res.ruleset;
  std::mt19937_64 rng(seed);
  DdTable table(4U << 20U);
  Counts counts;
  for (int i = 0; i < c.n_small + c.n_large; ++i) {
    const bool large = i >= c.n_small;
    const int cards = large ? 6 + static_cast<int>(rng() % static_cast<std::uint64_t>(c.large - 5))
                            : 1 + static_cast<int>(rng() % static_cast<std::uint64_t>(c.small));
    const int into = static_cast<int>(rng() % static_cast<std::uint64_t>(r.players));
    const Position e = random_position(r, rng, cards, into);
    table.clear();
    DdSolver solver(r, table);
    SCOPED_TRACE(c.ruleset + (large ? " (large)" : " (small)"));
    check_invariants(r, solver, e, counts);
    if (::testing::Test::HasFatalFailure()) {
      return;
    }
  }
  EXPECT_EQ(counts.positions, c.n_small + c.n_large);
  EXPECT_GE(counts.mid_trick, (c.n_small + c.n_large) / 3);
  EXPECT_GE(counts.plays, 2 * counts.positions);
}

TEST(DoubleDummyInvariants, Pluck) { check_ruleset({"pluck", 5, 9, 60, 16}, 20261201); }
TEST(DoubleDummyInvariants, NineFiveTwo) { check_ruleset({"nine-five-two", 5, 9, 60, 16}, 20261202); }
TEST(DoubleDummyInvariants, CourtPiece) { check_ruleset({"court-piece", 5, 8, 60, 16}, 20261203); }
TEST(DoubleDummyInvariants, CallDeuces) { check_ruleset({"call-deuces", 4, 8, 60, 12}, 20261204); }
TEST(DoubleDummyInvariants, CallDeucesFive) { check_ruleset({"call-deuces-5", 4, 7, 60, 10}, 20261205); }

}  // namespace
}  // namespace trickref::dd_invariants
