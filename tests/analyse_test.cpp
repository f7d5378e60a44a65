// `trickref analyse` (analysis.md §2) end to end through cli::run: the
// referee's hook (every card as replayed), the words of the text report,
// the JSON keys, the notes of hands not analysed, --jobs, -o, exit codes,
// and the golden reports of samples/analyse/. The constructed records are
// of a tiny Pluck (15 cards, 5 a player), quick to solve in a debug build.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <numeric>
#include <sstream>

#include <fmt/format.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "batch/batch.h"
#include "report/report.h"
#include "support/small_rulesets.h"
#include "support/test_support.h"

namespace trickref {
namespace {

std::string tiny_pluck() {
  return test::small_ruleset("analyse-tiny-pluck", "pluck",
                             test::cards({"2C", "3C", "9C", "AC", "4D", "8D", "KD", "5H", "10H", "QH", "6S", "7S",
                                          "JS", "QS", "KS"}),
                             "deal:\n  hand_size: 5\nquotas: {dealer: 2, left: 2, right: 1}\ngame:\n  end: {target: 3}\n");
}

const char* const kDeal =
    "    deal:\n"
    "      Ann: [QS, JS, 8D, 3C, 2C]\n"
    "      Bob: [7S, QH, KD, AC, 9C]\n"
    "      Cat: [KS, 6S, 10H, 5H, 4D]\n";

// The hand as the bots played it: Bob's QH lead at trick 3 loses his quota.
const char* const kTricks =
    "    trump: S\n"
    "    tricks:\n"
    "      - {leader: Ann, cards: [2C, AC, 6S]}\n"
    "      - [4D, 8D, KD]\n"
    "      - [QH, 5H, JS]\n"
    "      - [3C, 9C, KS]\n"
    "      - [10H, QS, 7S]\n";

std::string write(const std::string& name, const std::string& text) {
  std::string path = testing::TempDir() + name;
  std::ofstream(path, std::ios::binary) << text;
  return path;
}

std::string read(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::string record(const std::string& hand) {
  return "game: " + tiny_pluck() + "\nplayers: [Ann, Bob, Cat]\nhands:\n  - dealer: Ann\n" + hand;
}

test::CliResult analyse(const std::string& name, const std::string& text, std::vector<std::string> args = {}) {
  std::vector<std::string> all = {"analyse", write(name, text)};
  all.insert(all.end(), args.begin(), args.end());
  return test::run_cli(all);
}

// The text after the game's title line (which names the temporary file).
std::string body(const std::string& out) { return out.substr(out.find('\n') + 1); }

TEST(Analyse, TextReportNamesTheCardThatLostTheQuota) {
  const auto r = analyse("a-text.yaml", record(std::string(kDeal) + kTricks));
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(body(r.out),
            "  (par in a three-player game is what a player makes against the other two playing together: a floor "
            "of what they can make)\n"
            "hand 1, trump S, Ann leads\n"
            "  par: Ann 1 (quota 2), Bob 1 (quota 2), Cat 2 (quota 1)\n"
            "  trick 3, Bob: QH cost Bob a trick (2 → 1 of their quota 2); 7S kept it: the quota was lost here\n"
            "\n"
            "1 of 1 hand analysed\n");
}

TEST(Analyse, ForAPlayerShowsOnlyTheirSide) {
  const auto r = analyse("a-for.yaml", record(std::string(kDeal) + kTricks), {"--for", "Cat"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(body(r.out),
            "  (par in a three-player game is what a player makes against the other two playing together: a floor "
            "of what they can make)\n"
            "hand 1, trump S, Ann leads\n"
            "  par: Cat 2 (quota 1)\n"
            "  no card played cost anything\n"
            "\n"
            "1 of 1 hand analysed\n");
}

TEST(Analyse, JsonTraceHasEveryCardAndTheDecisivePlay) {
  const auto r = analyse("a-json.yaml", record(std::string(kDeal) + kTricks), {"--format", "json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto j = nlohmann::ordered_json::parse(r.out);
  const auto& hand = j.at("games").at(0).at("hands").at(0);
  EXPECT_EQ(hand.at("plays").size(), 15U);
  EXPECT_EQ(hand.at("plays").at(6).dump(),
            R"({"trick":3,"player":"Bob","card":"QH","side":["Bob"],"before":2,"after":1,"cost":1,"best":["7S"],)"
            R"("legal":true})");
  EXPECT_EQ(hand.at("decisive").dump(),
            R"([{"side":["Bob"],"player":"Bob","trick":3,"card":"QH","before":2,"after":1,"target":2,"kept":["7S"]}])");
  EXPECT_EQ(hand.at("par").dump(),
            R"([{"side":["Ann"],"value":1,"target":2},{"side":["Bob"],"value":1,"target":2},)"
            R"({"side":["Cat"],"value":2,"target":1}])");
  EXPECT_EQ(j.at("summary").dump(), R"({"games":1,"hands":1,"analysed":1})");
  // --par: par only.
  const auto par = analyse("a-json-par.yaml", record(std::string(kDeal) + kTricks), {"--format", "json", "--par"});
  const auto p = nlohmann::ordered_json::parse(par.out).at("games").at(0).at("hands").at(0);
  EXPECT_FALSE(p.contains("plays"));
  EXPECT_FALSE(p.contains("decisive"));
  EXPECT_EQ(p.at("par"), hand.at("par"));
}

// Bob keeps 9C for the last trick and throws 7S to a club lead: a revoke,
// in the trace with legal:false, its cost against Bob's best legal card.
TEST(Analyse, AnIllegalPlayIsInTheTraceAsNotLegal) {
  std::string tricks = kTricks;
  tricks.replace(tricks.find("[3C, 9C, KS]"), 12, "[3C, 7S, KS]");
  tricks.replace(tricks.find("[10H, QS, 7S]"), 13, "[10H, QS, 9C]");
  const auto r = analyse("a-revoke.yaml", record(std::string(kDeal) + tricks), {"--format", "json"});
  EXPECT_EQ(r.exit_code, 0) << "a revoke is a mistake in play, not an error of the record\n" << r.err;
  const auto j = nlohmann::ordered_json::parse(r.out);
  const auto& plays = j.at("games").at(0).at("hands").at(0).at("plays");
  ASSERT_EQ(plays.size(), 15U);
  EXPECT_EQ(plays.at(10).dump(),
            R"({"trick":4,"player":"Bob","card":"7S","side":["Bob"],"before":1,"after":1,"cost":0,"best":["9C"],)"
            R"("legal":false})");
  for (std::size_t i = 0; i < plays.size(); ++i) {
    EXPECT_EQ(plays.at(i).at("legal").get<bool>(), i != 10) << i;
  }
}

TEST(Analyse, AHandNotSolvedWithinTheBudgetSaysSo) {
  const auto r = analyse("a-budget.yaml", record(std::string(kDeal) + kTricks), {"--max-nodes", "3"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(body(r.out),
            "hand 1, trump S: not analysed: not solved within 3 nodes (--max-nodes)\n"
            "\n"
            "0 of 1 hand analysed; 1 not solved within 3 nodes (--max-nodes)\n");
  const auto j = analyse("a-budget.yaml", record(std::string(kDeal) + kTricks), {"--max-nodes", "3", "--format", "json"});
  EXPECT_EQ(nlohmann::ordered_json::parse(j.out).at("games").at(0).at("hands").at(0).dump(),
            R"j({"number":1,"analysed":false,"note":"not solved within 3 nodes (--max-nodes)"})j");
}

TEST(Analyse, AHandWhoseCardsCannotBeKnownGetsANote) {
  // No deal and the last trick missing: nobody's hand at the first lead is known.
  std::string tricks = kTricks;
  tricks.erase(tricks.find("      - [10H, QS, 7S]\n"));
  const auto r = analyse("a-unknown.yaml", record(tricks));
  EXPECT_EQ(body(r.out),
            "hand 1, trump S: not analysed: the cards Ann, Bob and Cat held at the first lead cannot be known: the "
            "record gives no full deal for them and its tricks do not show all 5\n"
            "\n"
            "0 of 1 hand analysed\n");
  // Every trick recorded shows every hand: no deal needed.
  const auto full = analyse("a-no-deal.yaml", record(kTricks));
  EXPECT_EQ(body(full.out), body(analyse("a-text.yaml", record(std::string(kDeal) + kTricks)).out));
}

TEST(Analyse, TheReportIsTheSameBytesForAnyJobs) {
  std::string games;
  for (const char* lead : {"[2C, AC, 6S]", "[2C, 9C, 6S]"}) {
    std::string tricks = kTricks;
    tricks.replace(tricks.find("[2C, AC, 6S]"), 12, lead);
    if (std::string(lead) == "[2C, 9C, 6S]") {
      tricks.replace(tricks.find("[3C, 9C, KS]"), 12, "[3C, AC, KS]");
    }
    games += record(std::string(kDeal) + tricks) + "---\n";
  }
  const std::string path = write("a-jobs.yaml", games);
  for (const char* format : {"text", "json", "html"}) {
    const auto one = test::run_cli({"analyse", path, path, "--format", format, "--jobs", "1"});
    const auto two = test::run_cli({"analyse", path, path, "--format", format, "--jobs", "2"});
    EXPECT_EQ(one.exit_code, 0) << one.err;
    EXPECT_EQ(one.out, two.out) << format;
    EXPECT_NE(one.out.find("Bob"), std::string::npos);
  }
}

TEST(Analyse, ExitCodesAreValidates) {
  EXPECT_EQ(analyse("a-ok.yaml", record(std::string(kDeal) + kTricks)).exit_code, 0);
  const auto syntax = analyse("a-syntax.yaml", "game: pluck\nplayers: [Ann, Bob\n");
  EXPECT_EQ(syntax.exit_code, 1);
  EXPECT_NE(syntax.out.find("not analysed: "), std::string::npos) << syntax.out;
  const auto missing = test::run_cli({"analyse", testing::TempDir() + "no-such-record.yaml"});
  EXPECT_EQ(missing.exit_code, 2);
  EXPECT_EQ(test::run_cli({"analyse", "--format", "pdf", testing::TempDir() + "a-ok.yaml"}).exit_code, 2);
  EXPECT_EQ(test::run_cli({"analyse"}).exit_code, 2);
  const auto nobody = test::run_cli({"analyse", testing::TempDir() + "a-ok.yaml", "--for", "Zed"});
  EXPECT_EQ(nobody.exit_code, 2);
  EXPECT_EQ(nobody.err, "trickref: error: --for Zed: no game read has a player of that name\n");
}

TEST(Analyse, OutputIsWrittenAtomicallyAndNeverOverAnInput) {
  const std::string text = record(std::string(kDeal) + kTricks);
  const std::string in = write("a-out.yaml", text);
  const auto over = test::run_cli({"analyse", in, "-o", in});
  EXPECT_EQ(over.exit_code, 2);
  EXPECT_NE(over.err.find("cannot write"), std::string::npos) << over.err;
  EXPECT_EQ(read(in), text);
  const std::string out = testing::TempDir() + "a-out.txt";
  std::filesystem::remove(out);
  const auto ok = test::run_cli({"analyse", in, "-o", out});
  EXPECT_EQ(ok.exit_code, 0) << ok.err;
  EXPECT_EQ(ok.out, "");
  EXPECT_EQ(read(out), test::run_cli({"analyse", in}).out);
}

TEST(Analyse, HtmlIsSelfContainedAndMarksTheDecisivePlay) {
  const auto r = analyse("a-html.yaml", record(std::string(kDeal) + kTricks), {"--format", "html"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out.find("<script"), std::string::npos);
  EXPECT_EQ(r.out.find("http"), std::string::npos) << "nothing fetched";
  EXPECT_NE(r.out.find("<span class=\"c k1 dec red\" title=\"trick 3: 2 → 1, cost 1\">Q♥</span>"), std::string::npos)
      << r.out;
}

TEST(Analyse, SchemaIsBuiltIn) {
  const auto r = test::run_cli({"schema", "analysis"});
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out, test::read_source_file("schemas/analysis.schema.json"));
}

// The referee's hook changes nothing it reports: every sample refereed
// with each hand's play kept gives the same diagnostics, and the play of a
// clean hand is every card.
TEST(Analyse, KeepingEachHandsPlayChangesNoDiagnostic) {
  std::vector<GameReport> bad;
  const auto inputs = expand_paths({test::source_dir() + "/samples"}, bad);
  ASSERT_FALSE(inputs.empty());
  std::stringstream in;
  auto run = [&](bool keep) {
    BatchOptions o;
    o.hand_play = keep;
    std::string out;
    int plays = 0;
    validate_all(inputs, o, 1, in, [&](GameReport&& g) {
      for (const auto& d : g.diagnostics) {
        out += render_diagnostic(d, TextStyle{false, true});
      }
      const bool clean = std::none_of(g.diagnostics.begin(), g.diagnostics.end(),
                                      [](const Diagnostic& d) { return d.severity == Severity::kError; });
      if (g.result) {
        for (const auto& h : g.result->hands) {
          EXPECT_EQ(h.play.has_value() && !keep, false);
          plays += h.play ? static_cast<int>(h.play->plays.size()) : 0;
          if (h.play && h.taken && clean) {
            // Every card of a clean hand, none skipped as proven.
            const int tricks = std::accumulate(h.taken->begin(), h.taken->end(), 0);
            EXPECT_EQ(h.play->plays.size(), g.players.size() * static_cast<std::size_t>(tricks))
                << g.file << " hand " << h.number;
          }
        }
      }
    }, [] {});
    return std::make_pair(out, plays);
  };
  const auto [plain, none] = run(false);
  const auto [kept, plays] = run(true);
  EXPECT_EQ(plain, kept);
  EXPECT_EQ(none, 0);
  EXPECT_GT(plays, 10000);
}

// Golden reports of samples/analyse/: text and JSON, byte for byte
// (UPDATE_GOLDEN=1 rewrites them).
std::vector<std::string> analyse_samples() {
  std::vector<std::string> out;
  const auto dir = std::filesystem::path(test::source_dir()) / "samples/analyse";
  if (!std::filesystem::is_directory(dir)) {
    return out;
  }
  for (const auto& e : std::filesystem::directory_iterator(dir)) {
    if (e.path().extension() == ".yaml") {
      out.push_back("samples/analyse/" + e.path().filename().string());
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

class AnalyseGolden : public ::testing::TestWithParam<std::string> {
 protected:
  void SetUp() override { std::filesystem::current_path(test::source_dir()); }
};

TEST_P(AnalyseGolden, TextReport) {
  const auto r = test::run_cli({"analyse", GetParam()});
  test::compare_golden(fmt::format("exit {}\n{}", r.exit_code, r.out),
                       "analyse/" + std::filesystem::path(GetParam()).filename().string() + ".txt");
}

TEST_P(AnalyseGolden, JsonReport) {
  const auto r = test::run_cli({"analyse", "--format", "json", GetParam()});
  test::compare_golden(r.out, "analyse/" + std::filesystem::path(GetParam()).filename().string() + ".json");
}

INSTANTIATE_TEST_SUITE_P(Samples, AnalyseGolden, ::testing::ValuesIn(analyse_samples()),
                         [](const ::testing::TestParamInfo<std::string>& param) {
                           return test::param_name(std::filesystem::path(param.param).stem().string());
                         });

}  // namespace
}  // namespace trickref
