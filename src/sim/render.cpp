#include "sim/render.h"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "base/text.h"
#include "sim/statistics.h"

namespace trickref::sim {
namespace {

}  // namespace

std::vector<Row> report_rows(const SimReport& rep) {
  std::vector<Row> out;
  const auto list = statistics(rep.stats, rep.options);
  for (std::size_t k = 0; k < list.size(); ++k) {
    const Statistic& st = list[k];
    Row row{st.key, st.label, st.group, st.kind, {}, {}};
    for (const auto& s : rep.stats) {
      row.cells.push_back(st.kind == Kind::kCount ? Cell{{}, st.count(s)} : Cell{st.interval(s), 0});
      row.differences.push_back(st.kind != Kind::kCount && k < s.against_first.size()
                                    ? s.against_first[k].difference()
                                    : Interval{});
    }
    out.push_back(std::move(row));
  }
  return out;
}

namespace {

// Whether any ruleset of the report has an auction, or scores courts.
bool has_contracts(const SimReport& rep) {
  return std::any_of(rep.stats.begin(), rep.stats.end(), [](const RulesetStats& s) { return s.contracts; });
}
bool has_courts(const SimReport& rep) {
  return std::any_of(rep.stats.begin(), rep.stats.end(), [](const RulesetStats& s) { return s.courts; });
}

}  // namespace

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

namespace {

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

std::string difference_text(const Row& row, const Interval& d) {
  if (d.n == 0) {
    return "-";
  }
  const bool scaled = row.kind == Kind::kRate || row.kind == Kind::kPer100;
  const double k = scaled ? 100 : 1;
  // One decimal for rates (percentage points), two for means; more where a
  // bound that is not 0 would print as 0 (up to two more), so that an
  // interval marked * never reads "[0.00, 0.00]" or "[-0.01, 0.00]".
  const int base = row.kind == Kind::kRate ? 1 : 2;
  int digits = base;
  auto shows_as_zero = [&](double x) {
    return x != 0.0 && std::abs(k * x) < 0.5 * std::pow(10.0, -digits);
  };
  while (digits < base + 2 && (shows_as_zero(d.low) || shows_as_zero(d.high))) {
    ++digits;
  }
  // A difference that rounds to zero is shown unsigned ("0.0", not "-0.0"),
  // except a bound of an interval that excludes 0: its sign is the finding.
  const bool excludes = excludes_zero(d);
  auto signed_text = [&](double x, bool keep_sign) {
    std::string t = fmt::format("{:+.{}f}", k * x, digits);
    if (!keep_sign && t.find_first_not_of("+-0.") == std::string::npos) {
      t.erase(0, 1);
    }
    return t;
  };
  return fmt::format("{} [{}, {}]{}", signed_text(d.estimate, false), signed_text(d.low, excludes),
                     signed_text(d.high, excludes), excludes ? " *" : "");
}

std::vector<Row> shown_rows(const SimReport& rep) {
  auto table = report_rows(rep);
  std::erase_if(table, [](const Row& r) {
    return r.kind != Kind::kCount &&
           std::all_of(r.cells.begin(), r.cells.end(), [](const Cell& c) { return c.value.n == 0; });
  });
  return table;
}

std::string pairing_name(const SimReport& rep, std::size_t r) {
  return r < rep.same_deals.size() && rep.same_deals[r] ? "same deals" : "same seeds";
}

bool excludes_zero(const Interval& d) { return d.n > 0 && (d.low > 0 || d.high < 0); }

std::string render_text(const SimReport& rep) {
  std::string out;
  std::string bots;
  for (const auto& b : rep.options.bots) {
    bots += (bots.empty() ? "" : ",") + b;
  }
  out += fmt::format("{} games per ruleset, seed {}, bots {}\n", rep.options.games, rep.options.seed, bots);
  out += "estimate [95% confidence interval], each game one sample: rates over games Wilson score, means over "
         "games normal, figures over hands clustered by game (`trickref explain simulate`)\n\n";
  const auto table = shown_rows(rep);
  std::size_t label_w = 0;
  for (const auto& r : table) {
    label_w = std::max(label_w, r.label.size());
  }
  // Ruleset names can come from files: shown clipped and printable (base/text.h).
  std::vector<std::string> heads;
  for (const auto& r : rep.rulesets) {
    heads.push_back(printable(clip(r)));
  }
  auto print_table = [&](std::size_t from, const std::vector<std::vector<std::string>>& cells) {
    std::vector<std::size_t> col_w;
    for (std::size_t c = from; c < heads.size(); ++c) {
      std::size_t w = display_width(heads[c]);
      for (const auto& items : cells) {
        w = items.empty() ? w : std::max(w, display_width(items[c - from]));
      }
      col_w.push_back(w);
    }
    auto line = [&](const std::string& label, const std::vector<std::string>& items) {
      std::string l = fmt::format("{:<{}}", label, label_w);
      for (std::size_t c = 0; c < items.size(); ++c) {
        l += "  " + items[c] + std::string(col_w[c] - std::min(col_w[c], display_width(items[c])), ' ');
      }
      while (!l.empty() && l.back() == ' ') {
        l.pop_back();
      }
      out += l + "\n";
    };
    line("", std::vector<std::string>(heads.begin() + static_cast<std::ptrdiff_t>(from), heads.end()));
    std::size_t i = 0;
    for (const auto& r : table) {
      if (!cells[i].empty()) {
        line(r.label, cells[i]);
      }
      ++i;
    }
  };
  std::vector<std::vector<std::string>> cells;
  for (const auto& r : table) {
    std::vector<std::string> line;
    for (const auto& c : r.cells) {
      line.push_back(cell_text(r, c));
    }
    cells.push_back(std::move(line));
  }
  print_table(0, cells);
  if (rep.rulesets.size() < 2) {
    return out;
  }
  // The paired differences: every row with an interval, against the first ruleset.
  std::vector<std::string> pairings;
  for (std::size_t r = 1; r < rep.rulesets.size(); ++r) {
    pairings.push_back(fmt::format("{} {}", heads[r], pairing_name(rep, r)));
  }
  out += fmt::format("\ndifference from {} over the same games ({}), [95% interval] clustered by game and paired; "
                     "rates in percentage points; * the interval excludes 0\n",
                     heads.front(), fmt::join(pairings, ", "));
  cells.clear();
  for (const auto& r : table) {
    std::vector<std::string> line;
    if (r.kind != Kind::kCount) {
      for (std::size_t c = 1; c < r.differences.size(); ++c) {
        line.push_back(difference_text(r, r.differences[c]));
      }
    }
    cells.push_back(std::move(line));
  }
  print_table(1, cells);
  return out;
}

nlohmann::ordered_json report_json(const SimReport& rep) {
  nlohmann::ordered_json j;
  j["seed"] = rep.options.seed;
  j["games"] = rep.options.games;
  j["bots"] = rep.options.bots;
  j["max_hands"] = rep.options.max_hands;
  j["confidence"] = 0.95;
  j["intervals"] = {{"rate", "wilson"}, {"mean", "normal"}, {"hands", "clustered by game"}};
  if (has_contracts(rep)) {
    j["intervals"]["contracts"] = "clustered by game";
  }
  if (has_courts(rep)) {
    j["intervals"]["courts"] = "clustered by game";
  }
  if (rep.rulesets.size() > 1) {
    j["intervals"]["differences"] = "paired, clustered by game";
  }
  const auto table = report_rows(rep);
  auto put = [](nlohmann::ordered_json& into, const std::string& key, nlohmann::ordered_json value) {
    const auto dot = key.find('.');
    if (dot == std::string::npos) {
      into[key] = std::move(value);
    } else {
      into[key.substr(0, dot)][key.substr(dot + 1)] = std::move(value);
    }
  };
  nlohmann::ordered_json list = nlohmann::ordered_json::array();
  for (std::size_t c = 0; c < rep.rulesets.size(); ++c) {
    nlohmann::ordered_json rj;
    rj["ruleset"] = rep.rulesets[c];
    for (const auto& r : table) {
      put(rj, r.key, interval_json(r, r.cells[c]));
    }
    // Every game length with its count of games, shortest first.
    nlohmann::ordered_json histogram = nlohmann::ordered_json::array();
    const auto& lengths = rep.stats[c].game_length;
    for (std::size_t h = 0; h < lengths.size(); ++h) {
      if (lengths[h] > 0) {
        histogram.push_back({{"hands", h}, {"games", lengths[h]}});
      }
    }
    rj["game_length"]["histogram"] = std::move(histogram);
    list.push_back(std::move(rj));
  }
  j["rulesets"] = std::move(list);
  if (rep.rulesets.size() > 1) {
    nlohmann::ordered_json dj;
    dj["from"] = rep.rulesets.front();
    nlohmann::ordered_json others = nlohmann::ordered_json::array();
    for (std::size_t c = 1; c < rep.rulesets.size(); ++c) {
      nlohmann::ordered_json one;
      one["ruleset"] = rep.rulesets[c];
      one["pairing"] = pairing_name(rep, c);
      for (const auto& r : table) {
        if (r.kind == Kind::kCount) {
          continue;
        }
        const Interval& d = r.differences[c];
        nlohmann::ordered_json v;
        if (d.n > 0) {
          const double scale = r.kind == Kind::kPer100 ? 100 : 1;
          v["difference"] = rounded(scale * d.estimate);
          v["low"] = rounded(scale * d.low);
          v["high"] = rounded(scale * d.high);
          v["excludes_zero"] = excludes_zero(d);
        }
        v["n"] = d.n;
        put(one, r.key, std::move(v));
      }
      others.push_back(std::move(one));
    }
    dj["rulesets"] = std::move(others);
    j["differences"] = std::move(dj);
  }
  return j;
}

std::string render_csv(const SimReport& rep) {
  std::string out = "ruleset,statistic,estimate,low,high,n\n";
  const auto table = report_rows(rep);
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
  // The differences from the first ruleset: statistic `difference.KEY`, n the games paired.
  for (std::size_t c = 1; c < rep.rulesets.size(); ++c) {
    for (const auto& r : table) {
      if (r.kind == Kind::kCount) {
        continue;
      }
      const Interval& d = r.differences[c];
      if (d.n == 0) {
        out += fmt::format("{},difference.{},,,,0\n", csv_text(rep.rulesets[c]), r.key);
      } else {
        const double scale = r.kind == Kind::kPer100 ? 100 : 1;
        out += fmt::format("{},difference.{},{},{},{},{}\n", csv_text(rep.rulesets[c]), r.key,
                           csv_number(scale * d.estimate), csv_number(scale * d.low), csv_number(scale * d.high),
                           d.n);
      }
    }
  }
  return out;
}

}  // namespace trickref::sim
