// Text `trickref record` shows at its prompts besides the referee's own
// reports: lists wrapped to the terminal, reports indented under a prompt,
// and where an entry changed the record (so a finding there is the entry's).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "base/diagnostic.h"

namespace trickref::record {

// The position where two texts first differ, as a diagnostic names it
// (1-based line, column in characters).
[[nodiscard]] Loc first_difference(std::string_view a, std::string_view b);

// Whether `loc` is known and at or after `from`.
[[nodiscard]] bool at_or_after(Loc loc, Loc from);

// The comma-separated list `text` (blank- or comma-separated words) in lines
// of at most 78 columns, each indented by two.
[[nodiscard]] std::string wrapped(std::string_view text);

// `text` with every line indented by two.
[[nodiscard]] std::string indent(std::string_view text);

// The lines of `text`, without their line breaks.
[[nodiscard]] std::vector<std::string_view> split_lines(std::string_view text);

}  // namespace trickref::record
