// Court Piece refereed on played records (court-piece.md §3, §5 and its
// settled readings): how a hand ends, the forfeit for a revoke by either
// side, a claimed revoke, the next dealer by each rule, the caller-court
// house rule, and a draw. The records in tests/data/court-piece/ are hands
// the bots played (one hand each, players Ann to Dan, Ann & Cat against
// Bob & Dan), each trick commented with the player who won it.
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "support/test_support.h"

namespace trickref::court_piece_play {
namespace {

std::string record(const std::string& name) { return test::read_source_file("tests/data/court-piece/" + name + ".yaml"); }

// `yaml` with the first `from` replaced by `to` (which must be there).
std::string replaced(std::string yaml, const std::string& from, const std::string& to) {
  const auto at = yaml.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  if (at != std::string::npos) {
    yaml.replace(at, from.size(), to);
  }
  return yaml;
}

// The record with the hand's `key:` line replaced by `key: value`, or,
// where the hand has no such key, `key: value` added at its end.
std::string with(const std::string& yaml, const std::string& key, const std::string& value) {
  const std::string prefix = "\n    " + key + ":";
  const auto at = yaml.find(prefix);
  if (at == std::string::npos) {
    return yaml + "    " + key + ": " + value + "\n";
  }
  const auto end = yaml.find('\n', at + 1);
  return yaml.substr(0, at) + prefix + " " + value + yaml.substr(end);
}

std::string without(const std::string& yaml, const std::string& key) { return test::without_hand_keys(yaml, {key}); }

// The record with only its first `n` tricks.
std::string first_tricks(const std::string& yaml, int n) {
  std::istringstream in(yaml);
  std::string out;
  std::string line;
  int seen = 0;
  while (std::getline(in, line)) {
    if (line.rfind("      - [", 0) == 0 && ++seen > n) {
      continue;
    }
    out += line + "\n";
  }
  return out;
}

// A house ruleset extending court-piece with `options`: its path, for `game:`.
std::string house(const std::string& name, const std::string& options) {
  std::string path = testing::TempDir() + "court-piece-" + name + ".yaml";
  std::ofstream(path) << "name: " << name << "\nextends: court-piece\n" << options;
  return path;
}

std::string under(const std::string& yaml, const std::string& rules) {
  return replaced(yaml, "game: court-piece\n", "game: " + rules + "\n");
}

const RefereeResult& result(const std::vector<GameReport>& games) {
  EXPECT_EQ(games.size(), 1U);
  EXPECT_TRUE(games[0].result);
  return *games[0].result;
}

const HandSummary& hand(const std::vector<GameReport>& games, std::size_t k = 0) {
  const auto& r = result(games);
  EXPECT_LT(k, r.hands.size());
  return r.hands.at(k);
}

std::vector<int> side_taken(const HandSummary& h) { return h.side_taken.value_or(std::vector<int>{}); }

// --- how a hand ends -----------------------------------------------------------------

TEST(CourtPieceEnd, AnEarlyCourtAbandonedAfterTheSeventhTrick) {
  const auto games = test::validate_yaml(record("early-stopped"));
  EXPECT_EQ(test::diagnostics_text(games), "");
  const auto& h = hand(games);
  EXPECT_EQ(h.end, HandEnd::kEarlyCourt);
  EXPECT_EQ(h.tricks_played, 7);
  EXPECT_EQ(side_taken(h), (std::vector<int>{0, 7}));
  EXPECT_EQ(h.winner_side, 1);
  EXPECT_EQ(h.courts_won, (std::vector<int>{0, 1}));
  // `abandon` ends it there too.
  EXPECT_EQ(test::diagnostics_text(test::validate_yaml(under(record("early-stopped"), "court-piece-abandon"))), "");
}

TEST(CourtPieceEnd, AnEarlyCourtPlayedOnAndLostKeepsItsOneCourt) {
  const auto games = test::validate_yaml(record("early-lost"));
  EXPECT_EQ(test::diagnostics_text(games), "");
  const auto& h = hand(games);
  EXPECT_EQ(h.end, HandEnd::kEarlyCourt);
  EXPECT_EQ(h.tricks_played, 13);
  EXPECT_EQ(side_taken(h), (std::vector<int>{4, 9}));
  EXPECT_EQ(h.courts_won, (std::vector<int>{0, 1}));
  // Under `abandon` the tricks after the seventh are past the end, reported
  // once, and not counted (the recorded taken counts them); the court stands.
  const auto abandoned = test::validate_yaml(under(record("early-lost"), "court-piece-abandon"));
  EXPECT_EQ(test::diagnostics_text(abandoned),
            "t.yaml:22:9: error: hand 1 records 13 tricks, but it ended after trick 7 (an early court): the tricks "
            "after it do not count [tricks-past-end] (hand 1, trick 8)\n"
            "t.yaml:28:18: error: Ann is recorded as taking 2 tricks, but won 0 tricks as played [taken-mismatch] "
            "(hand 1)\n"
            "t.yaml:28:34: error: Cat is recorded as taking 2 tricks, but won 0 tricks as played [taken-mismatch] "
            "(hand 1)\n"
            "t.yaml:28:42: error: Dan is recorded as taking 6 tricks, but won 4 tricks as played [taken-mismatch] "
            "(hand 1)\n");
  EXPECT_EQ(hand(abandoned).tricks_played, 7);
  EXPECT_EQ(hand(abandoned).courts_won, (std::vector<int>{0, 1}));
}

TEST(CourtPieceEnd, ThirteenTricksToNoneScoreTheFiftyTwoInsteadOfTheOne) {
  const auto games = test::validate_yaml(record("all-tricks"));
  EXPECT_EQ(test::diagnostics_text(games), "");
  const auto& h = hand(games);
  EXPECT_EQ(h.end, HandEnd::kAllTricks);
  EXPECT_EQ(h.courts_won, (std::vector<int>{0, 52}));
  // 53 (the one and the 52) is a slip.
  EXPECT_EQ(test::diagnostics_text(test::validate_yaml(with(record("all-tricks"), "score", "{Ann: 0, Bob: 53}"))),
            "t.yaml:29:26: error: Bob & Dan's courts after hand 1 are recorded as 53, but they are 52 (0 + 52 in "
            "hand 1) [score-mismatch] (hand 1)\n");
  // Abandoned after the early court: one court, and the rest is past the end.
  const auto abandoned = test::validate_yaml(under(without(record("all-tricks"), "taken"), "court-piece-abandon"));
  EXPECT_EQ(test::diagnostics_text(abandoned),
            "t.yaml:22:9: error: hand 1 records 13 tricks, but it ended after trick 7 (an early court): the tricks "
            "after it do not count [tricks-past-end] (hand 1, trick 8)\n"
            "t.yaml:28:26: error: Bob & Dan's courts after hand 1 are recorded as 52, but they are 1 (0 + 1 in hand "
            "1) [score-mismatch] (hand 1)\n");
  EXPECT_EQ(hand(abandoned).courts_won, (std::vector<int>{0, 1}));
}

TEST(CourtPieceEnd, TooFewTricksAreATrickCount) {
  // An early court recorded with 8 to 12 tricks: neither abandoned nor played on.
  const auto ten = test::validate_yaml(without(first_tricks(record("early-lost"), 10), "taken"));
  EXPECT_EQ(test::diagnostics_text(ten),
            "t.yaml:15:7: error: hand 1 records 10 tricks; after an early court a hand stops at trick 7 or is played "
            "on to 13 [trick-count] (hand 1)\n");
  EXPECT_EQ(hand(ten).courts_won, (std::vector<int>{0, 1})) << "the early court stands";
  // Seven tricks that no side won all of: decided on the tricks recorded (Ann & Cat 4, Bob & Dan 3).
  const auto seven = test::validate_yaml(with(without(first_tricks(record("split"), 7), "taken"), "streak", "{Ann: 1}"));
  EXPECT_EQ(test::diagnostics_text(seven), "t.yaml:15:7: error: hand 1 records 7 tricks; a hand has 13 [trick-count] (hand 1)\n");
  EXPECT_EQ(hand(seven).winner_side, 0);
  // Level on the tricks recorded: no side wins the hand, and the dealer deals again.
  const auto four = test::validate_yaml(without(without(first_tricks(record("split"), 4), "taken"), "streak") +
                                        "  - dealer: Ann\n    taken: {Ann: 7, Bob: 6}\n");
  EXPECT_EQ(test::diagnostics_text(four),
            "t.yaml:15:7: error: hand 1 records 4 tricks; a hand has 13 [trick-count] (hand 1)\n");
  EXPECT_EQ(hand(four).winner_side, -1) << "known to be neither side's";
  EXPECT_EQ(hand(four).streak, std::nullopt);
  // Under play_on every hand has thirteen, an early court too.
  const auto play_on = test::validate_yaml(
      under(record("early-stopped"), house("play-on", "hand:\n  after_early_court: play_on\n")));
  EXPECT_EQ(test::diagnostics_text(play_on),
            "t.yaml:15:7: error: hand 1 records 7 tricks; a hand has 13 [trick-count] (hand 1)\n");
}

TEST(CourtPieceEnd, AMajorityEndsTheHandWhereTheHouseStopsThere) {
  // Bob & Dan's seventh trick is trick 11: the two after it are past the end.
  const auto games = test::validate_yaml(under(record("split"), "court-piece-majority"));
  EXPECT_EQ(test::diagnostics_text(games),
            "t.yaml:26:9: error: hand 1 records 13 tricks, but it ended after trick 11 (a side had a majority): the "
            "tricks after it do not count [tricks-past-end] (hand 1, trick 12)\n"
            "t.yaml:28:26: error: Bob is recorded as taking 7 tricks, but won 5 tricks as played [taken-mismatch] "
            "(hand 1)\n");
  const auto& h = hand(games);
  EXPECT_EQ(h.end, HandEnd::kMajority);
  EXPECT_EQ(side_taken(h), (std::vector<int>{4, 7}));
  EXPECT_EQ(h.tricks_played, 11);
  EXPECT_EQ(test::diagnostics_text(
                test::validate_yaml(under(without(first_tricks(record("split"), 11), "taken"), "court-piece-majority"))),
            "");
}

// --- revokes -------------------------------------------------------------------------

// split.yaml, trick 1: Bob leads AD; Cat, who holds 10D, QD and KD, plays
// 9S instead (her 10D goes to trick 12, where she is out of clubs). The
// tricks are won as before.
std::string cat_revokes(const std::string& yaml) {
  return replaced(replaced(yaml, "- [AD, 10D, 3D, 4D]", "- [AD, 9S, 3D, 4D]"), "- [10C, 9S, 7C, 9H]",
                  "- [10C, 10D, 7C, 9H]");
}
// Dan, who holds 3D, 7D and JD, plays 5S to the same lead (his 3D goes to
// trick 13, where he is out of clubs). The tricks are won as before.
std::string dan_revokes(const std::string& yaml) {
  return replaced(replaced(yaml, "- [AD, 10D, 3D, 4D]", "- [AD, 10D, 5S, 4D]"), "- [9C, QS, 5S, JS]",
                  "- [9C, QS, 3D, JS]");
}

TEST(CourtPieceRevoke, ARevokeByTheLosingSideForfeitsTheHandAtItsTrick) {
  const auto games = test::validate_yaml(cat_revokes(record("split")));
  // The hand ends at trick 1: the recorded taken and courts are those of the hand played out.
  EXPECT_EQ(test::diagnostics_text(games),
            "t.yaml:15:14: error: Cat did not follow suit: played 9S to a diamond lead while holding KD [revoke] "
            "(hand 1, trick 1)\n"
            "t.yaml:10:41: note: Cat was dealt KD\n"
            "t.yaml:28:26: error: Bob is recorded as taking 7 tricks, but won 1 trick as played [taken-mismatch] "
            "(hand 1)\n"
            "t.yaml:28:34: error: Cat is recorded as taking 4 tricks, but won 0 tricks as played [taken-mismatch] "
            "(hand 1)\n"
            "t.yaml:28:42: error: Dan is recorded as taking 2 tricks, but won 0 tricks as played [taken-mismatch] "
            "(hand 1)\n"
            "t.yaml:29:26: error: Bob & Dan's courts after hand 1 are recorded as 0, but they are 1 (0 + 1 in hand 1) "
            "[score-mismatch] (hand 1)\n");
  const auto& h = hand(games);
  EXPECT_EQ(h.end, HandEnd::kRevoke);
  EXPECT_EQ(h.tricks_played, 1);
  EXPECT_EQ(side_taken(h), (std::vector<int>{0, 1}));
  EXPECT_EQ(h.winner_side, 1);
  EXPECT_EQ(h.courts_won, (std::vector<int>{0, 1}));
  // Scored as the forfeit, the record is right.
  EXPECT_EQ(test::diagnostics_text(test::validate_yaml(
                with(with(cat_revokes(record("split")), "taken", "{Ann: 0, Bob: 1, Cat: 0, Dan: 0}"), "score",
                     "{Ann: 0, Bob: 1}"))),
            "t.yaml:15:14: error: Cat did not follow suit: played 9S to a diamond lead while holding KD [revoke] "
            "(hand 1, trick 1)\n"
            "t.yaml:10:41: note: Cat was dealt KD\n");
}

TEST(CourtPieceRevoke, ARevokeByTheWinningSideGivesTheHandToTheOtherSide) {
  const std::string forfeit =
      with(with(without(dan_revokes(record("split")), "taken"), "score", "{Ann: 1, Bob: 0}"), "streak", "{Ann: 1}");
  const auto games = test::validate_yaml(forfeit);
  EXPECT_EQ(test::diagnostics_text(games),
            "t.yaml:15:19: error: Dan did not follow suit: played 5S to a diamond lead while holding JD [revoke] "
            "(hand 1, trick 1)\n"
            "t.yaml:11:37: note: Dan was dealt JD\n");
  const auto& h = hand(games);
  EXPECT_EQ(h.end, HandEnd::kRevoke);
  EXPECT_EQ(h.winner_side, 0);
  EXPECT_EQ(h.courts_won, (std::vector<int>{1, 0}));
  EXPECT_EQ(h.streak, std::pair(0, 1));
  // At the plays level the deal is gone: Dan's 7D in trick 3 proves it.
  EXPECT_EQ(test::diagnostics_text(test::validate_yaml(without(forfeit, "deal"))),
            "t.yaml:10:19: error: Dan did not follow suit: played 5S to a diamond lead while holding JD [revoke] "
            "(hand 1, trick 1)\n"
            "t.yaml:14:14: note: Dan played JD later, in trick 5\n");
}

TEST(CourtPieceRevoke, AClaimedRevokeIsAWarningWhenTheRecordScoresTheForfeit) {
  const std::string claimed = without(
      with(with(dan_revokes(record("split")), "revoke_claim", "{player: Dan, trick: 1}"), "score", "{Ann: 1, Bob: 0}"),
      "taken");
  EXPECT_EQ(test::diagnostics_text(test::validate_yaml(with(claimed, "streak", "{Ann: 1}"))),
            "t.yaml:15:19: warning: Dan did not follow suit: played 5S to a diamond lead while holding JD [revoke] "
            "(hand 1, trick 1)\n"
            "t.yaml:11:37: note: Dan was dealt JD\n");
  // A claim the record does not show: a warning, and the ruling stands: Bob's side forfeits at trick 2.
  const std::string unfounded =
      with(with(without(record("split"), "taken"), "revoke_claim", "{player: Bob, trick: 2}"), "score", "{Ann: 1, Bob: 0}");
  const auto games = test::validate_yaml(with(unfounded, "streak", "{Ann: 1}"));
  EXPECT_EQ(test::diagnostics_text(games),
            "t.yaml:30:19: warning: the record claims Bob revoked in trick 2, but the record does not show it; the "
            "ruling stands [revoke-claim-unfounded] (hand 1)\n");
  EXPECT_EQ(hand(games).courts_won, (std::vector<int>{1, 0}));
  EXPECT_EQ(hand(games).tricks_played, 2);
}

TEST(CourtPieceRevoke, UnderClaimedAnUnclaimedRevokeIsReportedAndTheHandScoredAsPlayed) {
  const auto games =
      test::validate_yaml(under(dan_revokes(record("split")), house("claimed", "penalty:\n  revoke_when: claimed\n")));
  EXPECT_EQ(test::diagnostics_text(games),
            "t.yaml:15:19: error: Dan did not follow suit: played 5S to a diamond lead while holding JD [revoke] "
            "(hand 1, trick 1)\n"
            "t.yaml:11:37: note: Dan was dealt JD\n");
  EXPECT_EQ(hand(games).tricks_played, 13);
  EXPECT_EQ(hand(games).end, HandEnd::kPlayedOut);
}

// early-lost.yaml after the early court: Ann, holding 6C and 8C, plays 10S
// to Dan's JC in trick 8 (her 5C goes to trick 13).
std::string ann_revokes_after_the_early_court(const std::string& yaml) {
  return replaced(replaced(yaml, "- [JC, 5C, 2C, KC]", "- [JC, 10S, 2C, KC]"), "- [8S, 10S, QD, JS]",
                  "- [8S, 5C, QD, JS]");
}
// Dan, holding 5S and 8S, plays QC to Cat's 4S in trick 9 (his 3S goes to trick 10).
std::string dan_revokes_after_the_early_court(const std::string& yaml) {
  return replaced(replaced(yaml, "- [4S, 3S, QS, 7C]", "- [4S, QC, QS, 7C]"), "- [6C, 9C, 6D, QC]",
                  "- [6C, 9C, 6D, 3S]");
}

TEST(CourtPieceRevoke, ARevokeAfterAnEarlyCourtPlayedOnForfeitsTooAndTheCourtStands) {
  // Bob & Dan took the early court; Ann's side forfeits as well: two courts to Bob & Dan.
  const auto ann = test::validate_yaml(without(ann_revokes_after_the_early_court(record("early-lost")), "taken"));
  EXPECT_EQ(test::diagnostics_text(ann),
            "t.yaml:22:14: error: Ann did not follow suit: played 10S to a club lead while holding 8C [revoke] (hand "
            "1, trick 8)\n"
            "t.yaml:8:51: note: Ann was dealt 8C\n"
            "t.yaml:28:26: error: Bob & Dan's courts after hand 1 are recorded as 1, but they are 2 (0 + 2 in hand 1) "
            "[score-mismatch] (hand 1)\n");
  EXPECT_EQ(hand(ann).end, HandEnd::kRevoke);
  EXPECT_EQ(hand(ann).tricks_played, 8);
  EXPECT_EQ(hand(ann).courts_won, (std::vector<int>{0, 2}));
  // The early court's side forfeits: the hand is Ann & Cat's, the early court still Bob & Dan's.
  const auto dan = test::validate_yaml(without(dan_revokes_after_the_early_court(record("early-lost")), "taken"));
  EXPECT_EQ(test::diagnostics_text(dan),
            "t.yaml:23:14: error: Dan did not follow suit: played QC to a spade lead while holding 8S [revoke] (hand "
            "1, trick 9)\n"
            "t.yaml:11:17: note: Dan was dealt 8S\n"
            "t.yaml:28:18: error: Ann & Cat's courts after hand 1 are recorded as 0, but they are 1 (0 + 1 in hand 1) "
            "[score-mismatch] (hand 1)\n"
            "t.yaml:29:19: error: the streak after hand 1 is recorded as 1 for Bob & Dan, but it is 1 for Ann & Cat "
            "[score-mismatch] (hand 1)\n");
  EXPECT_EQ(hand(dan).winner_side, 0);
  EXPECT_EQ(hand(dan).courts_won, (std::vector<int>{1, 1}));
}

// --- the next dealer -----------------------------------------------------------------

// The record with a second hand (a score-sheet line) dealt by `dealer`.
std::string then_dealt_by(const std::string& yaml, const std::string& dealer) {
  return without(without(without(yaml, "streak"), "score"), "taken") + "  - dealer: " + dealer +
         "\n    taken: {Ann: 7, Bob: 6}\n";
}

// The wrong-dealer lines of the record's diagnostics.
std::string dealer_diags(const std::string& yaml) {
  std::istringstream in(test::diagnostics_text(test::validate_yaml(yaml)));
  std::string out;
  std::string line;
  while (std::getline(in, line)) {
    if (line.find("[wrong-dealer]") != std::string::npos) {
      out += line + "\n";
    }
  }
  return out;
}

TEST(CourtPieceDealer, EachRuleOfTheRotationNamesItselfInTheMessage) {
  // 1. A forfeit by the dealer's side: the dealer's partner deals; by the other side: the next player.
  EXPECT_EQ(dealer_diags(then_dealt_by(cat_revokes(record("split")), "Cat")), "");
  EXPECT_EQ(dealer_diags(then_dealt_by(cat_revokes(record("split")), "Bob")),
            "t.yaml:28:13: error: Bob is recorded as dealer of hand 2, but Ann's side forfeited hand 1 for a revoke: "
            "Cat deals [wrong-dealer] (hand 2)\n");
  EXPECT_EQ(dealer_diags(then_dealt_by(dan_revokes(record("split")), "Bob")), "");
  EXPECT_EQ(dealer_diags(then_dealt_by(dan_revokes(record("split")), "Ann")),
            "t.yaml:28:13: error: Ann is recorded as dealer of hand 2, but Ann's opponents forfeited hand 1 for a "
            "revoke: Bob deals [wrong-dealer] (hand 2)\n");
  // 2. The dealer's side won (with or without a court): the next player deals.
  EXPECT_EQ(dealer_diags(then_dealt_by(record("close"), "Cat")), "");
  EXPECT_EQ(dealer_diags(then_dealt_by(record("close"), "Bob")),
            "t.yaml:28:13: error: Bob is recorded as dealer of hand 2, but Bob's side won hand 1: Cat deals "
            "[wrong-dealer] (hand 2)\n");
  EXPECT_EQ(dealer_diags(then_dealt_by(record("defenders-early"), "Dan")), "");
  // 3. The other side won with a court: the dealer's partner deals.
  EXPECT_EQ(dealer_diags(then_dealt_by(record("early-stopped"), "Cat")), "");
  EXPECT_EQ(dealer_diags(then_dealt_by(record("early-stopped"), "Bob")),
            "t.yaml:22:13: error: Bob is recorded as dealer of hand 2, but Ann's side lost hand 1 to a court: Cat "
            "deals [wrong-dealer] (hand 2)\n");
  // 4. The other side won without a court: the dealer deals again.
  EXPECT_EQ(dealer_diags(then_dealt_by(record("split"), "Ann")), "");
  EXPECT_EQ(dealer_diags(then_dealt_by(record("split"), "Dan")),
            "t.yaml:28:13: error: Dan is recorded as dealer of hand 2, but Ann's side lost hand 1 without a court: Ann "
            "deals again [wrong-dealer] (hand 2)\n");
}

TEST(CourtPieceDealer, TheHouseRulesOfTheRotation) {
  const std::string partner = house("dealer-court-partner", "rotation_court:\n  after_dealer_court: dealer_partner\n");
  EXPECT_EQ(dealer_diags(under(then_dealt_by(record("defenders-early"), "Ann"), partner)), "");
  EXPECT_EQ(dealer_diags(under(then_dealt_by(record("defenders-early"), "Dan"), partner)),
            "t.yaml:29:13: error: Dan is recorded as dealer of hand 2, but Cat's side won hand 1 with a court: Ann "
            "deals [wrong-dealer] (hand 2)\n");
  const std::string same = house("caller-court-same", "rotation_court:\n  after_caller_court: same_dealer\n");
  EXPECT_EQ(dealer_diags(under(then_dealt_by(record("early-stopped"), "Ann"), same)), "");
  EXPECT_EQ(dealer_diags(under(then_dealt_by(record("early-stopped"), "Cat"), same)),
            "t.yaml:22:13: error: Cat is recorded as dealer of hand 2, but Ann's side lost hand 1 to a court: Ann "
            "deals again [wrong-dealer] (hand 2)\n");
  EXPECT_EQ(dealer_diags(under(then_dealt_by(record("split"), "Bob"), "court-piece-deal-left")), "");
  EXPECT_EQ(dealer_diags(under(then_dealt_by(record("split"), "Ann"), "court-piece-deal-left")),
            "t.yaml:28:13: error: Ann is recorded as dealer of hand 2, but the deal passes to the left from Ann: Bob "
            "deals [wrong-dealer] (hand 2)\n");
}

// --- the caller-court house rule, and a draw -----------------------------------------

TEST(CourtPieceCallerCourt, TheOtherSidesSevenNilStartIsAnOrdinaryLead) {
  const auto seed = test::validate_yaml(record("defenders-early"));
  EXPECT_EQ(test::diagnostics_text(seed), "");
  EXPECT_EQ(hand(seed).end, HandEnd::kEarlyCourt);
  // Under the house rule the 7-0 start scores nothing: the recorded court is a slip.
  const auto house_rule = test::validate_yaml(under(record("defenders-early"), "court-piece-caller-court"));
  EXPECT_EQ(test::diagnostics_text(house_rule),
            "t.yaml:30:18: error: Ann & Cat's courts after hand 1 are recorded as 1, but they are 0 (0 + 0 in hand 1) "
            "[score-mismatch] (hand 1)\n");
  EXPECT_EQ(hand(house_rule).winner_side, 0) << "7 tricks to 6";
  EXPECT_EQ(hand(house_rule).courts_won, (std::vector<int>{0, 0}));
  EXPECT_EQ(hand(house_rule).end, HandEnd::kPlayedOut);
}

TEST(CourtPieceDraw, LevelCourtsAreADrawAndARecordedResultHasNoWinner) {
  const auto games = test::validate_yaml(record("split"));
  EXPECT_EQ(test::diagnostics_text(games), "");
  EXPECT_TRUE(result(games).outcome.finished);
  EXPECT_TRUE(result(games).outcome.draw);
  EXPECT_TRUE(result(games).outcome.winners.empty());
  EXPECT_EQ(test::diagnostics_text(test::validate_yaml(record("split") + "result: {winner: null}\n")), "");
  EXPECT_EQ(test::diagnostics_text(test::validate_yaml(record("split") + "result: {winner: []}\n")), "");
  EXPECT_EQ(test::diagnostics_text(test::validate_yaml(record("split") + "result: {winner: Bob}\n")),
            "t.yaml:31:18: error: the record names Bob as winner, but the game is a draw (Ann & Cat 0, Bob & Dan 0 after "
            "hand 1) [winner-mismatch]\n");
  // A side's final courts, by a player or the team's name.
  EXPECT_EQ(test::diagnostics_text(test::validate_yaml(record("split") + "result: {winner: [], score: {Ann: 0, Dan: 0}}\n")),
            "");
  EXPECT_EQ(test::diagnostics_text(test::validate_yaml(record("split") + "result: {score: {Ann: 0, Dan: 1}}\n")),
            "t.yaml:31:31: error: Bob & Dan's final courts are recorded as 1, but they are 0 [score-mismatch]\n");
}

TEST(CourtPieceResult, TheWinningSideIsNamedByEitherPlayerAndChecked) {
  // early-stopped: Bob & Dan have the only court.
  const std::string won = record("early-stopped");
  EXPECT_EQ(test::diagnostics_text(test::validate_yaml(won + "result: {winner: Dan, score: {Bob: 1, Cat: 0}}\n")), "");
  EXPECT_EQ(test::diagnostics_text(test::validate_yaml(won + "result: {winner: [Bob, Dan]}\n")), "");
  EXPECT_EQ(test::diagnostics_text(test::validate_yaml(won + "result: {winner: Ann}\n")),
            "t.yaml:25:18: error: the record names Ann as winner, but Bob & Dan won (Ann & Cat 0, Bob & Dan 1 after hand 1) "
            "[winner-mismatch]\n");
  EXPECT_EQ(test::diagnostics_text(test::validate_yaml(won + "result: {winner: [Ann, Bob]}\n")),
            "t.yaml:25:18: error: the record names Ann and Bob as winner, but Bob & Dan won (Ann & Cat 0, Bob & Dan 1 after hand 1) "
            "[winner-mismatch]\n");
  EXPECT_EQ(test::diagnostics_text(test::validate_yaml(won + "result: {winner: null}\n")),
            "t.yaml:25:18: error: the record names nobody as winner, but Bob & Dan won (Ann & Cat 0, Bob & Dan 1 after hand 1) "
            "[winner-mismatch]\n");
}

}  // namespace
}  // namespace trickref::court_piece_play
