// libFuzzer target: JSON and JSON Lines input, as standard input is read
// (a first line that is one whole JSON object makes the input JSON Lines,
// streamed line by line through the JSON reader; anything else is one YAML
// text), and the same bytes as a .json file (one text through the JSON
// reader), through the loader and the referee, then every renderer.
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>
#include <string_view>

#include "batch/batch.h"
#include "fuzz_common.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace trickref;
  const std::string text(reinterpret_cast<const char*>(data), size);
  static RulesetCatalog catalog;
  const BatchOptions options;
  std::istringstream in(text);
  const InputFile input{"-", {}, true};
  const std::uint32_t lines = fuzz::count_lines(text);
  int games = 0;
  validate_file(input, catalog, options, in, [&](GameReport&& g) {
    ++games;
    fuzz::check_report(g, lines);
  });
  // JSON Lines made only of blank lines is no game at all; anything else
  // gets a verdict.
  if (text.find_first_not_of(" \t\r\n") != std::string::npos) {
    fuzz::require(games > 0, "an input without a verdict");
  }
  // A .json file holds one game: exactly one report, whatever the bytes.
  int json_games = 0;
  validate_text(text, "fuzz.json", ".", catalog, options, [&](GameReport&& g) {
    ++json_games;
    fuzz::check_report(g, lines);
  });
  fuzz::require(json_games == 1, "a .json file without exactly one report");
  return 0;
}
