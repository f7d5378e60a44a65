// What `trickref record` asks next: the hand machine (engine/hand.h) run
// over the entries of the hand being recorded, through run_hand with a
// driver of its own, the machine's third user beside the referee and the
// playout. The driver applies each entry the Draft holds (apply_*, legal or
// not: the record stands) and stops at the first one missing, naming it and
// who is due; the engine orders the phases, so the recorder never spells
// out the order of a hand. Nothing here judges an entry: the referee does,
// on the record as written.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/game.h"
#include "engine/hand.h"
#include "record/draft.h"
#include "referee/referee.h"
#include "ruleset/ruleset.h"

namespace trickref::record {

enum class Ask : std::uint8_t {
  kDeal,      // the cards of `seat` (or the kitty when seat is -1)
  kCall,      // a call by `seat`
  kPluck,     // a pluck by `seat` from `other`
  kTrump,     // trump, named by `seat`
  kDiscard,   // `count` cards laid away by `seat`
  kShow,      // the kitty cards `seat` (the dealer) showed `other`, who plucked them
  kLeader,    // who leads trick 1 (the rules make it the holder of a card nobody recorded)
  kPlay,      // the next card of trick `trick`, by `seat`
  kPlayOn,    // whether the side of `seat`, having taken an early court, plays on
  kTaken,     // a score sheet: the tricks each player took
  kPartner,   // a score sheet: the bidder's partner
  kPoints,    // a score sheet: the points each player took
  kMode,      // how the hand is entered (Mode)
  kHandDone,  // the hand is complete
};

// How a hand is entered: its plays (the deal unknown), the deal first and
// then its plays, or a score-sheet line.
enum class Mode : std::uint8_t { kUnset, kPlays, kDeal, kSheet };

// What the recorder knows of the hand beyond its entries: how it is being
// entered, and choices the record shows only once a later entry is made.
struct Choices {
  Mode mode = Mode::kUnset;
  bool exchange_closed = false;  // no more plucks ("none" typed)
  int play_on = -1;              // after an early court: 1 play on, 0 stop, -1 not asked
  int forfeit_after = 0;         // the referee found the hand forfeited for a revoke after this trick
  // Cards the referee reads otherwise than typed (a mistyped card read as
  // the card meant): the hand goes on with them, as the referee's does.
  std::vector<ReadAs> read_as;
};

struct Step {
  Ask ask = Ask::kHandDone;
  int seat = -1;
  int other = -1;
  int trick = 0;  // 1-based
  int count = 0;
  HandState hand;  // the machine where it stopped
};

// The next entry of `h` (hand `number`, its dealer set), the game before it
// being `game`.
[[nodiscard]] Step next_step(const GameState& game, int number, const DraftHand& h, const Choices& choices);

// How `h` is being entered: from its entries, else as chosen.
[[nodiscard]] Mode mode_of(const DraftHand& h, const Choices& choices);

}  // namespace trickref::record
