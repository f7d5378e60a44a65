// A game record as written (transcript.md), with the location of every
// value. Pure data: the loader checks structure and tokens only; every rule
// is the referee's. An absent key is std::nullopt ("not recorded"); an
// empty list is "recorded: none".
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "base/diagnostic.h"
#include "cards/card.h"
#include "transcript/token_text.h"

namespace trickref {

// A card token: `card` is set when the token parsed.
struct CardRef {
  std::optional<Card> card;
  TokenText text;  // as written (token_text.h)
  Loc loc;
  friend bool operator==(const CardRef&, const CardRef&) = default;
};

// A player name: `seat` is the index in `players`, -1 if the name is unknown.
struct PlayerRef {
  int seat = -1;
  Loc loc;
  [[nodiscard]] bool ok() const { return seat >= 0; }
  friend bool operator==(const PlayerRef&, const PlayerRef&) = default;
};

struct PluckRec {
  PlayerRef by;
  PlayerRef from;
  CardRef gives;
  std::optional<CardRef> gets;  // absent or null: nothing came back
  Loc loc;
  friend bool operator==(const PluckRec&, const PluckRec&) = default;
};

struct ShowRec {
  PlayerRef to;
  std::vector<CardRef> cards;
  Loc loc;
  friend bool operator==(const ShowRec&, const ShowRec&) = default;
};

struct TrickRec {
  std::optional<PlayerRef> leader;
  std::vector<CardRef> cards;
  Loc loc;
  friend bool operator==(const TrickRec&, const TrickRec&) = default;
};

// A number recorded for a side by its `teams` name (court-piece.md §5).
struct SideNumber {
  int team = -1;  // index into Game::teams
  long long value = 0;
  Loc loc;
  friend bool operator==(const SideNumber&, const SideNumber&) = default;
};

// A map of player -> number (taken, score): one slot per seat. A map may
// leave players out (the partnership games name one player of a side); the
// referee decides whether it must be complete. Keys naming a side by its
// `teams` name are kept apart, in `sides`.
struct SeatNumbers {
  std::vector<std::optional<long long>> values;
  std::vector<Loc> locs;
  std::vector<SideNumber> sides;
  Loc loc;
  [[nodiscard]] bool complete() const {
    for (const auto& v : values) {
      if (!v) {
        return false;
      }
    }
    return !values.empty();
  }
  friend bool operator==(const SeatNumbers&, const SeatNumbers&) = default;
};

// One call of an auction (call-deuces.md §4, settled readings): `pass`
// (any case) or null is a pass; a whole number is a bid of that value,
// whatever the range; anything else is `kOther` (counts as a pass, and is
// bid-range). The caller is named (`{Bob: 18}`) or implied by the order.
struct CallRec {
  enum Kind : std::uint8_t { kPass, kBid, kOther };
  Kind kind = kPass;
  long long bid = 0;   // kBid: the number as written
  std::string text;    // kOther: as written
  std::optional<PlayerRef> caller;  // named; absent: implied
  bool caller_bad = false;          // a name was given but is not a player (already reported)
  Loc loc;
  friend bool operator==(const CallRec&, const CallRec&) = default;
};

// `contract`: {bidder, bid}, or `none` (everyone passed).
struct ContractRec {
  bool none = false;
  std::optional<PlayerRef> bidder;
  std::optional<long long> bid;
  Loc loc;
  Loc bid_loc;
  friend bool operator==(const ContractRec&, const ContractRec&) = default;
};

// `partner`: a player, or `none`/null (solo). The bidder's own name also
// means solo; the referee decides that.
struct PartnerRec {
  std::optional<PlayerRef> player;  // absent: none (solo)
  Loc loc;
  friend bool operator==(const PartnerRec&, const PartnerRec&) = default;
};

// `revoke_claim`: the table's ruling that `player` revoked at trick `trick`.
struct RevokeClaimRec {
  PlayerRef player;
  int trick = 0;  // 1-based
  Loc loc;
  friend bool operator==(const RevokeClaimRec&, const RevokeClaimRec&) = default;
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
  // The auction games (transcript.md, "Keys for the partnership and auction games").
  std::optional<std::vector<CallRec>> bids;
  Loc bids_loc;
  std::optional<ContractRec> contract;
  bool contract_bad = false;  // given but unreadable (already reported)
  std::optional<PartnerRec> partner;
  bool partner_bad = false;   // given but not a player (already reported)
  std::optional<SeatNumbers> points;
  Loc points_loc;
  // The partnership games with courts.
  std::optional<PlayerRef> trump_by;
  std::optional<RevokeClaimRec> revoke_claim;
  bool revoke_claim_bad = false;  // given but unreadable (already reported)
  std::optional<PlayerRef> early_court;  // a player of the side that took an early court, then played on
  std::optional<SeatNumbers> streak;
  // Keys present that only some games use, with where they are: the referee,
  // which knows the game, reports those its game has no use for.
  std::vector<std::pair<std::string_view, Loc>> game_keys;
  // Whether the hand holds anything beyond its dealer (placeholders aside):
  // in a record in progress, the hands after the last one begun are not
  // played yet (`trickref new` writes them ahead).
  bool begun = false;

  // Makes the hand as a new one is, to be read again over what it holds (a
  // reader of an archive reads each game over the one before, in place):
  // every field as new, but the lists a reader fills again in place, which
  // keep what they hold for it to write over or drop, as the hand read next
  // says: deal, deal_seat_locs, kitty, plucks, discard, tricks, taken and
  // score (json_game_reader.cpp). game_keys is emptied, its storage kept.
  void clear_for_reuse();
  friend bool operator==(const HandRec&, const HandRec&) = default;
};

struct ResultRec {
  std::optional<std::vector<PlayerRef>> winners;
  Loc winner_loc;
  std::optional<SeatNumbers> score;
  Loc loc;
  friend bool operator==(const ResultRec&, const ResultRec&) = default;
};

// `teams`: a side's name and its players, as recorded.
struct TeamRec {
  std::string name;
  std::vector<PlayerRef> players;
  Loc loc;
  friend bool operator==(const TeamRec&, const TeamRec&) = default;
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
  std::optional<std::vector<TeamRec>> teams;
  Loc teams_loc;
  // `status: in-progress` (transcript.md; cli.md, "Codes for common slips"):
  // a record `trickref record` is still keeping, whose last hand may be
  // unfinished. Absent for a finished record.
  bool in_progress = false;
  Loc status_loc;

  // Makes the game as a new one is, keeping the storage of its texts and
  // lists, to be read again over what it holds: its hands are kept whole,
  // for the reader to take again one by one (HandRec::clear_for_reuse) or
  // cut.
  void clear_for_reuse();
  friend bool operator==(const Game&, const Game&) = default;
};

}  // namespace trickref
