// The keys of a record (transcript.md), spelled once for every writer of
// records: the YAML writer (transcript/record_yaml.h) and its users
// (simulate --out, record, import, new) and the JSON Lines writer
// (transcript/writer.h). Character arrays, so JsonOut::key knows at compile
// time that each is plain text.
#pragma once

namespace trickref::record_key {

// The game.
inline constexpr char kGame[] = "game";
inline constexpr char kId[] = "id";
inline constexpr char kEvent[] = "event";
inline constexpr char kDate[] = "date";
inline constexpr char kNotes[] = "notes";
inline constexpr char kPlayers[] = "players";
inline constexpr char kStatus[] = "status";
inline constexpr char kHands[] = "hands";
inline constexpr char kResult[] = "result";

// A hand, in the order the writers give them.
inline constexpr char kDealer[] = "dealer";
inline constexpr char kDeal[] = "deal";
inline constexpr char kKitty[] = "kitty";
inline constexpr char kBids[] = "bids";
inline constexpr char kContract[] = "contract";
inline constexpr char kPlucks[] = "plucks";
inline constexpr char kTrumpBy[] = "trump_by";
inline constexpr char kTrump[] = "trump";
inline constexpr char kDiscard[] = "discard";
inline constexpr char kShows[] = "shows";
inline constexpr char kPartner[] = "partner";
inline constexpr char kTricks[] = "tricks";
inline constexpr char kEarlyCourt[] = "early_court";
inline constexpr char kRevokeClaim[] = "revoke_claim";
inline constexpr char kTaken[] = "taken";
inline constexpr char kPoints[] = "points";
inline constexpr char kScore[] = "score";
inline constexpr char kStreak[] = "streak";

// Inside a hand's values and the result.
inline constexpr char kBidder[] = "bidder";  // contract
inline constexpr char kBid[] = "bid";
inline constexpr char kBy[] = "by";  // a pluck
inline constexpr char kFrom[] = "from";
inline constexpr char kGives[] = "gives";
inline constexpr char kGets[] = "gets";
inline constexpr char kTo[] = "to";  // a show
inline constexpr char kCards[] = "cards";  // a show, a trick naming its leader
inline constexpr char kLeader[] = "leader";
inline constexpr char kPlayer[] = "player";  // revoke_claim
inline constexpr char kTrick[] = "trick";
inline constexpr char kWinner[] = "winner";  // result

// Values written as words.
inline constexpr char kNone[] = "none";  // contract: everyone passed; partner: the bidder alone
inline constexpr char kPass[] = "pass";  // a call
inline constexpr char kInProgress[] = "in-progress";  // status

}  // namespace trickref::record_key
