// Reading what a person types at `trickref record`'s prompts, forgiving the
// way people type: cards as parse_card reads them (`10h`, `th`, `K♣`, `A♣️`,
// `bj`), separated by blanks or commas; a player by a unique prefix of their
// name, in any case; a suit by letter, symbol or name; numbers in seat order.
#pragma once

#include <istream>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "cards/card.h"
#include "ruleset/ruleset.h"

namespace trickref::record {

// The blank- or comma-separated words of `text`.
[[nodiscard]] std::vector<std::string_view> words(std::string_view text);

// Cards, in the order typed; `bad` is the first word that is not a card.
struct CardList {
  std::vector<Card> cards;
  std::optional<std::string> bad;
};
[[nodiscard]] CardList parse_cards(std::string_view text);

// The player `text` names: the name itself (any case), else the one name it
// is a prefix of. `error` says why nothing matched ("no player is called
// Zed", "Al could be Alan or Alice").
[[nodiscard]] std::optional<int> match_player(std::string_view text, const std::vector<std::string>& players,
                                              std::string& error);

// Why `names`, typed as the players in seat order, cannot be a game of
// `rules` (too many or too few, one named twice, a name too long or holding
// control characters, a word the prompts use); empty when they can.
[[nodiscard]] std::string players_problem(const std::vector<std::string>& names, const Ruleset& rules);

// Whole numbers, in seat order; nothing when a word is not one or there are
// not `count` of them.
[[nodiscard]] std::optional<std::vector<int>> parse_numbers(std::string_view text, int count);

// One line of input, without its line ending. False at the end of input. A
// line longer than `max` bytes is read to its end and comes back as
// `too_long` (its text is dropped), so a runaway paste costs no memory.
[[nodiscard]] bool read_line(std::istream& in, std::string& line, bool& too_long, std::size_t max = 4096);

// `text` trimmed of blanks.
[[nodiscard]] std::string_view trimmed(std::string_view text);

}  // namespace trickref::record
