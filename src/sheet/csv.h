// A spreadsheet's CSV export, read into located cells: quoted fields (with
// doubled quotes and line breaks inside), CRLF or LF line ends, a UTF-8 byte
// order mark, blank lines skipped, and `,`, `;` (a European spreadsheet) or a
// tab as the separator, whichever the first line that holds text uses most.
// Bounded: the rows, the cells of a row and a cell's length are capped, so a
// huge or binary file gives one located error, never unbounded memory.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "base/diagnostic.h"

namespace trickref::sheet {

struct CsvCell {
  std::string text;  // unquoted and trimmed of spaces around it
  Loc loc;           // where the cell starts (its opening quote, if quoted)
};

struct CsvRow {
  std::vector<CsvCell> cells;
  Loc loc;  // the row's first cell
};

struct CsvLimits {
  std::size_t max_rows = 5000;
  std::size_t max_cells = 200;   // per row
  std::size_t max_cell = 1000;   // bytes per cell
};

struct CsvTable {
  std::vector<CsvRow> rows;    // blank rows left out
  char separator = ',';
  std::vector<Diagnostic> errors;  // at most one: reading stops at the first
};

[[nodiscard]] CsvTable read_csv(std::string_view text, const std::string& file, const CsvLimits& limits = {});

}  // namespace trickref::sheet
