// The keys the direct JSON reader (json_game_reader.cpp) takes, by map,
// and how it looks them up: a record is mostly keys and card tokens, and a
// key is found with a compare or two.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <iterator>
#include <string_view>
#include <utility>

#include "transcript/transcript_loader.h"

namespace trickref::json_keys {

// Whether two short texts are the same: keys and names are a few bytes,
// where a call to memcmp costs more than the compare. Texts of 8 to 16
// bytes are compared as two overlapping 8-byte words.
[[gnu::always_inline]] inline bool same(std::string_view a, std::string_view b) {
  const std::size_t n = a.size();
  if (n != b.size()) {
    return false;
  }
  if (n >= 8 && n <= 16) {
    std::uint64_t a0 = 0;
    std::uint64_t a1 = 0;
    std::uint64_t b0 = 0;
    std::uint64_t b1 = 0;
    std::memcpy(&a0, a.data(), 8);
    std::memcpy(&b0, b.data(), 8);
    std::memcpy(&a1, a.data() + n - 8, 8);
    std::memcpy(&b1, b.data() + n - 8, 8);
    return a0 == b0 && a1 == b1;
  }
  if (n > 16) {
    return a == b;
  }
  for (std::size_t i = 0; i < n; ++i) {
    if (a[i] != b[i]) {
      return false;
    }
  }
  return true;
}

// The keys this reader takes, by map. A key not listed declines the
// record: the loader has a word for it (unknown-key, misspelt-key), or it
// belongs to a game whose records go the full way.
enum class GameKey : std::uint8_t { kGame, kId, kEvent, kDate, kNotes, kPlayers, kHands, kResult, kOther };
enum class HandKey : std::uint8_t {
  kDealer, kDeal, kKitty, kPlucks, kTrump, kDiscard, kShows, kTricks, kTaken, kScore, kOther
};

inline GameKey game_key(std::string_view k) {
  static constexpr std::pair<std::string_view, GameKey> kKeys[] = {
      {"game", GameKey::kGame},       {"id", GameKey::kId},       {"event", GameKey::kEvent},
      {"date", GameKey::kDate},       {"notes", GameKey::kNotes}, {"players", GameKey::kPlayers},
      {"hands", GameKey::kHands},     {"result", GameKey::kResult}};
  for (const auto& [word, key] : kKeys) {
    if (same(k, word)) {
      return key;
    }
  }
  return GameKey::kOther;
}

inline constexpr std::pair<std::string_view, HandKey> kHandKeys[] = {
    {"tricks", HandKey::kTricks}, {"deal", HandKey::kDeal},       {"dealer", HandKey::kDealer},
    {"trump", HandKey::kTrump},   {"taken", HandKey::kTaken},     {"score", HandKey::kScore},
    {"plucks", HandKey::kPlucks}, {"kitty", HandKey::kKitty},     {"discard", HandKey::kDiscard},
    {"shows", HandKey::kShows}};

// kHandKeys by a hash of a key's length and its first and last bytes:
// hand_key tries the one key in its slot (the table is checked, when
// compiled, to put no two keys in one slot).
inline constexpr std::size_t kHandKeySlots = 16;
constexpr std::size_t hand_key_slot(std::string_view k) {
  return (k.size() * 2 + static_cast<unsigned char>(k.front()) * 2U + static_cast<unsigned char>(k.back())) %
         kHandKeySlots;
}
inline constexpr std::array<std::int8_t, kHandKeySlots> kHandKeyBySlot = [] {
  std::array<std::int8_t, kHandKeySlots> slots{};
  slots.fill(-1);
  for (std::size_t i = 0; i < std::size(kHandKeys); ++i) {
    auto& slot = slots[hand_key_slot(kHandKeys[i].first)];
    if (slot >= 0) {
      throw "two hand keys share a slot: change hand_key_slot";  // (a compile error, in a constant expression)
    }
    slot = static_cast<std::int8_t>(i);
  }
  return slots;
}();

inline HandKey hand_key(std::string_view k) {
  if (k.empty()) {
    return HandKey::kOther;
  }
  const std::int8_t i = kHandKeyBySlot[hand_key_slot(k)];
  if (i < 0 || !same(k, kHandKeys[static_cast<std::size_t>(i)].first)) {
    return HandKey::kOther;
  }
  return kHandKeys[static_cast<std::size_t>(i)].second;
}

// The hand keys that belong to some games only (kGameOnlyKeys), by bit:
// a hand that uses one is checked against its ruleset (game_keys).
inline constexpr std::uint32_t kGameOnlyHandKeys = [] {
  std::uint32_t bits = 0;
  for (const auto& [word, key] : kHandKeys) {
    for (const std::string_view only : kGameOnlyKeys) {
      if (word == only) {
        bits |= 1U << static_cast<unsigned>(key);
      }
    }
  }
  return bits;
}();

// Which keys of a map were read: a key read twice declines (the loader
// reports duplicate keys).
class Seen {
 public:
  bool first(unsigned key) {
    const std::uint32_t bit = 1U << key;
    if ((bits_ & bit) != 0) {
      return false;
    }
    bits_ |= bit;
    return true;
  }
  [[nodiscard]] bool has(unsigned key) const { return (bits_ & (1U << key)) != 0; }

 private:
  std::uint32_t bits_ = 0;
};

template <class Key>
inline unsigned bit(Key k) {
  return static_cast<unsigned>(k);
}

}  // namespace trickref::json_keys
