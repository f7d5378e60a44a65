#include "engine/exchange.h"

#include <algorithm>
#include <array>
#include <utility>

namespace trickref {

int owed_plucks_into(std::span<const int> deltas, std::span<OwedPlucks> out) {
  int over = -1;
  int short_ = -1;
  int n_over = 0;
  int n_short = 0;
  for (std::size_t s = 0; s < deltas.size(); ++s) {
    if (deltas[s] > 0) {
      over = n_over++ == 0 ? static_cast<int>(s) : over;
    } else if (deltas[s] < 0) {
      short_ = n_short++ == 0 ? static_cast<int>(s) : short_;
    }
  }
  if (n_over == 0 || n_short == 0) {
    return 0;
  }
  if (n_over != 1 && n_short != 1) {
    return -1;
  }
  // One over: they pluck every short player; else one short: every over player plucks them.
  const bool one_over = n_over == 1;
  std::size_t k = 0;
  for (std::size_t s = 0; s < deltas.size(); ++s) {
    const int d = deltas[s];
    if (one_over && d < 0) {
      out[k++] = {over, static_cast<int>(s), -d};
    } else if (!one_over && d > 0) {
      out[k++] = {static_cast<int>(s), short_, d};
    }
  }
  return static_cast<int>(k);
}

std::optional<std::vector<OwedPlucks>> owed_plucks(std::span<const int> deltas) {
  std::vector<OwedPlucks> out(deltas.size());
  const int k = owed_plucks_into(deltas, out);
  if (k < 0) {
    return std::nullopt;
  }
  out.resize(static_cast<std::size_t>(k));
  return out;
}

int plucker_order_into(const Ruleset& rules, std::span<const OwedPlucks> owed, int dealer,
                       std::span<const int> quotas, int tie_from, std::span<int> out) {
  // Each plucker once, with their total, in order of first appearance.
  std::size_t n = 0;
  std::array<int, 64> totals{};
  for (const auto& o : owed) {
    std::size_t i = 0;
    while (i < n && out[i] != o.by) {
      ++i;
    }
    if (i == n) {
      if (n == totals.size()) {
        continue;  // more pluckers than seats: not from owed_plucks
      }
      out[n++] = o.by;
    }
    totals[i] += o.count;
  }
  const int players = rules.players;
  auto key = [&](std::size_t i) {
    switch (rules.pluck_order) {
      case PluckOrder::kMostFirst:
        return -totals[i];
      case PluckOrder::kLeastFirst:
        return totals[i];
      case PluckOrder::kHighestQuotaFirst:
        return -quotas[static_cast<std::size_t>(offset_from(dealer, out[i], players))];
    }
    return 0;
  };
  auto before = [&](std::size_t a, std::size_t b) {
    const int ka = key(a);
    const int kb = key(b);
    if (ka != kb) {
      return ka < kb;
    }
    return offset_from(tie_from, out[a], players) < offset_from(tie_from, out[b], players);
  };
  // Insertion sort (a handful of pluckers; each seat once, so the order is total).
  for (std::size_t i = 1; i < n; ++i) {
    for (std::size_t j = i; j > 0 && before(j, j - 1); --j) {
      std::swap(out[j], out[j - 1]);
      std::swap(totals[j], totals[j - 1]);
    }
  }
  return static_cast<int>(n);
}

std::vector<int> plucker_order(const Ruleset& rules, const std::vector<OwedPlucks>& owed, int dealer,
                               std::span<const int> quotas, int tie_from) {
  std::vector<int> order(owed.size());
  order.resize(static_cast<std::size_t>(plucker_order_into(rules, owed, dealer, quotas, tie_from, order)));
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
