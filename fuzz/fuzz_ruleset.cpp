// libFuzzer target: a ruleset through the loader and `extends` resolution.
// The input is split at lines `#%%` into up to three files a.yaml, b.yaml
// and c.yaml in a private directory, so `extends:` chains, cycles and
// self-references between files are reachable as well as built-in parents;
// a.yaml is resolved, and a resolved ruleset is shown and checked the way
// `rules show` does.
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>

#include "fuzz_common.h"
#include "batch/batch.h"
#include "engine/playout.h"
#include "ruleset/ruleset_loader.h"
#include "transcript/writer.h"

namespace {

const std::filesystem::path& work_dir() {
  static const std::filesystem::path dir = [] {
    auto d = std::filesystem::temp_directory_path() / ("trickref-fuzz-ruleset-" + std::to_string(::getpid()));
    std::filesystem::create_directories(d);
    return d;
  }();
  return dir;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace trickref;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const std::array<const char*, 3> names = {"a.yaml", "b.yaml", "c.yaml"};
  std::size_t start = 0;
  for (std::size_t i = 0; i < names.size(); ++i) {
    std::size_t end = text.size();
    if (i + 1 < names.size()) {
      const auto cut = text.find("\n#%%\n", start);
      end = cut == std::string_view::npos ? text.size() : cut + 1;
    }
    const auto part = start <= text.size() ? text.substr(start, end - start) : std::string_view();
    std::ofstream(work_dir() / names[i], std::ios::binary | std::ios::trunc)
        .write(part.data(), static_cast<std::streamsize>(part.size()));
    start = end + 4;  // past "#%%\n"
  }
  // A fresh catalog each time: nothing is cached between inputs.
  RulesetCatalog catalog;
  const auto& res = catalog.resolve("a.yaml", work_dir());
  for (const auto& d : res.diagnostics) {
    fuzz::require(!d.message.empty(), "a diagnostic without a message");
    fuzz::require_printable(render_diagnostic(d, TextStyle{}), "a raw control character in a ruleset diagnostic");
  }
  if (res.ruleset) {
    fuzz::require(res.diagnostics.empty() ||
                      std::none_of(res.diagnostics.begin(), res.diagnostics.end(),
                                   [](const Diagnostic& d) { return d.severity == Severity::kError; }),
                  "a ruleset resolved despite errors");
    (void)option_values(*res.ruleset);
    // A ruleset the loader accepts can be played: two hands of random legal
    // play, written out in full and refereed again, referee clean.
    const Ruleset& rules = *res.ruleset;
    PlayoutOptions play;
    play.seed = size;
    play.max_hands = 2;
    play.hands_no_target = 2;
    const PlayedGame game = play_random_game(rules, play);
    std::vector<std::string> players;
    for (int p = 0; p < rules.players; ++p) {
      players.push_back("P" + std::to_string(p + 1));
    }
    const std::string yaml = to_yaml(game, rules, "a.yaml", players, WriteOptions{});
    BatchOptions options;
    options.rules_override = res.ruleset;
    validate_text(yaml, "written.yaml", work_dir(), catalog, options, [&](GameReport&& g) {
      for (const auto& d : g.diagnostics) {
        if (d.severity == Severity::kError) {
          std::fprintf(stderr, "%s\n", render_diagnostic(d, TextStyle{}).c_str());
        }
        fuzz::require(d.severity != Severity::kError, "a random legal game under an accepted ruleset has an error");
      }
    });
  } else {
    fuzz::require(!res.diagnostics.empty(), "a ruleset refused without a diagnostic");
  }
  return 0;
}
