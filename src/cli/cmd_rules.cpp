// `trickref rules list | show NAME | check FILE | diff A B`.
#include <algorithm>
#include <filesystem>
#include <map>
#include <memory>

#include <fmt/format.h>

#include "base/text.h"

#include "cli/cli.h"
#include "cli/commands.h"
#include "cli/inputs.h"
#include "report/report.h"
#include "ruleset/ruleset_loader.h"

namespace trickref::cli {
namespace {

struct RulesOptions {
  std::string name;
  std::string file;
  std::string a;
  std::string b;
  Limits limits;  // --max-extends
};

void print_diagnostics(const std::vector<Diagnostic>& diags, std::ostream& os, const std::string& fallback) {
  for (auto d : diags) {
    if (d.file.empty()) {
      d.file = fallback;
    }
    os << render_diagnostic(d, TextStyle{false, true});
  }
}

const Ruleset* resolve_or_report(RulesetCatalog& catalog, const std::string& ref, Context& ctx) {
  const auto& res = catalog.resolve(ref);
  if (!res.ruleset) {
    print_diagnostics(res.diagnostics, ctx.err, "trickref");
    return nullptr;
  }
  return res.ruleset.get();
}

int run_list(Context& ctx) {
  RulesetCatalog catalog;
  const auto builtins = catalog.builtins();
  std::size_t w = 4;
  for (const auto& b : builtins) {
    w = std::max(w, b.name.size());
  }
  ctx.out << fmt::format("{:<{}}  {:<{}}  {}\n", "name", w, "extends", w, "description");
  for (const auto& b : builtins) {
    ctx.out << fmt::format("{:<{}}  {:<{}}  {}\n", b.name, w, b.extends.empty() ? "-" : b.extends, w, b.description);
  }
  return 0;
}

int run_show(const std::string& ref, const Limits& limits, Context& ctx) {
  RulesetCatalog catalog(limits);
  const Ruleset* r = resolve_or_report(catalog, ref, ctx);
  if (r == nullptr) {
    return static_cast<int>(ExitCode::kUsage);
  }
  // The name, description and source can come from a file: printable (base/text.h).
  ctx.out << fmt::format("# {}{}\n# source: {} (fully resolved: every option, its value and its meaning)\n",
                         printable(r->name), r->description.empty() ? "" : ": " + printable(r->description),
                         printable(r->source));
  ctx.out << fmt::format("name: {}\n", printable(r->name));
  const auto values = option_values(*r);
  const auto options = ruleset_options();
  std::string group;
  for (std::size_t i = 0; i < values.size(); ++i) {
    const auto& [path, value] = values[i];
    const auto dot = path.find('.');
    std::string line;
    if (dot == std::string::npos) {
      group.clear();
      line = fmt::format("{}: {}", path, value);
    } else {
      const std::string g = path.substr(0, dot);
      if (g != group) {
        ctx.out << g << ":\n";
        group = g;
      }
      line = fmt::format("  {}: {}", path.substr(dot + 1), value);
    }
    ctx.out << fmt::format("{:<44} # {}\n", line, options[i].description);
  }
  return 0;
}

int run_check(const std::string& file, const Limits& limits, Context& ctx) {
  RulesetCatalog catalog(limits);
  std::string ref = file;
  if (ref.find('/') == std::string::npos) {
    ref = "./" + ref;  // a bare file name is a path here, not a built-in name
  }
  const auto& res = catalog.resolve(ref);
  print_diagnostics(res.diagnostics, ctx.out, file);
  if (!res.ruleset) {
    // A file that cannot be read is an environment problem; one that reads but is invalid is a finding.
    const bool unreadable = res.diagnostics.size() == 1 && res.diagnostics[0].file.empty();
    return static_cast<int>(unreadable ? ExitCode::kUsage : ExitCode::kFindings);
  }
  const Ruleset& r = *res.ruleset;
  // The quotas of a quota game; the other games say how they score instead.
  const char* key = r.has_quotas() ? "quotas" : "scoring.kind";
  const OptionSpec* shown = find_option(key);
  ctx.out << fmt::format("{}: ok: ruleset '{}', {} players, {} cards each{}, {} {}\n", printable(file),
                         printable(clip(r.name)), r.players,
                         r.hand_size, r.kitty > 0 ? fmt::format(" and a kitty of {}", r.kitty) : "", key,
                         shown != nullptr ? print_option(*shown, r) : std::string());
  return 0;
}

int run_diff(const std::string& a, const std::string& b, const Limits& limits, Context& ctx) {
  RulesetCatalog catalog(limits);
  const Ruleset* ra = resolve_or_report(catalog, a, ctx);
  const Ruleset* rb = resolve_or_report(catalog, b, ctx);
  if (ra == nullptr || rb == nullptr) {
    return static_cast<int>(ExitCode::kUsage);
  }
  const auto va = option_values(*ra);
  const auto vb = option_values(*rb);
  int differ = 0;
  std::size_t w = 8;
  for (std::size_t i = 0; i < va.size(); ++i) {
    if (va[i].second != vb[i].second) {
      w = std::max(w, va[i].first.size());
    }
  }
  for (std::size_t i = 0; i < va.size(); ++i) {
    if (va[i].second != vb[i].second) {
      ++differ;
      ctx.out << fmt::format("{:<{}}  {} -> {}\n", va[i].first, w, va[i].second, vb[i].second);
    }
  }
  if (differ == 0) {
    ctx.out << fmt::format("{} and {} set every option alike\n", printable(clip(ra->name)), printable(clip(rb->name)));
  } else {
    ctx.out << fmt::format("{} {} between {} and {}\n", differ, differ == 1 ? "option differs" : "options differ",
                           printable(clip(ra->name)), printable(clip(rb->name)));
  }
  return 0;
}

}  // namespace

void setup_rules(CLI::App& app, Context& ctx) {
  auto o = std::make_shared<RulesOptions>();
  auto* rules = app.add_subcommand("rules", "Rulesets: list the built-in ones, show one fully resolved, check a "
                                            "file, compare two");
  rules->require_subcommand(1);
  auto* list = rules->add_subcommand("list", "List the built-in rulesets");
  list->callback([&ctx]() { ctx.exit_code = run_list(ctx); });
  auto* show = rules->add_subcommand("show", "Print a ruleset fully resolved: every option, its value, its meaning");
  show->add_option("name", o->name, "Built-in NAME or a ruleset FILE")->required();
  add_max_extends_option(*show, o->limits);
  show->callback([o, &ctx]() { ctx.exit_code = run_show(o->name, o->limits, ctx); });
  auto* check = rules->add_subcommand("check", "Check a ruleset file (and what it extends); exit 1 if invalid");
  check->add_option("file", o->file, "Ruleset file")->required();
  add_max_extends_option(*check, o->limits);
  check->callback([o, &ctx]() { ctx.exit_code = run_check(o->file, o->limits, ctx); });
  auto* diff = rules->add_subcommand("diff", "Show the options that differ between two rulesets");
  diff->add_option("a", o->a, "First ruleset (NAME or FILE)")->required();
  diff->add_option("b", o->b, "Second ruleset (NAME or FILE)")->required();
  add_max_extends_option(*diff, o->limits);
  diff->callback([o, &ctx]() { ctx.exit_code = run_diff(o->a, o->b, o->limits, ctx); });
}

}  // namespace trickref::cli
