// `trickref new` (issue 15): a record skeleton with `status: in-progress`
// that validates, its unfilled hands noted as incomplete; and the loader's
// reading of placeholders (empty values) in a record in progress.
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include <gtest/gtest.h>

#include "ruleset/ruleset_loader.h"
#include "support/test_support.h"

namespace trickref {
namespace {

std::string new_record(const std::vector<std::string>& extra) {
  std::vector<std::string> args = {"new"};
  args.insert(args.end(), extra.begin(), extra.end());
  const auto r = test::run_cli(args);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  return r.out;
}

const std::string kNewPluckSheet =
    "# A record of pluck to fill in as the game is played (score sheet), made by `trickref new`.\n"
    "# An empty value is a placeholder: while `status: in-progress` stays, `trickref validate` reads it\n"
    "# as not yet recorded, and the hands not begun as not played yet. Fill each hand in as it is\n"
    "# played; take the `status` line out when the game is over.\n"
    "game: pluck\n"
    "status: in-progress\n"
    "players: [Ann, Bob, Cat]\n"
    "hands:\n"
    "  - dealer: Bob                             # who deals first; the later dealers follow from the rotation\n"
    "    taken: {Ann: , Bob: , Cat: }            # tricks each player took (17 in all)\n"
    "    score: {Ann: , Bob: , Cat: }            # optional: the running scores after the hand\n"
    "  - dealer: Cat                             # hand 2\n"
    "    taken: {Ann: , Bob: , Cat: }            # tricks each player took (17 in all)\n"
    "    score: {Ann: , Bob: , Cat: }            # optional: the running scores after the hand\n";

TEST(New, PluckScoreSheetExactly) {
  EXPECT_EQ(new_record({"--rules", "pluck", "--players", "Ann, Bob,Cat", "--hands", "2", "--dealer", "Bob"}),
            kNewPluckSheet);
}

TEST(New, ThePlaysLevelOfCourtPieceLeavesTheDealersThatFollowResultsOpen) {
  const std::string y =
      new_record({"--rules", "court-piece", "--players", "Ann,Bob,Cat,Dan", "--hands", "2", "--level", "plays"});
  EXPECT_NE(y.find("  - dealer: Ann                             # who deals first; the later dealers follow how "
                   "each hand went\n"
                   "    trump_by:                               # who named trump (Bob, by the rules)\n"
                   "    trump:                                  # the trump suit: C, D, H or S\n"
                   "    tricks:                                 # each trick in play order, from its leader: - "
                   "[2C, 9C, KC]\n"
                   "    taken: {Ann: , Bob: , Cat: , Dan: }     # tricks each player took (or each side's, naming "
                   "one player of it)\n"
                   "    score: {Ann: , Bob: }                   # optional: each side's running score (one player "
                   "of each side)\n"
                   "  - dealer:                                 # hand 2: who deals follows how hand 1 went (it is "
                   "checked)\n"),
            std::string::npos)
      << y;
}

TEST(New, CallDeucesFullLevelKeys) {
  const std::string y = new_record({"--rules", "call-deuces", "--players", "Ann,Bob,Cat,Dan", "--level", "full"});
  std::vector<std::string> keys;
  std::istringstream lines(y);
  for (std::string line; std::getline(lines, line);) {
    if (line.starts_with("    ") && !line.starts_with("      ")) {
      keys.push_back(line.substr(4, line.find(':') - 4));
    }
  }
  EXPECT_EQ(keys, (std::vector<std::string>{"deal", "kitty", "bids", "contract", "trump", "discard", "partner",
                                            "tricks", "taken", "points", "score"}));
}

// Every built-in ruleset, every level, one hand and several: the skeleton
// validates with no error or warning, each hand noted as not finished.
TEST(New, EverySkeletonValidatesWithItsHandsIncomplete) {
  RulesetCatalog catalog;
  const std::vector<std::string> names = {"Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"};
  int checked = 0;
  for (const auto& rules : catalog.builtin_names()) {
    const auto r = test::builtin(rules);
    ASSERT_TRUE(r);
    std::string players;
    for (int s = 0; s < r->players; ++s) {
      players += (s > 0 ? "," : "") + names[static_cast<std::size_t>(s)];
    }
    for (const char* level : {"sheet", "exchange", "plays", "full"}) {
      for (const int hands : {1, 4}) {
        const std::string y =
            new_record({"--rules", rules, "--players", players, "--level", level, "--hands", std::to_string(hands)});
        const auto games = test::validate_yaml(y);
        ASSERT_EQ(games.size(), 1U) << rules << " " << level;
        EXPECT_EQ(test::codes(games[0]), std::vector<std::string>(static_cast<std::size_t>(hands), "incomplete"))
            << rules << " " << level << "\n"
            << test::diagnostics_text(games) << y;
        const auto cli = test::run_cli({"validate", "-"}, y);
        EXPECT_EQ(cli.exit_code, 0) << rules << " " << level << cli.out;
        ++checked;
      }
    }
  }
  EXPECT_GE(checked, 8 * 9);
}

// Filling the first hand in: it is counted, the hands after it are still notes.
TEST(New, AFilledHandCountsAndTheRestWait) {
  std::string y = kNewPluckSheet;
  y.replace(y.find("taken: {Ann: , Bob: , Cat: }"), 28, "taken: {Ann: 8, Bob: 5, Cat: 4}");
  const auto games = test::validate_yaml(y);
  EXPECT_EQ(test::diagnostics_text(games),
            "t.yaml:12:5: note: hand 2 is not finished yet (no tricks recorded yet); the record is in progress, so "
            "the hand is not counted [incomplete] (hand 2)\n");
  const auto& r = *games[0].result;
  ASSERT_EQ(r.hands.size(), 2U);
  EXPECT_FALSE(r.hands[0].unfinished);
  EXPECT_TRUE(r.hands[1].unfinished);
  // Bob dealt: quotas Ann 4, Bob 7, Cat 6; Ann 4 over.
  EXPECT_EQ(r.outcome.score, (std::vector<long long>{4, 0, 0}));
  const auto cli = test::run_cli({"validate", "-"}, y);
  EXPECT_NE(cli.out.find("result: no winner yet after 1 hand, hand 2 under way (Ann 4, Bob 0, Cat 0)"),
            std::string::npos)
      << cli.out;
}

// The hands after the last one begun may wait; a hand left empty before a
// begun one is not unfinished: it is a hand whose result the record lacks.
TEST(New, OnlyTheHandsAfterTheLastBegunWait) {
  std::string y = kNewPluckSheet;
  y.replace(y.rfind("taken: {Ann: , Bob: , Cat: }"), 28, "taken: {Ann: 4, Bob: 7, Cat: 6}");
  const auto games = test::validate_yaml(y);
  EXPECT_EQ(test::codes(games[0]), std::vector<std::string>{});
  ASSERT_EQ(games[0].result->hands.size(), 2U);
  EXPECT_FALSE(games[0].result->hands[0].unfinished);
  EXPECT_FALSE(games[0].result->hands[1].unfinished);
}

TEST(New, UsageErrors) {
  auto err = [](const std::vector<std::string>& args) {
    const auto r = test::run_cli(args);
    EXPECT_EQ(r.exit_code, 2) << r.err;
    EXPECT_EQ(r.out, "");
    return r.err;
  };
  EXPECT_EQ(err({"new", "--rules", "pluck", "--players", "Ann,Bob"}),
            "trickref: error: pluck is played by 3 players; --players names 2\n");
  EXPECT_EQ(err({"new", "--rules", "court-piece", "--players", "Ann,Bob,Cat"}),
            "trickref: error: court-piece is played by 4 players; --players names 3\n");
  EXPECT_EQ(err({"new", "--rules", "pluck", "--players", "Ann,Bob,Ann"}), "trickref: error: --players names 'Ann' twice\n");
  EXPECT_EQ(err({"new", "--rules", "pluck", "--players", "Ann,,Cat"}),
            "trickref: error: --players has an empty name (names are separated by commas: Ann,Bob,Cat)\n");
  EXPECT_EQ(err({"new", "--rules", "pluck", "--players", "Ann,Bob,Cat", "--dealer", "Dan"}),
            "trickref: error: --dealer 'Dan' is not one of the players: Ann, Bob, Cat\n");
  EXPECT_NE(err({"new", "--rules", "plock", "--players", "Ann,Bob,Cat"}).find("plock"), std::string::npos);
  EXPECT_NE(err({"new", "--rules", "pluck", "--players", "Ann,Bob,Cat", "--level", "deal"}).find("--level"),
            std::string::npos);
  EXPECT_NE(err({"new", "--rules", "pluck", "--players", "Ann,Bob,Cat", "--hands", "0"}).find("--hands"),
            std::string::npos);
  EXPECT_NE(err({"new", "--players", "Ann,Bob,Cat"}).find("--rules"), std::string::npos);
}

TEST(New, NamesThatNeedQuotingReadBack) {
  const std::string y = new_record({"--rules", "pluck", "--players", "Ann: the first,#2,null"});
  EXPECT_NE(y.find("players: [\"Ann: the first\", \"#2\", \"null\"]\n"), std::string::npos) << y;
  const auto games = test::validate_yaml(y);
  EXPECT_EQ(test::codes(games[0]), (std::vector<std::string>{"incomplete"}));
  EXPECT_EQ(games[0].players, (std::vector<std::string>{"Ann: the first", "#2", "null"}));
}

// Every name --players accepts reads back equal at every level, in each
// kind of game: YAML specials, and names past YAML's 1,024-character limit
// on implicit keys (written `? NAME`). Names with control characters are
// refused.
TEST(New, EveryNameItAcceptsReadsBackEqual) {
  const std::vector<std::string> names = {std::string(2000, 'a'), "yes", "null", "- x", "\"a\"", "[x]", "#",
                                          "a: b", "? q", "~", "&x", "*y", "!t", "%p", "@q", "'s", "{x}", "|y",
                                          ">c", "`d", "1e3", "0x10", ".inf", "Zo\u00eb", std::string(1030, 'b') + ": c"};
  for (const char* rules : {"pluck", "call-deuces", "court-piece"}) {
    const int seats = std::string(rules) == "pluck" ? 3 : 4;
    for (std::size_t at = 0; at + static_cast<std::size_t>(seats) <= names.size(); at += 2) {
      std::vector<std::string> players(names.begin() + static_cast<std::ptrdiff_t>(at),
                                       names.begin() + static_cast<std::ptrdiff_t>(at) + seats);
      std::string list;
      for (const auto& n : players) {
        list += (list.empty() ? "" : ",") + n;
      }
      for (const char* level : {"sheet", "exchange", "plays", "full"}) {
        const std::string y = new_record({"--rules", rules, "--players", list, "--level", level, "--hands", "2"});
        const auto games = test::validate_yaml(y);
        ASSERT_EQ(games.size(), 1U);
        EXPECT_EQ(games[0].players, players) << rules << " " << level;
        for (const auto& c : test::codes(games[0])) {
          EXPECT_EQ(c, "incomplete") << rules << " " << level << "\n" << test::diagnostics_text(games);
        }
      }
    }
  }
  const auto r = test::run_cli({"new", "--rules", "pluck", "--players", std::string(600, '\xc3') + ",Bob,Cat"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err.rfind("trickref: error: --players: '\\xc3\\xc3", 0), 0U) << r.err;
  EXPECT_EQ(test::run_cli({"new", "--rules", "pluck", "--players", "A\tB,Bob,Cat"}).exit_code, 2);
  EXPECT_EQ(test::run_cli({"new", "--rules", "pluck", "--players", "A\nB,Bob,Cat"}).exit_code, 2);
}

// A ruleset path that is not UTF-8 cannot be named in YAML: refused.
TEST(New, ARulesetPathThatIsNotUtf8IsRefused) {
  const auto dir = std::filesystem::temp_directory_path() / ("trickref-new-utf8-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const auto rules = dir / "r\xff.yaml";
  std::filesystem::copy_file(std::string(TRICKREF_SOURCE_DIR) + "/rulesets/pluck.yaml", rules);
  const auto r = test::run_cli({"new", "--rules", rules.string(), "--players", "Ann,Bob,Cat", "-o",
                                (dir / "g.yaml").string()});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, "trickref: error: --rules: the path r\\xff.yaml is not UTF-8, and a record names its ruleset in "
                   "UTF-8; rename the file\n");
  EXPECT_FALSE(std::filesystem::exists(dir / "g.yaml"));
  std::filesystem::remove_all(dir);
}

TEST(New, WritesTheFileAtomically) {
  const auto dir = std::filesystem::temp_directory_path() / ("trickref-new-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const auto file = (dir / "game.yaml").string();
  const auto r = test::run_cli({"new", "--rules", "pluck", "--players", "Ann,Bob,Cat", "--hands", "2", "--dealer",
                                "Bob", "-o", file});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "");
  std::ifstream in(file);
  std::stringstream text;
  text << in.rdbuf();
  EXPECT_EQ(text.str(), kNewPluckSheet);
  const auto bad = test::run_cli({"new", "--rules", "pluck", "--players", "Ann,Bob,Cat", "-o", dir.string()});
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_NE(bad.err.find("trickref: error: cannot write"), std::string::npos) << bad.err;
  std::filesystem::remove_all(dir);
}

// ------------------------------------------------- placeholders in the loader
const std::string kNewHead = "game: pluck\nstatus: in-progress\nplayers: [Ann, Bob, Cat]\nhands:\n";

TEST(Placeholders, AnEmptyValueIsNotYetRecordedInARecordInProgress) {
  const std::string y = kNewHead +
                        "  - dealer: Ann\n    taken: {Ann: 5, Bob: 7, Cat: 5}\n    score: ~\n"
                        "  - dealer:\n    trump: ~\n    taken:\n    score: {Ann: , Bob: , Cat: }\n";
  const auto games = test::validate_yaml(y);
  EXPECT_EQ(test::diagnostics_text(games),
            "t.yaml:8:5: note: hand 2 is not finished yet (no tricks recorded yet); the record is in progress, so the "
            "hand is not counted [incomplete] (hand 2)\n");
}

TEST(Placeholders, AFinishedRecordStillFaultsThem) {
  std::string y = kNewHead + "  - dealer: Ann\n    taken: {Ann: 5, Bob: 7, Cat: 5}\n    score: {Ann: , Bob: , Cat: }\n";
  y.erase(y.find("status: in-progress\n"), 20);
  EXPECT_EQ(test::diagnostics_text(test::validate_yaml(y)),
            "t.yaml:6:18: error: `score` values are whole numbers, not empty [schema] (hand 1)\n"
            "t.yaml:6:25: error: `score` values are whole numbers, not empty [schema] (hand 1)\n"
            "t.yaml:6:32: error: `score` values are whole numbers, not empty [schema] (hand 1)\n");
}

TEST(Placeholders, APartlyFilledMapIsNoPlaceholder) {
  const std::string y = kNewHead + "  - dealer: Ann\n    taken: {Ann: 5, Bob: , Cat: 5}\n";
  EXPECT_EQ(test::codes(test::validate_yaml(y)[0]).front(), "schema");
}

// `contract: ~` means none (everyone passed) in a finished record; in a
// record in progress it is the placeholder `trickref new` writes.
TEST(Placeholders, AnEmptyContractWaitsInARecordInProgress) {
  const std::string head = "game: call-deuces\nstatus: in-progress\nplayers: [Ann, Bob, Cat, Dan]\nhands:\n";
  const std::string y = head + "  - dealer: Ann\n    contract: {bidder: , bid: }\n    partner:\n";
  EXPECT_EQ(test::diagnostics_text(test::validate_yaml(y)),
            "t.yaml:5:5: note: hand 1 is not finished yet (no bids or contract recorded yet); the record is in "
            "progress, so the hand is not counted [incomplete] (hand 1)\n");
  std::string done = head + "  - dealer: Ann\n    contract: ~\n";
  done.erase(done.find("status: in-progress\n"), 20);
  EXPECT_EQ(test::codes(test::validate_yaml(done)[0]), std::vector<std::string>{});
}

TEST(Placeholders, TheFirstDealerCannotBeAPlaceholder) {
  EXPECT_EQ(test::diagnostics_text(test::validate_yaml(kNewHead + "  - dealer:\n    taken:\n")),
            "t.yaml:5:5: error: the first hand must name its `dealer` [schema] (hand 1)\n");
}

}  // namespace
}  // namespace trickref
