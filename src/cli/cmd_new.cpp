// `trickref new`: a record skeleton to fill in at the table (sheet/skeleton.h).
#include <filesystem>

#include <fmt/format.h>

#include "base/io.h"
#include "base/text.h"
#include "cli/cli.h"
#include "cli/commands.h"
#include "cli/inputs.h"
#include "cli/sheet_cli.h"
#include "ruleset/ruleset_loader.h"
#include "sheet/import.h"
#include "sheet/skeleton.h"

namespace trickref::cli {
namespace {

constexpr int kMaxHands = 500;

struct NewCli {
  std::string rules;
  std::string players;
  std::string dealer;
  std::string level = "sheet";
  int hands = 1;
  std::string output;
  Limits limits;
};

int run_new(const NewCli& o, Context& ctx) {
  RulesetCatalog catalog(o.limits);
  const auto rules = resolve_rules(catalog, o.rules, false, ctx);
  if (!rules) {
    return static_cast<int>(ExitCode::kUsage);
  }
  std::vector<std::string> players;
  if (const std::string problem = parse_players(o.players, *rules, players); !problem.empty()) {
    return sheet_usage_error(ctx, problem);
  }
  sheet::SkeletonOptions so;
  so.detail = o.level == "exchange" ? Detail::kExchange
              : o.level == "plays"  ? Detail::kPlays
              : o.level == "full"   ? Detail::kFull
                                    : Detail::kSheet;
  so.hands = o.hands;
  if (!o.dealer.empty()) {
    const auto it = std::find(players.begin(), players.end(), o.dealer);
    if (it == players.end()) {
      return sheet_usage_error(ctx, fmt::format("--dealer '{}' is not one of the players: {}", printable(clip(o.dealer)),
                                                printable(name_list(players))));
    }
    so.first_dealer = static_cast<int>(it - players.begin());
  }
  InputFiles inputs;
  if (is_ruleset_path(o.rules)) {
    inputs.add(o.rules);
  }
  // The record names its ruleset in YAML, which holds only Unicode text: a
  // path that is not UTF-8 would read back as another path.
  const std::string ref = ruleset_ref_for(o.rules, o.output);
  for (std::size_t i = 0; i < ref.size();) {
    const Utf8Step step = utf8_step(ref, i);
    if (!step.valid) {
      return sheet_usage_error(ctx, fmt::format("--rules: the path {} is not UTF-8, and a record names its ruleset in "
                                                "UTF-8; rename the file",
                                                printable(clip(ref))));
    }
    i += step.len;
  }
  const std::string text = sheet::skeleton(*rules, ref, players, so);
  return write_output(ctx, o.output, text, inputs);
}

}  // namespace

void setup_new(CLI::App& app, Context& ctx) {
  auto opts = std::make_shared<NewCli>();
  auto* sub = app.add_subcommand("new", "Print a record to fill in as a game is played (status: in-progress)");
  sub->add_option("--rules", opts->rules, "Ruleset: a built-in name or a file")->required();
  sub->add_option("--players", opts->players, "The players in seat order, comma separated: Ann,Bob,Cat")->required();
  sub->add_option("--hands", opts->hands, "How many hands to write ahead (their dealers filled in where fixed)")
      ->check(CLI::Range(1, kMaxHands));
  sub->add_option("--level", opts->level, "Level of detail: sheet, exchange, plays or full")
      ->check(CLI::IsMember({"sheet", "exchange", "plays", "full"}));
  sub->add_option("--dealer", opts->dealer, "Who deals the first hand (default: the first player)");
  sub->add_option("-o,--output", opts->output, "Write the record to FILE (atomically) instead of standard output");
  add_max_extends_option(*sub, opts->limits);
  sub->callback([opts, &ctx]() { ctx.exit_code = run_new(*opts, ctx); });
}

}  // namespace trickref::cli
