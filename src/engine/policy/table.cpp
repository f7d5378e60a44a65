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
    std::pair{ScoringKind::kPoints, &kScorePoints},
    std::pair{ScoringKind::kCourts, &kScoreCourts},
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

constexpr std::array kDealers = {
    std::pair{Rotation::kLeft, &kDealerRotation},
    std::pair{Rotation::kRight, &kDealerRotation},
    std::pair{Rotation::kByResult, &kDealerByResult},
};

const HandEndPolicy* hand_end(const Ruleset& r) {
  if (r.scoring == ScoringKind::kCourts) {
    return &kHandCourts;  // early courts, and the majority where the house stops there
  }
  return r.stop_at_majority ? &kHandMajority : &kHandAllTricks;
}

// Partners found by a card in each hand, else the fixed sides.
const PartnerPolicy* partners(const Ruleset& r) {
  return r.partner_by == PartnerBy::kCard ? &kPartnersCard : chosen(kPartners, r.partnership);
}

}  // namespace

Policies policies_for(const Ruleset& r) {
  return Policies{chosen(kScoring, r.scoring), chosen(kEnd, r.end), chosen(kDealers, r.rotation), partners(r),
                  hand_end(r)};
}

}  // namespace trickref
