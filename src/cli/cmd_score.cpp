// `trickref score PATH...`: league standings across refereed games.
#include <iostream>
#include <memory>

#include <fmt/format.h>

#include "base/io.h"
#include "base/text.h"
#include "batch/batch.h"
#include "cli/cli.h"
#include "cli/commands.h"
#include "cli/inputs.h"
#include "report/json_text.h"
#include "score/league.h"
#include "score/left_out.h"
#include "score/render.h"
#include "score/results.h"
#include "score/standings.h"

namespace trickref::cli {
namespace {

struct ScoreCliOptions : InputOptions {
  std::string league;
  std::string format;  // empty: from --output's extension, else text
  std::string output;
  std::string by;
  std::string rank_by;
  bool strict = false;
  bool show_sources = false;
  bool quiet = false;
  bool results = false;  // PATHs hold results (validate --format jsonl), not records
};

void print_diagnostics(const std::vector<Diagnostic>& diags, Context& ctx) {
  for (const auto& d : diags) {
    ctx.err << render_diagnostic(d, TextStyle{false, true});
  }
}

// The league settings: --league, else a league.yaml at the top of a
// directory given; `used` is the file read (empty: none). Returns false
// (after saying why) when they cannot be used.
bool find_league(const ScoreCliOptions& o, League& league, std::string& used, Context& ctx) {
  std::string file = o.league;
  if (file.empty()) {
    std::vector<std::filesystem::path> found;
    for (const auto& p : o.paths) {
      std::error_code ec;
      if (p == "-" || !std::filesystem::is_directory(p, ec)) {
        continue;
      }
      for (const char* name : {"league.yaml", "league.yml"}) {
        const auto candidate = std::filesystem::path(p) / name;
        if (std::filesystem::is_regular_file(candidate, ec)) {
          const auto real = std::filesystem::weakly_canonical(candidate, ec);
          if (std::find(found.begin(), found.end(), real) == found.end()) {
            found.push_back(real);
            file = candidate.generic_string();
          }
        }
      }
    }
    if (found.size() > 1) {
      ctx.err << "trickref: error: more than one directory given holds a league.yaml; name the one to use with "
                 "--league FILE\n";
      return false;
    }
    if (file.empty()) {
      return true;  // no league: the defaults
    }
  }
  used = file;
  // A regular file only: settings are read before any record, and a FIFO
  // or a device there would hang or never end the run.
  const auto read = read_file(file, o.limits.max_file_bytes, Readable::kFile);
  if (!read.error.empty()) {
    ctx.err << fmt::format("trickref: error: cannot read league settings '{}': {}\n", printable(file), read.error);
    return false;
  }
  auto loaded = load_league(read.text, file, o.limits);
  print_diagnostics(loaded.diagnostics, ctx);
  if (!loaded.league) {
    return false;
  }
  league = std::move(*loaded.league);
  return true;
}

std::string format_for(const ScoreCliOptions& o) {
  if (!o.format.empty()) {
    return o.format;
  }
  const auto ext = std::filesystem::path(o.output).extension().string();
  if (ext == ".html" || ext == ".htm") {
    return "html";
  }
  if (ext == ".csv" || ext == ".json") {
    return ext.substr(1);
  }
  if (ext == ".md" || ext == ".markdown") {
    return "md";
  }
  return "text";
}

std::string render_report(const std::string& format, const ScoreView& view) {
  if (format == "json") {
    return json_text(standings_json(view), 2) + "\n";
  }
  if (format == "csv") {
    return standings_csv(view);
  }
  if (format == "md") {
    return standings_markdown(view);
  }
  return format == "html" ? standings_html(view) : standings_text(view);
}

constexpr int kReadTwiceShown = 20;  // then one line for the rest: a results file given twice says so soon enough

// A game read a second time (a path given twice, results that overlap):
// counted once, and said where (`at`, a results line) and where it was first read.
std::string read_twice_warning(const GameReport& g, const std::string& at, const std::string& first) {
  const std::string game =
      g.id.empty() ? fmt::format("game {} of {}", g.index + 1, g.file) : fmt::format("{} ({})", g.id, g.file);
  return fmt::format("{}: warning: {} is read a second time{}: counted once\n",
                     at.empty() ? "trickref" : printable(at), printable(game),
                     first.empty() ? std::string() : fmt::format(" (first at {})", printable(first)));
}

int run_score(const ScoreCliOptions& o, Context& ctx) {
  League league;
  std::string league_file;
  if (!find_league(o, league, league_file, ctx)) {
    return static_cast<int>(ExitCode::kUsage);
  }
  if (o.results && !o.rules.empty()) {
    ctx.err << "trickref: error: --rules cannot apply to --results: the games were refereed when the results were "
               "written; give --rules to that `validate --format jsonl` run\n";
    return static_cast<int>(ExitCode::kUsage);
  }
  BatchOptions batch;
  if (!batch_options(o, false, ctx, batch)) {
    return static_cast<int>(ExitCode::kUsage);
  }
  ScoreOptions so;
  so.strict = o.strict;
  so.by_night = o.by == "night";
  if (!o.rank_by.empty()) {
    so.rank_by = rank_key_from_name(o.rank_by);
  }
  if (so.rank_by == RankKey::kPlacing && league.placing_points.empty()) {
    ctx.err << "trickref: error: --rank-by placing needs placing_points in the league settings (league.yaml)\n";
    return static_cast<int>(ExitCode::kUsage);
  }
  StandingsBuilder builder(league, so);
  std::vector<GameReport> bad;
  const auto inputs = expand_paths(o.paths, bad, o.results ? Inputs::kResults : Inputs::kRecords);
  // The report may replace none of the files read, nor anything but a
  // regular file: checked before the games are refereed, and again when the
  // report is written.
  const bool to_file = !o.output.empty() && o.output != "-";
  InputFiles input_files;
  if (to_file) {
    add_input_files(inputs, o.rules, input_files);
    input_files.add(league_file);
    const TargetCheck check = check_output_target(o.output, input_files);
    if (check.problem != TargetProblem::kNone) {
      return cannot_write_report(o.output, check.reason, check.problem, ctx);
    }
  }
  bool io_problem = !bad.empty();
  SeenGames seen;   // a game read twice (a path given twice, results that overlap) counts once
  std::string at;  // where the game being added was read: a results line
  int read_twice = 0;
  auto add = [&](GameReport&& g) {
    for (const auto& d : g.diagnostics) {
      io_problem = io_problem || d.code == Code::kIo;
    }
    if (const auto first = seen.seen_at(g, at); !first) {
      builder.add(g);
    } else if (++read_twice <= kReadTwiceShown) {
      ctx.err << read_twice_warning(g, at, *first);
    }
    at.clear();
  };
  for (auto& b : bad) {
    add(std::move(b));
  }
  if (o.results) {
    // The games were refereed when the results were written: they are read
    // and totalled, a line that is not a result located on standard error
    // (and left out of the standings, with the reason).
    for (const auto& input : inputs) {
      read_results(
          input, o.limits, ctx.in, add,
          [&](const Diagnostic& d) { ctx.err << render_diagnostic(d, TextStyle{false, true}); },
          [&](std::uint32_t line) { at = fmt::format("{}:{}:1", input.display, line); });
    }
  } else {
    referee_inputs(inputs, o, batch, o.quiet, ctx, add);
  }
  if (read_twice > kReadTwiceShown) {
    ctx.err << fmt::format("trickref: warning: {} more games are read a second time: each counted once\n",
                           read_twice - kReadTwiceShown);
  }
  const Standings standings = builder.finish();
  const ScoreView view{standings, league, so.by_night, o.show_sources};
  // For the organiser, whatever the format (the notice board does not show them).
  for (const auto& n : standings.similar_names) {
    ctx.err << "trickref: warning: " << similar_names_text(n) << "\n";
  }
  const std::string report = render_report(format_for(o), view);
  if (const int failed = deliver_report(report, to_file, o.output, input_files, ctx); failed != 0) {
    return failed;
  }
  if (to_file) {
    if (!o.quiet) {
      ctx.err << fmt::format("trickref: wrote {} ({} {} counted, {} left out)\n", printable(o.output), standings.games.size(),
                             standings.games.size() == 1 ? "game" : "games", standings.excluded.size());
    }
  }
  if (io_problem) {
    return static_cast<int>(ExitCode::kUsage);
  }
  // Under --strict the faulty games are left out (listed in the report, not
  // failures): every game counted is clean, so the standings stand.
  if (so.strict) {
    return static_cast<int>(ExitCode::kOk);
  }
  return standings.errors > 0 ? static_cast<int>(ExitCode::kFindings) : static_cast<int>(ExitCode::kOk);
}

}  // namespace

void setup_score(CLI::App& app, Context& ctx) {
  auto o = std::make_shared<ScoreCliOptions>();
  auto* sub = app.add_subcommand("score", "League standings across refereed games: a club night, a season "
                                          "(text, CSV, JSON, Markdown or an HTML report)");
  add_input_options(*sub, *o);
  sub->add_option("--league", o->league, "League settings (league.yaml); default: a league.yaml at the top of a "
                                         "directory given");
  sub->add_option("--format", o->format, "Output format (default: from --output's extension, else text)")
      ->check(CLI::IsMember({"text", "csv", "json", "md", "html"}));
  sub->add_option("-o,--output", o->output, "Write the report to FILE, atomically (default: standard output)");
  sub->add_option("--by", o->by, "Also one table per night (the games' event.night)")
      ->check(CLI::IsMember({"night"}));
  sub->add_option("--rank-by", o->rank_by, "First ranking key (then the league's order: wins, points, quota rate)")
      ->check(CLI::IsMember({"wins", "points", "average", "placing"}));
  sub->add_flag("--strict", o->strict, "Leave out games with errors or warnings");
  sub->add_flag("--show-sources", o->show_sources,
                "HTML and Markdown: name each game's file and locate its first error (the notice board leaves "
                "them out)");
  sub->add_flag("-q,--quiet", o->quiet, "No progress or 'wrote' line on standard error");
  sub->add_flag("--results", o->results,
                "PATHs hold results written by `validate --format jsonl` (files, - or directories of .jsonl): "
                "total them without refereeing again");
  sub->callback([o, &ctx]() { ctx.exit_code = run_score(*o, ctx); });
}

}  // namespace trickref::cli
