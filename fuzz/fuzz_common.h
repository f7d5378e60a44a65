// Shared by the libFuzzer targets: every input must end in a verdict (a
// report, diagnostics or none) without a crash, a sanitizer report, a hang
// or unbounded memory, and every diagnostic must be located in the input.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>

#include "report/report.h"

// The libFuzzer entry point (renamed by tests/CMakeLists.txt when the
// regression test replays the targets).
extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

namespace trickref::fuzz {

// A broken invariant is a finding: abort so libFuzzer saves the input.
inline void require(bool ok, const char* what) {
  if (!ok) {
    std::fprintf(stderr, "fuzz invariant broken: %s\n", what);
    std::abort();
  }
}

// Renders a report every way the CLI can (so the renderers see every
// diagnostic the loaders make) and checks the invariants of a verdict.
inline void check_report(const GameReport& g, std::uint32_t lines) {
  (void)render_text(g, TextStyle{false, true});
  (void)render_text(g, TextStyle{true, false});
  (void)game_json(g).dump();
  for (const auto& d : g.diagnostics) {
    require(!d.message.empty(), "a diagnostic without a message");
    // Lines point into the input (a ruleset's lines belong to its own file).
    if (d.code != Code::kRuleset && d.file == g.file) {
      require(d.loc.line <= lines + 1, "a diagnostic located past the end of the input");
    }
  }
}

inline std::uint32_t count_lines(std::string_view text) {
  std::uint32_t n = 1;
  for (const char c : text) {
    n += c == '\n' ? 1U : 0U;
  }
  return n;
}

}  // namespace trickref::fuzz
