// YAML tree -> Game. Structure and tokens only (schema, unknown-key,
// unknown-player, bad-card); no rules. Diagnostics carry the hand and phase
// they belong to so a game's list reads in game order.
#pragma once

#include <string>

#include "base/diagnostic.h"
#include "transcript/transcript.h"
#include "yaml/tree.h"

namespace trickref {

// Loads one game from a document's root. `file` and `index` name it in reports.
[[nodiscard]] Game load_game(Node root, const std::string& file, int index, DiagnosticSink& sink);

// Empties `g` (a game load_game gave, done with), keeping the storage of its
// lists for the games this thread loads next: a batch of games reuses it
// rather than allocating every list anew. `g` is left with no hands.
void recycle_game(Game& g);

// Parses a decimal integer (optional sign; no octal, hex or floats).
[[nodiscard]] std::optional<long long> parse_integer(std::string_view text);

}  // namespace trickref
