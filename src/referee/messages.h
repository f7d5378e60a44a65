// How the referee words what the engine states: every message text of a
// code, for the facts the hand machine reports as Violations, sits here,
// in the order of the code catalogue (cli.md "Diagnostic codes").
#pragma once

#include <array>
#include <string>
#include <utility>
#include <vector>

#include "cards/card.h"
#include "engine/policies.h"
#include "engine/policy/table.h"
#include "engine/violation.h"
#include "ruleset/ruleset.h"

namespace trickref {

// What a message may name besides the Violation itself.
// Scores with the names they belong to (players, or sides), in seat order.
using NamedScores = std::vector<std::pair<std::string, long long>>;

struct Wording {
  const Ruleset* rules = nullptr;
  const std::vector<std::string>* names = nullptr;  // by seat, clipped
  int dealer = 0;
  int tie_from = 0;  // where ties between pluckers start
  // The previous hand's tricks over (+) or short (-), which made the plucks.
  const std::array<int, kMaxPlayers>* deltas = nullptr;
};

// The message of `v`, in words a player accepts.
[[nodiscard]] std::string message(const Violation& v, const Wording& w);

// The messages of what the referee finds comparing the record with itself
// and with the figures it computes (no engine fact behind them), and the
// notes that point at evidence. Grouped by code, in catalogue order.
namespace say {
// schema
[[nodiscard]] std::string player_count(const Ruleset& r, int listed);
// A ruleset whose records the referee does not read yet (`what`: "an auction").
[[nodiscard]] std::string not_refereed_yet(const Ruleset& r, std::string_view what);
[[nodiscard]] std::string first_leader_unknown(const Ruleset& r, int hand);
// not-in-deck, duplicate-card, hand-size (the deal)
[[nodiscard]] std::string not_in_deck_dealt(const Ruleset& r, Card card, const std::string& to);
[[nodiscard]] std::string duplicate_card(Card card, const std::string& to, const std::string& before);
[[nodiscard]] std::string first_dealt_here(Card card);
[[nodiscard]] std::string hand_size(const Wording& w, int seat, long long dealt);
[[nodiscard]] std::string kitty_size(const Ruleset& r, long long dealt);
// wrong-dealer
[[nodiscard]] std::string wrong_dealer(const Wording& w, int hand, int recorded, int previous, int due);
// pluck-missing, pluck-return's note
[[nodiscard]] std::string pluck_missing(const Wording& w, int by, int from, int made, int owed, int hand);
[[nodiscard]] std::string played_not_received(const Wording& w, int seat, Card card, int trick);
// bid-range: a bid out of range as written; a recorded contract out of range.
[[nodiscard]] std::string bid_out_of_range(const Wording& w, int seat, long long bid);
[[nodiscard]] std::string contract_out_of_range(const Wording& w, int bidder, long long bid);
// not-held's note at the pluck that left the card with another player
// (`returned`: given back by the pluckee, else given by the plucker).
[[nodiscard]] std::string moved_in_pluck(const Wording& w, int giver, int receiver, Card card, bool returned);
// show-missing
[[nodiscard]] std::string show_missing(const Wording& w, int plucker, CardSet given_back, CardSet due, CardSet shown);
// trump-missing
[[nodiscard]] std::string trump_missing(int hand);
// first-lead, out-of-turn
[[nodiscard]] std::string first_leader(const Wording& w, int recorded, int due);
[[nodiscard]] std::string out_of_turn(const Wording& w, int recorded, int trick, int due);
// not-held, duplicate-play, revoke and trump-lead notes
[[nodiscard]] std::string held_by(const Wording& w, Card card, int seat);
[[nodiscard]] std::string first_played_here(Card card);
[[nodiscard]] std::string was_dealt(const std::string& who, Card card);
[[nodiscard]] std::string played_later(const Wording& w, int seat, Card card, int trick);
// trick-size, trick-count, tricks-total
[[nodiscard]] std::string trick_size(const Ruleset& r, int trick, long long cards);
// trick-count: `early_court` when the hand had one.
[[nodiscard]] std::string trick_count(const Ruleset& r, int hand, long long tricks, int ended_after,
                                      bool early_court);
[[nodiscard]] std::string tricks_total(const Ruleset& r, long long total);
// taken-mismatch, score-mismatch
[[nodiscard]] std::string taken_mismatch(const Wording& w, int seat, long long recorded, long long won);
[[nodiscard]] std::string score_mismatch(const Wording& w, int seat, int hand, long long recorded, long long truth,
                                         long long before, long long points, const HandTally& t);
[[nodiscard]] std::string final_score_mismatch(const Wording& w, int seat, long long recorded, long long truth);
[[nodiscard]] std::string final_courts_mismatch(std::string_view side, long long recorded, long long truth);
// winner-mismatch: `winners` as the report names them (empty: a draw); the
// score per player, or per side in a partnership game.
[[nodiscard]] std::string wrong_winner(const Wording& w, const std::vector<int>& recorded, std::string_view winners,
                                       const NamedScores& score, int decided_hand);
[[nodiscard]] std::string winner_unfinished(const Wording& w, const std::vector<int>& recorded,
                                            const NamedScores& score);
// played-past-end
[[nodiscard]] std::string played_past_end(const Wording& w, int hand, const std::vector<int>& winners, int ended);

// The auction games (call-deuces.md §4).
// unknown-key: a hand key of another game (`lacks`: what this game has none of).
[[nodiscard]] std::string unused_key(const Ruleset& r, std::string_view key, std::string_view lacks);
[[nodiscard]] std::string unused_game_key(const Ruleset& r, std::string_view key, std::string_view lacks);
// bid-range: a call that is neither pass nor a number.
[[nodiscard]] std::string call_not_a_number(const Wording& w, int seat, std::string_view text);
// schema: a hand whose contract or partner cannot be known.
[[nodiscard]] std::string contract_unknown(int hand);
[[nodiscard]] std::string partner_unknown(const Wording& w, int hand, int bidder);
// contract-mismatch (bidder -1: no contract, everyone passed).
[[nodiscard]] std::string contract_mismatch(const Wording& w, int recorded_bidder, long long recorded_bid, int bidder,
                                            long long bid);
// no-contract
[[nodiscard]] std::string no_contract(int hand, long long tricks);
// partner-mismatch, with how the holder of the partner card is proven.
enum class PartnerProof : std::uint8_t { kPlayed, kDiscarded, kDealt, kInKitty, kNeverPlayed };
[[nodiscard]] std::string partner_mismatch(const Wording& w, int bidder, int recorded, int truth, Card card,
                                           PartnerProof how, int holder);
[[nodiscard]] std::string partner_evidence(const Wording& w, Card card, PartnerProof how, int holder);
// points-mismatch: the tricks taken and the counting cards won (and, for the
// bidder, in the discard).
// points-mismatch's and bid-too-low's notes.
[[nodiscard]] std::string won_in_trick(const Wording& w, int seat, Card card, int trick);
[[nodiscard]] std::string discarded_here(const Wording& w, int seat, Card card);
[[nodiscard]] std::string bid_here(const Wording& w, int seat, int bid);
[[nodiscard]] std::string points_mismatch(const Wording& w, int seat, long long recorded, long long truth, int tricks,
                                          CardSet won, CardSet discard);
// points-impossible (engine/points_possible.h): `v` the fact, `recorded` the
// hand's recorded points by seat.
[[nodiscard]] std::string points_impossible(const Wording& w, const Violation& v,
                                            const std::vector<long long>& recorded);

// Court Piece (court-piece.md §5). Sides are named as the reports name them.
// wrong-dealer under rotation by_result, naming the rule that applied.
[[nodiscard]] std::string wrong_dealer_by_result(const Wording& w, int hand, int recorded, int previous, int due,
                                                 policy::ByResult rule);
// tricks-past-end: the hand ended after `ended_after` tricks, `why`.
[[nodiscard]] std::string tricks_past_end(int hand, long long recorded, int ended_after, std::string_view why);
// revoke-claim-unfounded (`reached`: the record reaches the claimed trick).
[[nodiscard]] std::string revoke_claim_unfounded(const Wording& w, int seat, int trick, bool reached);
// team-mismatch
[[nodiscard]] std::string team_mismatch(const Wording& w, std::string_view team, const std::vector<int>& seats);
// taken-mismatch and score-mismatch for a side, and the streak.
[[nodiscard]] std::string side_taken_mismatch(std::string_view side, long long recorded, long long won);
[[nodiscard]] std::string side_score_mismatch(std::string_view side, int hand, long long recorded, long long truth,
                                              long long before, long long courts);
[[nodiscard]] std::string streak_mismatch(int hand, std::string_view recorded_side, long long recorded,
                                          std::string_view side, int count);
[[nodiscard]] std::string sides_disagree(std::string_view what, std::string_view side);
// schema: a hand whose result cannot be known.
[[nodiscard]] std::string hand_result_unknown(int hand);

// Recording (cli.md, "Codes for common slips (recording)").
// incomplete: the last hand of an in-progress record, `what` it lacks yet
// (one of the texts below).
[[nodiscard]] std::string hand_unfinished(int hand, std::string_view what);
[[nodiscard]] std::string tricks_so_far(long long recorded, int due);
[[nodiscard]] std::string trick_so_far(int trick, long long cards, int players);
inline constexpr std::string_view kNoTricksYet = "no tricks recorded yet";
inline constexpr std::string_view kPlucksToMake = "owed plucks still to be made";
inline constexpr std::string_view kNoContractYet = "no bids or contract recorded yet";
inline constexpr std::string_view kAuctionGoingOn = "the auction is not over";
// trick-order: the trick reads as written from `written_from`'s seat; its
// cards in play order from `leader`.
[[nodiscard]] std::string trick_order(const Wording& w, int trick, int written_from, int leader,
                                      const std::vector<Card>& in_play_order);
// A mistyped card's note: `meant`, the one card `seat` held that fits
// (`keystroke`: chosen as the one a keystroke from `typed`).
[[nodiscard]] std::string probably_meant(const Wording& w, int seat, std::string_view typed, Card meant, bool keystroke);
}  // namespace say

}  // namespace trickref
