// What `validate` and `score` share: the options that say which records to
// read and how (paths, --rules, --jobs, the safety limits), and turning
// --rules into the ruleset every game is refereed under.
#pragma once

#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "batch/batch.h"
#include "cli/commands.h"

namespace trickref::cli {

struct InputOptions {
  std::vector<std::string> paths;
  std::string rules;  // --rules NAME|FILE; empty: each game's own `game:`
  unsigned jobs = 1;
  Limits limits;
};

// Registers PATH..., --rules, -j/--jobs and --max-file-size/--max-depth/--max-nodes/--max-scalar.
void add_input_options(CLI::App& sub, InputOptions& o);

// The batch options for `o`: the limits and, with --rules, its ruleset.
// Returns false after printing the ruleset's diagnostics when it cannot be used.
[[nodiscard]] bool batch_options(const InputOptions& o, bool color, Context& ctx, BatchOptions& out);

// Whether NO_COLOR, --color MODE and a terminal call for colour.
[[nodiscard]] bool use_color(const std::string& mode, bool tty);

}  // namespace trickref::cli
