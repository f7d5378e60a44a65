// `trickref compare PATH --rules A --rules B ...`: the same record refereed
// and scored under each ruleset, side by side.
#include <array>
#include <memory>
#include <set>
#include <sstream>

#include <fmt/format.h>

#include "base/text.h"
#include "batch/batch.h"
#include "cli/cli.h"
#include "cli/commands.h"
#include "cli/inputs.h"
#include "report/json_text.h"
#include "report/compare.h"

namespace trickref::cli {
namespace {

struct CompareCli {
  std::string path;
  std::vector<std::string> rules;
  std::string format = "text";
  bool differences_only = false;
  Limits limits;  // --max-extends
};

int run_compare(const CompareCli& o, Context& ctx) {
  if (o.rules.size() < 2) {
    ctx.err << "trickref: error: compare needs at least two --rules (give the record's own ruleset as one of them)\n";
    return static_cast<int>(ExitCode::kUsage);
  }
  RulesetCatalog catalog(o.limits);
  std::vector<BatchOptions> options;
  CompareReport report;
  report.differences_only = o.differences_only;
  std::set<std::string> seen;
  for (const auto& ref : o.rules) {
    const auto ruleset = resolve_rules(catalog, ref, false, ctx);
    if (!ruleset) {
      return static_cast<int>(ExitCode::kUsage);
    }
    if (!seen.insert(ruleset->name).second) {
      ctx.err << fmt::format("trickref: error: ruleset '{}' is given twice\n", printable(clip(ruleset->name)));
      return static_cast<int>(ExitCode::kUsage);
    }
    BatchOptions b;
    b.limits = o.limits;
    b.rules_override = ruleset;
    options.push_back(std::move(b));
    report.rulesets.push_back(ruleset->name);
  }
  std::vector<GameReport> bad;
  const auto inputs = expand_paths({o.path}, bad);
  for (const auto& b : bad) {
    for (const auto& d : b.diagnostics) {
      ctx.err << render_diagnostic(d, TextStyle{false, true});
    }
  }
  if (!bad.empty()) {
    return static_cast<int>(ExitCode::kUsage);
  }
  // Standard input is read once and replayed for every ruleset.
  std::string stdin_text;
  bool stdin_read = false;
  bool errors = false;  // under the record's own ruleset
  BatchOptions own_options;  // the record's own ruleset (its `game:`)
  own_options.limits = o.limits;
  for (const auto& input : inputs) {
    std::vector<std::vector<GameReport>> by_ruleset;
    std::vector<const BatchOptions*> runs;
    for (const auto& b : options) {
      runs.push_back(&b);
    }
    runs.push_back(&own_options);
    for (const BatchOptions* run : runs) {
      const BatchOptions& b = *run;
      std::vector<GameReport> games;
      if (input.is_stdin && !stdin_read) {
        // Read in blocks (istreambuf_iterator trips GCC 12's -Wnull-dereference at -O3).
        std::array<char, 65536> buf{};
        while (ctx.in.read(buf.data(), buf.size()) || ctx.in.gcount() > 0) {
          stdin_text.append(buf.data(), static_cast<std::size_t>(ctx.in.gcount()));
        }
        stdin_read = true;
      }
      std::istringstream in(stdin_text);
      RulesetCatalog game_catalog(o.limits);
      validate_file(input, game_catalog, b, in, [&](GameReport&& g) { games.push_back(std::move(g)); });
      by_ruleset.push_back(std::move(games));
    }
    std::vector<GameReport> own = std::move(by_ruleset.back());
    by_ruleset.pop_back();
    const std::size_t n = by_ruleset.front().size();
    for (std::size_t i = 0; i < n; ++i) {
      ComparedGame game;
      for (auto& games : by_ruleset) {
        if (i < games.size()) {
          for (const auto& d : games[i].diagnostics) {
            if (d.code == Code::kIo) {
              ctx.err << render_diagnostic(d, TextStyle{false, true});
              return static_cast<int>(ExitCode::kUsage);
            }
          }
          game.under.push_back(std::move(games[i]));
        }
      }
      if (i < own.size()) {
        game.own = std::move(own[i]);
      }
      // A record is faulty only by its own rules: the scores another
      // ruleset gives it are the comparison's answer, not a fault.
      errors = errors || own_errors(game) > 0 || !game.own;
      if (game.under.size() == options.size()) {
        report.games.push_back(std::move(game));
      }
    }
  }
  if (o.format == "json") {
    ctx.out << json_text(compare_json(report), 2) << "\n";
  } else {
    ctx.out << render_compare_text(report);
  }
  ctx.out.flush();
  return static_cast<int>(errors ? ExitCode::kFindings : ExitCode::kOk);
}

}  // namespace

void setup_compare(CLI::App& app, Context& ctx) {
  auto o = std::make_shared<CompareCli>();
  auto* sub = app.add_subcommand("compare", "Referee and score the same record under several rulesets, side by "
                                            "side: scores per hand, winner, and the diagnostics that differ");
  sub->add_option("path", o->path, "A transcript file (.yaml .yml .json .jsonl), a directory, or - for standard input")
      ->required();
  sub->add_option("--rules", o->rules, "Ruleset NAME or FILE; give two or more")->required();
  sub->add_option("--format", o->format, "Output format")
      ->check(CLI::IsMember({"text", "json"}))
      ->capture_default_str();
  sub->add_flag("--differences-only", o->differences_only,
                "Only what changes between the rulesets: the summary and the diagnostics that differ, no "
                "hand-by-hand scores");
  add_max_extends_option(*sub, o->limits);
  sub->footer("Each game begins with a line per ruleset after the first: the hand the game ends, the winner and the "
              "final scores against the first's, and how many recorded scores no longer match because the "
              "record was scored under other rules (counted, not listed). Exit 0 unless the record is faulty "
              "under its own ruleset (its game:), 1 if it is, 2 for a usage problem.");
  sub->callback([o, &ctx]() { ctx.exit_code = run_compare(*o, ctx); });
}

}  // namespace trickref::cli
