// Engine scenarios: each pins one clause of rules.md §2.6 with a constructed
// position (hands chosen by hand, trump named, plays applied one by one).
#include <gtest/gtest.h>

#include "engine/exchange.h"
#include "engine/game.h"
#include "engine/hand.h"
#include "engine/play.h"
#include "engine/scoring.h"
#include "support/test_support.h"

namespace trickref {
namespace {

using test::c;
using test::cards;

class PluckPlay : public ::testing::Test {
 protected:
  std::shared_ptr<const Ruleset> pluck = test::builtin("pluck");
  std::shared_ptr<const Ruleset> nfte = test::builtin("nine-five-two");

  static std::array<CardSet, kMaxPlayers> hands(CardSet a, CardSet b, CardSet c3) {
    std::array<CardSet, kMaxPlayers> h{};
    h[0] = a;
    h[1] = b;
    h[2] = c3;
    return h;
  }
};

TEST_F(PluckPlay, TwoOfClubsWinsTheFirstTrickWhenNobodyFollowsOrTrumps) {
  auto s = start_play(*pluck, Suit::kHearts, hands(cards({"2C", "AS"}), cards({"5D", "KS"}), cards({"9S", "QD"})), 0);
  EXPECT_EQ(first_leader(*pluck, 2, s.hands, true), 0);
  for (const char* t : {"2C", "5D", "9S"}) {
    ASSERT_TRUE(!check_play(s, s.to_play(), c(t))) << t;
    apply_play(s, s.to_play(), c(t));
  }
  EXPECT_EQ(finish_trick(s), 0);
  EXPECT_EQ(s.taken[0], 1);
  EXPECT_FALSE(s.broken);
}

TEST_F(PluckPlay, TheFirstTrickMustBeLedWithTheTwoOfClubs) {
  auto s = start_play(*pluck, Suit::kHearts, hands(cards({"2C", "AS"}), cards({"5D"}), cards({"9S"})), 0);
  EXPECT_EQ(check_play(s, 0, c("AS"))->code, Code::kFirstLead);
  EXPECT_EQ(legal_plays(s), cards({"2C"}));
}

TEST_F(PluckPlay, ClubsTrumpTheOpeningTwoIsNoTrumpLeadAndBreaksTrumps) {
  auto s = start_play(*pluck, Suit::kClubs,
                      hands(cards({"2C", "AH"}), cards({"5C", "KH"}), cards({"9C", "3C", "QD"})), 0);
  ASSERT_FALSE(check_play(s, 0, c("2C")));
  apply_play(s, 0, c("2C"));
  EXPECT_TRUE(s.broken);
  apply_play(s, 1, c("5C"));
  apply_play(s, 2, c("9C"));
  EXPECT_EQ(finish_trick(s), 2);
  // Cat may now lead a trump while holding a diamond.
  EXPECT_FALSE(check_play(s, 2, c("3C")));
}

TEST_F(PluckPlay, LeadingTrumpBeforeBrokenIsATrumpLeadUnlessHoldingOnlyTrumps) {
  auto s = start_play(*pluck, Suit::kSpades, hands(cards({"4S", "9D"}), cards({"5C"}), cards({"9C"})), 0);
  s.trick = 3;  // past the opening
  const auto chk = check_play(s, 0, c("4S"));
  ASSERT_TRUE(chk);
  EXPECT_EQ(chk->code, Code::kTrumpLead);
  EXPECT_EQ(chk->evidence, c("9D"));
  EXPECT_EQ(legal_plays(s), cards({"9D"}));
  s.hands[0] = cards({"4S", "KS", "LJ"});
  EXPECT_FALSE(check_play(s, 0, c("4S")));
  EXPECT_FALSE(check_play(s, 0, c("LJ")));
  EXPECT_EQ(legal_plays(s), cards({"4S", "KS", "LJ"}));
}

TEST_F(PluckPlay, JokersFollowWhenTrumpIsLed) {
  auto s = start_play(*pluck, Suit::kDiamonds,
                      hands(cards({"AD"}), cards({"LJ", "KH"}), cards({"BJ", "3S"})), 0);
  s.trick = 5;
  s.broken = true;
  apply_play(s, 0, c("AD"));
  const auto revoke = check_play(s, 1, c("KH"));
  ASSERT_TRUE(revoke);
  EXPECT_EQ(revoke->code, Code::kRevoke);
  EXPECT_EQ(revoke->evidence, c("LJ"));
  EXPECT_EQ(legal_plays(s), cards({"LJ"}));
  apply_play(s, 1, c("LJ"));
  EXPECT_EQ(legal_plays(s), cards({"BJ"}));
  apply_play(s, 2, c("BJ"));
  EXPECT_EQ(finish_trick(s), 2);  // BJ > LJ > A of trump
}

TEST_F(PluckPlay, AJokerIsATrumpWhenAnotherSuitIsLed) {
  auto s = start_play(*pluck, Suit::kHearts, hands(cards({"AS"}), cards({"BJ", "4D"}), cards({"KS"})), 0);
  s.trick = 2;
  apply_play(s, 0, c("AS"));
  EXPECT_FALSE(check_play(s, 1, c("BJ")));  // void in spades: may trump with a joker
  apply_play(s, 1, c("BJ"));
  apply_play(s, 2, c("KS"));
  EXPECT_EQ(finish_trick(s), 1);
  EXPECT_TRUE(s.broken);
}

TEST_F(PluckPlay, CardsPlayedOrNotHeldAreRejectedInClauseOrder) {
  auto s = start_play(*pluck, Suit::kHearts, hands(cards({"2C", "5H"}), cards({"5D"}), cards({"9S"})), 0);
  EXPECT_EQ(check_play(s, 0, c("2H"))->code, Code::kNotInDeck);
  EXPECT_EQ(check_play(s, 0, c("9S"))->code, Code::kNotHeld);
  apply_play(s, 0, c("2C"));
  EXPECT_EQ(check_play(s, 1, c("2C"))->code, Code::kDuplicatePlay);
}

TEST_F(PluckPlay, NineFiveTwoMayLeadTrumpAtAnyTime) {
  auto s = start_play(*nfte, Suit::kSpades, hands(cards({"4S", "9D"}), cards({"5C"}), cards({"9C"})), 0);
  EXPECT_EQ(first_leader(*nfte, 2, s.hands, false), 0);  // left of the dealer
  EXPECT_FALSE(check_play(s, 0, c("4S")));
}

// take_back_trick undoes the cards of a trick in progress: the play is the
// same start of the trick (same_trick_start), and the trick played again
// from it ends where it did.
TEST_F(PluckPlay, ATrickTakenBackIsTheSameStartAndPlaysOutTheSame) {
  auto s = start_play(*pluck, Suit::kHearts,
                      hands(cards({"2C", "5H", "KS"}), cards({"3C", "9H", "QS"}), cards({"4C", "AH", "JS"})), 0);
  apply_play(s, 0, c("2C"));
  apply_play(s, 1, c("3C"));
  apply_play(s, 2, c("4C"));
  (void)finish_trick(s);  // Cat leads the second trick; trumps unbroken
  const PlayState start = s;
  apply_play(s, 2, c("AH"));  // breaks trumps
  apply_play(s, 0, c("5H"));
  take_back_trick(s, start.broken);
  EXPECT_TRUE(same_trick_start(start, s));
  EXPECT_EQ(s.count, 0);
  EXPECT_EQ(s.best_seat, start.best_seat);
  EXPECT_FALSE(s.broken);
  for (const auto* p : {&start, static_cast<const PlayState*>(&s)}) {
    PlayState q = *p;
    apply_play(q, 2, c("AH"));
    apply_play(q, 0, c("5H"));
    apply_play(q, 1, c("9H"));
    EXPECT_EQ(finish_trick(q), 2);
    EXPECT_TRUE(q.broken);
  }
}

TEST(Exchange, OwedPlucksPairUniquelyWithThreePlayers) {
  const std::vector<int> one_over = {3, -1, -2};
  const auto a = owed_plucks(one_over);
  ASSERT_TRUE(a);
  ASSERT_EQ(a->size(), 2U);
  EXPECT_EQ((*a)[0].by, 0);
  EXPECT_EQ((*a)[0].from, 1);
  EXPECT_EQ((*a)[0].count, 1);
  EXPECT_EQ((*a)[1].count, 2);
  const std::vector<int> two_over = {1, 2, -3};
  const auto b = owed_plucks(two_over);
  ASSERT_TRUE(b);
  EXPECT_EQ(b->size(), 2U);
  EXPECT_EQ((*b)[1].by, 1);
  EXPECT_EQ((*b)[1].count, 2);
}

TEST(Exchange, PluckerOrderMostLeastAndTies) {
  auto pluck = test::builtin("pluck");
  const std::vector<OwedPlucks> owed = {{0, 2, 1}, {1, 2, 2}};
  const std::vector<int> q = {7, 6, 4};
  EXPECT_EQ(plucker_order(*pluck, owed, 0, q, 0), (std::vector<int>{1, 0}));
  auto least = test::builtin("pluck-least-first");
  EXPECT_EQ(plucker_order(*least, owed, 0, q, 0), (std::vector<int>{0, 1}));
  // Equal plucks: from the new dealer, going left.
  const std::vector<OwedPlucks> tie = {{0, 2, 1}, {1, 2, 1}};
  EXPECT_EQ(plucker_order(*pluck, tie, 1, q, 1), (std::vector<int>{1, 0}));
  EXPECT_EQ(plucker_order(*pluck, tie, 2, q, 2), (std::vector<int>{0, 1}));
}

TEST(Exchange, TheReturnedCard) {
  auto pluck = test::builtin("pluck");
  auto excl = test::builtin("pluck-return-excluding");
  // The received card counts, so the highest goes straight back.
  EXPECT_EQ(required_return(*pluck, cards({"4H", "7H"}), c("9H")), c("9H"));
  EXPECT_EQ(required_return(*pluck, cards({"4H", "KH"}), c("9H")), c("KH"));
  EXPECT_EQ(required_return(*excl, cards({"4H", "7H"}), c("9H")), c("7H"));
  EXPECT_EQ(required_return(*excl, cards({"4D"}), c("9H")), c("9H"));  // void: the received card goes back
  EXPECT_EQ(required_show(cards({"10C", "AC", "5C", "KH"}), c("6C")), cards({"10C", "AC"}));
}

// A hand's points for one seat, through the ruleset's scoring policy.
long long points(const Ruleset& r, int taken, int quota) {
  GameState g = start_game(r);
  HandTally t;
  t.players = r.players;
  t.taken[0] = taken;
  t.quota[0] = quota;
  return hand_points(g, t, 0);
}

// Whether the game ends with these running scores, through the end policy.
bool game_over(const Ruleset& r, const std::vector<long long>& scores) {
  GameState g = start_game(r);
  std::copy(scores.begin(), scores.end(), g.score.begin());
  return game_ends(g, HandTally{});
}

TEST(Scoring, PointsAndTheEndOfTheGame) {
  auto pluck = test::builtin("pluck");
  auto nfte = test::builtin("nine-five-two");
  EXPECT_EQ(points(*pluck, 9, 7), 2);
  EXPECT_EQ(points(*pluck, 3, 7), 0);
  EXPECT_EQ(points(*nfte, 3, 9), -6);
  EXPECT_EQ(points(*nfte, 5, 5), 0);
  const std::vector<long long> tie = {20, 20, 3};
  const std::vector<long long> alone = {21, 20, 3};
  const std::vector<long long> below = {19, 12, 3};
  EXPECT_FALSE(game_over(*pluck, tie));
  EXPECT_TRUE(game_over(*pluck, alone));
  EXPECT_FALSE(game_over(*pluck, below));
  EXPECT_TRUE(game_over(*test::builtin("pluck-shared-ties"), tie));
  EXPECT_EQ(leaders(tie), (std::vector<int>{0, 1}));
  EXPECT_FALSE(game_over(*test::builtin("pluck-noscore"), alone));
}

}  // namespace
}  // namespace trickref
