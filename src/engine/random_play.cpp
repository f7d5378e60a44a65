#include "engine/random_play.h"

#include <bit>
#include <utility>

#if TRICKREF_PDEP_KERNEL
#include <cpuid.h>
#include <immintrin.h>
#endif

#include "engine/play.h"
#include "engine/playout.h"
#include "engine/trick_loop.h"

namespace trickref {

// --- the generator -----------------------------------------------------------

void PlayoutRng::seed(result_type value) {
  state_[0] = value;
  for (std::size_t i = 1; i < kN; ++i) {
    const std::uint64_t x = state_[i - 1];
    state_[i] = 6364136223846793005ULL * (x ^ (x >> 62U)) + i;
  }
  next_ = kN;
}

void PlayoutRng::refill() {
  constexpr std::size_t kM = 156;
  constexpr std::uint64_t kUpper = ~std::uint64_t{0} << 31U;
  constexpr std::uint64_t kLower = ~kUpper;
  constexpr std::uint64_t kA = 0xB5026F5AA96619E9ULL;
  auto twist = [](std::uint64_t hi, std::uint64_t lo) {
    const std::uint64_t y = (hi & kUpper) | (lo & kLower);
    return (y >> 1U) ^ ((std::uint64_t{0} - (y & 1U)) & kA);
  };
  for (std::size_t k = 0; k < kN - kM; ++k) {
    state_[k] = state_[k + kM] ^ twist(state_[k], state_[k + 1]);
  }
  for (std::size_t k = kN - kM; k < kN - 1; ++k) {
    state_[k] = state_[k + kM - kN] ^ twist(state_[k], state_[k + 1]);
  }
  state_[kN - 1] = state_[kM - 1] ^ twist(state_[kN - 1], state_[0]);
  next_ = 0;
}

// --- the shuffle ---------------------------------------------------------------

namespace {

// kReciprocal[d] = floor(2^32 / d) + 1: (x * kReciprocal[d]) >> 32 == x / d
// for every x < 2^20 and d <= 65 (the error, x / 2^32, stays under 1 / d).
constexpr std::array<std::uint64_t, 66> kReciprocal = [] {
  std::array<std::uint64_t, 66> t{};
  for (std::uint64_t d = 1; d < t.size(); ++d) {
    t[d] = (std::uint64_t{1} << 32U) / d + 1;
  }
  return t;
}();
// The shuffle divides numbers below d(d - 1) by d. (x * m) >> 32 never falls
// as x grows, so it is right for all of them when it is right on both sides
// of every step of x / d: at q * d - 1 and q * d.
static_assert([] {
  for (std::uint64_t d = 2; d < kReciprocal.size(); ++d) {
    for (std::uint64_t q = 1; q < d; ++q) {
      for (const std::uint64_t x : {q * d - 1, q * d}) {
        if (((x * kReciprocal[d]) >> 32U) != x / d) {
          return false;
        }
      }
    }
  }
  return true;
}());

}  // namespace

void shuffle_cards(std::span<Card> cards, PlayoutRng& rng) {
  const std::size_t size = cards.size();
  if (size < 2) {
    return;  // std::shuffle draws nothing for fewer than two cards
  }
  std::size_t i = 1;
  if (size % 2 == 0) {
    std::swap(cards[i], cards[draw_below(rng, 2)]);
    ++i;
  }
  // Swap positions for elements i and i + 1 from one draw below (i + 1)(i + 2).
  while (i != size) {
    const std::uint64_t b1 = i + 2;
    const std::uint64_t x = draw_below(rng, (i + 1) * b1);
    const std::uint64_t first = b1 < kReciprocal.size() ? (x * kReciprocal[b1]) >> 32U : x / b1;
    const std::uint64_t second = x - first * b1;
    std::swap(cards[i], cards[first]);
    std::swap(cards[i + 1], cards[second]);
    i += 2;
  }
}

// --- a random card -------------------------------------------------------------

namespace {

// kSelectInByte[b * 8 + r]: the position of the r-th set bit (0-based) of byte b.
constexpr std::array<std::uint8_t, 256 * 8> kSelectInByte = [] {
  std::array<std::uint8_t, 256 * 8> t{};
  for (unsigned b = 0; b < 256; ++b) {
    unsigned r = 0;
    for (unsigned i = 0; i < 8; ++i) {
      if (((b >> i) & 1U) != 0) {
        t[b * 8 + r++] = static_cast<std::uint8_t>(i);
      }
    }
  }
  return t;
}();

// Broadword select over one 64-bit word: the set bits of each byte, their
// running sums, the byte holding the k-th set bit, then a table lookup within
// the byte. No loop whose length depends on k, so no branch to mispredict on
// the path of every random pick, and no call to count the bits.
struct ByteSums {
  explicit ByteSums(std::uint64_t bits) : x(bits) {
    std::uint64_t c = x - ((x >> 1U) & 0x5555555555555555ULL);
    c = (c & 0x3333333333333333ULL) + ((c >> 2U) & 0x3333333333333333ULL);
    c = (c + (c >> 4U)) & 0x0F0F0F0F0F0F0F0FULL;
    sums = c * 0x0101010101010101ULL;  // byte i: the set bits in bytes 0..i
  }
  [[nodiscard]] int total() const { return static_cast<int>(sums >> 56U); }
  [[nodiscard]] Card select(int k) const {
    constexpr std::uint64_t kHigh = 0x8080808080808080ULL;
    // High bit of byte i set where sums <= k: a prefix of the bytes (sums only grow).
    const std::uint64_t le = ((static_cast<std::uint64_t>(k) * std::uint64_t{0x0101010101010101} | kHigh) - sums) & kHigh;
    const auto shift = static_cast<unsigned>(std::countr_zero(~le & kHigh)) - 7U;  // 8 * that byte
    const auto before = static_cast<unsigned>(((sums << 8U) >> shift) & 0xFFU);
    const auto byte = static_cast<unsigned>((x >> shift) & 0xFFU);
    const unsigned r = static_cast<unsigned>(k) - before;
    return Card(static_cast<std::uint8_t>(shift + kSelectInByte[(byte * 8 + r) & 2047U]));
  }
  std::uint64_t x;
  std::uint64_t sums;
};

// The k-th lowest card of `cards`, k drawn below their number; with
// `draw_forced` false a single card comes without a draw.
[[gnu::always_inline]] inline Card pick(CardSet cards, PlayoutRng& rng, bool draw_forced = true) {
  const ByteSums b(cards.bits());
  const int total = b.total();
  return b.select(static_cast<int>(draw_below(rng, static_cast<std::uint64_t>(total), draw_forced || total != 1)));
}

}  // namespace

Card nth_card(CardSet cards, int k) { return ByteSums(cards.bits()).select(k); }

Card pick_card(CardSet cards, PlayoutRng& rng) { return pick(cards, rng); }

// --- random seats' play: one loop, two builds ------------------------------------
//
// A random seat's card is the k-th lowest of its legal cards, k drawn below
// their number. The portable build counts and selects with the broadword
// code above; on x86-64 CPUs with fast POPCNT and PDEP the same loop is
// built a second time, where counting is one instruction and selecting two
// (13% fewer instructions for a Pluck hand under callgrind, and a shorter
// chain from one card to the next). Both give the same card for the same
// draw.

namespace {

// Each chooses as choose(seat, legal) for play_tricks: it draws when
// `draw_forced` or when there is more than one card; a single legal card
// otherwise comes without a draw (and without a branch: whether a play is
// forced is as good as random in random play).
struct PortablePick {
  PlayoutRng& rng;
  bool draw_forced;
  [[gnu::always_inline]] Card operator()(int /*seat*/, CardSet legal) const { return pick(legal, rng, draw_forced); }
};

[[gnu::noinline]] void random_tricks_portable(PlayState& s, PlayedHand& h, int tricks, bool record, bool draw_forced,
                                              PlayoutRng& rng) {
  if (has_trump_duties(s)) {
    play_tricks<true>(s, h, tricks, record, PortablePick{rng, draw_forced});
  } else {
    play_tricks<false>(s, h, tricks, record, PortablePick{rng, draw_forced});
  }
}

#if TRICKREF_PDEP_KERNEL
struct PdepPick {
  PlayoutRng& rng;
  bool draw_forced;
  // Not always_inline (GCC refuses that across targets): inlined into
  // random_tricks_pdep, which has the same target, and called nowhere else.
  [[gnu::target("popcnt,bmi2")]] Card operator()(int /*seat*/, CardSet legal) const {
    const std::uint64_t x = legal.bits();
    const int total = __builtin_popcountll(x);
    const std::uint64_t k = draw_below(rng, static_cast<std::uint64_t>(total), draw_forced || total != 1);
    return Card(static_cast<std::uint8_t>(__builtin_ctzll(_pdep_u64(std::uint64_t{1} << k, x))));
  }
};

[[gnu::noinline, gnu::target("popcnt,bmi2")]] void random_tricks_pdep(PlayState& s, PlayedHand& h, int tricks,
                                                                       bool record, bool draw_forced,
                                                                       PlayoutRng& rng) {
  if (has_trump_duties(s)) {
    play_tricks<true>(s, h, tricks, record, PdepPick{rng, draw_forced});
  } else {
    play_tricks<false>(s, h, tricks, record, PdepPick{rng, draw_forced});
  }
}

// PDEP is fast (a few cycles) on every Intel CPU that has it (Haswell on)
// and on AMD since Zen 3 (family 19h). AMD's earlier BMI2 parts, and Hygon's
// (Zen 1), run it in microcode, tens of cycles a call, slower than the
// portable select; other vendors are left on the portable build too.
bool pdep_is_fast() {
  __builtin_cpu_init();
  if (__builtin_cpu_supports("bmi2") == 0 || __builtin_cpu_supports("popcnt") == 0) {
    return false;
  }
  unsigned eax = 0;
  unsigned ebx = 0;
  unsigned ecx = 0;
  unsigned edx = 0;
  if (__get_cpuid(0, &eax, &ebx, &ecx, &edx) == 0) {
    return false;
  }
  // The vendor string is EBX, EDX, ECX: "Genu" "ineI" "ntel", "Auth" "enti" "cAMD".
  const bool intel = ebx == 0x756E6547U && edx == 0x49656E69U && ecx == 0x6C65746EU;
  const bool amd = ebx == 0x68747541U && edx == 0x69746E65U && ecx == 0x444D4163U;
  if (intel) {
    return true;
  }
  if (!amd || __get_cpuid(1, &eax, &ebx, &ecx, &edx) == 0) {
    return false;
  }
  const unsigned base = (eax >> 8U) & 0xFU;
  const unsigned family = base == 0xFU ? base + ((eax >> 20U) & 0xFFU) : base;
  return family >= 0x19U;
}
#endif

}  // namespace

PlayoutKernel fastest_playout_kernel() {
#if TRICKREF_PDEP_KERNEL
  return pdep_is_fast() ? PlayoutKernel::kPdep : PlayoutKernel::kPortable;
#else
  return PlayoutKernel::kPortable;
#endif
}

bool playout_kernel_available(PlayoutKernel kernel) {
  return kernel == PlayoutKernel::kPortable || fastest_playout_kernel() == kernel;
}

void play_random_tricks(PlayoutKernel kernel, PlayState& s, PlayedHand& h, int tricks, bool record, bool draw_forced,
                        PlayoutRng& rng) {
#if TRICKREF_PDEP_KERNEL
  if (kernel == PlayoutKernel::kPdep) {
    random_tricks_pdep(s, h, tricks, record, draw_forced, rng);
    return;
  }
#else
  (void)kernel;
#endif
  random_tricks_portable(s, h, tricks, record, draw_forced, rng);
}

}  // namespace trickref
