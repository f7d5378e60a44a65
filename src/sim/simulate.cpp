#include "sim/simulate.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <exception>
#include <mutex>
#include <thread>

#include "engine/game.h"
#include "engine/scoring.h"
#include "sim/bots.h"
#include "sim/statistics.h"

namespace trickref::sim {
namespace {

// The bots of one thread, built once and reused for every game, with the
// game record and the scratch the games are played into.
class Table {
 public:
  Table(const std::vector<std::string>& bots, PlayoutKernel kernel) : kernel_(kernel) {
    for (const auto& name : bots) {
      owned_.push_back(make_bot(name));
      seats_.push_back(owned_.back().get());
    }
  }
  // Plays game `index` into this table's own PlayedGame, whose storage the
  // next game reuses; the reference is good until then.
  const PlayedGame& play(const Ruleset& rules, const SimulateOptions& o, std::int64_t index, bool record_tricks) {
    PlayoutOptions po;
    po.seed = game_seed(o.seed, index);
    po.first_dealer = first_dealer(rules, index);
    po.max_hands = o.max_hands;
    po.hands_no_target = o.hands_no_target;
    po.record_tricks = record_tricks;
    po.kernel = kernel_;
    play_game(rules, std::span<SeatPolicy* const>(seats_.data(), static_cast<std::size_t>(rules.players)), po,
              game_, scratch_);
    return game_;
  }
  static int first_dealer(const Ruleset& rules, std::int64_t index) {
    return static_cast<int>(index % rules.players);
  }

 private:
  std::vector<std::unique_ptr<SeatPolicy>> owned_;
  std::vector<SeatPolicy*> seats_;
  PlayoutKernel kernel_;
  PlayedGame game_;
  PlayoutScratch scratch_;
};

// The build of the random-play loop a run uses: the one asked for, else the
// fastest here (CPUID is asked once, not once per game).
PlayoutKernel kernel_for(const SimulateOptions& o) { return o.kernel ? *o.kernel : fastest_playout_kernel(); }

}  // namespace

std::uint64_t game_seed(std::uint64_t seed, std::int64_t index) {
  return splitmix64(splitmix64(seed) ^ static_cast<std::uint64_t>(index));
}

bool same_deals(const Ruleset& a, const Ruleset& b) {
  // The deck is shuffled from a generator of its own (engine/playout.h):
  // whatever the bots draw, the same seed deals the same cards hand after hand.
  return a.players == b.players && a.deck == b.deck && a.hand_size == b.hand_size &&
         a.deal_before_trump == b.deal_before_trump;
}

bool decided_in_last_hand(const PlayedGame& game) {
  if (!game.finished || game.hands.empty()) {
    return false;
  }
  if (game.hands.size() == 1) {
    return true;
  }
  // The leaders before the last hand against the winners (both in seat order).
  const auto before = leaders(game.hands[game.hands.size() - 2].score);
  return game.winners.empty() ? before != leaders(game.score) : before != game.winners;
}

RulesetStats::RulesetStats(const Ruleset& r)
    : RulesetStats(r.players, r.has_quotas(), r.has_auction(), r.scoring == ScoringKind::kPoints) {
  const PartnerPolicy& partners = *policies_for(r).partners;
  std::vector<int> first_seat;  // of each side, by side number
  for (int s = 0; s < players; ++s) {
    const int number = partners.side(r, s);
    const auto it = std::find(first_seat.begin(), first_seat.end(), number);
    side_index[static_cast<std::size_t>(s)] = static_cast<int>(it - first_seat.begin());
    if (it == first_seat.end()) {
      first_seat.push_back(number);
    }
  }
  sides = static_cast<int>(first_seat.size());
  fixed_sides = sides < players;
  wins_by_side.assign(static_cast<std::size_t>(sides), Proportion());
  wins_by_side_seat.assign(static_cast<std::size_t>(sides), Proportion());
  courts = r.scoring == ScoringKind::kCourts;
}

RulesetStats::RulesetStats(int n, bool has_quotas, bool has_contracts, bool counts_points)
    : players(n),
      quotas(has_quotas),
      contracts(has_contracts),
      points(counts_points),
      made_quota(static_cast<std::size_t>(n)),
      tricks(static_cast<std::size_t>(n)),
      wins_by_seat(static_cast<std::size_t>(n)),
      wins_by_bot(static_cast<std::size_t>(n)),
      sides(n),
      wins_by_side(static_cast<std::size_t>(n)),
      wins_by_side_seat(static_cast<std::size_t>(n)) {
  for (int s = 0; s < n; ++s) {
    side_index.push_back(s);
  }
}

void RulesetStats::add(const PlayedGame& game, int first_dealer) {
  const int n = players;
  ++games;
  hands += static_cast<std::int64_t>(game.hands.size());
  hands_per_game.add(static_cast<std::int64_t>(game.hands.size()));
  const auto length = game.hands.size();
  if (game_length.size() <= length) {
    game_length.resize(length + 1, 0);
  }
  ++game_length[length];
  // This game's totals by role: one cluster of each figure.
  std::array<std::int64_t, kMaxPlayers> made_hands{};
  std::array<std::int64_t, kMaxPlayers> tricks_taken{};
  std::int64_t trick_hands = 0;
  std::int64_t plucks = 0;
  for (const auto& h : game.hands) {
    if (contracts && h.bidder < 0) {
      continue;  // everyone passed: no trick was played
    }
    ++trick_hands;
    // Seat s's role is its offset from the dealer, counted without a division.
    std::size_t role = static_cast<std::size_t>(offset_from(h.dealer, 0, n));
    for (int s = 0; s < n; ++s) {
      const auto i = static_cast<std::size_t>(s);
      made_hands[role] += quotas && h.taken[i] >= h.quota[i] ? 1 : 0;
      tricks_taken[role] += h.taken[i];
      role = role + 1 == static_cast<std::size_t>(n) ? 0 : role + 1;
    }
    plucks += static_cast<std::int64_t>(h.plucks.size());
  }
  for (std::size_t role = 0; role < static_cast<std::size_t>(n); ++role) {
    if (quotas) {
      made_quota[role].add_game(made_hands[role], trick_hands);
    }
    tricks[role].add_game(tricks_taken[role], trick_hands);
  }
  if (quotas) {
    plucks_per_hand.add_game(plucks, static_cast<std::int64_t>(game.hands.size()));
  }
  unfinished.add(!game.finished);
  if (contracts) {
    add_contracts(game);
  }
  if (courts) {
    add_courts(game);
  }
  if (!game.finished) {
    return;
  }
  ++finished;
  // Joint winners of more than one side (partners who win together are one side).
  for (const int w : game.winners) {
    if (side_index[static_cast<std::size_t>(w)] != side_index[static_cast<std::size_t>(game.winners.front())]) {
      ++shared_wins;
      break;
    }
  }
  draws.add(game.winners.empty());
  std::array<bool, kMaxPlayers> side_won{};  // by side (no allocation: this runs for every game)
  for (int s = 0; s < n; ++s) {
    const bool won = std::find(game.winners.begin(), game.winners.end(), s) != game.winners.end();
    wins_by_seat[static_cast<std::size_t>(offset_from(first_dealer, s, n))].add(won);
    wins_by_bot[static_cast<std::size_t>(s)].add(won);
    if (won) {
      side_won[static_cast<std::size_t>(side_index[static_cast<std::size_t>(s)])] = true;
    }
  }
  // The sides in order from the first dealer's: each where its first seat
  // from the first dealer on comes.
  std::array<bool, kMaxPlayers> seen{};
  std::size_t k = 0;
  for (int o = 0; o < n; ++o) {
    const auto sd = static_cast<std::size_t>(side_index[static_cast<std::size_t>((first_dealer + o) % n)]);
    if (!seen[sd]) {
      seen[sd] = true;
      wins_by_side_seat[k++].add(side_won[sd]);
    }
  }
  for (int sd = 0; sd < sides; ++sd) {
    wins_by_side[static_cast<std::size_t>(sd)].add(side_won[static_cast<std::size_t>(sd)]);
  }
  // The top score and the next (which equals it on a tie at the top), a
  // side's score once (partners share theirs).
  long long first = 0;
  long long second = 0;
  std::array<bool, kMaxPlayers> counted{};
  std::size_t scores = 0;
  for (std::size_t i = 0; i < game.score.size(); ++i) {
    const auto sd = static_cast<std::size_t>(side_index[i]);
    if (counted[sd]) {
      continue;
    }
    counted[sd] = true;
    const long long x = game.score[i];
    if (scores == 0 || x > first) {
      second = scores == 0 ? x : first;
      first = x;
    } else if (scores == 1 || x > second) {
      second = x;
    }
    ++scores;
  }
  margin.add(scores >= 2 ? first - second : 0);
  decided_last_hand.add(decided_in_last_hand(game));
  add_lead(game);
}

void RulesetStats::add_lead(const PlayedGame& game) {
  if (game.winners.empty() || game.hands.empty()) {
    return;  // a draw: nobody to follow
  }
  const auto won = static_cast<std::size_t>(game.winners.front());
  const int side = side_index[won];
  for (const int w : game.winners) {
    if (side_index[static_cast<std::size_t>(w)] != side) {
      return;  // won jointly by several sides
    }
  }
  // After hand i (0-based): 1 the winner alone at the top, 0 level at the
  // top, -1 behind another side.
  auto standing = [&](std::size_t i) {
    const auto& score = game.hands[i].score;
    int out = 1;
    for (std::size_t s = 0; s < score.size(); ++s) {
      if (side_index[s] == side) {
        continue;
      }
      if (score[s] > score[won]) {
        return -1;
      }
      if (score[s] == score[won]) {
        out = 0;
      }
    }
    return out;
  };
  const auto hands_played = static_cast<std::int64_t>(game.hands.size());
  // Hand ⌈num/4 · H⌉ (1-based), at least the first.
  auto hand_at = [&](std::int64_t quarters) {
    return static_cast<std::size_t>(std::max<std::int64_t>(1, (quarters * hands_played + 3) / 4));
  };
  auto led_from = [&](std::size_t hand) {
    for (std::size_t i = hand - 1; i < game.hands.size(); ++i) {
      if (standing(i) != 1) {
        return false;
      }
    }
    return true;
  };
  led_from_quarter.add(led_from(hand_at(1)));
  led_from_half.add(led_from(hand_at(2)));
  led_from_three_quarters.add(led_from(hand_at(3)));
  comeback.add(standing(hand_at(2) - 1) < 0);
}

void RulesetStats::add_contracts(const PlayedGame& game) {
  // This game's totals: one cluster of each statistic.
  std::int64_t hands_played = 0;
  std::int64_t voids = 0;
  std::int64_t contract_hands = 0;
  std::int64_t bids = 0;
  std::int64_t made_hands = 0;
  std::int64_t solo_hands = 0;
  std::int64_t solo_made_hands = 0;
  std::int64_t side = 0;
  std::int64_t defenders = 0;
  for (const auto& h : game.hands) {
    ++hands_played;
    if (h.bidder < 0) {
      ++voids;  // everyone passed
      continue;
    }
    ++contract_hands;
    bids += h.bid;
    if (!points) {
      continue;
    }
    std::int64_t all = 0;
    for (int p : h.points) {
      all += p;
    }
    made_hands += h.made ? 1 : 0;
    solo_hands += h.partner < 0 ? 1 : 0;
    solo_made_hands += h.partner < 0 && h.made ? 1 : 0;
    side += h.side_points;
    defenders += all - h.side_points;
  }
  all_pass.add_game(voids, hands_played);
  winning_bid.add_game(bids, contract_hands);
  if (points) {
    made.add_game(made_hands, contract_hands);
    solo.add_game(solo_hands, contract_hands);
    solo_made.add_game(solo_made_hands, solo_hands);
    bidding_side_points.add_game(side, contract_hands);
    defender_points.add_game(defenders, contract_hands);
  }
}

void RulesetStats::add_courts(const PlayedGame& game) {
  // This game's totals: one cluster of each statistic.
  std::int64_t hands_played = 0;
  std::int64_t early = 0;
  std::int64_t all = 0;
  std::int64_t streak = 0;
  std::int64_t decided = 0;
  std::int64_t caller_side = 0;
  for (const auto& h : game.hands) {
    ++hands_played;
    early += h.early_court_side >= 0 && !h.all_tricks ? 1 : 0;
    all += h.all_tricks ? 1 : 0;
    streak += h.streak_court_side >= 0 ? 1 : 0;
    if (h.winner_side >= 0) {
      ++decided;
      // Side numbers are the partner policy's: a side is numbered by a seat of it.
      const int caller = h.trump_by >= 0 ? side_index[static_cast<std::size_t>(h.trump_by)] : -1;
      caller_side += caller == side_index[static_cast<std::size_t>(h.winner_side)] ? 1 : 0;
    }
  }
  early_courts.add_game(early, hands_played);
  all_tricks_courts.add_game(all, hands_played);
  streak_courts.add_game(streak, hands_played);
  hands_per_court.add_game(hands_played, early + all + streak);
  trump_side_wins.add_game(caller_side, decided);
}

void RulesetStats::merge(const RulesetStats& o) {
  games += o.games;
  finished += o.finished;
  hands += o.hands;
  shared_wins += o.shared_wins;
  hands_per_game.merge(o.hands_per_game);
  if (game_length.size() < o.game_length.size()) {
    game_length.resize(o.game_length.size(), 0);
  }
  for (std::size_t i = 0; i < o.game_length.size(); ++i) {
    game_length[i] += o.game_length[i];
  }
  for (std::size_t i = 0; i < made_quota.size(); ++i) {
    made_quota[i].merge(o.made_quota[i]);
    tricks[i].merge(o.tricks[i]);
    wins_by_seat[i].merge(o.wins_by_seat[i]);
    wins_by_bot[i].merge(o.wins_by_bot[i]);
  }
  plucks_per_hand.merge(o.plucks_per_hand);
  margin.merge(o.margin);
  decided_last_hand.merge(o.decided_last_hand);
  led_from_quarter.merge(o.led_from_quarter);
  led_from_half.merge(o.led_from_half);
  led_from_three_quarters.merge(o.led_from_three_quarters);
  comeback.merge(o.comeback);
  unfinished.merge(o.unfinished);
  all_pass.merge(o.all_pass);
  winning_bid.merge(o.winning_bid);
  made.merge(o.made);
  solo.merge(o.solo);
  solo_made.merge(o.solo_made);
  bidding_side_points.merge(o.bidding_side_points);
  defender_points.merge(o.defender_points);
  for (std::size_t i = 0; i < wins_by_side.size(); ++i) {
    wins_by_side[i].merge(o.wins_by_side[i]);
    wins_by_side_seat[i].merge(o.wins_by_side_seat[i]);
  }
  draws.merge(o.draws);
  early_courts.merge(o.early_courts);
  all_tricks_courts.merge(o.all_tricks_courts);
  streak_courts.merge(o.streak_courts);
  hands_per_court.merge(o.hands_per_court);
  trump_side_wins.merge(o.trump_side_wins);
  if (against_first.size() < o.against_first.size()) {
    against_first.resize(o.against_first.size());
  }
  for (std::size_t i = 0; i < o.against_first.size(); ++i) {
    against_first[i].merge(o.against_first[i]);
  }
}

PlayedGame simulate_game(const Ruleset& rules, const std::vector<std::string>& bots, const SimulateOptions& options,
                         std::int64_t index, bool record_tricks) {
  Table table(bots, kernel_for(options));
  return table.play(rules, options, index, record_tricks);
}

namespace {

// Runs `work(t)` for t = 0 .. jobs-1, each on a thread of its own (with one
// job, on this thread). A worker's exception (std::bad_alloc above all)
// calls `stop`, so that the others take no more work, and is rethrown here
// once they are all joined: the run ends as it does with one job, never by
// std::terminate.
template <class Work, class Stop>
void run_workers(unsigned jobs, const Work& work, const Stop& stop) {
  if (jobs == 1) {
    work(0U);
    return;
  }
  std::exception_ptr failure;
  std::mutex failure_mutex;
  auto worker = [&](unsigned t) {
    try {
      work(t);
    } catch (...) {
      std::lock_guard lock(failure_mutex);
      if (!failure) {
        failure = std::current_exception();
      }
      stop();
    }
  };
  std::vector<std::thread> threads;
  try {
    for (unsigned t = 0; t < jobs; ++t) {
      threads.emplace_back(worker, t);
    }
  } catch (...) {
    stop();
    for (auto& th : threads) {
      th.join();
    }
    throw;
  }
  for (auto& th : threads) {
    th.join();
  }
  if (failure) {
    std::rethrow_exception(failure);
  }
}

// One run of simulate: the rulesets and options, the list of statistics,
// and each ruleset's statistics before any game (a game's own figures start
// from them; `paired` adds the empty pairs with the first ruleset's games).
class Run {
 public:
  Run(const std::vector<SimRuleset>& rulesets, const SimulateOptions& o, const SimulateHooks& hooks)
      : rulesets_(rulesets), o_(o), hooks_(hooks), output_(static_cast<bool>(hooks.render)) {
    for (const auto& r : rulesets) {
      empty_.emplace_back(*r.rules);
    }
    list_ = statistics(empty_, o);  // the report's rows, drawn from the empty statistics
    paired_ = empty_;
    for (std::size_t r = 1; r < rulesets.size(); ++r) {
      paired_[r].against_first.assign(list_.size(), PairedClusteredMean());
    }
  }

  [[nodiscard]] bool output() const { return output_; }
  [[nodiscard]] const std::vector<RulesetStats>& paired() const { return paired_; }

  // One worker's share of the block of games [start, end): games taken
  // `chunk` at a time from `next`, each under every ruleset in turn (the
  // pairs are formed where the games are played), merged into `into`; with
  // output, each game's text into `texts` (game by game, ruleset by ruleset).
  void play_block(Table& table, std::atomic<std::int64_t>& next, std::int64_t start, std::int64_t end,
                  std::vector<RulesetStats>& into, std::vector<std::string>& texts) const {
    constexpr std::int64_t kChunk = 16;  // games a worker takes at a time
    const std::size_t nr = rulesets_.size();
    // The statistics of this block are gathered in memory the worker
    // allocates itself (no cache line shared with another thread, written
    // every hand), then merged once.
    std::vector<RulesetStats> local = paired_;
    std::vector<RulesetStats> one = empty_;  // one game's figures, by ruleset
    for (std::int64_t from = next.fetch_add(kChunk); from < end; from = next.fetch_add(kChunk)) {
      for (std::int64_t g = from; g < std::min(end, from + kChunk); ++g) {
        for (std::size_t r = 0; r < nr; ++r) {
          const Ruleset& rules = *rulesets_[r].rules;
          const PlayedGame& game = table.play(rules, o_, g, output_);
          one[r] = empty_[r];  // same sizes: no allocation
          one[r].add(game, Table::first_dealer(rules, g));
          local[r].merge(one[r]);
          if (output_) {
            texts[static_cast<std::size_t>(g - start) * nr + r] = hooks_.render(r, g, game);
          }
        }
        pair_with_first(one, local);
      }
    }
    for (std::size_t r = 0; r < nr; ++r) {
      into[r].merge(local[r]);
    }
  }

 private:
  // One game's figures under each ruleset paired with the first's.
  void pair_with_first(const std::vector<RulesetStats>& one, std::vector<RulesetStats>& local) const {
    for (std::size_t k = 0; k < list_.size() && one.size() > 1; ++k) {
      if (!list_[k].tally) {
        continue;  // a count: no interval, no pair
      }
      const Tally first = list_[k].tally(one[0]);
      for (std::size_t r = 1; r < one.size(); ++r) {
        local[r].against_first[k].add_game(first, list_[k].tally(one[r]));
      }
    }
  }

  const std::vector<SimRuleset>& rulesets_;
  const SimulateOptions& o_;
  const SimulateHooks& hooks_;
  bool output_;
  std::vector<RulesetStats> empty_;
  std::vector<Statistic> list_;
  std::vector<RulesetStats> paired_;
};

}  // namespace

std::vector<RulesetStats> simulate(const std::vector<SimRuleset>& rulesets, const SimulateOptions& o,
                                   const SimulateHooks& hooks) {
  const std::size_t nr = rulesets.size();
  const std::int64_t total = o.games * static_cast<std::int64_t>(nr);
  const unsigned jobs = std::max(1U, o.jobs);
  const Run run(rulesets, o, hooks);
  // Work goes in blocks of games, each game played under every ruleset in
  // turn: the workers play a block, then this thread writes its transcripts
  // in order and reports progress. Memory stays bounded by one block of
  // transcripts.
  const std::int64_t block = std::max<std::int64_t>(1, (run.output() ? 512 : 8192) / static_cast<std::int64_t>(nr));
  std::vector<std::vector<RulesetStats>> per_thread(jobs, run.paired());
  std::vector<std::unique_ptr<Table>> tables;  // each on its own, apart from the others
  const PlayoutKernel kernel = kernel_for(o);
  for (unsigned t = 0; t < jobs; ++t) {
    tables.push_back(std::make_unique<Table>(o.bots, kernel));
  }
  std::vector<std::string> texts;
  for (std::int64_t start = 0; start < o.games; start += block) {
    const std::int64_t end = std::min(o.games, start + block);
    if (run.output()) {
      texts.assign(static_cast<std::size_t>(end - start) * nr, std::string());
    }
    std::atomic<std::int64_t> next{start};
    run_workers(
        jobs, [&](unsigned t) { run.play_block(*tables[t], next, start, end, per_thread[t], texts); },
        [&] { next = end; });
    if (run.output() && hooks.write) {
      for (std::int64_t g = start; g < end; ++g) {
        for (std::size_t r = 0; r < nr; ++r) {
          hooks.write(r, g, std::move(texts[static_cast<std::size_t>(g - start) * nr + r]));
        }
      }
    }
    if (hooks.progress) {
      hooks.progress(end * static_cast<std::int64_t>(nr), total);
    }
  }
  std::vector<RulesetStats> out = std::move(per_thread[0]);
  for (unsigned t = 1; t < jobs; ++t) {
    for (std::size_t r = 0; r < nr; ++r) {
      out[r].merge(per_thread[t][r]);
    }
  }
  return out;
}

}  // namespace trickref::sim
