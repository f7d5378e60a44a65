// End to end through cli::run: exit codes, formats, inputs (files,
// directories, standard input, JSON Lines), batches and the small commands.
#include <filesystem>
#include <fstream>

#include <unistd.h>

#include <fmt/format.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "support/test_support.h"

namespace trickref {
namespace {

class Cli : public ::testing::Test {
 protected:
  void SetUp() override { std::filesystem::current_path(test::source_dir()); }
};

TEST_F(Cli, CleanSamplesExitZero) {
  const auto r = test::run_cli({"validate", "samples/night", "samples/sheets", "samples/archive", "samples/levels"});
  EXPECT_EQ(r.exit_code, 0) << r.out;
  EXPECT_NE(r.out.find("9 files, 21 games: 0 errors, 0 warnings\n"), std::string::npos) << r.out;
}

TEST_F(Cli, ErrorsExitOneAndUnreadablePathsExitTwo) {
  EXPECT_EQ(test::run_cli({"validate", "-q", "samples/invalid/revoke.yaml"}).exit_code, 1);
  const auto r = test::run_cli({"validate", "-q", "no/such/file.yaml", "samples/night/table-2.yaml"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.out, "no/such/file.yaml: error: cannot read 'no/such/file.yaml': no such file or directory [io]\n");
}

TEST_F(Cli, AnEmptyDirectoryOrADeviceIsAnIoProblem) {
  const auto dir = std::filesystem::temp_directory_path() / fmt::format("trickref-empty-{}", ::getpid());
  std::filesystem::create_directories(dir / "sub");
  std::ofstream(dir / "sub" / "notes.txt") << "not a record\n";
  const auto r = test::run_cli({"validate", "-q", dir.string()});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.out, fmt::format("{0}: error: '{0}' holds no records (.yaml, .yml, .json or .jsonl files) [io]\n",
                               dir.string()));
  const auto score = test::run_cli({"score", "--format", "json", dir.string()});
  EXPECT_EQ(score.exit_code, 2);
  EXPECT_EQ(nlohmann::json::parse(score.out)["excluded"].size(), 1U);
  std::filesystem::remove_all(dir);
  const auto dev = test::run_cli({"validate", "-q", "/dev/zero"});
  EXPECT_EQ(dev.exit_code, 2);
  EXPECT_EQ(dev.out, "/dev/zero: error: cannot read '/dev/zero': is a device or socket, not a file [io]\n");
}

TEST_F(Cli, OneBadFileNeverStopsTheBatch) {
  const auto r = test::run_cli({"validate", "--format", "json", "samples/invalid/syntax.yaml",
                                "samples/night/table-2.yaml"});
  EXPECT_EQ(r.exit_code, 1);
  const auto j = nlohmann::json::parse(r.out);
  ASSERT_EQ(j["games"].size(), 2U);
  EXPECT_EQ(j["games"][0]["diagnostics"][0]["code"], "syntax");
  EXPECT_EQ(j["games"][1]["result"]["finished"], true);
  EXPECT_EQ(j["summary"]["files"], 2);
}

TEST_F(Cli, UsageErrorsExitTwoHelpExitsZero) {
  EXPECT_EQ(test::run_cli({"validate", "--bogus", "x.yaml"}).exit_code, 2);
  EXPECT_EQ(test::run_cli({"validate"}).exit_code, 2);
  EXPECT_EQ(test::run_cli({}).exit_code, 2);
  EXPECT_EQ(test::run_cli({"validate", "--format", "xml", "samples/night"}).exit_code, 2);
  const auto help = test::run_cli({"validate", "--help"});
  EXPECT_EQ(help.exit_code, 0);
  EXPECT_NE(help.out.find("--rules"), std::string::npos);
  const auto bad_rules = test::run_cli({"validate", "--rules", "plock", "samples/night"});
  EXPECT_EQ(bad_rules.exit_code, 2);
  EXPECT_NE(bad_rules.err.find("unknown ruleset 'plock' (did you mean 'pluck'?)"), std::string::npos) << bad_rules.err;
}

// A first word that is no command names the commands and a near one; a
// scorer looking for `init` is told how a game is kept.
TEST_F(Cli, AnUnknownCommandIsNamedWithTheCommands) {
  const std::string commands =
      "the commands: validate, score, compare, simulate, analyse, record, new, import, rules, explain, schema\n";
  const auto init = test::run_cli({"init"});
  EXPECT_EQ(init.exit_code, 2);
  EXPECT_EQ(init.out, "");
  EXPECT_EQ(init.err, "trickref: error: 'init' is not a command; " + commands +
                          "To keep a new game: trickref record FILE (asks as you go), or trickref new --rules NAME "
                          "--players A,B,C (a record to fill in).\n"
                          "Run trickref --help for more.\n");
  const auto typo = test::run_cli({"valdate", "samples/night"});
  EXPECT_EQ(typo.exit_code, 2);
  EXPECT_EQ(typo.err, "trickref: error: 'valdate' is not a command (did you mean 'validate'?); " + commands +
                          "Run trickref --help for more.\n");
  EXPECT_EQ(test::run_cli({"x\x1b[31m"}).err,
            "trickref: error: 'x\\x1b[31m' is not a command; " + commands + "Run trickref --help for more.\n");
}

TEST_F(Cli, StandardInputYamlAndJsonLines) {
  const std::string yaml = test::read_source_file("samples/night/table-2.yaml");
  const auto r = test::run_cli({"validate", "-q", "-"}, yaml);
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out, "");
  const std::string jsonl = test::read_source_file("samples/archive/season-2026.jsonl");
  const auto j = test::run_cli({"validate", "--format", "jsonl", "-"}, jsonl);
  EXPECT_EQ(j.exit_code, 0);
  EXPECT_EQ(std::count(j.out.begin(), j.out.end(), '\n'), 9);
  EXPECT_EQ(nlohmann::json::parse(j.out.substr(0, j.out.find('\n')))["file"], "-");
}

TEST_F(Cli, JsonLinesArchiveIsOneGamePerLineWithLineNumbers) {
  const std::string dir = (std::filesystem::temp_directory_path() / "trickref-cli-jsonl").string();
  std::filesystem::create_directories(dir);
  const std::string file = dir + "/two.jsonl";
  const std::string lines = test::read_source_file("samples/archive/season-2026.jsonl");
  std::string second_line = lines.substr(lines.find('\n') + 1);
  second_line = second_line.substr(0, second_line.find('\n'));
  std::ofstream(file) << lines.substr(0, lines.find('\n') + 1) << "{\"players\": [Ann, Bob\n" << second_line << "\n";
  const auto r = test::run_cli({"validate", "-q", file});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.out.find(file + ":2:"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("[syntax]"), std::string::npos);
  const auto j = nlohmann::json::parse(test::run_cli({"validate", "--format", "json", file}).out);
  EXPECT_EQ(j["summary"]["games"], 3);
  EXPECT_EQ(j["games"][2]["index"], 2);
}

TEST_F(Cli, StrictMakesWarningsFail) {
  EXPECT_EQ(test::run_cli({"validate", "-q", "samples/invalid/unknown-key.yaml"}).exit_code, 0);
  EXPECT_EQ(test::run_cli({"validate", "-q", "--strict", "samples/invalid/unknown-key.yaml"}).exit_code, 1);
}

TEST_F(Cli, JobsDoNotChangeTheOutput) {
  const auto one = test::run_cli({"validate", "--format", "json", "-j", "1", "samples"});
  const auto two = test::run_cli({"validate", "--format", "json", "-j", "2", "samples"});
  EXPECT_EQ(one.out, two.out);
  EXPECT_EQ(one.exit_code, 1);
}

TEST_F(Cli, RulesOverrideTheGamesRuleset) {
  // A Pluck record refereed as Nine Five Two: the hand sizes are wrong.
  const auto r = test::run_cli({"validate", "-q", "--rules", "nine-five-two", "samples/night/table-2.yaml"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.out.find("[hand-size]"), std::string::npos);
}

TEST_F(Cli, InputFilesAreNeverModified) {
  const std::string before = test::read_source_file("samples/invalid/revoke.yaml");
  (void)test::run_cli({"validate", "samples/invalid/revoke.yaml"});
  EXPECT_EQ(test::read_source_file("samples/invalid/revoke.yaml"), before);
}

TEST_F(Cli, RulesCommands) {
  const auto list = test::run_cli({"rules", "list"});
  EXPECT_EQ(list.exit_code, 0);
  EXPECT_NE(list.out.find("pluck-least-first            pluck"), std::string::npos) << list.out;
  const auto show = test::run_cli({"rules", "show", "nine-five-two-10"});
  EXPECT_EQ(show.exit_code, 0);
  EXPECT_NE(show.out.find("  end: {target: 10}"), std::string::npos) << show.out;
  EXPECT_NE(show.out.find("quotas: {dealer: 9, left: 5, right: 2}"), std::string::npos);
  const auto diff = test::run_cli({"rules", "diff", "pluck", "pluck-least-first"});
  EXPECT_EQ(diff.out, "exchange.order  most_first -> least_first\n1 option differs between pluck and "
                      "pluck-least-first\n");
  EXPECT_EQ(test::run_cli({"rules", "show", "nope"}).exit_code, 2);
  const auto check = test::run_cli({"rules", "check", "rulesets/house/nine-five-two-943.yaml"});
  EXPECT_EQ(check.exit_code, 0);
  EXPECT_EQ(check.out, "rulesets/house/nine-five-two-943.yaml: ok: ruleset 'nine-five-two-943', 3 players, 16 cards "
                       "each and a kitty of 4, quotas {dealer: 9, left: 5, right: 2}\n");
  // A game without quotas says how it scores.
  EXPECT_EQ(test::run_cli({"rules", "check", "rulesets/house/court-piece-abandon.yaml"}).out,
            "rulesets/house/court-piece-abandon.yaml: ok: ruleset 'court-piece-abandon', 4 players, 13 cards each, "
            "scoring.kind courts\n");
}

TEST_F(Cli, RulesShowPrintsAYamlRulesetThatLoadsBackTheSame) {
  const std::string dir = (std::filesystem::temp_directory_path() / "trickref-cli-show").string();
  std::filesystem::create_directories(dir);
  const auto show = test::run_cli({"rules", "show", "pluck-lowest-give"});
  std::ofstream(dir + "/resolved.yaml") << show.out;
  const auto diff = test::run_cli({"rules", "diff", "pluck-lowest-give", dir + "/resolved.yaml"});
  EXPECT_EQ(diff.out, "pluck-lowest-give and pluck-lowest-give set every option alike\n");
}

TEST_F(Cli, ExplainAndSchema) {
  const auto e = test::run_cli({"explain", "revoke"});
  EXPECT_EQ(e.exit_code, 0);
  EXPECT_NE(e.out.find("Ruleset options that change it: penalty.revoke"), std::string::npos);
  const auto bad = test::run_cli({"explain", "revok"});
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_NE(bad.err.find("did you mean 'revoke'?"), std::string::npos);
  const std::string all = test::run_cli({"explain"}).out;
  EXPECT_EQ(std::count(all.begin(), all.end(), '\n'), static_cast<std::ptrdiff_t>(code_catalogue().size()));  // a line a code
  for (const char* s : {"transcript", "ruleset", "report"}) {
    const auto r = test::run_cli({"schema", s});
    EXPECT_EQ(r.exit_code, 0);
    EXPECT_EQ(nlohmann::json::parse(r.out)["$schema"], "http://json-schema.org/draft-07/schema#");
  }
  EXPECT_EQ(test::run_cli({"schema", "nope"}).exit_code, 2);
}

TEST_F(Cli, SarifOutput) {
  const auto r = test::run_cli({"validate", "--format", "sarif", "samples/invalid/revoke.yaml"});
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["version"], "2.1.0");
  ASSERT_EQ(j["runs"][0]["results"].size(), 1U);
  EXPECT_EQ(j["runs"][0]["results"][0]["ruleId"], "revoke");
  EXPECT_EQ(j["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["region"]["startLine"], 18);
}

}  // namespace
}  // namespace trickref

namespace trickref {
namespace {

class CliInputs : public ::testing::Test {
 protected:
  void SetUp() override {
    std::filesystem::current_path(test::source_dir());
    // Unique per test and process: ctest runs test cases in parallel.
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    root_ = std::filesystem::temp_directory_path() /
            fmt::format("trickref-cli-{}-{}-{}", info->test_suite_name(), info->name(), getpid());
    std::filesystem::remove_all(root_);
    std::filesystem::create_directories(root_ / "top" / "real");
  }
  std::filesystem::path root_;
};

TEST_F(CliInputs, DirectoryWalkFollowsLinkedDirectoriesAndReportsLoops) {
  std::filesystem::copy_file(test::source_dir() + "/samples/night/table-2.yaml", root_ / "top/real/g.yaml");
  std::filesystem::create_directory_symlink(root_ / "top/real", root_ / "top/linked");
  std::filesystem::create_directory_symlink(root_ / "top", root_ / "top/real/back");
  const std::string top = (root_ / "top").string();
  const auto r = test::run_cli({"validate", "--format", "json", top});
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(r.exit_code, 2);  // the loop is an io problem
  std::vector<std::string> files;
  for (const auto& g : j["games"]) {
    files.push_back(g["file"]);
  }
  EXPECT_EQ(files, (std::vector<std::string>{top + "/linked/back", top + "/real/back", top + "/linked/g.yaml",
                                             top + "/real/g.yaml"}));
  EXPECT_EQ(j["games"][0]["diagnostics"][0]["code"], "io");
  EXPECT_EQ(j["summary"]["games"], 2);
}

TEST_F(CliInputs, JsonLinesOnStandardInputStreamsLineByLine) {
  const std::string jsonl = test::read_source_file("samples/archive/season-2026.jsonl");
  const std::string first = jsonl.substr(0, jsonl.find('\n') + 1);
  // The limit applies to each line, as for a .jsonl file, not to the whole input.
  const auto r = test::run_cli({"validate", "-q", "--max-file-size", std::to_string(first.size() + 10), "-"},
                               first + first + first);
  EXPECT_EQ(r.exit_code, 0) << r.out;
  const auto j = test::run_cli({"validate", "--format", "jsonl", "-"}, first + "{\"players\": [\n" + first);
  EXPECT_EQ(j.exit_code, 1);
  const std::size_t start = j.out.find('\n') + 1;
  const auto second = nlohmann::json::parse(j.out.substr(start, j.out.find('\n', start) - start));
  EXPECT_EQ(second["diagnostics"][0]["line"], 2);
  EXPECT_EQ(second["index"], 1);
}

TEST_F(CliInputs, RulesCheckOfAMissingFileIsAnEnvironmentProblem) {
  EXPECT_EQ(test::run_cli({"rules", "check", "no/such/ruleset.yaml"}).exit_code, 2);
  std::ofstream(root_ / "bad.yaml") << "extends: pluck\nplayers: 4\n";
  const auto r = test::run_cli({"rules", "check", (root_ / "bad.yaml").string()});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.out.find("`quotas` lacks the across quota (a 4-player ruleset needs dealer, left, across, right)"),
            std::string::npos)
      << r.out;
}

TEST_F(CliInputs, RecordedPlucksAreCountedEvenWhenNone) {
  const std::string y = "game: pluck\nplayers: [Ann, Bob, Cat]\nhands:\n"
                        "  - {dealer: Ann, taken: {Ann: 7, Bob: 6, Cat: 4}}\n"
                        "  - {dealer: Bob, plucks: [], taken: {Ann: 4, Bob: 7, Cat: 6}}\n"
                        "date: 2026-11-19\nnotes: table 3\n";
  const auto j = nlohmann::json::parse(test::run_cli({"validate", "--format", "json", "-"}, y).out);
  EXPECT_FALSE(j["games"][0]["hands"][0].contains("plucks"));
  EXPECT_EQ(j["games"][0]["hands"][1]["plucks"], 0);
  EXPECT_EQ(j["games"][0]["date"], "2026-11-19");
  EXPECT_EQ(j["games"][0]["notes"], "table 3");
}

}  // namespace
}  // namespace trickref
