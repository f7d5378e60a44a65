// Call Deuces refereed (call-deuces.md §4 and its settled readings): each
// clause pinned by a record, at the full, plays and score-sheet levels.
// The full-level records in tests/data/call-deuces/ are hands the bots
// played (one hand each, names Ann to Dan), chosen for what they show.
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "support/test_support.h"

namespace trickref {
namespace {

std::string record(const std::string& name) { return test::read_source_file("tests/data/call-deuces/" + name + ".yaml"); }

std::string without(const std::string& yaml, std::initializer_list<std::string_view> keys) {
  return test::without_hand_keys(yaml, keys);
}

// The record with the line of hand key `key` replaced by `key: value`.
std::string with(const std::string& yaml, std::string_view key, std::string_view value) {
  const std::string prefix = "    " + std::string(key) + ":";
  const auto at = yaml.find("\n" + prefix);
  EXPECT_NE(at, std::string::npos) << key;
  const auto end = yaml.find('\n', at + 1);
  return yaml.substr(0, at + 1) + prefix + " " + std::string(value) + yaml.substr(end);
}

const HandSummary& first_hand(const std::vector<GameReport>& games) {
  EXPECT_EQ(games.size(), 1U);
  EXPECT_TRUE(games[0].result);
  EXPECT_FALSE(games[0].result->hands.empty());
  return games[0].result->hands.front();
}

std::vector<int> points(const HandSummary& h) { return h.points.value_or(std::vector<int>{}); }
std::vector<long long> score(const HandSummary& h) { return h.score.value_or(std::vector<long long>{}); }

// A house ruleset extending call-deuces with `options` (YAML lines under
// the top level), written to a file: its path, for a record's `game:`.
std::string house(const std::string& name, const std::string& options) {
  std::string path = testing::TempDir() + name + ".yaml";
  std::ofstream(path) << "name: " << name << "\nextends: call-deuces\n" << options;
  return path;
}

// A score-sheet game of `rules` with four players and the hands given (each
// the lines of one hand after its leading "- ").
std::string sheet(const std::string& rules, std::initializer_list<std::string> hands) {
  std::string y = "game: " + rules + "\nplayers: [Ann, Bob, Cat, Dan]\nhands:\n";
  for (const auto& h : hands) {
    y += "  - " + h + "\n";
  }
  return y;
}

// ------------------------------------------------------------ the partner

TEST(CallDeucesPartner, SoloByHoldingTheTwoOfTrumpIsMadeAndDoubled) {
  const auto games = test::validate_yaml(record("solo-held-made"));
  EXPECT_EQ(test::diagnostics_text(games), "");
  const auto& h = first_hand(games);
  EXPECT_EQ(h.bidder, 3);  // Dan, 16
  EXPECT_EQ(h.bid, 16);
  EXPECT_EQ(h.partner, -1);
  EXPECT_EQ(h.made, true);
  EXPECT_EQ(points(h), (std::vector<int>{8, 2, 6, 17}));
  EXPECT_EQ(score(h), (std::vector<long long>{8, 2, 6, 34}));  // 17 made solo: doubled
}

TEST(CallDeucesPartner, SoloByFindingTheTwoInTheKitty) {
  const auto games = test::validate_yaml(record("solo-kitty-made"));
  EXPECT_EQ(test::diagnostics_text(games), "");
  const auto& h = first_hand(games);
  EXPECT_EQ(h.bidder, 1);  // Bob
  EXPECT_EQ(h.partner, -1);
  EXPECT_EQ(score(h), (std::vector<long long>{3, 40, 2, 8}));
  // Recorded as Dan's partner: the kitty proves the bidder held it.
  const auto wrong = test::validate_yaml(without(with(record("solo-kitty-made"), "partner", "Dan"), {"tricks"}));
  EXPECT_NE(test::diagnostics_text(wrong).find("Bob's partner is recorded as Dan, but Bob found 2S in the kitty "
                                               "(the partner card): Bob plays solo [partner-mismatch]"),
            std::string::npos)
      << test::diagnostics_text(wrong);
}

TEST(CallDeucesPartner, SoloByDiscardingTheTwo) {
  const auto games = test::validate_yaml(record("solo-discard"));
  EXPECT_EQ(test::diagnostics_text(games), "");
  const auto& h = first_hand(games);
  EXPECT_EQ(h.bidder, 0);  // Ann, 17, set solo: the loss is not doubled
  EXPECT_EQ(h.partner, -1);
  EXPECT_EQ(h.made, false);
  EXPECT_EQ(score(h), (std::vector<long long>{-17, 21, 7, 3}));
  const auto wrong = test::validate_yaml(with(record("solo-discard"), "partner", "Cat"));
  EXPECT_NE(test::diagnostics_text(wrong).find("Ann's partner is recorded as Cat, but Ann discarded 2S (the partner "
                                               "card): Ann plays solo [partner-mismatch]"),
            std::string::npos)
      << test::diagnostics_text(wrong);
  // At the plays level nothing shows the discard but the card never played.
  const auto plays = test::validate_yaml(with(without(record("solo-discard"), {"deal", "kitty", "discard"}), "partner", "Cat"));
  EXPECT_NE(test::diagnostics_text(plays).find("but 2S was never played, so Ann discarded it (the partner card): Ann "
                                               "plays solo [partner-mismatch]"),
            std::string::npos)
      << test::diagnostics_text(plays);
}

TEST(CallDeucesPartner, HeldByAnotherPlayerIsTheBiddersPartner) {
  const auto games = test::validate_yaml(record("partner-set"));
  EXPECT_EQ(test::diagnostics_text(games), "");
  const auto& h = first_hand(games);
  EXPECT_EQ(h.bidder, 1);  // Bob, 17
  EXPECT_EQ(h.partner, 0);  // Ann held 2S
  EXPECT_EQ(h.made, false);
  EXPECT_EQ(score(h), (std::vector<long long>{-17, -17, 8, 15}));  // 1 + 9 = 10 of 17: both lose the bid
  // `none`, null and the bidder's own name all mean solo, which the deal disproves.
  for (const char* solo : {"none", "null", "Bob"}) {
    const auto wrong = test::validate_yaml(with(record("partner-set"), "partner", solo));
    EXPECT_EQ(test::codes(wrong[0]), (std::vector<std::string>{"partner-mismatch"})) << solo;
    EXPECT_NE(test::diagnostics_text(wrong).find("Bob is recorded as playing solo, but Ann played 2S"),
              std::string::npos)
        << test::diagnostics_text(wrong);
  }
}

TEST(CallDeucesPartner, TheRecordedPartnerScoresWhenNothingProvesTheHolder) {
  // A score sheet: no deal, no tricks. The recorded partner is used.
  const auto games = test::validate_yaml(
      sheet("call-deuces", {"dealer: Ann\n    contract: {bidder: Bob, bid: 17}\n    partner: Cat\n"
                            "    points: {Ann: 5, Bob: 14, Cat: 4, Dan: 0}\n"
                            "    score: {Ann: 5, Bob: 18, Cat: 18, Dan: 0}"}));
  EXPECT_EQ(test::diagnostics_text(games), "");
  EXPECT_EQ(first_hand(games).partner, 2);
  // Neither proof nor record: the score cannot be computed, and is not checked.
  const auto unknown = test::validate_yaml(
      sheet("call-deuces", {"dealer: Ann\n    contract: {bidder: Bob, bid: 17}\n"
                            "    points: {Ann: 5, Bob: 14, Cat: 4, Dan: 0}\n"
                            "    score: {Ann: 5, Bob: 99, Cat: 18, Dan: 0}"}));
  EXPECT_EQ(test::diagnostics_text(unknown),
            "t.yaml:4:5: error: hand 1 records a score, but who partnered Bob cannot be known: the record shows "
            "neither who held the partner card nor a `partner` [schema] (hand 1)\n");
  EXPECT_FALSE(first_hand(unknown).score);
}

TEST(CallDeucesPartner, DiscardingThePartnerCardIsAFaultWhereSoloByDiscardIsOff) {
  std::string y = record("solo-discard");
  y.replace(y.find("game: call-deuces\n"), 18,
            "game: " + house("cd-keep-two", "partner:\n  solo_by_discard: false\n") + "\n");
  const auto games = test::validate_yaml(y);
  EXPECT_EQ(test::diagnostics_text(games).find("Ann discarded 2S, the partner card, which may not be discarded "
                                               "(partner.solo_by_discard: false); Ann plays solo [discard]") !=
                std::string::npos,
            true)
      << test::diagnostics_text(games);
  EXPECT_EQ(test::codes(games[0]), (std::vector<std::string>{"discard"}));
  EXPECT_EQ(first_hand(games).partner, -1);
}

// ------------------------------------------------------- the general codes

TEST(CallDeucesPlay, TheBidderLeadsTheFirstTrick) {
  // Bob won the auction at 17; the record names Cat as leading trick 1.
  std::string y = record("partner-set");
  const std::string trick = "      - [7D, 3D, AD, 6D]";
  ASSERT_NE(y.find(trick), std::string::npos);
  y.replace(y.find(trick), trick.size(), "      - {leader: Cat, cards: [7D, 3D, AD, 6D]}");
  const auto games = test::validate_yaml(y);
  EXPECT_EQ(test::codes(games[0]), (std::vector<std::string>{"first-lead"})) << test::diagnostics_text(games);
  EXPECT_NE(test::diagnostics_text(games).find("Cat is recorded as leading the first trick, but the bidder, Bob, "
                                               "leads it [first-lead]"),
            std::string::npos)
      << test::diagnostics_text(games);
}

// ------------------------------------------------------------- the points

TEST(CallDeucesPoints, FivesInTheDiscardCountForTheBidder) {
  const auto games = test::validate_yaml(record("fives-discard"));
  EXPECT_EQ(test::diagnostics_text(games), "");
  const auto& h = first_hand(games);
  EXPECT_EQ(h.bidder, 1);  // Bob, 22, who laid 5S away
  EXPECT_EQ(h.partner, 2);
  EXPECT_EQ(points(h), (std::vector<int>{9, 14, 1, 9}));
  EXPECT_EQ(score(h), (std::vector<long long>{9, -22, -22, 9}));
  const auto wrong = test::validate_yaml(with(record("fives-discard"), "points", "{Ann: 9, Bob: 9, Cat: 1, Dan: 9}"));
  const std::string text = test::diagnostics_text(wrong);
  EXPECT_NE(text.find("Bob's points for the hand are recorded as 9, but they are 14: "), std::string::npos) << text;
  EXPECT_NE(text.find(", 5S in the discard (5) [points-mismatch]"), std::string::npos) << text;
  EXPECT_EQ(test::codes(wrong[0]), (std::vector<std::string>{"points-mismatch"}));
}

TEST(CallDeucesPoints, EveryHandTotalsTheTricksAndTheFives) {
  for (const char* name : {"solo-held-made", "solo-kitty-made", "solo-discard", "fives-discard", "partner-set"}) {
    const auto games = test::validate_yaml(record(name));
    const auto& h = first_hand(games);
    int total = 0;
    for (int p : points(h)) {
      total += p;
    }
    EXPECT_EQ(total, 33) << name;
  }
}

TEST(CallDeucesPoints, ThePlaysLevelScoresAsTheFullRecord) {
  for (const char* name : {"solo-held-made", "solo-kitty-made", "solo-discard", "fives-discard", "partner-set"}) {
    const auto full = test::validate_yaml(record(name));
    const auto plays = test::validate_yaml(without(record(name), {"deal", "kitty", "discard"}));
    EXPECT_EQ(test::diagnostics_text(plays), "") << name;
    EXPECT_EQ(first_hand(plays).partner, first_hand(full).partner) << name;
    EXPECT_EQ(points(first_hand(plays)), points(first_hand(full))) << name;
    EXPECT_EQ(score(first_hand(plays)), score(first_hand(full))) << name;
  }
}

TEST(CallDeucesPoints, RecordedPointsAreComparedNeverTotalled) {
  // A sheet whose points add to less than 33 is not itself an error (a trick
  // or a five may go unrecorded): they are the source.
  const auto games = test::validate_yaml(
      sheet("call-deuces", {"dealer: Ann\n    contract: {bidder: Bob, bid: 17}\n    partner: Cat\n"
                            "    points: {Ann: 3, Bob: 14, Cat: 5, Dan: 1}\n"
                            "    score: {Ann: 3, Bob: 19, Cat: 19, Dan: 1}"}));
  EXPECT_EQ(test::diagnostics_text(games), "");
  // More than the hand holds is (call-deuces.md §4): points-impossible.
  const auto over = test::validate_yaml(
      sheet("call-deuces", {"dealer: Ann\n    contract: {bidder: Bob, bid: 17}\n    partner: Cat\n"
                            "    points: {Ann: 5, Bob: 14, Cat: 5, Dan: 10}\n"
                            "    score: {Ann: 5, Bob: 19, Cat: 19, Dan: 10}"}));
  EXPECT_EQ(test::codes(over[0]), (std::vector<std::string>{"points-impossible"}));
}

// ------------------------------------------------------------- the scores

TEST(CallDeucesScoring, EachOptionScoresAsTheSpecSays) {
  // Bob bids 20 with Cat; they take 12 + 6 = 18: set. Then Bob bids 15 and makes it with 20.
  const std::string hands =
      "dealer: Ann\n    contract: {bidder: Bob, bid: 20}\n    partner: Cat\n"
      "    points: {Ann: 8, Bob: 12, Cat: 6, Dan: 7}\n";
  const std::string made =
      "dealer: Bob\n    contract: {bidder: Bob, bid: 15}\n    partner: Cat\n"
      "    points: {Ann: 6, Bob: 12, Cat: 8, Dan: 7}\n";
  struct Case {
    std::string options;
    std::vector<long long> after_set;
    std::vector<long long> after_made;
  };
  const std::vector<Case> cases = {
      {"", {8, -20, -20, 7}, {14, 0, 0, 14}},                                      // side_points, minus_bid
      {"scoring:\n  set: minus_bid_bidder_only\n", {8, -20, 0, 7}, {14, 0, 20, 14}},  // the partner keeps 0
      {"scoring:\n  made: own_points\n", {8, -20, -20, 7}, {14, -8, -12, 14}},
      {"scoring:\n  made: bid\n", {8, -20, -20, 7}, {14, -5, -5, 14}},
      {"scoring:\n  defenders: none\n", {0, -20, -20, 0}, {0, 0, 0, 0}},
  };
  for (const auto& c : cases) {
    const std::string rules = house("cd-house", c.options);
    const auto games = test::validate_yaml(sheet(rules, {hands, made}));
    EXPECT_EQ(test::diagnostics_text(games), "") << c.options;
    ASSERT_EQ(games[0].result->hands.size(), 2U);
    EXPECT_EQ(*games[0].result->hands[0].score, c.after_set) << c.options;
    EXPECT_EQ(*games[0].result->hands[1].score, c.after_made) << c.options;
  }
}

TEST(CallDeucesScoring, ASoloSetLosesTheBidTimesTheSetFactor) {
  const std::string hand =
      "dealer: Ann\n    contract: {bidder: Bob, bid: 20}\n    partner: none\n"
      "    points: {Ann: 8, Bob: 12, Cat: 6, Dan: 7}\n";
  const auto plain = test::validate_yaml(sheet("call-deuces", {hand}));
  EXPECT_EQ(score(first_hand(plain)), (std::vector<long long>{8, -20, 6, 7}));
  const auto doubled = test::validate_yaml(
      sheet(house("cd-x", "scoring:\n  solo_set_factor: 2\n"), {hand}));
  EXPECT_EQ(score(first_hand(doubled)), (std::vector<long long>{8, -40, 6, 7}));
}

TEST(CallDeucesScoring, AWrongRunningScoreNamesTheContract) {
  const auto games = test::validate_yaml(
      sheet("call-deuces", {"dealer: Ann\n    contract: {bidder: Bob, bid: 17}\n    partner: Cat\n"
                            "    points: {Ann: 5, Bob: 14, Cat: 4, Dan: 0}\n"
                            "    score: {Ann: 5, Bob: 17, Cat: 18, Dan: 0}"}));
  EXPECT_EQ(test::diagnostics_text(games),
            "t.yaml:8:26: error: Bob's score after hand 1 is recorded as 17, but it is 18 (0 + 18 for the contract "
            "of 17 made with 18 points) [score-mismatch] (hand 1)\n");
}

// ------------------------------------------------------------ the end

// Two players reach the target in one hand: the higher wins; level, play
// goes on; under bidder_first the bidder goes out whatever the defenders
// reached (call-deuces.md §2.8 and its settled readings). A house ruleset
// plays to 30, so two score-sheet hands of points a play could give
// (call-deuces.md §4) bring players there.
TEST(CallDeucesEnd, TwoPlayersReachTheTargetInOneHand) {
  // Bob 5 tricks and a five, Ann 5 tricks, Dan 3 tricks and three fives: {15, 15, 0, 18}.
  const std::string start =
      "dealer: Ann\n    contract: {bidder: Bob, bid: 15}\n    partner: Ann\n"
      "    points: {Ann: 5, Bob: 10, Cat: 0, Dan: 18}";
  auto second = [](int bob, int dan) {
    // Ann (bidder) 5 tricks and a five, Cat 5 tricks: Ann 30, Cat 15.
    return "dealer: Bob\n    contract: {bidder: Ann, bid: 15}\n    partner: Cat\n"
           "    points: {Ann: 10, Bob: " + std::to_string(bob) + ", Cat: 5, Dan: " + std::to_string(dan) + "}";
  };
  const std::string thirty = house("cd-30", "game:\n  end: {target: 30}\n");
  const auto higher = test::validate_yaml(sheet(thirty, {start, second(0, 18)}));
  EXPECT_EQ(test::diagnostics_text(higher), "");
  EXPECT_EQ(higher[0].result->outcome.winners, (std::vector<int>{3}));  // Dan 36 beats Ann 30
  EXPECT_EQ(*higher[0].result->outcome.score, (std::vector<long long>{30, 15, 15, 36}));
  EXPECT_EQ(higher[0].result->outcome.decided_hand, 2);
  const auto level = test::validate_yaml(sheet(thirty, {start, second(6, 12)}));
  EXPECT_EQ(test::diagnostics_text(level), "");
  EXPECT_FALSE(level[0].result->outcome.finished);  // 30 each: game.tie continue plays on
  const std::string first = house("cd-first", "game:\n  end: {target: 30}\n  tie: bidder_first\n");
  const auto bidder = test::validate_yaml(sheet(first, {start, second(0, 18)}));
  EXPECT_EQ(test::diagnostics_text(bidder), "");
  EXPECT_EQ(bidder[0].result->outcome.winners, (std::vector<int>{0}));  // Ann, the bidder, goes out first
}

// ----------------------------------------------------------- the auction

struct Auctioned {
  std::vector<std::string> codes;
  std::string text;
  std::optional<int> bidder;
  int bid = 0;
  bool void_hand = false;
};

Auctioned auction(const std::string& bids, const std::string& rules = "call-deuces") {
  const auto games = test::validate_yaml(sheet(rules, {"dealer: Ann\n    bids: " + bids}));
  Auctioned a;
  a.codes = test::codes(games[0]);
  a.text = test::diagnostics_text(games);
  const auto& h = first_hand(games);
  a.bidder = h.bidder;
  a.bid = h.bid;
  a.void_hand = h.void_hand;
  return a;
}

TEST(CallDeucesAuction, TheHighestBidWinsAndCallersAreImplied) {
  const auto a = auction("[16, pass, 19, pass, pass]");  // Bob 16, Cat pass, Dan 19, Ann pass, Bob pass
  EXPECT_EQ(a.codes, std::vector<std::string>{});
  EXPECT_EQ(a.bidder, 3);
  EXPECT_EQ(a.bid, 19);
  // A record that stops before the closing passes is not reported.
  EXPECT_EQ(auction("[16, pass, 19]").codes, std::vector<std::string>{});
  EXPECT_EQ(auction("[16, pass, 19]").bidder, 3);
  // `pass` in any case, and null, are passes.
  const auto cased = auction("[PASS, Pass, 19, null]");
  EXPECT_EQ(cased.codes, std::vector<std::string>{});
  EXPECT_EQ(cased.bidder, 3);
}

TEST(CallDeucesAuction, ANumberOutOfRangeCountsAndAnythingElseIsAPass) {
  const auto high = auction("[16, pass, 40]");
  EXPECT_EQ(high.codes, (std::vector<std::string>{"bid-range"}));
  EXPECT_EQ(high.bid, 40);
  const auto word = auction("[16, twenty, 19]");
  EXPECT_EQ(word.codes, (std::vector<std::string>{"bid-range"}));
  EXPECT_NE(word.text.find("Cat's call 'twenty' is neither pass nor a bid from 15 to 33; it counts as a pass"),
            std::string::npos)
      << word.text;
  EXPECT_EQ(word.bidder, 3);
  // bid-range is checked before bid-too-low, and a call is never both.
  EXPECT_EQ(auction("[20, 14]").codes, (std::vector<std::string>{"bid-range"}));
  EXPECT_EQ(auction("[20, 19]").codes, (std::vector<std::string>{"bid-too-low"}));
}

// A bid out of range is reported as written, whatever its size; a recorded
// contract checked against it agrees; a sheet's contract out of range is
// one no auction gives.
TEST(CallDeucesAuction, ABidOutOfRangeIsReportedAsWritten) {
  const std::string head = "game: call-deuces\nplayers: [Gus, Hal, Ivy, Jo]\nhands:\n  - dealer: Jo\n";
  EXPECT_EQ(test::diagnostics_text(test::validate_yaml(
                head + "    bids: [1000000000000]\n    contract: {bidder: Gus, bid: 1000000000000}\n")),
            "t.yaml:5:12: error: Gus bid 1000000000000, outside the range of bids, 15 to 33; it still counts as a "
            "bid of 1000000000000 [bid-range] (hand 1)\n");
  EXPECT_EQ(test::diagnostics_text(test::validate_yaml(head + "    bids: [-5000000000]\n")),
            "t.yaml:5:12: error: Gus bid -5000000000, outside the range of bids, 15 to 33; it still counts as a bid "
            "of -5000000000 [bid-range] (hand 1)\n");
  EXPECT_EQ(test::codes(test::validate_yaml(
                head + "    bids: [1000000000000]\n    contract: {bidder: Gus, bid: 1000000000}\n")[0]),
            (std::vector<std::string>{"bid-range", "contract-mismatch"}));
  EXPECT_EQ(test::diagnostics_text(test::validate_yaml(
                head + "    contract: {bidder: Hal, bid: 50}\n    partner: Ivy\n"
                       "    points: {Gus: 3, Hal: 15, Ivy: 7, Jo: 8}\n")),
            "t.yaml:5:34: error: the contract is Hal's bid of 50, outside the range of bids, 15 to 33: no auction "
            "gives it [bid-range] (hand 1)\n");
}

TEST(CallDeucesAuction, ANamedCallerOutOfTurnCountsForTheNamedPlayer) {
  // Bob is due; Dan bids 18: it is Dan's, and the turn goes on from Dan (Ann, Bob, Cat).
  const auto a = auction("[{Dan: 18}, pass, {Bob: pass}, pass]");
  EXPECT_EQ(a.codes, (std::vector<std::string>{"bid-out-of-turn"}));
  EXPECT_NE(a.text.find("Dan called out of turn: Bob was due to call"), std::string::npos) << a.text;
  EXPECT_EQ(a.bidder, 3);
  EXPECT_EQ(a.bid, 18);
}

TEST(CallDeucesAuction, APlayerWhoPassedAndBidsAgainIsReportedAndBackIn) {
  // Bob passes, Cat 16, Dan pass, Ann pass: over. A record where Bob comes back at 17 instead of Ann's pass:
  const auto a = auction("[pass, 16, pass, {Bob: 17}, pass]");
  EXPECT_EQ(a.codes, (std::vector<std::string>{"bid-out-of-turn"}));
  EXPECT_NE(a.text.find("Bob bid after passing, but a pass is final (Ann was due to call)"), std::string::npos)
      << a.text;
  EXPECT_EQ(a.bidder, 1);
  EXPECT_EQ(a.bid, 17);
}

TEST(CallDeucesAuction, ACallAfterTheEndStillCounts) {
  // Bob 16, then everyone passes: over after Ann. Bob's 18 after the end counts.
  const auto a = auction("[16, pass, pass, pass, 18]");
  EXPECT_EQ(a.codes, (std::vector<std::string>{"bid-out-of-turn"}));
  EXPECT_NE(a.text.find("Bob called after the auction had ended; the call still counts"), std::string::npos)
      << a.text;
  EXPECT_EQ(a.bidder, 1);
  EXPECT_EQ(a.bid, 18);
  // A bid of the maximum ends the auction at once.
  EXPECT_EQ(auction("[33, 20]").codes, (std::vector<std::string>{"bid-out-of-turn", "bid-too-low"}));
}

TEST(CallDeucesAuction, HoldLetsALaterCallerEqualTheBid) {
  const std::string hold = house("cd-hold", "bidding:\n  hold: true\n");
  const auto a = auction("[16, 16, pass, pass, pass]", hold);
  EXPECT_EQ(a.codes, std::vector<std::string>{});
  EXPECT_EQ(a.bidder, 2);  // Cat holds at 16
  EXPECT_EQ(auction("[16, 16]").codes, (std::vector<std::string>{"bid-too-low"}));
}

TEST(CallDeucesAuction, OnceAroundEachCallsOnceTheDealerLast) {
  const std::string once = house("cd-once", "bidding:\n  style: once_around\n");
  const auto a = auction("[33, pass, pass, pass]", once);  // max does not cut the round short
  EXPECT_EQ(a.codes, std::vector<std::string>{});
  EXPECT_EQ(a.bidder, 1);
  EXPECT_EQ(auction("[16, pass, pass, pass, 20]", once).codes, (std::vector<std::string>{"bid-out-of-turn"}));
  // The house ruleset: the dealer may not pass after three passes.
  const auto forced = auction("[pass, pass, pass, pass]", "call-deuces-once-around");
  EXPECT_EQ(forced.codes, (std::vector<std::string>{"bid-all-pass"}));
  EXPECT_TRUE(forced.void_hand);
  EXPECT_EQ(auction("[pass, pass, pass, 15]", "call-deuces-once-around").bidder, 0);
}

TEST(CallDeucesAuction, PassIsNotFinalEndsAfterARoundOfPasses) {
  const std::string open = house("cd-open", "bidding:\n  pass_is_final: false\n");
  // Bob pass, Cat 16, Dan pass, Ann pass, Bob 17 (back in), Cat pass, Dan pass, Ann pass: over.
  const auto a = auction("[pass, 16, pass, pass, 17, pass, pass, pass]", open);
  EXPECT_EQ(a.codes, std::vector<std::string>{});
  EXPECT_EQ(a.bidder, 1);
  EXPECT_EQ(a.bid, 17);
  EXPECT_EQ(auction("[pass, 16, pass, pass, 17]").codes, (std::vector<std::string>{"bid-out-of-turn"}));
}

// ------------------------------------------------ a hand everyone passed

TEST(CallDeucesAllPass, TheDealRotatesOrStaysAsTheRulesetSays) {
  const std::string passed = "dealer: Ann\n    bids: [pass, pass, pass, pass]\n    score: {Ann: 0, Bob: 0, Cat: 0, Dan: 0}";
  const std::string next = "dealer: Bob\n    contract: {bidder: Bob, bid: 15}\n    partner: none\n"
                           "    points: {Ann: 6, Bob: 15, Cat: 8, Dan: 4}";
  const std::string same = "dealer: Ann\n    contract: {bidder: Bob, bid: 15}\n    partner: none\n"
                           "    points: {Ann: 6, Bob: 15, Cat: 8, Dan: 4}";
  // redeal_next: the next dealer in rotation deals.
  EXPECT_EQ(test::codes(test::validate_yaml(sheet("call-deuces", {passed, next}))[0]), std::vector<std::string>{});
  EXPECT_EQ(test::codes(test::validate_yaml(sheet("call-deuces", {passed, same}))[0]),
            (std::vector<std::string>{"wrong-dealer"}));
  // redeal_same: the same dealer deals again.
  const std::string redeal = house("cd-same", "bidding:\n  all_pass: redeal_same\n");
  EXPECT_EQ(test::codes(test::validate_yaml(sheet(redeal, {passed, same}))[0]), std::vector<std::string>{});
  EXPECT_EQ(test::codes(test::validate_yaml(sheet(redeal, {passed, next}))[0]),
            (std::vector<std::string>{"wrong-dealer"}));
  // A void hand's running score must be unchanged; on a sheet `contract: none` is one too.
  const auto changed = test::validate_yaml(
      sheet("call-deuces", {"dealer: Ann\n    contract: none\n    score: {Ann: 0, Bob: 3, Cat: 0, Dan: 0}"}));
  EXPECT_EQ(test::codes(changed[0]), (std::vector<std::string>{"score-mismatch"}));
  EXPECT_NE(test::diagnostics_text(changed).find("(0 + 0 for a void hand: everyone passed)"), std::string::npos)
      << test::diagnostics_text(changed);
}

TEST(CallDeucesAllPass, TricksRecordedForAVoidHandAreOneNoContract) {
  const auto games = test::validate_yaml(test::read_source_file("samples/invalid/no-contract.yaml"));
  EXPECT_EQ(test::codes(games[0]), (std::vector<std::string>{"no-contract"}));
  const auto& h = first_hand(games);
  EXPECT_TRUE(h.void_hand);
  EXPECT_FALSE(h.taken);
  EXPECT_FALSE(h.points);
  EXPECT_FALSE(h.partner);
}

// ----------------------------------------------------- what the record lacks

TEST(CallDeucesRecord, AHandWithNeitherBidsNorContractLeavesTheScoresUnknown) {
  const auto games = test::validate_yaml(sheet(
      "call-deuces", {"dealer: Ann\n    points: {Ann: 6, Bob: 15, Cat: 8, Dan: 4}\n    score: {Ann: 6, Bob: 1, Cat: 8, Dan: 4}",
                      "dealer: Bob\n    contract: {bidder: Bob, bid: 15}\n    partner: none\n"
                      "    points: {Ann: 6, Bob: 15, Cat: 8, Dan: 4}\n    score: {Ann: 0, Bob: 0, Cat: 0, Dan: 0}"}));
  EXPECT_EQ(test::diagnostics_text(games),
            "t.yaml:4:5: error: hand 1 records neither `bids` nor `contract`: who bid, and so the hand's score and "
            "the scores after it, cannot be known [schema] (hand 1)\n");
  EXPECT_FALSE(games[0].result->outcome.score);
}

TEST(CallDeucesRecord, KeysOfOtherGamesAreUnknownKeys) {
  const auto cd = test::validate_yaml(
      sheet("call-deuces", {"dealer: Ann\n    contract: none\n    plucks: []\n    streak: {Ann: 1}"}));
  EXPECT_EQ(test::diagnostics_text(cd),
            "t.yaml:6:5: warning: unknown key 'plucks' in a hand: call-deuces has no exchange of plucks; it is "
            "ignored [unknown-key] (hand 1)\n"
            "t.yaml:7:5: warning: unknown key 'streak' in a hand: call-deuces has no courts; it is ignored "
            "[unknown-key] (hand 1)\n");
  const auto pluck = test::validate_yaml(
      "game: pluck\nplayers: [Ann, Bob, Cat]\nhands:\n  - dealer: Ann\n    bids: [15]\n"
      "    taken: {Ann: 7, Bob: 6, Cat: 4}\n");
  EXPECT_EQ(test::diagnostics_text(pluck),
            "t.yaml:5:5: warning: unknown key 'bids' in a hand: pluck has no auction; it is ignored [unknown-key] "
            "(hand 1)\n");
}

TEST(CallDeucesRecord, DiagnosticsComeInTheOrderOfTheHand) {
  // A wrong contract, a wrong partner and wrong points in one hand: the contract first.
  std::string y = record("partner-set");
  y = with(y, "points", "{Ann: 9, Bob: 2, Cat: 8, Dan: 15}");
  y = with(y, "partner", "Dan");
  y = with(y, "bids", "[15, 16, pass, pass, 17, pass]\n    contract: {bidder: Bob, bid: 18}");
  const auto games = test::validate_yaml(y);
  // The recorded scores follow from the auction's contract, the proven
  // partner and the true points, so they stand.
  EXPECT_EQ(test::codes(games[0]),
            (std::vector<std::string>{"contract-mismatch", "partner-mismatch", "points-mismatch"}))
      << test::diagnostics_text(games);
}

}  // namespace
}  // namespace trickref
