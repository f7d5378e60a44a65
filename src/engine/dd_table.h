// The double-dummy solver's transposition table (double_dummy.h): bounds on
// the value still to come at the start of a trick, keyed by relative ranks.
//
// Two positions at the start of a trick search alike when each effective
// suit (the jokers in the trump suit, above its ace) has its remaining cards
// in the same hands in the same order, top down, carrying the same card
// points, with the same leader, trump, trumps broken or not, and side: the
// absolute ranks never matter to the play once the cards between them are
// gone. The key writes exactly that, so a hit is never a near miss.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "engine/double_dummy.h"

namespace trickref {

struct DdKey {
  // Per effective suit, the holders of its remaining cards top down, one
  // 3-bit code a card (seat + 1; 0 ends the suit), then the same cards' point
  // classes (0 where nothing counts).
  std::array<std::uint64_t, 4> holders{};
  std::array<std::uint64_t, 4> points{};
  std::uint64_t meta = 0;  // leader, trump, broken, first trick, side

  friend bool operator==(const DdKey&, const DdKey&) = default;
  [[nodiscard]] std::uint64_t hash() const;
};

struct DdEntry {
  DdKey key;
  std::int16_t lower = 0;     // the value still to come is at least this
  std::int16_t upper = 0;     // and at most this
  std::uint8_t best = 0xFF;   // the lead that proved a bound: (suit << 4) | place from the top
  std::uint8_t depth = 0;     // tricks left (0: empty slot)
};

struct DdTable::Impl {
  static constexpr std::size_t kWays = 4;
  std::vector<DdEntry> entries;  // buckets of kWays
  std::size_t buckets = 0;
  const Ruleset* rules = nullptr;  // the ruleset the entries were found under

  explicit Impl(std::size_t bytes);
  // The entry for `key`, or nullptr.
  [[nodiscard]] const DdEntry* find(const DdKey& key, std::uint64_t hash) const;
  // The entry for `key`, made where missing (over the bucket's shallowest).
  DdEntry& slot(const DdKey& key, std::uint64_t hash, int depth);
  void clear();
};

}  // namespace trickref
