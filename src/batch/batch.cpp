#include "batch/batch.h"

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <istream>
#include <iterator>
#include <optional>
#include <set>
#include <sstream>
#include <system_error>

#include <fmt/format.h>

#include "base/io.h"
#include "batch/line_reader.h"
#include "batch/ordered_work.h"
#include "json/json_game_reader.h"
#include "json/json_reader.h"
#include "referee/referee.h"
#include "transcript/transcript_loader.h"

namespace trickref {
namespace {

// Record files by extension. A league's settings (league.yaml, read by
// `score`) share a directory with its records and are not one.
bool is_record_file(const std::filesystem::path& p) {
  const auto ext = p.extension().string();
  const auto stem = p.stem().string();
  if (stem == "league" && (ext == ".yaml" || ext == ".yml")) {
    return false;
  }
  return ext == ".yaml" || ext == ".yml" || ext == ".json" || ext == ".jsonl";
}

bool is_input_file(const std::filesystem::path& p, Inputs what) {
  return what == Inputs::kResults ? p.extension() == ".jsonl" : is_record_file(p);
}

// A file that holds no game at all gets one finding, whatever its format
// (YAML, JSON, JSON Lines, standard input): nothing to referee is not a pass.
GameReport no_game_report(const std::string& display) {
  GameReport rep;
  rep.file = display;
  rep.index = 0;
  Diagnostic d;
  d.code = Code::kSchema;
  d.file = display;
  d.loc = Loc{1, 1};
  d.message = "the file holds no game";
  rep.diagnostics.push_back(std::move(d));
  return rep;
}

GameReport io_report(const std::string& file, std::string message, Code code = Code::kIo) {
  GameReport g;
  g.file = file;
  Diagnostic d;
  d.code = code;
  d.severity = Severity::kError;
  d.file = file;
  d.message = std::move(message);
  g.diagnostics.push_back(std::move(d));
  return g;
}

// The diagnostics the game's sink kept past the file's budget, located
// and ordered as its shown ones are.
void keep_hidden(DiagnosticSink& sink, const SourceText& source, GameReport& rep) {
  rep.hidden = sink.take_hidden();
  if (!rep.hidden.empty()) {
    source.fix_columns(rep.hidden);
    sort_game_order(rep.hidden);
  }
}

// Resolves the ruleset of a loaded game and referees it. `is_map`: the
// record is a map (a record that is not has had its word from the loader,
// and nothing more is said of it).
GameReport referee_game(const Game& g, bool is_map, DiagnosticSink& sink, const std::string& display, int index,
                        const std::filesystem::path& dir, RulesetCatalog& catalog, const BatchOptions& options,
                        const SourceText& source) {
  GameReport rep;
  rep.file = display;
  rep.index = index;
  rep.id = g.id;
  rep.players = g.players;
  rep.event = g.event;
  rep.date = g.date;
  rep.notes = g.notes;
  std::vector<Diagnostic> ruleset_diags;
  std::shared_ptr<const Ruleset> rules = options.rules_override;
  if (!rules) {
    if (!g.ruleset_ref) {
      if (is_map) {
        sink.report(Code::kSchema, g.loc, "the game does not name its ruleset (`game: pluck`) and no --rules was given");
      }
    } else {
      // The record may come from anywhere: its `game:` names a built-in or a .yaml/.yml file (NamedBy::kFile).
      const auto& res = catalog.resolve(*g.ruleset_ref, dir, NamedBy::kFile);
      rules = res.ruleset;
      if (!rules) {
        const bool not_found = res.diagnostics.size() == 1 && res.diagnostics[0].file.empty();
        auto& d = sink.report(Code::kRuleset, g.ruleset_loc,
                              not_found ? res.diagnostics[0].message
                                        : fmt::format("ruleset {} is invalid: {}",
                                                      quote_input(*g.ruleset_ref, Quoted::kPath)
                                                          .value_or("(a name with control characters)"),
                                                      res.diagnostics.empty() ? std::string("it cannot be loaded")
                                                                              : res.diagnostics[0].message));
        if (!not_found) {
          for (const auto& rd : res.diagnostics) {
            d.notes.push_back(Note{fmt::format("{}:{}:{}: {}", rd.file, rd.loc.line, rd.loc.column, rd.message), {}});
          }
        }
      }
    }
  }
  if (rules && !g.players.empty()) {
    rep.ruleset = rules->name;
    rep.scoring = rules->scoring;
    rep.result = referee(g, *rules, sink, RefereeOptions{options.hand_play});
    if (options.hand_play) {
      rep.rules = rules;
    }
  }
  rep.hidden_errors = sink.hidden_errors();
  rep.hidden_warnings = sink.hidden_warnings();
  keep_hidden(sink, source, rep);
  auto diags = sink.take();
  source.fix_columns(diags);
  for (auto& d : ruleset_diags) {
    diags.push_back(std::move(d));
  }
  sort_game_order(diags);
  rep.diagnostics = std::move(diags);
  return rep;
}

// Loads, resolves and referees one parsed document.
GameReport referee_document(const Document& doc, DiagnosticSink& sink, const std::string& display, int index,
                            const std::filesystem::path& dir, RulesetCatalog& catalog, const BatchOptions& options,
                            const SourceText& source, LoadScratch& load) {
  Game g = load_game(doc.root(), display, index, sink, load);
  GameReport rep = referee_game(g, doc.root().is_map(), sink, display, index, dir, catalog, options, source);
  load.recycle(g);  // its lists serve the next game loaded with this scratch
  return rep;
}

// The --max-diagnostics budget of one file: shared by its games.
DiagnosticBudget file_budget(const Limits& limits) {
  return DiagnosticBudget{limits.max_diagnostics == 0 ? SIZE_MAX : limits.max_diagnostics};
}

// A game that could not be parsed: its parse diagnostics only.
GameReport unparsed(DiagnosticSink& sink, const std::string& display, int index, const SourceText& source) {
  GameReport rep;
  rep.file = display;
  rep.index = index;
  rep.unreadable = true;
  rep.hidden_errors = sink.hidden_errors();
  rep.hidden_warnings = sink.hidden_warnings();
  keep_hidden(sink, source, rep);
  auto diags = sink.take();
  source.fix_columns(diags);
  rep.diagnostics = std::move(diags);
  return rep;
}

// A JSON Lines line over the size limit: skipped unread, a game of its own.
GameReport too_long_report(const std::string& display, std::uint32_t number, int index, const Limits& limits) {
  auto rep = io_report(display,
                       fmt::format("line {} is longer than the limit of {} bytes (raise it with --max-file-size)",
                                   number, limits.max_file_bytes),
                       Code::kLimit);
  rep.index = index;
  rep.unreadable = true;
  rep.diagnostics[0].loc = Loc{number, 1};
  return rep;
}

// Standard input's first line ran past the size limit without a line end:
// reads on to its end, returning what follows it (empty at the end of input).
std::string skip_rest_of_line(std::streambuf& in) {
  std::string block(1 << 16, '\0');
  while (true) {
    const auto n = static_cast<std::size_t>(in.sgetn(block.data(), static_cast<std::streamsize>(block.size())));
    if (const void* nl = std::memchr(block.data(), '\n', n); nl != nullptr) {
      const auto after = static_cast<std::size_t>(static_cast<const char*>(nl) - block.data()) + 1;
      return block.substr(after, n - after);
    }
    if (n < block.size()) {
      return {};
    }
  }
}

// A first line that opens a JSON object (blanks and a byte order mark aside).
bool opens_json_object(std::string_view line) {
  if (line.substr(0, 3) == "\xEF\xBB\xBF") {
    line.remove_prefix(3);
  }
  const auto first = line.find_first_not_of(" \t\r");
  return first != std::string_view::npos && line[first] == '{';
}

// What reading keeps from one game to the next: the readers and the
// storage each record is read into. A run of one job has one; with -j N
// each worker keeps one for all the files and runs it referees, so a run's
// first record is read over the storage of the run before, not into new
// (a fresh one a run took -j 2 from 0.9% to 3.5% more instructions than
// one job, callgrind on 4,000 games).
struct ReadScratch {
  explicit ReadScratch(const Limits& limits) : direct(limits), reader(limits) {}
  JsonGameReader direct;
  JsonReader reader;
  Document doc;      // its storage serves every line
  Game game;         // its lists serve every line read the direct way
  LoadScratch load;  // the lists of every game loaded the full way
};

// Referees the lines `lines.next` gives (a LineReader's, or a run's: LineBlock),
// numbering their games from `index`.
template <class Lines>
void validate_lines(Lines& lines, const std::string& display, const std::filesystem::path& dir,
                    RulesetCatalog& catalog, const BatchOptions& options,
                    const std::function<void(GameReport&&)>& emit, int& index, DiagnosticBudget& budget,
                    ReadScratch& scratch) {
  JsonGameReader& direct = scratch.direct;
  JsonReader& reader = scratch.reader;
  Document& doc = scratch.doc;
  Game& game = scratch.game;
  Line line;
  while (lines.next(line)) {
    if (line.too_long) {
      emit(too_long_report(display, line.number, index++, options.limits));
      continue;
    }
    if (line.text.find_first_not_of(" \t\r") == std::string_view::npos) {
      continue;
    }
    DiagnosticSink sink(display, &budget);
    const SourceText source(line.text, line.number);
    const JsonText text{line.text, true, line.number, true, !line.terminated};
    // A clean record is read straight into the game; any other goes the
    // full way, through the located tree and the loader, which report.
    if (direct.read(text, game)) {
      game.file = display;
      game.index = index;
      emit(referee_game(game, true, sink, display, index++, dir, catalog, options, source));
      continue;
    }
    const JsonRead read = reader.read(text, doc, sink);
    if (read == JsonRead::kEmpty) {
      continue;  // a byte order mark and blanks
    }
    if (read == JsonRead::kFailed) {
      emit(unparsed(sink, display, index++, source));
      continue;
    }
    emit(referee_document(doc, sink, display, index++, dir, catalog, options, source, scratch.load));
  }
}

// A .json file: one game.
void validate_json(std::string_view text, const std::string& display, const std::filesystem::path& dir,
                   RulesetCatalog& catalog, const BatchOptions& options,
                   const std::function<void(GameReport&&)>& emit, LoadScratch& load) {
  JsonReader reader(options.limits);
  DiagnosticBudget budget = file_budget(options.limits);
  DiagnosticSink sink(display, &budget);
  const SourceText source(text);
  Document doc;
  switch (reader.read(JsonText{text, false, 1, false, false}, doc, sink)) {
    case JsonRead::kEmpty:
      emit(no_game_report(display));
      return;
    case JsonRead::kFailed:
      emit(unparsed(sink, display, 0, source));
      return;
    case JsonRead::kGame:
      emit(referee_document(doc, sink, display, 0, dir, catalog, options, source, load));
      return;
  }
}

// One whole JSON object on one line: `{` first and `}` last, ignoring blanks.
bool looks_like_json_line(std::string_view line) {
  const auto first = line.find_first_not_of(" \t\r\n");
  const auto last = line.find_last_not_of(" \t\r\n");
  return first != std::string_view::npos && line[first] == '{' && line[last] == '}';
}

// Walks `dir` in sorted order, following symbolic links to directories; a
// link back to a directory being walked is a loop, reported and not entered.
void walk(const std::filesystem::path& dir, const std::string& shown, std::vector<std::filesystem::path>& active,
          Inputs what, std::vector<InputFile>& out, std::vector<GameReport>& bad) {
  std::error_code ec;
  std::vector<std::filesystem::directory_entry> entries;
  for (std::filesystem::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    entries.push_back(*it);
  }
  if (ec) {
    bad.push_back(io_report(shown, fmt::format("cannot read directory '{}': {}", shown, reason(ec.value()))));
    return;
  }
  std::sort(entries.begin(), entries.end(),
            [](const auto& a, const auto& b) { return a.path().filename() < b.path().filename(); });
  for (const auto& e : entries) {
    const std::string name = (std::filesystem::path(shown) / e.path().filename()).generic_string();
    std::error_code sec;
    if (e.is_directory(sec)) {
      const auto real = std::filesystem::canonical(e.path(), sec);
      if (sec) {
        bad.push_back(io_report(name, fmt::format("cannot read directory '{}': {}", name, reason(sec.value()))));
      } else if (std::find(active.begin(), active.end(), real) != active.end()) {
        bad.push_back(io_report(name, fmt::format("'{}' links back to a directory being walked (a loop); it is "
                                                  "not entered",
                                                  name)));
      } else {
        active.push_back(real);
        walk(e.path(), name, active, what, out, bad);
        active.pop_back();
      }
    } else if (e.is_regular_file(sec) && is_input_file(e.path(), what)) {
      out.push_back(InputFile{name, e.path(), false, Readable::kFile});
    } else if (is_input_file(e.path(), what) && std::filesystem::exists(e.status(sec))) {
      // A device, socket or FIFO (or a link to one) named like a record: an
      // error, never opened (reading /dev/zero never ends, a FIFO would
      // hang the walk), and not skipped in silence, which would hide it.
      bad.push_back(io_report(name, fmt::format("cannot read '{}': {}", name, kNotAFileOrPipe)));
    } else if (e.is_symlink(sec) && is_input_file(e.path(), what) && !std::filesystem::exists(e.path(), sec)) {
      bad.push_back(io_report(name, fmt::format("cannot read '{}': a link to nothing (or a link loop)", name)));
    }
  }
}

}  // namespace

std::vector<InputFile> expand_paths(const std::vector<std::string>& paths, std::vector<GameReport>& bad,
                                    Inputs what) {
  std::vector<InputFile> out;
  for (const auto& p : paths) {
    if (p == "-") {
      out.push_back(InputFile{"-", {}, true, Readable::kFileOrPipe});
      continue;
    }
    const std::filesystem::path path(p);
    std::error_code ec;
    const auto st = std::filesystem::status(path, ec);
    if (ec || !std::filesystem::exists(st)) {
      const bool loop = ec && ec.value() == ELOOP;
      bad.push_back(io_report(p, fmt::format("cannot read '{}': {}", p,
                                             loop ? "a symbolic link loop"
                                                  : ec ? reason(ec.value()) : "no such file or directory")));
      continue;
    }
    if (!std::filesystem::is_directory(st)) {
      out.push_back(InputFile{p, path, false, Readable::kFileOrPipe});
      continue;
    }
    std::vector<std::filesystem::path> active{std::filesystem::canonical(path, ec)};
    const std::size_t before = out.size() + bad.size();
    walk(path, std::filesystem::path(p).generic_string(), active, what, out, bad);
    if (out.size() + bad.size() == before) {
      bad.push_back(io_report(p, what == Inputs::kResults
                                     ? fmt::format("'{}' holds no results (.jsonl files)", p)
                                     : fmt::format("'{}' holds no records (.yaml, .yml, .json or .jsonl files)", p)));
    }
  }
  return out;
}

namespace {

// validate_text, with the scratch of the thread reading.
void validate_text_with(std::string_view text, const std::string& display, const std::filesystem::path& dir,
                        RulesetCatalog& catalog, const BatchOptions& options,
                        const std::function<void(GameReport&&)>& emit, ReadScratch& scratch) {
  const auto ext = std::filesystem::path(display).extension();
  if (ext == ".json") {
    validate_json(text, display, dir, catalog, options, emit, scratch.load);
    return;
  }
  if (ext == ".jsonl") {
    std::stringbuf in{std::string(text)};
    LineReader lines(in, options.limits.max_file_bytes, 1);
    int index = 0;
    DiagnosticBudget budget = file_budget(options.limits);
    validate_lines(lines, display, dir, catalog, options, emit, index, budget, scratch);
    if (index == 0) {
      emit(no_game_report(display));
    }
    return;
  }
  YamlReader reader(text, options.limits);
  SourceText source(text);
  DiagnosticBudget budget = file_budget(options.limits);
  int index = 0;
  while (true) {
    DiagnosticSink sink(display, &budget);
    Document doc;
    if (!reader.next(doc, sink)) {
      if (index == 0 && sink.diagnostics().empty() && !sink.has_errors()) {
        emit(no_game_report(display));
      } else if (sink.has_errors()) {
        // A game that could not be read is a game of its own; the reader
        // goes on from the next `---` after the fault, if there is one.
        emit(unparsed(sink, display, index++, source));
        if (reader.resume()) {
          continue;
        }
      }
      return;
    }
    if (doc.root().is_null() && index > 0) {
      continue;  // a trailing `---`
    }
    emit(referee_document(doc, sink, display, index++, dir, catalog, options, source, scratch.load));
  }
}

// validate_file, with the scratch of the thread reading.
void validate_file_with(const InputFile& input, RulesetCatalog& catalog, const BatchOptions& options,
                        std::istream& in, const std::function<void(GameReport&&)>& emit, ReadScratch& scratch) {
  // Standard input under a name of its own (--stdin-name) is read in that
  // name's format; otherwise its first line tells.
  const bool named_stdin = input.is_stdin && !input.path.empty();
  const bool jsonl = input.path.extension() == ".jsonl";
  const std::filesystem::path dir =
      input.is_stdin && !named_stdin ? std::filesystem::path(".") : input.path.parent_path();
  if (jsonl && named_stdin) {
    int index = input.first_index;
    DiagnosticBudget budget = file_budget(options.limits);
    LineReader lines(*in.rdbuf(), options.limits.max_file_bytes, input.first_line);
    validate_lines(lines, input.display, dir, catalog, options, emit, index, budget, scratch);
    if (index == 0) {
      emit(no_game_report(input.display));  // empty, or blank lines only (a later shard's blanks are no file)
    }
    return;
  }
  if (jsonl) {
    std::string error;
    const int fd = open_for_reading(input.path, input.readable, error);
    if (fd < 0) {
      emit(io_report(input.display, fmt::format("cannot read '{}': {}", input.display, error)));
      return;
    }
    FdInBuf buf(fd);
    int index = 0;
    DiagnosticBudget budget = file_budget(options.limits);
    LineReader lines(buf, options.limits.max_file_bytes, 1);
    validate_lines(lines, input.display, dir, catalog, options, emit, index, budget, scratch);
    if (buf.error() != 0) {
      emit(io_report(input.display, fmt::format("cannot read '{}': {}", input.display, reason(buf.error()))));
    } else if (index == 0) {
      emit(no_game_report(input.display));  // empty, or blank lines only
    }
    return;
  }
  std::string text;
  if (input.is_stdin) {
    // JSON Lines on standard input is streamed like a .jsonl file: the first
    // line tells, being one whole JSON object.
    std::string first;
    while (first.size() <= options.limits.max_file_bytes) {
      const int c = in.get();
      if (c == EOF) {
        break;
      }
      first.push_back(static_cast<char>(c));
      if (c == '\n') {
        break;
      }
    }
    if (!named_stdin && first.size() > options.limits.max_file_bytes && first.back() != '\n' &&
        opens_json_object(first)) {
      // JSON Lines whose first line is over the limit: that line is skipped
      // as a file's would be, and the games after it are refereed.
      first = std::string();
      const std::string head = skip_rest_of_line(*in.rdbuf());
      emit(too_long_report(input.display, 1, 0, options.limits));
      int index = 1;
      DiagnosticBudget budget = file_budget(options.limits);
      LineReader lines(*in.rdbuf(), options.limits.max_file_bytes, 2, head);
      validate_lines(lines, input.display, dir, catalog, options, emit, index, budget, scratch);
      return;
    }
    if (!named_stdin && looks_like_json_line(first)) {
      int index = 0;
      DiagnosticBudget budget = file_budget(options.limits);
      LineReader lines(*in.rdbuf(), options.limits.max_file_bytes, 1, first);
      validate_lines(lines, input.display, dir, catalog, options, emit, index, budget, scratch);
      return;
    }
    text = std::move(first);
    std::string buf(1 << 16, '\0');
    while (in) {
      in.read(buf.data(), static_cast<std::streamsize>(buf.size()));
      const auto n = static_cast<std::size_t>(in.gcount());
      if (text.size() + n > options.limits.max_file_bytes) {
        emit(io_report(input.display,
                       fmt::format("standard input is larger than the limit of {} bytes (raise it with --max-file-size)",
                                   options.limits.max_file_bytes),
                       Code::kLimit));
        return;
      }
      text.append(buf.data(), n);
    }
  } else {
    auto read = read_file(input.path, options.limits.max_file_bytes, input.readable);
    if (!read.error.empty()) {
      emit(io_report(input.display, read.too_big ? read.error : fmt::format("cannot read '{}': {}", input.display, read.error),
                     read.too_big ? Code::kLimit : Code::kIo));
      return;
    }
    text = std::move(read.text);
  }
  validate_text_with(text, input.display, dir, catalog, options, emit, scratch);
}

// A .jsonl file that -j N splits into runs of lines (standard input is read
// as it comes, by one worker).
bool splits_into_blocks(const InputFile& input) { return !input.is_stdin && input.path.extension() == ".jsonl"; }

}  // namespace

void validate_text(std::string_view text, const std::string& display, const std::filesystem::path& dir,
                   RulesetCatalog& catalog, const BatchOptions& options,
                   const std::function<void(GameReport&&)>& emit) {
  ReadScratch scratch(options.limits);
  validate_text_with(text, display, dir, catalog, options, emit, scratch);
}

void validate_file(const InputFile& input, RulesetCatalog& catalog, const BatchOptions& options, std::istream& in,
                   const std::function<void(GameReport&&)>& emit) {
  ReadScratch scratch(options.limits);
  validate_file_with(input, catalog, options, in, emit, scratch);
}

namespace {

// A unit of `validate -j N`'s work: a whole file or, for a .jsonl file, a
// run of its lines (LineBlock).
struct BatchUnit {
  std::size_t input = 0;
  bool run = false;                // a run of a .jsonl file's lines (else the whole file)
  bool last = true;                // the file's last unit
  int read_error = 0;              // the last run of a .jsonl file: the stream's error
  std::optional<LineBlock> block;  // a run with diagnostics: its lines, to referee again
  std::vector<GameReport> games;
  std::size_t kept = 0;            // a run: the diagnostics its games kept
  bool spent = false;              // a run: its budget ran out (some may be hidden)
};

// validate_all with more than one job. A worker that wants work reads the
// next unit itself (the files are read in turn, a run at a time) into a
// run of its own, and referees it there while the cache still holds it: no
// thread reads for another. The calling thread only emits, the units in
// input order (OrderedWork), so the output is the same, byte for byte, for
// any number of jobs: a run's games are numbered from the file's count so
// far, and a run whose diagnostics the file's --max-diagnostics would have
// cut (the budget is the file's, spent in order) is refereed again there
// with the budget as it stands; a run with diagnostics keeps its lines for
// that until it is emitted, a clean one never needs them. Memory: at most
// 4 units a job waiting.
class ParallelBatch {
 public:
  ParallelBatch(const std::vector<InputFile>& inputs, const BatchOptions& options, unsigned jobs, std::istream& in,
                const std::function<void(GameReport&&)>& emit, const std::function<void()>& file_done)
      : inputs_(inputs),
        options_(options),
        in_(in),
        emit_(emit),
        file_done_(file_done),
        queue_(jobs, 4 * static_cast<std::size_t>(jobs)),
        full_budget_(file_budget(options.limits).left),
        catalog_(options.limits),
        rerun_scratch_(options.limits),
        left_(file_budget(options.limits)) {}

  void run() {
    queue_.run([this](unsigned self) { work(self); }, [this](BatchUnit& u) { emit_unit(u); });
  }

 private:
  using Queue = OrderedWork<BatchUnit>;

  // The .jsonl file being read in runs.
  struct OpenFile {
    std::size_t input;
    FdInBuf buf;
    RunReader runs;
    OpenFile(std::size_t i, int fd, const BatchOptions& o)
        : input(i), buf(fd), runs(buf, o.limits.max_file_bytes, o.run_bytes) {}
  };

  // What a worker keeps from one unit to the next.
  struct Worker {
    explicit Worker(const Limits& limits) : catalog(limits), scratch(limits) {}
    RulesetCatalog catalog;
    ReadScratch scratch;
    LineBlock mine;                // the run this worker reads and referees
    std::vector<LineBlock> spares;  // runs kept for their diagnostics, given back
    Queue::Jobs handed_on;
  };

  void work(unsigned self) {
    Worker w(options_.limits);
    while (true) {
      Queue::Job* const job = queue_.take(self, [&](BatchUnit& u) { return next_unit(u, w.mine); }, w.handed_on);
      take_back_runs(w);
      if (job == nullptr) {
        return;
      }
      referee_unit(job->unit, w);
      queue_.done(job);
    }
  }

  // The next unit, in input order: a whole file, or a run of lines read
  // into `into`. False when every unit is taken. (One worker at a time.)
  bool next_unit(BatchUnit& u, LineBlock& into) {
    while (!open_) {
      if (next_input_ == inputs_.size()) {
        return false;
      }
      const std::size_t i = next_input_++;
      const InputFile& input = inputs_[i];
      u.input = i;
      if (!splits_into_blocks(input)) {
        return true;  // the whole file
      }
      std::string error;
      const int fd = open_for_reading(input.path, input.readable, error);
      if (fd < 0) {
        return true;  // the whole file: the worker's validate_file reports it
      }
      open_ = std::make_unique<OpenFile>(i, fd, options_);
    }
    u.input = open_->input;
    u.run = true;
    if (!open_->runs.next(into) || open_->runs.done()) {
      u.read_error = open_->buf.error();  // the file's last run (empty when the one before ended it)
      open_.reset();
    } else {
      u.last = false;
    }
    return true;
  }

  // The runs of the units handed on that were kept for their diagnostics
  // serve as spares; the units themselves are let go here, by the thread
  // that allocated them. A run that grew for a long line gives its memory back.
  void take_back_runs(Worker& w) const {
    for (auto& job : w.handed_on) {
      std::optional<LineBlock>& block = job->unit.block;
      if (block && w.spares.size() < 4 && block->capacity() <= 4 * options_.run_bytes) {
        w.spares.push_back(std::move(*block));
      }
    }
    w.handed_on.clear();
  }

  void referee_unit(BatchUnit& u, Worker& w) {
    const InputFile& input = inputs_[u.input];
    auto keep = [&u](GameReport&& g) { u.games.push_back(std::move(g)); };
    if (!u.run) {
      validate_file_with(input, w.catalog, options_, in_, keep, w.scratch);
      return;
    }
    int index = 0;
    DiagnosticBudget budget{full_budget_};
    validate_lines(w.mine, input.display, input.path.parent_path(), w.catalog, options_, keep, index, budget,
                   w.scratch);
    u.kept = full_budget_ - budget.left;
    u.spent = budget.left == 0;
    if (u.kept > 0 || u.spent) {
      u.block.emplace(std::move(w.mine));
      if (!w.spares.empty()) {
        w.mine = std::move(w.spares.back());
        w.spares.pop_back();
      }
    }
  }

  // Emits one unit done, in input order (on the calling thread).
  void emit_unit(BatchUnit& u) {
    if (!u.run) {
      for (auto& g : u.games) {
        emit_(std::move(g));
      }
      file_done_();
      return;
    }
    const InputFile& input = inputs_[u.input];
    if (u.input != current_) {
      current_ = u.input;
      base_ = 0;
      left_ = file_budget(options_.limits);
    }
    if (!u.spent && u.kept <= left_.left) {
      left_.left -= u.kept;  // refereed as it would have been in order
    } else {
      u.games.clear();
      u.block->rewind();
      int index = 0;
      validate_lines(*u.block, input.display, input.path.parent_path(), catalog_, options_,
                     [&](GameReport&& g) { u.games.push_back(std::move(g)); }, index, left_, rerun_scratch_);
    }
    for (auto& g : u.games) {
      g.index += base_;
      emit_(std::move(g));
    }
    base_ += static_cast<int>(u.games.size());
    if (u.last) {
      if (u.read_error != 0) {
        emit_(io_report(input.display, fmt::format("cannot read '{}': {}", input.display, reason(u.read_error))));
      } else if (base_ == 0) {
        emit_(no_game_report(input.display));  // empty, or blank lines only
      }
      file_done_();
    }
  }

  const std::vector<InputFile>& inputs_;
  const BatchOptions& options_;
  std::istream& in_;
  const std::function<void(GameReport&&)>& emit_;
  const std::function<void()>& file_done_;
  Queue queue_;
  const std::size_t full_budget_;
  // The workers' shared place in the inputs (next_unit, one worker at a time).
  std::size_t next_input_ = 0;
  std::unique_ptr<OpenFile> open_;
  // The emitter's: for a run refereed again, and its place in the current .jsonl file.
  RulesetCatalog catalog_;
  ReadScratch rerun_scratch_;
  std::size_t current_ = SIZE_MAX;
  int base_ = 0;
  DiagnosticBudget left_;
};

}  // namespace

void validate_all(const std::vector<InputFile>& inputs, const BatchOptions& options, unsigned jobs, std::istream& in,
                  const std::function<void(GameReport&&)>& emit, const std::function<void()>& file_done) {
  jobs = std::max(1U, jobs);
  if (std::none_of(inputs.begin(), inputs.end(), splits_into_blocks)) {
    jobs = std::min<unsigned>(jobs, static_cast<unsigned>(std::max<std::size_t>(1, inputs.size())));
  }
  if (jobs <= 1) {
    RulesetCatalog catalog(options.limits);
    ReadScratch scratch(options.limits);
    for (const auto& input : inputs) {
      validate_file_with(input, catalog, options, in, emit, scratch);
      file_done();
    }
    return;
  }
  // A worker may read standard input: it must never flush the output this
  // thread writes, as reading std::cin flushes std::cout, to which it is
  // tied (a flush racing the emitter's writes lost games from the output).
  in.tie(nullptr);
  ParallelBatch(inputs, options, jobs, in, emit, file_done).run();
}

}  // namespace trickref
