// game.end: {target: null} (rules.md §2.7): the game is the hands recorded;
// it never finishes and has no winner.
#include "engine/policy/table.h"

namespace trickref::policy {

const EndPolicy kEndHandsRecorded{
    "hands_recorded",
    [](const Ruleset&, const GameState&, const HandTally&) { return false; },
    [](const Ruleset&, const GameState&, const HandTally&, std::span<int>) { return 0; },
};

}  // namespace trickref::policy
