// What `trickref new` and `trickref import` share on the command line: the
// --players list, the ruleset as the written record names it, and writing
// the record to standard output or atomically to -o FILE.
#pragma once

#include <string>
#include <vector>

#include "base/io.h"
#include "cli/commands.h"
#include "ruleset/ruleset.h"

namespace trickref::cli {

// Splits --players (comma separated, spaces around names dropped) into
// `out`; returns the problem (empty when none): a name that is empty or
// holds control characters, a name given twice, or not as many as `rules` seats.
[[nodiscard]] std::string parse_players(const std::string& list, const Ruleset& rules, std::vector<std::string>& out);

// How a record written to `output` (empty or "-": standard output) names
// the ruleset `ref`: a built-in by name, a file by its path relative to the
// record's directory, so `validate` finds it from there.
[[nodiscard]] std::string ruleset_ref_for(const std::string& ref, const std::string& output);

// Writes `text` to standard output, or atomically to `output` (never over
// one of `inputs`); returns the exit code.
[[nodiscard]] int write_output(Context& ctx, const std::string& output, const std::string& text,
                               const InputFiles& inputs);

// Prints "trickref: error: MESSAGE" and returns the usage exit code.
int sheet_usage_error(Context& ctx, const std::string& message);

}  // namespace trickref::cli
