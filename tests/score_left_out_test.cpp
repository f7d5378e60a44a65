// `trickref score` (issue 33): nothing dropped without a word, nothing
// counted twice. Every game that could not be read is counted among those
// left out and named (the notice board by its night and table, the reason in
// words); a results line whose figures cannot be a game's is an error naming
// the line; a game read twice (a path given twice, results that overlap) is
// counted once, with a warning.
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "support/test_support.h"

namespace trickref {
namespace score_left_out_test {
namespace {

class ScoreLeftOut : public ::testing::Test {
 protected:
  void SetUp() override {
    std::filesystem::current_path(test::source_dir());
    scratch_.emplace(fmt::format("left-out-{}", ::testing::UnitTest::GetInstance()->current_test_info()->name()));
    dir_ = scratch_->path();
  }
  void TearDown() override { scratch_.reset(); }
  std::string write(const std::string& name, const std::string& text) const {
    const auto p = dir_ / name;
    std::filesystem::create_directories(p.parent_path());
    std::ofstream(p, std::ios::binary) << text;
    return p.generic_string();
  }
  std::string dir() const { return dir_.generic_string(); }

  // One game's result, as `validate --format jsonl` writes it.
  std::string one_result() const {
    const auto r = test::run_cli({"validate", "--format", "jsonl", "samples/league/2026-11-19/table-3.yaml"});
    EXPECT_EQ(r.exit_code, 0) << r.err;
    return r.out;
  }

  std::optional<test::ScratchDir> scratch_;
  std::filesystem::path dir_;
};

std::string between(const std::string& text, const std::string& from, const std::string& to) {
  const auto a = text.find(from);
  if (a == std::string::npos) {
    return "(no " + from + ")";
  }
  const auto b = text.find(to, a);
  return text.substr(a, b == std::string::npos ? std::string::npos : b + to.size() - a);
}

TEST_F(ScoreLeftOut, EveryUnreadableGameIsCountedAndNamed) {
  write("2026-11-26/table-3.jsonl", "{\"game\": \"pluck\", \"players\": [\"Cat\" x]}\n{\"game\": }\n");
  write("2026-11-26/table-1.yaml", test::read_source_file("samples/league/2026-11-19/table-3.yaml"));
  const auto text = test::run_cli({"score", dir(), "-q"});
  EXPECT_EQ(text.exit_code, 1);
  const std::string file = dir() + "/2026-11-26/table-3.jsonl";
  EXPECT_EQ(between(text.out, "Games:", "\nLeft out:\n"), "Games: 1 game counted, 2 left out\nLeft out:\n");
  EXPECT_EQ(text.out.substr(text.out.find("Left out:\n")),
            "Left out:\n  " + file + " game 1: could not be refereed: " + file +
                ":1:37: invalid JSON: 'x' where ',' or ']' was expected\n  " + file +
                " game 2: could not be refereed: " + file + ":2:10: invalid JSON: '}' where a value was expected\n");
  // The notice board: night and table from where the file lies, the reason in words, no path.
  const auto html = test::run_cli({"score", dir(), "-q", "--format", "html"});
  EXPECT_EQ(between(html.out, "<section id=\"excluded\">", "</section>"),
            "<section id=\"excluded\"><h2>Left out</h2><ul class=\"excluded\">\n"
            "<li>2026-11-26, table 3, game 1: its record could not be read: a JSON syntax error at line 1</li>\n"
            "<li>2026-11-26, table 3, game 2: its record could not be read: a JSON syntax error at line 2</li>\n"
            "</ul></section>");
  EXPECT_EQ(html.out.find(dir()), std::string::npos);
  const auto md = test::run_cli({"score", dir(), "-q", "--format", "md"});
  EXPECT_NE(md.out.find("## Left out\n\n"
                        "- 2026-11-26, table 3, game 1: its record could not be read: a JSON syntax error at line 1\n"
                        "- 2026-11-26, table 3, game 2: its record could not be read: a JSON syntax error at line 2\n"),
            std::string::npos)
      << md.out;
  // --show-sources: the id or file, and the reason located.
  const auto sources = test::run_cli({"score", dir(), "-q", "--format", "md", "--show-sources"});
  EXPECT_NE(sources.out.find("- 2026-11-26, table 3, game 1 (" + file + " game 1): could not be refereed: " + file +
                             ":1:37: invalid JSON"),
            std::string::npos)
      << sources.out;
}

// A game read but not counted is named by its own night and table.
TEST_F(ScoreLeftOut, AGameLeftOutByStrictIsNamedByItsNightAndTable) {
  const auto r = test::run_cli({"score", "samples/league", "-q", "--strict", "--format", "html"});
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(between(r.out, "<ul class=\"excluded\">", "</ul>"),
            "<ul class=\"excluded\">\n<li>2026-11-26, table 2, game 1: 1 error and 0 warnings (--strict leaves it "
            "out)</li>\n</ul>");
}

TEST_F(ScoreLeftOut, AResultLineWhoseFiguresCannotBeAGamesIsAnErrorNamingIt) {
  const std::string good = one_result();
  struct Case {
    std::string from, to, message;
  };
  const std::vector<Case> cases = {
      {"\"taken\":{\"Hal\":", "\"taken\":{\"Hal\":-", "`taken` is a count, not a negative number"},
      {"\"quota\":{\"Hal\":", "\"quota\":{\"Hal\":-", "`quota` is a count, not a negative number"},
      {"\"plucks_made\":{\"Hal\":", "\"plucks_made\":{\"Hal\":-", "`plucks_made` is a count, not a negative number"},
      {"\"plucks_suffered\":{\"Hal\":", "\"plucks_suffered\":{\"Hal\":-",
       "`plucks_suffered` is a count, not a negative number"},
      {"\"winners\":[", "\"winners\":[\"Zed\",", "`winners` names 'Zed', which is not one of the game's players"},
      {"\"score\":{\"Hal\"", "\"score\":{\"Zed\":1,\"Hal\"", "`score` names 'Zed', which is not one of the game's players"},
  };
  for (const auto& c : cases) {
    std::string line = good;
    const auto at = line.find(c.from);
    ASSERT_NE(at, std::string::npos) << c.from;
    const auto digits = line.find_first_not_of("0123456789", at + c.from.size());
    // A count made negative (its digits replaced by -1); a name put in.
    line.replace(at, c.to.back() == '-' ? digits - at : c.from.size(), c.to.back() == '-' ? c.to + "1" : c.to);
    const std::string path = write("results.jsonl", good + line);
    const auto r = test::run_cli({"score", "--results", path, "-q"});
    EXPECT_EQ(r.exit_code, 1) << c.to;
    EXPECT_NE(r.err.find(path + ":2:"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find(": error: not a result of `trickref validate --format jsonl`: " + c.message),
              std::string::npos)
        << r.err;
    EXPECT_NE(r.out.find("1 game counted, 1 left out"), std::string::npos) << r.out;
  }
  // A winner named twice.
  std::string line = good;
  const auto at = line.find("\"winners\":[\"");
  ASSERT_NE(at, std::string::npos);
  const auto end = line.find(']', at);
  const std::string winner = line.substr(at + 11, end - at - 11);
  line.replace(end, 1, "," + winner + "]");
  const std::string path = write("twice.jsonl", line);
  const auto r = test::run_cli({"score", "--results", path, "-q"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("`winners` names " + std::string("'") + winner.substr(1, winner.size() - 2) + "' twice [schema]"),
            std::string::npos)
      << r.err;
}

TEST_F(ScoreLeftOut, AGameReadTwiceIsCountedOnce) {
  const std::string results = write("results.jsonl", one_result());
  const auto once = test::run_cli({"score", "--results", results, "-q"});
  const auto twice = test::run_cli({"score", "--results", results, results, "-q"});
  EXPECT_EQ(twice.out, once.out);
  EXPECT_EQ(twice.exit_code, once.exit_code);
  EXPECT_EQ(twice.err, once.err + results +
                           ":1:1: warning: thu-2026-11-19-t3-g1 (samples/league/2026-11-19/table-3.yaml) is read a "
                           "second time (first at " +
                           results + ":1:1): counted once\n");
  // Records: the same file twice, under two spellings.
  const auto records = test::run_cli({"score", "samples/league/2026-11-19/table-3.yaml", "-q"});
  const auto records_twice = test::run_cli(
      {"score", "samples/league/2026-11-19/table-3.yaml", "samples/league/2026-11-19/../2026-11-19/table-3.yaml", "-q"});
  EXPECT_EQ(records_twice.out, records.out);
  EXPECT_EQ(records_twice.err, records.err +
                                   "trickref: warning: thu-2026-11-19-t3-g1 "
                                   "(samples/league/2026-11-19/../2026-11-19/table-3.yaml) is read a second time: "
                                   "counted once\n");
}

TEST_F(ScoreLeftOut, ManyGamesReadTwiceAreSaidInTwentyLinesAndACount) {
  std::string lines;
  const std::string one = one_result();
  for (int i = 0; i < 25; ++i) {
    std::string line = one;
    const auto at = line.find("\"id\":\"");
    line.insert(at + 6, fmt::format("g{}-", i));
    lines += line;
  }
  const std::string results = write("results.jsonl", lines);
  const auto r = test::run_cli({"score", "--results", results, results, "-q"});
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 21) << r.err;
  EXPECT_NE(r.err.find("\ntrickref: warning: 5 more games are read a second time: each counted once\n"),
            std::string::npos)
      << r.err;
  EXPECT_NE(r.out.find("25 games counted"), std::string::npos) << r.out;
}

}  // namespace
}  // namespace score_left_out_test
}  // namespace trickref
