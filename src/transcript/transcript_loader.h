// YAML tree -> Game. Structure and tokens only (schema, unknown-key,
// unknown-player, bad-card); no rules. Diagnostics carry the hand and phase
// they belong to so a game's list reads in game order.
#pragma once

#include <array>
#include <string>
#include <string_view>
#include <vector>

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

// Hand keys that only some games use (the referee reports them where its
// game has no use for them, as unknown keys): HandRec::game_keys.
inline constexpr std::array<std::string_view, 13> kGameOnlyKeys = {
    "plucks", "exchanges", "shows", "bids", "contract", "partner", "points", "trump_by", "revoke_claim",
    "early_court", "streak", "kitty", "discard"};

// The lists recycle_game kept, for a loader filling a Game to take: each
// comes empty, with the capacity it had. A list of cards of a trick's size
// (`few`, up to 8) and a longer one (a deal's) are kept apart.
[[nodiscard]] std::vector<CardRef> take_card_list(bool few);
[[nodiscard]] std::vector<TrickRec> take_trick_list();
[[nodiscard]] std::vector<std::vector<CardRef>> take_deal_list();
[[nodiscard]] std::vector<PluckRec> take_pluck_list();
[[nodiscard]] std::vector<Loc> take_loc_list();
[[nodiscard]] std::vector<HandRec> take_hand_list();
// A map of numbers (`taken`, `score`) with a slot for each of `players`, none filled.
[[nodiscard]] SeatNumbers take_seat_numbers(std::size_t players);

// Parses a decimal integer (optional sign; no octal, hex or floats).
[[nodiscard]] std::optional<long long> parse_integer(std::string_view text);

}  // namespace trickref
