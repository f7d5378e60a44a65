#include "support/test_support.h"

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <gtest/gtest.h>

#include "batch/batch.h"
#include "cli/cli.h"
#include "referee/referee.h"
#include "ruleset/ruleset_loader.h"

namespace trickref::test {

std::shared_ptr<const Ruleset> builtin(const std::string& name) {
  RulesetCatalog catalog;
  const auto& res = catalog.resolve(name);
  EXPECT_TRUE(res.ruleset) << "built-in ruleset " << name << " does not load";
  return res.ruleset;
}

std::vector<std::string> refereed_builtins() {
  std::vector<std::string> out;
  for (const auto& name : RulesetCatalog().builtin_names()) {
    if (!unrefereed(*builtin(name))) {
      out.push_back(name);
    }
  }
  return out;
}

std::vector<GameReport> validate_yaml(const std::string& text, const std::string& name) {
  RulesetCatalog catalog;
  BatchOptions options;
  std::vector<GameReport> out;
  validate_text(text, name, ".", catalog, options, [&](GameReport&& g) { out.push_back(std::move(g)); });
  return out;
}

std::vector<std::string> codes(const GameReport& g) {
  std::vector<std::string> out;
  for (const auto& d : g.diagnostics) {
    out.emplace_back(code_name(d.code));
  }
  return out;
}

std::string diagnostics_text(const std::vector<GameReport>& games) {
  std::string out;
  for (const auto& g : games) {
    for (const auto& d : g.diagnostics) {
      out += render_diagnostic(d, TextStyle{false, false});
    }
  }
  return out;
}

CliResult run_cli(const std::vector<std::string>& args, const std::string& in) {
  std::istringstream input(in);
  std::ostringstream out;
  std::ostringstream err;
  CliResult r;
  r.exit_code = cli::run(args, input, out, err);
  r.out = out.str();
  r.err = err.str();
  return r;
}

std::string source_dir() { return TRICKREF_SOURCE_DIR; }

void compare_golden(const std::string& actual, const std::string& name) {
  const std::filesystem::path path = std::filesystem::path(source_dir()) / "tests/golden" / name;
  const char* update = std::getenv("UPDATE_GOLDEN");
  if (update != nullptr && std::string(update) == "1") {
    std::filesystem::create_directories(path.parent_path());
    std::ofstream(path, std::ios::binary) << actual;
    return;
  }
  std::ifstream in(path, std::ios::binary);
  ASSERT_TRUE(in) << "no golden file " << path << " (run with UPDATE_GOLDEN=1)";
  std::stringstream expected;
  expected << in.rdbuf();
  EXPECT_EQ(actual, expected.str()) << "golden " << name << " differs";
}

std::string file_bytes(const std::filesystem::path& path) {
  std::ifstream f(path, std::ios::binary);
  std::ostringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

std::string read_source_file(const std::string& relative) {
  std::ifstream f(source_dir() + "/" + relative, std::ios::binary);
  EXPECT_TRUE(f) << "cannot open " << relative;
  std::ostringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

std::string without_hand_keys(const std::string& yaml, std::initializer_list<std::string_view> keys) {
  std::istringstream in(yaml);
  std::string out;
  std::string line;
  bool skipping = false;
  while (std::getline(in, line)) {
    if (skipping && line.rfind("      ", 0) == 0) {
      continue;
    }
    skipping = false;
    for (auto k : keys) {
      skipping = skipping || line.rfind("    " + std::string(k) + ":", 0) == 0;
    }
    if (!skipping) {
      out += line + "\n";
    }
  }
  return out;
}

ScratchDir::ScratchDir(const std::string& name)
    : dir_(std::filesystem::temp_directory_path() / ("trickref-" + name + "-" + std::to_string(::getpid()))) {
  std::filesystem::remove_all(dir_);
  std::filesystem::create_directories(dir_);
}

ScratchDir::~ScratchDir() {
  std::error_code ec;
  std::filesystem::remove_all(dir_, ec);
}

}  // namespace trickref::test
