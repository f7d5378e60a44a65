// scoring.kind: plucks (rules.md §3): a hand scores its tricks over quota
// minus its tricks short, the plucks it earns minus the plucks it owes; a tie
// for the best score goes to fewer plucks against, then more plucks earned.
#include "engine/policy/table.h"

namespace trickref::policy {

const ScoringPolicy kScorePlucks{
    "plucks",
    [](const Ruleset&, const GameState&, const HandTally& t, int seat) -> long long {
      const auto i = static_cast<std::size_t>(seat);
      return static_cast<long long>(t.taken[i]) - t.quota[i];
    },
    true,
};

}  // namespace trickref::policy
