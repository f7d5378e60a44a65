// partnership: opposite (court-piece.md §2): partners sit opposite, so with
// four players seats 1 and 3 are one side and seats 2 and 4 the other; a
// side is named by its first seat.
#include "engine/policy/table.h"

namespace trickref::policy {

const PartnerPolicy kPartnersOpposite{
    "opposite",
    [](const Ruleset& r, int seat) { return seat % (r.players / 2); },
};

}  // namespace trickref::policy
