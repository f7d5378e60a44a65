// `trickref validate PATH...`: referee transcripts and report.
#include <atomic>
#include <cstdlib>
#include <iostream>
#include <memory>
#include <mutex>
#include <thread>

#include <fmt/format.h>

#include "batch/batch.h"
#include "cli/cli.h"
#include "cli/commands.h"

namespace trickref::cli {
namespace {

struct ValidateOptions {
  std::vector<std::string> paths;
  std::string rules;
  std::string format = "text";
  std::string color = "auto";
  bool quiet = false;
  bool strict = false;
  unsigned jobs = 1;
  Limits limits;
};

bool use_color(const std::string& mode, bool tty) {
  if (mode == "always") {
    return true;
  }
  if (mode == "never") {
    return false;
  }
  const char* no_color = std::getenv("NO_COLOR");
  return tty && (no_color == nullptr || *no_color == '\0');
}

int run_validate(const ValidateOptions& o, Context& ctx) {
  BatchOptions batch;
  batch.limits = o.limits;
  const TextStyle style{use_color(o.color, ctx.out_tty), !o.quiet};
  if (!o.rules.empty()) {
    RulesetCatalog catalog(o.limits);
    const auto& res = catalog.resolve(o.rules, std::filesystem::current_path());
    if (!res.ruleset) {
      for (const auto& d : res.diagnostics) {
        Diagnostic shown = d;
        if (shown.file.empty()) {
          shown.file = "trickref";
        }
        ctx.err << render_diagnostic(shown, TextStyle{use_color(o.color, ctx.err_tty), true});
      }
      return static_cast<int>(ExitCode::kUsage);
    }
    batch.rules_override = res.ruleset;
  }
  std::vector<GameReport> bad;
  const auto inputs = expand_paths(o.paths, bad);
  Summary summary;
  summary.files = static_cast<int>(inputs.size() + bad.size());
  bool io_problem = !bad.empty();

  // Each file's games, filled by worker threads, printed in input order.
  std::vector<std::vector<GameReport>> per_file(inputs.size());
  const unsigned jobs = std::max(1U, std::min<unsigned>(o.jobs, static_cast<unsigned>(inputs.size())));
  std::atomic<std::size_t> next{0};
  std::atomic<std::size_t> done{0};
  const bool progress = ctx.err_tty && inputs.size() >= 20 && !o.quiet;
  std::mutex progress_mutex;
  auto worker = [&]() {
    RulesetCatalog catalog(o.limits);
    for (std::size_t i = next++; i < inputs.size(); i = next++) {
      validate_file(inputs[i], catalog, batch, ctx.in, [&](GameReport&& g) { per_file[i].push_back(std::move(g)); });
      const std::size_t finished = ++done;
      if (progress) {
        std::lock_guard lock(progress_mutex);
        ctx.err << fmt::format("\r{}/{} files", finished, inputs.size()) << std::flush;
      }
    }
  };
  if (jobs <= 1) {
    worker();
  } else {
    std::vector<std::thread> threads;
    for (unsigned t = 0; t < jobs; ++t) {
      threads.emplace_back(worker);
    }
    for (auto& t : threads) {
      t.join();
    }
  }
  if (progress) {
    ctx.err << "\r" << std::string(40, ' ') << "\r" << std::flush;
  }

  std::vector<GameReport> all;
  for (auto& b : bad) {
    all.push_back(std::move(b));
  }
  for (auto& f : per_file) {
    for (auto& g : f) {
      all.push_back(std::move(g));
    }
  }
  for (const auto& g : all) {
    count(summary, g);
    if (g.result || !g.diagnostics.empty()) {
      ++summary.games;
    }
    for (const auto& d : g.diagnostics) {
      io_problem = io_problem || d.code == Code::kIo;
    }
  }
  // Unreadable paths are not games.
  for (const auto& g : all) {
    if (!g.diagnostics.empty() && g.diagnostics.front().code == Code::kIo && !g.result) {
      --summary.games;
    }
  }
  if (o.format == "json") {
    nlohmann::ordered_json j;
    auto games = nlohmann::ordered_json::array();
    for (const auto& g : all) {
      games.push_back(game_json(g));
    }
    j["games"] = std::move(games);
    j["summary"] = summary_json(summary);
    ctx.out << j.dump(2) << "\n";
  } else if (o.format == "jsonl") {
    for (const auto& g : all) {
      ctx.out << game_json(g).dump() << "\n";
    }
  } else if (o.format == "sarif") {
    ctx.out << sarif_json(all).dump(2) << "\n";
  } else {
    bool first = true;
    for (const auto& g : all) {
      const std::string text = render_text(g, style);
      if (text.empty()) {
        continue;
      }
      if (!first && style.tables) {
        ctx.out << "\n";
      }
      first = false;
      ctx.out << text;
    }
    if (!o.quiet) {
      if (!first) {
        ctx.out << "\n";
      }
      ctx.out << render_summary(summary, style);
    }
  }
  ctx.out.flush();
  if (io_problem) {
    return static_cast<int>(ExitCode::kUsage);
  }
  if (summary.errors > 0 || (o.strict && summary.warnings > 0)) {
    return static_cast<int>(ExitCode::kFindings);
  }
  return static_cast<int>(ExitCode::kOk);
}

}  // namespace

void setup_validate(CLI::App& app, Context& ctx) {
  auto o = std::make_shared<ValidateOptions>();
  auto* sub = app.add_subcommand("validate", "Referee game records: every illegal play, pluck error and scoring "
                                             "mistake, with the correct scores and winner");
  sub->add_option("paths", o->paths, "Transcript files (.yaml .yml .json .jsonl), directories (walked "
                                     "recursively) or - for standard input")
      ->required();
  sub->add_option("--rules", o->rules, "Ruleset NAME or FILE to use instead of each game's `game:`");
  sub->add_option("--format", o->format, "Output format")
      ->check(CLI::IsMember({"text", "json", "jsonl", "sarif"}))
      ->capture_default_str();
  sub->add_option("--color", o->color, "Colour the text output (honours NO_COLOR)")
      ->check(CLI::IsMember({"auto", "always", "never"}))
      ->capture_default_str();
  sub->add_flag("-q,--quiet", o->quiet, "Print diagnostics only: no tables, no summary");
  sub->add_flag("--strict", o->strict, "Warnings count as errors for the exit code");
  sub->add_option("-j,--jobs", o->jobs, "Files to referee in parallel")->check(CLI::Range(1U, 256U))->capture_default_str();
  sub->add_option("--max-file-size", o->limits.max_file_bytes, "Largest file (or JSON Lines line) read, in bytes")
      ->capture_default_str();
  sub->add_option("--max-depth", o->limits.max_depth, "Deepest YAML nesting accepted")->capture_default_str();
  sub->add_option("--max-nodes", o->limits.max_nodes, "Most YAML nodes in one game, counting alias copies")
      ->capture_default_str();
  sub->add_option("--max-scalar", o->limits.max_scalar_bytes, "Longest single YAML value, in bytes")
      ->capture_default_str();
  sub->callback([o, &ctx]() { ctx.exit_code = run_validate(*o, ctx); });
}

}  // namespace trickref::cli
