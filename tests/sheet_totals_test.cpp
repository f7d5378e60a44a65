// `trickref import` (issue 33): what a spreadsheet puts around the hands is
// never read as a hand. A totals row (labelled `Total`/`Sum`, or the last row
// whose figures are the column sums) is left out with a warning naming it; a
// title row above the header is read as a title; the header forms a
// spreadsheet writes (`Rosa - tricks`, `Rosa (tricks)`, `Rosa total`) are read,
// and a header that is none lists the forms that are.
#include <gtest/gtest.h>

#include "support/test_support.h"

namespace trickref {
namespace sheet_totals_test {
namespace {

test::CliResult run_import(const std::string& csv, std::vector<std::string> extra = {}) {
  std::vector<std::string> args = {"import", "-"};
  args.insert(args.end(), extra.begin(), extra.end());
  return test::run_cli(args, csv);
}

const std::string kHands =
    "1,Ann,5,7,5,0,1,1\n"
    "2,Bob,3,9,5,0,3,1\n"
    "3,Cat,6,6,5,0,5,1\n";

const std::string kHeader = "Hand,Dealer,Ann,Bob,Cat,Ann score,Bob score,Cat score\n";

const std::string kYaml =
    "# Imported from <stdin> by `trickref import`: one hand per row of the sheet.\n"
    "game: pluck\n"
    "players: [Ann, Bob, Cat]\n"
    "hands:\n"
    "  - dealer: Ann\n"
    "    taken: {Ann: 5, Bob: 7, Cat: 5}\n"
    "    score: {Ann: 0, Bob: 1, Cat: 1}\n"
    "  - dealer: Bob\n"
    "    taken: {Ann: 3, Bob: 9, Cat: 5}\n"
    "    score: {Ann: 0, Bob: 3, Cat: 1}\n"
    "  - dealer: Cat\n"
    "    taken: {Ann: 6, Bob: 6, Cat: 5}\n"
    "    score: {Ann: 0, Bob: 5, Cat: 1}\n";

// Today's bug: the totals became hand 4 (and, in a longer night, a false winner).
TEST(ImportTotals, ALabelledTotalsRowIsNoHand) {
  for (const std::string label : {"Total", "TOTALS", "Sum", "Grand total", "Total:"}) {
    const auto r = run_import("game,pluck\n" + kHeader + kHands + label + ",,14,22,15,,,\n");
    EXPECT_EQ(r.exit_code, 0) << label;
    EXPECT_EQ(r.out, kYaml) << label;
    EXPECT_EQ(r.err, "<stdin>:6:1: warning: the row labelled '" + label +
                         "' is the sheet's totals, not a hand: left out [schema]\n");
  }
  // An averages row under the totals (figures that are no whole numbers).
  const auto averages = run_import("game,pluck\n" + kHeader + kHands + "Total,,14,22,15,,,\nAverage,,4.7,7.3,5,,,\n");
  EXPECT_EQ(averages.exit_code, 0);
  EXPECT_EQ(averages.out, kYaml);
  EXPECT_EQ(averages.err,
            "<stdin>:6:1: warning: the row labelled 'Total' is the sheet's totals, not a hand: left out [schema]\n"
            "<stdin>:7:1: warning: the row labelled 'Average' is the sheet's averages, not a hand: left out "
            "[schema]\n");
  // The label in the dealer's column, the row's running scores repeated.
  const auto r = run_import("game,pluck\n" + kHeader + kHands + ",Total,14,22,15,0,5,1\n");
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out, kYaml);
  EXPECT_EQ(r.err, "<stdin>:6:2: warning: the row labelled 'Total' is the sheet's totals, not a hand: left out "
                   "[schema]\n");
}

TEST(ImportTotals, AnUnlabelledLastRowOfColumnSumsIsNoHand) {
  const std::string warning =
      "<stdin>:6:1: warning: the last row is read as the sheet's totals, not a hand: each figure in it is its "
      "column's sum over the 3 rows above (or a running score's last); left out (if it is a hand, write its "
      "dealer) [schema]\n";
  for (const std::string totals : {",,14,22,15,,,\n", ",,14,22,15,0,5,1\n", ",,14,22,15,0,9,3\n"}) {
    const auto r = run_import("game,pluck\n" + kHeader + kHands + totals);
    EXPECT_EQ(r.exit_code, 0) << totals;
    EXPECT_EQ(r.out, kYaml) << totals;
    EXPECT_EQ(r.err, warning) << totals;
  }
}

// A row that only looks like totals is a hand: its dealer named, a figure
// that is not its column's sum, not the last row, or too few hands above.
TEST(ImportTotals, AHandIsNeverTakenForTotals) {
  auto hands_of = [](const std::string& csv) {
    const auto r = run_import(csv);
    EXPECT_EQ(r.err, "") << csv;
    EXPECT_EQ(r.exit_code, 0) << csv;
    int hands = 0;
    for (auto at = r.out.find("\n  - "); at != std::string::npos; at = r.out.find("\n  - ", at + 1)) {
      ++hands;
    }
    return hands;
  };
  EXPECT_EQ(hands_of("game,pluck\n" + kHeader + kHands + ",Ann,14,22,15,,,\n"), 4);
  EXPECT_EQ(hands_of("game,pluck\n" + kHeader + kHands + ",,14,22,16,,,\n"), 4);
  EXPECT_EQ(hands_of("game,pluck\n" + kHeader + kHands + ",,14,22,15,0,5,2\n"), 4);
  EXPECT_EQ(hands_of("game,pluck\n" + kHeader + "1,Ann,5,7,5,,,\n,,5,7,5,,,\n"), 2);
  // An all-pass hand above has no figures: one hand with figures is too few.
  EXPECT_EQ(hands_of("game,call-deuces\nDealer,Bidder,Bid,Partner,Gus,Hal,Ivy,Jo\n"
                     "Gus,pass,,,,,,\nHal,Gus,15,Hal,10,7,15,1\n,Ivy,15,Jo,10,7,15,1\n"),
            3);
  // A player named Total deals.
  EXPECT_EQ(hands_of("game,pluck\nDealer,Ann,Bob,Total\nAnn,5,7,5\nTotal,6,6,5\n"), 2);
}

TEST(ImportTotals, ATitleRowAboveTheHeaderIsATitle) {
  // One cell (a merged title cell exports as one cell and blanks): left out.
  auto r = run_import("Thursday Pluck League,,,,,,,\ngame,pluck\n" + kHeader + kHands);
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out, kYaml);
  EXPECT_EQ(r.err, "");
  // Before the game row or after it, with a blank row under it.
  r = run_import("game,pluck\nThursday Pluck League\n\n" + kHeader + kHands);
  EXPECT_EQ(r.out, kYaml);
  EXPECT_EQ(r.err, "");
  // More than one cell: a row that may be meant as something else, said.
  r = run_import("Pluck night,12 November\ngame,pluck\n" + kHeader + kHands);
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out, kYaml);
  EXPECT_EQ(r.err, "<stdin>:1:1: warning: the row above the header beginning 'Pluck night' is not a game, players, "
                   "id or date row: read as a title and left out [schema]\n");
}

TEST(ImportTotals, WarningsAndErrorsComeInSheetOrder) {
  const auto r = run_import("Pluck night,12 November\ngame,pluck\n" + kHeader + "1,Ann,5,7,seven,0,1,1\n" +
                            "2,Bob,3,9,5,0,3,1\nTotal,,8,16,5,,,\n");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err,
            "<stdin>:1:1: warning: the row above the header beginning 'Pluck night' is not a game, players, id or "
            "date row: read as a title and left out [schema]\n"
            "<stdin>:4:11: error: Cat's tricks is a whole number (0 or more), not 'seven' [schema] (hand 1)\n"
            "<stdin>:6:1: warning: the row labelled 'Total' is the sheet's totals, not a hand: left out [schema]\n");
}

TEST(ImportTotals, TheHeaderFormsASpreadsheetWrites) {
  for (const std::string header :
       {"Hand,Dealer,Ann tricks,Bob tricks,Cat tricks,Ann total,Bob total,Cat total\n",
        "Hand,Dealer,Ann - tricks,Bob - tricks,Cat - tricks,Ann - score,Bob - score,Cat - score\n",
        "Hand,Dealer,Ann (tricks),Bob (tricks),Cat (tricks),Ann (total),Bob (total),Cat (total)\n",
        "Hand,Dealer,Ann: tricks,Bob: tricks,Cat: tricks,Ann: score,Bob: score,Cat: score\n",
        "Hand,Dealer,Ann-tricks,Bob-tricks,Cat-tricks,Ann-score,Bob-score,Cat-score\n",
        "Hand,Dealer,Tricks - Ann,Tricks - Bob,Tricks - Cat,Score - Ann,Score - Bob,Score - Cat\n",
        "Hand,Dealer,Ann's tricks,Bob's tricks,Cat's tricks,Ann's score,Bob's score,Cat's score\n",
        "Hand,Dealer,Ann tricks taken,Bob tricks won,Cat [tricks],Ann running total,Bob score,Cat score\n"}) {
    const auto r = run_import("game,pluck\n" + header + kHands);
    EXPECT_EQ(r.err, "") << header;
    EXPECT_EQ(r.out, kYaml) << header;
  }
  // A name with a dash in it stays one name.
  const auto r = run_import("game,pluck\nDealer,Mary-Ann,Bob,Cat\nBob,5,7,5\n");
  EXPECT_EQ(r.err, "");
  EXPECT_NE(r.out.find("players: [Mary-Ann, Bob, Cat]"), std::string::npos) << r.out;
}

TEST(ImportTotals, AHeaderThatIsNoFormListsTheForms) {
  const auto r = run_import("players,Ann,Bob,Cat\nDealer,Ann,Bob,Cat,Ann tricks hand\nAnn,5,7,5,1\n",
                            {"--rules", "pluck"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err,
            "<stdin>:2:20: error: 'Ann tricks hand' is neither a column this sheet can have (dealer, trump, trump by, "
            "bidder, bid, bids, partner, early court, revoke, revoke trick, hand, notes) nor one of the players: Ann, "
            "Bob, Cat (a player's column is headed by the name alone, or with what it holds: 'Ann tricks', 'Ann - "
            "tricks', 'Ann (tricks)', 'tricks Ann', 'Ann points', 'Ann score', 'Ann total') [unknown-player]\n");
}

}  // namespace
}  // namespace sheet_totals_test
}  // namespace trickref
