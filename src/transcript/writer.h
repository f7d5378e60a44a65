// Writes played games as transcripts at any of the four levels of detail
// (transcript.md): score sheet, + exchange, + plays, + deal. Which keys a
// hand holds, and in what order, is said once for both formats: YAML through
// the one writer of YAML records (transcript/record_yaml.h: flow lists for
// cards), JSON as one compact object per game (base/json_out.h).
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

// The seats whose scores a record gives (transcript.md): one of each side
// (its first seat); where everyone plays for themselves, every seat.
[[nodiscard]] std::vector<std::size_t> score_seats(const Ruleset& rules);

[[nodiscard]] std::string to_yaml(const PlayedGame& game, const Ruleset& rules, std::string_view ruleset_ref,
                                  const std::vector<std::string>& players, const WriteOptions& options);
// One game as one line of JSON (no newline), compact: the text a JSON Lines
// file holds. append_jsonl adds it to `out`; to_json is the same parsed.
void append_jsonl(std::string& out, const PlayedGame& game, const Ruleset& rules, std::string_view ruleset_ref,
                  const std::vector<std::string>& players, const WriteOptions& options);
[[nodiscard]] std::string to_jsonl(const PlayedGame& game, const Ruleset& rules, std::string_view ruleset_ref,
                                   const std::vector<std::string>& players, const WriteOptions& options);
[[nodiscard]] nlohmann::ordered_json to_json(const PlayedGame& game, const Ruleset& rules,
                                             std::string_view ruleset_ref, const std::vector<std::string>& players,
                                             const WriteOptions& options);

}  // namespace trickref
