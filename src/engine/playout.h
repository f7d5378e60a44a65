// Plays whole games through the engine's own legal-choice lists, so every
// game it produces is legal by construction. The referee's conformance
// tests, the sample generator and (later) `simulate` use it. Choices are
// made by a seeded random generator: same seed, same game.
#pragma once

#include <cstdint>
#include <optional>
#include <random>
#include <utility>
#include <vector>

#include "engine/play.h"
#include "ruleset/ruleset.h"

namespace trickref {

struct PlayedPluck {
  int by = 0;
  int from = 0;
  Card gives;
  std::optional<Card> gets;
};

struct PlayedHand {
  int dealer = 0;
  std::array<CardSet, kMaxPlayers> deal{};
  CardSet kitty;
  std::vector<PlayedPluck> plucks;
  Suit trump = Suit::kClubs;
  CardSet discard;
  std::vector<std::pair<int, CardSet>> shows;  // plucker, cards shown
  std::vector<std::vector<Card>> tricks;       // cards in play order
  std::vector<int> leaders;                    // leader of each trick
  std::vector<int> taken;
  std::vector<long long> score;  // running, after the hand
};

struct PlayedGame {
  std::vector<PlayedHand> hands;
  bool finished = false;
  std::vector<int> winners;
  std::vector<long long> score;
};

struct PlayoutOptions {
  std::uint64_t seed = 1;
  int first_dealer = 0;
  int max_hands = 60;       // a safety stop for targets that are hard to reach
  int hands_no_target = 6;  // hands to play when the ruleset has no target
};

// Plays one game of `rules` with uniformly random legal choices.
[[nodiscard]] PlayedGame play_random_game(const Ruleset& rules, const PlayoutOptions& options);

}  // namespace trickref
