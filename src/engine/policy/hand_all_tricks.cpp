// Every trick of the hand is played (rules.md §2.6): the hand never ends early.
#include "engine/policy/table.h"

namespace trickref::policy {

const HandEndPolicy kHandAllTricks{"all_tricks", nullptr};

}  // namespace trickref::policy
