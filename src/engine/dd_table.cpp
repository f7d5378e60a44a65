#include "engine/dd_table.h"

#include <algorithm>
#include <bit>

namespace trickref {

namespace {

constexpr std::uint64_t mix(std::uint64_t h, std::uint64_t v) {
  h ^= v + 0x9E3779B97F4A7C15ULL + (h << 6) + (h >> 2);
  h ^= h >> 29;
  h *= 0xBF58476D1CE4E5B9ULL;
  return h;
}

// The top `k` of `count` holders (3 bits each, the top card highest).
constexpr std::uint64_t top_of(std::uint64_t holders, int count, int k) {
  return k == 0 ? 0 : holders >> (3 * (count - k));
}

// Whether the entry holds for `at`.
bool agrees(const DdEntry& e, const DdLayout& at) {
  for (std::size_t lane = 0; lane < 4; ++lane) {
    if (top_of(at.holders[lane], at.count[lane], e.agree[lane]) != e.top[lane] ||
        top_of(at.points[lane], at.count[lane], e.agree[lane]) != e.top_points[lane]) {
      return false;
    }
  }
  return true;
}

// The top `k` cards of each suit of `live`.
std::uint64_t top_cards(std::uint64_t live, const std::array<std::uint8_t, 4>& k) {
  std::uint64_t out = 0;
  for (int lane = 0; lane < 4; ++lane) {
    std::uint64_t l = (live >> (16 * lane)) & 0xFFFF;
    for (int i = 0; i < k[static_cast<std::size_t>(lane)] && l != 0; ++i) {
      const int top = 63 - std::countl_zero(l);
      out |= std::uint64_t{1} << (16 * lane + top);
      l &= ~(std::uint64_t{1} << top);
    }
  }
  return out;
}

}  // namespace

std::uint64_t DdShape::hash() const {
  std::uint64_t h = mix(meta * 0x94D049BB133111EBULL, lengths[0]);
  h = mix(h, lengths[1]);
  if (counting != 0) {
    h = mix(h, counting);
  }
  return h ^ (h >> 31);
}

DdTable::Impl::Impl(std::size_t bytes) {
  buckets = std::max<std::size_t>(1, bytes / ((sizeof(DdEntry) + sizeof(std::uint64_t)) * kWays));
  entries.resize(buckets * kWays);
  tags.resize(buckets * kWays);
}

DdTable::Impl::Found DdTable::Impl::find(const DdLayout& at, std::uint64_t hash, int need) const {
  Found f;
  const std::size_t first = (hash % buckets) * kWays;
  const std::uint64_t want = tag_of(hash);
  const std::uint64_t* t = &tags[first];
  // The ways whose tag matches, one bit each (a loop the compiler
  // vectorises); then only those are read, the ranks before the shape.
  std::uint64_t ways = 0;
  for (std::size_t i = 0; i < kWays; ++i) {
    ways |= static_cast<std::uint64_t>(t[i] == want) << i;
  }
  for (; ways != 0; ways &= ways - 1) {
    const DdEntry& e = entries[first + static_cast<std::size_t>(std::countr_zero(ways))];
    if (!agrees(e, at) || e.generation != generation || !(e.shape == at.shape)) {
      continue;
    }
    if (e.lower >= need || e.upper < need) {
      f.decided = e.lower >= need ? 1 : 0;
      f.relevant = top_cards(at.live, e.agree);
      return f;
    }
    if (e.best != 0xFF) {
      f.best = e.best;
    }
  }
  return f;
}

void DdTable::Impl::store(const DdLayout& at, std::uint64_t hash, std::uint64_t relevant, int need, bool reached,
                          std::uint8_t best, int depth) {
  std::array<std::uint8_t, 4> agree{};
  std::array<std::uint64_t, 4> top{};
  std::array<std::uint64_t, 4> top_points{};
  for (std::size_t lane = 0; lane < 4; ++lane) {
    const std::uint64_t r = (relevant >> (16 * lane)) & 0xFFFF;
    if (r != 0) {
      const std::uint64_t l = (at.live >> (16 * lane)) & 0xFFFF;
      agree[lane] = static_cast<std::uint8_t>(std::popcount(l & ~((std::uint64_t{1} << std::countr_zero(r)) - 1)));
      top[lane] = top_of(at.holders[lane], at.count[lane], agree[lane]);
      top_points[lane] = top_of(at.points[lane], at.count[lane], agree[lane]);
    }
  }
  const std::size_t first = (hash % buckets) * kWays;
  DdEntry* b = &entries[first];
  const std::uint64_t want = tag_of(hash);
  DdEntry* slot = nullptr;
  for (std::size_t i = 0; i < kWays && slot == nullptr; ++i) {
    if (tags[first + i] == want && b[i].shape == at.shape && b[i].agree == agree &&
        b[i].top == top &&
        b[i].top_points == top_points) {
      slot = &b[i];
    }
  }
  if (slot == nullptr) {
    slot = &b[0];
    for (std::size_t i = 0; i < kWays; ++i) {
      if (b[i].generation != generation) {
        slot = &b[i];
        break;
      }
    }
    if (slot->generation == generation) {
      // Every way taken: the one with the fewest tricks left (the cheapest
      // to find again) of a few looked at in turn, so no entry stays forever.
      const std::size_t from = next_victim++ % kWays;
      slot = &b[from];
      for (std::size_t k = 1; k < 4; ++k) {
        DdEntry* other = &b[(from + k) % kWays];
        if (other->depth < slot->depth) {
          slot = other;
        }
      }
    }
    *slot = DdEntry{};
    tags[first + static_cast<std::size_t>(slot - b)] = want;
    slot->generation = generation;
    slot->shape = at.shape;
    slot->agree = agree;
    slot->top = top;
    slot->top_points = top_points;
    slot->lower = 0;
    slot->upper = INT16_MAX;
    slot->depth = static_cast<std::uint8_t>(std::max(1, depth));
  }
  if (reached) {
    slot->lower = static_cast<std::int16_t>(std::max<int>(slot->lower, need));
  } else {
    slot->upper = static_cast<std::int16_t>(std::min<int>(slot->upper, need - 1));
  }
  if (best != 0xFF) {
    slot->best = best;
  }
}

void DdTable::Impl::clear() {
  if (++generation == 0) {  // after 2^32 clears: wipe, so no old entry matches
    std::fill(entries.begin(), entries.end(), DdEntry{});
    std::fill(tags.begin(), tags.end(), 0);
    generation = 1;
  }
}

DdTable::DdTable(std::size_t bytes) : impl_(std::make_unique<Impl>(bytes)) {}
DdTable::~DdTable() = default;
DdTable::DdTable(DdTable&&) noexcept = default;
DdTable& DdTable::operator=(DdTable&&) noexcept = default;
void DdTable::clear() {
  impl_->clear();
  impl_->rules = nullptr;
}
std::size_t DdTable::bytes() const {
  return impl_->entries.size() * (sizeof(DdEntry) + sizeof(std::uint64_t));
}

}  // namespace trickref
