#include "cli/inputs.h"

#include <cstdlib>

namespace trickref::cli {

void add_input_options(CLI::App& sub, InputOptions& o) {
  sub.add_option("paths", o.paths, "Transcript files (.yaml .yml .json .jsonl), directories (walked "
                                   "recursively) or - for standard input")
      ->required();
  sub.add_option("--rules", o.rules, "Ruleset NAME or FILE to use instead of each game's `game:`");
  sub.add_option("-j,--jobs", o.jobs, "Files to referee in parallel")
      ->check(CLI::Range(1U, 256U))
      ->capture_default_str();
  sub.add_option("--max-file-size", o.limits.max_file_bytes, "Largest file (or JSON Lines line) read, in bytes")
      ->capture_default_str();
  sub.add_option("--max-depth", o.limits.max_depth, "Deepest YAML nesting accepted")->capture_default_str();
  sub.add_option("--max-nodes", o.limits.max_nodes, "Most YAML nodes in one game, counting alias copies")
      ->capture_default_str();
  sub.add_option("--max-scalar", o.limits.max_scalar_bytes, "Longest single YAML value, in bytes")
      ->capture_default_str();
}

bool batch_options(const InputOptions& o, bool color, Context& ctx, BatchOptions& out) {
  out.limits = o.limits;
  if (o.rules.empty()) {
    return true;
  }
  RulesetCatalog catalog(o.limits);
  const auto& res = catalog.resolve(o.rules);
  if (!res.ruleset) {
    for (const auto& d : res.diagnostics) {
      Diagnostic shown = d;
      if (shown.file.empty()) {
        shown.file = "trickref";
      }
      ctx.err << render_diagnostic(shown, TextStyle{color, true});
    }
    return false;
  }
  out.rules_override = res.ruleset;
  return true;
}

bool use_color(const std::string& mode, bool tty) {
  if (mode == "always") {
    return true;
  }
  if (mode == "never") {
    return false;
  }
  const char* no_color = std::getenv("NO_COLOR");
  return tty && (no_color == nullptr || *no_color == '\0');
}

}  // namespace trickref::cli
