// The policies there are, one per file in this directory; table.cpp chooses
// among them for a ruleset. Adding a policy: its file, its line here, and
// its line in table.cpp's table.
#pragma once

#include "engine/policies.h"

namespace trickref::policy {

extern const ScoringPolicy kScoreQuota;
extern const ScoringPolicy kScorePlucks;
extern const ScoringPolicy kScoreTricks;

extern const EndPolicy kEndTarget;
extern const EndPolicy kEndHandsRecorded;
extern const EndPolicy kEndPlucksAgainst;
extern const EndPolicy kEndTricksInHand;

extern const DealerPolicy kDealerRotation;

extern const PartnerPolicy kPartnersNone;
extern const PartnerPolicy kPartnersOpposite;

extern const HandEndPolicy kHandAllTricks;
extern const HandEndPolicy kHandMajority;

}  // namespace trickref::policy
