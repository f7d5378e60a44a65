// -j N on one JSON Lines archive: the file is read in runs of lines that the
// workers referee while the next is read, and the output is the same, byte
// for byte and in the same order, for any number of jobs (cli.md: "Same
// input, same output"), --max-diagnostics included: the file's budget is
// spent in order, across the runs.
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "support/test_support.h"

namespace trickref {
namespace {

std::string split_file_text(const std::filesystem::path& p) {
  std::ifstream f(p, std::ios::binary);
  std::ostringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

TEST(BatchSplit, OneArchiveGivesTheSameOutputForAnyNumberOfJobs) {
  const auto dir = std::filesystem::path(testing::TempDir()) / fmt::format("trickref-split-{}", ::getpid());
  std::filesystem::create_directories(dir);
  const auto clean = (dir / "clean.jsonl").string();
  const auto sim = test::run_cli({"simulate", "--rules", "pluck", "--rules", "nine-five-two", "--games", "40",
                                  "--seed", "3", "-q", "--out", clean});
  ASSERT_EQ(sim.exit_code, 0) << sim.err;
  // Faults in the first run of lines, in later ones, and at the end: a
  // key nobody has, a card nobody holds, a scoring slip, a truncated last line.
  std::istringstream lines(split_file_text(clean));
  std::string faulty;
  std::string line;
  int number = 0;
  while (std::getline(lines, line)) {
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
    std::vector<std::string> args{"validate"};
    args.insert(args.end(), extra.begin(), extra.end());
    args.insert(args.end(), {bad, clean});
    const auto one = test::run_cli(args);
    EXPECT_EQ(one.exit_code, 1) << extra[0];
    EXPECT_GT(one.out.size(), 100U);
    if (extra[0] == "--max-diagnostics") {
      // The budget runs out in a later run of lines: its games are cut as in order.
      EXPECT_NE(one.out.find("more diagnostics not shown"), std::string::npos);
    }
    for (const char* jobs : {"2", "3"}) {
      auto more = args;
      more.insert(more.begin() + 1, {"--jobs", jobs});
      const auto many = test::run_cli(more);
      EXPECT_EQ(many.exit_code, one.exit_code) << extra[0] << " -j " << jobs;
      EXPECT_EQ(many.out, one.out) << extra[0] << " -j " << jobs;
      EXPECT_EQ(many.err, one.err) << extra[0] << " -j " << jobs;
    }
  }
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace trickref
