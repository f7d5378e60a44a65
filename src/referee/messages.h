// How the referee words what the engine states: every message text of a
// code, for the facts the hand machine reports as Violations, sits here,
// in the order of the code catalogue (cli.md "Diagnostic codes").
#pragma once

#include <array>
#include <string>
#include <vector>

#include "engine/violation.h"
#include "ruleset/ruleset.h"

namespace trickref {

// What a message may name besides the Violation itself.
struct Wording {
  const Ruleset* rules = nullptr;
  const std::vector<std::string>* names = nullptr;  // by seat, clipped
  int dealer = 0;
  int tie_from = 0;  // where ties between pluckers start
  // The previous hand's tricks over (+) or short (-), which made the plucks.
  const std::array<int, kMaxPlayers>* deltas = nullptr;
};

// The message of `v`, in words a player accepts.
[[nodiscard]] std::string message(const Violation& v, const Wording& w);

}  // namespace trickref
