// call-deuces.md §4, "Points": points no play of the hand could give.
#include "engine/points_possible.h"

#include <algorithm>
#include <map>
#include <set>

namespace trickref {
namespace {

// The counting cards as groups of equal value (a value and how many cards
// carry it): which cards they are does not matter to a count.
struct Group {
  long long value = 0;
  int cards = 0;
};

// A search for one play of the hand that gives every constrained player's
// figure: the counting cards are placed group by group among the players
// (and "nobody": a card unrecorded, or won by a player whose figure is not
// claimed), then each player's tricks are what is left of their figure.
class Search {
 public:
  Search(const Ruleset& r, const PointsClaim& claim, std::vector<int> seats, long long budget)
      : r_(r), claim_(claim), seats_(std::move(seats)), budget_(budget) {
    std::map<long long, int> by_value;
    for (Card c : r.deck) {
      if (const int v = r.card_points[static_cast<std::size_t>(c.index())]; v != 0) {
        ++by_value[v];
      }
    }
    for (const auto& [v, n] : by_value) {
      groups_.push_back(Group{v, n});
      non_negative_ = non_negative_ && v > 0;
    }
    // The larger values first: a figure that cannot be made fails sooner.
    std::reverse(groups_.begin(), groups_.end());
    for (int s : seats_) {
      residual_.push_back(*claim.points[static_cast<std::size_t>(s)]);
      count_.push_back(0);
    }
  }

  // True: a play gives them all; false: none does; nothing: past the budget.
  std::optional<bool> run() {
    const bool found = place_group(0);
    if (steps_ > budget_) {
      return std::nullopt;
    }
    return found;
  }
  [[nodiscard]] long long steps() const { return steps_; }

 private:
  [[nodiscard]] long long discard_cards(int seat) const {
    return seat == claim_.bidder && r_.discard_to == DiscardTo::kBidder ? r_.kitty_discard : 0;
  }

  // Every counting card placed: the tricks each player's figure leaves.
  [[nodiscard]] bool tricks_fit() const {
    long long tricks = 0;
    for (std::size_t i = 0; i < seats_.size(); ++i) {
      const int s = seats_[i];
      const long long rest = residual_[i];
      const auto& recorded = claim_.taken[static_cast<std::size_t>(s)];
      long long t = 0;
      if (recorded) {
        t = *recorded;
        if (rest != t * r_.per_trick) {
          return false;
        }
      } else if (r_.per_trick > 0) {
        if (rest < 0 || rest % r_.per_trick != 0) {
          return false;
        }
        t = rest / r_.per_trick;
      } else {
        if (rest != 0) {
          return false;
        }
        const long long over = count_[i] - discard_cards(s);
        t = over <= 0 ? 0 : (over + r_.players - 1) / r_.players;
      }
      // A trick holds one card a player; the bidder's discard holds more.
      if (t < 0 || t > r_.hand_size || count_[i] > t * r_.players + discard_cards(s)) {
        return false;
      }
      tricks += t;
    }
    return tricks <= r_.hand_size;
  }

  bool place_group(std::size_t g) {
    if (++steps_ > budget_) {
      return false;
    }
    if (g == groups_.size()) {
      return tricks_fit();
    }
    std::vector<long long> key(residual_.begin(), residual_.end());
    key.insert(key.end(), count_.begin(), count_.end());
    key.push_back(static_cast<long long>(g));
    if (failed_.contains(key)) {
      return false;
    }
    const bool found = place(g, 0, groups_[g].cards);
    if (!found && steps_ <= budget_) {
      failed_.insert(std::move(key));
    }
    return found;
  }

  // Places up to `left` cards of group `g` with the players from `i` on.
  bool place(std::size_t g, std::size_t i, int left) {
    if (i == seats_.size()) {
      return place_group(g + 1);  // the rest to nobody
    }
    const long long v = groups_[g].value;
    for (int k = 0; k <= left; ++k) {
      residual_[i] -= k * v;
      count_[i] += k;
      const bool over = non_negative_ && residual_[i] < 0;
      const bool found = !over && place(g, i + 1, left - k);
      residual_[i] += k * v;
      count_[i] -= k;
      if (found) {
        return true;
      }
      if (over || steps_ > budget_) {
        return false;
      }
    }
    return false;
  }

  const Ruleset& r_;
  const PointsClaim& claim_;
  std::vector<int> seats_;
  long long budget_;
  long long steps_ = 0;
  std::vector<Group> groups_;
  bool non_negative_ = true;
  std::vector<long long> residual_;
  std::vector<long long> count_;
  std::set<std::vector<long long>> failed_;
};

// The most `seat` could have: every trick they may have won, and the best
// counting cards those tricks (and the bidder's discard) can hold.
long long most_for(const Ruleset& r, const PointsClaim& claim, int seat) {
  const auto& taken = claim.taken[static_cast<std::size_t>(seat)];
  const long long t = taken ? std::clamp<long long>(*taken, 0, r.hand_size) : r.hand_size;
  long long room = t * r.players + (seat == claim.bidder && r.discard_to == DiscardTo::kBidder ? r.kitty_discard : 0);
  std::vector<int> values;
  for (Card c : r.deck) {
    if (const int v = r.card_points[static_cast<std::size_t>(c.index())]; v > 0) {
      values.push_back(v);
    }
  }
  std::sort(values.rbegin(), values.rend());
  long long most = t * r.per_trick;
  for (int v : values) {
    if (room-- <= 0) {
      break;
    }
    most += v;
  }
  return most;
}

Violation impossible(const Ruleset& r, Clause clause, int hand, int seat, long long bound, const PointsClaim& claim) {
  Violation v = violation(Code::kPointsImpossible, clause, hand, seat);
  v.bound = static_cast<int>(std::clamp<long long>(bound, -1'000'000'000, 1'000'000'000));
  const auto& taken = seat >= 0 ? claim.taken[static_cast<std::size_t>(seat)] : std::nullopt;
  v.count = taken ? static_cast<int>(std::clamp<long long>(*taken, -1'000'000'000, 1'000'000'000)) : -1;
  if (seat >= 0 && seat == claim.bidder && r.discard_to == DiscardTo::kBidder) {
    v.other = seat;  // the discard's cards count for this player too
  }
  return v;
}

}  // namespace

long long hand_points_total(const Ruleset& r) {
  long long sum = static_cast<long long>(r.hand_size) * r.per_trick;
  for (Card c : r.deck) {
    sum += r.card_points[static_cast<std::size_t>(c.index())];
  }
  return sum;
}

PointsCheck check_points_possible(const Ruleset& r, const PointsClaim& claim, int hand, long long budget) {
  PointsCheck out;
  std::vector<int> claimed;
  bool non_negative = true;
  for (Card c : r.deck) {
    non_negative = non_negative && r.card_points[static_cast<std::size_t>(c.index())] >= 0;
  }
  // Each figure alone.
  for (int s = 0; s < r.players; ++s) {
    const auto& p = claim.points[static_cast<std::size_t>(s)];
    if (!p) {
      continue;
    }
    claimed.push_back(s);
    Search alone(r, claim, {s}, budget);
    const auto possible = alone.run();
    out.steps += alone.steps();
    if (!possible || *possible) {
      continue;
    }
    const auto& taken = claim.taken[static_cast<std::size_t>(s)];
    const long long by_tricks = taken ? *taken * r.per_trick : 0;
    if (const long long most = most_for(r, claim, s); *p > most) {
      out.found.push_back(impossible(r, Clause::kPointsAboveMost, hand, s, most, claim));
    } else if (non_negative && *p < by_tricks) {
      out.found.push_back(impossible(r, Clause::kPointsBelowTricks, hand, s, by_tricks, claim));
    } else {
      out.found.push_back(impossible(r, Clause::kPointsNoCards, hand, s, *p - by_tricks, claim));
    }
  }
  // Together, where each is possible alone.
  if (out.found.empty() && claimed.size() > 1) {
    Search together(r, claim, claimed, budget);
    const auto possible = together.run();
    out.steps += together.steps();
    if (possible && !*possible) {
      out.found.push_back(impossible(r, Clause::kPointsTogether, hand, -1, hand_points_total(r), claim));
    }
  }
  return out;
}

}  // namespace trickref
