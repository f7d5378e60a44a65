#include "sim/statistics.h"

#include <algorithm>

#include <fmt/format.h>

namespace trickref::sim {
namespace {

std::string who_dealt_first(int offset, int players) {
  if (offset == 0) {
    return "first dealer";
  }
  return role_name(offset, players) + " of first dealer";
}

// A game-level rate: its Wilson interval, and a game adds (won, counted).
Tally tally_of(const Proportion& p) { return {p.successes(), p.trials()}; }
Tally tally_of(const Mean& m) { return {m.sum(), m.n()}; }
Tally tally_of(const ClusteredMean& c) { return {c.sum(), c.items()}; }

// The sides of the first ruleset with fixed partnerships, as seat lists;
// empty when none has them.
std::vector<std::vector<int>> fixed_sides(const std::vector<RulesetStats>& stats) {
  for (const auto& s : stats) {
    if (s.fixed_sides) {
      std::vector<std::vector<int>> out(static_cast<std::size_t>(s.sides));
      for (int seat = 0; seat < s.players; ++seat) {
        out[static_cast<std::size_t>(s.side_index[static_cast<std::size_t>(seat)])].push_back(seat);
      }
      return out;
    }
  }
  return {};
}

}  // namespace

std::string role_name(int offset, int players) {
  if (offset == 0) {
    return "dealer";
  }
  if (offset == 1) {
    return "left";
  }
  if (offset == players - 1) {
    return "right";
  }
  return fmt::format("left+{}", offset);
}

std::int64_t length_quantile(const std::vector<std::int64_t>& histogram, int percent) {
  std::int64_t games = 0;
  for (const auto c : histogram) {
    games += c;
  }
  if (games == 0) {
    return 0;
  }
  // At least ⌈percent·G/100⌉ games, and at least one.
  const std::int64_t need = std::max<std::int64_t>(1, (percent * games + 99) / 100);
  std::int64_t seen = 0;
  for (std::size_t length = 0; length < histogram.size(); ++length) {
    seen += histogram[length];
    if (seen >= need) {
      return static_cast<std::int64_t>(length);
    }
  }
  return static_cast<std::int64_t>(histogram.size()) - 1;
}

namespace {

// Builds the list of statistics, row by row, in report order.
class StatisticList {
 public:
  explicit StatisticList(const std::vector<RulesetStats>& stats) : stats_(stats) {}

  // A count: a whole number with no interval.
  void count(std::string key, std::string label, std::string definition,
             std::function<std::int64_t(const RulesetStats&)> get) {
    Statistic st;
    st.group = group_of(key);
    st.key = std::move(key);
    st.label = std::move(label);
    st.definition = std::move(definition);
    st.count = std::move(get);
    out_.push_back(std::move(st));
  }

  // A game-level rate (Wilson), a game-level mean (normal) or a per-hand
  // figure clustered by game: `get` picks the accumulator; null where the
  // ruleset has none of it.
  template <class Get>
  void estimate(std::string key, std::string label, Kind kind, std::string definition, Get get) {
    Statistic st;
    st.group = group_of(key);
    st.key = std::move(key);
    st.label = std::move(label);
    st.kind = kind;
    st.definition = std::move(definition);
    using Accumulator = std::remove_cvref_t<decltype(*get(stats_.front()))>;
    if constexpr (std::is_same_v<Accumulator, Proportion>) {
      st.method = Method::kWilson;
      st.interval = [get](const RulesetStats& s) {
        const Proportion* p = get(s);
        return p != nullptr ? p->wilson() : Interval{};
      };
    } else if constexpr (std::is_same_v<Accumulator, Mean>) {
      st.method = Method::kNormal;
      st.interval = [get](const RulesetStats& s) {
        const Mean* m = get(s);
        return m != nullptr ? m->normal() : Interval{};
      };
    } else {
      st.method = Method::kClustered;
      st.interval = [get, kind](const RulesetStats& s) {
        const ClusteredMean* c = get(s);
        return c != nullptr ? c->interval(kind != Kind::kMean) : Interval{};
      };
    }
    st.tally = [get](const RulesetStats& s) {
      const auto* a = get(s);
      return a != nullptr ? tally_of(*a) : Tally{};
    };
    out_.push_back(std::move(st));
  }

  [[nodiscard]] std::vector<Statistic> take() { return std::move(out_); }

 private:
  static std::string group_of(const std::string& key) { return key.substr(0, key.find('.')); }

  const std::vector<RulesetStats>& stats_;
  std::vector<Statistic> out_;
};

// The i-th entry of a by-seat list, null past its end.
template <class List>
auto at(List& list, std::size_t i) {
  return i < list.size() ? &list[i] : nullptr;
}

// Games, hands and how long the games were.
void add_length_rows(StatisticList& list, const SimulateOptions& options) {
  list.count("games", "games", "games played under the ruleset (--games)",
             [](const RulesetStats& s) { return s.games; });
  list.count("unfinished", fmt::format("unfinished (after {} hands)", options.max_hands),
             "games nobody had won after --max-hands hands",
             [](const RulesetStats& s) { return s.games - s.finished; });
  list.estimate("unfinished_rate", "unfinished share", Kind::kRate, "share of games stopped at --max-hands, every game",
                [](const RulesetStats& s) { return &s.unfinished; });
  list.count("hands", "hands", "hands played in all, all-pass hands included",
             [](const RulesetStats& s) { return s.hands; });
  list.estimate("hands_per_game", "hands per game", Kind::kMean,
                "game length: hands played (all-pass hands included), every game",
                [](const RulesetStats& s) { return &s.hands_per_game; });
  const std::vector<std::pair<int, std::string>> quantiles{{0, "min"},     {10, "p10"}, {25, "p25"}, {50, "median"},
                                                           {75, "p75"},    {90, "p90"}, {100, "max"}};
  for (const auto& [percent, name] : quantiles) {
    const std::string label = percent == 0     ? "game length: shortest"
                              : percent == 100 ? "game length: longest"
                              : percent == 50  ? "game length: median"
                                               : fmt::format("game length: {}%", percent);
    list.count("game_length." + name, label,
               percent == 0 || percent == 100
                   ? fmt::format("the {} game's hands, every game", percent == 0 ? "shortest" : "longest")
                   : fmt::format("hands played: the fewest that {}% of the games (at least one) took no more than "
                                 "(the empirical quantile, no interpolation), every game",
                                 percent),
               [percent = percent](const RulesetStats& s) { return length_quantile(s.game_length, percent); });
  }
}

// By seat: quotas and tricks by role, plucks, win rates by first-dealer
// offset and by --bots seat.
void add_seat_rows(StatisticList& list, int players, const SimulateOptions& options) {
  for (int r = 0; r < players; ++r) {
    const auto i = static_cast<std::size_t>(r);
    list.estimate("made_quota." + role_name(r, players), "made quota: " + role_name(r, players), Kind::kRate,
                  fmt::format("share of hands in which the {} seat (relative to the hand's dealer) took at least its "
                              "quota",
                              role_name(r, players)),
                  [i](const RulesetStats& s) { return s.quotas ? at(s.made_quota, i) : nullptr; });
  }
  for (int r = 0; r < players; ++r) {
    const auto i = static_cast<std::size_t>(r);
    list.estimate("tricks." + role_name(r, players), "tricks: " + role_name(r, players), Kind::kMean,
                  fmt::format("tricks taken by the {} seat per hand (a hand everyone passed has none and is left out)",
                              role_name(r, players)),
                  [i](const RulesetStats& s) { return at(s.tricks, i); });
  }
  list.estimate("plucks_per_hand", "plucks per hand", Kind::kMean,
                "plucks made per hand, every hand (the first hand has none)",
                [](const RulesetStats& s) { return s.quotas ? &s.plucks_per_hand : nullptr; });
  for (int r = 0; r < players; ++r) {
    const auto i = static_cast<std::size_t>(r);
    std::string key = r == 0 ? "first_dealer" : role_name(r, players) + "_of_first_dealer";
    list.estimate("wins_by_seat." + key, "wins: " + who_dealt_first(r, players), Kind::kRate,
                  fmt::format("fairness: win rate of the seat {} the game's first dealer, finished games",
                              r == 0 ? "that is" : role_name(r, players) + " of"),
                  [i](const RulesetStats& s) { return at(s.wins_by_seat, i); });
  }
  for (int b = 0; b < players; ++b) {
    const auto i = static_cast<std::size_t>(b);
    const std::string bot = i < options.bots.size() ? options.bots[i] : "?";
    list.estimate(fmt::format("wins_by_bot.{}", b + 1), fmt::format("wins: seat {} ({})", b + 1, bot), Kind::kRate,
                  fmt::format("win rate of --bots seat {}, finished games (a joint winner counts as a win)", b + 1),
                  [i](const RulesetStats& s) { return at(s.wins_by_bot, i); });
  }
}

// The auction games: per hand, each game's hands one cluster.
void add_contract_rows(StatisticList& list) {
  auto clustered = [&](std::string key, std::string label, Kind kind, std::string definition,
                       ClusteredMean RulesetStats::*member, bool points) {
    list.estimate("contracts." + std::move(key), std::move(label), kind, std::move(definition),
                  [member, points](const RulesetStats& s) {
                    return s.contracts && (s.points || !points) ? &(s.*member) : nullptr;
                  });
  };
  clustered("all_pass", "all passed (hand void)", Kind::kRate, "share of hands everyone passed",
            &RulesetStats::all_pass, false);
  clustered("winning_bid", "winning bid", Kind::kMean, "the contract's bid, hands with a contract",
            &RulesetStats::winning_bid, false);
  clustered("made", "contracts made", Kind::kRate,
            "share of contracts the bidding side made (its points at least the bid)", &RulesetStats::made, true);
  clustered("solo", "solo contracts", Kind::kRate,
            "share of contracts with the bidder alone (it held or laid away the partner card)", &RulesetStats::solo,
            true);
  clustered("solo_made", "solo contracts made", Kind::kRate, "share of the solo contracts made",
            &RulesetStats::solo_made, true);
  clustered("points_bidding_side", "points: bidding side", Kind::kMean,
            "the bidder's and the partner's points together (the discard's included), per contract",
            &RulesetStats::bidding_side_points, true);
  clustered("points_defenders", "points: defenders", Kind::kMean, "the defenders' points together, per contract",
            &RulesetStats::defender_points, true);
}

// The courts games: per hand, each game's hands one cluster.
void add_court_rows(StatisticList& list) {
  auto clustered = [&](std::string key, std::string label, Kind kind, std::string definition,
                       ClusteredMean RulesetStats::*member) {
    list.estimate("courts." + std::move(key), std::move(label), kind, std::move(definition),
                  [member](const RulesetStats& s) { return s.courts ? &(s.*member) : nullptr; });
  };
  clustered("early_per_100_hands", "early courts per 100 hands", Kind::kPer100,
            "hands in which a side took an early court (hand.early_court_tricks tricks in a row from the first; "
            "not every trick), per 100 hands",
            &RulesetStats::early_courts);
  clustered("all_tricks_per_100_hands", "all-tricks courts per 100 hands", Kind::kPer100,
            "hands in which the side that took an early court played on and took every trick, per 100 hands",
            &RulesetStats::all_tricks_courts);
  clustered("streak_per_100_hands", "streak courts per 100 hands", Kind::kPer100,
            "hands that completed a streak (scoring.streak_length hands won in a row), per 100 hands",
            &RulesetStats::streak_courts);
  clustered("hands_per_court", "hands per court", Kind::kMean,
            "hands played per court scored (the three kinds above, each counted once)",
            &RulesetStats::hands_per_court);
  clustered("trump_caller_side_wins_hand", "trump caller's side wins the hand", Kind::kRate,
            "share of the hands a side won that the side of the player who named trump won",
            &RulesetStats::trump_side_wins);
}

// Win rates by side, for `sides` (the first ruleset's with fixed
// partnerships): a ruleset's sides must match them to be shown.
void add_side_rows(StatisticList& list, const std::vector<std::vector<int>>& sides, int players,
                   const SimulateOptions& options) {
  auto same_sides = [sides](const RulesetStats& s) {
    if (!s.fixed_sides || s.sides != static_cast<int>(sides.size())) {
      return false;
    }
    for (std::size_t k = 0; k < sides.size(); ++k) {
      for (const int seat : sides[k]) {
        if (s.side_index[static_cast<std::size_t>(seat)] != static_cast<int>(k)) {
          return false;
        }
      }
    }
    return true;
  };
  for (std::size_t k = 0; k < sides.size(); ++k) {
    // The side of the seat that many places left of the first dealer.
    const int offset = sides[k].front();
    std::string key = offset == 0 ? "first_dealer" : role_name(offset, players) + "_of_first_dealer";
    list.estimate("wins_by_side." + key, "wins: side of " + who_dealt_first(offset, players), Kind::kRate,
                  fmt::format("fairness by side: win rate of the side of the seat {} the game's first dealer, "
                              "finished games",
                              offset == 0 ? "that is" : role_name(offset, players) + " of"),
                  [same_sides, k](const RulesetStats& s) { return same_sides(s) ? &s.wins_by_side_seat[k] : nullptr; });
  }
  for (std::size_t k = 0; k < sides.size(); ++k) {
    std::vector<std::string> seats;
    std::vector<std::string> bots;
    for (const int seat : sides[k]) {
      seats.push_back(std::to_string(seat + 1));
      const auto i = static_cast<std::size_t>(seat);
      const std::string bot = i < options.bots.size() ? options.bots[i] : "?";
      if (std::find(bots.begin(), bots.end(), bot) == bots.end()) {
        bots.push_back(bot);
      }
    }
    list.estimate(fmt::format("wins_by_bot_side.{}", fmt::join(seats, "_")),
                  fmt::format("wins: seats {} ({})", fmt::join(seats, " & "), fmt::join(bots, ", ")), Kind::kRate,
                  fmt::format("win rate of the side of --bots seats {}, finished games", fmt::join(seats, " & ")),
                  [same_sides, k](const RulesetStats& s) { return same_sides(s) ? &s.wins_by_side[k] : nullptr; });
  }
}

// How the finished games were won: shared wins, the margin, the last hand, the lead.
void add_outcome_rows(StatisticList& list) {
  list.count("shared_wins", "shared wins",
             "finished games won jointly by more than one side (game.tie: share); partners are one side",
             [](const RulesetStats& s) { return s.shared_wins; });
  list.estimate("margin", "margin, first over second", Kind::kMean,
                "final top score minus the next, finished games (a side's score counted once); in the scoring's "
                "own units, so not comparable across scorings: see the lead rows",
                [](const RulesetStats& s) { return &s.margin; });
  list.estimate("decided_in_last_hand", "decided in the last hand", Kind::kRate,
                "share of finished games whose winners (for a draw: the players level at the top) were not exactly "
                "the leaders before the last hand",
                [](const RulesetStats& s) { return &s.decided_last_hand; });
  const std::string lead_games = "finished games won by one side (no draw, no shared win)";
  list.estimate("lead.from_quarter", "winner led from 1/4 of the game", Kind::kRate,
                "share of " + lead_games +
                    " whose winner was alone at the top after every hand from hand ⌈H/4⌉ of its H hands on",
                [](const RulesetStats& s) { return &s.led_from_quarter; });
  list.estimate("lead.from_half", "winner led from 1/2 of the game", Kind::kRate,
                "the same from hand ⌈H/2⌉ on: how early the game's outcome showed, in any scoring",
                [](const RulesetStats& s) { return &s.led_from_half; });
  list.estimate("lead.from_three_quarters", "winner led from 3/4 of the game", Kind::kRate,
                "the same from hand ⌈3H/4⌉ on", [](const RulesetStats& s) { return &s.led_from_three_quarters; });
  list.estimate("lead.comeback", "comebacks (winner behind at 1/2)", Kind::kRate,
                "share of " + lead_games + " whose winner was behind another side after hand ⌈H/2⌉",
                [](const RulesetStats& s) { return &s.comeback; });
}

}  // namespace

std::vector<Statistic> statistics(const std::vector<RulesetStats>& stats, const SimulateOptions& options) {
  const int players = stats.empty() ? 3 : stats.front().players;
  const bool contracts = std::any_of(stats.begin(), stats.end(), [](const RulesetStats& s) { return s.contracts; });
  const bool courts = std::any_of(stats.begin(), stats.end(), [](const RulesetStats& s) { return s.courts; });
  StatisticList list(stats);
  add_length_rows(list, options);
  add_seat_rows(list, players, options);
  if (contracts) {
    add_contract_rows(list);
  }
  if (courts) {
    add_court_rows(list);
  }
  if (const auto sides = fixed_sides(stats); !sides.empty()) {
    add_side_rows(list, sides, players, options);
  }
  if (courts) {
    list.estimate("draws", "draws", Kind::kRate,
                  "finished games drawn: the sides level on courts at the end of a target: null game",
                  [](const RulesetStats& s) { return s.courts ? &s.draws : nullptr; });
  }
  add_outcome_rows(list);
  return list.take();
}

std::vector<std::string> interval_notes() {
  return {
      "Every interval is a 95% interval (z = 1.959963984540054), and every sample is a game: games are "
      "independent (each has its own seeds), the hands of one game are not (the same players, one running "
      "score, the plucks and the dealer that follow from the last hand).",
      "A rate over games (win rates, unfinished share, decided in the last hand, the lead rows) uses the "
      "Wilson score interval; a mean over games (hands per game, margin) the normal interval mean ± z·s/√n, "
      "s the sample standard deviation.",
      "A figure over hands (made quota, tricks, plucks, the contract and court rows) is clustered by game: "
      "game g adds y_g, the sum of its hands' values, over n_g hands; the estimate is R = Σy/Σn over all "
      "hands, and its interval R ± z·√v with v = G/(G−1) · Σ(y_g − R·n_g)² / (Σn)² over the G games (the "
      "linearised variance of a ratio; a rate's interval is cut to [0, 1]).",
      "Differences: with several --rules, each statistic of each ruleset is compared with the first ruleset's "
      "over the same games (the same seeds; where the two share a deck, a hand size and a number of players, "
      "the same deals hand by hand, whatever the bots: the deck is shuffled from a generator of its own). "
      "The difference D = R_b − R_a of the two estimates (each a ratio of game totals as above, a "
      "game-level figure with n_g 1 or 0) gets the interval D ± z·√v with v = G/(G−1) · Σ e_g², "
      "e_g = (y_bg − R_b·n_bg)/N_b − (y_ag − R_a·n_ag)/N_a (N = Σn): each game is one paired sample, so what "
      "a deal does to both rulesets cancels. The difference excludes 0 when the interval lies wholly on one side.",
  };
}

}  // namespace trickref::sim
