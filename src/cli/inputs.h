// What `validate` and `score` share: the options that say which records to
// read and how (paths, --rules, --jobs, the safety limits), and turning
// --rules into the ruleset every game is refereed under.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "base/io.h"
#include "batch/batch.h"
#include "cli/commands.h"

namespace trickref::cli {

struct InputOptions {
  std::vector<std::string> paths;
  std::string rules;  // --rules NAME|FILE; empty: each game's own `game:`
  unsigned jobs = 1;
  Limits limits;
};

// Registers PATH..., --rules, -j/--jobs and --max-file-size/--max-depth/--max-nodes/--max-scalar/
// --max-json-values/--max-json-string/--max-diagnostics/--max-extends.
// `yaml_nodes` false: the YAML node limit is --max-yaml-nodes (analyse's
// --max-nodes is the solver's budget).
void add_input_options(CLI::App& sub, InputOptions& o, bool yaml_nodes = true);

// Registers --max-extends alone, for the commands that load rulesets but read no records.
void add_max_extends_option(CLI::App& sub, Limits& limits);

// Resolves a ruleset NAME or FILE given on the command line; on failure
// prints its diagnostics (unlocated ones under "trickref") and returns null.
[[nodiscard]] std::shared_ptr<const Ruleset> resolve_rules(RulesetCatalog& catalog, const std::string& ref, bool color,
                                                           Context& ctx);

// The batch options for `o`: the limits and, with --rules, its ruleset.
// Returns false after printing the ruleset's diagnostics when it cannot be used.
[[nodiscard]] bool batch_options(const InputOptions& o, bool color, Context& ctx, BatchOptions& out);

// Referees `inputs` through validate_all with o.jobs, showing a file counter
// on standard error for 20 or more files when it is a terminal (not `quiet`).
void referee_inputs(const std::vector<InputFile>& inputs, const InputOptions& o, const BatchOptions& batch, bool quiet,
                    Context& ctx, const std::function<void(GameReport&&)>& emit);

// Whether the ruleset catalogue reads `ref` as a file path rather than a
// built-in name (ruleset_loader.cpp: a '/' or a .yaml/.yml/.json ending).
[[nodiscard]] bool is_ruleset_path(const std::string& ref);

// Adds to `files` what no output of the run may overwrite: the records of
// `inputs` (standard input is none) and, when --rules names a file, that file.
void add_input_files(const std::vector<InputFile>& inputs, const std::string& rules, InputFiles& files);

// Whether NO_COLOR, --color MODE and a terminal call for colour.
[[nodiscard]] bool use_color(const std::string& mode, bool tty);

// Says why a report cannot be written to `path` (and that nothing was);
// returns the usage exit code.
int cannot_write_report(const std::string& path, const std::string& why, TargetProblem problem, Context& ctx);
// Writes `report` to standard output when `to_file` is false, else
// atomically to `path` (never over one of `inputs`). Returns the exit code
// of a failure (said on standard error), or 0 when written.
[[nodiscard]] int deliver_report(const std::string& report, bool to_file, const std::string& path,
                                 const InputFiles& inputs, Context& ctx);

}  // namespace trickref::cli
