// Every diagnostic code (but `io`) has a sample transcript, samples/invalid/<code>.yaml,
// holding exactly one mistake: refereeing it yields that code and no other (cli.md,
// "Diagnostic codes": each code is "tested with a sample that triggers it").
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "base/diagnostic.h"
#include "support/test_support.h"

namespace trickref {
namespace {

// `io` needs a path that cannot be read, so it has no sample file.
constexpr std::string_view kNoSample = "io";

std::vector<std::string> sampled_codes() {
  std::vector<std::string> out;
  for (const auto& c : code_catalogue()) {
    if (c.name != kNoSample) {
      out.emplace_back(c.name);
    }
  }
  return out;
}

std::string sample_path(const std::string& code) { return "samples/invalid/" + code + ".yaml"; }

class InvalidSample : public ::testing::TestWithParam<std::string> {};

TEST_P(InvalidSample, ReportsOnlyItsOwnCode) {
  const std::string& code = GetParam();
  const std::string relative = sample_path(code);
  ASSERT_TRUE(std::filesystem::is_regular_file(test::source_dir() + "/" + relative))
      << relative << " is missing";

  const auto games = test::validate_yaml(test::read_source_file(relative), relative);
  std::vector<std::string> found;
  for (const auto& g : games) {
    const auto c = test::codes(g);
    found.insert(found.end(), c.begin(), c.end());
  }
  EXPECT_FALSE(found.empty()) << relative << " yields no diagnostic";
  for (const auto& f : found) {
    EXPECT_EQ(f, code) << relative << " yields a diagnostic with another code:\n"
                       << test::diagnostics_text(games);
  }
}

// gtest names allow only letters, digits and '_': revoke, pluck_missing, ...
std::string test_name(const ::testing::TestParamInfo<std::string>& param) {
  std::string name = param.param;
  std::replace(name.begin(), name.end(), '-', '_');
  return name;
}

INSTANTIATE_TEST_SUITE_P(Codes, InvalidSample, ::testing::ValuesIn(sampled_codes()), test_name);

TEST(InvalidSamples, EveryFileNamesACatalogueCode) {
  const auto codes = sampled_codes();
  const std::set<std::string> expected(codes.begin(), codes.end());
  const std::filesystem::path dir = std::filesystem::path(test::source_dir()) / "samples" / "invalid";
  ASSERT_TRUE(std::filesystem::is_directory(dir)) << dir;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    const std::filesystem::path& p = entry.path();
    EXPECT_TRUE(entry.is_regular_file()) << p << " is not a regular file";
    EXPECT_EQ(p.extension(), ".yaml") << p << " is not a .yaml file";
    EXPECT_TRUE(expected.contains(p.stem().string()))
        << p.filename() << " does not match a diagnostic code of the catalogue (other than io)";
  }
}

}  // namespace
}  // namespace trickref
