// Hostile input, round two: nothing a record says controls the terminal,
// forges an output line or swells the output. The real binary, as a
// subprocess (tests/support/hostile.h): every case checks the exit code,
// peak memory, CPU, the output size and that no raw control character
// reaches the output; these add what each class must show.
#include <algorithm>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "support/hostile.h"

namespace {

using namespace trickref::test::hostile;  // NOLINT(google-build-using-namespace)

// Names that try everything: an ESC colour sequence, a newline that would
// forge a diagnostic line, a right-to-left override, the 8-bit CSI (U+009B),
// DEL, a bell, an OSC title change.
const std::string kRed = "\"Ann\\e[31mRED\"";
const std::string kForge = "\"Bob\\nforged.yaml:1:1: error: forged [revoke]\"";
const std::string kBidi = "\"Cat\\u202egnp.exe\"";
const std::string kRecord = "game: pluck\nid: \"t1\\e]0;owned\\a\"\nplayers: [" + kRed + ", " + kForge + ", " +
                            kBidi + "]\nnotes: \"x\\x9b2J\\x7f\"\nhands:\n  - dealer: " + kRed +
                            "\n    taken: {" + kRed + ": 9, " + kForge + ": 4, " + kBidi +
                            ": 4, \"Zed\\e[2J\": 1}\n";

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string l; std::getline(in, l);) {
    out.push_back(l);
  }
  return out;
}

TEST_F(Hostile, ControlCharactersInARecordAreEscapedInText) {
  file("esc.yaml", kRecord);
  const Outcome r = expect({"validate", "esc.yaml"}, 1, R"(^esc\.yaml:7:\d+: error: 'Zed\\x1b\[2J' .*\[unknown-player\])");
  // Every diagnostic is one line that starts with its file: the newline in
  // Bob's name cannot forge a line of its own.
  const std::regex diagnostic_line(R"(^[^ ]+:\d+:\d+: (error|warning): )");
  int diagnostics = 0;
  for (const auto& l : lines_of(r.out)) {
    EXPECT_EQ(l.rfind("forged.yaml", 0), std::string::npos) << l;
    if (std::regex_search(l, diagnostic_line)) {
      EXPECT_EQ(l.rfind("esc.yaml:", 0), 0U) << l;
      ++diagnostics;
    }
  }
  EXPECT_EQ(diagnostics, 1) << r.out;
  EXPECT_NE(r.out.find("Ann\\x1b[31mRED"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Bob\\nforged.yaml"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Cat\\u202egnp.exe"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("[t1\\x1b]0;owned\\x07]"), std::string::npos) << r.out;  // the id in the table's title
}

TEST_F(Hostile, WithColourOnlyTrickrefsOwnSequencesReachTheTerminal) {
  file("esc.yaml", kRecord);
  Outcome r = run({"validate", "--color", "always", "esc.yaml"});
  EXPECT_EQ(r.exit_code, 1);
  std::string stripped = r.out;
  for (const char* sgr : {"\x1b[1;31m", "\x1b[1;35m", "\x1b[1;36m", "\x1b[1m", "\x1b[0m"}) {
    for (auto at = stripped.find(sgr); at != std::string::npos; at = stripped.find(sgr)) {
      stripped.erase(at, std::string(sgr).size());
    }
  }
  EXPECT_NE(stripped.size(), r.out.size()) << "no colour at all";
  EXPECT_EQ(raw_control(stripped), "") << stripped;
}

TEST_F(Hostile, JsonAndSarifEscapeByTheirOwnRulesAndKeepTheValue) {
  file("esc.yaml", kRecord);
  const Outcome r = expect({"validate", "--format", "json", "esc.yaml"}, 1, R"(\\u001b\[31mRED)");
  EXPECT_NE(r.out.find("\\u202e"), std::string::npos);
  EXPECT_NE(r.out.find("\\u009b"), std::string::npos);
  EXPECT_NE(r.out.find("\\u007f"), std::string::npos);
  const auto j = nlohmann::json::parse(r.out);
  const auto& game = j.at("games").at(0);
  EXPECT_EQ(game.at("players").at(0), "Ann\x1b[31mRED");
  EXPECT_EQ(game.at("players").at(1), "Bob\nforged.yaml:1:1: error: forged [revoke]");
  EXPECT_EQ(game.at("players").at(2), "Cat\xe2\x80\xaegnp.exe");
  EXPECT_EQ(game.at("notes"), "x\xc2\x9b" "2J\x7f");
  expect({"validate", "--format", "sarif", "esc.yaml"}, 1, R"(Zed\\u001b\[2J)");
  const Outcome lines = run({"validate", "--format", "jsonl", "esc.yaml"});  // one long line a game
  EXPECT_EQ(lines.exit_code, 1);
  EXPECT_EQ(raw_control(lines.out), "");
  EXPECT_EQ(lines_of(lines.out).size(), 1U);
}

// A small Nine Five Two score sheet whose players try formula injection and
// control characters; +Bob ends the hand on -4.
const std::string kSheet =
    "game: nine-five-two\nplayers: [\"=HYPERLINK(\\\"http://evil\\\",\\\"x\\\")\", \"+Bob\", \"@Cat\\e[2J\"]\n"
    "hands:\n  - dealer: \"+Bob\"\n    taken: {\"=HYPERLINK(\\\"http://evil\\\",\\\"x\\\")\": 2, \"+Bob\": 5, "
    "\"@Cat\\e[2J\": 9}\n";

TEST_F(Hostile, ScoreReportsEscapeNamesInEveryFormat) {
  file("sheet.yaml", kSheet);
  // CSV: text cells guarded against formulas and quoted; numbers as they are.
  const Outcome csv = expect({"score", "--format", "csv", "sheet.yaml"}, 0, R"(^season,)");
  EXPECT_NE(csv.out.find(R"csv("'=HYPERLINK(""http://evil"",""x"")")csv"), std::string::npos) << csv.out;
  EXPECT_NE(csv.out.find("\"'+Bob\""), std::string::npos) << csv.out;
  EXPECT_NE(csv.out.find("\"'@Cat\\x1b[2J\""), std::string::npos) << csv.out;
  for (const auto& l : lines_of(csv.out)) {
    EXPECT_EQ(l.find(",=,"), std::string::npos);
    EXPECT_EQ(l.find(",+"), std::string::npos) << l;
    EXPECT_EQ(l.find(",@"), std::string::npos) << l;
  }
  EXPECT_TRUE(std::regex_search(csv.out, std::regex(R"(,-4,)"))) << "a negative number stays a number:\n"
                                                                 << csv.out;
  // Text, Markdown and HTML.
  const Outcome text = expect({"score", "sheet.yaml"}, 0, R"(@Cat\\x1b\[2J)");
  // Markdown and HTML lines may be long (a table row, an SVG chart): run, not expect.
  const Outcome md = run({"score", "--format", "md", "sheet.yaml"});
  EXPECT_EQ(raw_control(md.out), "");
  EXPECT_NE(md.out.find("| @Cat\\\\x1b\\[2J |"), std::string::npos) << md.out;
  EXPECT_NE(md.out.find("| +Bob |"), std::string::npos) << md.out;
  const Outcome html = run({"score", "--format", "html", "sheet.yaml"});
  EXPECT_EQ(html.exit_code, 0);
  EXPECT_EQ(raw_control(html.out), "");
  EXPECT_NE(html.out.find("<th scope=\"row\">@Cat\\x1b[2J</th>"), std::string::npos) << html.out;
  EXPECT_EQ(html.out.find("\"http://evil"), std::string::npos) << "a quote in a name closes no attribute";
  EXPECT_NE(html.out.find("=HYPERLINK(&quot;http://evil&quot;"), std::string::npos);
  const Outcome json = expect({"score", "--format", "json", "sheet.yaml"}, 0, R"(@Cat\\u001b\[2J)");
  EXPECT_EQ(nlohmann::json::parse(json.out).at("standings").at(2).at("player"), "+Bob");
  EXPECT_EQ(nlohmann::json::parse(json.out).at("standings").at(2).at("points"), -4);
  EXPECT_NE(text.out.find("@Cat\\x1b[2J"), std::string::npos);
}

TEST_F(Hostile, CompareAndEveryCommandTakeFileNamesThatAreNotUtf8) {
  const std::string name = "bad\xff\xfe.yaml";
  file(name, kSheet);
  const std::vector<std::vector<std::string>> runs{
      {"validate", name},
      {"validate", "--format", "json", name},
      {"validate", "--format", "jsonl", name},
      {"validate", "--format", "sarif", name},
      {"score", name},
      {"score", "--format", "json", name},
      {"score", "--format", "csv", name},
      {"score", "--format", "md", name},
      {"score", "--format", "html", name},
      {"compare", name, "--rules", "nine-five-two", "--rules", "nine-five-two-10"},
      {"compare", "--format", "json", name, "--rules", "nine-five-two", "--rules", "nine-five-two-10"},
  };
  for (const auto& args : runs) {
    std::string shown;
    for (const auto& a : args) {
      shown += a + " ";
    }
    SCOPED_TRACE(shown);
    const Outcome r = run(args);  // JSON Lines and HTML lines are long: run, not expect
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.err, "");
    EXPECT_EQ(raw_control(r.out), "");
    EXPECT_FALSE(r.out.empty());
    if (args[1] == "--format" && args[2] == "json") {
      EXPECT_TRUE(nlohmann::json::accept(r.out)) << r.out.substr(0, 500);
    }
  }
  // Text names the bytes it cannot show; JSON shows U+FFFD.
  EXPECT_NE(run({"validate", name}).out.find("bad\\xff\\xfe.yaml game 1"), std::string::npos);
  EXPECT_NE(run({"compare", name, "--rules", "nine-five-two", "--rules", "nine-five-two-10"}).out.find("bad\\xff\\xfe.yaml"),
            std::string::npos);
}

// ------------------------------------------------------ output proportional

TEST_F(Hostile, ALongValueRepeatedByAnAliasIsQuotedAtEightyCharacters) {
  // A 60 KB token, anchored once and played in every trick: thousands of
  // bad-card diagnostics, each quoting at most 80 characters, at most 1,000 listed.
  std::string text = "game: pluck\nplayers: [Ann, Bob, Cat]\nhands:\n  - dealer: Ann\n    trump: S\n    tricks:\n";
  text += "      - [&x \"" + std::string(60'000, 'Q') + "\", *x, *x]\n";
  for (int i = 0; i < 16; ++i) {
    text += "      - [*x, *x, *x]\n";
  }
  std::string games;
  for (int g = 0; g < 60; ++g) {
    games += (g == 0 ? "" : "---\n") + text;
  }
  file("alias.yaml", games);
  const Outcome r = expect({"validate", "-q", "alias.yaml"}, 1,
                           R"(^alias\.yaml: note: \d+ more diagnostics not shown \(\d+ errors, 0 warnings\): a file lists at most its first 1000 \(raise it with --max-diagnostics\)$)");
  const auto lines = lines_of(r.out);
  // 1,000 diagnostics, then one note for the file (not one for each of the 41 games that found more).
  EXPECT_EQ(std::count_if(lines.begin(), lines.end(), [](const auto& l) { return l.find(": error: ") != std::string::npos; }),
            1000);
  EXPECT_EQ(std::count_if(lines.begin(), lines.end(), [](const auto& l) { return l.rfind("alias.yaml: note: ", 0) == 0; }),
            1);
  EXPECT_EQ(lines.size(), 1001U);
  EXPECT_NE(r.out.find("'" + std::string(79, 'Q') + "\xe2\x80\xa6' is not a card"), std::string::npos);
  EXPECT_LT(r.out.size(), 250'000U);
}

// A file of many one-line faulty games: past the cap the output stops
// growing (one note for the file, not one a game), so it stays within 10
// times the input plus 1 MB and never above what --max-diagnostics 0 prints.
TEST_F(Hostile, ManyFaultyGamesPastTheCapAddNothingPerGame) {
  std::string lines;
  for (int i = 0; i < 20'000; ++i) {
    lines += "{}\n";
  }
  file("many.jsonl", lines);
  const Outcome capped = run({"validate", "many.jsonl"});
  const Outcome all = run({"validate", "--max-diagnostics", "0", "many.jsonl"});
  EXPECT_EQ(capped.exit_code, 1);
  EXPECT_LE(capped.out.size(), 10 * lines.size() + (1U << 20U));
  EXPECT_LE(capped.out.size(), all.out.size());
  const auto shown = lines_of(capped.out);
  EXPECT_EQ(std::count_if(shown.begin(), shown.end(), [](const auto& l) { return l.rfind("many.jsonl: note: ", 0) == 0; }),
            1)
      << capped.out.substr(capped.out.size() - std::min<std::size_t>(capped.out.size(), 2000));
  EXPECT_NE(capped.out.find("1 file, 20000 games: "), std::string::npos);
  // Both count every finding alike.
  EXPECT_EQ(capped.out.substr(capped.out.rfind("1 file, ")), all.out.substr(all.out.rfind("1 file, ")));
}

TEST_F(Hostile, ThousandsOfPlayersDoNotMultiplyTheOutput) {
  std::string players;
  std::string taken;
  for (int i = 0; i < 5000; ++i) {
    players += (i == 0 ? "" : ", ") + std::string("P") + std::to_string(i);
  }
  for (int i = 0; i < 3000; ++i) {
    taken += (i == 0 ? "" : ", ") + std::string("Q") + std::to_string(i) + ": 1";
  }
  file("many.yaml", "game: pluck\nplayers: [" + players + "]\nhands:\n  - dealer: P1\n    taken: {" + taken + "}\n");
  const Outcome r = expect({"validate", "many.yaml"}, 1,
                           R"(^many\.yaml:5:\d+: error: 'Q0' \(a key of `taken`\) is not one of the players: P0, P1, P2, P3, P4, P5, P6, P7 and 4992 more \[unknown-player\] \(hand 1\)$)");
  EXPECT_LT(r.out.size(), 200'000U);  // was 102 MB
}

TEST_F(Hostile, MaxDiagnosticsCapsEachFileAndCountsTheRest) {
  file("a.yaml", "game: pluck\nplayers: [Ann, Bob, Cat]\nhands:\n  - dealer: Ann\n    taken: {A1: 1, A2: 2, A3: 3, A4: 4}\n"
                 "---\ngame: pluck\nplayers: [Ann, Bob, Cat]\nhands:\n  - dealer: Ann\n    taken: {B1: 1, B2: 2}\n");
  file("b.yaml", "game: pluck\nplayers: [Ann, Bob, Cat]\nhands:\n  - dealer: Ann\n    taken: {C1: 1, C2: 2}\n");
  const Outcome r = expect({"validate", "-q", "--max-diagnostics", "3", "a.yaml", "b.yaml"}, 1,
                           R"(^a\.yaml: note: 3 more diagnostics not shown \(3 errors, 0 warnings\): a file lists at most its first 3)");
  const auto lines = lines_of(r.out);
  const auto in = [&](const char* file) {
    return std::count_if(lines.begin(), lines.end(), [&](const auto& l) {
      return l.rfind(file, 0) == 0 && l.find("[unknown-player]") != std::string::npos;
    });
  };
  EXPECT_EQ(in("a.yaml:"), 3);  // the first game's four, cut at three ...
  EXPECT_EQ(in("b.yaml:"), 2);  // ... and the next file has its own three
  // One note for the file, after its last game, counting both games' (the second had none left).
  const auto note = std::find_if(lines.begin(), lines.end(), [](const auto& l) { return l.rfind("a.yaml: note: ", 0) == 0; });
  const auto b = std::find_if(lines.begin(), lines.end(), [](const auto& l) { return l.rfind("b.yaml:", 0) == 0; });
  EXPECT_EQ(note + 1, b) << r.out;
  EXPECT_EQ(std::count_if(lines.begin(), lines.end(), [](const auto& l) { return l.find(": note: ") != std::string::npos; }),
            1);
  // Counted in the summary all the same.
  const Outcome s = run({"validate", "--max-diagnostics", "3", "a.yaml", "b.yaml"});
  EXPECT_NE(s.out.find("2 files, 3 games: 8 errors, 0 warnings"), std::string::npos) << s.out;
  const auto j = nlohmann::json::parse(run({"validate", "--format", "json", "--max-diagnostics", "3", "a.yaml"}).out);
  EXPECT_EQ(j.at("games").at(0).at("diagnostics_not_shown"), (nlohmann::json{{"errors", 1}, {"warnings", 0}}));
  EXPECT_EQ(j.at("summary").at("errors"), 6);
  // 0 lifts the cap.
  EXPECT_EQ(run({"validate", "-q", "--max-diagnostics", "0", "a.yaml"}).out.find("not shown"), std::string::npos);
}

TEST_F(Hostile, DidYouMeanCostsBoundedTime) {
  // Three 20,000-character players and 40 hands dealt by near misses of the
  // same length: compared character by character, each unknown name would
  // cost 1.2 billion steps; "did you mean" compares only short words.
  const std::string a(20'000, 'A');
  std::string text = "game: pluck\nplayers: [" + a + ", " + std::string(20'000, 'B') + ", " +
                     std::string(20'000, 'C') + "]\nhands:\n";
  for (int i = 0; i < 40; ++i) {
    text += "  - dealer: " + a.substr(4) + std::to_string(1000 + i) + "\n";
  }
  file("names.yaml", text);
  const Outcome r = expect({"validate", "-q", "names.yaml"}, 1,
                           "^names\\.yaml:4:\\d+: error: '" + std::string(79, 'A') +
                               "…' \\(the dealer\\) is not one of the players: A{79}…, B{79}…, C{79}… \\[unknown-player\\]");
  EXPECT_LT(r.out.size(), 50'000U);
}

// ----------------------------------------------------------------- rulesets

TEST_F(Hostile, ARulesetNameIsOneWordAndItsDescriptionIsEscaped) {
  file("house.yaml", "name: house\ndescription: \"ours\\e[2J\\nrm -rf\"\nextends: pluck\n");
  const Outcome show = expect({"rules", "show", "./house.yaml"}, 0, R"(^# house: ours\\x1b\[2J\\nrm -rf$)");
  file("escape.yaml", "name: ../../escape\nextends: pluck\n");
  expect({"rules", "check", "escape.yaml"}, 1,
         R"(^escape\.yaml:1:7: error: a ruleset's `name` is one word of letters, digits.* \[ruleset\]$)");
  file("game.yaml", "game: escape.yaml\nplayers: [Ann, Bob, Cat]\nhands: []\n");
  expect({"validate", "game.yaml"}, 1, R"(^game\.yaml:1:7: error: ruleset 'escape\.yaml' is invalid: a ruleset's `name`)");
  // A file without `name:` takes its stem, made a word.
  file("my rules\x1b.yaml", "extends: pluck\n");
  expect({"rules", "show", "./my rules\x1b.yaml"}, 0, R"(^name: my-rules-$)");
}

}  // namespace

namespace {

using namespace trickref::test::hostile;  // NOLINT(google-build-using-namespace)

TEST_F(Hostile, ArgumentsQuotedInUsageErrorsArePrintable) {
  const Outcome bad_format = run({"validate", "--format", "j\x1b[2J", "x.yaml"});
  EXPECT_EQ(bad_format.exit_code, 2);
  EXPECT_NE(bad_format.err.find("j\\x1b[2J"), std::string::npos) << bad_format.err;
  EXPECT_EQ(raw_control(bad_format.all()), "");
  const Outcome explain = run({"explain", "x\x1b]0;t\x07"});
  EXPECT_EQ(explain.exit_code, 2);
  EXPECT_NE(explain.err.find("'x\\x1b]0;t\\x07'"), std::string::npos) << explain.err;
  const Outcome schema = run({"schema", "r\xc2\x9b"});
  EXPECT_EQ(schema.exit_code, 2);
  EXPECT_EQ(raw_control(schema.all()), "");
}

}  // namespace
