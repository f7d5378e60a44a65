// `simulate`: plays many seeded games with built-in bots under one or more
// rulesets and gathers variant statistics, each with a 95% confidence
// interval (sim/stats.h), and each ruleset's difference from the first over
// the same games (paired).
//
// Determinism: game i of a run is played from its own seeds, derived from
// the run's seed and i only (game_seed), with seat i % players dealing
// first, so the games, their transcripts and every figure are the same
// whatever the number of threads. Every ruleset plays the same seeds (common
// random numbers: ruleset differences are not drowned in deal-to-deal
// noise). The deal shuffles from a generator of its own (engine/playout.h),
// so rulesets with the same deck, hand size and players deal the same cards
// hand by hand, whatever the bots draw.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/playout.h"
#include "ruleset/ruleset.h"
#include "sim/stats.h"

namespace trickref::sim {

struct SimRuleset {
  std::string ref;  // as given on the command line
  std::shared_ptr<const Ruleset> rules;
};

// The most hands a simulated game may run to (max_hands, hands_no_target).
// Written in full, a hand is at most about 1.1 KB and 190 values of JSON
// (Call Deuces for five), so a game of this many is about 11 MB and 1.9
// million values: inside `validate`'s default limits (Limits::max_file_bytes,
// max_json_values), which is what makes everything `simulate --out` writes
// read back (SimulatedLimits.LongestGamesReadBack).
inline constexpr int kMaxSimulatedHands = 10'000;

struct SimulateOptions {
  std::uint64_t seed = 1;
  std::int64_t games = 1000;            // per ruleset
  std::vector<std::string> bots;        // by seat; names from bot_names()
  unsigned jobs = 1;
  int max_hands = 1000;      // safety stop: a game still going after this many hands is unfinished
  int hands_no_target = 10;  // hands per game under a ruleset with no target (`target: null`)
  // The build of the random-play loop (engine/random_play.h); none: the
  // fastest this CPU has, asked once per run. The same games either way.
  std::optional<PlayoutKernel> kernel;
};

// The statistics of one ruleset's games. Seat roles are offsets from the
// hand's dealer (0 dealer, 1 left, players-1 right); "relative to the first
// dealer" are offsets from the game's first dealer.
struct RulesetStats {
  explicit RulesetStats(int players = 3, bool quotas = true, bool contracts = false, bool points = false);
  // `rules` gives the sides and whether courts are scored as well.
  explicit RulesetStats(const Ruleset& rules);
  void add(const PlayedGame& game, int first_dealer);
  void merge(const RulesetStats& o);
  void add_contracts(const PlayedGame& game);  // the auction games' figures of one game
  void add_courts(const PlayedGame& game);     // the courts games' figures of one game
  void add_lead(const PlayedGame& game);       // the decisiveness figures of one finished game

  int players = 3;
  bool quotas = true;      // the ruleset has quotas (and plucks): otherwise those figures stay empty
  bool contracts = false;  // the ruleset has an auction: otherwise the contract figures stay empty
  bool points = false;     // its scoring counts card points against the contract (made, solo, points)
  std::int64_t games = 0;
  std::int64_t finished = 0;
  std::int64_t hands = 0;
  std::int64_t shared_wins = 0;            // finished games won jointly by more than one side (player)
  Mean hands_per_game;                     // every game
  // By role, every hand with tricks; each game's hands one cluster (the
  // plucks and the running score tie a game's hands together).
  std::vector<ClusteredMean> made_quota;
  std::vector<ClusteredMean> tricks;
  ClusteredMean plucks_per_hand;           // every hand, each game one cluster
  std::vector<std::int64_t> game_length;   // games by hands played (index: hands), every game
  std::vector<Proportion> wins_by_seat;    // by offset from the first dealer, finished games
  std::vector<Proportion> wins_by_bot;     // by seat (the --bots position), finished games
  Mean margin;                             // top score minus the next, finished games
  Proportion decided_last_hand;            // finished games the last hand turned
  // Decisiveness, comparable across scorings (finished games won by one
  // side): whether the winner was alone at the top after every hand from
  // the quarter, half, three quarters of the game on (hand ⌈f·H⌉ of H), and
  // whether it was behind (another side above it) after hand ⌈H/2⌉.
  Proportion led_from_quarter;
  Proportion led_from_half;
  Proportion led_from_three_quarters;
  Proportion comeback;
  Proportion unfinished;                   // every game: stopped at max_hands
  // The auction games, each game's hands one cluster (ClusteredMean).
  ClusteredMean all_pass;                  // hands everyone passed (void), of all hands
  ClusteredMean winning_bid;               // the contract's bid, hands with a contract
  ClusteredMean made;                      // contracts made
  ClusteredMean solo;                      // contracts with the bidder alone
  ClusteredMean solo_made;                 // solo contracts made, of the solo contracts
  ClusteredMean bidding_side_points;       // the bidding side's points, hands with a contract
  ClusteredMean defender_points;           // the defenders' points together, hands with a contract
  // Sides (the partner policy's): each seat's side, as the index of the side
  // in order of its first seat; with no fixed partnerships every seat is a side.
  std::vector<int> side_index;
  int sides = 0;
  bool fixed_sides = false;  // some side has two seats (partnership: opposite)
  // The courts games (scoring.kind courts), each game's hands one cluster.
  bool courts = false;
  ClusteredMean early_courts;              // hands with an early court (not the all-tricks one), of all hands
  ClusteredMean all_tricks_courts;         // hands in which a side took every trick after an early court
  ClusteredMean streak_courts;             // hands that completed a streak court
  ClusteredMean hands_per_court;           // hands over the courts scored in them (each court event once)
  ClusteredMean trump_side_wins;           // hands won by the trump caller's side, of the hands a side won
  std::vector<Proportion> wins_by_side;      // by side (seat order), finished games
  std::vector<Proportion> wins_by_side_seat; // by side, in order from the first dealer's, finished games
  Proportion draws;                          // finished games with no winner (game.tie draw)
  // By statistic (sim/statistics.h, the report's list): this ruleset's
  // games paired with the first ruleset's same games. Empty outside simulate().
  std::vector<PairedClusteredMean> against_first;
};

// Game i's seed: a SplitMix64 mix of the run's seed and i.
[[nodiscard]] std::uint64_t game_seed(std::uint64_t seed, std::int64_t index);

// Whether two rulesets' games of one seed are dealt the same cards hand by
// hand: the same deck, hand size and players. Otherwise they share the seed only.
[[nodiscard]] bool same_deals(const Ruleset& a, const Ruleset& b);

// Whether the last hand decided `game`: the winners (of a draw: the players
// level at the top after it) are not exactly the player(s) with the top
// score before it.
[[nodiscard]] bool decided_in_last_hand(const PlayedGame& game);

struct SimulateHooks {
  // Called on a worker thread for every game when set (transcripts are
  // rendered in parallel); its text is passed to `write` in game order.
  std::function<std::string(std::size_t ruleset, std::int64_t game, const PlayedGame&)> render;
  // Called on the calling thread, ruleset by ruleset, game by game.
  std::function<void(std::size_t ruleset, std::int64_t game, std::string&& text)> write;
  // Called on the calling thread now and then: games done, games in all.
  std::function<void(std::int64_t done, std::int64_t total)> progress;
};

// Plays options.games games under each ruleset (precondition: the bot names
// are valid and there is one per player). Returns the statistics by ruleset.
[[nodiscard]] std::vector<RulesetStats> simulate(const std::vector<SimRuleset>& rulesets,
                                                 const SimulateOptions& options, const SimulateHooks& hooks = {});

// One game as `simulate` plays it (for tests and benchmarks).
[[nodiscard]] PlayedGame simulate_game(const Ruleset& rules, const std::vector<std::string>& bots,
                                       const SimulateOptions& options, std::int64_t index, bool record_tricks);

}  // namespace trickref::sim
