// The double-dummy solver's transposition table (double_dummy.h): bounds on
// the value still to come at the start of a trick.
//
// An entry holds for every position of one shape (the same leader, trump,
// trumps broken or not where that decides whether they may be led, side,
// and the same number of cards of each effective suit in each hand; the
// jokers count in the trump suit) whose
// cards of each suit agree with the entry's from the top down to the lowest
// card whose rank decided a trick in the search that found the bound (the
// "winning ranks" of partition search and DDS): the cards below it only
// ever followed suit or were thrown, so which of them a hand holds does not
// matter. Counting cards are always among the cards that must agree, so a
// 6 and a 5 are never one card.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "engine/double_dummy.h"

namespace trickref {

// The shape of a position at the start of a trick.
struct DdShape {
  std::array<std::uint64_t, 2> lengths{};  // 4 bits a hand and suit
  std::uint64_t meta = 0;                  // leader, trump, broken, first trick, side
  // The counting cards still held (effective layout; points scoring only):
  // an entry found where none of them decided a trick still counts them.
  std::uint64_t counting = 0;
  friend bool operator==(const DdShape&, const DdShape&) = default;
  [[nodiscard]] std::uint64_t hash() const;
};

// A position at the start of a trick as the table reads it: its shape, and
// for each effective suit the holders of its cards top down (3 bits a card,
// seat + 1, the top card in the highest bits) and how many there are.
struct DdLayout {
  DdShape shape;
  std::array<std::uint64_t, 4> holders{};
  std::array<std::uint64_t, 4> points{};  // the same cards' point classes (3 bits each; 0: none)
  std::array<std::uint8_t, 4> count{};
  std::uint64_t live = 0;  // the cards held, in the effective layout
};

struct DdEntry {
  std::uint32_t generation = 0;  // the table's generation it was made in (older: empty)
  DdShape shape;
  std::array<std::uint64_t, 4> top{};  // the holders of the cards that must agree, per suit
  std::array<std::uint64_t, 4> top_points{};  // and their point classes
  std::array<std::uint8_t, 4> agree{};  // how many cards of each suit must agree, from the top
  std::int16_t lower = 0;     // the value still to come is at least this
  std::int16_t upper = 0;     // and at most this
  std::uint8_t best = 0xFF;   // the lead that proved a bound: (suit << 4) | place from the top
  std::uint8_t depth = 0;     // tricks left (0: empty slot)
};

struct DdTable::Impl {
  static constexpr std::size_t kWays = 64;
  std::vector<DdEntry> entries;  // buckets of kWays
  // Beside each entry, its shape's hash mixed with its generation: a lookup
  // reads these (eight to a cache line) and an entry only where one agrees.
  std::vector<std::uint64_t> tags;
  std::size_t buckets = 0;
  const Ruleset* rules = nullptr;  // the ruleset the entries were found under
  std::uint32_t next_victim = 0;
  std::uint32_t generation = 1;  // clear() moves it on: older entries count as empty

  explicit Impl(std::size_t bytes);

  struct Found {
    int decided = -1;             // 1: reaches, 0: does not, -1: not known
    std::uint64_t relevant = 0;   // the cards that had to agree (effective layout)
    std::uint8_t best = 0xFF;
  };
  // What the table knows of `need` at `at`.
  [[nodiscard]] Found find(const DdLayout& at, std::uint64_t hash, int need) const;
  // Notes that `need` is reached (or not) at every position agreeing with
  // `at` on the cards down to the lowest of `relevant` in each suit.
  void store(const DdLayout& at, std::uint64_t hash, std::uint64_t relevant, int need, bool reached,
             std::uint8_t best, int depth);
  void clear();
  [[nodiscard]] std::uint64_t tag_of(std::uint64_t hash) const {
    return (hash ^ (static_cast<std::uint64_t>(generation) * 0x9E3779B97F4A7C15ULL)) | 1U;
  }
};

}  // namespace trickref
