// `trickref analyse RECORD...` (analysis.md §2): every hand of every game,
// refereed, then valued by the double-dummy solver: par, the trace of
// every card, the decisive plays. The games are refereed as `validate`
// referees them (batch/), then the hands are solved by --jobs workers, each
// with its own transposition table; each hand's answer depends on nothing
// but the hand, so the report is the same bytes for any --jobs.
#include <algorithm>
#include <atomic>
#include <memory>
#include <mutex>
#include <thread>

#include <fmt/format.h>

#include "analyse/analyse.h"
#include "analyse/render.h"
#include "base/text.h"
#include "cli/cli.h"
#include "cli/commands.h"
#include "cli/inputs.h"
#include "report/json_text.h"

namespace trickref::cli {
namespace {

struct AnalyseCliOptions : InputOptions {
  std::string format = "text";
  std::string output;
  std::string for_player;
  bool par = false;
  bool quiet = false;
  std::uint64_t max_nodes = kDefaultMaxNodes;
  std::size_t table_mib = kDefaultTableMiB;
};

// Whether a game's diagnostics include an error that keeps its record from
// being read as a record: a syntax, schema, limit or ruleset error.
bool record_error(const GameReport& g) {
  return std::any_of(g.diagnostics.begin(), g.diagnostics.end(), [](const Diagnostic& d) {
    return d.severity == Severity::kError &&
           (d.code == Code::kSyntax || d.code == Code::kSchema || d.code == Code::kLimit || d.code == Code::kRuleset);
  });
}

// Solves every hand of `games` with `jobs` workers, each with its own table.
void analyse_games(std::vector<AnalysedGame>& games, const AnalyseCliOptions& o, Context& ctx) {
  struct Unit {
    std::size_t game;
    std::size_t hand;
  };
  std::vector<Unit> units;
  for (std::size_t gi = 0; gi < games.size(); ++gi) {
    auto& g = games[gi];
    if (!g.report.result || !g.report.result->refereed || !g.report.rules) {
      continue;
    }
    g.hands.resize(g.report.result->hands.size());
    for (std::size_t h = 0; h < g.hands.size(); ++h) {
      units.push_back(Unit{gi, h});
    }
  }
  AnalyseOptions options;
  options.par_only = o.par;
  options.max_nodes = o.max_nodes;
  const bool progress = ctx.err_tty && !o.quiet && units.size() >= 2;
  std::atomic<std::size_t> next{0};
  std::atomic<std::size_t> done{0};
  std::mutex say;
  const auto work = [&]() {
    DdTable table(o.table_mib << 20U);
    for (std::size_t i = next++; i < units.size(); i = next++) {
      const Unit u = units[i];
      games[u.game].hands[u.hand] = analyse_hand(games[u.game].report, u.hand, table, options);
      const std::size_t n = ++done;
      if (progress) {
        const std::lock_guard<std::mutex> lock(say);
        ctx.err << fmt::format("\r{}/{} hands", n, units.size()) << std::flush;
      }
    }
  };
  const unsigned jobs = std::max(1U, std::min<unsigned>(o.jobs, static_cast<unsigned>(units.size())));
  if (jobs <= 1) {
    work();
  } else {
    std::vector<std::thread> workers;
    for (unsigned j = 0; j < jobs; ++j) {
      workers.emplace_back(work);
    }
    for (auto& w : workers) {
      w.join();
    }
  }
  if (progress) {
    ctx.err << "\r" << std::string(40, ' ') << "\r" << std::flush;
  }
}

int run_analyse(const AnalyseCliOptions& o, Context& ctx) {
  BatchOptions batch;
  if (!batch_options(o, false, ctx, batch)) {
    return static_cast<int>(ExitCode::kUsage);
  }
  batch.hand_play = true;
  std::vector<GameReport> bad;
  const auto inputs = expand_paths(o.paths, bad);
  const bool to_file = !o.output.empty() && o.output != "-";
  InputFiles input_files;
  if (to_file) {
    add_input_files(inputs, o.rules, input_files);
    const TargetCheck check = check_output_target(o.output, input_files);
    if (check.problem != TargetProblem::kNone) {
      return cannot_write_report(o.output, check.reason, check.problem, ctx);
    }
  }
  bool io_problem = !bad.empty();
  for (const auto& b : bad) {
    for (const auto& d : b.diagnostics) {
      ctx.err << render_diagnostic(d, TextStyle{false, true});
    }
  }
  std::vector<AnalysedGame> games;
  bool faulty = false;
  referee_inputs(inputs, o, batch, o.quiet, ctx, [&](GameReport&& g) {
    for (const auto& d : g.diagnostics) {
      if (d.code == Code::kIo) {
        io_problem = true;
        ctx.err << render_diagnostic(d, TextStyle{false, true});
      }
    }
    if (record_error(g)) {
      faulty = true;
    }
    games.push_back(AnalysedGame{std::move(g), {}});
  });
  if (!o.for_player.empty() && !games.empty() &&
      std::none_of(games.begin(), games.end(), [&](const AnalysedGame& g) {
        return std::find(g.report.players.begin(), g.report.players.end(), o.for_player) != g.report.players.end();
      })) {
    ctx.err << fmt::format("trickref: error: --for {}: no game read has a player of that name\n",
                           printable(clip(o.for_player)));
    return static_cast<int>(ExitCode::kUsage);
  }
  analyse_games(games, o, ctx);
  AnalysisView view;
  view.games = &games;
  view.par_only = o.par;
  view.max_nodes = o.max_nodes;
  if (!o.for_player.empty()) {
    view.for_player = o.for_player;
  }
  std::string report;
  if (o.format == "json") {
    report = json_text(analysis_json(view), 2) + "\n";
  } else if (o.format == "html") {
    report = render_analysis_html(view);
  } else {
    report = render_analysis_text(view);
  }
  if (const int failed = deliver_report(report, to_file, o.output, input_files, ctx); failed != 0) {
    return failed;
  }
  if (io_problem) {
    return static_cast<int>(ExitCode::kUsage);
  }
  return faulty ? static_cast<int>(ExitCode::kFindings) : static_cast<int>(ExitCode::kOk);
}

}  // namespace

void setup_analyse(CLI::App& app, Context& ctx) {
  auto o = std::make_shared<AnalyseCliOptions>();
  auto* sub = app.add_subcommand("analyse", "Double-dummy analysis of recorded hands: par for every side, what each "
                                            "card played cost, the play each side never recovered from");
  add_input_options(*sub, *o, false);
  sub->add_flag("--par", o->par, "Par only (the value of each side at the first lead), no trace: the quick solve");
  sub->add_option("--format", o->format, "Output format")
      ->check(CLI::IsMember({"text", "json", "html"}))
      ->capture_default_str();
  sub->add_option("-o,--output", o->output, "Write the report to FILE, atomically (default: standard output)");
  sub->add_option("--for", o->for_player, "Text: only the side of PLAYER (par and the plays that cost it)");
  sub->add_option("--max-nodes", o->max_nodes,
                  "Positions one solve may search before the hand is reported as not solved (default 20,000,000)")
      ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{1} << 50U))
      ->capture_default_str();
  sub->add_option("--table-size", o->table_mib, "Transposition table of each job, in MiB")
      ->check(CLI::Range(std::size_t{1}, std::size_t{16384}))
      ->capture_default_str();
  sub->add_flag("-q,--quiet", o->quiet, "No progress on standard error");
  sub->callback([o, &ctx]() { ctx.exit_code = run_analyse(*o, ctx); });
}

}  // namespace trickref::cli
