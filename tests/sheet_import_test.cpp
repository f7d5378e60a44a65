// `trickref import` (issue 15): a score sheet exported as CSV becomes a YAML
// record; the record validates with the sheet's scores; bad cells are
// located diagnostics.
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include <gtest/gtest.h>

#include "support/test_support.h"

namespace trickref {
namespace {

test::CliResult import_text(const std::string& csv, std::vector<std::string> extra = {}) {
  std::vector<std::string> args = {"import", "-"};
  args.insert(args.end(), extra.begin(), extra.end());
  return test::run_cli(args, csv);
}

std::string imported(const std::string& csv, std::vector<std::string> extra = {}) {
  const auto r = import_text(csv, std::move(extra));
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.err, "");
  return r.out;
}

std::string import_errors(const std::string& csv, std::vector<std::string> extra = {}) {
  const auto r = import_text(csv, std::move(extra));
  EXPECT_EQ(r.exit_code, 1) << r.out;
  EXPECT_EQ(r.out, "");
  return r.err;
}

const std::string kImpPluck =
    "game,pluck\n"
    "Dealer,Trump,Ann,Bob,Cat,Ann score,Bob score,Cat score\n"
    "Ann,S,5,7,5,0,1,1\n"
    "Bob,,3,9,5,0,3,1\n"
    ",H,6,6,5,0,5,1\n";

const std::string kImpPluckYaml =
    "# Imported from <stdin> by `trickref import`: one hand per row of the sheet.\n"
    "game: pluck\n"
    "players: [Ann, Bob, Cat]\n"
    "hands:\n"
    "  - dealer: Ann\n"
    "    trump: S\n"
    "    taken: {Ann: 5, Bob: 7, Cat: 5}\n"
    "    score: {Ann: 0, Bob: 1, Cat: 1}\n"
    "  - dealer: Bob\n"
    "    taken: {Ann: 3, Bob: 9, Cat: 5}\n"
    "    score: {Ann: 0, Bob: 3, Cat: 1}\n"
    "  - trump: H\n"
    "    taken: {Ann: 6, Bob: 6, Cat: 5}\n"
    "    score: {Ann: 0, Bob: 5, Cat: 1}\n";

TEST(Import, PluckSheetExactly) { EXPECT_EQ(imported(kImpPluck), kImpPluckYaml); }

// What a spreadsheet may do to the same sheet: a byte order mark, CRLF,
// semicolons, quoted cells, blank lines, headers in other cases and spacing,
// the kind of a player's column spelt out.
TEST(Import, TheSameSheetAsSpreadsheetsExportIt) {
  const std::string euro =
      "\xEF\xBB\xBFGame;pluck\r\n"
      "\r\n"
      " DEALER ;\"trump\";Ann tricks;\"Bob\";TRICKS Cat;ann  Score;Score Bob;\"Cat (score)\"\r\n"
      "Ann;S;5;7;5;0;1;1\r\n"
      ";;;;;;;\r\n"
      "\"Bob\";;3;9;5;0;3;1\r\n"
      ";H;6;6;5;0;5;1";
  EXPECT_EQ(imported(euro), kImpPluckYaml);
  std::string tabs = kImpPluck;
  std::replace(tabs.begin(), tabs.end(), ',', '\t');
  EXPECT_EQ(imported(tabs), kImpPluckYaml);
}

TEST(Import, QuotedCellsKeepCommasQuotesAndLineBreaks) {
  const std::string csv =
      "game,pluck\n"
      "players,\"Lee, Ann\",\"Bob \"\"B\"\"\",Cat\n"
      "Dealer,\"Lee, Ann\",\"Bob \"\"B\"\"\",Cat,Notes\n"
      "Cat,5,7,5,\"a long\nnote\"\n";
  EXPECT_EQ(imported(csv),
            "# Imported from <stdin> by `trickref import`: one hand per row of the sheet.\n"
            "game: pluck\n"
            "players: [\"Lee, Ann\", \"Bob \\\"B\\\"\", Cat]\n"
            "hands:\n"
            "  - dealer: Cat\n"
            "    taken: {\"Lee, Ann\": 5, \"Bob \\\"B\\\"\": 7, Cat: 5}\n");
}

// Import, then validate: the scores the referee computes are the sheet's.
TEST(Import, TheSamplesValidateWithTheSheetsScores) {
  struct Sample {
    const char* csv;
    const char* golden;
    std::vector<long long> last_row;
  };
  const std::vector<Sample> samples = {
      {"samples/import/pluck-night.csv", "import/pluck-night.yaml", {21, 12, 6}},
      {"samples/import/call-deuces-night.csv", "import/call-deuces-night.yaml", {67, 155, 86, 85}},
      {"samples/import/court-piece-evening.csv", "import/court-piece-evening.yaml", {54, 1, 54, 1}},
  };
  for (const auto& s : samples) {
    const auto r = test::run_cli({"import", test::source_dir() + "/" + s.csv});
    ASSERT_EQ(r.exit_code, 0) << s.csv << r.err;
    test::compare_golden(r.out, s.golden);
    const auto games = test::validate_yaml(r.out);
    ASSERT_EQ(games.size(), 1U);
    EXPECT_EQ(test::codes(games[0]), std::vector<std::string>{}) << s.csv << test::diagnostics_text(games);
    EXPECT_TRUE(games[0].result->outcome.finished);
    EXPECT_EQ(games[0].result->outcome.score, s.last_row) << s.csv;
  }
}

// A slip on the sheet: import keeps the recorded score; validate finds it.
TEST(Import, AScoringSlipIsKeptAndValidateReportsIt) {
  std::string csv = kImpPluck;
  csv.replace(csv.find("Bob,,3,9,5,0,3,1"), 16, "Bob,,3,9,5,0,4,1");
  const std::string y = imported(csv);
  EXPECT_NE(y.find("    score: {Ann: 0, Bob: 4, Cat: 1}\n"), std::string::npos);
  const auto games = test::validate_yaml(y);
  EXPECT_EQ(test::codes(games[0]), std::vector<std::string>{"score-mismatch"});
}

TEST(Import, CallDeucesContractsPartnersAndBids) {
  const std::string csv =
      "Dealer,Bids,Bidder,Bid,Partner,Gus,Hal,Ivy,Jo,Gus score,Hal score,Ivy score,Jo score\n"
      "Gus,pass pass pass pass,,,,,,,,0,0,0,0\n"
      "Hal,,Gus,15,Hal,10,7,15,1,17,17,15,1\n"
      "Ivy,,Hal,15,solo,20,3,4,6,37,2,19,7\n"
      "Jo,,pass,,,0,0,0,0,37,2,19,7\n";
  const std::string y = imported(csv, {"--rules", "call-deuces"});
  EXPECT_EQ(y,
            "# Imported from <stdin> by `trickref import`: one hand per row of the sheet.\n"
            "game: call-deuces\n"
            "players: [Gus, Hal, Ivy, Jo]\n"
            "hands:\n"
            "  - dealer: Gus\n"
            "    bids: [pass, pass, pass, pass]\n"
            "    score: {Gus: 0, Hal: 0, Ivy: 0, Jo: 0}\n"
            "  - dealer: Hal\n"
            "    contract: {bidder: Gus, bid: 15}\n"
            "    partner: Hal\n"
            "    points: {Gus: 10, Hal: 7, Ivy: 15, Jo: 1}\n"
            "    score: {Gus: 17, Hal: 17, Ivy: 15, Jo: 1}\n"
            "  - dealer: Ivy\n"
            "    contract: {bidder: Hal, bid: 15}\n"
            "    partner: none\n"
            "    points: {Gus: 20, Hal: 3, Ivy: 4, Jo: 6}\n"
            "    score: {Gus: 37, Hal: 2, Ivy: 19, Jo: 7}\n"
            "  - dealer: Jo\n"
            "    contract: none\n"
            "    score: {Gus: 37, Hal: 2, Ivy: 19, Jo: 7}\n");
  EXPECT_EQ(test::codes(test::validate_yaml(y)[0]), std::vector<std::string>{});
}

TEST(Import, CourtPiecePerPlayerTricksAndSideScores) {
  const std::string csv =
      "game,court-piece\n"
      "Dealer,Trump by,Ann,Bob,Cat,Dan,Ann & Cat score,Bob + Dan score\n"
      "Bob,Cat,1,4,5,3,0,0\n";
  EXPECT_EQ(imported(csv),
            "# Imported from <stdin> by `trickref import`: one hand per row of the sheet.\n"
            "game: court-piece\n"
            "players: [Ann, Bob, Cat, Dan]\n"
            "hands:\n"
            "  - dealer: Bob\n"
            "    trump_by: Cat\n"
            "    taken: {Ann: 1, Bob: 4, Cat: 5, Dan: 3}\n"
            "    score: {Ann: 0, Bob: 0}\n");
}

// A revoke ruled at the table and the running streaks (court-piece.md,
// "Revoke forfeit" and "Hand winner and the streak"; transcript.md
// `revoke_claim`, `streak`): the trick after the name, in its own column,
// or read off the tricks counted up to the forfeit.
TEST(Import, CourtPieceRevokeClaimsAndStreaks) {
  const std::string csv =
      "game;court-piece\n"
      "players;Ann;Bob;Cat;Dan\n"
      "Dealer;Trump caller;Ann & Cat;Bob & Dan;Revoke;Revoke trick;Ann & Cat courts;Bob & Dan courts;"
      "Ann & Cat streak;Bob & Dan streak\n"
      "Bob;Cat;6;7;;;0;0;0;1\n"
      "Cat;Dan;3;2;Bob;;1;0;1;0\n"
      "Dan;Ann;2;2;dan;4;2;0;2;0\n"
      "Bob;Cat;1;1;Bob at 2;;3;0;3;0\n";
  const std::string y = imported(csv);
  EXPECT_EQ(y,
            "# Imported from <stdin> by `trickref import`: one hand per row of the sheet.\n"
            "game: court-piece\n"
            "players: [Ann, Bob, Cat, Dan]\n"
            "hands:\n"
            "  - dealer: Bob\n"
            "    trump_by: Cat\n"
            "    taken: {Ann: 6, Bob: 7}\n"
            "    score: {Ann: 0, Bob: 0}\n"
            "    streak: {Ann: 0, Bob: 1}\n"
            "  - dealer: Cat\n"
            "    trump_by: Dan\n"
            "    revoke_claim: {player: Bob, trick: 5}\n"
            "    taken: {Ann: 3, Bob: 2}\n"
            "    score: {Ann: 1, Bob: 0}\n"
            "    streak: {Ann: 1, Bob: 0}\n"
            "  - dealer: Dan\n"
            "    trump_by: Ann\n"
            "    revoke_claim: {player: Dan, trick: 4}\n"
            "    taken: {Ann: 2, Bob: 2}\n"
            "    score: {Ann: 2, Bob: 0}\n"
            "    streak: {Ann: 2, Bob: 0}\n"
            "  - dealer: Bob\n"
            "    trump_by: Cat\n"
            "    revoke_claim: {player: Bob, trick: 2}\n"
            "    taken: {Ann: 1, Bob: 1}\n"
            "    score: {Ann: 3, Bob: 0}\n"
            "    streak: {Ann: 3, Bob: 0}\n");
  const auto games = test::validate_yaml(y);
  ASSERT_EQ(games.size(), 1U);
  EXPECT_EQ(test::codes(games[0]), std::vector<std::string>{}) << test::diagnostics_text(games);

  // A streak the sheet got wrong is kept, and validate finds it.
  std::string slip = csv;
  slip.replace(slip.find(";1;0;1;0\n"), 9, ";1;0;2;0\n");
  EXPECT_EQ(test::codes(test::validate_yaml(imported(slip))[0]), std::vector<std::string>{"score-mismatch"});
}

TEST(Import, ARevokeNeedsItsPlayerAndItsTrick) {
  const std::string head =
      "game,court-piece\n"
      "players,Ann,Bob,Cat,Dan\n"
      "Dealer,Trump by,Ann & Cat,Bob & Dan,Revoke,Revoke at\n";
  EXPECT_EQ(import_errors(head + "Bob,Cat,,,Bob,\n"),
            "<stdin>:4:11: error: Bob revoked in which trick? Give it after the name ('Bob 5') or in a revoke trick "
            "column [schema] (hand 1)\n");
  EXPECT_EQ(import_errors(head + "Bob,Cat,1,0,Eve 1,\n"),
            "<stdin>:4:13: error: 'Eve' (who revoked) is not one of the players: Ann, Bob, Cat, Dan [unknown-player] "
            "(hand 1)\n");
  EXPECT_EQ(import_errors(head + "Bob,Cat,1,0,,1\n"),
            "<stdin>:4:1: error: a revoke trick with nobody named in the revoke column [schema] (hand 1)\n");
  EXPECT_EQ(import_errors(head + "Bob,Cat,1,0,\"Bob, trick 2\",1\n"),
            "<stdin>:4:13: error: the revoke cell says trick 2 and the revoke trick column 1 [schema] (hand 1)\n");
  EXPECT_EQ(import_errors("game,pluck\nDealer,Ann,Bob,Cat,Revoke,Ann streak,Bob streak,Cat streak\n"),
            "<stdin>:2:20: error: pluck has no use for a 'Revoke' column [schema]\n"
            "<stdin>:2:27: error: pluck has no use for a 'Ann streak' column [schema]\n"
            "<stdin>:2:38: error: pluck has no use for a 'Bob streak' column [schema]\n"
            "<stdin>:2:49: error: pluck has no use for a 'Cat streak' column [schema]\n");
}

// ------------------------------------------------------------ bad sheets
TEST(Import, BadCellsAreLocated) {
  const std::string csv =
      "game,pluck\n"
      "Dealer,Trump,Ann,Bob,Cat\n"
      "Ann,S,5,7,5\n"
      "Dan,X,5,seven,5\n"
      "Bob,,5,,5\n"
      "Cat,,5,7,5,9\n";
  EXPECT_EQ(import_errors(csv),
            "<stdin>:4:1: error: 'Dan' (the dealer) is not one of the players: Ann, Bob, Cat [unknown-player] "
            "(hand 2)\n"
            "<stdin>:4:5: error: trump is a suit (C, D, H or S, a symbol, or its name), not 'X' [schema] (hand 2)\n"
            "<stdin>:4:9: error: Bob's tricks is a whole number (0 or more), not 'seven' [schema] (hand 2)\n"
            "<stdin>:5:8: error: Bob's tricks is blank: a hand's tricks are given for everyone or left blank for "
            "everyone [schema] (hand 3)\n"
            "<stdin>:6:12: error: a cell to the right of the last column the header names [schema] (hand 4)\n");
}

TEST(Import, ANamedFileIsNamedInItsDiagnostics) {
  const auto dir = std::filesystem::temp_directory_path() / ("trickref-import-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const std::string file = (dir / "sheet.csv").string();
  std::ofstream(file) << "game,pluck\nDealer,Ann,Bob,Cat\nAnn,5,7,5\nBob,5,7,5\nCat,5,7,5\nAnn,5,7,5\nBob,5,-7,5\n";
  const auto r = test::run_cli({"import", file});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, file + ":7:7: error: Bob's tricks is a whole number (0 or more), not '-7' [schema] (hand 5)\n");
  // Never over the input; a good sheet goes to -o atomically.
  std::ofstream(file) << "game,pluck\nDealer,Ann,Bob,Cat\nAnn,5,7,5\n";
  const auto over = test::run_cli({"import", file, "-o", file});
  EXPECT_EQ(over.exit_code, 2);
  EXPECT_NE(over.err.find("trickref: error: cannot write"), std::string::npos) << over.err;
  const std::string out = (dir / "game.yaml").string();
  const auto ok = test::run_cli({"import", file, "-o", out});
  EXPECT_EQ(ok.exit_code, 0) << ok.err;
  EXPECT_EQ(test::run_cli({"validate", out}).exit_code, 0);
  std::filesystem::remove_all(dir);
}

TEST(Import, HeaderProblems) {
  EXPECT_EQ(import_errors("game,pluck\nDealer,Ann,Bob\nAnn,5,12\n"),
            "<stdin>:2:1: error: the header's player columns name 2 players ('Ann', 'Bob'); pluck is played by 3 (a "
            "column that is not a player's is one of: dealer, trump, trump by, bidder, bid, bids, partner, early "
            "court, revoke, revoke trick, hand, notes; a player's column is headed by the name alone, or with what "
            "it holds: 'Ann tricks', 'Ann - tricks', 'Ann (tricks)', 'tricks Ann', 'Ann points', 'Ann score', 'Ann "
            "total') [schema]\n");
  EXPECT_EQ(import_errors("players,Ann,Bob,Cat\nDealer,Ann,Bob,Cat,Dan\nAnn,5,7,5,0\n", {"--rules", "pluck"}),
            "<stdin>:2:20: error: 'Dan' is neither a column this sheet can have (dealer, trump, trump by, bidder, bid, "
            "bids, partner, early court, revoke, revoke trick, hand, notes) nor one of the players: Ann, Bob, Cat (a "
            "player's column is headed by the name alone, or with what it holds: 'Ann tricks', 'Ann - tricks', 'Ann "
            "(tricks)', 'tricks Ann', 'Ann points', 'Ann score', 'Ann total') [unknown-player]\n");
  EXPECT_EQ(import_errors("Ann,Bob,Cat\n5,7,5\n", {"--rules", "pluck"}),
            "<stdin>:1:1: error: the sheet has no dealer column: the first hand must name its dealer [schema]\n");
  EXPECT_EQ(import_errors("Dealer,Bidder,Ann,Bob,Cat\nAnn,Bob,5,7,5\n", {"--rules", "pluck"}),
            "<stdin>:1:8: error: pluck has no use for a 'Bidder' column [schema]\n"
            "<stdin>:1:1: error: a bidder column goes with a bid column [schema]\n");
  EXPECT_EQ(import_errors("game,court-piece\nDealer,Ann & Cat,Bob & Dan\nAnn,6,7\n"),
            "<stdin>:2:8: error: 'Ann & Cat' names a side, so the seat order is not in the header: give it with "
            "--players, or a players row above the header (players,Ann,Bob,Cat,Dan) [schema]\n");
  EXPECT_EQ(import_errors("Dealer,Ann & Bob,Cat & Dan\nAnn,6,7\n", {"--rules", "court-piece", "--players",
                                                                    "Ann,Bob,Cat,Dan"}),
            "<stdin>:1:8: error: 'Ann & Bob' is not a side: Ann and Bob are not partners [schema]\n");
  EXPECT_EQ(import_errors("game,plock\nDealer,Ann,Bob,Cat\n"),
            "<stdin>:1:6: error: unknown ruleset 'plock' (did you mean 'pluck'?); built-in rulesets: call-deuces, "
            "call-deuces-5, court-piece, court-piece-race, nine-five-two, nine-five-two-10, pluck, pluck-noscore, and "
            "17 house variants (`trickref rules list`) [ruleset]\n");
}

TEST(Import, UsageProblemsExitTwo) {
  auto usage = [](const std::string& csv, const std::vector<std::string>& extra) {
    const auto r = import_text(csv, extra);
    EXPECT_EQ(r.exit_code, 2);
    return r.err;
  };
  EXPECT_EQ(usage("Dealer,Ann,Bob,Cat\nAnn,5,7,5\n", {}),
            "trickref: error: <stdin> names no game: give --rules NAME, or a row `game,NAME` above the header\n");
  EXPECT_EQ(usage(kImpPluck, {"--players", "Ann,Bob"}),
            "trickref: error: pluck is played by 3 players; --players names 2\n");
  EXPECT_NE(usage(kImpPluck, {"--rules", "plock"}).find("plock"), std::string::npos);
  const auto missing = test::run_cli({"import", "/nonexistent/sheet.csv"});
  EXPECT_EQ(missing.exit_code, 2);
  EXPECT_EQ(missing.err, "trickref: error: cannot read /nonexistent/sheet.csv: no such file or directory\n");
}

// Hostile input: one located error, bounded, never a crash.
TEST(Import, HugeAndBinaryInput) {
  EXPECT_EQ(import_errors("game,pluck\nDealer,Ann,Bob,Cat\nAnn,5,7,\"5\n"),
            "<stdin>:3:9: error: this quoted cell has no closing quote [syntax]\n");
  EXPECT_EQ(import_errors(std::string("game,pluck\nDealer,Ann,Bob,Cat\nAnn,5,") + std::string(1, '\0') + "7,5\n"),
            "<stdin>:3:7: error: a NUL byte: this is not a text file (a spreadsheet's CSV export is text) [syntax]\n");
  EXPECT_EQ(import_errors("game,pluck\nDealer,Ann,Bob,Cat\nAnn,\"5\"x,7,5\n"),
            "<stdin>:3:8: error: text after the closing quote of a cell; a quote inside a quoted cell is written "
            "twice (\"\") [syntax]\n");
  EXPECT_EQ(import_errors("game,pluck\nDealer,Ann,Bob,Cat\nAnn," + std::string(5000, '7') + ",7,5\n"),
            "<stdin>:3:5: error: a cell longer than 1000 bytes; a score sheet's cells are short [limit]\n");
  std::string rows = "game,pluck\nDealer,Ann,Bob,Cat\n";
  for (int i = 0; i < 6000; ++i) {
    rows += "Ann,5,7,5\n";
  }
  EXPECT_EQ(import_errors(rows), "<stdin>:5001:1: error: more than 5000 rows; a score sheet holds one game [limit]\n");
  EXPECT_EQ(import_errors("game,pluck\n" + std::string(300, ',') + "x\n"),
            "<stdin>:2:201: error: a row of more than 200 cells; a score sheet has far fewer columns [limit]\n");
  const auto big = import_text(std::string(5U << 20U, 'x'));
  EXPECT_EQ(big.exit_code, 2);
  EXPECT_EQ(big.err, "trickref: error: cannot read <stdin>: larger than 4194304 bytes\n");
  // Random bytes: some diagnostic and exit 1 or 2, never a crash.
  std::string noise;
  std::uint32_t x = 12345;
  for (int i = 0; i < 20000; ++i) {
    x = x * 1103515245U + 12345U;
    noise += static_cast<char>((x >> 16) & 0xff);
  }
  const auto r = import_text(noise, {"--rules", "pluck"});
  EXPECT_TRUE(r.exit_code == 1 || r.exit_code == 2);
  EXPECT_FALSE(r.err.empty());
}

}  // namespace
}  // namespace trickref
