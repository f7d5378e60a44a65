#include "referee/sides.h"

#include <algorithm>

#include <fmt/format.h>

namespace trickref {

Sides::Sides(const Game& g, const Ruleset& r, const GameState& game, const std::vector<std::string>& names) {
  if (r.partnership == Partnership::kNone) {
    return;
  }
  const auto n = static_cast<int>(names.size());
  index_.assign(names.size(), -1);
  for (int s = 0; s < n; ++s) {
    const int id = game.policies.partners->side(r, s);
    auto it = std::find(ids_.begin(), ids_.end(), id);
    if (it == ids_.end()) {
      ids_.push_back(id);
      seats_.emplace_back();
      it = ids_.end() - 1;
    }
    const auto k = static_cast<std::size_t>(it - ids_.begin());
    seats_[k].push_back(s);
    index_[static_cast<std::size_t>(s)] = static_cast<int>(k);
  }
  for (const auto& seats : seats_) {
    std::vector<std::string> joined;
    for (int s : seats) {
      joined.push_back(names[static_cast<std::size_t>(s)]);
    }
    names_.push_back(fmt::format("{}", fmt::join(joined, " & ")));
  }
  if (!g.teams) {
    return;
  }
  std::vector<std::string> named = names_;
  bool ok = g.teams->size() == seats_.size();
  for (std::size_t i = 0; i < g.teams->size(); ++i) {
    const auto& t = (*g.teams)[i];
    std::vector<int> seats;
    for (const auto& p : t.players) {
      seats.push_back(p.seat);
    }
    std::sort(seats.begin(), seats.end());
    int found = -1;
    for (std::size_t k = 0; k < seats_.size(); ++k) {
      if (seats_[k] == seats) {
        found = static_cast<int>(k);
      }
    }
    team_side_.push_back(found);
    if (found < 0) {
      if (ok) {
        mismatched_team_ = static_cast<int>(i);
        mismatched_seats_ = seats;
      }
      ok = false;
    } else {
      named[static_cast<std::size_t>(found)] = clip(t.name);
    }
  }
  if (ok) {
    names_ = named;
  }
}

int Sides::of_id(int id) const {
  const auto it = std::find(ids_.begin(), ids_.end(), id);
  return it == ids_.end() ? -1 : static_cast<int>(it - ids_.begin());
}

std::vector<Sides::Entry> Sides::entries(const SeatNumbers& m) const {
  std::vector<Entry> out;
  for (std::size_t s = 0; s < index_.size(); ++s) {
    if (const auto& v = m.values[s]) {
      out.push_back(Entry{index_[s], *v, m.locs[s]});
    }
  }
  for (const auto& t : m.sides) {
    const auto i = static_cast<std::size_t>(t.team);
    if (i < team_side_.size() && team_side_[i] >= 0) {
      out.push_back(Entry{team_side_[i], t.value, t.loc});
    }
  }
  return out;
}

}  // namespace trickref
