// yaml_scalar (yaml/scalar.h), the one quoting rule of every YAML writer:
// what it writes plain and quoted, and names written by the recorder's
// Draft and the simulator's transcript writer read back unchanged through
// validate.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "engine/playout.h"
#include "record/draft.h"
#include "support/test_support.h"
#include "transcript/writer.h"
#include "yaml/scalar.h"

namespace trickref {
namespace {

TEST(YamlScalar, PlainWhereNothingReadsAsSyntax) {
  for (const char* s : {"Ann", "Mary Ann", "Zoë", "O-Neil", "heuristic-1", "a.b", "pluck", "rulesets/house/x.yaml",
                        "3rd Street", "Ann (North)", "x=y", "yes sir", "e"}) {
    EXPECT_EQ(yaml_scalar(s), s) << s;
  }
}

TEST(YamlScalar, QuotedWhereYamlWouldReadSomethingElse) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"", R"("")"},
      {"no", R"("no")"},
      {"Yes", R"("Yes")"},
      {"TRUE", R"("TRUE")"},
      {"off", R"("off")"},
      {"y", R"("y")"},
      {"N", R"("N")"},
      {"null", R"("null")"},
      {"~", R"("~")"},
      {"12", R"("12")"},
      {"-3.5", R"("-3.5")"},
      {"1e3", R"("1e3")"},
      {"0x1F", R"("0x1F")"},
      {".inf", R"(".inf")"},
      {"2026-11-21", R"("2026-11-21")"},
      {"1:30", R"("1:30")"},
      {" Ann", R"(" Ann")"},
      {"Ann ", R"("Ann ")"},
      {"a: b", R"("a: b")"},
      {"a:b", R"("a:b")"},
      {"Ann #1", R"("Ann #1")"},
      {"#1", R"("#1")"},
      {"-x", R"("-x")"},
      {"? x", R"("? x")"},
      {"[x]", R"("[x]")"},
      {"a, b", R"("a, b")"},
      {"{x}", R"("{x}")"},
      {"&anchor", R"("&anchor")"},
      {"*alias", R"("*alias")"},
      {"!tag", R"("!tag")"},
      {"|", R"("|")"},
      {">", R"(">")"},
      {"%x", R"("%x")"},
      {"@x", R"("@x")"},
      {"`x", R"("`x")"},
      {"O'Brien", R"("O'Brien")"},
      {"say \"hi\"", R"("say \"hi\"")"},
      {"back\\slash", R"("back\\slash")"},
      {"tab\there", R"("tab\x09here")"},
      {"two\nlines", R"("two\x0Alines")"},
      {"cr\r", R"("cr\x0D")"},
      {std::string("nul\0x", 5), R"("nul\x00x")"},
      {"esc\x1b[2J", R"("esc\x1B[2J")"},
      {"del\x7f", R"("del\x7F")"},
      {"c1\u0085", R"("c1\x85")"},
      {"rtl\u202Eoverride", R"("rtl\u202Eoverride")"},
      {"bad\xff", R"("bad\xFF")"},
  };
  for (const auto& [in, want] : cases) {
    EXPECT_EQ(yaml_scalar(in), want) << in;
  }
}

// Names and metadata YAML would misread, a control character among them,
// written by the Draft and by the transcript writer: validate reads back
// the same strings.
TEST(YamlScalar, TrickyNamesRoundTripThroughValidate) {
  const std::vector<std::vector<std::string>> tables = {
      {"tab\there", "two\nlines", "12"},
      {"no", "Yes", "null"},
      {" lead", "a: b", "O'Brien"},
      {"#1", "[x], y", "say \"hi\" \\ bye"},
      {"esc\x1b[2J", "~", "Zoë"},
      {"-x", "&a *b", "2026-11-21"},
  };
  const auto rules = test::builtin("pluck");
  for (const auto& players : tables) {
    record::Draft d;
    d.ruleset = "pluck";
    d.players = players;
    d.id = players[1];
    d.notes = players[0] + "\n" + players[2];
    d.event = {{"club", players[0]}, {players[2], "x"}};
    d.finished = true;
    const std::string y = record::to_yaml(d, hand_phases(*rules));
    const auto games = test::validate_yaml(y, "d.yaml");
    ASSERT_EQ(games.size(), 1U) << y;
    EXPECT_EQ(games[0].players, players) << y;
    EXPECT_EQ(games[0].id, d.id) << y;
    EXPECT_EQ(games[0].notes, d.notes) << y;
    EXPECT_EQ(games[0].event, d.event) << y;

    PlayoutOptions po;
    po.seed = 3;
    po.max_hands = 1;
    WriteOptions wo;
    wo.id = players[2];
    wo.event = {{players[1], players[0]}};
    const std::string t = to_yaml(play_random_game(*rules, po), *rules, "pluck", players, wo);
    const auto written = test::validate_yaml(t, "t.yaml");
    ASSERT_EQ(written.size(), 1U) << t;
    EXPECT_EQ(written[0].players, players) << t;
    EXPECT_EQ(written[0].id, wo.id) << t;
    EXPECT_EQ(written[0].event, wo.event) << t;
    EXPECT_EQ(test::diagnostics_text(written), "") << t;
  }
}

}  // namespace
}  // namespace trickref
