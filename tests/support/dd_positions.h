// Random positions for the double-dummy solver's tests: hands dealt from a
// ruleset's deck, a random trump and first leader, at the start of play.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "engine/play.h"
#include "ruleset/ruleset.h"

namespace trickref::test {

struct DealtPlay {
  PlayState play;
  std::array<CardSet, kMaxPlayers> hands{};
  Suit trump = Suit::kClubs;
  int leader = 0;
  // The hands, the trump and the leader, for a failure message.
  [[nodiscard]] std::string text(int players) const {
    std::string out;
    for (int p = 0; p < players; ++p) {
      out += to_string(hands[static_cast<std::size_t>(p)]) + " / ";
    }
    return out + "trump " + std::to_string(static_cast<int>(trump)) + " leader " + std::to_string(leader);
  }
};

// `cards` cards a hand from the ruleset's deck (shuffled by `rng`), then a
// random trump and leader: the play as start_play leaves it.
inline DealtPlay deal_random_play(const Ruleset& r, std::mt19937_64& rng, int cards) {
  std::vector<Card> deck(r.deck.begin(), r.deck.end());
  std::shuffle(deck.begin(), deck.end(), rng);
  DealtPlay d;
  std::size_t k = 0;
  for (int p = 0; p < r.players; ++p) {
    for (int i = 0; i < cards; ++i) {
      d.hands[static_cast<std::size_t>(p)].insert(deck[k++]);
    }
  }
  d.trump = static_cast<Suit>(rng() % 4);
  d.leader = static_cast<int>(rng() % static_cast<std::uint64_t>(r.players));
  d.play = start_play(r, d.trump, d.hands, d.leader);
  return d;
}

}  // namespace trickref::test
