// One setup function per subcommand (CLI11 subcommand-per-file pattern):
// each registers its options and a callback that stores the exit code.
#pragma once

#include <iosfwd>

#include <CLI/CLI.hpp>

namespace trickref::cli {

struct Context {
  std::istream& in;
  std::ostream& out;
  std::ostream& err;
  bool out_tty = false;
  bool err_tty = false;
  int exit_code = 0;
};

void setup_validate(CLI::App& app, Context& ctx);
void setup_rules(CLI::App& app, Context& ctx);
void setup_explain(CLI::App& app, Context& ctx);
void setup_schema(CLI::App& app, Context& ctx);
void setup_score(CLI::App& app, Context& ctx);
void setup_simulate(CLI::App& app, Context& ctx);
void setup_analyse(CLI::App& app, Context& ctx);
void setup_compare(CLI::App& app, Context& ctx);
void setup_new(CLI::App& app, Context& ctx);
void setup_import(CLI::App& app, Context& ctx);
void setup_record(CLI::App& app, Context& ctx);

}  // namespace trickref::cli
