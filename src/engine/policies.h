// Policies: what differs between games beyond numbers, each a small file in
// engine/policy/ and chosen by the ruleset (policy/table.cpp is the one
// table). The hand machine and the game state call them; nothing else asks
// which game it is.
//
//   scoring   how a hand scores (quota, plucks, tricks)
//   end       how the game ends (a target, the hands recorded, plucks
//             against, tricks in a hand)
//   dealer    who deals next (left, right)
//   partners  who plays with whom (nobody, partners opposite)
//   hand end  whether a hand ends before its tricks run out (never; at a
//             majority of the tricks)
#pragma once

#include <array>
#include <span>
#include <string_view>

#include "ruleset/ruleset.h"

namespace trickref {

struct GameState;
struct HandState;

// One hand's figures as the count phase knows them, by seat.
struct HandTally {
  int players = 0;
  int dealer = -1;
  std::array<int, kMaxPlayers> taken{};
  std::array<int, kMaxPlayers> quota{};
};

struct ScoringPolicy {
  std::string_view name;
  // The points `seat` scores for the hand.
  long long (*points)(const Ruleset& r, const HandTally& t, int seat);
  // Whether a tie for the best score goes to fewer plucks against, then to
  // more plucks earned, before game.tie decides (rules.md §3, scoring.kind: plucks).
  bool ties_by_plucks;
};

struct EndPolicy {
  std::string_view name;
  // Whether the game ends after the hand just counted into `g` (`last`).
  bool (*over)(const Ruleset& r, const GameState& g, const HandTally& last);
  // The winners of a game that ended after `last`, into `out`; returns how many.
  int (*winners)(const Ruleset& r, const GameState& g, const HandTally& last, std::span<int> out);
};

struct DealerPolicy {
  std::string_view name;
  // Who deals the hand after the one `dealer` dealt.
  int (*next)(const Ruleset& r, int dealer);
};

struct PartnerPolicy {
  std::string_view name;
  // The side `seat` plays for (a seat number standing for the side); with no
  // partners, each seat is its own side.
  int (*side)(const Ruleset& r, int seat);
};

struct HandEndPolicy {
  std::string_view name;
  // Whether the hand ends after the trick just finished, before its tricks
  // run out; null: it never does (the play loop then asks nothing).
  bool (*after_trick)(const Ruleset& r, const HandState& h);
};

struct Policies {
  const ScoringPolicy* scoring;
  const EndPolicy* end;
  const DealerPolicy* dealer;
  const PartnerPolicy* partners;
  const HandEndPolicy* hand_end;
};

// The policies `r` chooses (policy/table.cpp).
[[nodiscard]] Policies policies_for(const Ruleset& r);

// The seats in the best place by the scoring policy's order (score, then its
// tie-breaks), into `out`; returns how many (several on a tie).
int best_seats(const Ruleset& r, const GameState& g, std::span<int> out);

}  // namespace trickref
