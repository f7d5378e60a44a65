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

#include "engine/play.h"
#include "engine/playout.h"
#include "record/draft.h"
#include "record/entry.h"
#include "record/recorder.h"
#include "record/stepper.h"
#include "referee/referee.h"
#include "ruleset/ruleset_loader.h"
#include "support/record_script.h"
#include "support/test_support.h"
#include "yaml/scalar.h"

namespace trickref {
namespace {

namespace fs = std::filesystem;
using record::match_player;
using record::parse_cards;

// A fresh directory for one test's record, removed with the test.
struct Scratch : test::ScratchDir {
  explicit Scratch(const std::string& name) : ScratchDir("record-" + name) {}
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
  std::string err;
};

// Runs a session on `file` with `script` as what is typed (one entry a line).
Session run(const fs::path& file, const std::string& script) {
  std::istringstream in(script);
  std::ostringstream out;
  std::ostringstream err;
  record::SessionOptions o;
  o.file = file;
  o.display = file.filename().string();
  RulesetCatalog catalog;
  Session s;
  s.exit_code = record::run_session(o, in, out, err, catalog);
  s.out = out.str();
  s.err = err.str();
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
  EXPECT_EQ(yaml_scalar("Ann"), "Ann");
  EXPECT_EQ(yaml_scalar("Mary Ann"), "Mary Ann");
  EXPECT_EQ(yaml_scalar("no"), "\"no\"");
  EXPECT_EQ(yaml_scalar("12"), "\"12\"");
  EXPECT_EQ(yaml_scalar("a: b"), "\"a: b\"");
  EXPECT_EQ(yaml_scalar("say \"hi\""), "\"say \\\"hi\\\"\"");
  EXPECT_EQ(yaml_scalar("-x"), "\"-x\"");
  EXPECT_EQ(yaml_scalar("Zoë"), "Zoë");
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
  h.shows = std::vector<record::DraftShow>{{2, {test::c("KH")}}, {1, {}}};
  h.tricks = std::vector<std::vector<Card>>{{test::c("AS"), test::c("2S")}};
  d.hands.push_back(h);
  d.hands.push_back(record::DraftHand{});
  d.hands.back().dealer = 1;
  EXPECT_NE(record::to_yaml(d, phases)
                .find("    discard: [2C, 3C, 4C, 5C]\n    shows:\n      - {to: Cat, cards: [KH]}\n"
                      "      - {to: Bob, cards: []}\n    tricks:\n"),
            std::string::npos)
      << record::to_yaml(d, phases);
  std::vector<std::string> taken;
  for (;;) {
    const std::string what = record::undo(d, phases);
    if (what.empty()) {
      break;
    }
    taken.push_back(what);
  }
  EXPECT_EQ(taken, (std::vector<std::string>{"the play of 2S", "the play of AS", "the show to Bob",
                                             "the show to Cat", "the discard", "trump",
                                             "the pluck of 4H by Ann", "hand 1"}))
      << "an empty last hand goes with the entry before it";
  EXPECT_TRUE(d.hands.empty());
}

// A score-sheet hand of an auction game: its keys in phase order, then the
// sheet's; taken back in the reverse order.
TEST(RecordDraft, ASheetHandWritesAndUndoesInEntryOrder) {
  const auto rules = test::builtin("call-deuces");
  const PhaseList phases = hand_phases(*rules);
  record::Draft d;
  d.ruleset = "call-deuces";
  d.players = {"Gus", "Hal", "Ivy", "Jo"};
  record::DraftHand h;
  h.dealer = 3;
  h.bids = std::vector<std::optional<int>>{15, std::nullopt, 16, std::nullopt, std::nullopt};
  h.taken = std::vector<int>{5, 2, 5, 1};
  h.partner = -1;
  h.points = std::vector<int>{10, 7, 15, 1};
  d.hands.push_back(h);
  EXPECT_EQ(record::to_yaml(d, phases),
            lines({"# Kept with trickref record, which rewrites this file after every entry:",
                   "# `status: in-progress` until the game is over.", "game: call-deuces",
                   "players: [Gus, Hal, Ivy, Jo]", "status: in-progress", "hands:", "  # hand 1, dealt by Jo",
                   "  - dealer: Jo", "    bids: [15, pass, 16, pass, pass]", "    taken: {Gus: 5, Hal: 2, Ivy: 5, Jo: 1}",
                   "    partner: none", "    points: {Gus: 10, Hal: 7, Ivy: 15, Jo: 1}"}));
  d.finished = true;
  EXPECT_EQ(record::to_yaml(d, phases).substr(0, 60), "# Kept with trickref record.\ngame: call-deuces\nplayers: [Gus");
  std::vector<std::string> taken;
  for (std::string what = record::undo(d, phases); !what.empty(); what = record::undo(d, phases)) {
    taken.push_back(what);
  }
  EXPECT_EQ(taken, (std::vector<std::string>{"the points", "the partner", "the tricks taken", "the last call",
                                             "the last call", "the last call", "the last call", "the last call",
                                             "hand 1"}));
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

// The deal checked line by line in the referee's words; emoji suits; undo,
// show, garbage and a runaway line; the input ending mid-trick, and the
// record resumed where it stopped.
TEST(RecordSession, TypingSlipsUndoShowAndResume) {
  const Scratch dir("slips");
  const fs::path file = dir / "g.yaml";
  const std::string ann = "2c 3c 4c 5c 6c 7c 8c 9c 10c jc qc kc ac 3d 4d 5d 6d\n";
  const std::string bob = "7d 8d 9d 10d jd qd kd ad 3h 4h 5h 6h 7h 8h 9h 10h jh\n";
  const Session one = run(file, std::string(kPluckStart) + "d\n" +
                                    "2c 3c zz\n"                 // not a card
                                    "2c 3c 4c\n"                 // too few
                                    "2d 3c 4c 5c 6c 7c 8c 9c 10c jc qc kc ac 3d 4d 5d 6d\n"  // 2D: not in the deck
                                    + ann +
                                    "7d 8d 9d 10d jd qd kd ad 3h 4h 5h 6h 7h 8h 9h 10h ac\n"  // AC twice
                                    + bob + "\n" +              // Cat: the rest
                                    "\u2665\uFE0F\n"              // trump: hearts, as a phone types it
                                    "2\u2663\uFE0F\n"             // Ann leads 2C
                                    "undo\nshow\n2c\n" + std::string(10000, 'x') + "\ngarbage\n3h\n");
  EXPECT_EQ(one.exit_code, 0);
  const auto has = [&](const std::string& text) { return one.out.find(text) != std::string::npos; };
  EXPECT_TRUE(has("  zz is not a card.\n")) << one.out;
  EXPECT_TRUE(has("  Ann was dealt 3 cards; each player is dealt 17\n")) << one.out;
  EXPECT_TRUE(has("  2D is not in the pluck deck (dealt to Ann)\n")) << one.out;
  EXPECT_TRUE(has("  AC is dealt twice: to Bob and before that to Ann\n")) << one.out;
  EXPECT_TRUE(has("  Took back the play of 2C.\n")) << one.out;
  EXPECT_TRUE(has("  # hand 1, dealt by Ann\n  - dealer: Ann\n    deal:\n")) << "show prints the hand so far";
  EXPECT_TRUE(has("  That line is too long.\n")) << one.out;
  EXPECT_TRUE(has("  garbage is not a card.\n")) << one.out;
  EXPECT_TRUE(has("Stopped: g.yaml keeps the game so far; `trickref record g.yaml` resumes it.\n")) << one.out;
  const std::string after_one = slurp(file);
  EXPECT_NE(after_one.find("    trump: H\n    tricks:\n      - [2C, 3H]\n"), std::string::npos) << after_one;
  // What validate makes of the record in progress: its unfinished hand, a note.
  const auto games = test::validate_yaml(after_one, "g.yaml");
  ASSERT_EQ(games.size(), 1U);
  EXPECT_EQ(test::codes(games[0]), std::vector<std::string>{"incomplete"});

  const Session two = run(file, "qh\n");
  EXPECT_EQ(two.exit_code, 0);
  EXPECT_EQ(two.out.rfind("Resuming g.yaml: pluck (Ann, Bob, Cat), hand 1.\nHand 1, trick 1, Cat: ", 0), 0U)
      << two.out;
  EXPECT_NE(two.out.find("  Cat takes trick 1.\nHand 1, trick 2, Cat leads: "), std::string::npos) << two.out;
  const std::string y = slurp(file);
  EXPECT_NE(y.find("    tricks:\n      - [2C, 3H, QH]\n"), std::string::npos) << y;
  EXPECT_NE(y.find("      Cat: [QH, KH, AH, 3S, 4S, 5S, 6S, 7S, 8S, 9S, 10S, JS, QS, KS, AS, LJ, BJ]\n"),
            std::string::npos)
      << "the rest of the deck, in the deck's order:\n"
      << y;
}

// A record the recorder would not write back as it is (a key it does not
// keep) is not resumed, and is left as it was.
TEST(RecordSession, ARecordWithKeysItDoesNotKeepIsNotResumed) {
  const Scratch dir("foreign");
  const fs::path file = dir / "g.yaml";
  const std::string text =
      "game: pluck\nplayers: [Ann, Bob, Cat]\nhands:\n  - dealer: Ann\n    taken: {Ann: 7, Bob: 6, Cat: 4}\n"
      "    score: {Ann: 0, Bob: 0, Cat: 0}\n";
  std::ofstream(file) << text;
  const Session s = run(file, "show\n");
  EXPECT_EQ(s.exit_code, 2);
  EXPECT_EQ(s.out, "");
  EXPECT_EQ(s.err, "trickref record: cannot resume g.yaml: hand 1 has `score`, which trickref record does not keep\n");
  EXPECT_EQ(slurp(file), text);
}

// Plucks that may be waived (Nine Five Two): `none` ends the exchange, and
// the hand records the plucks made, none here.
TEST(RecordSession, NoneEndsAnExchangeThatMayBeWaived) {
  const Scratch dir("waive");
  const fs::path file = dir / "g.yaml";
  // Hand 1 on a sheet: Ann (dealer, quota 9) 11, Bob 3 (quota 5), Cat 2 (quota 2).
  const Session s = run(file, "nine-five-two\nAnn Bob Cat\nann\ns\n11 3 2\np\nnone\ns\n");
  EXPECT_EQ(s.exit_code, 0);
  EXPECT_NE(s.out.find("Hand 2: Bob deals.\nHand 2: enter its [p]lays, the [d]eal first, or the score [s]heet? "
                       "Hand 2, Ann plucks Bob: the card given and the card given back (or none): "
                       "Hand 2: trump, named by Bob? "),
            std::string::npos)
      << s.out;
  const std::string y = slurp(file);
  EXPECT_NE(y.find("  # hand 2, dealt by Bob\n  - dealer: Bob\n    plucks: []\n    trump: S\n"), std::string::npos) << y;
}

// A finished game of a score sheet ends by itself, without `status`.
TEST(RecordSession, ASheetGameEndsWhenTheTargetIsReached) {
  const Scratch dir("sheet");
  const fs::path file = dir / "g.yaml";
  std::string script = std::string(kPluckStart);
  for (int i = 0; i < 30; ++i) {
    script += "s\n17 0 0\n";  // the player first in seat order takes every trick
  }
  const Session s = run(file, script);
  EXPECT_EQ(s.exit_code, 0);
  EXPECT_NE(s.out.find("The game is over and recorded in g.yaml.\n"), std::string::npos) << s.out;
  const std::string y = slurp(file);
  EXPECT_EQ(y.find("status"), std::string::npos) << y;
  const auto games = test::validate_yaml(y, "g.yaml");
  ASSERT_EQ(games.size(), 1U);
  EXPECT_EQ(test::diagnostics_text(games), "");
  ASSERT_TRUE(games[0].result);
  EXPECT_TRUE(games[0].result->outcome.finished);
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

namespace trickref {
namespace {

// A revoke put into a random Pluck game: seat `f` plays `y` (of another
// suit) in trick `t` although it still holds `x` of the suit led, which it
// plays instead in the later trick `later`; no trick changes hands.
struct Revoke {
  PlayedGame game;
  std::size_t t = 0;
  std::size_t later = 0;
  int f = -1;
  Card x;
  Card y;
};

// `mid`: the revoking card is not the last of its trick (the trick is
// judged card by card, before it is complete).
std::optional<Revoke> put_a_revoke(const Ruleset& r, bool mid = false) {
  for (std::uint64_t seed = 1; seed < 200; ++seed) {
    PlayoutOptions po;
    po.seed = seed;
    po.max_hands = 1;
    PlayedGame game = play_random_game(r, po);
    PlayedHand& h = game.hands.at(0);
    const auto n = static_cast<std::size_t>(r.players);
    const auto winner = [&](std::size_t t) {
      return t + 1 < h.leaders.size() ? h.leaders[t + 1] : -2;  // the last trick's winner: not needed
    };
    for (std::size_t t = 1; t + 1 < h.tricks.size(); ++t) {
      const Suit led = effective_suit(h.tricks[t][0], h.trump);
      for (std::size_t k = 1; k < n; ++k) {
        const Card x = h.tricks[t][k];
        const int f = (h.leaders[t] + static_cast<int>(k)) % r.players;
        if (x.is_joker() || x.suit() != led || led == h.trump || winner(t) == f || (mid && k + 1 == n)) {
          continue;
        }
        for (std::size_t later = t + 1; later + 1 < h.tricks.size(); ++later) {
          const auto kk = static_cast<std::size_t>((f - h.leaders[later] + r.players) % r.players);
          const Card y = h.tricks[later][kk];
          const Suit led_later = effective_suit(h.tricks[later][0], h.trump);
          if (kk == 0 || y.is_joker() || y.suit() == led || y.suit() == h.trump || winner(later) == f ||
              led_later == led || y.suit() == led_later) {
            continue;
          }
          std::swap(h.tricks[t][k], h.tricks[later][kk]);
          return Revoke{std::move(game), t, later, f, x, y};
        }
      }
    }
  }
  return std::nullopt;
}

// Without the deal, nothing shows the revoke when it is typed; the play that
// proves it is reported, in the referee's words, when it comes.
TEST(RecordSession, WithoutTheDealARevokeIsReportedWhenAPlayProvesIt) {
  const auto rules = test::builtin("pluck");
  const auto rv = put_a_revoke(*rules);
  ASSERT_TRUE(rv);
  const std::vector<std::string> players = {"Ann", "Bob", "Cat"};
  const Scratch dir("proved");
  const Session s = run(dir / "g.yaml", script_of(rv->game, *rules, players, "pluck", Level::kPlays, 1));
  EXPECT_EQ(s.out.find("Record it anyway"), std::string::npos) << s.out;
  // Reported once, as soon as a later play of the suit proves it: before the
  // hand's table, with the note that points at that play.
  const std::string revoke = fmt::format("{} did not follow suit: played {} to a {} lead while holding ",
                                         players[static_cast<std::size_t>(rv->f)], to_string(rv->y),
                                         suit_singular(rv->x.suit()));
  const auto at = s.out.find(revoke);
  ASSERT_NE(at, std::string::npos) << s.out;
  EXPECT_LT(at, s.out.rfind("takes trick 17."));
  EXPECT_NE(s.out.find(fmt::format("note: {} played ", players[static_cast<std::size_t>(rv->f)]), at), std::string::npos);
  const auto table = s.out.rfind("takes trick 17.");
  EXPECT_EQ(s.out.substr(at + 1, table - at - 1).find(revoke), std::string::npos)
      << "reported once while the hand is typed:\n"
      << s.out.substr(at, table - at);
}

// With the deal, a revoke is refused when it is typed, before its trick is
// complete (the referee's message and its note), and recorded once confirmed.
TEST(RecordSession, WithTheDealARevokeIsRefusedUntilConfirmed) {
  const auto rules = test::builtin("pluck");
  const auto rv = put_a_revoke(*rules, true);
  ASSERT_TRUE(rv);
  const std::vector<std::string> players = {"Ann", "Bob", "Cat"};
  std::string script = script_of(rv->game, *rules, players, "pluck", Level::kDeal, 1);
  // "y" after the revoking card: the confirmation.
  const PlayedHand& h = rv->game.hands[0];
  std::size_t card_line = 0;
  std::size_t pos = 0;
  const std::size_t before_plays = 4 + 3;  // ruleset, players, dealer, mode, 3 seats' cards
  std::size_t skip = before_plays + 1;      // trump
  for (std::size_t t = 0; t < rv->t; ++t) {
    skip += h.tricks[t].size();
  }
  const auto k = static_cast<std::size_t>((rv->f - h.leaders[rv->t] + 3) % 3);
  card_line = skip + k;
  for (std::size_t i = 0; i < card_line; ++i) {
    pos = script.find('\n', pos) + 1;
  }
  const std::size_t end = script.find('\n', pos) + 1;
  ASSERT_EQ(script.substr(pos, end - pos - 1), to_string(rv->y));
  script.insert(end, "y\n");
  const Scratch dir("refused");
  const Session s = run(dir / "g.yaml", script);
  // The evidence is the highest card of the suit the revoker held.
  CardSet gone;  // what the revoker played before
  for (std::size_t t = 0; t < rv->t; ++t) {
    gone.insert(h.tricks[t][static_cast<std::size_t>((rv->f - h.leaders[t] + 3) % 3)]);
  }
  Card held = rv->x;
  for (const Card c : h.deal[static_cast<std::size_t>(rv->f)] - gone) {
    held = !c.is_joker() && c.suit() == rv->x.suit() && c.rank() > held.rank() ? c : held;
  }
  const std::string revoke = fmt::format("{} did not follow suit: played {} to a {} lead while holding {} [revoke] (hand 1, trick {})",
                                         players[static_cast<std::size_t>(rv->f)], to_string(rv->y),
                                         suit_singular(rv->x.suit()), to_string(held), rv->t + 1);
  const auto at = s.out.find(revoke);
  ASSERT_NE(at, std::string::npos) << s.out;
  const auto ask = s.out.find("Record it anyway, as what really happened? [y/N]", at);
  ASSERT_NE(ask, std::string::npos) << s.out.substr(at);
  EXPECT_NE(s.out.substr(at, ask - at).find(fmt::format("note: {} was dealt {}", players[static_cast<std::size_t>(rv->f)],
                                                        to_string(held))),
            std::string::npos)
      << s.out.substr(at, ask - at);
  const std::string y = slurp(dir / "g.yaml");
  EXPECT_NE(y.find(to_string(rv->y)), std::string::npos);
  const auto games = test::validate_yaml(y, "g.yaml");
  EXPECT_NE(test::diagnostics_text(games).find(revoke), std::string::npos) << "recorded as it happened";
}

}  // namespace
}  // namespace trickref

namespace trickref {
namespace {

// A slip put into hand 1 of a random Pluck game: card `k` of trick `t` was
// played by `f`, who could play nothing else there (`meant`); `typed` is
// typed in its place, a card `f` was not dealt that changes who would take
// the trick (`winner` takes it as played, `typed_winner` as typed). `held`:
// a card another player still holds, else one nobody was dealt.
struct Slip {
  PlayedGame game;
  std::size_t t = 0;
  std::size_t k = 0;
  int f = -1;
  Card meant;
  Card typed;
  int winner = -1;
};

std::optional<Slip> put_a_slip(const Ruleset& r, bool held) {
  const int n = r.players;
  for (std::uint64_t seed = 1; seed < 200; ++seed) {
    PlayoutOptions po;
    po.seed = seed;
    po.max_hands = 1;
    PlayedGame game = play_random_game(r, po);
    const PlayedHand& h = game.hands.at(0);
    PlayState s = start_play(r, h.trump, h.deal, h.leaders.at(0));
    for (std::size_t t = 0; t + 1 < h.tricks.size(); ++t) {
      for (std::size_t k = 0; k < h.tricks[t].size(); ++k) {
        const int f = s.to_play();
        const Card x = h.tricks[t][k];
        if (t > 0 && k > 0 && legal_plays(s) == CardSet::of(x)) {
          // The winner with the rest of the trick as played after `c`.
          const auto winner_with = [&](Card c) {
            PlayState p = s;
            apply_play(p, f, c);
            for (std::size_t j = k + 1; j < h.tricks[t].size(); ++j) {
              apply_play(p, p.to_play(), h.tricks[t][j]);
            }
            return current_winner(p);
          };
          CardSet candidates;
          if (held) {
            for (int o = 0; o < n; ++o) {
              candidates |= o == f ? CardSet() : s.hands[static_cast<std::size_t>(o)];
            }
          } else {
            candidates = CardSet::standard() - r.deck;
          }
          for (const Card y : candidates) {
            if (winner_with(y) != winner_with(x)) {
              return Slip{std::move(game), t, k, f, x, y, winner_with(x)};
            }
          }
        }
        apply_play(s, f, x);
      }
      finish_trick(s);
    }
  }
  return std::nullopt;
}

// Types hand 1 of `slip`'s game with the deal, the slip typed and confirmed,
// up to the prompt after its trick.
std::string slip_script(const Slip& slip, const Ruleset& r, const std::vector<std::string>& players) {
  const std::string all = script_of(slip.game, r, players, "pluck", Level::kDeal, 1);
  std::size_t line = 4 + static_cast<std::size_t>(r.players) + 1;  // ruleset .. mode, the deal, trump
  for (std::size_t t = 0; t < slip.t; ++t) {
    line += slip.game.hands[0].tricks[t].size();
  }
  std::size_t pos = 0;
  for (std::size_t i = 0; i < line + slip.k; ++i) {
    pos = all.find('\n', pos) + 1;
  }
  std::string script = all.substr(0, pos);
  EXPECT_EQ(all.substr(pos, all.find('\n', pos) - pos), to_string(slip.meant));
  script += to_string(slip.typed) + "\ny\n";
  for (std::size_t j = slip.k + 1; j < slip.game.hands[0].tricks[slip.t].size(); ++j) {
    script += to_string(slip.game.hands[0].tricks[slip.t][j]) + "\n";
  }
  return script;
}

// The recorder says what the referee says of the file, and goes on as it
// does: the slip refused with the card meant, and once confirmed, the trick
// taken and the next trick led as if the card meant had been played.
void expect_read_as_meant(bool held) {
  const auto rules = test::builtin("pluck");
  const auto slip = put_a_slip(*rules, held);
  ASSERT_TRUE(slip);
  const std::vector<std::string> players = {"Ann", "Bob", "Cat"};
  const Scratch dir(held ? "slip-held" : "slip-undealt");
  const Session s = run(dir / "g.yaml", slip_script(*slip, *rules, players));
  const std::string& who = players[static_cast<std::size_t>(slip->f)];
  const std::string fault =
      held ? fmt::format("{} played {}, which {} did not hold [not-held]", who, to_string(slip->typed), who)
           : fmt::format("{} played {}, which is not in the pluck deck [not-in-deck]", who, to_string(slip->typed));
  const auto at = s.out.find(fault);
  ASSERT_NE(at, std::string::npos) << s.out;
  const auto ask = s.out.find("Record it anyway", at);
  ASSERT_NE(ask, std::string::npos);
  EXPECT_NE(s.out.substr(at, ask - at).find(fmt::format("note: probably {}: the one card {} could play there",
                                                        to_string(slip->meant), who)),
            std::string::npos)
      << s.out.substr(at, ask - at);
  const std::string& winner = players[static_cast<std::size_t>(slip->winner)];
  EXPECT_NE(s.out.find(fmt::format("{} takes trick {}.", winner, slip->t + 1), ask), std::string::npos)
      << s.out.substr(ask);
  EXPECT_NE(s.out.find(fmt::format("Hand 1, trick {}, {} leads:", slip->t + 2, winner), ask), std::string::npos)
      << s.out.substr(ask);
  // The file, validated: the same finding, and the same card meant.
  const auto games = test::validate_yaml(slurp(dir / "g.yaml"), "g.yaml");
  const std::string text = test::diagnostics_text(games);
  EXPECT_NE(text.find(fault), std::string::npos) << text;
  EXPECT_NE(text.find(fmt::format("probably {}", to_string(slip->meant))), std::string::npos) << text;
}

TEST(RecordSession, ACardNobodyWasDealtGoesOnAsTheCardMeant) { expect_read_as_meant(false); }

TEST(RecordSession, ACardAnotherPlayerHoldsIsRefusedAndGoesOnAsTheCardMeant) { expect_read_as_meant(true); }

}  // namespace
}  // namespace trickref

namespace trickref {
namespace {

// `dealer NAME`: the table did not follow the rotation. Refused once the
// hand has entries; otherwise the referee's wrong-dealer, and once
// confirmed the hand is dealt by NAME and the rotation goes on from there.
TEST(RecordSession, TheDealerMayBeOverridden) {
  const Scratch dir("dealer");
  const fs::path file = dir / "g.yaml";
  // Hand 1 on a sheet, dealt by Ann; hand 2 (Bob's by the rotation) dealt by Cat.
  const Session s = run(file, "pluck\nAnn Bob Cat\nann\ns\n7 6 4\n"
                              "dealer zed\ndealer cat\nn\np\nh\n"
                              "dealer cat\nundo\nundo\ndealer cat\ny\ns\n6 4 7\n");
  EXPECT_EQ(s.exit_code, 0);
  const auto has = [&](const std::string& text) { return s.out.find(text) != std::string::npos; };
  EXPECT_TRUE(has("  no player is called zed (players: Ann, Bob, Cat)\n")) << s.out;
  const std::string wrong =
      "error: Cat is recorded as dealer of hand 2, but the deal passes to the left from Ann: Bob deals [wrong-dealer]";
  const auto first = s.out.find(wrong);
  ASSERT_NE(first, std::string::npos) << s.out;
  EXPECT_NE(s.out.find("Record it anyway, as what really happened? [y/N]   Not recorded.\n", first), std::string::npos);
  EXPECT_NE(s.out.find(wrong, first + 1), std::string::npos) << "asked again, and confirmed";
  EXPECT_TRUE(has("  The dealer is changed before anything else of the hand is entered: `undo` back to it first.\n"))
      << s.out;
  EXPECT_TRUE(has("  Hand 2: Cat deals.\n")) << s.out;
  EXPECT_TRUE(has("Hand 3: Ann deals.\n")) << "the rotation goes on from the dealer recorded:\n" << s.out;
  const std::string y = slurp(file);
  EXPECT_NE(y.find("  # hand 2, dealt by Cat\n  - dealer: Cat\n    taken: {Ann: 6, Bob: 4, Cat: 7}\n"), std::string::npos)
      << y;
  const auto games = test::validate_yaml(y, "g.yaml");
  ASSERT_EQ(games.size(), 1U);
  EXPECT_EQ(test::codes(games[0]), (std::vector<std::string>{"wrong-dealer", "incomplete"})) << y;
}

}  // namespace
}  // namespace trickref

namespace trickref {
namespace {

// Nine Five Two with the deal: after the dealer's discard, the kitty cards
// the dealer showed each player who plucked them are asked (exchange.
// show_kitty), checked as typed (show-missing), and written as `shows`.
TEST(RecordSession, TheKittyShownIsAskedAfterTheDiscard) {
  const auto rules = test::builtin("nine-five-two");
  const std::vector<std::string> players = {"Ann", "Bob", "Cat"};
  for (std::uint64_t seed = 1; seed < 100; ++seed) {
    PlayoutOptions po;
    po.seed = seed;
    po.max_hands = 4;
    const PlayedGame game = play_random_game(*rules, po);
    std::size_t i = 0;
    while (i < game.hands.size() && game.hands[i].shows.empty()) {
      ++i;
    }
    if (i == game.hands.size()) {
      continue;
    }
    const PlayedHand& h = game.hands[i];
    const auto [to, cards] = h.shows.front();
    const std::string script = script_of(game, *rules, players, "nine-five-two", Level::kDeal, i + 1);
    {
      const Scratch dir("show");
      const Session s = run(dir / "g.yaml", script);
      EXPECT_NE(s.out.find(fmt::format("Hand {}: the kitty cards {} showed {} (or none): ", i + 1,
                                       players[static_cast<std::size_t>(h.dealer)],
                                       players[static_cast<std::size_t>(to)])),
                std::string::npos)
          << s.out;
      EXPECT_EQ(s.out.find("Not recorded"), std::string::npos) << s.out;
      const std::string y = slurp(dir / "g.yaml");
      const auto flow = [](CardSet cs) {
        std::string out;
        for (const Card c : cs) {
          out += (out.empty() ? "" : ", ") + to_string(c);
        }
        return "[" + out + "]";
      };
      EXPECT_NE(y.find(fmt::format("    discard: {}\n    shows:\n      - {{to: {}, cards: {}}}\n", flow(h.discard),
                                   players[static_cast<std::size_t>(to)], flow(cards))),
                std::string::npos)
          << y;
      const auto games = test::validate_yaml(y, "g.yaml");
      ASSERT_EQ(games.size(), 1U);
      EXPECT_EQ(test::codes(games[0]), std::vector<std::string>{"incomplete"}) << "the next hand, begun";
    }
    // The show left out: the referee's show-missing, refused.
    const std::string discard = "\n" + to_string(h.discard) + "\n";
    const auto at = script.rfind(discard);
    ASSERT_NE(at, std::string::npos);
    const std::string shown = to_string(cards) + "\n";
    const auto line = script.find("\n" + shown, at + 1) + 1;
    ASSERT_NE(line, std::string::npos + 1);
    std::string wrong = script;
    wrong.replace(line, shown.size(), "none\nn\n" + shown);
    const Scratch dir("show-missing");
    const Session s = run(dir / "g.yaml", wrong);
    const auto fault = s.out.find("[show-missing]");
    ASSERT_NE(fault, std::string::npos) << s.out;
    EXPECT_NE(s.out.find("Not recorded.", fault), std::string::npos) << s.out.substr(fault);
    const auto games = test::validate_yaml(slurp(dir / "g.yaml"), "g.yaml");
    ASSERT_EQ(games.size(), 1U);
    EXPECT_EQ(test::codes(games[0]), std::vector<std::string>{"incomplete"}) << "the show made once refused";
    return;
  }
  FAIL() << "no seed gives a hand with a kitty shown";
}

}  // namespace
}  // namespace trickref

namespace trickref {
namespace {

// Court Piece: a revoke forfeits the hand (penalty.revoke: forfeit_hand) at
// its trick. The recorder ends the hand where the referee does, the next
// hand follows, and validate of the file says the hand ended there.
// `with_deal`: the revoke refused as typed and confirmed mid-trick, the
// trick completed; without the deal, the hand ends at the later play that
// proves it, the rest of that trick not asked.
void expect_forfeit_ends_the_hand(bool with_deal) {
  const auto rules = test::builtin("court-piece");
  const auto rv = put_a_revoke(*rules, with_deal);
  ASSERT_TRUE(rv);
  const PlayedHand& h = rv->game.hands[0];
  const std::vector<std::string> players = {"Ann", "Bob", "Cat", "Dan"};
  std::string script = "court-piece\nAnn Bob Cat Dan\n" + players[static_cast<std::size_t>(h.dealer)] + "\n";
  if (with_deal) {
    script += "d\n";
    for (int s = 0; s < 4; ++s) {
      script += to_string(h.deal[static_cast<std::size_t>(s)]) + "\n";
    }
  } else {
    script += "p\n";
  }
  script += std::string(1, suit_letter(h.trump)) + "\n";
  // The tricks up to the revoke's (with the deal) or the card that proves it.
  // Without the deal, the first later play of the suit by the revoker proves it.
  const auto place = [&](std::size_t t) { return static_cast<std::size_t>((rv->f - h.leaders[t] + 4) % 4); };
  std::size_t last = rv->t;
  while (!with_deal && last < rv->later && h.tricks[last + 1][place(last + 1)].suit() != rv->x.suit()) {
    ++last;
  }
  last += with_deal ? 0 : 1;
  const std::size_t proof = place(last);
  for (std::size_t t = 0; t <= last; ++t) {
    for (std::size_t k = 0; k < h.tricks[t].size(); ++k) {
      script += to_string(h.tricks[t][k]) + "\n";
      if (with_deal && t == rv->t && h.tricks[t][k] == rv->y) {
        script += "y\n";  // confirmed: what really happened
      }
      if (!with_deal && t == last && k == proof) {
        break;
      }
    }
    const auto side = [&](std::size_t i) { return h.leaders[i] % 2; };
    if (t + 1 == 7 && t + 1 < h.leaders.size()) {
      bool early = true;
      for (std::size_t i = 2; i <= 7; ++i) {
        early = early && side(i) == side(1);
      }
      script += early ? "y\n" : "";  // an early court: played on
    }
  }
  script += "end\n";
  const Scratch dir(with_deal ? "forfeit-deal" : "forfeit-plays");
  const Session s = run(dir / "g.yaml", script);
  // The hand is over at the forfeit: the next one begins.
  const std::string next = "Hand 2: enter its [p]lays, the [d]eal first, or the score [s]heet? ";
  EXPECT_NE(s.out.find(next), std::string::npos) << s.out.substr(s.out.size() > 3000 ? s.out.size() - 3000 : 0);
  EXPECT_EQ(s.out.find("Hand 1 is not finished"), std::string::npos) << s.out.substr(s.out.size() - 2000);
  EXPECT_EQ(s.out.find("Type p, d or s."), std::string::npos) << "nothing typed after the hand's end is refused";
  const std::string y = slurp(dir / "g.yaml");
  const auto games = test::validate_yaml(y, "g.yaml");
  ASSERT_EQ(games.size(), 1U);
  EXPECT_EQ(test::codes(games[0]), std::vector<std::string>{"revoke"}) << test::diagnostics_text(games) << y;
  ASSERT_TRUE(games[0].result);
  ASSERT_EQ(games[0].result->hands.size(), 1U) << y;
  EXPECT_EQ(games[0].result->hands[0].end, HandEnd::kRevoke);
  EXPECT_EQ(games[0].result->hands[0].tricks_played, static_cast<int>(rv->t) + 1);
}

TEST(RecordSession, ARevokeConfirmedWithTheDealEndsTheHandAfterItsTrick) { expect_forfeit_ends_the_hand(true); }

TEST(RecordSession, ARevokeProvedWithoutTheDealEndsTheHandAtOnce) { expect_forfeit_ends_the_hand(false); }

// Call Deuces on a score sheet: points that no play of the hand could give
// (call-deuces.md §4, points-impossible) are refused as the hand is entered,
// not offered as "what really happened", and asked again.
TEST(RecordSession, SheetPointsNoPlayCouldGiveAreRefused) {
  const Scratch dir("points-impossible");
  // Hal bids 15 and wins; tricks Gus 3, Hal 5, Ivy 2, Jo 3; Ivy partners.
  const std::string head = "call-deuces\nGus Hal Ivy Jo\nGus\ns\n15\npass\npass\npass\n3 5 2 3\nIvy\n";
  const Session s = run(dir / "g.yaml", head + "3 45 2 3\n3 15 7 8\n");
  const auto fault = s.out.find("[points-impossible]");
  ASSERT_NE(fault, std::string::npos) << s.out;
  EXPECT_NE(s.out.find("Hal's points for the hand are recorded as 45, but no play gives that many"), std::string::npos)
      << s.out;
  EXPECT_NE(s.out.find("Not recorded: no play of the hand gives these points", fault), std::string::npos) << s.out;
  EXPECT_EQ(s.out.find("Record it anyway", fault), std::string::npos) << s.out;
  const std::string y = slurp(dir / "g.yaml");
  EXPECT_NE(y.find("    points: {Gus: 3, Hal: 15, Ivy: 7, Jo: 8}\n"), std::string::npos) << y;
  EXPECT_EQ(y.find("45"), std::string::npos) << y;
}

}  // namespace
}  // namespace trickref
