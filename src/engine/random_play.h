// The random-play kit: the generator the playout and the bots draw from,
// the deck's shuffle, a uniformly random card of a set, and the loop that
// plays the cards of seats choosing at random, built twice (portable, and
// with POPCNT and PDEP for the CPUs that have them fast).
//
// Everything here is speed for the same numbers: the generator is
// std::mt19937_64 number for number, a draw is std::uniform_int_distribution's
// and the shuffle std::shuffle's order, so a seed keeps giving the games it
// gave (tests/random_play_test.cpp holds each against the standard library).
// Nothing here is global: the build of the loop is a value the caller picks
// once (fastest_playout_kernel) and passes in (PlayoutOptions::kernel).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>

#include "cards/card.h"

// The PDEP build of the random-play loop: x86-64 with GCC or Clang (target
// attributes and __builtin_cpu_supports).
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define TRICKREF_PDEP_KERNEL 1
#else
#define TRICKREF_PDEP_KERNEL 0
#endif

namespace trickref {

struct PlayState;
struct PlayedHand;

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

// One step of SplitMix64 (Steele, Lea and Flood, 2014): a well-mixed
// 64-bit number from `x`. Seeds are derived with it: each game's from the
// run's seed (simulate), and the seats' generator's from the game's.
[[nodiscard]] constexpr std::uint64_t splitmix64(std::uint64_t x) {
  x += 0x9E3779B97F4A7C15ULL;
  x = (x ^ (x >> 30U)) * 0xBF58476D1CE4E5B9ULL;
  x = (x ^ (x >> 27U)) * 0x94D049BB133111EBULL;
  return x ^ (x >> 31U);
}

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

// The k-th card (0-based, lowest index first) of `cards` (precondition: k < size).
[[nodiscard]] Card nth_card(CardSet cards, int k);

// A uniformly random card of `cards` (precondition: not empty): the k-th
// lowest, k drawn below their number.
[[nodiscard]] Card pick_card(CardSet cards, PlayoutRng& rng);

// The machine code that plays the cards of random seats (the hot loop of
// `simulate --bots random,...`): kPortable runs anywhere; kPdep, built only
// for x86-64 with GCC or Clang, uses POPCNT and PDEP, for CPUs that have
// them fast. Both play the same cards for the same seed: the choice is a
// matter of speed only.
enum class PlayoutKernel : std::uint8_t { kPortable, kPdep };

// The fastest build this CPU has. It asks the CPU (CPUID) each time: call
// it once per run and pass the answer on, not once per game.
[[nodiscard]] PlayoutKernel fastest_playout_kernel();

// Whether `kernel` runs here (and is fast here: kPdep only where
// fastest_playout_kernel() picks it).
[[nodiscard]] bool playout_kernel_available(PlayoutKernel kernel);

// `tricks` tricks of the hand in `s`, every seat choosing uniformly at random
// among legal_plays: the k-th lowest legal card, k drawn below their number
// (a drawn number even for a forced card when `draw_forced`, none otherwise).
// The cards go into `h.tricks` and the leaders into `h.leaders` when `record`.
// `kernel` must be available here (playout_kernel_available).
void play_random_tricks(PlayoutKernel kernel, PlayState& s, PlayedHand& h, int tricks, bool record, bool draw_forced,
                        PlayoutRng& rng);

}  // namespace trickref
