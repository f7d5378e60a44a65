#include "engine/dd_table.h"

#include <algorithm>

namespace trickref {

namespace {

constexpr std::uint64_t mix(std::uint64_t h, std::uint64_t v) {
  h ^= v + 0x9E3779B97F4A7C15ULL + (h << 6) + (h >> 2);
  h ^= h >> 29;
  h *= 0xBF58476D1CE4E5B9ULL;
  return h;
}

}  // namespace

std::uint64_t DdKey::hash() const {
  std::uint64_t h = meta * 0x94D049BB133111EBULL;
  for (std::size_t i = 0; i < 4; ++i) {
    h = mix(h, holders[i]);
  }
  if ((points[0] | points[1] | points[2] | points[3]) != 0) {
    for (std::size_t i = 0; i < 4; ++i) {
      h = mix(h, points[i]);
    }
  }
  return h ^ (h >> 31);
}

DdTable::Impl::Impl(std::size_t bytes) {
  buckets = std::max<std::size_t>(1, bytes / (sizeof(DdEntry) * kWays));
  entries.resize(buckets * kWays);
}

const DdEntry* DdTable::Impl::find(const DdKey& key, std::uint64_t hash) const {
  const DdEntry* b = &entries[(hash % buckets) * kWays];
  for (std::size_t i = 0; i < kWays; ++i) {
    if (b[i].depth != 0 && b[i].key == key) {
      return &b[i];
    }
  }
  return nullptr;
}

DdEntry& DdTable::Impl::slot(const DdKey& key, std::uint64_t hash, int depth) {
  DdEntry* b = &entries[(hash % buckets) * kWays];
  DdEntry* victim = &b[0];
  for (std::size_t i = 0; i < kWays; ++i) {
    if (b[i].depth != 0 && b[i].key == key) {
      return b[i];
    }
    if (b[i].depth < victim->depth) {
      victim = &b[i];
    }
  }
  *victim = DdEntry{};
  victim->key = key;
  victim->depth = static_cast<std::uint8_t>(std::max(1, depth));
  victim->lower = 0;
  victim->upper = INT16_MAX;
  return *victim;
}

void DdTable::Impl::clear() { std::fill(entries.begin(), entries.end(), DdEntry{}); }

DdTable::DdTable(std::size_t bytes) : impl_(std::make_unique<Impl>(bytes)) {}
DdTable::~DdTable() = default;
DdTable::DdTable(DdTable&&) noexcept = default;
DdTable& DdTable::operator=(DdTable&&) noexcept = default;
void DdTable::clear() {
  impl_->clear();
  impl_->rules = nullptr;
}
std::size_t DdTable::bytes() const { return impl_->entries.size() * sizeof(DdEntry); }

}  // namespace trickref
