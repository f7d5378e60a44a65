// -j N on one JSON Lines archive: the file is read in runs of lines that the
// workers referee while the next is read, and the output is the same, byte
// for byte and in the same order, for any number of jobs (cli.md: "Same
// input, same output"), --max-diagnostics included: the file's budget is
// spent in order, across the runs.
#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "batch/batch.h"
#include "cli/cli.h"
#include "support/test_support.h"

namespace trickref {
namespace {

std::string split_file_text(const std::filesystem::path& p) {
  std::ifstream f(p, std::ios::binary);
  std::ostringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

// Runs `validate EXTRA... FILES...` with one job, and with 2 and 3: the same
// exit code (1: the files have faults) and the same bytes. Returns the
// one job's output.
std::string expect_same_for_any_jobs(const std::vector<std::string>& extra, const std::vector<std::string>& files) {
  std::vector<std::string> args{"validate"};
  args.insert(args.end(), extra.begin(), extra.end());
  args.insert(args.end(), files.begin(), files.end());
  const auto one = test::run_cli(args);
  EXPECT_EQ(one.exit_code, 1) << extra[0];
  for (const char* jobs : {"2", "3"}) {
    auto more = args;
    more.insert(more.begin() + 1, {"--jobs", jobs});
    const auto many = test::run_cli(more);
    EXPECT_EQ(many.exit_code, one.exit_code) << extra[0] << " -j " << jobs;
    EXPECT_EQ(many.out, one.out) << extra[0] << " -j " << jobs;
    EXPECT_EQ(many.err, one.err) << extra[0] << " -j " << jobs;
  }
  return one.out;
}

// Writes `simulate --rules pluck --rules nine-five-two` games into `clean`
// (a new file under `dir`) and returns its lines.
std::vector<std::string> simulated_lines(const std::filesystem::path& dir, const std::string& clean, const char* games,
                                         const char* seed) {
  std::filesystem::create_directories(dir);
  const auto sim = test::run_cli({"simulate", "--rules", "pluck", "--rules", "nine-five-two", "--games", games,
                                  "--seed", seed, "-q", "--out", clean});
  EXPECT_EQ(sim.exit_code, 0) << sim.err;
  std::istringstream text(split_file_text(clean));
  std::vector<std::string> lines;
  for (std::string line; std::getline(text, line);) {
    lines.push_back(line);
  }
  return lines;
}

TEST(BatchSplit, OneArchiveGivesTheSameOutputForAnyNumberOfJobs) {
  const auto dir = std::filesystem::path(testing::TempDir()) / fmt::format("trickref-split-{}", ::getpid());
  const auto clean = (dir / "clean.jsonl").string();
  // Faults in the first run of lines, in later ones, and at the end: a
  // key nobody has, a card nobody holds, a scoring slip, a truncated last line.
  std::string faulty;
  int number = 0;
  for (std::string line : simulated_lines(dir, clean, "40", "3")) {
    ++number;
    auto replace_all = [&](const std::string& from, const std::string& to) {
      for (auto at = line.find(from); at != std::string::npos; at = line.find(from, at + to.size())) {
        line.replace(at, from.size(), to);
      }
    };
    if (number == 5 || number == 50) {
      replace_all("\"score\":{\"", "\"score\":{\"X\":1,\"");
    }
    if (number == 17 || number == 70 || number == 71) {
      replace_all("\"taken\":{\"", "\"taken\":{\"zz\":3,\"");
    }
    if (number >= 40 && number <= 45) {
      replace_all("2C", "9C");
    }
    faulty += line + "\n";
  }
  faulty += "\n   \n{\"game\":\"pluck\"";
  const auto bad = (dir / "faulty.jsonl").string();
  std::ofstream(bad, std::ios::binary) << faulty;
  ASSERT_GT(faulty.size(), 3U << 19) << "several runs of lines (of 512 KiB)";

  for (const std::vector<std::string>& extra :
       {std::vector<std::string>{"--format", "text"}, std::vector<std::string>{"--format", "jsonl"},
        std::vector<std::string>{"--max-diagnostics", "7"}}) {
    const std::string out = expect_same_for_any_jobs(extra, {bad, clean});
    EXPECT_GT(out.size(), 100U);
    if (extra[0] == "--max-diagnostics") {
      // The budget runs out in a later run of lines: its games are cut as in order.
      EXPECT_NE(out.find("more diagnostics not shown"), std::string::npos);
    }
  }
  std::filesystem::remove_all(dir);
}

// More runs of lines than the reading thread keeps waiting (4 a job): the
// emitter sleeps until half of them are done and emits them together, and
// each run goes back to the worker that refereed it; faults in every few
// runs, a budget spent part way, and the quiet text (whose reports carry no
// hand summaries) all give the output of one job.
TEST(BatchSplit, AnArchiveOfManyRunsGivesTheSameOutputForAnyNumberOfJobs) {
  const auto dir = std::filesystem::path(testing::TempDir()) / fmt::format("trickref-runs-{}", ::getpid());
  const auto clean = (dir / "clean.jsonl").string();
  std::string faulty;
  int number = 0;
  for (std::string line : simulated_lines(dir, clean, "300", "8")) {
    ++number;
    if (number % 37 == 0) {
      if (const auto at = line.find("\"2C\""); at != std::string::npos) {
        line.replace(at, 4, "\"9C\"");  // a card twice, and one nobody was dealt
      }
    }
    faulty += line + "\n";
  }
  const auto bad = (dir / "faulty.jsonl").string();
  std::ofstream(bad, std::ios::binary) << faulty;
  ASSERT_GT(faulty.size(), 13U << 19) << "more runs of lines (of 512 KiB) than three jobs keep waiting";

  for (const std::vector<std::string>& extra :
       {std::vector<std::string>{"-q"}, std::vector<std::string>{"--format", "jsonl"},
        std::vector<std::string>{"--max-diagnostics", "40"}}) {
    EXPECT_GT(expect_same_for_any_jobs(extra, {bad}).size(), 1000U) << extra[0];
  }
  std::filesystem::remove_all(dir);
}

// Runs of any length, down to a byte (BatchOptions::run_bytes): a run's
// lines are split by its worker, and every line keeps its number, however
// the file is cut. The file has blank lines, a carriage return, a line that
// is not JSON, a faulty game, lines over the limit (--max-file-size) and an
// unterminated last line; -j 2 and -j 3 give the one job's games, in order,
// with the same diagnostics and locations.
TEST(BatchSplit, RunsOfAnyLengthGiveTheOneJobsReports) {
  const auto dir = std::filesystem::path(testing::TempDir()) / fmt::format("trickref-cuts-{}", ::getpid());
  const auto lines = simulated_lines(dir, (dir / "clean.jsonl").string(), "6", "5");
  ASSERT_GE(lines.size(), 6U);
  std::size_t longest = 0;
  for (const auto& l : lines) {
    longest = std::max(longest, l.size());
  }
  std::string faulty = lines[4];
  faulty.replace(faulty.find("\"2C\""), 4, "\"9C\"");
  const std::string text = "\n" + lines[0] + "\r\n  \n{\"game\": pluck}\n" + lines[1] + "\n" + std::string(longest + 2, 'x') +
                           "\n" + lines[2] + "\n" + faulty + "\n\n" + lines[3] + std::string(longest, ' ') + "\n" +
                           lines[5];
  const auto file = dir / "cuts.jsonl";
  std::ofstream(file, std::ios::binary) << text;

  auto run = [&](unsigned jobs, std::size_t run_bytes) {
    BatchOptions options;
    options.limits.max_file_bytes = longest + 1;
    options.run_bytes = run_bytes;
    std::vector<GameReport> games;
    std::istringstream none;
    validate_all({InputFile{"cuts.jsonl", file}}, options, jobs, none,
                 [&](GameReport&& g) { games.push_back(std::move(g)); }, [] {});
    std::string out;
    for (const auto& g : games) {
      const bool scored = g.result.has_value() && g.result->outcome.score.has_value();
      out += fmt::format("game {} ({}): {}\n", g.index, g.result.has_value() ? "refereed" : "not refereed",
                         scored ? fmt::format("{}", fmt::join(*g.result->outcome.score, " ")) : "-");
    }
    return out + test::diagnostics_text(games);
  };
  const std::string one = run(1, BatchOptions{}.run_bytes);
  // Every line is there, numbered: 6 games refereed, one not JSON, two over the limit.
  EXPECT_NE(one.find("game 7 (refereed): -31 8 23\n"), std::string::npos) << one;
  EXPECT_NE(one.find("cuts.jsonl:4:10: error: invalid JSON: 'pluck'"), std::string::npos) << one;
  EXPECT_NE(one.find(fmt::format("cuts.jsonl:6:1: error: line 6 is longer than the limit of {} bytes", longest + 1)),
            std::string::npos)
      << one;
  EXPECT_NE(one.find("cuts.jsonl:8:354: error: 9C is dealt twice"), std::string::npos) << one;
  EXPECT_NE(one.find("cuts.jsonl:10:1: error: line 10 is longer"), std::string::npos) << one;
  for (const unsigned jobs : {2U, 3U}) {
    for (const std::size_t run_bytes : {std::size_t{1}, std::size_t{7}, std::size_t{500}, longest, 3 * longest}) {
      EXPECT_EQ(run(jobs, run_bytes), one) << "-j " << jobs << ", runs of " << run_bytes << " bytes";
    }
  }
  std::filesystem::remove_all(dir);
}

// An output stream buffer that counts what reaches it from a thread other
// than the one that made it.
class OwnedBuf : public std::stringbuf {
 public:
  std::atomic<int> elsewhere{0};

 protected:
  int sync() override {
    note();
    return std::stringbuf::sync();
  }
  int_type overflow(int_type c) override {
    note();
    return std::stringbuf::overflow(c);
  }
  std::streamsize xsputn(const char* s, std::streamsize n) override {
    note();
    return std::stringbuf::xsputn(s, n);
  }

 private:
  void note() {
    if (std::this_thread::get_id() != owner_) {
      ++elsewhere;
    }
  }
  std::thread::id owner_ = std::this_thread::get_id();
};

// Standard input, read by a worker with -j N, never flushes the output the
// calling thread writes. std::cin is tied to std::cout: each character a
// worker read flushed standard output while the emitter wrote to it, and
// games went missing from the output now and then.
TEST(BatchSplit, AWorkerReadingStandardInputNeverTouchesTheOutput) {
  const auto dir = std::filesystem::path(testing::TempDir()) / fmt::format("trickref-tie-{}", ::getpid());
  const auto clean = (dir / "clean.jsonl").string();
  const auto lines = simulated_lines(dir, clean, "30", "2");
  OwnedBuf buf;
  std::ostream out(&buf);
  std::istringstream in(lines[0] + "\n" + lines[1] + "\n");
  in.tie(&out);  // as std::cin is to std::cout
  std::ostringstream err;
  const int code = cli::run({"validate", "-j", "2", "--format", "jsonl", clean, "-"}, in, out, err);
  EXPECT_EQ(code, 0) << err.str();
  EXPECT_EQ(buf.elsewhere, 0) << "the output was written or flushed by a worker";
  const std::string text = buf.str();
  EXPECT_EQ(std::count(text.begin(), text.end(), '\n'), 62) << "60 games of the file (30 a ruleset), 2 of standard input";
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace trickref
