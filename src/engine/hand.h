// The hand machine (rules.md §2): one hand's phases, in the order the
// ruleset gives, each with its legal_*, check_* and apply_* functions.
//
//   Pluck, Nine Five Two:  deal, exchange, trump, kitty, play, count
//   exchange.when after_kitty: deal, trump, kitty, exchange, play, count
//   Call Deuces:  deal, auction, kitty (the bidder takes it), trump, discard, play, count
//   Court Piece:  deal (5 each), trump, deal_rest (to 13 each), play, count
//
// The kitty phase is the taker taking the kitty; where trump is named
// before it (the dealer's kitty) the discard is made in the same phase, and
// where the bidder takes it before naming trump the discard is its own phase.
//
// A phase a ruleset does not use is absent (no kitty phase without a kitty
// to take). Three users drive the same machine through run_hand: the
// referee feeds it recorded events (check, report, apply: the record
// stands), the playout feeds it the bots' choices, and the conformance
// tests walk it. `legal_*` lists what may be done; `check_*` is const and
// states the first clause an action breaks as a Violation; `apply_*` does
// the action, legal or not.
//
// Knowledge: a referee may not know what a seat holds (no deal recorded, a
// faulty deal, plucks not recorded). `known[s]` says whether `hands[s]` is
// what seat s really holds; every check that needs a hand is skipped where
// it is not known (rules.md §4: report only what the record proves).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

#include "cards/card.h"
#include "engine/exchange.h"
#include "engine/game.h"
#include "engine/play.h"
#include "engine/violation.h"
#include "ruleset/ruleset.h"

namespace trickref {

enum class Phase : std::uint8_t { kDeal, kAuction, kExchange, kKitty, kTrump, kDealRest, kDiscard, kPlay, kCount };

struct PhaseList {
  std::array<Phase, 10> items{};
  std::uint8_t size = 0;
  [[nodiscard]] const Phase* begin() const { return items.data(); }
  [[nodiscard]] const Phase* end() const { return items.data() + size; }
  [[nodiscard]] bool has(Phase p) const;
};

// The phases of a hand of `r`, in order.
[[nodiscard]] PhaseList hand_phases(const Ruleset& r);

// The exchange of plucks in progress (rules.md §2.3).
struct Exchange {
  bool before_first = false;  // a hand before exchange.from_hand: no plucks
  bool owed_known = false;    // the plucks owed are known (so checked)
  std::array<int, kMaxPlayers> deltas{};  // the last hand's, that made them
  int n_owed = 0;
  std::array<OwedPlucks, kMaxPlayers> owed{};
  std::array<int, kMaxPlayers> made{};   // by owed entry
  std::array<int, kMaxPlayers> place{};  // by owed entry: its plucker's place in `order`
  std::array<int, kMaxPlayers> turns{};  // the owed entries in the order they are made
  int n_order = 0;
  int tie_from = 0;                      // where ties between pluckers start (exchange.tie_start)
  std::array<int, kMaxPlayers> order{};  // pluckers in the order they go
  int furthest = -1;                     // the latest place in `order` a plucker has reached
  // Suits given so far, by plucker and pluckee (bit s: suit s), for
  // exchange.distinct_suits.
  std::array<std::uint8_t, kMaxPlayers * kMaxPlayers> suits_given{};
  // Cards the dealer gave back, by plucker (for the Nine Five Two show).
  std::array<CardSet, kMaxPlayers> dealer_returned{};
};

// The auction in progress (call-deuces.md §2.2).
struct Auction {
  int turn = -1;         // who calls next; -1 once the auction is over
  int calls = 0;         // calls made
  int high = 0;          // the highest bid so far (0: none)
  int bidder = -1;       // who holds it
  int passes_in_row = 0;
  std::array<bool, kMaxPlayers> passed{};
  [[nodiscard]] bool over() const { return turn < 0; }
};

// What the player due may call: pass (when allowed) or a bid from lo to hi
// (none when lo > hi).
struct CallOptions {
  bool pass = true;
  int lo = 0;
  int hi = -1;
};

// How a hand ended (court-piece.md §3.3), as the machine plays it and as the
// reports say it (cli.md, "Reports for the auction and partnership games"):
// played out, an early court (the hand stopped there), an early court the
// side went on to make every trick of, a side's majority, a revoke forfeit.
enum class HandEnd : std::uint8_t { kPlayedOut, kEarlyCourt, kAllTricks, kMajority, kRevoke };

struct HandState {
  const Ruleset* rules = nullptr;
  Policies policies{};
  PhaseList phases;
  bool auctioned = false;    // phases has an auction
  bool discard_apart = false;  // phases has a discard of its own (the kitty phase only takes)
  int number = 1;  // 1-based
  int dealer = 0;
  int players = 3;
  std::array<int, kMaxPlayers> quota{};  // by seat
  std::array<CardSet, kMaxPlayers> hands{};  // set by the deal phase (apply_deal, or the referee's deal)
  std::array<bool, kMaxPlayers> known{};
  CardSet kitty;
  bool kitty_known = false;
  CardSet discard;
  Suit trump = Suit::kClubs;
  Exchange exchange;
  Auction auction;
  bool void_hand = false;  // everyone passed: nothing more is played or scored
  int partner = -1;        // the bidder's partner (partner.by: card); -1 solo or none
  PlayState play;
  // Cards won in tricks by each seat, for the scorings that count cards
  // (note_trick); empty otherwise.
  std::array<CardSet, kMaxPlayers> won{};
  int ended_after = 0;  // the trick after which the hand ended early (0: played out)
  HandEnd end = HandEnd::kPlayedOut;
  int forfeit_side = -1;  // the side that forfeited the hand for a revoke (penalty.revoke: forfeit_hand)
};

// Starts hand `number` dealt by `dealer`: its phases, its quotas by seat
// (rules.md §2.2) and the plucks the game's last deltas make owed.
void start_hand(HandState& h, const GameState& g, int number, int dealer);

// ------------------------------------------------------------------ deal
// Deals `hands` and `kitty` (every seat and the kitty known).
void apply_deal(HandState& h, const std::array<CardSet, kMaxPlayers>& hands, CardSet kitty);

// --------------------------------------------------------------- auction
// (call-deuces.md §2.2) The first call is made left of the dealer.
[[nodiscard]] CallOptions legal_calls(const HandState& h);
// A call (`bid`, or a pass when empty) by `seat`: bid-out-of-turn, then
// bid-range or bid-too-low, and bid-all-pass; every one that applies, into `out`.
void check_call(const HandState& h, int seat, std::optional<int> bid, std::vector<Violation>& out);
// Makes a call as given (the record stands): a bid above the highest so far
// takes the contract (or equals it, under bidding.hold); the turn passes on
// from `seat`; the auction ends where bidding.style ends it.
void apply_call(HandState& h, int seat, std::optional<int> bid);
// Ends the auction where the record stops: the highest bid wins; nobody bid:
// the hand is void.
void close_auction(HandState& h);
// Whether the auction made a contract; its bidder and bid.
[[nodiscard]] inline bool has_contract(const HandState& h) { return h.auction.bidder >= 0 && !h.void_hand; }

// -------------------------------------------------------------- exchange
// The index of the owed entry for `by` plucking `from`, or -1.
[[nodiscard]] int owed_index(const HandState& h, int by, int from);
// The next pluck due, as the rules order them (by, from), or {-1, -1} when
// none is; `given_up` lists owed entries the plucker cannot make.
struct PluckTurn {
  int by = -1;
  int from = -1;
  int owed = -1;
};
[[nodiscard]] inline PluckTurn next_pluck(const HandState& h, std::span<const bool> given_up);
// Whether `by` may pluck `from` now: pluck-unowed, pluck-order.
[[nodiscard]] std::optional<Violation> check_pluck_turn(const HandState& h, int by, int from);
// The cards `by` may give `from` now (no jokers; one suit once a hand where
// exchange.distinct_suits says; the lowest of the suit under lowest_of_suit).
[[nodiscard]] CardSet legal_gives(const HandState& h, int by, int from);
// The cards of a pluck: pluck-joker (given, returned), then for the card
// given pluck-not-held or pluck-give, and pluck-suit-repeat; every one that
// applies, into `out`.
void check_pluck(const HandState& h, int by, int from, std::optional<Card> gives, std::optional<Card> gets,
                 std::vector<Violation>& out);
// The card that must come back for `gives` (exchange.return, exchange.void),
// when the pluckee's hand is known.
[[nodiscard]] std::optional<Card> due_return(const HandState& h, int from, Card gives);
// The card given back: pluck-joker, pluck-return. `proven` is a card of the
// suit the pluckee is proven (by the record) to have held then, higher than
// what came back; used when the pluckee's hand is not known.
[[nodiscard]] std::optional<Violation> check_return(const HandState& h, int by, int from, Card gives,
                                                    std::optional<Card> gets, std::optional<Card> proven);
// Makes one pluck as given (the record stands): counts it against what was
// owed, notes its suit and any card the dealer gave back, and moves the
// cards (move_pluck).
void apply_pluck(HandState& h, int by, int from, std::optional<Card> gives, std::optional<Card> gets);
// The same for a pluck known to be the owed entry `owed` (next_pluck's).
inline void apply_pluck(HandState& h, const PluckTurn& turn, Card gives, std::optional<Card> gets);
// Moves a pluck's cards between two hands where both are known; otherwise
// neither is known any more.
inline void move_pluck(std::array<CardSet, kMaxPlayers>& hands, std::array<bool, kMaxPlayers>& known, int by,
                       int from, std::optional<Card> gives, std::optional<Card> gets);
// Plucks of owed entry `i` still unmade that could have been made.
[[nodiscard]] int plucks_left(const HandState& h, int i);
// The kitty cards the dealer must show each plucker (exchange.show_kitty).
[[nodiscard]] CardSet required_shows(const HandState& h, int plucker);

// ----------------------------------------------------------------- trump
// The seat that names trump (trump.chooser), or -1 when nobody's choice is
// checked (any) or the auction decides (bidder).
[[nodiscard]] int trump_chooser(const Ruleset& r, int dealer);
[[nodiscard]] int trump_chooser(const HandState& h);
// The seat a bot asks for trump: the chooser, or the dealer where nobody's choice is checked.
[[nodiscard]] int trump_namer(const HandState& h);
// Trump named by `seat`: wrong-trump-caller when the rules make another
// player choose (nothing is checked under `any`, or before an auction has a bidder).
[[nodiscard]] std::optional<Violation> check_trump(const HandState& h, int seat);
void apply_trump(HandState& h, Suit trump);

// ----------------------------------------------------------------- kitty
// Who takes the kitty (kitty.taken_by; -1: nobody takes it, or the auction decides).
[[nodiscard]] int kitty_taker(const Ruleset& r, int dealer);
// The same once the auction is known (`bidder` -1: no contract).
[[nodiscard]] int kitty_taker(const Ruleset& r, int dealer, int bidder);
[[nodiscard]] int kitty_taker(const HandState& h);
// The taker takes the kitty into their hand (the bidder, before naming
// trump); the discard follows in its own phase (apply_kitty).
void take_kitty(HandState& h);
// The cards the taker may not discard (kitty.discard_forbid; the partner card
// under partner.solo_by_discard false).
[[nodiscard]] CardSet forbidden_discards(const HandState& h);
// Whether `seat` takes the kitty into their hand in this hand.
[[nodiscard]] bool takes_kitty(const Ruleset& r, int dealer, int seat);
// The cards the taker may discard from (kitty.mode).
[[nodiscard]] CardSet discard_pool(const HandState& h);
// A discard of `count` cards: discard (count); one card: discard (not held).
[[nodiscard]] std::optional<Violation> check_discard_count(const HandState& h, int count);
[[nodiscard]] std::optional<Violation> check_discard(const HandState& h, Card card);
// The taker lays `discard` away with the kitty in hand: taken in the same
// phase (the dealer's kitty), or already by take_kitty (the bidder's).
void apply_kitty(HandState& h, CardSet discard);

// ------------------------------------------------------------------ play
// Starts the play: the hands as they are now, led by `leader`; finds the
// bidder's partner where the partner policy looks at the cards.
void start_play(HandState& h, int leader);
// The card whose holder partners the bidder (partner.card), once trump is named.
[[nodiscard]] Card partner_card(const HandState& h);
// The same where the bidder's partner goes by that card (partner.by: card); none otherwise.
[[nodiscard]] std::optional<Card> partner_card_in_play(const HandState& h);
// Whether the scoring counts the cards won (scoring.kind points).
[[nodiscard]] inline bool counts_cards(const Ruleset& r) { return r.scoring == ScoringKind::kPoints; }
[[nodiscard]] inline bool counts_cards(const HandState& h) { return counts_cards(*h.rules); }
// Notes the trick just finished through the PlayState (its winner, noted
// by finish_trick, leads next): where the scoring counts them, its `cards`
// for that winner.
inline void note_trick(HandState& h, CardSet cards) {
  if (counts_cards(h)) {
    h.won[static_cast<std::size_t>(h.play.leader)] |= cards;
  }
}
// The side a seat plays for (the partner policy's fixed sides).
[[nodiscard]] int side_of(const HandState& h, int seat);
// Who leads the first trick (play.first_lead), given the dealer, the
// bidder (-1: none known) and, for `{card: X}`, the hands at the start of
// play; -1 when it cannot be known.
[[nodiscard]] int first_leader(const Ruleset& r, int dealer, const std::array<CardSet, kMaxPlayers>& hands,
                               bool hands_known, int bidder = -1);
[[nodiscard]] int first_leader(const HandState& h, bool hands_known);

// The end of the hand: whether it ends after the trick just finished (the
// hand-end policy: a majority reached, ...), and ending it after trick
// `trick` (1-based), also after the fact (a later play proved a fault that
// ended it there): tricks after it are neither checked nor counted.
[[nodiscard]] bool hand_ends_after_trick(const HandState& h);
void end_hand_at(HandState& h, int trick);
// Whether the side that has just taken an early court, ending the hand, may
// choose to play on instead (court-piece.md §3.3, hand.after_early_court:
// either: the winners choose; all the tricks then score scoring.all_tricks
// instead, and failing costs nothing). A hand played on is simply not
// ended: the machine goes on to the last trick.
[[nodiscard]] bool may_play_on(const HandState& h);
// Closes the trick in progress; its winner is noted (PlayState::won_by), so
// the hand can be ended after the fact (end_hand_at). Returns the winner.
inline int finish_trick(HandState& h) { return finish_trick(h.play); }
// The tricks the hand has, as played out or as it ended early.
[[nodiscard]] int tricks_in_hand(const HandState& h);
// The tricks each seat took in the tricks that count.
[[nodiscard]] std::array<int, kMaxPlayers> tricks_counted(const HandState& h);

// ----------------------------------------------------------------- count
[[nodiscard]] HandTally tally(const HandState& h, const std::array<int, kMaxPlayers>& taken);
// How the hand counted in `t` ended (court-piece.md §3.3): a forfeit, an
// early court (made into every trick or not), a majority the hand stopped
// at, else played out.
[[nodiscard]] HandEnd hand_ended(const HandState& h, const HandTally& t);

// ------------------------------------------------ inline definitions
// (these run for every pluck of every simulated hand)

inline PluckTurn next_pluck(const HandState& h, std::span<const bool> given_up) {
  const Exchange& ex = h.exchange;
  for (int k = 0; k < ex.n_owed; ++k) {
    const int i = ex.turns[static_cast<std::size_t>(k)];
    const auto ui = static_cast<std::size_t>(i);
    const auto& o = ex.owed[ui];
    if (ex.made[ui] < o.count && !given_up[ui]) {
      return PluckTurn{o.by, o.from, i};
    }
  }
  return {};
}

inline void move_pluck(std::array<CardSet, kMaxPlayers>& hands, std::array<bool, kMaxPlayers>& known, int by,
                       int from, std::optional<Card> gives, std::optional<Card> gets) {
  const auto b = static_cast<std::size_t>(by);
  const auto f = static_cast<std::size_t>(from);
  if (!known[b] || !known[f]) {
    known[b] = known[f] = false;
    return;
  }
  if (gives) {
    hands[b].erase(*gives);
    hands[f].insert(*gives);
  }
  if (gets) {
    hands[f].erase(*gets);
    hands[b].insert(*gets);
  }
}

namespace detail {

// exchange.distinct_suits: notes the suit `by` gave `from` (hand.cpp).
void note_suit_given(HandState& h, int by, int from, Card gives);

// apply_pluck once the pluck's owed entry (or -1) is known.
inline void make_pluck(HandState& h, int i, int by, int from, std::optional<Card> gives, std::optional<Card> gets) {
  Exchange& ex = h.exchange;
  if (i >= 0 && ex.made[static_cast<std::size_t>(i)] < ex.owed[static_cast<std::size_t>(i)].count) {
    ++ex.made[static_cast<std::size_t>(i)];
    const int place = ex.place[static_cast<std::size_t>(i)];
    ex.furthest = place > ex.furthest ? place : ex.furthest;
  }
  const bool joker = (gives && gives->is_joker()) || (gets && gets->is_joker());
  if (gives && !joker && h.rules->distinct_suits != DistinctSuits::kNo) {
    note_suit_given(h, by, from, *gives);
  }
  if (from == h.dealer && gets && !gets->is_joker()) {
    ex.dealer_returned[static_cast<std::size_t>(by)].insert(*gets);
  }
  move_pluck(h.hands, h.known, by, from, gives, gets);
}

}  // namespace detail

inline void apply_pluck(HandState& h, const PluckTurn& turn, Card gives, std::optional<Card> gets) {
  detail::make_pluck(h, turn.owed, turn.by, turn.from, gives, gets);
}

// ---------------------------------------------------------- the sequence
// Runs the hand's phases in order, each through `driver` (deal, auction,
// exchange, kitty, trump, deal_rest, discard, play, count; each takes the
// HandState). After an all-pass auction only the count is run.
template <class Driver>
void run_hand(HandState& h, Driver& driver) {
  for (const Phase p : h.phases) {
    if (h.void_hand && p != Phase::kCount) {
      continue;  // everyone passed: the hand is void, only counted (as nothing)
    }
    switch (p) {
      case Phase::kDeal:
        driver.deal(h);
        break;
      case Phase::kAuction:
        driver.auction(h);
        break;
      case Phase::kDealRest:
        driver.deal_rest(h);
        break;
      case Phase::kDiscard:
        driver.discard(h);
        break;
      case Phase::kExchange:
        driver.exchange(h);
        break;
      case Phase::kTrump:
        driver.trump(h);
        break;
      case Phase::kKitty:
        driver.kitty(h);
        break;
      case Phase::kPlay:
        driver.play(h);
        break;
      case Phase::kCount:
        driver.count(h);
        break;
    }
  }
}

}  // namespace trickref
