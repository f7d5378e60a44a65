// libFuzzer target: a YAML (or JSON) transcript through the located tree,
// the loader, ruleset resolution by name and the referee, then every
// renderer. Limits are the defaults, so an alias bomb or deep nesting must
// end in a `limit` diagnostic, never in a timeout or out-of-memory.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "batch/batch.h"
#include "fuzz_common.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace trickref;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  // One catalog per process, as in a validate run: the built-in rulesets
  // resolve once. Paths resolve against a directory that does not exist, so
  // an input naming a ruleset file cannot read the fuzzing machine's files.
  static RulesetCatalog catalog;
  const BatchOptions options;
  const std::uint32_t lines = fuzz::count_lines(text);
  int games = 0;
  validate_text(text, "fuzz.yaml", "/nonexistent-trickref-fuzz", catalog, options, [&](GameReport&& g) {
    ++games;
    fuzz::check_report(g, lines);
  });
  fuzz::require(games > 0, "an input without a verdict");
  return 0;
}
