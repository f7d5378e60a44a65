// A league's settings (league.yaml, schemas/league.schema.json): its name,
// the ranking order, the minimum games to qualify, player aliases (one person
// recorded under several spellings) and points per placing in a game.
#pragma once

#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/diagnostic.h"
#include "yaml/tree.h"

namespace trickref {

// What the standings are ranked by, key after key.
enum class RankKey { kWins, kPoints, kAverage, kQuotaRate, kPlacing };

[[nodiscard]] std::string_view rank_key_name(RankKey k);
[[nodiscard]] std::optional<RankKey> rank_key_from_name(std::string_view name);

struct League {
  std::string name;                     // empty: no name
  std::vector<RankKey> ranking{RankKey::kWins, RankKey::kPoints, RankKey::kQuotaRate};
  int min_games = 0;                    // fewer games: listed apart, unranked
  std::map<std::string, std::string> aliases;  // spelling -> the player's name
  std::vector<int> placing_points;      // by place in a game: 1st, 2nd, ...
  std::string file;                     // where it was read from, for messages

  // The name a player is counted under.
  [[nodiscard]] const std::string& canonical(const std::string& player) const;
};

struct LeagueLoad {
  std::optional<League> league;         // absent after any error
  std::vector<Diagnostic> diagnostics;  // syntax, unknown-key, schema; located
};

// Loads league settings from `text` (the contents of the file `display`).
[[nodiscard]] LeagueLoad load_league(std::string_view text, const std::string& display, const Limits& limits);

}  // namespace trickref
