// The one table from a ruleset's choices to its policies.
#include <array>
#include <utility>

#include "engine/policy/table.h"

namespace trickref {
namespace {

using namespace policy;

constexpr std::array kScoring = {
    std::pair{ScoringKind::kQuota, &kScoreQuota},
    std::pair{ScoringKind::kPlucks, &kScorePlucks},
    std::pair{ScoringKind::kTricks, &kScoreTricks},
};

constexpr std::array kEnd = {
    std::pair{GameEnd::kTarget, &kEndTarget},
    std::pair{GameEnd::kHandsRecorded, &kEndHandsRecorded},
    std::pair{GameEnd::kPlucksAgainst, &kEndPlucksAgainst},
    std::pair{GameEnd::kTricksInHand, &kEndTricksInHand},
};

template <class Table, class Key>
auto chosen(const Table& table, Key key) {
  for (const auto& [k, policy] : table) {
    if (k == key) {
      return policy;
    }
  }
  return table.front().second;  // the loader admits no other value
}

constexpr std::array kPartners = {
    std::pair{Partnership::kNone, &kPartnersNone},
    std::pair{Partnership::kOpposite, &kPartnersOpposite},
};

}  // namespace

Policies policies_for(const Ruleset& r) {
  return Policies{chosen(kScoring, r.scoring), chosen(kEnd, r.end), &kDealerRotation,
                  chosen(kPartners, r.partnership),
                  r.stop_at_majority ? &kHandMajority : &kHandAllTricks};
}

}  // namespace trickref
