// Helpers shared by the tests: load rulesets and transcripts from strings,
// run the CLI in-process, read sample files.
#pragma once

#include <cctype>
#include <filesystem>
#include <initializer_list>
#include <memory>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "base/diagnostic.h"
#include "cards/card.h"
#include "report/report.h"
#include "ruleset/ruleset.h"

namespace trickref {

// Readable locations in GoogleTest failure messages (found by ADL).
inline void PrintTo(const Loc& loc, std::ostream* os) { *os << loc.line << ":" << loc.column; }

}  // namespace trickref

namespace trickref::test {

// A card, or a set of cards, from tokens such as "AS" or "10H" (each must parse).
inline Card c(const char* token) { return *parse_card(token); }
inline CardSet cards(std::initializer_list<const char*> tokens) {
  CardSet s;
  for (const char* t : tokens) {
    s.insert(*parse_card(t));
  }
  return s;
}

// `text` as a GoogleTest parameter name: every character but a letter or a
// digit becomes '_'.
[[nodiscard]] inline std::string param_name(std::string text) {
  for (char& ch : text) {
    ch = std::isalnum(static_cast<unsigned char>(ch)) != 0 ? ch : '_';
  }
  return text;
}

// The resolved built-in ruleset NAME (fails the test if it does not load).
[[nodiscard]] std::shared_ptr<const Ruleset> builtin(const std::string& name);
// The built-in rulesets whose records the referee reads (referee.h, unrefereed): the
// quota games, for the suites that play, write and referee games of every ruleset.
[[nodiscard]] std::vector<std::string> refereed_builtins();

// Referees YAML `text` as if read from file `name`; returns every game's report.
[[nodiscard]] std::vector<GameReport> validate_yaml(const std::string& text, const std::string& name = "t.yaml");

// The codes of a report's diagnostics, in order.
[[nodiscard]] std::vector<std::string> codes(const GameReport& g);

// Renders every diagnostic of `games` as text lines (no colour, no tables).
[[nodiscard]] std::string diagnostics_text(const std::vector<GameReport>& games);

struct CliResult {
  int exit_code = 0;
  std::string out;
  std::string err;
};
// Runs trickref in-process with `args` and standard input `in`.
[[nodiscard]] CliResult run_cli(const std::vector<std::string>& args, const std::string& in = {});

// A one-game YAML record without the hand keys named (each `    KEY:` line
// and the lines indented under it), in every hand.
[[nodiscard]] std::string without_hand_keys(const std::string& yaml, std::initializer_list<std::string_view> keys);

// The contents of a file under the source tree (e.g. "samples/night/x.yaml").
[[nodiscard]] std::string read_source_file(const std::string& relative);
[[nodiscard]] std::string source_dir();
// The bytes of a file (empty when it cannot be read).
[[nodiscard]] std::string file_bytes(const std::filesystem::path& path);

// A fresh directory for one test's files (named for `name` and this
// process, under the system's temporary directory), removed with the object.
class ScratchDir {
 public:
  explicit ScratchDir(const std::string& name);
  ~ScratchDir();
  ScratchDir(const ScratchDir&) = delete;
  ScratchDir& operator=(const ScratchDir&) = delete;
  [[nodiscard]] std::filesystem::path operator/(const std::string& file) const { return dir_ / file; }
  [[nodiscard]] const std::filesystem::path& path() const { return dir_; }

 private:
  std::filesystem::path dir_;
};

// Compares `actual` with tests/golden/NAME byte for byte (a test failure if
// it differs); with UPDATE_GOLDEN=1 in the environment, rewrites the file.
void compare_golden(const std::string& actual, const std::string& name);

}  // namespace trickref::test
