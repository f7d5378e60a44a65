// Policies: what differs between games beyond numbers, each a small file in
// engine/policy/ and chosen by the ruleset (policy/table.cpp is the one
// table). The hand machine and the game state call them; nothing else asks
// which game it is.
//
//   scoring   how a hand scores (quota, plucks, tricks, card points, courts)
//   end       how the game ends (a target, the hands recorded, plucks
//             against, tricks in a hand)
//   dealer    who deals next (left or right, by the hand's result)
//   partners  who plays with whom (nobody, partners opposite, the holder
//             of a card)
//   hand end  whether a hand ends before its tricks run out (never; at a
//             majority of the tricks; at an early court)
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
  // The auction games: the contract (bidder -1: none, the hand void when
  // everyone passed), the partner (-1: solo) and each seat's points.
  bool void_hand = false;
  int bidder = -1;
  int bid = 0;
  int partner = -1;
  std::array<int, kMaxPlayers> points{};
  // The courts games, by side (the partner policy's side numbers): who won
  // the hand (-1: nobody, the sides level), who took an early court and
  // whether they went on to take every trick, who forfeited for a revoke.
  int winner_side = -1;
  int early_court_side = -1;
  bool all_tricks = false;
  int forfeit_side = -1;
};

// The auction games (call-deuces.md §2.6): the bidding side's points for the
// hand (the bidder's and the partner's, if any), and whether they make the
// contract (at least the bid). Only for a hand with a contract.
[[nodiscard]] int bidding_side_points(const HandTally& t);
[[nodiscard]] inline bool contract_made(const HandTally& t) { return bidding_side_points(t) >= t.bid; }

struct ScoringPolicy {
  std::string_view name;
  // The points `seat` scores for the hand, given the game so far.
  long long (*points)(const Ruleset& r, const GameState& g, const HandTally& t, int seat);
  // Whether a tie for the best score goes to fewer plucks against, then to
  // more plucks earned, before game.tie decides (rules.md §3, scoring.kind: plucks).
  bool ties_by_plucks;
  // What the scoring carries from hand to hand besides the scores (the
  // courts' streak), updated after the hand's points; null: nothing.
  void (*carry)(const Ruleset& r, GameState& g, const HandTally& t) = nullptr;
  // What the scoring reads from the hand beyond the tricks taken (the
  // contract and the points; the courts' facts), into `t`; null: nothing.
  void (*facts)(const HandState& h, HandTally& t) = nullptr;
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
  // Who deals the hand after the one `dealer` dealt, the hand just counted
  // into `g` (GameState::last) being that hand.
  int (*next)(const Ruleset& r, const GameState& g, int dealer);
  // Whether `next` follows from the last dealer alone, whatever the hand's
  // result: the dealers of a game can then be written before it is played
  // (`trickref new`).
  bool (*fixed)(const Ruleset& r);
};

struct PartnerPolicy {
  std::string_view name;
  // The side `seat` plays for (a seat number standing for the side); with no
  // partners, each seat is its own side.
  int (*side)(const Ruleset& r, int seat);
  // The bidder's partner in this hand, found from the cards at the start of
  // play (-1: solo); null where partners do not change from hand to hand.
  int (*in_hand)(const HandState& h) = nullptr;
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
