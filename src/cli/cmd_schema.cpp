// `trickref schema transcript | ruleset | report | league | standings | analysis`: the JSON Schemas.
#include <memory>

#include <fmt/format.h>

#include "base/text.h"

#include "cli/cli.h"
#include "cli/commands.h"
#include "ruleset/embedded.h"
#include "ruleset/options.h"

namespace trickref::cli {

void setup_schema(CLI::App& app, Context& ctx) {
  auto which = std::make_shared<std::string>();
  auto* sub = app.add_subcommand("schema", "Print a JSON Schema (draft 7): transcript, ruleset, report (validate), "
                                           "league (league.yaml), standings (score) or analysis (analyse)");
  sub->add_option("name", *which, "transcript | ruleset | report | league | standings | analysis")
      ->required()
      ->check(CLI::IsMember({"transcript", "ruleset", "report", "league", "standings", "analysis"}));
  sub->callback([which, &ctx]() {
    // The ruleset schema is generated from the option table (schemas/ruleset.schema.json is a copy of it).
    if (*which == "ruleset") {
      ctx.out << ruleset_schema();
      ctx.exit_code = 0;
      return;
    }
    const std::string file = *which + ".schema.json";
    for (const auto& f : embedded_schemas()) {
      if (f.path == file) {
        ctx.out << f.text;
        ctx.exit_code = 0;
        return;
      }
    }
    ctx.err << fmt::format("trickref: error: schema '{}' is not built in\n", printable(clip(*which)));
    ctx.exit_code = static_cast<int>(ExitCode::kUsage);
  });
}

}  // namespace trickref::cli
