// `trickref score`: placeholder registration while issue 3 is built.
#include "cli/cli.h"
#include "cli/commands.h"

namespace trickref::cli {

void setup_score(CLI::App& app, Context& ctx) {
  auto* sub = app.add_subcommand("score", "(not built yet)");
  sub->group("");
  sub->callback([&ctx]() {
    ctx.err << "trickref: error: 'score' is not available in this build\n";
    ctx.exit_code = static_cast<int>(ExitCode::kUsage);
  });
}

}  // namespace trickref::cli
