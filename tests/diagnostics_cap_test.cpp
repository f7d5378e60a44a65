// The --max-diagnostics cap of `validate`: never more output than no cap.
// Where the diagnostics a file's "not shown" line stands for take no more
// bytes than the line, they are printed instead of it.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "support/test_support.h"

namespace trickref {
namespace {

using test::CliResult;
using test::run_cli;

class DiagnosticsCap : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() /
           ("trickref-cap-" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) + "-" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    std::filesystem::remove_all(dir_);
    std::filesystem::create_directories(dir_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }

  std::string file(const std::string& name, const std::string& text) {
    const auto path = dir_ / name;
    std::ofstream(path, std::ios::binary) << text;
    return path.string();
  }

  std::filesystem::path dir_;
};

// One game whose `taken` names `keys` players that are not playing: one
// unknown-player error each, `width` characters a name.
std::string game_with_unknown_players(int keys, int width, int tag) {
  std::string taken;
  for (int k = 0; k < keys; ++k) {
    std::string name = std::to_string(tag) + "Q" + std::to_string(k);
    name.resize(static_cast<std::size_t>(std::max<int>(width, static_cast<int>(name.size()))), 'z');
    taken += (k == 0 ? "" : ", ") + name + ": 1";
  }
  return "game: pluck\nplayers: [Ann, Bob, Cat]\nhands:\n  - dealer: Ann\n    taken: {" + taken + "}\n";
}

TEST_F(DiagnosticsCap, OneDiagnosticOverTheCapIsPrintedNotANote) {
  const std::string path = file("one.yaml", game_with_unknown_players(2, 2, 0));
  const CliResult capped = run_cli({"validate", "-q", "--max-diagnostics", "1", path});
  const CliResult all = run_cli({"validate", "-q", "--max-diagnostics", "0", path});
  EXPECT_EQ(capped.exit_code, 1);
  EXPECT_EQ(capped.out.find(": note: "), std::string::npos) << capped.out;
  EXPECT_EQ(capped.out, all.out);
  // Both diagnostics, each on its line.
  EXPECT_EQ(std::count(capped.out.begin(), capped.out.end(), '\n'), 2) << capped.out;
}

TEST_F(DiagnosticsCap, ManyOverTheCapStillGiveOneNote) {
  const std::string path = file("many.yaml", game_with_unknown_players(30, 2, 0));
  const CliResult capped = run_cli({"validate", "-q", "--max-diagnostics", "5", path});
  EXPECT_NE(capped.out.find("more diagnostics not shown (25 errors, 0 warnings)"), std::string::npos) << capped.out;
  EXPECT_EQ(std::count(capped.out.begin(), capped.out.end(), '\n'), 6) << capped.out;
}

// Over generated faulty files (one or several games, short and long
// diagnostics, caps from 1 up), the default-style cap never prints more
// bytes than no cap, in the text with and without tables.
TEST_F(DiagnosticsCap, NeverLongerThanNoCap) {
  int files = 0;
  int noted = 0;
  for (const int games : {1, 3}) {
    for (const int keys : {1, 2, 3, 5, 17, 40}) {
      for (const int width : {2, 30}) {
        std::string text;
        for (int g = 0; g < games; ++g) {
          text += (g == 0 ? "" : "---\n") + game_with_unknown_players(keys, width, g);
        }
        const std::string path = file("f" + std::to_string(files++) + ".yaml", text);
        for (const char* quiet : {"-q", "--color=never"}) {
          const CliResult all = run_cli({"validate", quiet, "--max-diagnostics", "0", path});
          for (const int cap : {1, 2, 3, 4, 16, 20, 39}) {
            SCOPED_TRACE(path + " cap " + std::to_string(cap) + " " + quiet);
            const CliResult capped = run_cli({"validate", quiet, "--max-diagnostics", std::to_string(cap), path});
            EXPECT_EQ(capped.exit_code, all.exit_code);
            EXPECT_LE(capped.out.size(), all.out.size()) << capped.out;
            noted += capped.out.find("not shown") != std::string::npos ? 1 : 0;
          }
        }
      }
    }
  }
  EXPECT_GT(noted, 50);  // the note still stands for what is longer than it
}

}  // namespace
}  // namespace trickref
