// No partners (the quota games): each player is a side of their own.
#include "engine/policy/table.h"

namespace trickref::policy {

const PartnerPolicy kPartnersNone{
    "none",
    [](const Ruleset&, int seat) { return seat; },
};

}  // namespace trickref::policy
