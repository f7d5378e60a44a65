// The command line: a testable entry point. `main` only forwards to run().
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

namespace trickref::cli {

enum class ExitCode : int { kOk = 0, kFindings = 1, kUsage = 2 };

// Runs trickref with `args` (without the program name). Never throws.
int run(const std::vector<std::string>& args, std::istream& in, std::ostream& out, std::ostream& err);

}  // namespace trickref::cli
