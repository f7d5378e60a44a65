#include "cli/inputs.h"

#include <cstdint>
#include <cstdlib>
#include <limits>

#include <fmt/format.h>

#include "base/text.h"
#include "cli/cli.h"

namespace trickref::cli {

void add_input_options(CLI::App& sub, InputOptions& o, bool yaml_nodes) {
  sub.add_option("paths", o.paths, "Transcript files (.yaml .yml .json .jsonl), directories (walked "
                                   "recursively) or - for standard input")
      ->required();
  sub.add_option("--rules", o.rules, "Ruleset NAME or FILE to use instead of each game's `game:`");
  sub.add_option("-j,--jobs", o.jobs, "Files to referee in parallel")
      ->check(CLI::Range(1U, 256U))
      ->capture_default_str();
  sub.add_option("--max-file-size", o.limits.max_file_bytes, "Largest file (or JSON Lines line) read, in bytes")
      ->capture_default_str();
  sub.add_option("--max-depth", o.limits.max_depth, "Deepest nesting accepted (YAML and JSON)")->capture_default_str();
  sub.add_option(yaml_nodes ? "--max-nodes" : "--max-yaml-nodes", o.limits.max_nodes, "Most YAML nodes in one game, counting alias copies")
      ->capture_default_str();
  sub.add_option("--max-scalar", o.limits.max_scalar_bytes, "Longest single YAML value, in bytes")
      ->capture_default_str();
  sub.add_option("--max-game-size", o.limits.max_game_bytes, "Largest single YAML game (one document), in bytes")
      ->check(CLI::Range(std::uint64_t{1}, std::numeric_limits<std::uint64_t>::max()))
      ->capture_default_str();
  // JSON's own (README, "Limits"); a Document counts in 32 bits, and the
  // string limit stays far below that.
  sub.add_option("--max-json-values", o.limits.max_json_values, "Most JSON values in one game, keys included")
      ->check(CLI::Range(1U, 1U << 30))
      ->capture_default_str();
  sub.add_option("--max-json-string", o.limits.max_json_string_bytes, "Longest single JSON string or number, in bytes")
      ->check(CLI::Range(1U, 1U << 30))
      ->capture_default_str();
  sub.add_option("--max-diagnostics", o.limits.max_diagnostics,
                 "Most diagnostics listed per file (the rest are counted; 0: no cap)")
      ->capture_default_str();
  add_max_extends_option(sub, o.limits);
}

void add_max_extends_option(CLI::App& sub, Limits& limits) {
  // Bounded above too: each link is a level of the resolver's recursion.
  sub.add_option("--max-extends", limits.max_extends, "Most `extends` links followed from one ruleset")
      ->check(CLI::Range(1U, 1000U))
      ->capture_default_str();
}

std::shared_ptr<const Ruleset> resolve_rules(RulesetCatalog& catalog, const std::string& ref, bool color,
                                             Context& ctx) {
  const auto& res = catalog.resolve(ref);
  if (!res.ruleset) {
    for (const auto& d : res.diagnostics) {
      Diagnostic shown = d;
      if (shown.file.empty()) {
        shown.file = "trickref";
      }
      ctx.err << render_diagnostic(shown, TextStyle{color, true});
    }
  }
  return res.ruleset;
}

bool batch_options(const InputOptions& o, bool color, Context& ctx, BatchOptions& out) {
  out.limits = o.limits;
  if (o.rules.empty()) {
    return true;
  }
  RulesetCatalog catalog(o.limits);
  out.rules_override = resolve_rules(catalog, o.rules, color, ctx);
  return out.rules_override != nullptr;
}

void referee_inputs(const std::vector<InputFile>& inputs, const InputOptions& o, const BatchOptions& batch, bool quiet,
                    Context& ctx, const std::function<void(GameReport&&)>& emit) {
  const bool progress = ctx.err_tty && inputs.size() >= 20 && !quiet;
  std::size_t done = 0;
  validate_all(inputs, batch, o.jobs, ctx.in, emit, [&]() {
    ++done;
    if (progress) {
      ctx.err << fmt::format("\r{}/{} files", done, inputs.size()) << std::flush;
    }
  });
  if (progress) {
    ctx.err << "\r" << std::string(40, ' ') << "\r" << std::flush;
  }
}

bool is_ruleset_path(const std::string& ref) {
  auto ends = [&](std::string_view e) {
    return ref.size() >= e.size() && ref.compare(ref.size() - e.size(), e.size(), e) == 0;
  };
  return ref.find('/') != std::string::npos || ends(".yaml") || ends(".yml") || ends(".json");
}

void add_input_files(const std::vector<InputFile>& inputs, const std::string& rules, InputFiles& files) {
  for (const auto& input : inputs) {
    if (!input.is_stdin) {
      files.add(input.path);
    }
  }
  if (is_ruleset_path(rules)) {
    files.add(rules);
  }
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

int cannot_write_report(const std::string& path, const std::string& why, TargetProblem problem, Context& ctx) {
  ctx.err << fmt::format("trickref: error: cannot write '{}': {}{}; nothing was written\n", printable(path), why,
                         problem == TargetProblem::kNotRegular
                             ? "; leave out -o to write the report to standard output"
                             : "");
  return static_cast<int>(ExitCode::kUsage);
}

int deliver_report(const std::string& report, bool to_file, const std::string& path, const InputFiles& inputs,
                   Context& ctx) {
  if (!to_file) {
    ctx.out << report;
    ctx.out.flush();
    return 0;
  }
  AtomicFile file;
  TargetProblem problem = TargetProblem::kNone;
  std::string error = file.open(path, inputs, true, &problem);
  if (error.empty()) {
    file.write(report);
    error = file.commit();
  }
  return error.empty() ? 0 : cannot_write_report(path, error, problem, ctx);
}

}  // namespace trickref::cli
