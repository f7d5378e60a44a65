// scoring.kind: tricks (rules.md §3, a Sergeant Major program): a hand scores
// the tricks each player took; no quota enters the score.
#include "engine/policy/table.h"

namespace trickref::policy {

const ScoringPolicy kScoreTricks{
    "tricks",
    [](const Ruleset&, const GameState&, const HandTally& t, int seat) -> long long {
      return t.taken[static_cast<std::size_t>(seat)];
    },
    false,
};

}  // namespace trickref::policy
