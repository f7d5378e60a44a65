// `trickref new`: a record to fill in at the table. The skeleton carries
// `status: in-progress`, the hand keys of the chosen level of detail
// (transcript.md) with empty values as placeholders, which the loader reads
// as not yet recorded in such a record, and comments saying what goes where.
// The dealers are written where the ruleset's dealer policy fixes them
// (each follows from the one before alone); where they follow the hands'
// results they are placeholders too.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "ruleset/ruleset.h"
#include "transcript/writer.h"

namespace trickref::sheet {

struct SkeletonOptions {
  Detail detail = Detail::kSheet;
  int hands = 1;
  int first_dealer = 0;  // seat
};

// The skeleton of a game of `rules` (named `ruleset_ref` in the record)
// among `players` (as many as the ruleset seats; names checked by the caller).
[[nodiscard]] std::string skeleton(const Ruleset& rules, std::string_view ruleset_ref,
                                   const std::vector<std::string>& players, const SkeletonOptions& options);

}  // namespace trickref::sheet
