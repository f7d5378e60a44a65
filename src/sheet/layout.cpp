#include "sheet/layout.h"

#include <algorithm>
#include <array>
#include <charconv>

#include <fmt/format.h>

#include "base/text.h"
#include "sheet/import.h"

namespace trickref::sheet {
// A unity build batches this file with others: its helpers keep a namespace of their own.
namespace sheet_layout {
namespace {

// A preamble row: `game`, `players`, `id` or `date` in its first cell.
enum class Preamble : std::uint8_t { kNone, kGame, kPlayers, kId, kDate };

Preamble preamble_kind(const CsvRow& row) {
  const std::string k = norm(row.cells.front().text);
  if (k == "game" || k == "rules" || k == "ruleset") {
    return Preamble::kGame;
  }
  if (k == "players" || k == "seats") {
    return Preamble::kPlayers;
  }
  if (k == "id") {
    return Preamble::kId;
  }
  if (k == "date") {
    return Preamble::kDate;
  }
  return Preamble::kNone;
}

std::vector<const CsvCell*> filled(const CsvRow& row) {
  std::vector<const CsvCell*> out;
  for (const auto& c : row.cells) {
    if (!c.text.empty()) {
      out.push_back(&c);
    }
  }
  return out;
}

bool names_dealer(const CsvRow& row) {
  for (const auto& c : row.cells) {
    if (field_word(norm(c.text)) == Field::kDealer) {
      return true;
    }
  }
  return false;
}

constexpr std::size_t kTitleRows = 10;  // a title, a subtitle, a date line... not a page of them

// The header's row: the first row with a dealer column among the first rows
// that are not preamble rows; else the first of those that is not a title
// (a row of one cell), else the first of them.
std::size_t header_row(const std::vector<CsvRow>& rows) {
  std::optional<std::size_t> first;
  std::optional<std::size_t> wide;
  std::size_t seen = 0;
  for (std::size_t i = 0; i < rows.size() && seen < kTitleRows; ++i) {
    if (preamble_kind(rows[i]) != Preamble::kNone) {
      continue;
    }
    ++seen;
    if (names_dealer(rows[i])) {
      return i;
    }
    first = first.value_or(i);
    if (!wide && filled(rows[i]).size() > 1) {
      wide = i;
    }
  }
  return wide ? *wide : first ? *first : rows.size();
}

Diagnostic sheet_diagnostic(Severity severity, const std::string& file, Loc loc, std::string message) {
  Diagnostic d;
  d.severity = severity;
  d.code = Code::kSchema;
  d.file = file;
  d.loc = loc;
  d.message = std::move(message);
  return d;
}

// A preamble row's values into `out`; false (with the error) when it gives none, or too many.
bool preamble(const CsvRow& row, Preamble kind, ParsedSheet& out) {
  std::vector<CsvCell> values;
  for (std::size_t j = 1; j < row.cells.size(); ++j) {
    if (!row.cells[j].text.empty()) {
      values.push_back(row.cells[j]);
    }
  }
  const bool single = kind != Preamble::kPlayers;
  if (values.empty() || (single && values.size() > 1)) {
    out.diagnostics.push_back(sheet_diagnostic(
        Severity::kError, out.file, values.empty() ? row.loc : values[1].loc,
        values.empty() ? fmt::format("the '{}' row gives nothing after its name", clip(row.cells[0].text))
                       : fmt::format("the '{}' row gives one value", clip(row.cells[0].text))));
    return false;
  }
  switch (kind) {
    case Preamble::kGame:
      out.game = values[0];
      break;
    case Preamble::kPlayers:
      out.players = values;
      out.players_loc = row.loc;
      break;
    case Preamble::kId:
      out.id = values[0].text;
      break;
    case Preamble::kDate:
      out.date = values[0].text;
      break;
    case Preamble::kNone:
      break;
  }
  return true;
}

// What a label says a row holds, "totals" or "averages" (normalised); empty: no label.
std::string_view totals_label(std::string_view normalised) {
  static constexpr std::array<std::string_view, 8> kTotals{"total",       "totals",    "sum",     "sums",
                                                           "grand total", "sum total", "overall", "game total"};
  static constexpr std::array<std::string_view, 4> kAverages{"average", "averages", "avg", "mean"};
  if (std::find(kTotals.begin(), kTotals.end(), normalised) != kTotals.end()) {
    return "totals";
  }
  return std::find(kAverages.begin(), kAverages.end(), normalised) != kAverages.end() ? "averages" : "";
}

std::optional<long long> figure(const CsvCell& cell) {
  std::string_view t = cell.text;
  if (!t.empty() && t.front() == '+') {
    t.remove_prefix(1);
  }
  long long v = 0;
  const auto [ptr, ec] = std::from_chars(t.data(), t.data() + t.size(), v);
  if (t.empty() || ec != std::errc() || ptr != t.data() + t.size() || v > 1'000'000'000LL ||
      v < -1'000'000'000LL) {
    return std::nullopt;
  }
  return v;
}

const CsvCell* cell_at(const CsvRow& row, std::size_t column) {
  return column < row.cells.size() && !row.cells[column].text.empty() ? &row.cells[column] : nullptr;
}

// An unlabelled last row whose every figure is its column's sum over the
// rows above (a running score or streak may instead repeat the last row's),
// with nothing in it but figures, under at least two hands with figures.
std::optional<TotalsRow> sums_row(const std::vector<CsvRow>& rows, std::size_t i, const std::vector<Column>& columns) {
  const CsvRow& row = rows[i];
  bool main_figure = false;
  for (std::size_t c = 0; c < row.cells.size(); ++c) {
    if (row.cells[c].text.empty()) {
      continue;
    }
    if (c >= columns.size() || !is_numbers(columns[c].field)) {
      return std::nullopt;  // a dealer, a note, a contract: a hand's
    }
    main_figure = main_figure || columns[c].field == Field::kTaken || columns[c].field == Field::kPoints;
  }
  if (!main_figure) {
    return std::nullopt;
  }
  int hands_above = 0;
  for (std::size_t r = 1; r < i; ++r) {
    for (std::size_t c = 0; c < columns.size(); ++c) {
      if ((columns[c].field == Field::kTaken || columns[c].field == Field::kPoints) && cell_at(rows[r], c)) {
        ++hands_above;
        break;
      }
    }
  }
  if (hands_above < 2) {
    return std::nullopt;
  }
  for (std::size_t c = 0; c < row.cells.size(); ++c) {
    if (row.cells[c].text.empty()) {
      continue;
    }
    const auto v = figure(row.cells[c]);
    if (!v) {
      return std::nullopt;
    }
    long long sum = 0;
    std::optional<long long> last;
    for (std::size_t r = 1; r < i; ++r) {
      if (const CsvCell* above = cell_at(rows[r], c)) {
        const auto a = figure(*above);
        if (!a) {
          return std::nullopt;
        }
        sum += *a;
        last = a;
      }
    }
    const bool running = columns[c].field == Field::kScore || columns[c].field == Field::kStreak;
    if (*v != sum && !(running && last && *v == *last)) {
      return std::nullopt;
    }
  }
  return TotalsRow{row.loc, fmt::format("the last row is read as the sheet's totals, not a hand: each figure in it is "
                                        "its column's sum over the {} rows above (or a running score's last); left "
                                        "out (if it is a hand, write its dealer)",
                                        i - 1)};
}

}  // namespace
}  // namespace sheet_layout


std::optional<TotalsRow> totals_row(const std::vector<CsvRow>& rows, std::size_t i, const std::vector<Column>& columns,
                                    const std::vector<std::string>& players) {
  const CsvRow& row = rows[i];
  for (std::size_t c = 0; c < row.cells.size(); ++c) {
    const bool words = c >= columns.size() || !is_numbers(columns[c].field);
    const std::string label = norm(row.cells[c].text);
    const bool player = std::any_of(players.begin(), players.end(), [&](const std::string& p) { return norm(p) == label; });
    if (const std::string_view what = sheet_layout::totals_label(label); words && !what.empty() && !player) {
      return TotalsRow{row.cells[c].loc, fmt::format("the row labelled '{}' is the sheet's {}, not a hand: left out",
                                                     clip(row.cells[c].text), what)};
    }
  }
  if (i + 1 == rows.size() && i >= 3) {
    return sheet_layout::sums_row(rows, i, columns);
  }
  return std::nullopt;
}

ParsedSheet parse_sheet(std::string_view text, const std::string& file, const CsvLimits& limits) {
  ParsedSheet out;
  out.file = file;
  CsvTable table = read_csv(text, file, limits);
  if (!table.errors.empty()) {
    out.diagnostics = std::move(table.errors);
    return out;
  }
  const std::size_t header = sheet_layout::header_row(table.rows);
  for (std::size_t i = 0; i < header; ++i) {
    const CsvRow& row = table.rows[i];
    if (const sheet_layout::Preamble kind = sheet_layout::preamble_kind(row); kind != sheet_layout::Preamble::kNone) {
      if (!sheet_layout::preamble(row, kind, out)) {
        return out;
      }
    } else if (sheet_layout::filled(row).size() > 1) {
      // One cell is a title; more might be a row meant as something else: said, not lost silently.
      out.warnings.push_back(sheet_layout::sheet_diagnostic(
          Severity::kWarning, file, row.loc,
          fmt::format("the row above the header beginning '{}' is not a game, players, id or date row: read as a "
                      "title and left out",
                      clip(sheet_layout::filled(row).front()->text))));
    }
  }
  out.rows.assign(table.rows.begin() + static_cast<std::ptrdiff_t>(header), table.rows.end());
  return out;
}

}  // namespace trickref::sheet
