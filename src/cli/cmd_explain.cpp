// `trickref explain [CODE|OPTION]`: the rule behind a diagnostic code, or
// what a ruleset option takes and means (from the option table, options.h).
#include <memory>

#include <fmt/format.h>

#include "base/text.h"

#include "base/diagnostic.h"
#include "cli/cli.h"
#include "cli/commands.h"
#include "cli/inputs.h"
#include "ruleset/options.h"
#include "sim/simulate.h"
#include "sim/statistics.h"

namespace trickref::cli {
namespace {

// Codes whose "options that change it" name this option.
std::vector<std::string_view> codes_changed_by(std::string_view path) {
  std::vector<std::string_view> out;
  for (const auto& c : code_catalogue()) {
    std::string_view rest = c.options;
    while (!rest.empty()) {
      const auto comma = rest.find(',');
      std::string_view item = rest.substr(0, comma);
      while (!item.empty() && item.front() == ' ') {
        item.remove_prefix(1);
      }
      if (item == path) {
        out.push_back(c.name);
        break;
      }
      rest = comma == std::string_view::npos ? std::string_view() : rest.substr(comma + 1);
    }
  }
  return out;
}

void explain_option(const OptionSpec& spec, Context& ctx) {
  ctx.out << fmt::format("{} (ruleset option)\n  {}\n", spec.path, spec.description);
  if (!spec.detail.empty()) {
    ctx.out << fmt::format("\n{}\n", spec.detail);
  }
  ctx.out << fmt::format("\nValues: {}\n", option_values_text(spec));
  if (spec.follows.empty()) {
    ctx.out << fmt::format("Default: {}\n", spec.default_text);
  } else {
    ctx.out << fmt::format("Default: the value of {}\n", spec.follows);
  }
  const auto refused = refused_values(spec);
  if (!refused.empty()) {
    std::vector<std::string> parts;
    for (const auto& [value, why] : refused) {
      parts.push_back(fmt::format("{} ({})", value, why));
    }
    ctx.out << fmt::format("Not supported yet: {}\n", fmt::join(parts, ", "));
  }
  if (const auto codes = codes_changed_by(spec.path); !codes.empty()) {
    ctx.out << fmt::format("Diagnostic codes it changes: {}\n", fmt::join(codes, ", "));
  }
}

// `explain simulate`: every statistic `simulate` reports, with its key (JSON,
// CSV), its label (text, HTML), what it counts and how its interval is
// computed; the rows of the quota, auction and courts games together.
int explain_simulate(Context& ctx) {
  RulesetCatalog catalog{Limits{}};
  std::vector<sim::RulesetStats> stats;
  for (const char* name : {"pluck", "call-deuces", "court-piece"}) {
    const auto rules = resolve_rules(catalog, name, false, ctx);
    if (!rules) {
      return static_cast<int>(ExitCode::kUsage);
    }
    stats.emplace_back(*rules);
  }
  sim::SimulateOptions options;
  options.bots.assign(3, "BOT");
  ctx.out << "simulate: the statistics, one a paragraph: JSON/CSV key, (text label), what it is; [its interval]\n"
             "Seats are relative to the hand's dealer (made quota, tricks) or to the game's first dealer (wins); "
             "the contract rows apply to auction games, the courts and side rows to courts games.\n";
  for (const auto& st : sim::statistics(stats, options)) {
    const char* method = st.method == sim::Method::kWilson      ? "Wilson, each game one sample"
                         : st.method == sim::Method::kNormal    ? "normal, each game one sample"
                         : st.method == sim::Method::kClustered ? "clustered by game"
                                                                : "none: a count";
    ctx.out << fmt::format("\n{} ({})\n  {} [{}]\n", st.key, st.label, st.definition, method);
  }
  ctx.out << "\nIntervals and differences\n";
  for (const auto& note : sim::interval_notes()) {
    ctx.out << "\n  " << note << "\n";
  }
  return 0;
}

int run_explain(const std::string& code, Context& ctx) {
  if (code == "simulate") {
    return explain_simulate(ctx);
  }
  if (code.empty()) {
    for (const auto& c : code_catalogue()) {
      ctx.out << fmt::format("{:<18} {:<8} {}\n", c.name, severity_name(c.severity), c.summary);
    }
    return 0;
  }
  if (const OptionSpec* option = find_option(code)) {
    explain_option(*option, ctx);
    return 0;
  }
  const auto found = code_from_name(code);
  if (!found) {
    std::vector<std::string_view> names;
    for (const auto& c : code_catalogue()) {
      names.push_back(c.name);
    }
    const std::string hint = suggest(code, names);
    if (hint.empty()) {
      std::vector<std::string_view> paths;
      for (const auto& o : ruleset_options()) {
        paths.push_back(o.path);
      }
      if (const std::string option = suggest(code, paths); !option.empty()) {
        ctx.err << fmt::format("trickref: error: unknown ruleset option '{}' (did you mean '{}'?); `trickref rules "
                               "show pluck` lists them all\n",
                               printable(clip(code)), option);
        return static_cast<int>(ExitCode::kUsage);
      }
    }
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
                                            "that change it (no CODE: list them all); or a ruleset option: its "
                                            "values, default and meaning");
  sub->add_option("code", *code,
                  "Diagnostic code (e.g. revoke), ruleset option (e.g. exchange.order), or `simulate` (every "
                  "statistic simulate reports, and how its interval is computed)");
  sub->callback([code, &ctx]() { ctx.exit_code = run_explain(*code, ctx); });
}

}  // namespace trickref::cli
