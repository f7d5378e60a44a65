// scoring.kind: quota (rules.md §2.7): `over` points per trick above quota,
// `under` (zero or negative) per trick short.
#include "engine/policy/table.h"

namespace trickref::policy {

const ScoringPolicy kScoreQuota{
    "quota",
    [](const Ruleset& r, const GameState&, const HandTally& t, int seat) -> long long {
      const auto i = static_cast<std::size_t>(seat);
      const long long delta = t.taken[i] - t.quota[i];
      return delta > 0 ? r.over * delta : r.under * -delta;
    },
    false,
};

}  // namespace trickref::policy
