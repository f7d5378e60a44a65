#include "engine/playout.h"

#include <algorithm>
#include <atomic>
#include <bit>

#if TRICKREF_PDEP_KERNEL
#include <cpuid.h>
#include <immintrin.h>
#endif

#include "engine/exchange.h"
#include "engine/hand.h"
#include "engine/scoring.h"

namespace trickref {
namespace {

// A broken policy is an internal error; the engine never lets a choice
// outside the options through.
Card checked(Card c, CardSet options) { return options.contains(c) ? c : options.lowest(); }

// play_random_game's choices, kept exactly (same calls on the generator in
// the same order) so that a seed keeps giving the same game.
class LegacyRandom final : public SeatPolicy {
 public:
  Card give(const HandView&, int, CardSet options, PlayoutRng& rng) override { return pick_card(options, rng); }
  Suit name_trump(const HandView& view, PlayoutRng& rng) override {
    int best = -1;
    std::array<Suit, kSuitCount> ties{};
    std::size_t n_ties = 0;
    for (int s = 0; s < kSuitCount; ++s) {
      const int n = (view.hand & CardSet::suit(static_cast<Suit>(s))).size();
      if (n > best) {
        best = n;
        n_ties = 0;
      }
      if (n == best) {
        ties[n_ties++] = static_cast<Suit>(s);
      }
    }
    std::uniform_int_distribution<std::size_t> d(0, n_ties - 1);
    return ties[d(rng)];
  }
  Card discard(const HandView&, Suit, CardSet options, PlayoutRng& rng) override { return pick_card(options, rng); }
  Card play(const HandView&, const PlayState&, CardSet legal, PlayoutRng& rng) override {
    return pick_card(legal, rng);
  }
  [[nodiscard]] RandomChoices random_choices() const override { return RandomChoices::kAlwaysDraw; }
};

}  // namespace

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

}  // namespace

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

Card nth_card(CardSet cards, int k) { return ByteSums(cards.bits()).select(k); }

int SeatPolicy::call(const HandView& /*view*/, bool may_pass, int lo, int hi, PlayoutRng& rng) {
  return random_call(may_pass, lo, hi, rng);
}

bool SeatPolicy::play_on(const HandView& /*view*/, const PlayState& /*state*/, PlayoutRng& /*rng*/) { return false; }

int random_call(bool may_pass, int lo, int hi, PlayoutRng& rng) {
  if (lo > hi) {
    return 0;
  }
  if (!may_pass) {
    return lo;
  }
  return draw_below(rng, 2) == 0 ? 0 : lo;
}

namespace {

// The k-th lowest card of `cards`, k drawn below their number; with
// `draw_forced` false a single card comes without a draw.
[[gnu::always_inline]] inline Card pick(CardSet cards, PlayoutRng& rng, bool draw_forced = true) {
  const ByteSums b(cards.bits());
  const int total = b.total();
  return b.select(static_cast<int>(draw_below(rng, static_cast<std::uint64_t>(total), draw_forced || total != 1)));
}

// --- random seats' play: one loop, two builds --------------------------------
//
// A random seat's card is the k-th lowest of its legal cards, k drawn below
// their number. The portable build counts and selects with the broadword
// code above; on x86-64 CPUs with fast POPCNT and PDEP the same loop is
// built a second time, where counting is one instruction and selecting two
// (13% fewer instructions for a Pluck hand under callgrind, and a shorter
// chain from one card to the next). Both give the same card for the same
// draw: the choice of build is a matter of speed only, made once per process
// from what the CPU says.

// Each chooses as choose(seat, legal) for play_tricks: it draws when
// `draw_forced` or when there is more than one card; a single legal card
// otherwise comes without a draw (and without a branch: whether a play is
// forced is as good as random in random play).
struct PortablePick {
  PlayoutRng& rng;
  bool draw_forced;
  [[gnu::always_inline]] Card operator()(int /*seat*/, CardSet legal) const { return pick(legal, rng, draw_forced); }
};

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
#endif

// The tricks of a hand, each card chosen by `choose(seat, legal)`.
template <bool kDuties = true, class Choose>
[[gnu::always_inline]] inline void play_tricks(PlayState& s, PlayedHand& h, int tricks, bool record, const Choose& choose) {
  for (int t = 0; t < tricks; ++t) {
    if (record) {
      h.leaders.push_back(s.leader);
    }
    for (int i = 0; i < s.players; ++i) {
      const int seat = s.to_play();
      const CardSet legal = legal_plays_for<kDuties>(s);
      const Card c = choose(seat, legal);
      if (record) {
        h.tricks[static_cast<std::size_t>(s.trick)].push_back(c);
      }
      apply_play(s, seat, c);
    }
    finish_trick(s);
  }
}

// Whether the ruleset has trump duties the random loop must look at.
bool has_trump_duties(const PlayState& s) { return s.rules->must_trump_if_void || s.rules->must_overtrump; }

[[gnu::noinline]] void random_tricks_portable(PlayState& s, PlayedHand& h, int tricks, bool record, bool draw_forced,
                                              PlayoutRng& rng) {
  if (has_trump_duties(s)) {
    play_tricks<true>(s, h, tricks, record, PortablePick{rng, draw_forced});
  } else {
    play_tricks<false>(s, h, tricks, record, PortablePick{rng, draw_forced});
  }
}

#if TRICKREF_PDEP_KERNEL
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

// The fastest build this CPU has, found once.
PlayoutKernel detected_kernel() {
#if TRICKREF_PDEP_KERNEL
  static const PlayoutKernel k = pdep_is_fast() ? PlayoutKernel::kPdep : PlayoutKernel::kPortable;
  return k;
#else
  return PlayoutKernel::kPortable;
#endif
}

std::atomic<PlayoutKernel>& kernel_in_use() {
  static std::atomic<PlayoutKernel> k{detected_kernel()};
  return k;
}

void random_tricks(PlayState& s, PlayedHand& h, int tricks, bool record, bool draw_forced, PlayoutRng& rng) {
#if TRICKREF_PDEP_KERNEL
  if (kernel_in_use().load(std::memory_order_relaxed) == PlayoutKernel::kPdep) {
    random_tricks_pdep(s, h, tricks, record, draw_forced, rng);
    return;
  }
#endif
  random_tricks_portable(s, h, tricks, record, draw_forced, rng);
}

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

Card pick_card(CardSet cards, PlayoutRng& rng) { return pick(cards, rng); }

bool playout_kernel_available(PlayoutKernel kernel) {
  return kernel == PlayoutKernel::kPortable || detected_kernel() == kernel;
}

PlayoutKernel playout_kernel() { return kernel_in_use().load(std::memory_order_relaxed); }

void use_playout_kernel(PlayoutKernel kernel) {
  if (playout_kernel_available(kernel)) {
    kernel_in_use().store(kernel, std::memory_order_relaxed);
  }
}

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

namespace {

// Hands left over when a game is shorter than the one before it on this
// thread, kept with their vectors' storage for the next longer game.
thread_local std::vector<PlayedHand> spare_hands;

// The next hand of `game`, reusing the storage of a hand left from an earlier
// game when there is one; every field is reset.
PlayedHand& next_hand(PlayedGame& game, std::size_t& used, int tricks, bool record_tricks) {
  if (used == game.hands.size()) {
    if (spare_hands.empty()) {
      game.hands.emplace_back();
    } else {
      game.hands.push_back(std::move(spare_hands.back()));
      spare_hands.pop_back();
    }
  }
  PlayedHand& h = game.hands[used++];
  h.dealer = 0;
  h.deal = {};
  h.kitty = CardSet();
  h.plucks.clear();
  h.trump = Suit::kClubs;
  h.discard = CardSet();
  h.shows.clear();
  h.leaders.clear();
  h.bids.clear();
  h.bidder = -1;
  h.bid = 0;
  h.partner = -1;
  h.points.clear();
  h.side_points = 0;
  h.made = false;
  h.trump_by = -1;
  h.early_court_side = -1;
  h.all_tricks = false;
  h.winner_side = -1;
  h.tricks_played = 0;
  h.streak_court_side = -1;
  h.streak_side = -1;
  h.streak = 0;
  if (record_tricks) {
    h.tricks.resize(static_cast<std::size_t>(tricks));
    for (auto& t : h.tricks) {
      t.clear();
    }
  } else {
    h.tricks.clear();
  }
  return h;
}

}  // namespace

PlayedGame play_game(const Ruleset& r, std::span<SeatPolicy* const> seats, const PlayoutOptions& options) {
  PlayedGame game;
  play_game(r, seats, options, game);
  return game;
}

namespace {

// The playout's side of the hand machine: each phase's choices come from
// the seats (or, for seats that choose uniformly at random, from draws made
// here in the same order), always among the machine's legal_* options.
class BotHand {
 public:
  BotHand(std::span<SeatPolicy* const> seats, PlayoutRng& deal_rng, PlayoutRng& rng, const PlayoutOptions& options,
          std::span<Card> deck, const std::array<bool, kMaxPlayers>& draws_for,
          SeatPolicy::RandomChoices random_play, GameState& game, std::vector<long long>& score)
      : seats_(seats), deal_rng_(deal_rng), rng_(rng), options_(options), deck_(deck), draws_for_(draws_for),
        random_play_(random_play), game_(game), score_(score) {}

  // The next hand is played into `out`.
  void begin(PlayedHand& out) { out_ = &out; }

  // The seat about to decide, and what it knows of its partner.
  void decide(int seat) {
    view_.seat = seat;
    view_.partner = partner_of_[static_cast<std::size_t>(seat)];
  }
  [[nodiscard]] bool game_over() const { return over_; }

  void deal(HandState& h) {
    out_->dealer = h.dealer;
    shuffle_cards(deck_, deal_rng_);
    std::size_t k = 0;
    // Where trump is named before the deal is complete, each player gets
    // deal.before_trump cards first (what the trump namer sees), then the rest.
    auto deal_each = [&](int count) {
      for (int p = 0; p < h.players; ++p) {
        CardSet& dealt = out_->deal[static_cast<std::size_t>(p)];
        for (int i = 0; i < count; ++i) {
          dealt.insert(deck_[k++]);
        }
      }
    };
    const int first = h.rules->deal_before_trump;
    if (first == 0) {
      deal_each(h.rules->hand_size);
    } else {
      deal_each(first);
      first_part_ = out_->deal;
      deal_each(h.rules->hand_size - first);
    }
    for (; k < deck_.size(); ++k) {
      out_->kitty.insert(deck_[k]);
    }
    apply_deal(h, out_->deal, out_->kitty);
    if (view_.rules != h.rules) {  // the same for every hand of a game
      // Fixed partnerships: each seat's partner is the other seat of its side.
      for (int s = 0; s < h.players; ++s) {
        int partner = -1;
        for (int o = 0; o < h.players; ++o) {
          partner = o != s && side_of(h, o) == side_of(h, s) ? o : partner;
        }
        partner_of_[static_cast<std::size_t>(s)] = partner;
        partners_ = partners_ || partner >= 0;
      }
    }
    view_.rules = h.rules;
    view_.number = h.number;
    view_.dealer = h.dealer;
    view_.score = &score_;
    view_.bidder = -1;
    view_.bid = 0;
    view_.partner_card.reset();
    view_.partner_shown = -1;
    out_->quota.resize(static_cast<std::size_t>(h.players));
    for (int s = 0; s < h.players; ++s) {
      view_.quota[static_cast<std::size_t>(s)] = h.quota[static_cast<std::size_t>(s)];
      out_->quota[static_cast<std::size_t>(s)] = h.quota[static_cast<std::size_t>(s)];
    }
  }

  // The calls of the auction, each among legal_calls; random seats pass or
  // make the lowest bid with equal chance.
  void auction(HandState& h) {
    while (!h.auction.over()) {
      const int seat = h.auction.turn;
      const CallOptions o = legal_calls(h);
      const auto i = static_cast<std::size_t>(seat);
      decide(seat);
      view_.hand = h.hands[i];
      int bid = draws_for_[i] ? random_call(o.pass, o.lo, o.hi, rng_) : seats_[i]->call(view_, o.pass, o.lo, o.hi, rng_);
      if ((bid == 0 && !o.pass) || (bid != 0 && (bid < o.lo || bid > o.hi))) {
        bid = o.lo <= o.hi ? o.lo : 0;  // a broken policy: the engine lets no illegal call through
      }
      out_->bids.emplace_back(seat, bid);
      apply_call(h, seat, bid == 0 ? std::nullopt : std::optional<int>(bid));
    }
    out_->bidder = h.auction.bidder;  // -1 when everyone passed
    out_->bid = h.auction.high;
    view_.bidder = has_contract(h) ? h.auction.bidder : -1;
    view_.bid = h.auction.high;
  }

  // The rest of a deal made in two parts: the cards are dealt already; the
  // seats now see all of them.
  void deal_rest(HandState& /*h*/) {}

  // Bots make every owed pluck they can, so a waivable exchange is never
  // waived and the record stays warning-free.
  void exchange(HandState& h) {
    std::array<bool, kMaxPlayers> given_up{};
    for (PluckTurn t = next_pluck(h, given_up); t.by >= 0; t = next_pluck(h, given_up)) {
      const CardSet options = legal_gives(h, t.by, t.from);
      if (options.empty()) {
        given_up[static_cast<std::size_t>(t.owed)] = true;
        continue;
      }
      const auto by = static_cast<std::size_t>(t.by);
      decide(t.by);
      view_.hand = h.hands[by];
      const Card g = draws_for_[by] ? pick(options, rng_) : checked(seats_[by]->give(view_, t.from, options, rng_), options);
      const auto back = due_return(h, t.from, g);
      apply_pluck(h, t, g, back);
      out_->plucks.push_back(PlayedPluck{t.by, t.from, g, back});
    }
  }

  void trump(HandState& h) {
    const int namer = trump_namer(h);
    decide(namer);
    view_.hand = h.rules->deal_before_trump > 0 ? first_part_[static_cast<std::size_t>(namer)]
                                                : h.hands[static_cast<std::size_t>(namer)];
    out_->trump = seats_[static_cast<std::size_t>(namer)]->name_trump(view_, rng_);
    out_->trump_by = namer;
    apply_trump(h, out_->trump);
  }

  void kitty(HandState& h) {
    const int taker = kitty_taker(h);
    if (taker < 0) {
      return;  // the phase is absent when nobody takes the kitty
    }
    if (h.discard_apart) {
      take_kitty(h);  // the bidder takes it now, names trump, then discards
      return;
    }
    const auto t = static_cast<std::size_t>(taker);
    CardSet pool = discard_pool(h);
    decide(taker);
    view_.hand = pool;
    view_.kitty = h.rules->kitty_mode == KittyMode::kTakeThenDiscard ? h.kitty : CardSet();
    for (int i = 0; i < h.rules->kitty_discard; ++i) {
      const Card c = draws_for_[t] ? pick(pool, rng_) : checked(seats_[t]->discard(view_, h.trump, pool, rng_), pool);
      pool.erase(c);
      out_->discard.insert(c);
    }
    apply_kitty(h, out_->discard);
    if (h.rules->show_kitty) {
      for (int by = 0; by < h.players; ++by) {  // by plucker, in seat order
        const CardSet shown = required_shows(h, by);
        if (!shown.empty()) {
          out_->shows.emplace_back(by, shown);
        }
      }
    }
  }

  // The bidder's discard, among the cards the rules let go.
  void discard(HandState& h) {
    const int taker = kitty_taker(h);
    const auto t = static_cast<std::size_t>(taker);
    CardSet pool = discard_pool(h);
    if (const CardSet allowed = pool - forbidden_discards(h); allowed.size() >= h.rules->kitty_discard) {
      pool = allowed;
    }
    decide(taker);
    view_.kitty = h.kitty;
    for (int i = 0; i < h.rules->kitty_discard; ++i) {
      view_.hand = h.hands[t] - out_->discard;  // what the taker still holds, and has laid away
      view_.discard = out_->discard;
      const Card c = draws_for_[t] ? pick(pool, rng_) : checked(seats_[t]->discard(view_, h.trump, pool, rng_), pool);
      pool.erase(c);
      out_->discard.insert(c);
    }
    apply_kitty(h, out_->discard);
  }

  void play(HandState& h) {
    start_play(h, first_leader(h, true));
    view_.partner_card = partner_card_in_play(h);
    view_.partner_shown = -1;
    view_.void_in = {};
    view_.led = {};
    view_.won_in = {};
    const int tricks = h.rules->tricks_per_hand();
    if (options_.record_tricks) {
      out_->leaders.reserve(static_cast<std::size_t>(tricks));
    }
    // Where the hand may end early, or the scoring reads each trick, a trick
    // at a time; otherwise all at once.
    const bool early = h.policies.hand_end->after_trick != nullptr;
    const bool each = early || h.policies.scoring->facts != nullptr;
    for (int played = 0; played < tricks;) {
      const int now = each ? 1 : tricks;
      const CardSet before = h.play.played;
      play_some(h, now);
      played += now;
      if (each) {
        note_trick(h, h.play.played - before);
      }
      if (early && hand_ends_after_trick(h) && !plays_on(h)) {
        end_hand_at(h, played);
        break;
      }
    }
    if (options_.record_tricks) {
      out_->tricks.resize(static_cast<std::size_t>(tricks_in_hand(h)));
    }
  }

  // After an early court that the winners may play on from, the choice of
  // the seat that took the trick (it leads next).
  [[gnu::noinline]] bool plays_on(HandState& h) {
    if (!may_play_on(h)) {
      return false;
    }
    const int seat = h.play.leader;
    decide(seat);
    view_.hand = h.play.hands[static_cast<std::size_t>(seat)];
    view_.kitty = CardSet();
    view_.discard = CardSet();
    return seats_[static_cast<std::size_t>(seat)]->play_on(view_, h.play, rng_);
  }

  void play_some(HandState& h, int tricks) {
    PlayState& s = h.play;
    if (random_play_ == SeatPolicy::RandomChoices::kNo) {
      if (partners_) {
        bot_tricks<true>(h, tricks);
      } else {
        bot_tricks<false>(h, tricks);
      }
    } else {
      random_tricks(s, *out_, tricks, options_.record_tricks,
                    random_play_ == SeatPolicy::RandomChoices::kAlwaysDraw, rng_);
    }
  }

  // Tricks whose cards the seats choose. With fixed partners each seat is
  // told its partner and what the table has seen of the play; elsewhere
  // neither is kept (the quota and auction games' play is as it was).
  template <bool kPartners>
  [[gnu::noinline]] void bot_tricks(HandState& h, int tricks) {
    PlayState& s = h.play;
    // The kitty and the discard are known to whoever took the kitty; a
    // kitty nobody takes is set aside unseen.
    const int knows_kitty = kitty_taker(h);
    play_tricks(s, *out_, tricks, options_.record_tricks, [&](int seat, CardSet legal) {
      view_.seat = seat;
      if constexpr (kPartners) {
        view_.partner = partner_of_[static_cast<std::size_t>(seat)];
      }
      view_.hand = s.hands[static_cast<std::size_t>(seat)];
      view_.kitty = seat == knows_kitty ? out_->kitty : CardSet();
      view_.discard = seat == knows_kitty ? out_->discard : CardSet();
      const Card c = checked(seats_[static_cast<std::size_t>(seat)]->play(view_, s, legal, rng_), legal);
      if (view_.partner_card == c) {
        view_.partner_shown = seat;  // the whole table sees who played the partner card
      }
      if constexpr (kPartners) {
        note_seen(s, seat, c);
      }
      return c;
    });
  }

  // What the whole table sees of `c`, played by `seat` to the trick in
  // progress: a lead, a failure to follow (a void), and with the last card
  // the trick's winner, where it won with a card of the suit led.
  [[gnu::noinline]] void note_seen(const PlayState& s, int seat, Card c) {
    const auto i = static_cast<std::size_t>(seat);
    const Suit suit = effective_suit(c, s.trump);
    if (s.count == 0) {
      view_.led[i] |= static_cast<std::uint8_t>(1U << static_cast<unsigned>(suit));
      return;
    }
    const auto led = static_cast<std::uint8_t>(1U << static_cast<unsigned>(s.led_suit));
    if (suit != s.led_suit) {
      view_.void_in[i] |= led;
    }
    if (s.count == s.players - 1) {
      const bool takes = strength_if_played(s, c) > s.best_strength;
      const int winner = takes ? seat : s.best_seat;
      Card best = c;
      for (int k = 0; !takes && k < s.count; ++k) {
        best = s.seats[static_cast<std::size_t>(k)] == winner ? s.cards[static_cast<std::size_t>(k)] : best;
      }
      if (effective_suit(best, s.trump) == s.led_suit) {
        view_.won_in[static_cast<std::size_t>(winner)] |= led;
      }
    }
  }

  void count(HandState& h) {
    if (h.void_hand) {
      out_->tricks.clear();  // everyone passed: no trick was played
    }
    const auto taken = tricks_counted(h);
    out_->taken.assign(taken.begin(), taken.begin() + h.players);
    const HandTally t = tally(h, taken);
    out_->partner = t.partner;
    out_->early_court_side = t.early_court_side;
    out_->all_tricks = t.all_tricks;
    out_->winner_side = t.winner_side;
    out_->tricks_played = tricks_in_hand(h);
    if (h.auctioned) {
      out_->points.assign(t.points.begin(), t.points.begin() + h.players);
      if (has_contract(h) && counts_cards(h)) {
        out_->side_points = bidding_side_points(t);
        out_->made = contract_made(t);
      }
    }
    count_hand(game_, t);
    out_->streak_court_side = game_.last.streak_court_side;
    out_->streak_side = game_.streak_side;
    out_->streak = game_.streak;
    score_.assign(game_.score.begin(), game_.score.begin() + h.players);
    out_->score = score_;
    over_ = game_ends(game_, t);
    if (over_) {
      std::array<int, kMaxPlayers> w{};
      winners_.assign(w.begin(), w.begin() + game_winners(game_, t, w));
    }
  }

  [[nodiscard]] const std::vector<int>& winners() const { return winners_; }

 private:
  std::span<SeatPolicy* const> seats_;
  PlayoutRng& deal_rng_;  // the deck's shuffles only
  PlayoutRng& rng_;       // the seats' draws
  const PlayoutOptions& options_;
  std::span<Card> deck_;
  const std::array<bool, kMaxPlayers>& draws_for_;
  SeatPolicy::RandomChoices random_play_;
  GameState& game_;
  std::vector<long long>& score_;  // the running scores, as the bots see them
  PlayedHand* out_ = nullptr;
  HandView view_;
  std::array<CardSet, kMaxPlayers> first_part_{};  // deal.before_trump: what each seat saw before trump
  std::array<int, kMaxPlayers> partner_of_{};       // each seat's fixed partner, -1: none
  bool partners_ = false;                           // some seat has a fixed partner
  std::vector<int> winners_;
  bool over_ = false;
};

}  // namespace

void play_game(const Ruleset& r, std::span<SeatPolicy* const> seats, const PlayoutOptions& options,
               PlayedGame& game) {
  PlayoutRng deal_rng(options.seed);
  // The seats' generator, from the seed by a SplitMix64 step (another
  // stream than the deal's, whatever the seed).
  std::uint64_t z = options.seed + 0x9E3779B97F4A7C15ULL;
  z = (z ^ (z >> 30U)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27U)) * 0x94D049BB133111EBULL;
  PlayoutRng rng(z ^ (z >> 31U));
  const int n = r.players;
  game.finished = false;
  game.winners.clear();
  game.score.assign(static_cast<std::size_t>(n), 0);
  GameState state = start_game(r);
  int dealer = options.first_dealer % n;
  const int limit = r.end != GameEnd::kHandsRecorded ? options.max_hands : options.hands_no_target;
  const int tricks = r.tricks_per_hand();
  // The deck in the ruleset's order, shuffled afresh each hand.
  std::array<Card, 64> deck_store{};
  std::size_t deck_size = 0;
  for (Card c : r.deck) {
    deck_store[deck_size++] = c;
  }
  const auto deck = std::span<Card>(deck_store.data(), deck_size);
  // Seats that choose uniformly at random: play_game draws for them itself,
  // in play when every seat does.
  std::array<bool, kMaxPlayers> draws_for{};
  SeatPolicy::RandomChoices random_play = seats[0]->random_choices();
  for (int p = 0; p < n; ++p) {
    const auto mode = seats[static_cast<std::size_t>(p)]->random_choices();
    draws_for[static_cast<std::size_t>(p)] = mode != SeatPolicy::RandomChoices::kNo;
    if (mode != random_play) {
      random_play = SeatPolicy::RandomChoices::kNo;
    }
  }
  std::size_t used = 0;
  HandState hand;
  BotHand driver(seats, deal_rng, rng, options, deck, draws_for, random_play, state, game.score);
  for (int number = 1; number <= limit; ++number) {
    driver.begin(next_hand(game, used, tricks, options.record_tricks));
    start_hand(hand, state, number, dealer);
    run_hand(hand, driver);
    if (driver.game_over()) {
      game.finished = true;
      game.winners = driver.winners();
      break;
    }
    dealer = next_dealer(state, dealer);
  }
  if (!game.finished && used > 0) {
    // Where the game is the hands played (court-piece.md §3.6), their end decides it: a win or a draw.
    std::array<int, kMaxPlayers> w{};
    int count = 0;
    if (decided_by_record_end(state, w, count)) {
      game.finished = true;
      game.winners.assign(w.begin(), w.begin() + count);
    }
  }
  while (game.hands.size() > used) {
    spare_hands.push_back(std::move(game.hands.back()));
    game.hands.pop_back();
  }
}

PlayedGame play_random_game(const Ruleset& r, const PlayoutOptions& options) {
  std::vector<LegacyRandom> policies(static_cast<std::size_t>(r.players));
  std::vector<SeatPolicy*> seats;
  for (auto& p : policies) {
    seats.push_back(&p);
  }
  return play_game(r, seats, options);
}

}  // namespace trickref
