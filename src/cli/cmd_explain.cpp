// `trickref explain [CODE]`: the rule behind a diagnostic code.
#include <memory>

#include <fmt/format.h>

#include "base/text.h"

#include "base/diagnostic.h"
#include "cli/cli.h"
#include "cli/commands.h"

namespace trickref::cli {
namespace {

int run_explain(const std::string& code, Context& ctx) {
  if (code.empty()) {
    for (const auto& c : code_catalogue()) {
      ctx.out << fmt::format("{:<18} {:<8} {}\n", c.name, severity_name(c.severity), c.summary);
    }
    return 0;
  }
  const auto found = code_from_name(code);
  if (!found) {
    std::vector<std::string_view> names;
    for (const auto& c : code_catalogue()) {
      names.push_back(c.name);
    }
    const std::string hint = suggest(code, names);
    ctx.err << fmt::format("trickref: error: unknown diagnostic code '{}'{}; `trickref explain` lists them all\n",
                           printable(clip(code)), hint.empty() ? "" : fmt::format(" (did you mean '{}'?)", hint));
    return static_cast<int>(ExitCode::kUsage);
  }
  const CodeInfo& c = info(*found);
  ctx.out << fmt::format("{} ({})\n  {}\n\n{}\n", c.name, severity_name(c.severity), c.summary, c.rule);
  if (!c.options.empty()) {
    ctx.out << fmt::format("\nRuleset options that change it: {}\n", c.options);
  }
  return 0;
}

}  // namespace

void setup_explain(CLI::App& app, Context& ctx) {
  auto code = std::make_shared<std::string>();
  auto* sub = app.add_subcommand("explain", "Explain a diagnostic code: the rule behind it and the ruleset options "
                                            "that change it (no CODE: list them all)");
  sub->add_option("code", *code, "Diagnostic code, e.g. revoke");
  sub->callback([code, &ctx]() { ctx.exit_code = run_explain(*code, ctx); });
}

}  // namespace trickref::cli
