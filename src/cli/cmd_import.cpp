// `trickref import`: a score sheet exported as CSV made into a YAML record
// (sheet/import.h). Bad cells are located diagnostics on standard error and
// exit 1; an unreadable file or a bad option exits 2.
#include <cstddef>
#include <filesystem>
#include <iterator>

#include <fmt/format.h>

#include "base/io.h"
#include "base/text.h"
#include "cli/cli.h"
#include "cli/commands.h"
#include "cli/inputs.h"
#include "cli/sheet_cli.h"
#include "report/report.h"
#include "ruleset/ruleset_loader.h"
#include "sheet/import.h"

namespace trickref::cli {
namespace {

namespace fs = std::filesystem;

constexpr std::uint64_t kMaxSheetBytes = 4U << 20U;  // a score sheet is a few kilobytes

struct ImportCli {
  std::string sheet;
  std::string rules;
  std::string players;
  std::string output;
  Limits limits;
};

int findings(Context& ctx, const std::vector<Diagnostic>& diagnostics) {
  for (const auto& d : diagnostics) {
    ctx.err << render_diagnostic(d, TextStyle{false, true});
  }
  return static_cast<int>(ExitCode::kFindings);
}

// Standard input, read up to `max` bytes (one more tells it is too big).
ReadResult read_stdin(std::istream& in, std::uint64_t max) {
  ReadResult r;
  char buf[1 << 14];
  while (in.read(buf, sizeof buf) || in.gcount() > 0) {
    r.text.append(buf, static_cast<std::size_t>(in.gcount()));
    if (r.text.size() > max) {
      r.too_big = true;
      r.error = fmt::format("larger than {} bytes", max);
      r.text.clear();
      return r;
    }
  }
  return r;
}

int run_import(const ImportCli& o, Context& ctx) {
  const bool from_stdin = o.sheet == "-";
  const std::string shown = from_stdin ? std::string("<stdin>") : o.sheet;
  const ReadResult read = from_stdin ? read_stdin(ctx.in, kMaxSheetBytes) : read_file(o.sheet, kMaxSheetBytes);
  if (!read.error.empty()) {
    return sheet_usage_error(ctx, fmt::format("cannot read {}: {}", printable(clip_middle(shown, 200)), read.error));
  }
  const sheet::ParsedSheet parsed = sheet::parse_sheet(read.text, shown);
  if (!parsed.diagnostics.empty()) {
    return findings(ctx, parsed.diagnostics);
  }
  RulesetCatalog catalog(o.limits);
  std::shared_ptr<const Ruleset> rules;
  std::string ref = o.rules;
  if (!o.rules.empty()) {
    rules = resolve_rules(catalog, o.rules, false, ctx);
    if (!rules) {
      return static_cast<int>(ExitCode::kUsage);
    }
  } else if (parsed.game) {
    // The sheet's own `game` row: a fault of the sheet, located there.
    ref = parsed.game->text;
    const fs::path base = from_stdin ? fs::path() : fs::path(o.sheet).parent_path();
    const auto& res = catalog.resolve(ref, base, NamedBy::kFile);
    if (!res.ruleset) {
      Diagnostic d;
      d.code = Code::kRuleset;
      d.file = shown;
      d.loc = parsed.game->loc;
      d.message = res.diagnostics.empty() ? fmt::format("'{}' is not a ruleset", clip(ref))
                                          : res.diagnostics.front().message;
      return findings(ctx, {d});
    }
    rules = res.ruleset;
  } else {
    return sheet_usage_error(ctx, fmt::format("{} names no game: give --rules NAME, or a row `game,NAME` above the "
                                              "header",
                                              printable(clip_middle(shown, 200))));
  }
  std::vector<std::string> players;
  if (!o.players.empty()) {
    if (const std::string problem = parse_players(o.players, *rules, players); !problem.empty()) {
      return sheet_usage_error(ctx, problem);
    }
  }
  const sheet::ImportResult result = sheet::import_sheet(parsed, *rules, ruleset_ref_for(ref, o.output), players);
  // The rows read as no hand (a title, the totals) are said with the errors, in sheet order.
  // (Each warning goes before the first error below it; the errors keep their order.)
  std::vector<Diagnostic> said;
  std::size_t w = 0;
  for (const auto& e : result.diagnostics) {
    for (; w < result.warnings.size() && result.warnings[w].loc.line < e.loc.line; ++w) {
      said.push_back(result.warnings[w]);
    }
    said.push_back(e);
  }
  said.insert(said.end(), result.warnings.begin() + static_cast<std::ptrdiff_t>(w), result.warnings.end());
  if (!result.diagnostics.empty()) {
    return findings(ctx, said);
  }
  for (const auto& d : said) {
    ctx.err << render_diagnostic(d, TextStyle{false, true});
  }
  InputFiles inputs;
  if (!from_stdin) {
    inputs.add(o.sheet);
  }
  if (is_ruleset_path(ref)) {
    inputs.add(ref);
  }
  return write_output(ctx, o.output, result.yaml, inputs);
}

}  // namespace

void setup_import(CLI::App& app, Context& ctx) {
  auto opts = std::make_shared<ImportCli>();
  auto* sub = app.add_subcommand("import", "Make a score sheet exported as CSV into a YAML record");
  sub->add_option("sheet", opts->sheet, "The CSV file (- for standard input)")->required();
  sub->add_option("--rules", opts->rules, "Ruleset: a built-in name or a file (default: the sheet's game row)");
  sub->add_option("--players", opts->players,
                  "The players in seat order, comma separated (default: the sheet's players row, else its columns)");
  sub->add_option("-o,--output", opts->output, "Write the record to FILE (atomically) instead of standard output");
  add_max_extends_option(*sub, opts->limits);
  sub->callback([opts, &ctx]() { ctx.exit_code = run_import(*opts, ctx); });
}

}  // namespace trickref::cli
