// The map-reduce shape: `validate --format jsonl` writes one self-contained
// result per game (the map), `score --results` totals them (the reduce), and
// the standings are those `score` gives over the records, byte for byte, in
// every format; `validate --stdin-name/--stdin-line/--stdin-index` referees a
// shard of an archive as the part of it that it is, so shards refereed apart
// concatenate to the results of one run.
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include <fmt/format.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "support/test_support.h"

namespace trickref {
namespace {

class ScoreResults : public ::testing::Test {
 protected:
  void SetUp() override {
    std::filesystem::current_path(test::source_dir());
    scratch_.emplace(fmt::format("results-{}", ::testing::UnitTest::GetInstance()->current_test_info()->name()));
    dir_ = scratch_->path();
  }
  void TearDown() override { scratch_.reset(); }
  // Writes `text` to a file in the test's directory; returns its path.
  std::string write(const std::string& name, const std::string& text) const {
    const auto p = dir_ / name;
    std::ofstream(p, std::ios::binary) << text;
    return p.string();
  }
  // `score ARGS PATHS` against `validate --format jsonl PATHS` then
  // `score --results RESULTS ARGS`: the same standard output, standard error
  // and exit code.
  void expect_same_standings(const std::vector<std::string>& paths, const std::vector<std::string>& args,
                             const std::string& league = {}, const std::vector<std::string>& both = {}) const {
    std::vector<std::string> validate{"validate", "--format", "jsonl"};
    validate.insert(validate.end(), both.begin(), both.end());
    validate.insert(validate.end(), paths.begin(), paths.end());
    const auto map = test::run_cli(validate);
    ASSERT_TRUE(map.exit_code >= 0 && map.exit_code <= 2) << map.err;
    const std::string results = write("results.jsonl", map.out);
    std::vector<std::string> direct{"score"};
    direct.insert(direct.end(), args.begin(), args.end());
    direct.insert(direct.end(), both.begin(), both.end());
    std::vector<std::string> reduced = direct;
    direct.insert(direct.end(), paths.begin(), paths.end());
    reduced.insert(reduced.end(), {"--results", results});
    if (!league.empty()) {
      reduced.insert(reduced.end(), {"--league", league});
    }
    const auto a = test::run_cli(direct);
    const auto b = test::run_cli(reduced);
    const std::string what = fmt::format("{}", fmt::join(direct, " "));
    EXPECT_FALSE(a.out.empty()) << what;
    EXPECT_EQ(a.out, b.out) << what;
    EXPECT_EQ(a.err, b.err) << what;
    EXPECT_EQ(a.exit_code, b.exit_code) << what;
  }
  std::optional<test::ScratchDir> scratch_;
  std::filesystem::path dir_;
};

TEST_F(ScoreResults, TheLeagueSamplesGiveTheSameStandingsInEveryFormat) {
  for (const char* format : {"text", "json", "md", "html", "csv"}) {
    expect_same_standings({"samples/league"}, {"--format", format}, "samples/league/league.yaml");
    expect_same_standings({"samples/league"}, {"--format", format, "--by", "night"}, "samples/league/league.yaml");
  }
  expect_same_standings({"samples/league"}, {"--format", "html", "--strict", "--show-sources"},
                        "samples/league/league.yaml");
  expect_same_standings({"samples/league"}, {"--format", "json", "--rank-by", "placing"},
                        "samples/league/league.yaml");
}

// The Pluck night, Call Deuces, Court Piece (partnerships, sides, courts by
// side) and every sample together (the invalid records among them: games
// marked with their first error, games left out with the reason).
TEST_F(ScoreResults, EverySampleGivesTheSameStandings) {
  for (const char* dir : {"samples/night", "samples/call-deuces", "samples/court-piece", "samples/sheets",
                          "samples/levels", "samples/archive", "samples/invalid", "samples"}) {
    for (const char* format : {"text", "json", "html"}) {
      expect_same_standings({dir}, {"--format", format, "--by", "night"});
    }
    expect_same_standings({dir}, {"--format", "md", "--strict", "--show-sources"});
  }
}

// The games of every built-in ruleset (house rules too), as the bots play
// them, at the score sheet's level of detail and in full: totalled from
// results, the standings are those of the records.
TEST_F(ScoreResults, EveryBuiltInRulesetsGamesGiveTheSameStandings) {
  std::vector<std::string> archives;
  for (const auto& name : test::refereed_builtins()) {
    for (const char* detail : {"sheet", "full"}) {
      const std::string file = (dir_ / fmt::format("{}-{}.jsonl", name, detail)).string();
      const auto made = test::run_cli({"simulate", "--rules", name, "--games", "6", "--seed", "3", "--detail", detail,
                                       "--out", file});
      if (made.exit_code == 0) {
        archives.push_back(file);
      }
    }
  }
  EXPECT_GE(archives.size(), 40U);
  expect_same_standings(archives, {"--format", "json", "--by", "night", "--rank-by", "average"});
}

// With a cap on the diagnostics listed (per file, the same in both runs),
// the games whose diagnostics were counted, not listed, total alike.
TEST_F(ScoreResults, TheDiagnosticsCapAppliesAlike) {
  for (const char* cap : {"1", "3"}) {
    expect_same_standings({"samples/invalid"}, {"--format", "json"}, {}, {"--max-diagnostics", cap});
    expect_same_standings({"samples/invalid"}, {"--format", "text"}, {}, {"--max-diagnostics", cap});
  }
  const auto map = test::run_cli({"validate", "--format", "jsonl", "--max-diagnostics", "1", "samples/invalid"});
  EXPECT_NE(map.out.find("\"diagnostics_not_shown\":{\"errors\":"), std::string::npos);
}

TEST_F(ScoreResults, AnUnreadableRecordStaysAnIoProblem) {
  expect_same_standings({"samples/night", "no/such.yaml"}, {"--format", "text"});
  const auto map = test::run_cli({"validate", "--format", "jsonl", "no/such.yaml", "samples/night"});
  const auto r = test::run_cli({"score", "--results", "-", "--format", "json"}, map.out);
  EXPECT_EQ(r.exit_code, 2);
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["games"], 4);
  EXPECT_EQ(j["excluded"][0]["reason"], "could not be read: cannot read 'no/such.yaml': no such file or directory");
}

// What each line carries beyond the JSON report's game object.
TEST_F(ScoreResults, EachLineCarriesWhatTheStandingsNeed) {
  const auto r = test::run_cli({"validate", "--format", "jsonl", "samples/league/2026-11-19/table-1.yaml"});
  const std::string line = r.out.substr(0, r.out.find('\n'));
  EXPECT_NE(line.find(R"("ruleset":"pluck","scoring":"quota","players":["Ann","Bob","Cat"])"), std::string::npos)
      << line;
  EXPECT_NE(line.find(R"("plucks":2,"plucks_made":{"Ann":0,"Bob":1,"Cat":1},"plucks_suffered":{"Ann":2,"Bob":0,"Cat":0}})"),
            std::string::npos)
      << line;
  // The JSON report keeps its shape.
  const auto json = test::run_cli({"validate", "--format", "json", "samples/league/2026-11-19/table-1.yaml"});
  EXPECT_EQ(json.out.find("plucks_made"), std::string::npos);
  EXPECT_EQ(json.out.find("\"scoring\""), std::string::npos);
  // A game that cannot be replayed says so, and the standings leave it out.
  const std::string two = "game: pluck\nplayers: [Ann, Bob]\nhands:\n  - dealer: Ann\n    taken: {Ann: 9, Bob: 8}\n";
  const auto bad = test::run_cli({"validate", "--format", "jsonl", "-"}, two);
  EXPECT_NE(bad.out.find(R"("result":{"refereed":false,"finished":false,"winners":[]})"), std::string::npos)
      << bad.out;
  const auto s = test::run_cli({"score", "--results", "-", "--format", "json"}, bad.out);
  EXPECT_EQ(s.exit_code, 1);
  const auto j = nlohmann::json::parse(s.out);
  EXPECT_EQ(j["games"], 0);
  ASSERT_EQ(j["excluded"].size(), 1U);
  EXPECT_EQ(j["excluded"][0]["reason"].get<std::string>().substr(0, 30), "could not be refereed: -:2:11:");
  EXPECT_EQ(s.out, test::run_cli({"score", "--format", "json", "-"}, two).out);
}

// Shards of an archive, each refereed from standard input as the lines of
// the archive it holds, concatenate to the results of one run; line numbers
// and game indices are the archive's.
TEST_F(ScoreResults, ShardsOfAnArchiveConcatenateToOneRun) {
  const std::string archive = "samples/archive/season-2026.jsonl";
  std::string text = test::read_source_file(archive);
  // A syntax error on line 5 and a blank line 8, so lines and games differ.
  std::vector<std::string> lines;
  for (std::size_t at = 0; at < text.size();) {
    const auto nl = text.find('\n', at);
    lines.push_back(text.substr(at, nl - at + 1));
    at = nl + 1;
  }
  ASSERT_EQ(lines.size(), 9U);
  lines.insert(lines.begin() + 4, "{\"game\": \"pluck\", \"players\": [Ann]}\n");
  lines.insert(lines.begin() + 7, "\n");
  std::string all;
  for (const auto& l : lines) {
    all += l;
  }
  const std::string file = write("season.jsonl", all);
  const auto one = test::run_cli({"validate", "--format", "jsonl", file});
  EXPECT_EQ(one.exit_code, 1);
  EXPECT_NE(one.out.find(fmt::format(R"("file":"{}","line":5,"column":)", file)), std::string::npos) << one.out;
  for (std::size_t shard : {1U, 3U, 4U, 11U}) {
    std::string joined;
    int game = 0;
    for (std::size_t first = 0; first < lines.size(); first += shard) {
      std::string part;
      int games = 0;
      for (std::size_t i = first; i < std::min(lines.size(), first + shard); ++i) {
        part += lines[i];
        games += lines[i] == "\n" ? 0 : 1;
      }
      const auto r = test::run_cli({"validate", "--format", "jsonl", "--stdin-name", file, "--stdin-line",
                                    std::to_string(first + 1), "--stdin-index", std::to_string(game), "-"},
                                   part);
      joined += r.out;
      game += games;
    }
    EXPECT_EQ(joined, one.out) << "shards of " << shard << " lines";
  }
}

TEST_F(ScoreResults, StandardInputUnderANameReadsAsThatFile) {
  // The name's extension gives the format (a YAML record named .yaml: not
  // sniffed), and its directory is where a relative `game:` is found.
  const std::string yaml = test::read_source_file("samples/night/table-2.yaml");
  const auto r = test::run_cli({"validate", "--format", "jsonl", "--stdin-name", "samples/night/table-2.yaml", "-"},
                               yaml);
  EXPECT_EQ(r.out, test::run_cli({"validate", "--format", "jsonl", "samples/night/table-2.yaml"}).out);
  const auto house = test::run_cli({"validate", "-q", "--stdin-name", "elsewhere/x.yaml", "-"},
                                   "game: ./no-such-house.yaml\nplayers: [Ann, Bob, Cat]\nhands: []\n");
  EXPECT_EQ(house.exit_code, 1);
  EXPECT_NE(house.out.find("elsewhere/x.yaml:1:7: error:"), std::string::npos) << house.out;
  // Misuse is a usage error, and says why.
  auto u = test::run_cli({"validate", "--stdin-line", "3", "-"}, yaml);
  EXPECT_EQ(u.exit_code, 2);
  EXPECT_EQ(u.err, "trickref: error: --stdin-line and --stdin-index need --stdin-name NAME.jsonl\n");
  u = test::run_cli({"validate", "--stdin-name", "a.yaml", "samples/night"});
  EXPECT_EQ(u.exit_code, 2);
  EXPECT_EQ(u.err, "trickref: error: --stdin-name names standard input, but no PATH is '-'\n");
  u = test::run_cli({"validate", "--stdin-name", "a.yaml", "--stdin-index", "4", "-"}, yaml);
  EXPECT_EQ(u.exit_code, 2);
  EXPECT_EQ(u.err,
            "trickref: error: --stdin-line and --stdin-index number the lines of JSON Lines: --stdin-name must end in "
            ".jsonl\n");
}

TEST_F(ScoreResults, BadLinesAreLocatedAndLeftOut) {
  const auto map = test::run_cli({"validate", "--format", "jsonl", "samples/night/table-2.yaml"});
  ASSERT_EQ(map.exit_code, 0);
  const std::string& good = map.out;
  const std::string text =
      good + "\n" +                                                      // 1, then a blank line 2
      R"({"file": "x.yaml", "index": 0, "diagnostics": [], "result": {"finished": true, "winners": []}})" "\n" +  // 3
      R"({"file": 3, "index": 0, "diagnostics": []})" "\n" +              // 4
      R"({"file": "x.yaml", "index": )" "\n" +                            // 5
      "[1, 2]\n" +                                                       // 6
      R"({"file": "x.yaml", "index": 0, "ruleset": "pluck", "diagnostics": []})" "\n" +  // 7
      R"({"file": "x.yaml", "index": 0, "ruleset": "pluck", "scoring": "rubber", "diagnostics": []})" "\n" +  // 8
      R"({"file": "x.yaml", "index": 99999999999, "diagnostics": []})" "\n";  // 9
  const std::string file = write("bad.jsonl", text);
  const auto r = test::run_cli({"score", "--results", file});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err,
            fmt::format("{0}:3:1: error: not a result of `trickref validate --format jsonl`: a result with a `result` "
                        "has no `hands` [schema]\n"
                        "{0}:4:10: error: not a result of `trickref validate --format jsonl`: `file` is a string, not "
                        "a number or true/false [schema]\n"
                        "{0}:5:29: error: invalid JSON: the text ends inside a map (a '}}' is missing) [syntax]\n"
                        "{0}:5:1: note: the map opened here\n"
                        "{0}:6:1: error: not a result of `trickref validate --format jsonl`: a result is a JSON "
                        "object, not a list [schema]\n"
                        "{0}:7:1: error: not a result of `trickref validate --format jsonl`: a result that names its "
                        "ruleset (written by an older trickref? run `validate --format jsonl` again) has no "
                        "`scoring` [schema]\n"
                        "{0}:8:63: error: not a result of `trickref validate --format jsonl`: `scoring` is 'rubber', "
                        "not a scoring kind (scoring.kind) [schema]\n"
                        "{0}:9:29: error: not a result of `trickref validate --format jsonl`: `index` is a whole "
                        "number, not '99999999999' [schema]\n",
                        file));
  EXPECT_NE(r.out.find("Games: 1 game counted, 7 left out\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find(fmt::format("  {0} game 2: could not be refereed: {0}:3:1: not a result of", file)),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find(fmt::format("  {0} game 7: could not be refereed: {0}:8:63:", file)), std::string::npos)
      << r.out;
}

TEST_F(ScoreResults, UnreadableAndEmptyResultsAndMisuse) {
  // As for records: listed among the games left out, and the run exits 2.
  auto r = test::run_cli({"score", "--results", (dir_ / "none.jsonl").string()});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.out.find(fmt::format("  {0} game 1: could not be read: cannot read '{0}': no such file or directory\n",
                                   (dir_ / "none.jsonl").string())),
            std::string::npos)
      << r.out;
  r = test::run_cli({"score", "--results", write("empty.jsonl", "\n\n")});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, fmt::format("{}:1:1: error: the file holds no result [schema]\n", (dir_ / "empty.jsonl").string()));
  // A directory is walked for .jsonl files only.
  r = test::run_cli({"score", "--results", "--format", "json", "samples/night"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(nlohmann::json::parse(r.out)["excluded"][0]["reason"],
            "could not be read: 'samples/night' holds no results (.jsonl files)");
  std::filesystem::create_directories(dir_ / "shards" / "b");
  const auto night = test::run_cli({"validate", "--format", "jsonl", "samples/night"});
  std::ofstream(dir_ / "shards" / "b" / "2.jsonl") << night.out.substr(night.out.find('\n') + 1);
  std::ofstream(dir_ / "shards" / "a.jsonl") << night.out.substr(0, night.out.find('\n') + 1);
  std::ofstream(dir_ / "shards" / "notes.yaml") << "not: a result\n";
  r = test::run_cli({"score", "--results", (dir_ / "shards").string()});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, test::run_cli({"score", "samples/night"}).out);
  r = test::run_cli({"score", "--results", "--rules", "pluck", "-"}, night.out);
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, "trickref: error: --rules cannot apply to --results: the games were refereed when the results "
                   "were written; give --rules to that `validate --format jsonl` run\n");
}

}  // namespace
}  // namespace trickref
