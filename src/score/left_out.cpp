#include "score/left_out.h"

#include "score/standings.h"

#include <algorithm>
#include <filesystem>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>

namespace trickref {
// A unity build batches this file with others: its helpers keep a namespace of their own.
namespace left_out_words {
namespace {

bool is_date(std::string_view s) {
  return s.size() == 10 && s[4] == '-' && s[7] == '-' &&
         std::all_of(s.begin(), s.end(), [](char c) { return c == '-' || (c >= '0' && c <= '9'); });
}

// `table-2`, `table_2`, `table 2`, `Table2`: the table's number; else empty.
std::string table_of(std::string stem) {
  std::transform(stem.begin(), stem.end(), stem.begin(), [](char c) { return c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c; });
  if (stem.rfind("table", 0) != 0) {
    return {};
  }
  std::string_view rest = std::string_view(stem).substr(5);
  while (!rest.empty() && (rest.front() == '-' || rest.front() == '_' || rest.front() == ' ')) {
    rest.remove_prefix(1);
  }
  const bool digits = !rest.empty() && rest.size() <= 4 && std::all_of(rest.begin(), rest.end(), [](char c) {
    return c >= '0' && c <= '9';
  });
  return digits ? std::string(rest) : std::string();
}

}  // namespace
}  // namespace left_out_words


std::string game_title(const GameReport& g) {
  std::vector<std::string> parts;
  std::string night;
  std::string table;
  for (const auto& [k, v] : g.event) {
    if (k == "night") {
      night = v;
    } else if (k == "table") {
      table = v;
    }
  }
  if (!night.empty()) {
    parts.push_back(night);
  } else if (!g.date.empty()) {
    parts.push_back(g.date);
  }
  if (!table.empty()) {
    parts.push_back("table " + table);
  }
  if (parts.empty() && !g.result) {
    // Not read: what the path says (samples/league/2026-11-19/table-1.yaml).
    const std::filesystem::path path(g.file);
    const std::string dir = path.parent_path().filename().string();
    const std::string from_stem = left_out_words::table_of(path.stem().string());
    if (left_out_words::is_date(dir) && !from_stem.empty()) {
      parts.push_back(dir);
      parts.push_back("table " + from_stem);
    }
  }
  if (parts.empty()) {
    parts.push_back(std::filesystem::path(g.file).filename().string());
  }
  parts.push_back(fmt::format("game {}", g.index + 1));
  return fmt::format("{}", fmt::join(parts, ", "));
}

std::string unreadable_words(const Diagnostic* error) {
  if (error == nullptr) {
    return "its record could not be refereed";
  }
  const std::string ext = std::filesystem::path(error->file).extension().string();
  const std::string_view format = ext == ".json" || ext == ".jsonl" ? "JSON" : "YAML";
  const std::string at = error->loc.known() ? fmt::format(" at line {}", error->loc.line) : std::string();
  switch (error->code) {
    case Code::kIo:
      return "its file could not be read";
    case Code::kLimit:
      return fmt::format("its record is larger than the limits allow{}", at);
    case Code::kSyntax:
      return fmt::format("its record could not be read: a {} syntax error{}", format, at);
    default:
      break;
  }
  // The loader's and the referee's messages are in words already; the place
  // is said as a line, the file left out.
  const std::string_view message = error->message.rfind("not a result of", 0) == 0
                                       ? std::string_view("it is not a result of trickref validate")
                                       : std::string_view(error->message);
  return fmt::format("its record could not be refereed{}: {}", at, message);
}

Excluded left_out(const GameReport& g, std::string reason) {
  std::string words = reason;
  return Excluded{g.file, g.index, g.id, std::move(reason), game_title(g), std::move(words)};
}

Excluded unreadable(const GameReport& g) {
  const auto first = std::find_if(g.diagnostics.begin(), g.diagnostics.end(),
                                  [](const Diagnostic& d) { return d.severity == Severity::kError; });
  Excluded e = left_out(g, "could not be refereed");
  e.words = unreadable_words(first == g.diagnostics.end() ? nullptr : &*first);
  if (first == g.diagnostics.end()) {
    return e;
  }
  if (first->code == Code::kIo) {
    e.reason = fmt::format("could not be read: {}", first->message);
  } else {
    const std::string at = first->loc.known()
                               ? fmt::format("{}:{}:{}", first->file, first->loc.line, first->loc.column)
                               : first->file;
    e.reason = fmt::format("could not be refereed: {}: {}", at, first->message);
  }
  return e;
}

std::optional<std::string> SeenGames::seen_at(const GameReport& g, const std::string& where) {
  const std::string file = std::filesystem::path(g.file).lexically_normal().generic_string();
  const auto [it, added] = seen_.emplace(std::tuple(file, g.id, g.id.empty() ? g.index : 0), where);
  if (added) {
    return std::nullopt;
  }
  return it->second;
}

}  // namespace trickref
