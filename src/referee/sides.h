// The fixed sides of a partnership game as the referee names and reads them
// (court-piece.md §2): each side's seats (in the order the partner policy
// first meets them) and its name (the record's `teams` where they match
// the seating, else the players joined with " & "), the side of a seat, and
// the side each key of a per-side map stands for (a player's, or a team's).
#pragma once

#include <string>
#include <vector>

#include "base/text.h"
#include "engine/game.h"
#include "ruleset/ruleset.h"
#include "transcript/transcript.h"

namespace trickref {

class Sides {
 public:
  Sides() = default;
  // The sides of game `g` under `r` (none without partnerships); `names`
  // are the players as messages name them.
  Sides(const Game& g, const Ruleset& r, const GameState& game, const std::vector<std::string>& names);

  [[nodiscard]] std::size_t size() const { return names_.size(); }
  [[nodiscard]] const std::vector<std::vector<int>>& seats() const { return seats_; }
  [[nodiscard]] const std::vector<std::string>& names() const { return names_; }
  [[nodiscard]] const std::string& name(std::size_t side) const { return names_[side]; }
  // The side of `seat` (an index into the sides).
  [[nodiscard]] int at(int seat) const { return index_[static_cast<std::size_t>(seat)]; }
  // The side index of a side id of the partner policy (its first seat), or -1.
  [[nodiscard]] int of_id(int id) const;
  // The partner policy's id of side `side` (its first seat).
  [[nodiscard]] int first_seat(int side) const { return ids_[static_cast<std::size_t>(side)]; }

  // A `teams` entry that matches no side, where the entries are as many as
  // the sides: the first such (its index in `teams`, -1: none), and its seats.
  [[nodiscard]] int mismatched_team() const { return mismatched_team_; }
  [[nodiscard]] const std::vector<int>& mismatched_seats() const { return mismatched_seats_; }

  // The side `teams` entry `i` matches, or -1.
  [[nodiscard]] int team(std::size_t i) const { return i < team_side_.size() ? team_side_[i] : -1; }

  // The side a key of a per-side map stands for: a player's, or a team's.
  struct Entry {
    int side = -1;
    long long value = 0;
    Loc loc;
  };
  [[nodiscard]] std::vector<Entry> entries(const SeatNumbers& m) const;

 private:
  std::vector<std::vector<int>> seats_;
  std::vector<std::string> names_;
  std::vector<int> index_;      // by seat: index into the sides
  std::vector<int> ids_;        // by side: the partner policy's id (its first seat)
  std::vector<int> team_side_;  // by `teams` entry: the side it matches, or -1
  int mismatched_team_ = -1;
  std::vector<int> mismatched_seats_;
};

}  // namespace trickref
