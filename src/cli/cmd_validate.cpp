// `trickref validate PATH...`: referee transcripts and report.
#include <iostream>
#include <memory>

#include <fmt/format.h>

#include "batch/batch.h"
#include "cli/cli.h"
#include "cli/commands.h"
#include "cli/inputs.h"
#include "report/json_text.h"

namespace trickref::cli {
namespace {

struct ValidateOptions : InputOptions {
  std::string format = "text";
  std::string color = "auto";
  bool quiet = false;
  bool strict = false;
};

std::string dump(const nlohmann::ordered_json& j, int indent) { return json_text(j, indent); }

// Writes each game as it comes, in the chosen format, and keeps the counts.
class Output {
 public:
  Output(const ValidateOptions& o, Context& ctx, TextStyle style) : o_(o), ctx_(ctx), style_(style) {
    if (o_.format == "json") {
      ctx_.out << "{\n  \"games\": [";
    }
  }

  void game(GameReport&& g) {
    count(summary, g);
    const bool io_only = !g.result && !g.diagnostics.empty() && g.diagnostics.front().code == Code::kIo;
    if (!io_only) {
      ++summary.games;
    }
    for (const auto& d : g.diagnostics) {
      io_problem = io_problem || d.code == Code::kIo;
    }
    if (o_.format == "json") {
      // The same bytes as dumping the whole report with an indent of 2.
      ctx_.out << (first_ ? "\n" : ",\n");
      write_nested(game_json(g), 4);
    } else if (o_.format == "jsonl") {
      ctx_.out << dump(game_json(g), -1) << "\n";
    } else if (o_.format == "sarif") {
      sarif_.push_back(std::move(g));
    } else {
      const std::string text = render_text(g, style_);
      if (!text.empty()) {
        if (!first_ && style_.tables) {
          ctx_.out << "\n";
        }
        ctx_.out << text;
      } else {
        return;
      }
    }
    first_ = false;
  }

  void finish() {
    if (o_.format == "json") {
      ctx_.out << (first_ ? "]" : "\n  ]") << ",\n  \"summary\": ";
      write_nested(summary_json(summary), 2, false);
      ctx_.out << "\n}\n";
    } else if (o_.format == "sarif") {
      ctx_.out << dump(sarif_json(sarif_), 2) << "\n";
    } else if (o_.format == "text" && !o_.quiet) {
      if (!first_) {
        ctx_.out << "\n";
      }
      ctx_.out << render_summary(summary, style_);
    }
  }

  Summary summary;
  bool io_problem = false;

 private:
  // Writes `j` as dump(2) would inside a document, `depth` spaces in: the
  // streamed report is byte for byte the whole report dumped at once.
  void write_nested(const nlohmann::ordered_json& j, int depth, bool indent_first = true) {
    const std::string pad(static_cast<std::size_t>(depth), ' ');
    if (indent_first) {
      ctx_.out << pad;
    }
    for (char c : dump(j, 2)) {
      ctx_.out << c;
      if (c == '\n') {
        ctx_.out << pad;
      }
    }
  }

  const ValidateOptions& o_;
  Context& ctx_;
  TextStyle style_;
  bool first_ = true;
  std::vector<GameReport> sarif_;
};

int run_validate(const ValidateOptions& o, Context& ctx) {
  BatchOptions batch;
  const TextStyle style{use_color(o.color, ctx.out_tty), !o.quiet, o.limits.max_diagnostics};
  if (!batch_options(o, use_color(o.color, ctx.err_tty), ctx, batch)) {
    return static_cast<int>(ExitCode::kUsage);
  }
  std::vector<GameReport> bad;
  const auto inputs = expand_paths(o.paths, bad);
  Output output(o, ctx, style);
  output.summary.files = static_cast<int>(inputs.size() + bad.size());
  for (auto& b : bad) {
    output.game(std::move(b));
  }
  referee_inputs(inputs, o, batch, o.quiet, ctx, [&](GameReport&& g) { output.game(std::move(g)); });
  output.finish();
  const Summary& summary = output.summary;
  const bool io_problem = output.io_problem;
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
  add_input_options(*sub, *o);
  sub->add_option("--format", o->format, "Output format")
      ->check(CLI::IsMember({"text", "json", "jsonl", "sarif"}))
      ->capture_default_str();
  sub->add_option("--color", o->color, "Colour the text output (honours NO_COLOR)")
      ->check(CLI::IsMember({"auto", "always", "never"}))
      ->capture_default_str();
  sub->add_flag("-q,--quiet", o->quiet, "Print diagnostics only: no tables, no summary");
  sub->add_flag("--strict", o->strict, "Warnings count as errors for the exit code");
  sub->callback([o, &ctx]() { ctx.exit_code = run_validate(*o, ctx); });
}

}  // namespace trickref::cli
