#include "score/render.h"

#include <algorithm>

#include <fmt/format.h>

#include "base/text.h"

#include "score/columns.h"

namespace trickref {
namespace board {
namespace {

std::string csv_field(const std::string& s) {
  if (s.find_first_of(",\"\r\n") == std::string::npos) {
    return s;
  }
  std::string out = "\"";
  for (char c : s) {
    out += c == '"' ? std::string("\"\"") : std::string(1, c);
  }
  return out + "\"";
}

std::string csv_report(const ScoreView& v) {
  const Standings& s = v.standings;
  // One header for every kind: the columns of each kind in turn, a key
  // shared by two kinds (hands) once; a row leaves the other kinds' cells
  // empty. In a mixed report the first cell names the row's kind. A
  // partnership's row names it in `partnership` and `players` (after
  // `player`, which it leaves empty).
  std::vector<std::vector<Column>> kind_cols;
  std::vector<std::vector<Column>> pair_cols;
  std::vector<std::string_view> keys;
  for (const auto& k : s.kinds) {
    kind_cols.push_back(columns(v.league, k.kind));
    pair_cols.push_back(table_kind_info(k.kind).partnerships ? columns(v.league, k.kind, true)
                                                             : std::vector<Column>());
    for (std::size_t c = 1; c < kind_cols.back().size(); ++c) {
      if (std::find(keys.begin(), keys.end(), kind_cols.back()[c].key) == keys.end()) {
        keys.push_back(kind_cols.back()[c].key);
      }
    }
  }
  for (const auto& cols : pair_cols) {
    auto at = std::find(keys.begin(), keys.end(), std::string_view("player"));
    for (std::size_t c = 1; c < cols.size() && at != keys.end(); ++c) {
      if (std::find(keys.begin(), keys.end(), cols[c].key) == keys.end()) {
        at = keys.insert(at + 1, cols[c].key);
      }
    }
  }
  std::string out = mixed(s) ? "game,table,night,rank,tied,qualified" : "table,night,rank,tied,qualified";
  for (const auto key : keys) {
    out += fmt::format(",{}", key);
  }
  out += "\r\n";
  auto rows = [&](const KindStandings& k, const std::vector<Column>& cols, const Table& t,
                  const std::vector<PlayerLine>& lines, bool partnerships = false) {
    for (const auto& p : lines) {
      if (mixed(s)) {
        out += fmt::format("{},", table_kind_info(k.kind).id);
      }
      out += fmt::format("{}{},{},{},{},{}", t.season ? "season" : "night", partnerships ? "-partnerships" : "",
                         csv_text(t.night),
                         p.rank > 0 ? std::to_string(p.rank) : std::string(), p.tied ? "true" : "false",
                         p.qualified ? "true" : "false");
      for (const auto key : keys) {
        out += ',';
        const auto col = std::find_if(cols.begin() + 1, cols.end(), [&](const Column& c) { return c.key == key; });
        if (col != cols.end()) {
          const std::string cell = col->csv(p);
          out += col->left ? csv_text(cell) : csv_field(cell);
        }
      }
      out += "\r\n";
    }
  };
  for (std::size_t i = 0; i < s.kinds.size(); ++i) {
    const auto& k = s.kinds[i];
    const bool pairs = !pair_cols[i].empty();
    rows(k, kind_cols[i], k.season, k.season.ranked);
    rows(k, kind_cols[i], k.season, k.season.unranked);
    if (pairs) {
      rows(k, pair_cols[i], k.pair_season, k.pair_season.ranked, true);
      rows(k, pair_cols[i], k.pair_season, k.pair_season.unranked, true);
    }
    if (v.by_night) {
      for (std::size_t n = 0; n < k.nights.size(); ++n) {
        rows(k, kind_cols[i], k.nights[n], k.nights[n].ranked);
        if (pairs) {
          rows(k, pair_cols[i], k.pair_nights[n], k.pair_nights[n].ranked, true);
        }
      }
    }
  }
  return out;
}

}  // namespace
}  // namespace board

std::string standings_csv(const ScoreView& v) { return board::csv_report(v); }

}  // namespace trickref
