// Replays every input in fuzz/regressions/TARGET/ (each a crash, hang or
// broken invariant the fuzzers found, kept after its fix) and the ruleset
// seeds through the fuzz targets' own code, built with the ordinary
// compiler: the targets' LLVMFuzzerTestOneInput functions are compiled into
// this binary under other names (tests/CMakeLists.txt). A target aborts on
// a broken invariant; a hang shows as the ctest timeout.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <ostream>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "support/test_support.h"

extern "C" int trickref_fuzz_transcript(const std::uint8_t* data, std::size_t size);
extern "C" int trickref_fuzz_json(const std::uint8_t* data, std::size_t size);
extern "C" int trickref_fuzz_ruleset(const std::uint8_t* data, std::size_t size);
extern "C" int trickref_fuzz_results(const std::uint8_t* data, std::size_t size);

namespace {

namespace fs = std::filesystem;

struct Input {
  std::string target;
  fs::path path;
};

std::vector<Input> inputs() {
  std::vector<Input> out;
  const fs::path root(TRICKREF_SOURCE_DIR);
  for (const auto& [target, dir] : {std::pair{"transcript", "fuzz/regressions/transcript"},
                                    std::pair{"json", "fuzz/regressions/json"},
                                    std::pair{"ruleset", "fuzz/regressions/ruleset"},
                                    std::pair{"results", "fuzz/regressions/results"},
                                    std::pair{"ruleset", "fuzz/seeds/ruleset"}}) {
    std::error_code ec;
    for (const auto& e : fs::directory_iterator(root / dir, ec)) {
      if (e.is_regular_file()) {
        out.push_back(Input{target, e.path()});
      }
    }
  }
  std::sort(out.begin(), out.end(), [](const Input& a, const Input& b) { return a.path < b.path; });
  return out;
}

void PrintTo(const Input& input, std::ostream* os) { *os << input.target << ":" << input.path.filename().string(); }

class FuzzRegression : public ::testing::TestWithParam<Input> {};

TEST_P(FuzzRegression, ReplaysClean) {
  std::ifstream f(GetParam().path, std::ios::binary);
  std::ostringstream s;
  s << f.rdbuf();
  const std::string data = s.str();
  const auto* bytes = reinterpret_cast<const std::uint8_t*>(data.data());
  const std::string& target = GetParam().target;
  if (target == "transcript") {
    EXPECT_EQ(trickref_fuzz_transcript(bytes, data.size()), 0);
  } else if (target == "json") {
    EXPECT_EQ(trickref_fuzz_json(bytes, data.size()), 0);
  } else if (target == "results") {
    EXPECT_EQ(trickref_fuzz_results(bytes, data.size()), 0);
  } else {
    EXPECT_EQ(trickref_fuzz_ruleset(bytes, data.size()), 0);
  }
}

TEST(FuzzRegression, ThereAreRegressionInputs) { EXPECT_GE(inputs().size(), 5U); }

std::string name(const ::testing::TestParamInfo<Input>& info) {
  return trickref::test::param_name(info.param.target + "_" + info.param.path.stem().string());
}

INSTANTIATE_TEST_SUITE_P(Inputs, FuzzRegression, ::testing::ValuesIn(inputs()), name);

}  // namespace
