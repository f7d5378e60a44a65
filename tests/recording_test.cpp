// The codes for common slips of recording (cli.md, "Codes for common slips
// (recording)"): a record in progress (`status: in-progress`), whose last
// hand is noted as unfinished, not faulted.
#include <gtest/gtest.h>

#include "support/test_support.h"

namespace trickref {
namespace {

// Hand 1 of a clean random Pluck game (as referee_cascade_test.cpp), dealer Bob, clubs trump.
const std::string kPluckHead =
    "game: pluck\nstatus: in-progress\nplayers: [Ann, Bob, Cat]\nhands:\n  - dealer: Bob\n    deal:\n"
    "      Ann: [BJ, LJ, KS, 9S, 8S, 5S, 5H, AD, KD, JD, 8D, 7D, KC, 10C, 7C, 6C, 2C]\n"
    "      Bob: [AS, 7S, 6S, 3S, JH, 10H, 6H, 4H, QD, 10D, 9D, 5D, AC, QC, 9C, 8C, 5C]\n"
    "      Cat: [QS, JS, 10S, 4S, AH, KH, QH, 9H, 8H, 7H, 3H, 6D, 4D, 3D, JC, 4C, 3C]\n"
    "    trump: C\n";

std::string slips(const std::string& yaml) { return test::diagnostics_text(test::validate_yaml(yaml)); }

TEST(InProgress, AHalfPlayedTrickIsANoteNotTrickSize) {
  const std::string yaml = kPluckHead + "    tricks:\n      - [2C, 8C, JC]\n      - [KH, 5H, 4H]\n      - [6D, KD]\n";
  EXPECT_EQ(slips(yaml),
            "t.yaml:5:5: note: hand 1 is not finished yet (trick 3 has 2 of its 3 cards so far); the record is in "
            "progress, so the hand is not counted [incomplete] (hand 1)\n");
  const auto cli = test::run_cli({"validate", "-", "--format", "json"}, yaml);
  EXPECT_EQ(cli.exit_code, 0) << cli.out;
  EXPECT_NE(cli.out.find("\"severity\": \"note\""), std::string::npos);
  EXPECT_NE(cli.out.find("\"unfinished\": true"), std::string::npos);
  EXPECT_NE(cli.out.find("\"errors\": 0,\n    \"warnings\": 0"), std::string::npos) << cli.out;
}

TEST(InProgress, WithoutStatusTheSameRecordIsFaulted) {
  std::string yaml = kPluckHead + "    tricks:\n      - [2C, 8C, JC]\n      - [KH, 5H, 4H]\n      - [6D, KD]\n";
  yaml.erase(yaml.find("status: in-progress\n"), 20);
  EXPECT_EQ(test::codes(test::validate_yaml(yaml)[0]), (std::vector<std::string>{"trick-size", "trick-count"}));
}

TEST(InProgress, FewerTricksAndNoTricksAreNotes) {
  EXPECT_EQ(slips(kPluckHead + "    tricks:\n      - [2C, 8C, JC]\n"),
            "t.yaml:5:5: note: hand 1 is not finished yet (1 of 17 tricks recorded); the record is in progress, so "
            "the hand is not counted [incomplete] (hand 1)\n");
  EXPECT_EQ(slips(kPluckHead),
            "t.yaml:5:5: note: hand 1 is not finished yet (no tricks recorded yet); the record is in progress, so "
            "the hand is not counted [incomplete] (hand 1)\n");
}

TEST(InProgress, WhatTheUnfinishedHandHoldsIsStillRefereed) {
  // Cat holds clubs (JC) and plays a heart to a club lead: a revoke in the half-played trick.
  EXPECT_EQ(test::codes(test::validate_yaml(kPluckHead + "    tricks:\n      - [2C, 8C, 3H]\n")[0]),
            (std::vector<std::string>{"revoke", "incomplete"}));
}

TEST(InProgress, OnlyTheLastHandMayBeUnfinished) {
  const std::string yaml = kPluckHead + "    tricks:\n      - [2C, 8C, JC]\n  - trump: S\n";
  EXPECT_EQ(test::codes(test::validate_yaml(yaml)[0]), (std::vector<std::string>{"trick-count", "incomplete"}));
}

TEST(InProgress, TheScoreIsTheLastFinishedHands) {
  const std::string base = test::read_source_file("samples/invalid/trick-count.yaml");
  // samples' trick-count record lacks its 17th trick: finish it, then open a second hand.
  std::string yaml = base.substr(base.find("game:"));
  yaml.insert(yaml.find("players:"), "status: in-progress\n");
  yaml.replace(yaml.find("    taken:"), std::string::npos,
               "      - [3S, 3H, 9S]\n    taken: {Ann: 7, Bob: 7, Cat: 3}\n  - trump: S\n");
  const auto games = test::validate_yaml(yaml);
  ASSERT_EQ(games.size(), 1U);
  EXPECT_EQ(test::codes(games[0]), (std::vector<std::string>{"incomplete"}));
  const auto& r = *games[0].result;
  ASSERT_EQ(r.hands.size(), 2U);
  EXPECT_FALSE(r.hands[0].unfinished);
  EXPECT_TRUE(r.hands[1].unfinished);
  EXPECT_FALSE(r.outcome.finished);
  EXPECT_EQ(r.outcome.score, (std::vector<long long>{3, 0, 0}));  // Ann 7 of quota 4; the unfinished hand adds nothing
}

TEST(InProgress, AnyOtherStatusIsALocatedError) {
  std::string yaml = kPluckHead;
  yaml.replace(yaml.find("in-progress"), 11, "done");
  EXPECT_EQ(slips(yaml),
            "t.yaml:2:9: error: `status` is `in-progress` (a record still being kept) or absent (a finished record), "
            "not 'done' [schema]\n");
  yaml.replace(yaml.find("done"), 4, "[in-progress]");
  EXPECT_EQ(test::codes(test::validate_yaml(yaml)[0]).front(), "schema");
}

// Every game's last hand may stop anywhere: the auction of Call Deuces, the
// tricks of Court Piece, a hand not begun.
TEST(InProgress, TheAuctionAndPartnershipGames) {
  const std::string cd = test::read_source_file("samples/call-deuces/four-players.yaml");
  const std::string head = cd.substr(0, cd.find("players:")) + "status: in-progress\n" +
                           cd.substr(cd.find("players:"), cd.find("  - dealer:") - cd.find("players:"));
  const std::string deal = cd.substr(cd.find("  - dealer:"), cd.find("    bids:") - cd.find("  - dealer:"));
  auto only_note = [](const std::string& yaml) {
    const auto games = test::validate_yaml(yaml);
    return games.size() == 1 ? test::diagnostics_text(games) : std::string("not one game");
  };
  EXPECT_EQ(only_note(head + deal + "    bids: [pass, pass]\n"),
            "t.yaml:12:5: note: hand 1 is not finished yet (the auction is not over); the record is in progress, so "
            "the hand is not counted [incomplete] (hand 1)\n");
  EXPECT_EQ(only_note(head + deal),
            "t.yaml:12:5: note: hand 1 is not finished yet (no bids or contract recorded yet); the record is in "
            "progress, so the hand is not counted [incomplete] (hand 1)\n");
  const std::string cp = test::read_source_file("samples/court-piece/evening.yaml");
  const std::size_t trick4 = cp.find("      - [3H, KH, 3C, 5H]");
  const std::string open = cp.substr(0, cp.find("players:")) + "status: in-progress\n" +
                           cp.substr(cp.find("players:"), trick4 - cp.find("players:")) + "      - [3H, KH]\n";
  const auto games = test::validate_yaml(open);
  ASSERT_EQ(games.size(), 1U);
  EXPECT_EQ(test::codes(games[0]), (std::vector<std::string>{"incomplete"}));
  EXPECT_FALSE(games[0].result->outcome.finished) << "an in-progress record is not a game decided by its hands";
}

// A whole Pluck hand (as referee_cascade_test.cpp), with trick `n` (1-based) written as `trick`.
std::string whole_hand(int n, const std::string& trick) {
  std::vector<std::string> tricks = {"[2C, 8C, JC]",   "[KH, 5H, 4H]",  "[6D, KD, 9D]",   "[LJ, QC, 3C]",
                                     "[10C, AC, 4C]",  "[10H, 9H, 8D]", "[5C, AH, 7C]",   "[KC, 9C, QS]",
                                     "[7D, 10D, 4D]",  "[6S, 4S, 5S]",  "[7S, 10S, 8S]",  "[3D, JD, QD]",
                                     "[JH, 7H, AD]",   "[5D, QH, 6C]",  "[BJ, 6H, JS]",   "[KS, AS, 8H]",
                                     "[3S, 3H, 9S]"};
  tricks[static_cast<std::size_t>(n - 1)] = trick;
  std::string out = kPluckHead.substr(0, kPluckHead.find("status:")) +
                    kPluckHead.substr(kPluckHead.find("players:")) + "    tricks:\n";
  for (const auto& t : tricks) {
    out += "      - " + t + "\n";
  }
  return out + "    taken: {Ann: 7, Bob: 7, Cat: 3}\n";
}

TEST(TrickOrder, TheWholeHandIsClean) { EXPECT_EQ(slips(whole_hand(3, "[6D, KD, 9D]")), ""); }

// Cat won trick 2 and leads trick 3; written from Ann's seat (Ann, Bob, Cat)
// it would be a not-held and revoke cascade through the rest of the hand.
TEST(TrickOrder, ATrickWrittenInSeatOrderIsOneDiagnostic) {
  EXPECT_EQ(slips(whole_hand(3, "[KD, 9D, 6D]")),
            "t.yaml:13:9: error: trick 3 reads as if written from Ann's seat; play order starts with the leader, "
            "Cat: [6D, KD, 9D] [trick-order] (hand 1, trick 3)\n");
  // From Bob's seat: the same, named so.
  EXPECT_EQ(slips(whole_hand(3, "[9D, 6D, KD]")),
            "t.yaml:13:9: error: trick 3 reads as if written from Bob's seat; play order starts with the leader, "
            "Cat: [6D, KD, 9D] [trick-order] (hand 1, trick 3)\n");
  // The trick is applied in play order: its winner and the hand's counts are as played.
  const auto games = test::validate_yaml(whole_hand(3, "[KD, 9D, 6D]"));
  EXPECT_EQ(games[0].result->hands[0].taken, (std::vector<int>{7, 7, 3}));
}

// Where the deal is not recorded nothing proves the order: the record stands as written.
TEST(TrickOrder, NotDecidedWithoutTheDeal) {
  std::string yaml = whole_hand(3, "[KD, 9D, 6D]");
  yaml.erase(yaml.find("    deal:\n"), yaml.find("    trump:") - yaml.find("    deal:\n"));
  yaml.replace(yaml.find("      - [2C, 8C, JC]"), 20, "      - {leader: Ann, cards: [2C, 8C, JC]}");
  for (const auto& code : test::codes(test::validate_yaml(yaml)[0])) {
    EXPECT_NE(code, "trick-order");
  }
}

// A mistyped card (not held, played already, not in the deck, not a card) is
// one diagnostic naming the card meant, and the hand goes on with it.
TEST(MistypedCard, OneDiagnosticNamingTheCardMeant) {
  const std::string meant =
      "t.yaml:16:19: note: probably 8D: the one card Ann could play there that leaves every later card held; the "
      "hand is refereed with it\n";
  EXPECT_EQ(slips(whole_hand(6, "[10H, 9H, 8C]")),
            "t.yaml:16:19: error: Ann played 8C, which was already played in trick 1 of this hand [duplicate-play] "
            "(hand 1, trick 6)\nt.yaml:11:14: note: 8C first played here\n" + meant);
  EXPECT_EQ(slips(whole_hand(6, "[10H, 9H, 2H]")),
            "t.yaml:16:19: error: Ann played 2H, which is not in the pluck deck [not-in-deck] (hand 1, trick 6)\n" +
                meant);
  EXPECT_EQ(slips(whole_hand(6, "[10H, 9H, 8G]")),
            "t.yaml:16:19: error: '8G' is not a card (rank then suit, like 10H, QS or 2C; jokers BJ, LJ) [bad-card] "
            "(hand 1, trick 6)\n" + meant);
  const auto games = test::validate_yaml(whole_hand(6, "[10H, 9H, 8G]"));
  EXPECT_EQ(games[0].result->hands[0].taken, (std::vector<int>{7, 7, 3})) << "refereed with 8D";
}

// Two tokens a trick that are not cards: nothing proves either, the hand's plays are not read.
TEST(MistypedCard, TwoUnreadableTokensAreNotGuessed) {
  EXPECT_EQ(test::codes(test::validate_yaml(whole_hand(6, "[10H, 9X, 8G]"))[0]),
            (std::vector<std::string>{"bad-card", "bad-card"}));
}

}  // namespace
}  // namespace trickref
