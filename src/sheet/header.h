// A score sheet's header row read (`trickref import`, sheet/import.h): the
// words that name the columns that are not a player's (dealer, trump,
// bidder...), the words after or before a player's name that say what the
// column holds (`Ann tricks`, `Ann - tricks`, `score Ann`, `Ann (score)`),
// and a side's name (`Ann & Cat`). Shared by the importer and by what reads
// the rows around the hands (sheet/layout.h: title rows, a totals row).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/diagnostic.h"

namespace trickref::sheet {

// A header or keyword as compared: ASCII lower case, `_`, `-` and `.` as
// spaces, runs of spaces as one, no spaces or `:` at either end.
[[nodiscard]] std::string norm(std::string_view s);

enum class Field : std::uint8_t {
  kIgnore,
  kDealer,
  kTrump,
  kTrumpBy,
  kBidder,
  kBid,
  kBids,
  kPartner,
  kEarlyCourt,
  kTaken,
  kPoints,
  kScore,
  kStreak,       // Court Piece: a side's running streak
  kRevoke,       // Court Piece: the player the table ruled revoked (revoke_claim)
  kRevokeTrick,  // ... and the trick of the revoke
};

// The field a column that is not a player's holds, by its normalised header.
[[nodiscard]] std::optional<Field> field_word(std::string_view normalised);

// "tricks", "points", "streak" or "score": a kind of figure as messages name it.
[[nodiscard]] std::string_view kind_name(Field f);

// Whether a column of `f` holds numbers.
[[nodiscard]] bool is_numbers(Field f);

// The forms a player's column may take, for messages: "'Ann', 'Ann tricks', ...".
[[nodiscard]] std::string_view player_column_forms();

// A header split into the name part, as written, and the kind it holds
// (`Ann score`, `score Ann`, `Ann (score)`, `Ann - tricks`, `Ann: tricks`,
// `Ann running score`; `Ann`: the game's main figure).
struct NamedHeader {
  std::string name;
  std::optional<Field> kind;
};

[[nodiscard]] NamedHeader split_kind(std::string_view header);

// The names a side's header joins (`Ann & Cat`, `Ann + Cat`, `Ann/Cat`, `Ann and Cat`).
[[nodiscard]] std::vector<std::string> side_names(const std::string& name);

struct Column {
  Field field = Field::kIgnore;
  int seat = -1;      // a player's column, or the side's first seat
  bool side = false;  // names a side (both its players)
  Loc loc;
  std::string header;
};

}  // namespace trickref::sheet
