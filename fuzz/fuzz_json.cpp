// libFuzzer target: JSON and JSON Lines input, as standard input is read
// (a first line that is one whole JSON object makes the input JSON Lines,
// streamed line by line through the JSON reader; anything else is one YAML
// text), and the same bytes as a .json file (one text through the JSON
// reader), through the loader and the referee, then every renderer. Each
// line is also read the direct way (JsonGameReader): a record it takes
// must be the full way's game, about which the full way has nothing to say.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>
#include <string_view>

#include "batch/batch.h"
#include "fuzz_common.h"
#include "json/json_game_reader.h"
#include "json/json_reader.h"
#include "transcript/transcript_loader.h"

namespace {

// The direct way against the full way, for one text (a line, or the whole input).
void check_direct(std::string_view text, bool json_lines) {
  using namespace trickref;
  static JsonGameReader direct(Limits{});
  static JsonReader reader(Limits{});
  static Game fast;
  if (!direct.read(JsonText{text, false, 1, json_lines, false}, fast)) {
    return;
  }
  Document doc;
  DiagnosticSink sink("fuzz.jsonl");
  fuzz::require(reader.read(JsonText{text, false, 1, json_lines, false}, doc, sink) == JsonRead::kGame,
                "a record taken the direct way that the full way cannot read");
  static LoadScratch load;
  Game full = load_game(doc.root(), "fuzz.jsonl", 0, sink, load);
  fast.file = full.file;
  fast.index = full.index;
  fuzz::require(sink.diagnostics().empty(), "a record taken the direct way that the full way has a word for");
  fuzz::require(fast == full, "a record taken the direct way that is not the full way's game");
  load.recycle(full);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace trickref;
  const std::string text(reinterpret_cast<const char*>(data), size);
  static RulesetCatalog catalog;
  const BatchOptions options;
  std::istringstream in(text);
  const InputFile input{"-", {}, true};
  const std::uint32_t lines = fuzz::count_lines(text);
  for (std::size_t at = 0; at <= text.size();) {
    const std::size_t end = std::min(text.find('\n', at), text.size());
    check_direct(std::string_view(text).substr(at, end - at), true);
    at = end + 1;
  }
  check_direct(text, false);
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
