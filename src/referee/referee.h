// The referee: replays a Game through the engine under a Ruleset and
// reports every breach the record proves (rules.md §4). The record stands:
// after an illegal play or pluck the cards move as recorded, so one mistake
// is one diagnostic and the rest of the game is still refereed and scored.
// Recorded figures (taken, score, result) are compared, never adopted.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "base/diagnostic.h"
#include "engine/game.h"
#include "engine/hand.h"
#include "referee/hand_play.h"
#include "ruleset/ruleset.h"
#include "transcript/transcript.h"

namespace trickref {

// One call of an auction, as recorded (call-deuces.md §2.2): the seat it
// counted for and its bid (absent: a pass, or a call that was not a number).
struct CallSummary {
  int seat = -1;
  std::optional<long long> bid;
};

// A card the hand went on with in place of the card written: a mistyped
// card, read as the card meant (the `probably` note, rules.md §4). `trick`
// 0-based, `index` the card's place in the trick as written.
struct ReadAs {
  int trick = 0;
  int index = 0;
  Card card;
};

// A hand's summary: the facts every game has, then each scoring family's
// own part (the auction games', the courts games'), set only where the
// ruleset is of that family.
struct HandFacts {
  int number = 0;
  // The last hand of an in-progress record, not finished yet (cli.md, "Codes
  // for common slips"): refereed as far as it goes, not counted.
  bool unfinished = false;
  int dealer = 0;
  std::optional<Suit> trump;
  std::vector<int> quota;                          // by seat
  std::optional<std::vector<int>> taken;           // the counts scored (played, else recorded)
  std::optional<std::vector<long long>> score;     // running score after the hand
  std::optional<int> plucks;                       // plucks recorded (absent: not recorded)
  // Plucks made and suffered, by seat: as recorded, else as the previous
  // hand's tricks owed them (absent when neither is known).
  std::optional<std::vector<int>> plucks_made;
  std::optional<std::vector<int>> plucks_suffered;
  // The cards played as the referee reads them where they are not the
  // cards written (`trickref record` goes on as the referee does).
  std::vector<ReadAs> read_as;
  // The play as replayed (RefereeOptions::hand_play; absent when the hand's
  // tricks were not replayed: no trump, no contract, nothing to attribute).
  std::optional<HandPlay> play;
};

// The auction games (call-deuces.md; set only where the ruleset has an
// auction). `bids` as recorded; `void_hand` when everyone passed (no
// contract, nothing scored); `bidder`/`bid` the contract, from the auction
// or else the recorded contract (absent: not known); `partner` the
// bidder's partner, -1 solo (absent: the record cannot show it);
// `points` the hand's points by seat (played, else recorded); `made`
// whether the bidding side reached the bid (absent: not known).
struct ContractFacts {
  bool auction = false;
  std::optional<std::vector<CallSummary>> bids;
  bool void_hand = false;
  std::optional<int> bidder;
  int bid = 0;
  std::optional<int> partner;
  std::optional<std::vector<int>> points;
  std::optional<bool> made;
};

// The partnership games with courts (court-piece.md; set only where the
// ruleset scores courts). Sides are numbered as RefereeResult::sides.
// `trump_by` the player the rules make name trump; `tricks_played` the
// tricks counted (up to the end of the hand); `end` how it ended;
// `side_taken` tricks per side; `winner_side` the side that won the hand
// (-1: neither, level on a short record; absent: not known);
// `courts_won` courts scored in this hand per side; `streak` the running
// streak after the hand (side, count; absent until a side has won a
// hand); `side_score` the running courts per side.
struct CourtsFacts {
  bool courts = false;
  std::optional<int> trump_by;
  int tricks_played = 0;
  std::optional<HandEnd> end;
  std::optional<std::vector<int>> side_taken;
  std::optional<int> winner_side;
  std::vector<int> courts_won;
  std::optional<std::pair<int, int>> streak;
  std::optional<std::vector<long long>> side_score;
};

struct HandSummary : HandFacts, ContractFacts, CourtsFacts {};

struct GameOutcome {
  bool finished = false;
  bool draw = false;  // finished with no winner (court-piece.md §3.6)
  std::vector<int> winners;                     // seats
  std::optional<std::vector<long long>> score;  // final (or current, if unfinished)
  int decided_hand = 0;                         // the hand that ended the game
};

struct RefereeResult {
  // The fixed sides of a partnership game (court-piece.md §2): the seats of
  // each, and its name (the record's `teams` names, else the players joined
  // with " & "); empty where players play for themselves.
  std::vector<std::vector<int>> sides;
  std::vector<std::string> side_names;
  std::vector<HandSummary> hands;
  GameOutcome outcome;
  bool refereed = false;  // false when the record could not be replayed at all
  // The game as the referee counted it after the hands above (scores,
  // deltas, who dealt last): where `trickref record` starts the next hand.
  GameState state;
};

// What a caller reads of a RefereeResult besides its outcome, sides and state.
struct RefereeOptions {
  // Each hand's play as replayed (HandSummary::play), for `analyse`: every
  // trick is then played card by card, none skipped as proven.
  bool hand_play = false;
};

// Referees `game` under `rules`; diagnostics go to `sink`, in game order.
[[nodiscard]] RefereeResult referee(const Game& game, const Ruleset& rules, DiagnosticSink& sink,
                                    RefereeOptions options = {});

// What a ruleset asks of the referee that it does not read from a record
// yet ("an auction", "courts"), or nothing: a game of such a ruleset gets one
// `ruleset` error saying so and is not refereed.
[[nodiscard]] std::optional<std::string_view> unrefereed(const Ruleset& rules);

}  // namespace trickref
