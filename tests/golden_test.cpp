// Golden reports: the text and JSON output of `trickref validate` for every
// sample file, compared byte for byte with tests/golden/. Run with
// UPDATE_GOLDEN=1 to rewrite them, then review the diff.
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "support/test_support.h"

namespace trickref {
namespace {

std::vector<std::string> sample_files() {
  std::vector<std::string> out;
  const std::filesystem::path root = std::filesystem::path(test::source_dir()) / "samples";
  for (const auto& e : std::filesystem::recursive_directory_iterator(root)) {
    const auto ext = e.path().extension().string();
    const bool league = e.path().stem() == "league";  // league settings, not a record
    if (e.is_regular_file() && !league && (ext == ".yaml" || ext == ".json" || ext == ".jsonl")) {
      out.push_back(std::filesystem::relative(e.path(), test::source_dir()).generic_string());
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

class Golden : public ::testing::TestWithParam<std::string> {
 protected:
  void SetUp() override { std::filesystem::current_path(test::source_dir()); }

  static void compare(const std::string& actual, const std::string& golden_name) {
    test::compare_golden(actual, golden_name);
  }
};

TEST_P(Golden, TextReport) {
  const auto r = test::run_cli({"validate", "--color", "never", GetParam()});
  compare(fmt::format("exit {}\n{}", r.exit_code, r.out), GetParam() + ".txt");
}

TEST_P(Golden, JsonReport) {
  const auto r = test::run_cli({"validate", "--format", "json", GetParam()});
  compare(r.out, GetParam() + ".json");
  // Same input, same output, byte for byte.
  EXPECT_EQ(test::run_cli({"validate", "--format", "json", GetParam()}).out, r.out);
}

INSTANTIATE_TEST_SUITE_P(Samples, Golden, ::testing::ValuesIn(sample_files()),
                         [](const ::testing::TestParamInfo<std::string>& param) { return test::param_name(param.param); });

}  // namespace
}  // namespace trickref
