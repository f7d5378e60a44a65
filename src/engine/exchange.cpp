#include "engine/exchange.h"

#include <algorithm>

namespace trickref {

std::optional<std::vector<OwedPlucks>> owed_plucks(std::span<const int> deltas) {
  std::vector<int> over;
  std::vector<int> short_;
  for (std::size_t s = 0; s < deltas.size(); ++s) {
    if (deltas[s] > 0) {
      over.push_back(static_cast<int>(s));
    } else if (deltas[s] < 0) {
      short_.push_back(static_cast<int>(s));
    }
  }
  std::vector<OwedPlucks> out;
  if (over.empty() || short_.empty()) {
    return out;
  }
  if (over.size() == 1) {
    for (int s : short_) {
      out.push_back({over[0], s, -deltas[static_cast<std::size_t>(s)]});
    }
    return out;
  }
  if (short_.size() == 1) {
    for (int o : over) {
      out.push_back({o, short_[0], deltas[static_cast<std::size_t>(o)]});
    }
    return out;
  }
  return std::nullopt;
}

std::vector<int> plucker_order(const Ruleset& rules, const std::vector<OwedPlucks>& owed, int dealer,
                               std::span<const int> quotas) {
  std::vector<std::pair<int, int>> pluckers;  // seat, total plucks
  for (const auto& o : owed) {
    auto it = std::find_if(pluckers.begin(), pluckers.end(), [&](const auto& p) { return p.first == o.by; });
    if (it == pluckers.end()) {
      pluckers.emplace_back(o.by, o.count);
    } else {
      it->second += o.count;
    }
  }
  const int n = rules.players;
  auto offset = [&](int seat) { return offset_from(dealer, seat, n); };
  std::stable_sort(pluckers.begin(), pluckers.end(), [&](const auto& a, const auto& b) {
    int ka = 0;
    int kb = 0;
    switch (rules.pluck_order) {
      case PluckOrder::kMostFirst:
        ka = -a.second;
        kb = -b.second;
        break;
      case PluckOrder::kLeastFirst:
        ka = a.second;
        kb = b.second;
        break;
      case PluckOrder::kHighestQuotaFirst:
        ka = -quotas[static_cast<std::size_t>(offset(a.first))];
        kb = -quotas[static_cast<std::size_t>(offset(b.first))];
        break;
    }
    if (ka != kb) {
      return ka < kb;
    }
    return offset(a.first) < offset(b.first);
  });
  std::vector<int> order;
  for (const auto& p : pluckers) {
    order.push_back(p.first);
  }
  return order;
}

std::optional<Card> required_return(const Ruleset& rules, CardSet hand, Card received) {
  const CardSet suit = CardSet::suit(received.suit());
  if (rules.pluck_return == PluckReturn::kHighestIncludingReceived) {
    return ((hand | CardSet::of(received)) & suit).highest();
  }
  const CardSet others = (hand - CardSet::of(received)) & suit;
  if (!others.empty()) {
    return others.highest();
  }
  if (rules.pluck_void == PluckVoid::kReturnReceived) {
    return received;
  }
  return std::nullopt;
}

bool give_allowed(const Ruleset& rules, CardSet hand, Card gives) {
  if (rules.pluck_give == PluckGive::kAny || gives.is_joker()) {
    return true;
  }
  return (hand & CardSet::suit(gives.suit())).lowest() == gives;
}

CardSet required_show(CardSet kitty, Card returned) {
  const CardSet suit = CardSet::suit(returned.suit());
  const std::uint64_t above = ~((std::uint64_t{2} << returned.index()) - 1);
  return kitty & suit & CardSet(above);
}

}  // namespace trickref
