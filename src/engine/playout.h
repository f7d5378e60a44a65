// Plays whole games through the engine's own legal-choice lists, so every
// game it produces is legal by construction. The referee's conformance
// tests, the sample generator and `simulate` use it.
//
// Who decides is pluggable: each seat has a SeatPolicy, and every decision
// it is asked for comes with the list of legal choices the engine computed
// (the cards a plucker may give, the cards that may be discarded, the cards
// `legal_plays` allows), so a policy cannot cheat. A game has two random
// generators, both seeded from PlayoutOptions::seed: one shuffles the deck
// for each hand, the other is shared by every seat in a fixed order. Same
// seed and policies, same game; and the same seed deals the same cards hand
// after hand whatever the seats draw, so two rulesets with one deck can be
// compared over the same deals (issue 16: the rules study).
//
// The generator, the shuffle and the loop that plays random seats' cards
// are the random-play kit (engine/random_play.h).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <utility>
#include <vector>

#include "engine/play.h"
#include "engine/random_play.h"
#include "ruleset/ruleset.h"

namespace trickref {

struct PlayedPluck {
  int by = 0;
  int from = 0;
  Card gives;
  std::optional<Card> gets;
};

struct PlayedHand {
  int dealer = 0;
  std::array<CardSet, kMaxPlayers> deal{};
  CardSet kitty;
  std::vector<PlayedPluck> plucks;
  Suit trump = Suit::kClubs;
  CardSet discard;
  std::vector<std::pair<int, CardSet>> shows;  // plucker, cards shown
  std::vector<std::vector<Card>> tricks;       // cards in play order (empty unless recorded)
  std::vector<int> leaders;                    // leader of each trick (empty unless recorded)
  std::vector<int> taken;                      // by seat
  std::vector<int> quota;                      // by seat
  std::vector<long long> score;                // running, after the hand
  // The auction games: the calls (seat, bid; 0 a pass), the contract (bidder
  // -1: everyone passed, the hand void), the partner (-1: solo), each seat's
  // points, the bidding side's points and whether it made the contract.
  std::vector<std::pair<int, int>> bids;
  int bidder = -1;
  int bid = 0;
  int partner = -1;
  std::vector<int> points;
  int side_points = 0;
  bool made = false;
  // The courts games: who named trump, the side that took an early court
  // and whether it went on to take every trick (played on), the side that
  // won the hand (-1: none), the tricks the hand had (fewer than dealt when
  // it ended early), the side that scored a streak court in it (-1: none),
  // and the running streak after it (side -1: no side has won a hand yet).
  // Sides are the partner policy's numbers (a side's first seat).
  int trump_by = -1;
  int early_court_side = -1;
  bool all_tricks = false;
  int winner_side = -1;
  int tricks_played = 0;
  int streak_court_side = -1;
  int streak_side = -1;
  int streak = 0;

  // Every field as a new hand has it, keeping the vectors' storage (a loop
  // that plays many hands through the same PlayedHand allocates next to
  // nothing); `trick_count` empty trick lists when `record_tricks`, none
  // otherwise.
  void reset(int trick_count, bool record_tricks);
};

struct PlayedGame {
  std::vector<PlayedHand> hands;
  bool finished = false;
  std::vector<int> winners;
  std::vector<long long> score;
};

struct PlayoutOptions {
  std::uint64_t seed = 1;
  int first_dealer = 0;
  int max_hands = 60;       // a safety stop for targets that are hard to reach
  int hands_no_target = 6;  // hands to play when the ruleset has no target
  bool record_tricks = true;  // false: leave PlayedHand::tricks and leaders empty (faster)
  // The build of the loop that plays when every seat chooses at random: the
  // same cards either way; fastest_playout_kernel() is the fast one here.
  PlayoutKernel kernel = PlayoutKernel::kPortable;
};

// What a seat knows of the hand in progress when it is asked to decide.
struct HandView {
  const Ruleset* rules = nullptr;
  int number = 1;  // 1-based hand number
  int dealer = 0;
  int seat = 0;  // the seat deciding
  std::array<int, kMaxPlayers> quota{};  // by seat
  CardSet hand;                          // what the deciding seat holds now
  CardSet kitty;                         // the kitty, once the deciding seat has seen it
  CardSet discard;                       // the seat's own discards (the kitty's taker, after discarding)
  const std::vector<long long>* score = nullptr;  // running scores before this hand, by seat
  // The auction games, what the whole table knows: the contract once the
  // auction is over (bidder -1: none yet, or everyone passed), the card whose
  // holder partners the bidder once trump is named (partner.by: card), and
  // the seat that has played that card (-1: nobody yet).
  int bidder = -1;
  int bid = 0;
  std::optional<Card> partner_card;
  int partner_shown = -1;
  // Fixed partnerships (partnership: opposite): the deciding seat's partner
  // for the whole game; -1 where nobody has one.
  int partner = -1;
  // What the whole table has seen of this hand's tricks, by seat (bit s:
  // suit s): the suits a seat has shown it holds none of (it did not follow
  // the suit led), the suits it has led, and the suits in which it has won
  // a trick with a card of the suit led (not by trumping it).
  std::array<std::uint8_t, kMaxPlayers> void_in{};
  std::array<std::uint8_t, kMaxPlayers> led{};
  std::array<std::uint8_t, kMaxPlayers> won_in{};
};

// One seat's decisions. Each choice must be one of the options given.
class SeatPolicy {
 public:
  SeatPolicy() = default;
  SeatPolicy(const SeatPolicy&) = default;
  SeatPolicy& operator=(const SeatPolicy&) = default;
  virtual ~SeatPolicy() = default;
  // One pluck by this seat from `pluckee`: the card to give, from `options`
  // (never empty; jokers and, per the ruleset, forbidden cards left out).
  [[nodiscard]] virtual Card give(const HandView& view, int pluckee, CardSet options, PlayoutRng& rng) = 0;
  // The trump suit, named after the exchange (before any kitty is taken;
  // the bidder names it after taking the kitty; where the deal comes in two
  // parts, from the first part).
  [[nodiscard]] virtual Suit name_trump(const HandView& view, PlayoutRng& rng) = 0;
  // One call of an auction: a bid from `lo` to `hi`, or 0 to pass (only when
  // `may_pass`; lo > hi when no bid is left). By default: pass or the lowest
  // bid with equal chance, so auctions stay near the bottom of the range.
  [[nodiscard]] virtual int call(const HandView& view, bool may_pass, int lo, int hi, PlayoutRng& rng);
  // One discard of several, from `options` (the cards that may still go).
  [[nodiscard]] virtual Card discard(const HandView& view, Suit trump, CardSet options, PlayoutRng& rng) = 0;
  // The next card to the trick in progress, from `legal` (= legal_plays(state)).
  [[nodiscard]] virtual Card play(const HandView& view, const PlayState& state, CardSet legal, PlayoutRng& rng) = 0;
  // Whether this seat's side, having just taken an early court, plays on for
  // all the tricks rather than stop (asked only where may_play_on allows the
  // choice, of the seat that took the last trick). By default it stops, as
  // every seat did before the choice was offered (so seeds keep their games).
  [[nodiscard]] virtual bool play_on(const HandView& view, const PlayState& state, PlayoutRng& rng);

  // Whether give(), discard() and play() are uniformly random picks from
  // their options (pick_card) and nothing else. play_game then makes those
  // draws itself, the same draws in the same order, without a call per
  // choice; for play, when every seat says the same (simulate's random bots
  // spend most of their time in play). name_trump() and play_on() are always called.
  enum class RandomChoices : std::uint8_t {
    kNo,                // the seat decides in its own way: it is called
    kAlwaysDraw,        // play draws even when only one card is legal
    kDrawUnlessForced,  // play takes the one legal card without a draw
  };
  [[nodiscard]] virtual RandomChoices random_choices() const { return RandomChoices::kNo; }
};

// Plays one game of `rules`, seat s deciding through `seats[s]`
// (precondition: seats.size() == rules.players).
[[nodiscard]] PlayedGame play_game(const Ruleset& rules, std::span<SeatPolicy* const> seats,
                                   const PlayoutOptions& options);

// What a loop playing many games keeps from one game to the next, one per
// thread: the hands left over when a game is shorter than the one before,
// with their vectors' storage, for the next longer game.
struct PlayoutScratch {
  std::vector<PlayedHand> spare_hands;
};

// The same game, played into `game` (whatever it held is replaced), reusing
// its vectors' storage and the spare hands in `scratch`: a loop that plays
// many games through one PlayedGame and one PlayoutScratch allocates next
// to nothing per hand.
void play_game(const Ruleset& rules, std::span<SeatPolicy* const> seats, const PlayoutOptions& options,
               PlayedGame& game, PlayoutScratch& scratch);

// The random bots' call in an auction: pass or the lowest bid (`lo`) with
// equal chance; the lowest bid where passing is not allowed; a pass when no
// bid is left (lo > hi). 0 is a pass.
[[nodiscard]] int random_call(bool may_pass, int lo, int hi, PlayoutRng& rng);

// Plays one game of `rules` with uniformly random legal choices (trump: the
// chooser's longest suit, ties at random). The conformance tests, the
// samples and the golden outputs depend on its exact choices for a seed.
[[nodiscard]] PlayedGame play_random_game(const Ruleset& rules, const PlayoutOptions& options);

}  // namespace trickref
