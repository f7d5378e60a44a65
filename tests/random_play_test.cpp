// The random-play kit (engine/random_play.h): the generator's known outputs
// and its agreement with std::mt19937_64, draws and the shuffle against the
// standard library's (a seed keeps its games), the shuffle's and the pick's
// uniformity by counting, and the two builds of the random-play loop giving
// the same cards, the same games and the same report.
#include <algorithm>
#include <array>
#include <cmath>
#include <iostream>
#include <map>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "engine/play.h"
#include "engine/playout.h"
#include "engine/random_play.h"
#include "sim/render.h"
#include "sim/simulate.h"
#include "support/test_support.h"

namespace trickref {
namespace {

// The kernels this machine has: the portable one, and PDEP where it is fast.
std::vector<PlayoutKernel> kernels_here() {
  std::vector<PlayoutKernel> kernels = {PlayoutKernel::kPortable};
  if (playout_kernel_available(PlayoutKernel::kPdep)) {
    kernels.push_back(PlayoutKernel::kPdep);
  }
  return kernels;
}

// --- the generator -------------------------------------------------------------

// std::mt19937_64's own figures: its first numbers from the default seed,
// and the 10,000th, which the C++ standard gives ([rand.predef]).
TEST(RandomPlay, GeneratorGivesMt19937_64sKnownOutputs) {
  PlayoutRng rng;
  EXPECT_EQ(rng(), 14514284786278117030ULL);
  EXPECT_EQ(rng(), 4620546740167642908ULL);
  EXPECT_EQ(rng(), 13109570281517897720ULL);
  for (int i = 4; i < 10000; ++i) {
    (void)rng();
  }
  EXPECT_EQ(rng(), 9981545732273789042ULL);
  PlayoutRng seeded(2026);
  EXPECT_EQ(seeded(), 5856769961467801901ULL);
  EXPECT_EQ(seeded.peek(), 12070761076249971720ULL);  // peek looks without drawing
  seeded.skip(0);
  EXPECT_EQ(seeded(), 12070761076249971720ULL);
}

TEST(RandomPlay, NthCardIsTheKthLowestCard) {
  // The broadword select against the plain loop, on sets of every size.
  std::mt19937_64 rng(42);
  for (int trial = 0; trial < 20000; ++trial) {
    const std::uint64_t bits = trial < 64 ? ~std::uint64_t{0} << trial : rng() & rng();
    const CardSet cards(bits);
    std::uint64_t rest = bits;
    for (int k = 0; k < cards.size(); ++k) {
      ASSERT_EQ(nth_card(cards, k), CardSet(rest).lowest()) << std::hex << bits << " k=" << k;
      rest &= rest - 1;
    }
  }
}

TEST(RandomPlay, PlayoutRngIsMt19937_64NumberForNumber) {
  for (std::uint64_t seed : {std::uint64_t{1}, std::uint64_t{5489}, std::uint64_t{0}, ~std::uint64_t{0},
                             sim::game_seed(2026, 17)}) {
    std::mt19937_64 reference(seed);
    PlayoutRng rng(seed);
    for (int i = 0; i < 2000; ++i) {  // several refills
      ASSERT_EQ(rng(), reference()) << "seed " << seed << " number " << i;
    }
  }
  // And through the standard library's distributions and shuffle.
  std::mt19937_64 reference(7);
  PlayoutRng rng(7);
  std::vector<int> a(54);
  std::vector<int> b(54);
  for (int i = 0; i < 54; ++i) {
    a[static_cast<std::size_t>(i)] = b[static_cast<std::size_t>(i)] = i;
  }
  for (int round = 0; round < 50; ++round) {
    std::shuffle(a.begin(), a.end(), reference);
    std::shuffle(b.begin(), b.end(), rng);
    ASSERT_EQ(a, b);
    std::uniform_int_distribution<int> d(0, round + 1);
    ASSERT_EQ(d(reference), d(rng));
  }
}

// The deal draws through shuffle_cards, which must keep std::shuffle's
// order (the seeds of earlier releases give the same games): every deck
// size a ruleset can have, and the sizes around it.
TEST(RandomPlay, ShuffleCardsIsStdShuffleCardForCard) {
  for (std::size_t size = 0; size <= 64; ++size) {
    for (std::uint64_t seed : {std::uint64_t{1}, std::uint64_t{2026}, sim::game_seed(9, 4)}) {
      std::mt19937_64 reference(seed);
      PlayoutRng rng(seed);
      std::vector<Card> a;
      for (std::size_t i = 0; i < size; ++i) {
        a.emplace_back(static_cast<std::uint8_t>(i));
      }
      std::vector<Card> b = a;
      for (int round = 0; round < 40; ++round) {  // a run of hands, one generator
        std::shuffle(a.begin(), a.end(), reference);
        shuffle_cards(b, rng);
        ASSERT_EQ(a, b) << "size " << size << " seed " << seed << " round " << round;
      }
      ASSERT_EQ(reference(), rng()) << "size " << size << ": the same numbers drawn";
    }
  }
}

// draw_below against std::uniform_int_distribution: small ranges (every
// pick), and ranges near 2^64, where the rejection step runs often.
TEST(RandomPlay, DrawBelowIsUniformIntDistribution) {
  std::mt19937_64 reference(11);
  PlayoutRng rng(11);
  for (std::uint64_t n = 1; n <= 4200; ++n) {
    ASSERT_EQ(draw_below(rng, n), std::uniform_int_distribution<std::uint64_t>(0, n - 1)(reference)) << n;
  }
  for (std::uint64_t n : {~std::uint64_t{0}, (std::uint64_t{1} << 63U) + 1, (std::uint64_t{3} << 62U) + 7}) {
    for (int i = 0; i < 2000; ++i) {
      ASSERT_EQ(draw_below(rng, n), std::uniform_int_distribution<std::uint64_t>(0, n - 1)(reference)) << n;
    }
  }
  EXPECT_EQ(rng(), reference());  // and no more numbers drawn
}

// SplitMix64's known outputs (its reference generator's first number from
// state 0, and two more).
TEST(RandomPlay, SplitMix64GivesItsKnownOutputs) {
  EXPECT_EQ(splitmix64(0), 0xE220A8397B1DCDAFULL);
  EXPECT_EQ(splitmix64(1), 10451216379200822465ULL);
  EXPECT_EQ(splitmix64(2026), 15824617304438902051ULL);
  static_assert(splitmix64(0) == 16294208416658607535ULL);
}

// --- uniformity, by counting -----------------------------------------------------

// Every order of four cards (the even-size path: one swap drawn alone, then
// pairs) and of five (pairs only) comes out of the shuffle equally often:
// each count within 5 standard deviations of its expectation, and the
// chi-square statistic within its 99.99th percentile. The seed is fixed, so
// the counts are the same every run.
TEST(RandomPlay, ShuffleGivesEveryOrderEquallyOften) {
  for (const std::size_t size : {std::size_t{4}, std::size_t{5}}) {
    std::size_t orders = 1;
    for (std::size_t i = 2; i <= size; ++i) {
      orders *= i;
    }
    const std::int64_t expected = 2000;
    PlayoutRng rng(20261128);
    std::map<std::vector<Card>, std::int64_t> seen;
    for (std::size_t round = 0; round < orders * static_cast<std::size_t>(expected); ++round) {
      std::vector<Card> cards;
      for (std::size_t i = 0; i < size; ++i) {
        cards.emplace_back(static_cast<std::uint8_t>(i));
      }
      shuffle_cards(cards, rng);
      ++seen[cards];
    }
    ASSERT_EQ(seen.size(), orders) << "size " << size;
    const double sigma = std::sqrt(static_cast<double>(expected) * (1.0 - 1.0 / static_cast<double>(orders)));
    double chi_square = 0;
    for (const auto& [order, count] : seen) {
      EXPECT_LT(std::abs(static_cast<double>(count - expected)), 5 * sigma) << "size " << size;
      chi_square += static_cast<double>((count - expected) * (count - expected)) / static_cast<double>(expected);
    }
    // The 99.99th percentiles of chi-square with 23 and 119 degrees of freedom.
    EXPECT_LT(chi_square, size == 4 ? 55.5 : 184.0) << "size " << size;
  }
}

// A whole deck: every card lands in every position equally often.
TEST(RandomPlay, ShuffleSpreadsEveryCardOverEveryPosition) {
  constexpr std::size_t kSize = 52;
  const std::int64_t expected = 1000;
  std::vector<std::int64_t> at(kSize * kSize, 0);  // card * kSize + position
  PlayoutRng rng(7);
  std::vector<Card> sorted;
  for (std::size_t i = 0; i < kSize; ++i) {
    sorted.emplace_back(static_cast<std::uint8_t>(i));
  }
  for (std::int64_t round = 0; round < expected * static_cast<std::int64_t>(kSize); ++round) {
    // From the same order each time: shuffles applied one after another
    // would even out a biased shuffle.
    std::vector<Card> deck = sorted;
    shuffle_cards(deck, rng);
    for (std::size_t pos = 0; pos < kSize; ++pos) {
      ++at[static_cast<std::size_t>(deck[pos].index()) * kSize + pos];
    }
  }
  const double sigma = std::sqrt(static_cast<double>(expected) * (1.0 - 1.0 / kSize));
  for (std::size_t i = 0; i < at.size(); ++i) {
    ASSERT_LT(std::abs(static_cast<double>(at[i] - expected)), 5 * sigma)
        << "card " << i / kSize << " at position " << i % kSize;
  }
}

// pick_card draws each card of a set equally often, whatever the set.
TEST(RandomPlay, PickCardDrawsEveryCardEquallyOften) {
  PlayoutRng rng(11);
  for (const std::uint64_t bits : {std::uint64_t{0x1}, std::uint64_t{0x8000000000000001}, std::uint64_t{0x00F0F00F},
                                   std::uint64_t{0x5555000000001234}, ~std::uint64_t{0}}) {
    const CardSet cards(bits);
    const std::int64_t expected = 3000;
    std::map<int, std::int64_t> seen;
    for (std::int64_t round = 0; round < expected * cards.size(); ++round) {
      const Card c = pick_card(cards, rng);
      ASSERT_TRUE(cards.contains(c));
      ++seen[c.index()];
    }
    ASSERT_EQ(static_cast<int>(seen.size()), cards.size());
    const double sigma = std::sqrt(static_cast<double>(expected));
    for (const auto& [card, count] : seen) {
      EXPECT_LT(std::abs(static_cast<double>(count - expected)), 5 * sigma) << std::hex << bits << " card " << card;
    }
  }
}

// --- the CPU-feature choice ---------------------------------------------------------

TEST(RandomPlay, TheFastestKernelIsAvailableAndTheSameEveryTime) {
  const PlayoutKernel fastest = fastest_playout_kernel();
  EXPECT_TRUE(playout_kernel_available(fastest));
  EXPECT_TRUE(playout_kernel_available(PlayoutKernel::kPortable));
  EXPECT_EQ(fastest_playout_kernel(), fastest);
#if !TRICKREF_PDEP_KERNEL
  EXPECT_EQ(fastest, PlayoutKernel::kPortable);
#endif
}

// The loop itself, hand by hand: from the same deal and generator, every
// kernel plays the same cards, led by the same seats, with the same tricks
// taken and the same numbers drawn, under rulesets with trump duties and
// without, drawing for forced cards and not.
TEST(RandomPlay, EveryKernelPlaysTheSameCards) {
  const std::vector<PlayoutKernel> kernels = kernels_here();
  if (kernels.size() == 1) {
    std::cout << "no fast PDEP on this CPU: the portable kernel only\n";
  }
  for (const std::string name : {"pluck", "nine-five-two", "call-deuces", "court-piece"}) {
    const auto rules = test::builtin(name);
    const int tricks = rules->tricks_per_hand();
    std::vector<Card> deck(rules->deck.begin(), rules->deck.end());
    PlayoutRng deal(3);
    for (int hand = 0; hand < 200; ++hand) {
      shuffle_cards(deck, deal);
      std::array<CardSet, kMaxPlayers> hands{};
      for (std::size_t k = 0; k < static_cast<std::size_t>(rules->players * rules->hand_size); ++k) {
        hands[k % static_cast<std::size_t>(rules->players)].insert(deck[k]);
      }
      const auto trump = static_cast<Suit>(hand % kSuitCount);
      const bool draw_forced = hand % 2 == 0;
      PlayedHand first;
      PlayState first_end;
      std::uint64_t first_next = 0;
      for (const PlayoutKernel kernel : kernels) {
        PlayState s = start_play(*rules, trump, hands, hand % rules->players);
        PlayedHand h;
        h.tricks.resize(static_cast<std::size_t>(tricks));
        PlayoutRng rng(static_cast<std::uint64_t>(hand));
        play_random_tricks(kernel, s, h, tricks, true, draw_forced, rng);
        ASSERT_EQ(h.leaders.size(), static_cast<std::size_t>(tricks));
        if (kernel == kernels.front()) {
          first = h;
          first_end = s;
          first_next = rng();
          continue;
        }
        const auto k = static_cast<int>(kernel);
        EXPECT_EQ(h.tricks, first.tricks) << name << " hand " << hand << " kernel " << k;
        EXPECT_EQ(h.leaders, first.leaders) << name << " hand " << hand << " kernel " << k;
        EXPECT_EQ(s.taken, first_end.taken) << name << " hand " << hand << " kernel " << k;
        EXPECT_EQ(rng(), first_next) << name << " hand " << hand << " kernel " << k;
      }
    }
  }
}

// And a whole run: simulate with each kernel prints the same report.
TEST(RandomPlay, EveryKernelGivesTheSameSimulateReport) {
  const std::vector<PlayoutKernel> kernels = kernels_here();
  const std::vector<sim::SimRuleset> rulesets = {{"pluck", test::builtin("pluck")},
                                                 {"pluck-noscore", test::builtin("pluck-noscore")}};
  std::string first;
  for (const PlayoutKernel kernel : kernels) {
    sim::SimulateOptions o;
    o.games = 300;
    o.seed = 5;
    o.bots = {"random", "random", "random"};
    o.kernel = kernel;
    sim::SimReport report;
    report.options = o;
    report.rulesets = {"pluck", "pluck-noscore"};
    report.stats = sim::simulate(rulesets, o);
    report.same_deals = {true, true};
    const std::string text = sim::render_text(report);
    if (kernel == kernels.front()) {
      first = text;
    } else {
      EXPECT_EQ(text, first) << "kernel " << static_cast<int>(kernel);
    }
  }
  EXPECT_NE(first.find("games"), std::string::npos);
}

}  // namespace
}  // namespace trickref
