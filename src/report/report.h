// The report of a validate run and its renderers: compiler-style text with a
// per-game table of hands, JSON (cli.md, stable key order), JSON Lines and
// SARIF 2.1.0. Renderers read only these types.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "base/diagnostic.h"
#include "referee/referee.h"

namespace trickref {

struct GameReport {
  std::string file;
  int index = 0;
  std::string id;
  std::string ruleset;  // resolved name; empty if unknown
  // The ruleset's scoring.kind (meaningful when `ruleset` is set): which
  // standings table the game counts in (score/standings.h).
  ScoringKind scoring = ScoringKind::kQuota;
  std::vector<std::string> players;
  std::vector<std::pair<std::string, std::string>> event;
  std::string date;
  std::string notes;
  std::optional<RefereeResult> result;  // absent when the game could not be refereed
  std::vector<Diagnostic> diagnostics;  // in game order
  // Found after the file's --max-diagnostics were spent: counted, not listed.
  int hidden_errors = 0;
  int hidden_warnings = 0;
  // The first of those (DiagnosticSink::kKeptHidden at most), in game order:
  // `validate` prints them instead of its "not shown" line when they are shorter.
  std::vector<Diagnostic> hidden;
  // The game's text could not be read (a syntax or limit error of the
  // reader, or a JSON Lines line over the size limit): it was not refereed.
  bool unreadable = false;
  // The ruleset the game was refereed under, kept where the caller asks for
  // each hand's play (BatchOptions::hand_play): `analyse` plays on under it.
  std::shared_ptr<const Ruleset> rules;
};

struct Summary {
  int files = 0;
  int games = 0;
  int unreadable = 0;  // of `games`: those that could not be read
  int errors = 0;
  int warnings = 0;
};

void count(Summary& s, const GameReport& g);

struct TextStyle {
  bool color = false;
  bool tables = true;                // false with --quiet
  std::uint32_t max_diagnostics = 1000;  // named in the "not shown" line
  // Whether render_text ends a game with its own "not shown" line; validate
  // writes one line per file instead, after the file's last game, so the
  // cap never prints a line per game (a million games past the cap).
  bool hidden_per_game = true;
};

// Diagnostics (with notes) then the table of hands and the result.
[[nodiscard]] std::string render_text(const GameReport& g, const TextStyle& style);
[[nodiscard]] std::string render_summary(const Summary& s, const TextStyle& style);
[[nodiscard]] std::string render_diagnostic(const Diagnostic& d, const TextStyle& style);
// The line saying how many diagnostics --max-diagnostics left out; empty when none.
[[nodiscard]] std::string render_hidden(const GameReport& g, const TextStyle& style);

// What a game object carries: the report's keys (`--format json`), or
// those and what `score --results` needs to total the game in the standings
// without refereeing it again (`--format jsonl`): the ruleset's scoring
// kind, each quota hand's plucks made and suffered by player, any hand's
// quotas, and `result.refereed: false` for a game that could not be replayed.
enum class GameJson : std::uint8_t { kReport, kResult };

// The game object's compact JSON text (json_text's escaping), appended to
// `out`: one line of `validate --format jsonl`, written without building
// the object first. game_json() is the same object, parsed back.
void append_game_json(std::string& out, const GameReport& g, GameJson detail = GameJson::kReport);
[[nodiscard]] nlohmann::ordered_json game_json(const GameReport& g, GameJson detail = GameJson::kReport);
[[nodiscard]] nlohmann::ordered_json summary_json(const Summary& s);
[[nodiscard]] nlohmann::ordered_json sarif_json(const std::vector<GameReport>& games);

// A ruleset's scoring.kind as its option names it ("quota", "courts").
[[nodiscard]] std::string_view scoring_kind_name(ScoringKind k);

// The suit letter, or "?".
[[nodiscard]] std::string suit_text(std::optional<Suit> s);

}  // namespace trickref
