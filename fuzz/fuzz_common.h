// Shared by the libFuzzer targets: every input must end in a verdict (a
// report, diagnostics or none) without a crash, a sanitizer report, a hang
// or unbounded memory, and every diagnostic must be located in the input.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "report/json_text.h"
#include "raw_control.h"
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

// Text output never carries a raw control character besides the line feeds
// the renderers write themselves (checked byte by byte, apart from the
// escaping it checks: raw_control.h).
inline void require_printable(std::string_view text, const char* what) {
  const std::string found = test::raw_control(text);
  if (!found.empty()) {
    std::fprintf(stderr, "%s\n", found.c_str());
  }
  require(found.empty(), what);
}

// The same for coloured text once trickref's own colour sequences are taken out.
inline std::string without_colour(std::string text) {
  for (const char* sgr : {"\x1b[1;31m", "\x1b[1;35m", "\x1b[1;36m", "\x1b[1m", "\x1b[0m"}) {
    const std::string_view s(sgr);
    for (auto at = text.find(s); at != std::string::npos; at = text.find(s, at)) {
      text.erase(at, s.size());
    }
  }
  return text;
}

// Renders a report every way the CLI can (so the renderers see every
// diagnostic the loaders make) and checks the invariants of a verdict.
inline void check_report(const GameReport& g, std::uint32_t lines) {
  require_printable(render_text(g, TextStyle{false, true}), "a raw control character in text output");
  require_printable(without_colour(render_text(g, TextStyle{true, false})),
                    "a raw control character in coloured text output, besides trickref's own colours");
  require_printable(json_text(game_json(g), 2), "a raw control character in JSON output");
  for (const auto& d : g.diagnostics) {
    require(!d.message.empty(), "a diagnostic without a message");
    // One diagnostic is one line, and one more per note.
    const std::string shown = render_diagnostic(d, TextStyle{});
    require(static_cast<std::size_t>(std::count(shown.begin(), shown.end(), '\n')) == 1 + d.notes.size(),
            "a diagnostic that is not one line (and one per note)");
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
