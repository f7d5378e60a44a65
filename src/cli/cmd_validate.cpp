// `trickref validate PATH...`: referee transcripts and report.
#include <algorithm>
#include <filesystem>
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
  // Standard input as part of a named file: a shard of an archive.
  std::string stdin_name;
  std::uint32_t stdin_line = 1;
  int stdin_index = 0;
};

// --stdin-name, --stdin-line and --stdin-index: standard input read as the
// named file (from the given line and game on, for a shard of an archive).
// Returns false after saying why they cannot apply.
bool name_stdin(const ValidateOptions& o, std::vector<InputFile>& inputs, Context& ctx) {
  const bool shifted = o.stdin_line != 1 || o.stdin_index != 0;
  if (o.stdin_name.empty()) {
    if (shifted) {
      ctx.err << "trickref: error: --stdin-line and --stdin-index need --stdin-name NAME.jsonl\n";
      return false;
    }
    return true;
  }
  if (std::none_of(inputs.begin(), inputs.end(), [](const InputFile& f) { return f.is_stdin; })) {
    ctx.err << "trickref: error: --stdin-name names standard input, but no PATH is '-'\n";
    return false;
  }
  if (shifted && std::filesystem::path(o.stdin_name).extension() != ".jsonl") {
    ctx.err << "trickref: error: --stdin-line and --stdin-index number the lines of JSON Lines: --stdin-name must "
               "end in .jsonl\n";
    return false;
  }
  for (auto& f : inputs) {
    if (f.is_stdin) {
      f.display = o.stdin_name;
      f.path = o.stdin_name;
      f.first_line = o.stdin_line;
      f.first_index = o.stdin_index;
    }
  }
  return true;
}

std::string dump(const nlohmann::ordered_json& j, int indent) {
  return json_text(j, indent);
}

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
      line_.clear();
      append_game_json(line_, g, GameJson::kResult);
      line_ += '\n';
      ctx_.out << line_;
    } else if (o_.format == "sarif") {
      sarif_.push_back(std::move(g));
    } else {
      hide(g);
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
    } else if (o_.format == "text") {
      write_hidden();
      if (!o_.quiet) {
        if (!first_) {
          ctx_.out << "\n";
        }
        ctx_.out << render_summary(summary, style_);
      }
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

  // Tallies what --max-diagnostics hid of a game; a file's tally is written
  // as one line after its last game (games come file by file).
  void hide(const GameReport& g) {
    if (g.file != hidden_.file) {
      write_hidden();
      hidden_.file = g.file;
    }
    hidden_.hidden_errors += g.hidden_errors;
    hidden_.hidden_warnings += g.hidden_warnings;
    for (const auto& d : g.hidden) {
      if (hidden_.hidden.size() == DiagnosticSink::kKeptHidden) {
        break;
      }
      kept_faults_ += d.severity == Severity::kNote ? 0 : 1;
      hidden_.hidden.push_back(d);
    }
  }

  // The file's "not shown" line, or the diagnostics it stands for where
  // they are all kept and take no more bytes: the cap never prints more
  // than no cap would. (Kept are at most kKeptHidden, whose lines always
  // outweigh the note: each names the file and says more than its place.)
  void write_hidden() {
    std::string line = render_hidden(hidden_, style_);
    bool apart = style_.tables;  // the note stands apart from the game before it, as a game's lines do
    if (!line.empty() && kept_faults_ == hidden_.hidden_errors + hidden_.hidden_warnings) {
      std::string shown;
      for (const auto& d : hidden_.hidden) {
        shown += render_diagnostic(d, style_);
      }
      // Diagnostics follow on from the last game's lines, as with no cap (no blank line between).
      if (shown.size() <= line.size()) {
        line = std::move(shown);
        apart = false;
      }
    }
    kept_faults_ = 0;
    if (!line.empty()) {
      if (!first_ && apart) {
        ctx_.out << "\n";
      }
      ctx_.out << line;
      first_ = false;
    }
    hidden_ = GameReport{};
  }

  const ValidateOptions& o_;
  Context& ctx_;
  TextStyle style_;
  GameReport hidden_;  // the current file's tally of hidden diagnostics, and the first of them
  int kept_faults_ = 0;  // errors and warnings among hidden_.hidden
  bool first_ = true;
  std::string line_;  // a JSON Lines result, its storage kept from game to game
  std::vector<GameReport> sarif_;
};

int run_validate(const ValidateOptions& o, Context& ctx) {
  BatchOptions batch;
  const TextStyle style{use_color(o.color, ctx.out_tty), !o.quiet, o.limits.max_diagnostics, false};
  if (!batch_options(o, use_color(o.color, ctx.err_tty), ctx, batch)) {
    return static_cast<int>(ExitCode::kUsage);
  }
  std::vector<GameReport> bad;
  auto inputs = expand_paths(o.paths, bad);
  if (!name_stdin(o, inputs, ctx)) {
    return static_cast<int>(ExitCode::kUsage);
  }
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
  sub->add_option("--stdin-name", o->stdin_name,
                  "Read standard input ('-') as the file NAME: its games carry that name, its extension gives the "
                  "format, a record's relative `game:` path is found beside it");
  sub->add_option("--stdin-line", o->stdin_line,
                  "With --stdin-name NAME.jsonl: standard input's first line is line N of NAME (a shard of an "
                  "archive)")
      ->check(CLI::Range(1U, 4'000'000'000U));
  sub->add_option("--stdin-index", o->stdin_index,
                  "With --stdin-name NAME.jsonl: standard input's first game is game K of NAME, counted from 0")
      ->check(CLI::Range(0, 2'000'000'000));
  sub->callback([o, &ctx]() { ctx.exit_code = run_validate(*o, ctx); });
}

}  // namespace trickref::cli
