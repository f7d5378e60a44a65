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
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <random>
#include <span>
#include <utility>
#include <vector>

#include "engine/play.h"
#include "ruleset/ruleset.h"

// The PDEP build of the random-play loop (engine/playout.cpp): x86-64 with
// GCC or Clang (target attributes and __builtin_cpu_supports).
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define TRICKREF_PDEP_KERNEL 1
#else
#define TRICKREF_PDEP_KERNEL 0
#endif

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
};

// std::mt19937_64, number for number: the same seed gives the same
// numbers, so play_random_game keeps giving the same game for a seed (a test
// checks the two side by side). It is its own class for speed only:
// libstdc++'s state update picks the twist constant with `(y & 1) ? a : 0`,
// which compiles to a branch mispredicted half the time, about once per
// number drawn; here it is a mask. It can also look at the next number
// without drawing it (peek, skip), for draws only some cases make.
class PlayoutRng {
 public:
  using result_type = std::uint64_t;
  static constexpr result_type default_seed = 5489U;

  PlayoutRng() : PlayoutRng(default_seed) {}
  explicit PlayoutRng(result_type value) { seed(value); }
  void seed(result_type value);

  static constexpr result_type min() { return 0; }
  static constexpr result_type max() { return ~result_type{0}; }
  result_type operator()() {
    const result_type z = peek();
    ++next_;
    return z;
  }
  // The number operator() returns next, without drawing it; skip(1) then
  // draws it, skip(0) leaves it for the next call. (A draw that only some
  // cases make, written without a branch.)
  result_type peek() {
    if (next_ >= kN) {
      refill();
    }
    result_type z = state_[next_];
    z ^= (z >> 29U) & 0x5555555555555555ULL;
    z ^= (z << 17U) & 0x71D67FFFEDA60000ULL;
    z ^= (z << 37U) & 0xFFF7EEE000000000ULL;
    z ^= z >> 43U;
    return z;
  }
  void skip(std::size_t drawn) { next_ += drawn; }

 private:
  static constexpr std::size_t kN = 312;
  void refill();
  std::array<std::uint64_t, kN> state_{};
  std::size_t next_ = kN;
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

// The same game, played into `game` (whatever it held is replaced), reusing
// its vectors' storage: a loop that plays many games through one PlayedGame
// allocates next to nothing per hand.
void play_game(const Ruleset& rules, std::span<SeatPolicy* const> seats, const PlayoutOptions& options,
               PlayedGame& game);

// The k-th card (0-based, lowest index first) of `cards` (precondition: k < size).
[[nodiscard]] Card nth_card(CardSet cards, int k);

// A uniformly random card of `cards` (precondition: not empty).
[[nodiscard]] Card pick_card(CardSet cards, PlayoutRng& rng);

// The random bots' call in an auction: pass or the lowest bid (`lo`) with
// equal chance; the lowest bid where passing is not allowed; a pass when no
// bid is left (lo > hi). 0 is a pass.
[[nodiscard]] int random_call(bool may_pass, int lo, int hi, PlayoutRng& rng);

// The machine code that plays the cards of random seats (the hot loop of
// `simulate --bots random,...`): kPortable runs anywhere; kPdep, built only
// for x86-64 with GCC or Clang, uses POPCNT and PDEP and is chosen at start
// where the CPU has them fast. Both play the same cards for the same seed.
enum class PlayoutKernel : std::uint8_t { kPortable, kPdep };
[[nodiscard]] PlayoutKernel playout_kernel();  // the one in use
[[nodiscard]] bool playout_kernel_available(PlayoutKernel kernel);
// For tests and benchmarks: play with `kernel` from now on (ignored if it is
// not available here).
void use_playout_kernel(PlayoutKernel kernel);

// A uniformly random integer in [0, n) (precondition: n > 0), drawn exactly
// as libstdc++'s std::uniform_int_distribution draws from a 64-bit generator
// (Lemire's multiply, rejecting only when the low half falls under
// 2^64 mod n), so the seeds of earlier releases keep their games.
// With `draw` false, n must be 1: the answer is 0 and no number is drawn
// (the same as not calling it, but without a branch for the caller).
[[nodiscard]] inline std::uint64_t draw_below(PlayoutRng& rng, std::uint64_t n, bool draw = true) {
  __extension__ typedef unsigned __int128 Wide;  // GCC and Clang; -Wpedantic accepts it so marked
  Wide product = static_cast<Wide>(rng.peek()) * n;
  rng.skip(static_cast<std::size_t>(draw));
  auto low = static_cast<std::uint64_t>(product);
  if (low < n) {  // n == 1 never gets past the threshold, so never draws again
    const std::uint64_t threshold = (std::uint64_t{0} - n) % n;
    while (low < threshold) {
      product = static_cast<Wide>(rng()) * n;
      low = static_cast<std::uint64_t>(product);
    }
  }
  return static_cast<std::uint64_t>(product >> 64U);
}

// Shuffles `cards` into the order libstdc++'s std::shuffle gives with the
// same generator (swap positions drawn two at a time from one number), with
// no division on the way: dealing is on the path of every simulated hand.
void shuffle_cards(std::span<Card> cards, PlayoutRng& rng);

// Plays one game of `rules` with uniformly random legal choices (trump: the
// chooser's longest suit, ties at random). The conformance tests, the
// samples and the golden outputs depend on its exact choices for a seed.
[[nodiscard]] PlayedGame play_random_game(const Ruleset& rules, const PlayoutOptions& options);

}  // namespace trickref
