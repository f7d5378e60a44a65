// The game `trickref record` keeps (cli.md, "trickref record"): what has
// been entered so far, as plain values, and the YAML it is written as
// (transcript.md; `status: in-progress` until the game is over, a comment
// naming each hand). The recorder reads a record back into a Draft to resume
// it; the referee always judges the YAML, never the Draft.
//
// A hand's entries are the phases' (engine/hand.h): the deal, the calls,
// the plucks, trump, the discard and the kitty shown, the tricks card by
// card, and for a score sheet the tricks taken (and the points and partner
// where the scoring counts cards). `undo` takes back the latest of them in the hand's phase
// order, which is the order they were entered in.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "cards/card.h"
#include "engine/hand.h"
#include "ruleset/ruleset.h"
#include "transcript/transcript.h"

namespace trickref::record {

struct DraftPluck {
  int by = -1;
  int from = -1;
  Card gives;
  std::optional<Card> gets;  // none: nothing came back
};

// The kitty cards the dealer showed a plucker (exchange.show_kitty): none
// is an entry too (written `cards: []`), so every plucker is asked once.
struct DraftShow {
  int to = -1;
  std::vector<Card> cards;
};

struct DraftHand {
  int dealer = -1;  // -1 only while a resumed record's hand leaves it to the rotation
  // The deal, complete (every seat and the kitty) or absent.
  std::optional<std::vector<std::vector<Card>>> deal;  // by seat, in the order typed
  std::vector<Card> kitty;
  std::optional<std::vector<std::optional<int>>> bids;  // in order; none: a pass
  std::optional<std::vector<DraftPluck>> plucks;
  std::optional<Suit> trump;
  std::optional<std::vector<Card>> discard;
  std::optional<std::vector<DraftShow>> shows;  // after the discard, in the order asked
  int first_leader = -1;  // written as trick 1's `leader` when >= 0
  std::optional<std::vector<std::vector<Card>>> tricks;
  // A score sheet (transcript.md "taken", "points", "partner").
  std::optional<std::vector<int>> taken;
  std::optional<int> partner;  // -1: solo (`none`)
  std::optional<std::vector<int>> points;

  // Whether the hand is a score sheet (no plays: what each took is typed).
  [[nodiscard]] bool sheet() const { return taken || points || partner; }
  // Whether anything but the dealer has been entered.
  [[nodiscard]] bool empty() const {
    return !deal && !bids && !plucks && !trump && !discard && !shows && !tricks && !sheet();
  }
};

struct Draft {
  std::string ruleset;  // as the record names it (`game:`)
  std::vector<std::string> players;
  // Metadata a resumed record had, written back as it was.
  std::string id;
  std::vector<std::pair<std::string, std::string>> event;
  std::string date;
  std::string notes;
  std::vector<DraftHand> hands;
  bool finished = false;  // the game is over: no `status: in-progress`
};

// The record as YAML, each hand's keys in its phase order (`phases`, then
// taken, partner, points), so the latest entry is always the end of the
// text. Deterministic: the same Draft gives the same bytes.
[[nodiscard]] std::string to_yaml(const Draft& d, const PhaseList& phases);

// A record read back into a Draft, or why it cannot be resumed (something
// the recorder would not write back as it is: a key it does not keep, a
// token that is not a card, an unknown player, several games).
struct Resumed {
  std::optional<Draft> draft;
  std::string problem;
};
[[nodiscard]] Resumed from_game(const Game& g, const std::vector<Diagnostic>& load_diagnostics);

// Takes back the latest entry of the last hand (in `phases` order, then the
// sheet's taken, partner and points); a hand left with nothing but its
// dealer is removed. Returns what was taken back ("the play of 9C by Bob"),
// empty when there was nothing.
[[nodiscard]] std::string undo(Draft& d, const PhaseList& phases);

}  // namespace trickref::record
