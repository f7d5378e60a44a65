// YAML tree -> Game. Structure and tokens only (schema, unknown-key,
// unknown-player, bad-card); no rules. Diagnostics carry the hand and phase
// they belong to so a game's list reads in game order.
#pragma once

#include <array>
#include <string>
#include <string_view>
#include <vector>

#include "base/diagnostic.h"
#include "transcript/load_scratch.h"
#include "transcript/transcript.h"
#include "yaml/tree.h"

namespace trickref {

// Loads one game from a document's root. `file` and `index` name it in
// reports. `scratch`: the lists of the games loaded before with it
// (LoadScratch::recycle), taken again; the game loaded is the same either way.
[[nodiscard]] Game load_game(Node root, const std::string& file, int index, DiagnosticSink& sink,
                             LoadScratch& scratch);
[[nodiscard]] Game load_game(Node root, const std::string& file, int index, DiagnosticSink& sink);

// Hand keys that only some games use (the referee reports them where its
// game has no use for them, as unknown keys): HandRec::game_keys.
inline constexpr std::array<std::string_view, 13> kGameOnlyKeys = {
    "plucks", "exchanges", "shows", "bids", "contract", "partner", "points", "trump_by", "revoke_claim",
    "early_court", "streak", "kitty", "discard"};

// Parses a decimal integer (optional sign; no octal, hex or floats).
[[nodiscard]] std::optional<long long> parse_integer(std::string_view text);

}  // namespace trickref
