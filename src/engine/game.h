// The game around the hands (rules.md §2.7, §2.8): running scores, the
// deltas that make the next hand's plucks, the plucks tallied for the
// standings and the end of the game. The referee and the playout both count
// every hand through count_hand, so a score is computed in one place.
#pragma once

#include <array>
#include <span>

#include "engine/policies.h"
#include "ruleset/ruleset.h"

namespace trickref {

struct GameState {
  const Ruleset* rules = nullptr;
  Policies policies{};
  int players = 0;
  int hands = 0;  // hands counted so far
  // Running scores; false once a hand's tricks could not be known (the
  // referee then stops scoring).
  std::array<long long, kMaxPlayers> score{};
  bool score_known = true;
  // The last hand's tricks over (+) or short (-) of quota, which make the
  // next hand's plucks (rules.md §2.3); false when they cannot be known.
  std::array<int, kMaxPlayers> deltas{};
  bool deltas_known = false;
  // Summed over the game's hands: tricks short (plucks against) and tricks
  // over (plucks earned), for scoring.kind plucks and game.end plucks_against.
  std::array<long long, kMaxPlayers> plucks_against{};
  std::array<long long, kMaxPlayers> plucks_earned{};
  int last_dealer = -1;  // who dealt the last hand counted
  // The last hand counted, as the dealer policies read it: void (everyone
  // passed), the side that won it, the side that forfeited it, and whether
  // the winners scored in it (a court).
  struct LastHand {
    bool void_hand = false;
    int winner_side = -1;
    int forfeit_side = -1;
    bool winners_scored = false;
    int streak_court_side = -1;  // the side that scored a streak court in it (scoring.kind courts), or -1
  } last;
  // scoring.kind courts: the side on a run of hands won, and how many (court-piece.md §3.4).
  int streak_side = -1;
  int streak = 0;
};

[[nodiscard]] GameState start_game(const Ruleset& r);

// The points `seat` scores for a hand with these figures (the scoring policy).
[[nodiscard]] long long hand_points(const GameState& g, const HandTally& t, int seat);

// Counts a hand into the game: scores, deltas and tallies.
void count_hand(GameState& g, const HandTally& t);

// Whether the game ends with the hand `last` just counted (the end policy),
// and if so who won it.
[[nodiscard]] bool game_ends(const GameState& g, const HandTally& last);
int game_winners(const GameState& g, const HandTally& last, std::span<int> out);

// Who deals the hand after the one `dealer` dealt (the dealer policy).
[[nodiscard]] int next_dealer(const GameState& g, int dealer);
// Whether each dealer follows from the one before alone, whatever the
// hands' results (the dealer policy), so the dealers can be known ahead.
[[nodiscard]] bool dealers_fixed(const Ruleset& r);
// Where the game is the hands recorded and level scores draw (game.end
// target null, game.tie draw; court-piece.md §3.6): after the last hand the
// game is finished and the best score wins, or nobody when the sides are
// level. Returns whether the record's end decides the game; the winners
// (every seat of the best side) into `out`, `count` how many.
[[nodiscard]] bool decided_by_record_end(const GameState& g, std::span<int> out, int& count);

}  // namespace trickref
