// What the standings say of a game they do not count: its title as the
// notice board names a game (its night or date and table, else what its
// path says of them), the reason in words for the players (not a parser's
// message and a path), and which games were already counted, so that a game
// read twice (a file given twice, results shards that overlap) counts once.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <tuple>

#include "report/report.h"

namespace trickref {

struct Excluded;  // score/standings.h

// "2026-11-19, table 2, game 1" from the game's event (night or date,
// table) and its place in its file. A game whose record could not be read
// has no event: its path says what it can (a directory named by a date, a
// file named `table-2`), else its file's name ("table-2.yaml, game 2").
[[nodiscard]] std::string game_title(const GameReport& g);

// Why a game that could not be refereed is left out, for the notice board:
// "its record could not be read: a YAML syntax error at line 9"; `error` is
// its first error (null: none was kept).
[[nodiscard]] std::string unreadable_words(const Diagnostic* error);

// `g` left out for `reason`, which is in words already.
[[nodiscard]] Excluded left_out(const GameReport& g, std::string reason);
// `g`, which could not be read or refereed, left out: the reason located
// (text, JSON), and in words (the notice board).
[[nodiscard]] Excluded unreadable(const GameReport& g);

// The games already counted or left out, by file (as written, lexically
// normalised) and id (else place in the file), with where each was read.
class SeenGames {
 public:
  // Where `g` was read before (empty: a record, not a results line), or
  // nullopt the first time it is seen, which is then kept as read at `where`.
  [[nodiscard]] std::optional<std::string> seen_at(const GameReport& g, const std::string& where);

 private:
  std::map<std::tuple<std::string, std::string, int>, std::string> seen_;
};

}  // namespace trickref
