// Writes played games as transcripts at any of the four levels of detail
// (transcript.md): score sheet, + exchange, + plays, + deal. YAML output is
// compact (flow lists for cards); JSON output is one object per game.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/playout.h"
#include "ruleset/ruleset.h"

namespace trickref {

enum class Detail { kSheet, kExchange, kPlays, kFull };

struct WriteOptions {
  Detail detail = Detail::kFull;
  std::string id;
  std::vector<std::pair<std::string, std::string>> event;
  bool scores = true;  // write running scores and the result
};

[[nodiscard]] std::string to_yaml(const PlayedGame& game, const Ruleset& rules, std::string_view ruleset_ref,
                                  const std::vector<std::string>& players, const WriteOptions& options);
[[nodiscard]] nlohmann::ordered_json to_json(const PlayedGame& game, const Ruleset& rules,
                                             std::string_view ruleset_ref, const std::vector<std::string>& players,
                                             const WriteOptions& options);

}  // namespace trickref
