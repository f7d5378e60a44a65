// A game record as written (transcript.md), with the location of every
// value. Pure data: the loader checks structure and tokens only; every rule
// is the referee's. An absent key is std::nullopt ("not recorded"); an
// empty list is "recorded: none".
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "base/diagnostic.h"
#include "cards/card.h"

namespace trickref {

// A card token: `card` is set when the token parsed.
struct CardRef {
  std::optional<Card> card;
  std::string text;  // as written
  Loc loc;
};

// A player name: `seat` is the index in `players`, -1 if the name is unknown.
struct PlayerRef {
  int seat = -1;
  Loc loc;
  [[nodiscard]] bool ok() const { return seat >= 0; }
};

struct PluckRec {
  PlayerRef by;
  PlayerRef from;
  CardRef gives;
  std::optional<CardRef> gets;  // absent or null: nothing came back
  Loc loc;
};

struct ShowRec {
  PlayerRef to;
  std::vector<CardRef> cards;
  Loc loc;
};

struct TrickRec {
  std::optional<PlayerRef> leader;
  std::vector<CardRef> cards;
  Loc loc;
};

// A map of player -> number (taken, score): one slot per seat.
struct SeatNumbers {
  std::vector<std::optional<long long>> values;
  std::vector<Loc> locs;
  Loc loc;
  [[nodiscard]] bool complete() const {
    for (const auto& v : values) {
      if (!v) {
        return false;
      }
    }
    return !values.empty();
  }
};

struct HandRec {
  int number = 0;  // 1-based
  Loc loc;
  std::optional<PlayerRef> dealer;
  std::optional<std::vector<std::vector<CardRef>>> deal;  // by seat; complete when present
  Loc deal_loc;
  std::vector<Loc> deal_seat_locs;
  std::optional<std::vector<CardRef>> kitty;
  Loc kitty_loc;
  std::optional<std::vector<PluckRec>> plucks;
  Loc plucks_loc;
  std::optional<Suit> trump;
  bool trump_bad = false;  // given but not a suit (already reported)
  Loc trump_loc;
  std::optional<std::vector<CardRef>> discard;
  Loc discard_loc;
  std::optional<std::vector<ShowRec>> shows;
  Loc shows_loc;
  std::optional<std::vector<TrickRec>> tricks;
  Loc tricks_loc;
  std::optional<SeatNumbers> taken;
  std::optional<SeatNumbers> score;
};

struct ResultRec {
  std::optional<std::vector<PlayerRef>> winners;
  Loc winner_loc;
  std::optional<SeatNumbers> score;
  Loc loc;
};

struct Game {
  std::string file;
  int index = 0;  // 0-based position in its file
  Loc loc;
  std::optional<std::string> ruleset_ref;
  Loc ruleset_loc;
  std::string id;
  std::vector<std::pair<std::string, std::string>> event;  // scalar metadata, in file order
  std::string date;
  std::string notes;
  std::vector<std::string> players;
  std::vector<Loc> player_locs;
  std::vector<HandRec> hands;
  std::optional<ResultRec> result;
};

}  // namespace trickref
