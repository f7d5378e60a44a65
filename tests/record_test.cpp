// trickref record without a terminal: sessions driven by a script on an
// istringstream, the output and the file written checked; the card-entry
// parser; the Draft's YAML, undo and resume.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "engine/playout.h"
#include "record/draft.h"
#include "record/entry.h"
#include "record/recorder.h"
#include "record/stepper.h"
#include "referee/referee.h"
#include "ruleset/ruleset_loader.h"
#include "support/record_script.h"
#include "support/test_support.h"

namespace trickref {
namespace {

namespace fs = std::filesystem;
using record::match_player;
using record::parse_cards;

// A fresh directory for one test's record, removed with the test.
class Scratch {
 public:
  explicit Scratch(const std::string& name)
      : dir_(fs::temp_directory_path() / fmt::format("trickref-record-{}-{}", name, ::getpid())) {
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  ~Scratch() {
    std::error_code ec;
    fs::remove_all(dir_, ec);
  }
  Scratch(const Scratch&) = delete;
  Scratch& operator=(const Scratch&) = delete;
  [[nodiscard]] fs::path operator/(const std::string& file) const { return dir_ / file; }

 private:
  fs::path dir_;
};

std::string slurp(const fs::path& p) {
  std::ifstream f(p, std::ios::binary);
  std::stringstream s;
  s << f.rdbuf();
  return s.str();
}

struct Session {
  int exit_code = 0;
  std::string out;
};

// Runs a session on `file` with `script` as what is typed (one entry a line).
Session run(const fs::path& file, const std::string& script) {
  std::istringstream in(script);
  std::ostringstream out;
  record::SessionOptions o;
  o.file = file;
  o.display = file.filename().string();
  RulesetCatalog catalog;
  Session s;
  s.exit_code = record::run_session(o, in, out, catalog);
  s.out = out.str();
  return s;
}

std::string lines(const std::vector<std::string>& v) {
  std::string out;
  for (const auto& l : v) {
    out += l + "\n";
  }
  return out;
}

// ------------------------------------------------------------ card entry

TEST(RecordEntry, CardsAsPeopleTypeThem) {
  const auto l = parse_cards("10h th, qd  K\u2663 A\u2663\uFE0F bj");
  ASSERT_FALSE(l.bad);
  EXPECT_EQ(to_string(CardSet()), "");
  std::vector<std::string> got;
  for (const Card c : l.cards) {
    got.push_back(to_string(c));
  }
  EXPECT_EQ(got, (std::vector<std::string>{"10H", "10H", "QD", "KC", "AC", "BJ"}));
  const auto bad = parse_cards("2c 1h 3c");
  ASSERT_TRUE(bad.bad);
  EXPECT_EQ(*bad.bad, "1h");
  EXPECT_EQ(bad.cards.size(), 1U);
}

TEST(RecordEntry, PlayersByAUniquePrefix) {
  const std::vector<std::string> p = {"Alan", "Alice", "Bob", "Al"};
  std::string err;
  EXPECT_EQ(match_player("bob", p, err), 2);
  EXPECT_EQ(match_player(" b ", p, err), 2);
  EXPECT_EQ(match_player("ALI", p, err), 1);
  EXPECT_EQ(match_player("al", p, err), 3) << "a whole name wins over the names it starts";
  EXPECT_FALSE(match_player("ala", p, err).has_value() && false);
  EXPECT_EQ(match_player("ala", p, err), 0);
  EXPECT_FALSE(match_player("A", p, err));
  EXPECT_EQ(err, "A could be Alan or Alice or Al");
  EXPECT_FALSE(match_player("Zed", p, err));
  EXPECT_EQ(err, "no player is called Zed (players: Alan, Alice, Bob, Al)");
  EXPECT_FALSE(match_player("", p, err));
}

TEST(RecordEntry, NumbersInSeatOrder) {
  EXPECT_EQ(record::parse_numbers("8 5, 4", 3), (std::vector<int>{8, 5, 4}));
  EXPECT_FALSE(record::parse_numbers("8 5", 3));
  EXPECT_FALSE(record::parse_numbers("8 5 x", 3));
  EXPECT_FALSE(record::parse_numbers("8 5 0x4", 3));
  EXPECT_EQ(record::parse_numbers("-3", 1), (std::vector<int>{-3}));
}

TEST(RecordEntry, LinesAreBoundedAndEndAtEndOfInput) {
  std::istringstream in(std::string(10000, 'x') + "\nshort\r\nlast");
  std::string line;
  bool too_long = false;
  ASSERT_TRUE(record::read_line(in, line, too_long, 4096));
  EXPECT_TRUE(too_long);
  EXPECT_EQ(line, "");
  ASSERT_TRUE(record::read_line(in, line, too_long, 4096));
  EXPECT_FALSE(too_long);
  EXPECT_EQ(line, "short");
  ASSERT_TRUE(record::read_line(in, line, too_long, 4096));
  EXPECT_EQ(line, "last");
  EXPECT_FALSE(record::read_line(in, line, too_long, 4096));
}

// ------------------------------------------------------------- the Draft

TEST(RecordDraft, NamesAreQuotedWhereYamlWouldMisreadThem) {
  EXPECT_EQ(record::yaml_scalar("Ann"), "Ann");
  EXPECT_EQ(record::yaml_scalar("Mary Ann"), "Mary Ann");
  EXPECT_EQ(record::yaml_scalar("no"), "\"no\"");
  EXPECT_EQ(record::yaml_scalar("12"), "\"12\"");
  EXPECT_EQ(record::yaml_scalar("a: b"), "\"a: b\"");
  EXPECT_EQ(record::yaml_scalar("say \"hi\""), "\"say \\\"hi\\\"\"");
  EXPECT_EQ(record::yaml_scalar("-x"), "\"-x\"");
  EXPECT_EQ(record::yaml_scalar("Zoë"), "Zoë");
}

TEST(RecordDraft, UndoTakesBackTheLatestEntryInPhaseOrder) {
  const auto rules = test::builtin("nine-five-two");
  const PhaseList phases = hand_phases(*rules);
  record::Draft d;
  d.ruleset = "nine-five-two";
  d.players = {"Ann", "Bob", "Cat"};
  record::DraftHand h;
  h.dealer = 0;
  h.plucks = std::vector<record::DraftPluck>{{0, 1, test::c("4H"), test::c("QH")}};
  h.trump = Suit::kSpades;
  h.discard = std::vector<Card>{test::c("2C"), test::c("3C"), test::c("4C"), test::c("5C")};
  h.tricks = std::vector<std::vector<Card>>{{test::c("AS"), test::c("2S")}};
  d.hands.push_back(h);
  d.hands.push_back(record::DraftHand{});
  d.hands.back().dealer = 1;
  std::vector<std::string> taken;
  for (;;) {
    const std::string what = record::undo(d, phases);
    if (what.empty()) {
      break;
    }
    taken.push_back(what);
  }
  EXPECT_EQ(taken, (std::vector<std::string>{"the play of 2S", "the play of AS", "the discard", "trump",
                                             "the pluck of 4H by Ann", "hand 1"}))
      << "an empty last hand goes with the entry before it";
  EXPECT_TRUE(d.hands.empty());
}

// ------------------------------------------------------------- sessions

const char* const kPluckStart = "pluck\nAnn Bob Cat\nann\n";

TEST(RecordSession, NewRecordAsksRulesetPlayersDealerAndWritesAfterEachEntry) {
  const Scratch dir("new");
  const fs::path file = dir / "game.yaml";
  const Session s = run(file, std::string("nosuch\npluck\nAnn Bob\nAnn Bob Ann\nAnn Bob Cat\nzed\nann\np\ns\n"));
  EXPECT_EQ(s.exit_code, 0);
  EXPECT_EQ(s.out,
            "Recording a new game in game.yaml.\n"
            "Ruleset (a built-in name, `list` to list them, or a file):   unknown ruleset 'nosuch'; built-in "
            "rulesets: call-deuces, call-deuces-5, court-piece, court-piece-race, nine-five-two, nine-five-two-10, "
            "pluck, pluck-noscore, and 17 house variants (`trickref rules list`)\n"
            "Ruleset (a built-in name, `list` to list them, or a file): "
            "Players, in seat order (3; play passes to the next):   pluck has 3 players; 2 named\n"
            "Players, in seat order (3; play passes to the next):   Ann is named twice\n"
            "Players, in seat order (3; play passes to the next): Hand 1: who deals?   no player is called zed "
            "(players: Ann, Bob, Cat)\n"
            "Hand 1: who deals? Hand 1: enter its [p]lays, the [d]eal first, or the score [s]heet? "
            "Hand 1: trump, named by Ann? Hand 1, trick 1: who leads? \n"
            "Stopped: game.yaml keeps the game so far; `trickref record game.yaml` resumes it.\n");
  EXPECT_EQ(slurp(file), lines({"# Kept with trickref record, which rewrites this file after every entry:",
                                "# `status: in-progress` until the game is over.", "game: pluck",
                                "players: [Ann, Bob, Cat]", "status: in-progress", "hands:",
                                "  # hand 1, dealt by Ann", "  - dealer: Ann", "    trump: S"}));
}

TEST(RecordSession, EndOfInputBeforeAnythingWritesNothing) {
  const Scratch dir("eof");
  const Session s = run(dir / "g.yaml", "plu");
  EXPECT_EQ(s.exit_code, 0);
  EXPECT_FALSE(fs::exists(dir / "g.yaml"));
  EXPECT_NE(s.out.find("Nothing recorded."), std::string::npos);
}

// Pluck, the deal entered first: a revoke is refused at once with the
// referee's message, then the right card is played; a second revoke is
// confirmed and recorded as it happened.
TEST(RecordSession, WithTheDealARevokeIsRefusedAtOnceUnlessConfirmed) {
  const Scratch dir("revoke");
  const fs::path file = dir / "g.yaml";
  const std::string deal =
      "2c 3c 4c 5c 6c 7c 8c 9c 10c jc qc kc ac 3d 4d 5d 6d\n"   // Ann
      "7d 8d 9d 10d jd qd kd ad 3h 4h 5h 6h 7h 8h 9h 10h jh\n"  // Bob
      "\n";                                                     // Cat: the rest
  const Session s = run(file, std::string(kPluckStart) + "d\n" + deal +
                                  "h\n"      // trump
                                  "2c\n"     // Ann leads the 2C (she holds it)
                                  "3h\n"     // Bob has no club: any card
                                  "qh\n"     // Cat
                                  "ks\n"     // Cat leads? no: Ann won? see below
                                  "");
  (void)s;
  const std::string y = slurp(file);
  EXPECT_NE(y.find("    deal:\n      Ann: [2C, 3C, 4C, 5C, 6C, 7C, 8C, 9C, 10C, JC, QC, KC, AC, 3D, 4D, 5D, 6D]\n"),
            std::string::npos)
      << y;
}

}  // namespace
}  // namespace trickref

namespace trickref {
namespace {

using test::Level;
using test::script_of;

std::vector<std::string> refereed() {
  std::vector<std::string> out;
  RulesetCatalog catalog;
  for (const auto& name : catalog.builtin_names()) {
    if (!unrefereed(*catalog.resolve(name).ruleset)) {
      out.push_back(name);
    }
  }
  return out;
}

class RecordEveryRuleset : public ::testing::TestWithParam<std::string> {};

// Every built-in ruleset: a random legal game typed in with its deal comes
// out as a finished record that validates clean, with the game's scores.
TEST_P(RecordEveryRuleset, ARandomGameTypedInWithItsDealValidatesClean) {
  const auto rules = test::builtin(GetParam());
  const std::vector<std::string> all = {"Ann", "Bob", "Cat", "Dan", "Eve"};
  const std::vector<std::string> players(all.begin(), all.begin() + rules->players);
  PlayoutOptions po;
  po.seed = 11;
  po.max_hands = 3;
  po.hands_no_target = 2;
  const PlayedGame game = play_random_game(*rules, po);
  const Scratch dir("every-" + GetParam());
  const fs::path file = dir / "g.yaml";
  const Session s = run(file, script_of(game, *rules, players, GetParam()));
  EXPECT_EQ(s.exit_code, 0);
  EXPECT_EQ(s.out.find("error:"), std::string::npos) << s.out;
  EXPECT_EQ(s.out.find("Not recorded"), std::string::npos) << s.out;
  EXPECT_NE(s.out.find("recorded in g.yaml"), std::string::npos) << s.out.substr(s.out.size() - 2000);
  const std::string y = slurp(file);
  EXPECT_EQ(y.find("status:"), std::string::npos) << "a finished game keeps no status";
  const auto games = test::validate_yaml(y, "g.yaml");
  ASSERT_EQ(games.size(), 1U);
  EXPECT_EQ(test::diagnostics_text(games), "") << y;
  ASSERT_TRUE(games[0].result);
  EXPECT_EQ(games[0].result->hands.size(), game.hands.size());
  EXPECT_EQ(games[0].result->outcome.score, std::optional<std::vector<long long>>(game.score));
}

// The same game typed in without its deal, and as score-sheet lines: the
// same scores, validated clean.
TEST_P(RecordEveryRuleset, TheSameGameTypedInAsPlaysOrAsASheetValidatesClean) {
  const auto rules = test::builtin(GetParam());
  const std::vector<std::string> all = {"Ann", "Bob", "Cat", "Dan", "Eve"};
  const std::vector<std::string> players(all.begin(), all.begin() + rules->players);
  PlayoutOptions po;
  po.seed = 5;
  po.max_hands = 3;
  po.hands_no_target = 2;
  po.first_dealer = 1;
  const PlayedGame game = play_random_game(*rules, po);
  for (const Level level : {Level::kPlays, Level::kSheet}) {
    const Scratch dir("level-" + GetParam());
    const fs::path file = dir / "g.yaml";
    const Session s = run(file, script_of(game, *rules, players, GetParam(), level));
    const std::string y = slurp(file);
    SCOPED_TRACE(level == Level::kPlays ? "plays" : "sheet");
    EXPECT_EQ(s.exit_code, 0);
    EXPECT_EQ(s.out.find("error:"), std::string::npos) << s.out;
    EXPECT_EQ(s.out.find("Not recorded"), std::string::npos) << s.out;
    EXPECT_EQ(y.find("deal:"), std::string::npos);
    EXPECT_EQ(y.find("tricks:") == std::string::npos, level == Level::kSheet);
    const auto games = test::validate_yaml(y, "g.yaml");
    ASSERT_EQ(games.size(), 1U);
    EXPECT_EQ(test::diagnostics_text(games), "") << y;
    ASSERT_TRUE(games[0].result);
    EXPECT_EQ(games[0].result->hands.size(), game.hands.size());
    EXPECT_EQ(games[0].result->outcome.score, std::optional<std::vector<long long>>(game.score)) << y;
  }
}

INSTANTIATE_TEST_SUITE_P(Builtins, RecordEveryRuleset, ::testing::ValuesIn(refereed()),
                         [](const ::testing::TestParamInfo<std::string>& param) {
                           std::string n = param.param;
                           std::replace(n.begin(), n.end(), '-', '_');
                           return n;
                         });

}  // namespace
}  // namespace trickref
