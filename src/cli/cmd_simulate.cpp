// `trickref simulate`: play seeded games with built-in bots under one or more
// rulesets; print variant statistics with 95% confidence intervals, and
// optionally write every game as a transcript (YAML files or JSON Lines).
#include <filesystem>
#include <memory>
#include <optional>
#include <set>

#include <fmt/format.h>

#include "base/io.h"
#include "base/text.h"
#include "cli/cli.h"
#include "cli/commands.h"
#include "cli/inputs.h"
#include "report/report.h"
#include "ruleset/ruleset_loader.h"
#include "referee/referee.h"
#include "sim/bots.h"
#include "sim/html.h"
#include "sim/render.h"
#include "sim/simulate.h"
#include "transcript/writer.h"
#include "report/json_text.h"

namespace trickref::cli {
namespace {

namespace fs = std::filesystem;

struct SimulateCli {
  std::vector<std::string> rules;
  std::int64_t games = 1000;
  std::uint64_t seed = 1;
  std::string bots = "heuristic";
  unsigned jobs = 1;
  std::string out;
  std::string output;  // the statistics report's file (-o); empty or "-": standard output
  std::string format;  // empty: from --output's extension, else text
  std::string detail = "full";
  int max_hands = 1000;
  int hands = 10;
  bool quiet = false;
  Limits limits;  // --max-extends
};

std::vector<std::string> split(const std::string& s) {
  std::vector<std::string> out;
  std::string cur;
  for (char c : s) {
    if (c == ',') {
      out.push_back(cur);
      cur.clear();
    } else if (c != ' ') {
      cur += c;
    }
  }
  out.push_back(cur);
  return out;
}

int usage_error(Context& ctx, const std::string& message) {
  ctx.err << "trickref: error: " << message << "\n";
  return static_cast<int>(ExitCode::kUsage);
}

// How a transcript written to `dir` names ruleset `ref`: a built-in by name,
// a file by its path relative to `dir`, so `validate` finds it from there.
std::string ruleset_ref_from(const std::string& ref, const fs::path& dir) {
  if (!is_ruleset_path(ref)) {
    return ref;
  }
  std::error_code ec;
  const fs::path target = fs::absolute(ref, ec).lexically_normal();
  const fs::path base = fs::absolute(dir.empty() ? fs::path(".") : dir, ec).lexically_normal();
  const fs::path rel = target.lexically_relative(base);
  return ec || rel.empty() ? target.generic_string() : rel.generic_string();
}

Detail parse_detail(const std::string& d) {
  return d == "sheet" ? Detail::kSheet : d == "exchange" ? Detail::kExchange : d == "plays" ? Detail::kPlays
                                                                                              : Detail::kFull;
}

// The statistics' format: --format, else from --output's extension, else text.
std::string format_for(const SimulateCli& o) {
  if (!o.format.empty()) {
    return o.format;
  }
  const auto ext = fs::path(o.output).extension().string();
  if (ext == ".html" || ext == ".htm") {
    return "html";
  }
  if (ext == ".csv" || ext == ".json") {
    return ext.substr(1);
  }
  return "text";
}

// The rulesets of the run, into `rulesets` and their `names`: each must
// load, their names must differ (they name output columns and directories)
// and their numbers of players agree; with --out, each must be one whose
// transcripts `validate` reads. Returns the exit code of a failure.
std::optional<int> load_rulesets(const SimulateCli& o, Context& ctx, std::vector<sim::SimRuleset>& rulesets,
                                 std::vector<std::string>& names) {
  RulesetCatalog catalog(o.limits);
  std::set<std::string> seen;
  for (const auto& ref : o.rules) {
    const auto ruleset = resolve_rules(catalog, ref, false, ctx);
    if (!ruleset) {
      return static_cast<int>(ExitCode::kUsage);
    }
    if (!seen.insert(ruleset->name).second) {
      return usage_error(ctx, fmt::format("ruleset '{}' is given twice", printable(clip(ruleset->name))));
    }
    rulesets.push_back({ref, ruleset});
    names.push_back(ruleset->name);
  }
  const int players = rulesets.front().rules->players;
  for (const auto& r : rulesets) {
    if (r.rules->players != players) {
      return usage_error(ctx, "the rulesets compared must have the same number of players");
    }
    // A transcript of such a game would lack its auction or courts, and
    // `validate` could not read it back: say so rather than write one.
    if (const auto missing = unrefereed(*r.rules); missing && !o.out.empty()) {
      return usage_error(ctx, fmt::format("--out: transcripts of ruleset `{}` ({}) are not written yet; simulate "
                                          "it without --out",
                                          clip(r.rules->name), *missing));
    }
  }
  return std::nullopt;
}

// The bots by seat, into `bots`: one name for every seat, or one per seat.
// Returns the exit code of a failure.
std::optional<int> resolve_bots(const SimulateCli& o, int players, Context& ctx, std::vector<std::string>& bots) {
  bots = split(o.bots);
  std::string known;
  for (auto b : sim::bot_names()) {
    known += (known.empty() ? "" : ", ") + std::string(b);
  }
  for (const auto& b : bots) {
    if (!sim::make_bot(b)) {
      return usage_error(ctx, fmt::format("unknown bot '{}' in --bots (known: {})", printable(clip(b)), known));
    }
  }
  if (bots.size() == 1) {
    bots.assign(static_cast<std::size_t>(players), bots.front());
  }
  if (bots.size() != static_cast<std::size_t>(players)) {
    return usage_error(ctx, fmt::format("--bots names {} bots for {} players: give one name, or one per seat",
                                        bots.size(), players));
  }
  return std::nullopt;
}

// The files a run reads (the rulesets given as files): no output replaces them.
InputFiles ruleset_files(const SimulateCli& o) {
  InputFiles files;
  for (const auto& ref : o.rules) {
    if (is_ruleset_path(ref)) {
      files.add(ref);
    }
  }
  return files;
}

// The report's file may replace none of the rulesets read nor the
// transcripts, nor anything but a regular file: checked before the games
// are played (and again when it is written). Returns the exit code of a failure.
std::optional<int> check_report_target(const SimulateCli& o, const InputFiles& inputs, Context& ctx) {
  std::error_code ec;
  if (!o.out.empty() && fs::weakly_canonical(o.output, ec) == fs::weakly_canonical(o.out, ec)) {
    return usage_error(ctx, fmt::format("cannot write '{}': --output names the file --out writes the games to; "
                                        "nothing was written",
                                        printable(o.output)));
  }
  const TargetCheck check = check_output_target(o.output, inputs);
  if (check.problem != TargetProblem::kNone) {
    return usage_error(ctx, fmt::format("cannot write '{}': {}; nothing was written", printable(o.output),
                                        check.reason));
  }
  return std::nullopt;
}

// The games as transcripts (--out): FILE.jsonl (one game a line) or
// DIR/<ruleset>/game-01.yaml (numbers zero-padded to the width of --games).
// Every file is written through AtomicFile: it replaces only a regular file
// that is not one of the rulesets read, and no partial file is left.
class TranscriptOut {
 public:
  TranscriptOut(const SimulateCli& o, const std::vector<sim::SimRuleset>& rulesets,
                const std::vector<std::string>& names, const std::vector<std::string>& bots)
      : o_(o), rulesets_(rulesets), names_(names), inputs_(ruleset_files(o)), detail_(parse_detail(o.detail)),
        to_jsonl_(fs::path(o.out).extension() == ".jsonl"), width_(static_cast<int>(std::to_string(o.games).size())) {
    for (std::size_t s = 0; s < bots.size(); ++s) {
      players_by_seat_.push_back(fmt::format("{}-{}", bots[s], s + 1));
    }
  }

  // Opens the JSON Lines file or makes the directories. Returns the exit
  // code of a failure.
  std::optional<int> open(Context& ctx) {
    std::error_code ec;
    if (to_jsonl_) {
      const fs::path parent = fs::path(o_.out).parent_path();
      if (!parent.empty()) {
        fs::create_directories(parent, ec);
      }
      TargetProblem problem = TargetProblem::kNone;
      const std::string error = jsonl_.open(o_.out, inputs_, true, &problem);
      if (!error.empty()) {
        return usage_error(ctx, fmt::format("cannot write {}: {}{}", printable(o_.out), error,
                                            problem == TargetProblem::kNotRegular
                                                ? "; transcripts go to a regular file or a directory"
                                                : ""));
      }
      for (const auto& r : rulesets_) {
        refs_.push_back(ruleset_ref_from(r.ref, parent));
      }
      return std::nullopt;
    }
    for (std::size_t i = 0; i < rulesets_.size(); ++i) {
      const fs::path dir = fs::path(o_.out) / names_[i];
      fs::create_directories(dir, ec);
      if (ec || !fs::is_directory(dir)) {
        return usage_error(ctx, fmt::format("cannot create directory {}: {}", printable(dir.generic_string()),
                                            ec ? ec.message() : "not a directory"));
      }
      dirs_.push_back(dir);
      refs_.push_back(ruleset_ref_from(rulesets_[i].ref, dir));
    }
    return std::nullopt;
  }

  // simulate's hooks: each game rendered on a worker thread, written here in order.
  void hook(sim::SimulateHooks& hooks) {
    hooks.render = [this](std::size_t r, std::int64_t g, const PlayedGame& game) { return render(r, g, game); };
    hooks.write = [this](std::size_t r, std::int64_t g, std::string&& text) { write(r, g, text); };
  }

  // Closes the JSON Lines file. Returns the first failure writing a
  // transcript, empty when there was none.
  std::string finish() {
    if (jsonl_.is_open()) {
      write_error_ = jsonl_.commit();
    }
    return write_error_;
  }

 private:
  [[nodiscard]] std::string render(std::size_t r, std::int64_t g, const PlayedGame& game) const {
    WriteOptions wo;
    wo.detail = detail_;
    wo.id = fmt::format("{}-seed{}-game{}", names_[r], o_.seed, g + 1);
    wo.event = {{"simulated", fmt::format("seed {}, game {}", o_.seed, g + 1)}};
    const Ruleset& rules = *rulesets_[r].rules;
    if (to_jsonl_) {
      std::string line;
      append_jsonl(line, game, rules, refs_[r], players_by_seat_, wo);
      line += '\n';
      return line;
    }
    return to_yaml(game, rules, refs_[r], players_by_seat_, wo);
  }

  void write(std::size_t r, std::int64_t g, const std::string& text) {
    if (to_jsonl_) {
      jsonl_.write(text);
      return;
    }
    if (!write_error_.empty()) {
      return;  // one failure is reported; the statistics still come
    }
    // Small files, many: each renamed into place whole, not synced to disk.
    const fs::path file = dirs_[r] / fmt::format("game-{:0{}}.yaml", g + 1, width_);
    AtomicFile f;
    std::string error = f.open(file, inputs_, false);
    if (error.empty()) {
      f.write(text);
      error = f.commit();
    }
    if (!error.empty()) {
      write_error_ = fmt::format("cannot write {}: {}", printable(file.generic_string()), error);
    }
  }

  const SimulateCli& o_;
  const std::vector<sim::SimRuleset>& rulesets_;
  const std::vector<std::string>& names_;
  InputFiles inputs_;
  Detail detail_;
  bool to_jsonl_;
  int width_;  // of the numbers in the YAML files' names: --games's
  std::vector<std::string> players_by_seat_;
  AtomicFile jsonl_;
  std::vector<std::string> refs_;  // how each transcript names its ruleset
  std::vector<fs::path> dirs_;
  std::string write_error_;  // the first failure writing a transcript
};

// The statistics in the format asked for.
std::string render_report(const std::string& format, const sim::SimReport& report) {
  if (format == "json") {
    return json_text(sim::report_json(report), 2) + "\n";
  }
  if (format == "csv") {
    return sim::render_csv(report);
  }
  if (format == "html") {
    return sim::render_html(report);
  }
  return sim::render_text(report);
}

// The report to standard output, or atomically to -o's file.
int deliver(const SimulateCli& o, const std::string& text, bool to_file, const InputFiles& inputs, Context& ctx) {
  if (!to_file) {
    ctx.out << text;
    ctx.out.flush();
    return static_cast<int>(ExitCode::kOk);
  }
  AtomicFile file;
  std::string error = file.open(o.output, inputs, true);
  if (error.empty()) {
    file.write(text);
    error = file.commit();
  }
  if (!error.empty()) {
    return usage_error(ctx, fmt::format("cannot write '{}': {}; nothing was written", printable(o.output), error));
  }
  if (!o.quiet) {
    ctx.err << fmt::format("trickref: wrote {}\n", printable(o.output));
  }
  return static_cast<int>(ExitCode::kOk);
}

int run_simulate(const SimulateCli& o, Context& ctx) {
  std::vector<sim::SimRuleset> rulesets;
  std::vector<std::string> names;
  if (const auto failed = load_rulesets(o, ctx, rulesets, names)) {
    return *failed;
  }
  std::vector<std::string> bots;
  if (const auto failed = resolve_bots(o, rulesets.front().rules->players, ctx, bots)) {
    return *failed;
  }
  const bool report_to_file = !o.output.empty() && o.output != "-";
  const InputFiles report_inputs = ruleset_files(o);
  if (report_to_file) {
    if (const auto failed = check_report_target(o, report_inputs, ctx)) {
      return *failed;
    }
  }
  sim::SimulateOptions so;
  so.seed = o.seed;
  so.games = o.games;
  so.bots = bots;
  so.jobs = o.jobs;
  so.max_hands = o.max_hands;
  so.hands_no_target = o.hands;
  sim::SimulateHooks hooks;
  TranscriptOut transcripts(o, rulesets, names, bots);
  if (!o.out.empty()) {
    if (const auto failed = transcripts.open(ctx)) {
      return *failed;
    }
    transcripts.hook(hooks);
  }
  const std::int64_t total = o.games * static_cast<std::int64_t>(rulesets.size());
  const bool progress = ctx.err_tty && !o.quiet && total >= 2000;
  if (progress) {
    hooks.progress = [&](std::int64_t done, std::int64_t all) {
      const int width = 30;
      const auto filled = static_cast<int>(done * width / std::max<std::int64_t>(all, 1));
      ctx.err << fmt::format("\r[{:#<{}}{:<{}}] {}/{} games", "", filled, "", width - filled, done, all)
              << std::flush;
    };
  }
  sim::SimReport report;
  report.options = so;
  report.rulesets = names;
  report.stats = sim::simulate(rulesets, so, hooks);
  for (const auto& r : rulesets) {
    report.same_deals.push_back(sim::same_deals(*rulesets.front().rules, *r.rules));
  }
  if (progress) {
    ctx.err << "\r" << std::string(60, ' ') << "\r" << std::flush;
  }
  if (const std::string write_error = transcripts.finish(); !write_error.empty()) {
    return usage_error(ctx, fmt::format("writing transcripts to {} failed: {}", printable(o.out), write_error));
  }
  return deliver(o, render_report(format_for(o), report), report_to_file, report_inputs, ctx);
}

}  // namespace

void setup_simulate(CLI::App& app, Context& ctx) {
  auto o = std::make_shared<SimulateCli>();
  auto* sub = app.add_subcommand("simulate", "Play seeded games with built-in bots: variant statistics with 95% "
                                             "confidence intervals, and the games as transcripts");
  sub->add_option("--rules", o->rules, "Ruleset NAME or FILE; repeat to compare rulesets side by side")
      ->required();
  sub->add_option("-n,--games", o->games, "Games per ruleset")->check(CLI::Range(std::int64_t{1}, std::int64_t{1} << 40))
      ->capture_default_str();
  sub->add_option("--seed", o->seed, "Seed: the same seed plays the same games, whatever --jobs is")
      ->capture_default_str();
  sub->add_option("--bots", o->bots, "Bots by seat, comma separated (heuristic, random), or one name for every "
                                     "seat; seat 1 deals first in game 1, seat 2 in game 2, ...")
      ->capture_default_str();
  sub->add_option("-j,--jobs", o->jobs, "Threads")->check(CLI::Range(1U, 256U))->capture_default_str();
  sub->add_option("--out", o->out,
                  "Write every game: FILE.jsonl (one game a line; game 1 under each ruleset, then game 2, ...) or "
                  "DIR (DIR/RULESET/game-0001.yaml, numbered to the width of --games)");
  sub->add_option("--detail", o->detail, "Level of detail of the transcripts written")
      ->check(CLI::IsMember({"sheet", "exchange", "plays", "full"}))
      ->capture_default_str();
  sub->add_option("--format", o->format,
                  "Statistics format (default: from --output's extension, else text); html: one page with plots")
      ->check(CLI::IsMember({"text", "json", "csv", "html"}));
  sub->add_option("-o,--output", o->output, "Write the statistics to FILE, atomically (default: standard output)");
  // At most kMaxSimulatedHands: a game written in full then stays within
  // what `validate` reads by default (README, "Limits").
  sub->add_option("--max-hands", o->max_hands, "Safety stop: a game not won after this many hands is unfinished")
      ->check(CLI::Range(1, sim::kMaxSimulatedHands))
      ->capture_default_str();
  sub->add_option("--hands", o->hands, "Hands per game under a ruleset with no target (target: null)")
      ->check(CLI::Range(1, sim::kMaxSimulatedHands))
      ->capture_default_str();
  sub->add_flag("-q,--quiet", o->quiet, "No progress bar");
  add_max_extends_option(*sub, o->limits);
  sub->footer("Every statistic, and how its interval and its difference from the first ruleset are computed, is "
              "defined by `trickref explain simulate`.");
  sub->callback([o, &ctx]() { ctx.exit_code = run_simulate(*o, ctx); });
}

}  // namespace trickref::cli
