// `trickref import`: a score sheet, as a spreadsheet exports it (CSV), made
// into a YAML record at the score-sheet level (transcript.md). One row per
// hand under a header row naming the columns; optional rows before the
// header give the game (`game,pluck`), the seat order (`players,Ann,Bob,Cat`),
// an `id` and a `date`. What each column may hold is decided from the
// ruleset's data: whether it has an auction, fixed sides, card points.
// Every bad cell is a located diagnostic (`sheet.csv:7:3`); a good sheet
// gives a record that validates, its scores kept as the sheet has them.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/diagnostic.h"
#include "ruleset/ruleset.h"
#include "sheet/csv.h"

namespace trickref::sheet {

// The CSV read and its rows before the header.
struct ParsedSheet {
  std::string file;
  std::vector<Diagnostic> diagnostics;  // errors: nothing more can be read
  std::vector<Diagnostic> warnings;     // rows above the header read as a title
  std::optional<CsvCell> game;          // the `game` row's ruleset
  std::vector<CsvCell> players;         // the `players` row's names
  Loc players_loc;
  std::string id;
  std::string date;
  std::vector<CsvRow> rows;  // the header, then one row per hand
};

[[nodiscard]] ParsedSheet parse_sheet(std::string_view text, const std::string& file, const CsvLimits& limits = {});

struct ImportResult {
  std::string yaml;                     // empty when there are errors
  std::vector<Diagnostic> diagnostics;  // errors, in sheet order
  std::vector<Diagnostic> warnings;     // rows read as no hand (a title, the totals), in sheet order
};

// Converts `sheet` under `rules` (written as `ruleset_ref`). `players`: the
// seat order from the command line (as many as the ruleset seats), or empty
// for the sheet's `players` row, else its per-player column headers.
[[nodiscard]] ImportResult import_sheet(const ParsedSheet& sheet, const Ruleset& rules, std::string_view ruleset_ref,
                                        const std::vector<std::string>& players);

// Whether `name` may be a player's name in a record: not empty, no control
// characters (nor bytes that are not UTF-8), no spaces at either end.
[[nodiscard]] bool usable_name(std::string_view name);

}  // namespace trickref::sheet
