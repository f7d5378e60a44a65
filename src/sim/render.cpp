#include "sim/render.h"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "base/text.h"

namespace trickref::sim {
namespace {

// kPer100: a rate per hand shown per 100 hands (courts per 100 hands).
enum class Kind { kCount, kRate, kMean, kPer100 };

struct Cell {
  Interval value;
  std::int64_t count = 0;
};

// One statistic across the rulesets: `key` names it in JSON and CSV
// (dotted: group.member), `label` in text.
struct Row {
  std::string key;
  std::string label;
  Kind kind = Kind::kCount;
  std::vector<Cell> cells;
};

std::string who_dealt_first(int offset, int players) {
  if (offset == 0) {
    return "first dealer";
  }
  return role_name(offset, players) + " of first dealer";
}

// Whether any ruleset of the report has an auction: then the contract rows are shown.
bool has_contracts(const SimReport& rep) {
  return std::any_of(rep.stats.begin(), rep.stats.end(), [](const RulesetStats& s) { return s.contracts; });
}

// Whether any ruleset of the report scores courts: then the courts rows are shown.
bool has_courts(const SimReport& rep) {
  return std::any_of(rep.stats.begin(), rep.stats.end(), [](const RulesetStats& s) { return s.courts; });
}

// The sides of the first ruleset of the report with fixed partnerships, as
// seat lists; empty when none has them.
std::vector<std::vector<int>> fixed_sides(const SimReport& rep) {
  for (const auto& s : rep.stats) {
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

std::vector<Row> rows(const SimReport& rep) {
  std::vector<Row> out;
  const int players = rep.stats.empty() ? 3 : rep.stats.front().players;
  auto add = [&](std::string key, std::string label, Kind kind, auto&& get) {
    Row row{std::move(key), std::move(label), kind, {}};
    for (const auto& s : rep.stats) {
      row.cells.push_back(get(s));
    }
    out.push_back(std::move(row));
  };
  auto count = [](std::int64_t c) { return Cell{{}, c}; };
  add("games", "games", Kind::kCount, [&](const RulesetStats& s) { return count(s.games); });
  add("unfinished", fmt::format("unfinished (after {} hands)", rep.options.max_hands), Kind::kCount,
      [&](const RulesetStats& s) { return count(s.games - s.finished); });
  add("unfinished_rate", "unfinished share", Kind::kRate,
      [](const RulesetStats& s) { return Cell{s.unfinished.wilson(), 0}; });
  add("hands", "hands", Kind::kCount, [&](const RulesetStats& s) { return count(s.hands); });
  add("hands_per_game", "hands per game", Kind::kMean,
      [](const RulesetStats& s) { return Cell{s.hands_per_game.normal(), 0}; });
  for (int r = 0; r < players; ++r) {
    const auto i = static_cast<std::size_t>(r);
    add("made_quota." + role_name(r, players), "made quota: " + role_name(r, players), Kind::kRate,
        [&](const RulesetStats& s) { return Cell{i < s.made_quota.size() ? s.made_quota[i].wilson() : Interval{}, 0}; });
  }
  for (int r = 0; r < players; ++r) {
    const auto i = static_cast<std::size_t>(r);
    add("tricks." + role_name(r, players), "tricks: " + role_name(r, players), Kind::kMean,
        [&](const RulesetStats& s) { return Cell{i < s.tricks.size() ? s.tricks[i].normal() : Interval{}, 0}; });
  }
  add("plucks_per_hand", "plucks per hand", Kind::kMean,
      [](const RulesetStats& s) { return Cell{s.plucks_per_hand.normal(), 0}; });
  for (int r = 0; r < players; ++r) {
    const auto i = static_cast<std::size_t>(r);
    std::string key = r == 0 ? "first_dealer" : role_name(r, players) + "_of_first_dealer";
    add("wins_by_seat." + key, "wins: " + who_dealt_first(r, players), Kind::kRate, [&](const RulesetStats& s) {
      return Cell{i < s.wins_by_seat.size() ? s.wins_by_seat[i].wilson() : Interval{}, 0};
    });
  }
  for (int b = 0; b < players; ++b) {
    const auto i = static_cast<std::size_t>(b);
    const std::string bot = i < rep.options.bots.size() ? rep.options.bots[i] : "?";
    add(fmt::format("wins_by_bot.{}", b + 1), fmt::format("wins: seat {} ({})", b + 1, bot), Kind::kRate,
        [&](const RulesetStats& s) {
          return Cell{i < s.wins_by_bot.size() ? s.wins_by_bot[i].wilson() : Interval{}, 0};
        });
  }
  if (has_contracts(rep)) {
    // The auction games: per hand, each game's hands one cluster (stats.h, ClusteredMean).
    auto clustered = [&](std::string key, std::string label, Kind kind, ClusteredMean RulesetStats::*member) {
      add("contracts." + std::move(key), std::move(label), kind, [&, member, kind](const RulesetStats& s) {
        return Cell{s.contracts ? (s.*member).interval(kind == Kind::kRate) : Interval{}, 0};
      });
    };
    clustered("all_pass", "all passed (hand void)", Kind::kRate, &RulesetStats::all_pass);
    clustered("winning_bid", "winning bid", Kind::kMean, &RulesetStats::winning_bid);
    clustered("made", "contracts made", Kind::kRate, &RulesetStats::made);
    clustered("solo", "solo contracts", Kind::kRate, &RulesetStats::solo);
    clustered("solo_made", "solo contracts made", Kind::kRate, &RulesetStats::solo_made);
    clustered("points_bidding_side", "points: bidding side", Kind::kMean, &RulesetStats::bidding_side_points);
    clustered("points_defenders", "points: defenders", Kind::kMean, &RulesetStats::defender_points);
  }
  if (has_courts(rep)) {
    // The courts games: per hand, each game's hands one cluster.
    auto clustered = [&](std::string key, std::string label, Kind kind, ClusteredMean RulesetStats::*member) {
      add("courts." + std::move(key), std::move(label), kind, [&, member, kind](const RulesetStats& s) {
        return Cell{s.courts ? (s.*member).interval(kind != Kind::kMean) : Interval{}, 0};
      });
    };
    clustered("early_per_100_hands", "early courts per 100 hands", Kind::kPer100, &RulesetStats::early_courts);
    clustered("all_tricks_per_100_hands", "all-tricks courts per 100 hands", Kind::kPer100,
              &RulesetStats::all_tricks_courts);
    clustered("streak_per_100_hands", "streak courts per 100 hands", Kind::kPer100, &RulesetStats::streak_courts);
    clustered("hands_per_court", "hands per court", Kind::kMean, &RulesetStats::hands_per_court);
    clustered("trump_caller_side_wins_hand", "trump caller's side wins the hand", Kind::kRate,
              &RulesetStats::trump_side_wins);
  }
  if (const auto sides = fixed_sides(rep); !sides.empty()) {
    // Win rates by side: the seats' `sides` must match the first ruleset's to be shown.
    auto same_sides = [&](const RulesetStats& s) {
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
      add("wins_by_side." + key, "wins: side of " + who_dealt_first(offset, players), Kind::kRate,
          [&, k](const RulesetStats& s) {
            return Cell{same_sides(s) ? s.wins_by_side_seat[k].wilson() : Interval{}, 0};
          });
    }
    for (std::size_t k = 0; k < sides.size(); ++k) {
      std::vector<std::string> seats;
      std::vector<std::string> bots;
      for (const int seat : sides[k]) {
        seats.push_back(std::to_string(seat + 1));
        const auto i = static_cast<std::size_t>(seat);
        const std::string bot = i < rep.options.bots.size() ? rep.options.bots[i] : "?";
        if (std::find(bots.begin(), bots.end(), bot) == bots.end()) {
          bots.push_back(bot);
        }
      }
      add(fmt::format("wins_by_bot_side.{}", fmt::join(seats, "_")),
          fmt::format("wins: seats {} ({})", fmt::join(seats, " & "), fmt::join(bots, ", ")), Kind::kRate,
          [&, k](const RulesetStats& s) {
            return Cell{same_sides(s) ? s.wins_by_side[k].wilson() : Interval{}, 0};
          });
    }
  }
  if (has_courts(rep)) {
    add("draws", "draws", Kind::kRate, [](const RulesetStats& s) {
      return Cell{s.courts ? s.draws.wilson() : Interval{}, 0};
    });
  }
  add("shared_wins", "shared wins", Kind::kCount, [&](const RulesetStats& s) { return count(s.shared_wins); });
  add("margin", "margin, first over second", Kind::kMean, [](const RulesetStats& s) { return Cell{s.margin.normal(), 0}; });
  add("decided_in_last_hand", "decided in the last hand", Kind::kRate,
      [](const RulesetStats& s) { return Cell{s.decided_last_hand.wilson(), 0}; });
  return out;
}

std::string cell_text(const Row& row, const Cell& c) {
  switch (row.kind) {
    case Kind::kCount:
      return fmt::format("{}", c.count);
    case Kind::kRate:
      if (c.value.n == 0) {
        return "-";
      }
      return fmt::format("{:.1f}% [{:.1f}, {:.1f}]", 100 * c.value.estimate, 100 * c.value.low, 100 * c.value.high);
    case Kind::kMean:
      if (c.value.n == 0) {
        return "-";
      }
      return fmt::format("{:.2f} [{:.2f}, {:.2f}]", c.value.estimate, c.value.low, c.value.high);
    case Kind::kPer100:
      if (c.value.n == 0) {
        return "-";
      }
      return fmt::format("{:.2f} [{:.2f}, {:.2f}]", 100 * c.value.estimate, 100 * c.value.low, 100 * c.value.high);
  }
  return "";
}

// Six decimals: far below any interval's width, and short, stable output.
double rounded(double x) {
  const double r = std::round(x * 1e6) / 1e6;
  return r == 0.0 ? 0.0 : r;  // no "-0.0"
}

nlohmann::ordered_json interval_json(const Row& row, const Cell& c) {
  nlohmann::ordered_json j;
  if (row.kind == Kind::kCount) {
    return c.count;
  }
  if (c.value.n == 0) {
    j["n"] = 0;
    return j;
  }
  const double scale = row.kind == Kind::kPer100 ? 100 : 1;
  j[row.kind == Kind::kRate ? "rate" : row.kind == Kind::kPer100 ? "per_100_hands" : "mean"] =
      rounded(scale * c.value.estimate);
  j["low"] = rounded(scale * c.value.low);
  j["high"] = rounded(scale * c.value.high);
  j["n"] = c.value.n;
  return j;
}

std::string csv_number(double x) {
  std::string s = fmt::format("{:.6f}", rounded(x));
  return s;
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

std::string render_text(const SimReport& rep) {
  std::string out;
  std::string bots;
  for (const auto& b : rep.options.bots) {
    bots += (bots.empty() ? "" : ",") + b;
  }
  out += fmt::format("{} games per ruleset, seed {}, bots {}\n", rep.options.games, rep.options.seed, bots);
  out += "estimate [95% confidence interval]: rates Wilson score, means normal";
  const bool contracts = has_contracts(rep);
  const bool courts = has_courts(rep);
  out += contracts && courts ? "; contracts and courts per hand, by game (clustered)\n\n"
         : contracts        ? "; contracts per hand, by game (clustered)\n\n"
         : courts           ? "; courts per hand, by game (clustered)\n\n"
                            : "\n\n";
  // Rows that apply to none of the rulesets (a quota game's made quota in
  // Court Piece) are left out here; JSON and CSV keep every key, with n 0.
  auto table = rows(rep);
  std::erase_if(table, [](const Row& r) {
    return r.kind != Kind::kCount &&
           std::all_of(r.cells.begin(), r.cells.end(), [](const Cell& c) { return c.value.n == 0; });
  });
  std::size_t label_w = 0;
  for (const auto& r : table) {
    label_w = std::max(label_w, r.label.size());
  }
  // Ruleset names can come from files: shown clipped and printable (base/text.h).
  std::vector<std::string> heads;
  for (const auto& r : rep.rulesets) {
    heads.push_back(printable(clip(r)));
  }
  std::vector<std::size_t> col_w(rep.rulesets.size(), 0);
  for (std::size_t c = 0; c < rep.rulesets.size(); ++c) {
    col_w[c] = display_width(heads[c]);
    for (const auto& r : table) {
      col_w[c] = std::max(col_w[c], cell_text(r, r.cells[c]).size());
    }
  }
  auto line = [&](const std::string& label, const std::vector<std::string>& cells) {
    std::string l = fmt::format("{:<{}}", label, label_w);
    for (std::size_t c = 0; c < cells.size(); ++c) {
      l += "  " + fmt::format("{:<{}}", cells[c], col_w[c]);
    }
    while (!l.empty() && l.back() == ' ') {
      l.pop_back();
    }
    out += l + "\n";
  };
  line("", heads);
  for (const auto& r : table) {
    std::vector<std::string> cells;
    for (const auto& c : r.cells) {
      cells.push_back(cell_text(r, c));
    }
    line(r.label, cells);
  }
  return out;
}

nlohmann::ordered_json report_json(const SimReport& rep) {
  nlohmann::ordered_json j;
  j["seed"] = rep.options.seed;
  j["games"] = rep.options.games;
  j["bots"] = rep.options.bots;
  j["max_hands"] = rep.options.max_hands;
  j["confidence"] = 0.95;
  j["intervals"] = {{"rate", "wilson"}, {"mean", "normal"}};
  if (has_contracts(rep)) {
    j["intervals"]["contracts"] = "clustered by game";
  }
  if (has_courts(rep)) {
    j["intervals"]["courts"] = "clustered by game";
  }
  const auto table = rows(rep);
  nlohmann::ordered_json list = nlohmann::ordered_json::array();
  for (std::size_t c = 0; c < rep.rulesets.size(); ++c) {
    nlohmann::ordered_json rj;
    rj["ruleset"] = rep.rulesets[c];
    for (const auto& r : table) {
      const auto dot = r.key.find('.');
      if (dot == std::string::npos) {
        rj[r.key] = interval_json(r, r.cells[c]);
      } else {
        rj[r.key.substr(0, dot)][r.key.substr(dot + 1)] = interval_json(r, r.cells[c]);
      }
    }
    list.push_back(std::move(rj));
  }
  j["rulesets"] = std::move(list);
  return j;
}

std::string render_csv(const SimReport& rep) {
  std::string out = "ruleset,statistic,estimate,low,high,n\n";
  const auto table = rows(rep);
  for (std::size_t c = 0; c < rep.rulesets.size(); ++c) {
    for (const auto& r : table) {
      const Cell& cell = r.cells[c];
      if (r.kind == Kind::kCount) {
        out += fmt::format("{},{},{},,,\n", csv_text(rep.rulesets[c]), r.key, cell.count);
      } else if (cell.value.n == 0) {
        out += fmt::format("{},{},,,,0\n", csv_text(rep.rulesets[c]), r.key);
      } else {
        const double scale = r.kind == Kind::kPer100 ? 100 : 1;
        out += fmt::format("{},{},{},{},{},{}\n", csv_text(rep.rulesets[c]), r.key,
                           csv_number(scale * cell.value.estimate), csv_number(scale * cell.value.low),
                           csv_number(scale * cell.value.high), cell.value.n);
      }
    }
  }
  return out;
}

}  // namespace trickref::sim
