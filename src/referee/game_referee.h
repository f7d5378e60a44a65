// The referee's one class, for the files that define it (referee.cpp: the
// game and the phases; hand_phases.cpp: the deal, exchange, show and
// discard; plays.cpp: the tricks; count_quota.cpp, count_contract.cpp,
// count_courts.cpp: one checker per scoring family). It reads a hand first
// (referee/reading.h) and then judges it: it drives the hand machine's
// phases and turns the machine's Violations into Diagnostics
// (referee/messages.h). Not for use outside src/referee: callers use referee().
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/game.h"
#include "engine/hand.h"
#include "referee/messages.h"
#include "referee/reading.h"
#include "referee/referee.h"
#include "referee/sides.h"

namespace trickref {

// Bids past this are out of every range; the hand machine holds them as ints.
constexpr long long kFarBid = 1'000'000'000LL;

// Where each card came from, for notes pointing at the evidence (how it
// came is worded from the seat, GameReferee::how, only when a note needs it).
struct CardOrigin {
  Loc loc;
  int seat = -2;  // -1: the kitty; -2: not dealt
};

// The courts games: the first revoke that forfeits (its 1-based trick and
// seat), the trick the hand was forfeited at, whether the recorded claim
// was shown by a revoke, and tricks recorded past the end.
struct PlayEnd {
  int revoke_trick = 0;
  int revoke_seat = -1;
  int forfeit_trick = 0;
  bool claim_shown = false;
  bool past_end = false;
};

// What the referee holds of the hand being refereed: one value, made fresh
// for each hand (nothing of it outlives the hand).
struct RefereedHand {
  const HandRec* rec = nullptr;  // the hand being refereed
  HandSummary* sum = nullptr;
  // The recorded maps where the game reads them per seat: complete, else null.
  const SeatNumbers* taken = nullptr;
  const SeatNumbers* points = nullptr;
  const SeatNumbers* score = nullptr;
  bool open = false;       // the hand may be unfinished: the last begun of an in-progress record, or after it
  std::string unfinished;  // what that hand lacks yet (empty: it is finished)
  bool attributable = false;   // the plays were read (reading.h)
  bool adds_up = false;        // the tricks taken add up, so the next hand's plucks are known
  bool contract_known = true;  // the auction games: the hand's contract (or its voiding) is known
  bool discard_known = false;  // the discard was recorded and read
  long long high_as_written = 0;  // the auction's standing bid as the record wrote it
  bool points_mismatch = false;
  std::optional<std::vector<int>> played_taken;  // the tricks each took, as played
  std::array<bool, kMaxPlayers> taken_mismatch{};  // by seat: the recorded taken differs from the played
  CardSet not_held;                              // cards reported not held
  PlayEnd ending;  // the courts games: how the play ended
};

class GameReferee {
 public:
  GameReferee(const Game& g, const Ruleset& r, DiagnosticSink& sink, RefereeOptions options);
  RefereeResult run();
 private:
  // ------------------------------------------------------------ reporting
  Diagnostic& report(Code code, Loc loc, std::string message);
  Diagnostic& report(Severity sev, Code code, Loc loc, std::string message);
  // A Violation from the hand machine, worded (referee/messages.cpp) and
  // located; the player is the one at fault, the card the one at fault or
  // else the one that proves it.
  Diagnostic& say(const Violation& v, Loc loc);
  // What a message may name (referee/messages.h).
  Wording words() const { return Wording{&r_, &names_, dealer_, machine_.exchange.tie_from, &game_.deltas}; }
  // A player as messages name them: clipped (base/text.h), so a long name
  // cannot swell every diagnostic.
  const std::string& name(int seat) const { return names_[static_cast<std::size_t>(seat)]; }
  // How a card came to where it was dealt: "to Ann", "to the kitty" (empty: not dealt).
  std::string how(const CardOrigin& o) const;
  static Diagnostic& about(Diagnostic& d, const std::string& player, std::optional<Card> card = std::nullopt);
  // ----------------------------------------------------------------- hand
  // Referees hand `h` into `sum`, a new summary.
  void referee_hand(const HandRec& h, HandSummary& sum);
 public:
  // ------------------------------------------- the phases (run_hand calls)
  void deal(HandState& m);
  // The hand's plays as read (referee/reading.h); where nobody can be known
  // to lead the first trick, that is a schema error and nothing is read.
  bool read_plays(const HandRec& h, const HandState& m);
  void exchange(HandState& m);
  void trump(HandState& m);
  void kitty(HandState& m);
  // The auction (call-deuces.md §2.2, §4): every call checked and made as
  // recorded, then the recorded contract checked against it; without calls
  // the recorded contract is the one played. The plays are attributed once
  // the bidder, who leads, is known.
  void auction(HandState& m);
  // Court Piece's deal in two parts: run() refuses its rulesets before any
  // hand (unrefereed), so this is never reached.
  void deal_rest(HandState& /*m*/) {}
  // The bidder's discard after taking the kitty (call-deuces.md §2.3).
  void discard(HandState& m) { check_discard(*cur_.rec, m); }
  void play(HandState& m);
  void count(HandState& m);
  // The count of a quota hand (rules.md §2.2, §2.7): the tricks taken as
  // played, else as recorded, then the scores.
  void count_quota(const HandRec& h, HandState& m, HandSummary& sum);
 private:
  // Plucks made and suffered per seat, for the standings.
  void count_plucks(const HandRec& h, const HandState& m, HandSummary& sum) const;
  // ----------------------------------------------------------------- deal
  // Where `card` was first dealt in the hand being refereed, as check_deal
  // reads the deal: its first token, by seat and then the kitty, as a card
  // of the deck (seat -2: not dealt). Looked up when a message names it,
  // rather than noted for every card dealt (1% of an archive's refereeing).
  [[nodiscard]] CardOrigin origin(Card card) const;
  // The recorded deal through the engine's deal clauses (engine/deal.h),
  // its faults worded here.
  void check_deal(const HandRec& h, HandState& m);
  // Entry `i` of the deal as check_deal reads it: the seats' cards, then the kitty's.
  static const CardRef& deal_entry(const HandRec& h, int i);
  // -------------------------------------------------------------- exchange
  void check_exchange(const HandRec& h, HandState& m);
  // ------------------------------------------------------------------ show
  void check_show(const HandRec& h, const HandState& m);
  // --------------------------------------------------------------- discard
  void check_discard(const HandRec& h, HandState& m);
  // The bidder takes the kitty into their hand (call-deuces.md §2.3); the
  // discard follows in its own phase. Where the kitty is not known, neither
  // is the bidder's hand from now on.
  void take_kitty_phase(HandState& m);
  // ------------------------------------------------ maps of player -> number
  // A recorded map the game reads per seat (taken, points, score): it must
  // name every player; one that does not is a `schema` error and is not used.
  const SeatNumbers* per_seat(const std::optional<SeatNumbers>& m, std::string_view what);
  // ------------------------------------------------------- keys of a game
  // Hand keys of another game (call-deuces.md §4, "Keys of other games"):
  // the loader reads them whatever the game; here, knowing it, those it has
  // no use for are unknown keys, as the format's other undefined keys.
  void check_game_keys(const HandRec& h);
  // ------------------------------------------------------------- auction
  // The recorded calls, in order: each checked by the machine (check_call)
  // and made as recorded (apply_call). A caller who is not named is the one
  // due (after the end, the next to the left); a call that is not a number
  // is bid-range and counts as a pass (call-deuces.md §4, settled readings).
  void run_calls(const std::vector<CallRec>& calls, HandState& m);
  // The recorded contract: checked against the auction where calls are
  // recorded, else the one played (a score sheet). Neither: the hand cannot
  // be scored.
  void check_contract(const HandRec& h, HandState& m);
  // -------------------------------------------------- contract and points
  // Who held the partner card, as the record proves it (call-deuces.md §4,
  // "Partner proof"): a play of it, a recorded discard holding it, the deal
  // (in the kitty: the bidder), or, every trick recorded and no discard, its
  // never being played (so discarded). Absent when nothing proves it.
  struct Holder {
    int seat = -1;
    say::PartnerProof how = say::PartnerProof::kPlayed;
    Loc loc;
  };

  std::optional<Holder> partner_holder(const HandRec& h, const HandState& m, bool all_played) const;
  // Where the counting cards a player's points include were won (and, for
  // the bidder, laid away).
  void points_notes(Diagnostic& d, const HandRec& h, const HandState& m, int seat, bool discard);
  // Recorded points the tricks do not give (a score sheet): any that no
  // play of the hand could give (call-deuces.md §4, engine/points_possible.h).
  void check_sheet_points(const HandState& m, const std::optional<std::vector<int>>& taken);
  // The count of a hand with a contract (call-deuces.md §2.6, §2.7, §4):
  // the tricks, the partner, each player's points (from the tricks where all
  // are recorded, else as recorded), then the scores.
  void count_contract(const HandRec& h, HandState& m, HandSummary& sum);
  // ------------------------------------------------------------- sides
  // The fixed sides (referee/sides.h); a `teams` entry that matches none is
  // reported once.
  void make_sides(RefereeResult& out);
  // ------------------------------------------------------------- courts
  // The count of a courts hand (court-piece.md §3.3-§3.5, §5): the tricks
  // as played (up to the hand's end), else the recorded `taken` read as a
  // score sheet; the hand's winner, its courts and the streak; then the
  // recorded taken, score and streak checked per side.
  void count_courts(const HandRec& h, HandState& m, HandSummary& sum);
  // Recorded `taken` against the tricks as played (court-piece.md §5): a
  // side with both players named is compared player by player, a side with
  // one player (or its team name) as the side's total.
  void check_side_taken(const HandRec& h, const std::array<int, kMaxPlayers>& counted,
                        const std::vector<int>& side_taken);
  // A score-sheet hand of courts (court-piece.md §5, "Score sheets"): the
  // tricks per side from `taken`, read as the rules end a hand. Absent when
  // a side's tricks are not recorded.
  std::optional<HandTally> sheet_tally(const HandRec& h, HandState& m, std::vector<int>& side_taken);
  // ------------------------------------------------------- the hand's end
  // Whether the hand ends after trick `done` (1-based), in trick order
  // (court-piece.md §5, "How a hand ends"): a revoke that forfeits, proven
  // or claimed, at its trick; an early court (under `either` the record
  // shows the choice: more tricks recorded, it was played on); a majority
  // where the house stops there. Tricks recorded past an early court or a
  // majority are one `tricks-past-end`.
  bool ends_here(const HandRec& h, HandState& m, int done);
  // The side of `seat` forfeits the hand at trick `done` (penalty.revoke: forfeit_hand).
  void forfeit(HandState& m, int seat, int done);
  // A recorded revoke_claim the record does not show (court-piece.md §5).
  void check_claim(const HandRec& h);
  // The last hand of an in-progress record lacks `what` yet: noted once (the
  // first thing found), at the count, instead of a fault.
  void unfinished(std::string_view what);
  // ----------------------------------------------------------------- plays
  void check_trick_count(const HandRec& h, int ended_after = 0, bool early_court = false);
  // What check_plays carries from trick to trick: where each card was
  // first played (its 0-based trick, -1: not yet, and where), which seats'
  // hands are known from the record, where the hand's plucks left the cards
  // they moved, whether the first lead was reported, and whether play is
  // still at attribute()'s (LegalTricks: every trick so far proven and
  // skipped, from the same first play).
  struct PlaysSoFar {
    std::array<int, 64> played_in{};
    std::array<Loc, 64> played_loc{};
    std::array<bool, kMaxPlayers> forward{};
    PluckHolders pinned;
    bool first_lead_reported = false;
    bool in_step = true;
  };
  Hands hands_at_play(const HandState& m, std::array<bool, kMaxPlayers>& forward) const;
  void check_leader(const TrickRec& tr, std::size_t t, int due, PlaysSoFar& so_far);
  bool play_trick(const HandRec& h, HandState& m, std::size_t t, PlaysSoFar& so_far);
  std::optional<std::vector<int>> check_plays(const HandRec& h, HandState& m);
  // `p`: the last pluck that moved `c`.
  void pluck_not_held(int seat, Card c, int holder, const PluckRec* p, Loc loc);
  // Reports a play's Violation: once per card (a card first reported as
  // not held is not a duplicate-play again), once per hand for the first
  // lead, and not-held only where the hand is known from the record; with
  // notes pointing at the evidence.
  Diagnostic* play_fault(Violation v, const PlayState& s, const CardRef& ref, const std::array<int, 64>& played_in,
                  const std::array<Loc, 64>& played_loc, const std::array<bool, kMaxPlayers>& forward,
                  bool& first_lead_reported);
  // A play's Violation: the card of the diagnostic is the card played.
  Diagnostic& say_play(const Violation& v, Loc loc);
  void evidence_note(Diagnostic& d, int seat, Card evidence, const std::array<bool, kMaxPlayers>& forward);
  // ----------------------------------------------------------------- totals
  std::optional<std::vector<int>> settle_taken(const HandState& m, std::optional<std::vector<int>> played);
  // Scores the hand from its tally (absent: the hand's figures cannot be
  // known, and neither can the scores from here on) and checks the recorded
  // running scores.
  void score_hand(const HandRec& h, const std::optional<HandTally>& tallied, HandSummary& sum);
  // The running scores, by seat.
  std::vector<long long> running() const { return {game_.score.begin(), game_.score.begin() + n_}; }
  GameOutcome outcome() const;
  void check_result(const GameOutcome& o);
  std::vector<std::string> names_;  // name(seat)
  const Game& g_;
  const Ruleset& r_;
  DiagnosticSink& sink_;
  int n_ = 0;
  // Where the referee is, for the diagnostics it reports: the hand and
  // trick (1-based; 0: none) and the phase.
  struct Where {
    int hand = 0;
    int trick = 0;
    std::uint8_t phase = phase::kGame;
  } at_;

  bool stop_ = false;
  int prev_dealer_ = -1;
  int dealer_ = 0;
  GameState game_;
  const bool hand_play_;  // RefereeOptions::hand_play: each hand's play kept (HandSummary::play)
  // The courts games: whether the last hand's result (so the next dealer) is known.
  bool dealer_known_ = true;
  Sides sides_;  // the fixed sides of a partnership game
  HandReading reading_;  // the hand's record as read, before it is judged
  RefereedHand cur_;     // the hand being refereed: made fresh for each hand
  // The hand machine's state: made fresh for each hand by the machine itself
  // (start_hand), which keeps what is the same for every hand of a game.
  HandState machine_;
  // One checker per scoring family (the count phase of a hand), chosen by
  // the ruleset as the engine's policy table chooses a policy
  // (engine/policy/table.cpp): the first whose `fits` holds.
  struct Counter {
    std::string_view family;
    bool (*fits)(const Ruleset& r);
    void (GameReferee::*count)(const HandRec& h, HandState& m, HandSummary& sum);
  };
  static const std::array<Counter, 3> kCounters;
  // The count of a hand for the ruleset's scoring family (kCounters).
  void (GameReferee::*counter_)(const HandRec&, HandState&, HandSummary&) = nullptr;
  // The recorded running scores of the last hand (by seat; by side in a
  // partnership game), where the next hand's are checked against them, and
  // storage for the next hand's (score_hand).
  struct RecordedTotals {
    std::optional<std::vector<long long>> prev;
    std::vector<long long> spare;
    std::optional<std::vector<long long>> side_prev;
  } recorded_;

  // The end of the game: the hand that ended it (0: not yet), whether hands
  // recorded past it were reported, the scores and winners then, and the
  // running scores recorded at it.
  struct Ended {
    int hand = 0;
    bool past_reported = false;
    std::vector<long long> score;
    std::vector<int> winners;
    std::optional<std::vector<long long>> recorded;
  } ended_;

  // check_deal(): the deal's faults (storage kept from hand to hand).
  struct DealScratch {
    std::vector<Violation> found;
  } scratch_;
};

}  // namespace trickref
