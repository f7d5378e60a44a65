// `trickref simulate`: placeholder registration while issue 4 is built.
#include "cli/cli.h"
#include "cli/commands.h"

namespace trickref::cli {

void setup_simulate(CLI::App& app, Context& ctx) {
  auto* sub = app.add_subcommand("simulate", "(not built yet)");
  sub->group("");
  sub->callback([&ctx]() {
    ctx.err << "trickref: error: 'simulate' is not available in this build\n";
    ctx.exit_code = static_cast<int>(ExitCode::kUsage);
  });
}

}  // namespace trickref::cli
