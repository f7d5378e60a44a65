// The house-rule options of rules.md §3 found in the wild, each pinned in the
// engine with a constructed position: the scoring and end policies, the
// exchange's tie start and while_both_hold, the phases a kitty taken by
// nobody or an exchange after the kitty gives, and the two trump duties.
// (Refereeing records under each is in option_conformance_test.cpp.)
#include <gtest/gtest.h>

#include <numeric>

#include "engine/game.h"
#include "engine/hand.h"
#include "engine/play.h"
#include "engine/playout.h"
#include "referee/referee.h"
#include "support/test_support.h"
#include "transcript/transcript_loader.h"
#include "transcript/writer.h"
#include "yaml/tree.h"

namespace trickref {
namespace {

using test::c;
using test::cards;

Ruleset with(const char* base, void (*change)(Ruleset&)) {
  Ruleset r = *test::builtin(base);
  change(r);
  return r;
}

HandTally tally_of(std::initializer_list<int> taken, std::initializer_list<int> quota) {
  HandTally t;
  t.players = static_cast<int>(taken.size());
  std::copy(taken.begin(), taken.end(), t.taken.begin());
  std::copy(quota.begin(), quota.end(), t.quota.begin());
  return t;
}

std::vector<int> winners(const GameState& g, const HandTally& t) {
  std::array<int, kMaxPlayers> w{};
  return {w.begin(), w.begin() + game_winners(g, t, w)};
}

TEST(HouseScoring, PlucksScoresTricksOverMinusTricksShort) {
  const Ruleset r = with("pluck", [](Ruleset& x) { x.scoring = ScoringKind::kPlucks; });
  GameState g = start_game(r);
  const HandTally t = tally_of({9, 4, 4}, {7, 6, 4});
  EXPECT_EQ(hand_points(g, t, 0), 2);
  EXPECT_EQ(hand_points(g, t, 1), -2);  // quota scoring (under 0) would give 0
  EXPECT_EQ(hand_points(g, t, 2), 0);
  count_hand(g, t);
  EXPECT_EQ(g.plucks_earned[0], 2);
  EXPECT_EQ(g.plucks_against[1], 2);
}

TEST(HouseScoring, UnderPlucksATieForTheBestScoreGoesToFewerPlucksAgainstThenMorePlucksEarned) {
  const Ruleset r = with("pluck", [](Ruleset& x) {
    x.scoring = ScoringKind::kPlucks;
    x.end_value = 3;
  });
  GameState g = start_game(r);
  g.score = {4, 4, -8};
  g.plucks_against = {3, 1, 8};
  g.plucks_earned = {7, 5, 0};
  EXPECT_TRUE(game_ends(g, HandTally{}));  // alone in first place after the tie-break
  EXPECT_EQ(winners(g, HandTally{}), std::vector<int>{1});
  g.plucks_against = {1, 1, 8};
  EXPECT_EQ(winners(g, HandTally{}), std::vector<int>{0});  // more plucks earned
  g.plucks_earned = {5, 5, 0};
  EXPECT_FALSE(game_ends(g, HandTally{}));  // game.tie continue: still tied
  const Ruleset quota = *test::builtin("pluck");
  GameState q = start_game(quota);
  q.score = {20, 20, 3};
  q.plucks_against = {3, 1, 8};
  EXPECT_FALSE(game_ends(q, HandTally{}));  // quota scoring breaks no tie by plucks
}

TEST(HouseScoring, TricksScoresTheTricksTaken) {
  const Ruleset r = with("pluck", [](Ruleset& x) { x.scoring = ScoringKind::kTricks; });
  const GameState g = start_game(r);
  const HandTally t = tally_of({9, 4, 4}, {7, 6, 4});
  EXPECT_EQ(hand_points(g, t, 0), 9);
  EXPECT_EQ(hand_points(g, t, 1), 4);
}

TEST(HouseGameEnd, PlucksAgainstEndsTheGameWhenTheTricksShortReachN) {
  const Ruleset r = with("pluck", [](Ruleset& x) {
    x.end = GameEnd::kPlucksAgainst;
    x.end_value = 5;
  });
  GameState g = start_game(r);
  const HandTally first = tally_of({10, 3, 4}, {7, 6, 4});  // Bob 3 short
  count_hand(g, first);
  EXPECT_FALSE(game_ends(g, first));
  const HandTally second = tally_of({5, 4, 8}, {6, 4, 7});  // Ann 1 short; Bob 3 in all
  count_hand(g, second);
  EXPECT_FALSE(game_ends(g, second));
  const HandTally third = tally_of({6, 4, 7}, {7, 6, 4});  // Bob 5 short in all
  count_hand(g, third);
  EXPECT_TRUE(game_ends(g, third));
  EXPECT_EQ(g.score[0], 3);
  EXPECT_EQ(g.score[2], 4);
  EXPECT_EQ(winners(g, third), std::vector<int>{2});  // the best running score
}

TEST(HouseGameEnd, UnderContinueATieAtTheBestScoreKeepsPlucksAgainstGoing) {
  const Ruleset r = with("pluck", [](Ruleset& x) {
    x.end = GameEnd::kPlucksAgainst;
    x.end_value = 2;
    x.tie = TieRule::kContinue;
  });
  GameState g = start_game(r);
  g.score = {3, 3, 0};
  g.plucks_against = {0, 0, 2};
  EXPECT_FALSE(game_ends(g, HandTally{}));
  g.score = {4, 3, 0};
  EXPECT_TRUE(game_ends(g, HandTally{}));
  EXPECT_EQ(winners(g, HandTally{}), std::vector<int>{0});
}

TEST(HouseGameEnd, TricksInHandEndsTheGameAndTheTakerWins) {
  const Ruleset r = with("pluck", [](Ruleset& x) {
    x.end = GameEnd::kTricksInHand;
    x.end_value = 12;
  });
  GameState g = start_game(r);
  const HandTally near = tally_of({11, 3, 3}, {7, 6, 4});
  for (int i = 0; i < 2; ++i) {
    count_hand(g, near);
    EXPECT_FALSE(game_ends(g, near));
  }
  const HandTally big = tally_of({2, 12, 3}, {7, 6, 4});
  count_hand(g, big);
  EXPECT_TRUE(game_ends(g, big));
  EXPECT_EQ(winners(g, big), std::vector<int>{1});  // though Ann's score is higher
  EXPECT_GT(g.score[0], g.score[1]);
}

// Ann (seat 0) plucks Bob (seat 1) twice; Ann has given Bob a heart already.
HandState exchange_position(const Ruleset& r, CardSet ann, CardSet bob) {
  GameState g = start_game(r);
  g.deltas = {2, -2, 0};
  g.deltas_known = true;
  HandState h;
  start_hand(h, g, 2, 2);
  std::array<CardSet, kMaxPlayers> hands{};
  hands[0] = ann;
  hands[1] = bob;
  hands[2] = cards({"2C"});
  apply_deal(h, hands, CardSet());
  apply_pluck(h, 0, 1, c("3H"), c("KH"));
  return h;
}

TEST(HouseExchange, WhileBothHoldNoSuitRepeatsWhileAnotherSuitIsHeldByBoth) {
  const Ruleset r = with("pluck", [](Ruleset& x) { x.distinct_suits = DistinctSuits::kWhileBothHold; });
  // Both hold spades, not yet given: no second heart.
  HandState h = exchange_position(r, cards({"3H", "5H", "4S", "9D"}), cards({"KH", "JS"}));
  EXPECT_EQ(legal_gives(h, 0, 1), cards({"5H", "KH", "4S", "9D"}) - cards({"5H", "KH"}));
  std::vector<Violation> found;
  check_pluck(h, 0, 1, c("5H"), c("5H"), found);
  ASSERT_EQ(found.size(), 1U);
  EXPECT_EQ(found[0].code, Code::kPluckSuitRepeat);
  // No suit but hearts is held by both: the given suits start over.
  HandState open = exchange_position(r, cards({"3H", "5H", "9D"}), cards({"KH", "JS"}));
  EXPECT_EQ(legal_gives(open, 0, 1), cards({"5H", "KH", "9D"}));
  found.clear();
  check_pluck(open, 0, 1, c("5H"), c("5H"), found);
  EXPECT_TRUE(found.empty());
  // Where the pluckee's hand is not known, whether both hold another suit cannot be known: nothing is checked.
  HandState unknown = exchange_position(r, cards({"3H", "5H", "4S", "9D"}), cards({"KH", "JS"}));
  unknown.known[1] = false;
  found.clear();
  check_pluck(unknown, 0, 1, c("5H"), c("5H"), found);
  EXPECT_TRUE(found.empty());
  // Under plain distinct_suits the heart stays closed either way.
  const Ruleset strict = with("pluck", [](Ruleset& x) { x.distinct_suits = DistinctSuits::kYes; });
  HandState closed = exchange_position(strict, cards({"3H", "5H", "9D"}), cards({"KH", "JS"}));
  EXPECT_EQ(legal_gives(closed, 0, 1), cards({"9D"}));
}

TEST(HouseExchange, TieStartPreviousDealerStartsTiesFromTheLastHandsDealer) {
  // Ann and Cat each one over, Bob two short: equal plucks. Cat deals hand 2,
  // after Bob dealt hand 1.
  const Ruleset newer = *test::builtin("pluck");
  const Ruleset previous = with("pluck", [](Ruleset& x) { x.tie_start = TieStart::kPreviousDealer; });
  for (const Ruleset* r : {&newer, &previous}) {
    GameState g = start_game(*r);
    count_hand(g, [] {
      HandTally t = tally_of({8, 4, 5}, {7, 6, 4});
      t.dealer = 1;
      return t;
    }());
    HandState h;
    start_hand(h, g, 2, 2);
    ASSERT_EQ(h.exchange.n_order, 2);
    const std::vector<int> order(h.exchange.order.begin(), h.exchange.order.begin() + 2);
    // From Cat (the new dealer) going left: Cat, Ann; from Bob: Cat, Ann too
    // (Bob plucks nobody), so the order is told by who starts the count.
    EXPECT_EQ(h.exchange.tie_from, r == &newer ? 2 : 1);
    EXPECT_EQ(order, (std::vector<int>{2, 0}));
  }
  // Ann deals hand 2 after Cat dealt hand 1: from Ann, Ann first; from Cat, Cat first.
  for (const Ruleset* r : {&newer, &previous}) {
    GameState g = start_game(*r);
    count_hand(g, [] {
      HandTally t = tally_of({8, 4, 5}, {7, 6, 4});
      t.dealer = 2;
      return t;
    }());
    HandState h;
    start_hand(h, g, 2, 0);
    const std::vector<int> order(h.exchange.order.begin(), h.exchange.order.begin() + 2);
    EXPECT_EQ(order, r == &newer ? (std::vector<int>{0, 2}) : (std::vector<int>{2, 0}));
  }
}

std::vector<Phase> phases_of(const Ruleset& r) {
  const PhaseList l = hand_phases(r);
  return {l.begin(), l.end()};
}

TEST(HousePhases, TheRulesetOrdersTheHandsPhases) {
  using enum Phase;
  EXPECT_EQ(phases_of(*test::builtin("pluck")), (std::vector<Phase>{kDeal, kExchange, kTrump, kPlay, kCount}));
  EXPECT_EQ(phases_of(*test::builtin("nine-five-two")),
            (std::vector<Phase>{kDeal, kExchange, kTrump, kKitty, kPlay, kCount}));
  const Ruleset after = with("nine-five-two", [](Ruleset& x) { x.exchange_when = ExchangeWhen::kAfterKitty; });
  EXPECT_EQ(phases_of(after), (std::vector<Phase>{kDeal, kTrump, kKitty, kExchange, kPlay, kCount}));
  const Ruleset nobody = with("nine-five-two", [](Ruleset& x) { x.kitty_taken_by = KittyTaker::kNobody; });
  EXPECT_EQ(phases_of(nobody), (std::vector<Phase>{kDeal, kExchange, kTrump, kPlay, kCount}));
  EXPECT_EQ(kitty_taker(nobody, 1), -1);
  EXPECT_EQ(kitty_taker(*test::builtin("nine-five-two"), 1), 1);
}

TEST(HousePhases, TrumpChooserAnyChecksNobodysChoice) {
  const Ruleset any = with("nine-five-two", [](Ruleset& x) { x.trump_chooser = TrumpChooser::kAny; });
  EXPECT_EQ(trump_chooser(any, 1), -1);
  EXPECT_EQ(trump_chooser(*test::builtin("nine-five-two"), 1), 1);
}

PlayState trumped_trick(const Ruleset& r, CardSet third) {
  // Spades trump, hearts led by Ann, Bob ruffs with 9S; Cat (seat 2) to play.
  std::array<CardSet, kMaxPlayers> hands{};
  hands[0] = cards({"KH"});
  hands[1] = cards({"9S"});
  hands[2] = third;
  PlayState s = start_play(r, Suit::kSpades, hands, 0);
  s.trick = 3;
  s.broken = true;
  apply_play(s, 0, c("KH"));
  apply_play(s, 1, c("9S"));
  return s;
}

TEST(HousePlay, MustTrumpIfVoidMakesAVoidPlayerTrump) {
  const Ruleset r = with("pluck", [](Ruleset& x) { x.must_trump_if_void = true; });
  std::array<CardSet, kMaxPlayers> hands{};
  hands[0] = cards({"KH"});
  hands[1] = cards({"4S", "AD"});
  PlayState s = start_play(r, Suit::kSpades, hands, 0);
  s.trick = 3;
  apply_play(s, 0, c("KH"));
  EXPECT_EQ(legal_plays(s), cards({"4S"}));
  const auto v = check_play(s, 1, c("AD"));
  ASSERT_TRUE(v);
  EXPECT_EQ(v->code, Code::kRevoke);
  EXPECT_EQ(v->clause, Clause::kMustTrump);
  EXPECT_EQ(v->evidence, c("4S"));
  const auto pluck = test::builtin("pluck");  // kept alive: the play state points at it
  const PlayState plain = [&] {
    PlayState p = start_play(*pluck, Suit::kSpades, hands, 0);
    p.trick = 3;
    apply_play(p, 0, c("KH"));
    return p;
  }();
  EXPECT_FALSE(check_play(plain, 1, c("AD")));
}

TEST(HousePlay, MustOvertrumpMakesATrumpBeatATrumpAlreadyPlayed) {
  const Ruleset r = with("pluck", [](Ruleset& x) { x.must_overtrump = true; });
  const PlayState s = trumped_trick(r, cards({"4S", "QS", "3D"}));
  EXPECT_EQ(legal_plays(s), cards({"QS", "3D"}));  // a discard stays allowed; an undertrump does not
  const auto v = check_play(s, 2, c("4S"));
  ASSERT_TRUE(v);
  EXPECT_EQ(v->clause, Clause::kMustOvertrump);
  EXPECT_EQ(v->evidence, c("QS"));
  // Holding no higher trump, any trump may go.
  const PlayState low = trumped_trick(r, cards({"4S", "3D"}));
  EXPECT_EQ(legal_plays(low), cards({"4S", "3D"}));
  // Both duties: the void player must trump, and over the 9S.
  const Ruleset both = with("pluck", [](Ruleset& x) {
    x.must_overtrump = true;
    x.must_trump_if_void = true;
  });
  EXPECT_EQ(legal_plays(trumped_trick(both, cards({"4S", "QS", "3D"}))), cards({"QS"}));
}

// Referees YAML `text` under `r` itself (not the record's `game:`).
std::vector<std::string> referee_under(const Ruleset& r, const std::string& text) {
  YamlReader reader(text, Limits{});
  DiagnosticSink sink("t.yaml");
  Document doc;
  std::vector<std::string> out;
  if (!reader.next(doc, sink)) {
    return {"does not parse"};
  }
  const Game game = load_game(doc.root(), "t.yaml", 0, sink);
  (void)referee(game, r, sink);
  for (const auto& d : sink.take()) {
    out.push_back(std::string(code_name(d.code)) + ": " + d.message);
  }
  return out;
}

TEST(HouseHandEnd, AHandEndsAtAMajorityInPlayAndTheRefereeAgrees) {
  const Ruleset r = with("pluck", [](Ruleset& x) { x.stop_at_majority = true; });
  PlayoutOptions po;
  po.seed = 7;
  const PlayedGame game = play_random_game(r, po);
  int early = 0;
  for (const auto& h : game.hands) {
    const auto played = static_cast<int>(h.tricks.size());
    const int most = *std::max_element(h.taken.begin(), h.taken.end());
    EXPECT_EQ(std::accumulate(h.taken.begin(), h.taken.end(), 0), played);
    if (played < 17) {
      ++early;
      EXPECT_EQ(most, 9);  // the first to 9 of the 17 tricks ends it
    } else {
      EXPECT_LE(most, 9);
    }
  }
  EXPECT_GT(early, 0);
  const std::vector<std::string> players = {"Ann", "Bob", "Cat"};
  const std::string yaml = to_yaml(game, r, "pluck", players, WriteOptions{});
  EXPECT_EQ(referee_under(r, yaml), std::vector<std::string>{});
  // Under plain Pluck the same record is short of tricks in every early hand.
  const auto under_pluck = referee_under(*test::builtin("pluck"), yaml);
  EXPECT_GE(std::count_if(under_pluck.begin(), under_pluck.end(),
                          [](const std::string& d) { return d.rfind("trick-count:", 0) == 0; }),
            early);
}

TEST(HouseHandEnd, AHandEndedAfterTheFactCountsOnlyTheTricksBeforeItsEnd) {
  // After the fact: a fault a later play proves ends the hand at its trick.
  const Ruleset r = *test::builtin("pluck");
  GameState g = start_game(r);
  HandState h;
  start_hand(h, g, 1, 0);
  std::array<CardSet, kMaxPlayers> hands{};
  hands[0] = cards({"2C", "AS", "KS"});
  hands[1] = cards({"3C", "QS", "AH"});
  hands[2] = cards({"4C", "JS", "KH"});
  apply_deal(h, hands, CardSet());
  apply_trump(h, Suit::kHearts);
  start_play(h, 0);
  for (const auto& trick : {std::array{"2C", "3C", "4C"}, std::array{"JS", "AS", "QS"}}) {
    for (const char* card : trick) {
      apply_play(h.play, h.play.to_play(), c(card));
    }
    finish_trick(h);
  }
  // Cat won the first trick (4C) and led JS; Ann won the second with AS.
  EXPECT_EQ(tricks_counted(h)[2], 1);
  EXPECT_EQ(tricks_counted(h)[0], 1);
  end_hand_at(h, 1);
  EXPECT_EQ(tricks_in_hand(h), 1);
  EXPECT_EQ(tricks_counted(h)[0], 0);
  EXPECT_EQ(tricks_counted(h)[2], 1);
}

TEST(HouseSides, AMajorityCountsASidesTricksWherePartnersSitOpposite) {
  Ruleset r = *test::builtin("pluck");
  r.players = 4;
  r.hand_size = 13;
  r.stop_at_majority = true;
  HandState h;
  h.rules = &r;
  h.players = 4;
  h.play.players = 4;
  h.play.trick = 7;
  h.play.taken = {4, 1, 2, 0};  // seats 1 and 3 together have 6, seats 2 and 4 have 1
  h.policies = policies_for(r);
  EXPECT_FALSE(hand_ends_after_trick(h));  // nobody alone has 7
  r.partnership = Partnership::kOpposite;
  h.policies = policies_for(r);
  EXPECT_EQ(h.policies.partners->side(r, 2), 0);
  EXPECT_EQ(h.policies.partners->side(r, 3), 1);
  EXPECT_FALSE(hand_ends_after_trick(h));
  h.play.taken = {4, 1, 3, 0};  // 7 of 13 for seats 1 and 3
  h.play.trick = 8;
  EXPECT_TRUE(hand_ends_after_trick(h));
}

}  // namespace
}  // namespace trickref
