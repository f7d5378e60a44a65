#include "batch/batch.h"

#include <algorithm>
#include <fstream>
#include <iterator>
#include <set>
#include <sstream>
#include <system_error>

#include <fmt/format.h>

#include "base/io.h"
#include "referee/referee.h"
#include "transcript/transcript_loader.h"

namespace trickref {
namespace {

bool is_record_file(const std::filesystem::path& p) {
  const auto ext = p.extension().string();
  return ext == ".yaml" || ext == ".yml" || ext == ".json" || ext == ".jsonl";
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

// Loads, resolves and referees one parsed document.
GameReport referee_document(const Document& doc, DiagnosticSink& sink, const std::string& display, int index,
                            const std::filesystem::path& dir, RulesetCatalog& catalog, const BatchOptions& options,
                            const SourceText& source) {
  GameReport rep;
  rep.file = display;
  rep.index = index;
  const Game g = load_game(doc.root(), display, index, sink);
  rep.id = g.id;
  rep.players = g.players;
  rep.event = g.event;
  std::vector<Diagnostic> ruleset_diags;
  std::shared_ptr<const Ruleset> rules = options.rules_override;
  if (!rules) {
    if (!g.ruleset_ref) {
      if (doc.root().is_map()) {
        sink.report(Code::kSchema, g.loc, "the game does not name its ruleset (`game: pluck`) and no --rules was given");
      }
    } else {
      const auto& res = catalog.resolve(*g.ruleset_ref, dir);
      rules = res.ruleset;
      if (!rules) {
        const bool not_found = res.diagnostics.size() == 1 && res.diagnostics[0].file.empty();
        auto& d = sink.report(Code::kRuleset, g.ruleset_loc,
                              not_found ? res.diagnostics[0].message
                                        : fmt::format("ruleset '{}' is invalid: {}", *g.ruleset_ref,
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
    rep.result = referee(g, *rules, sink);
  }
  auto diags = sink.take();
  source.fix_columns(diags);
  for (auto& d : ruleset_diags) {
    diags.push_back(std::move(d));
  }
  sort_game_order(diags);
  rep.diagnostics = std::move(diags);
  return rep;
}

void validate_jsonl(std::istream& in, const std::string& display, const std::filesystem::path& dir,
                    RulesetCatalog& catalog, const BatchOptions& options,
                    const std::function<void(GameReport&&)>& emit) {
  std::string line;
  std::uint32_t number = 0;
  int index = 0;
  while (in) {
    line.clear();
    ++number;
    bool too_long = false;
    int c = 0;
    while ((c = in.get()) != EOF && c != '\n') {
      if (line.size() >= options.limits.max_file_bytes) {
        too_long = true;
        continue;  // skip the rest of an over-long line in constant memory
      }
      line.push_back(static_cast<char>(c));
    }
    if (c == EOF && line.empty() && !too_long) {
      break;
    }
    if (too_long) {
      auto rep = io_report(display,
                           fmt::format("line {} is longer than the limit of {} bytes (raise it with --max-file-size)",
                                       number, options.limits.max_file_bytes),
                           Code::kLimit);
      rep.index = index++;
      rep.diagnostics[0].loc = Loc{number, 1};
      emit(std::move(rep));
      continue;
    }
    if (line.find_first_not_of(" \t\r") == std::string::npos) {
      continue;
    }
    DiagnosticSink sink(display);
    YamlReader reader(line, options.limits, number);
    SourceText source(line, number);
    Document doc;
    if (!reader.next(doc, sink)) {
      GameReport rep;
      rep.file = display;
      rep.index = index++;
      auto diags = sink.take();
      source.fix_columns(diags);
      rep.diagnostics = std::move(diags);
      emit(std::move(rep));
      continue;
    }
    emit(referee_document(doc, sink, display, index++, dir, catalog, options, source));
  }
}

bool looks_like_jsonl(std::string_view text) {
  const auto first = text.find_first_not_of(" \t\r\n");
  return first != std::string_view::npos && text[first] == '{' && text.find("}\n{") != std::string_view::npos;
}

}  // namespace

std::vector<InputFile> expand_paths(const std::vector<std::string>& paths, std::vector<GameReport>& bad) {
  std::vector<InputFile> out;
  for (const auto& p : paths) {
    if (p == "-") {
      out.push_back(InputFile{"-", {}, true});
      continue;
    }
    const std::filesystem::path path(p);
    std::error_code ec;
    const auto st = std::filesystem::status(path, ec);
    if (ec || !std::filesystem::exists(st)) {
      bad.push_back(io_report(p, fmt::format("cannot read '{}': {}", p, ec ? reason(ec.value()) : "no such file or directory")));
      continue;
    }
    if (!std::filesystem::is_directory(st)) {
      out.push_back(InputFile{p, path, false});
      continue;
    }
    std::vector<InputFile> found;
    std::filesystem::recursive_directory_iterator it(
        path, std::filesystem::directory_options::skip_permission_denied, ec);
    if (ec) {
      bad.push_back(io_report(p, fmt::format("cannot read directory '{}': {}", p, reason(ec.value()))));
      continue;
    }
    for (; it != std::filesystem::recursive_directory_iterator(); it.increment(ec)) {
      if (ec) {
        bad.push_back(io_report(p, fmt::format("cannot walk '{}': {}", p, reason(ec.value()))));
        break;
      }
      std::error_code fec;
      if (it->is_regular_file(fec) && is_record_file(it->path())) {
        found.push_back(InputFile{it->path().generic_string(), it->path(), false});
      }
    }
    std::sort(found.begin(), found.end(), [](const auto& a, const auto& b) { return a.display < b.display; });
    out.insert(out.end(), std::make_move_iterator(found.begin()), std::make_move_iterator(found.end()));
  }
  return out;
}

void validate_text(std::string_view text, const std::string& display, const std::filesystem::path& dir,
                   RulesetCatalog& catalog, const BatchOptions& options,
                   const std::function<void(GameReport&&)>& emit) {
  YamlReader reader(text, options.limits);
  SourceText source(text);
  int index = 0;
  while (true) {
    DiagnosticSink sink(display);
    Document doc;
    if (!reader.next(doc, sink)) {
      if (sink.has_errors() || (index == 0 && sink.diagnostics().empty())) {
        GameReport rep;
        rep.file = display;
        rep.index = index;
        auto diags = sink.take();
        if (diags.empty()) {
          Diagnostic d;
          d.code = Code::kSchema;
          d.file = display;
          d.loc = Loc{1, 1};
          d.message = "the file holds no game";
          diags.push_back(std::move(d));
        }
        source.fix_columns(diags);
        rep.diagnostics = std::move(diags);
        emit(std::move(rep));
      }
      return;
    }
    if (doc.root().is_null() && index > 0) {
      continue;  // a trailing `---`
    }
    emit(referee_document(doc, sink, display, index++, dir, catalog, options, source));
  }
}

void validate_file(const InputFile& input, RulesetCatalog& catalog, const BatchOptions& options, std::istream& in,
                   const std::function<void(GameReport&&)>& emit) {
  const bool jsonl = !input.is_stdin && input.path.extension() == ".jsonl";
  const std::filesystem::path dir = input.is_stdin ? std::filesystem::path(".") : input.path.parent_path();
  if (jsonl) {
    std::ifstream f(input.path, std::ios::binary);
    if (!f) {
      emit(io_report(input.display, fmt::format("cannot read '{}': {}", input.display, reason(errno))));
      return;
    }
    validate_jsonl(f, input.display, dir, catalog, options, emit);
    return;
  }
  std::string text;
  if (input.is_stdin) {
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
    if (looks_like_jsonl(text)) {
      std::istringstream lines(text);
      validate_jsonl(lines, input.display, dir, catalog, options, emit);
      return;
    }
  } else {
    auto read = read_file(input.path, options.limits.max_file_bytes);
    if (!read.error.empty()) {
      emit(io_report(input.display, read.too_big ? read.error : fmt::format("cannot read '{}': {}", input.display, read.error),
                     read.too_big ? Code::kLimit : Code::kIo));
      return;
    }
    text = std::move(read.text);
  }
  validate_text(text, input.display, dir, catalog, options, emit);
}

}  // namespace trickref
