// The rows of a score sheet around its hands (`trickref import`): the rows
// above the header (the game, the players, an id, a date, and a title a
// spreadsheet puts at the top), and a totals row under the hands, which is
// never read as a hand: labelled (`Total`, `Sum`), or the last row whose
// every figure is its column's sum over the hands above.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "sheet/csv.h"
#include "sheet/header.h"

namespace trickref::sheet {

// Why `rows[i]` (rows[0] the header, `columns` read from it) is the sheet's
// totals and not a hand, as a warning says it, and where; nullopt for a hand.
// A label that is one of `players` is a player's name, not a label.
struct TotalsRow {
  Loc loc;
  std::string message;
};
[[nodiscard]] std::optional<TotalsRow> totals_row(const std::vector<CsvRow>& rows, std::size_t i,
                                                  const std::vector<Column>& columns,
                                                  const std::vector<std::string>& players);

}  // namespace trickref::sheet
