// The seats with the top score, for the simulation's statistics (how a
// hand scores and when a game ends are policies: engine/policy/).
#pragma once

#include <span>
#include <vector>

#include "ruleset/ruleset.h"

namespace trickref {

// The seats with the top score (several on a shared tie).
[[nodiscard]] std::vector<int> leaders(std::span<const long long> scores);

}  // namespace trickref
