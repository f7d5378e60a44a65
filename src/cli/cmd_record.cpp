// `trickref record FILE`: keep a game at the table, entry by entry, checked
// as it is typed (record/recorder.h).
#include <memory>
#include <string>

#include "cli/cli.h"
#include "cli/commands.h"
#include "record/recorder.h"
#include "ruleset/ruleset_loader.h"

namespace trickref::cli {

void setup_record(CLI::App& app, Context& ctx) {
  auto file = std::make_shared<std::string>();
  auto* sub = app.add_subcommand("record",
                                 "Keep a game as it is played: each entry checked as it is typed, FILE rewritten "
                                 "after every one (resumes FILE when it exists)");
  sub->add_option("FILE", *file, "the record to write (YAML); an existing one is resumed")->required();
  sub->callback([file, &ctx]() {
    record::SessionOptions o;
    o.file = *file;
    o.display = *file;
    RulesetCatalog catalog(o.limits);
    ctx.exit_code = record::run_session(o, ctx.in, ctx.out, ctx.err, catalog);
  });
}

}  // namespace trickref::cli
