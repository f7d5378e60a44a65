#include "score/render.h"

#include "score/columns.h"

namespace trickref {
namespace board {
namespace {

nlohmann::ordered_json rows_json(const std::vector<Column>& cols, const std::vector<PlayerLine>& rows) {
  auto j = nlohmann::ordered_json::array();
  for (const auto& p : rows) {
    nlohmann::ordered_json row;
    if (p.rank > 0) {
      row["rank"] = p.rank;
      row["tied"] = p.tied;
    }
    for (std::size_t c = 1; c < cols.size(); ++c) {
      row[std::string(cols[c].key)] = cols[c].json(p);
    }
    j.push_back(row);
  }
  return j;
}

// A kind's tables: "standings" (the season's ranked players), "unranked",
// for the games of fixed sides "partnerships" and "unranked_partnerships",
// then "nights" (each with its "partnerships" where the kind has them).
void kind_json(nlohmann::ordered_json& j, const ScoreView& v, const KindStandings& k) {
  const bool pairs = table_kind_info(k.kind).partnerships;
  const auto cols = columns(v.league, k.kind);
  const auto pair_cols = columns(v.league, k.kind, true);
  j["standings"] = rows_json(cols, k.season.ranked);
  j["unranked"] = rows_json(cols, k.season.unranked);
  if (pairs) {
    j["partnerships"] = rows_json(pair_cols, k.pair_season.ranked);
    j["unranked_partnerships"] = rows_json(pair_cols, k.pair_season.unranked);
  }
  auto nights = nlohmann::ordered_json::array();
  if (v.by_night) {
    for (std::size_t i = 0; i < k.nights.size(); ++i) {
      const Table& t = k.nights[i];
      nlohmann::ordered_json n;
      n["night"] = t.night.empty() ? nlohmann::ordered_json() : nlohmann::ordered_json(t.night);
      n["games"] = t.games;
      n["standings"] = rows_json(cols, t.ranked);
      if (pairs) {
        n["partnerships"] = rows_json(pair_cols, k.pair_nights[i].ranked);
      }
      nights.push_back(n);
    }
  }
  j["nights"] = nights;
}

nlohmann::ordered_json keys_json(const std::vector<RankKey>& keys) {
  auto j = nlohmann::ordered_json::array();
  for (RankKey k : keys) {
    j.push_back(rank_key_name(k));
  }
  return j;
}

nlohmann::ordered_json json_report(const ScoreView& v) {
  const Standings& s = v.standings;
  nlohmann::ordered_json j;
  if (!v.league.name.empty()) {
    j["league"] = v.league.name;
  }
  j["ranked_by"] = keys_json(s.rank_by);
  j["min_games"] = v.league.min_games;
  if (!mixed(s)) {
    kind_json(j, v, s.kinds.front());
  } else {
    // Several kinds of game: a table set each, never one table of them all.
    auto tables = nlohmann::ordered_json::array();
    for (const auto& k : s.kinds) {
      nlohmann::ordered_json t;
      t["game"] = table_kind_info(k.kind).id;
      t["title"] = table_kind_info(k.kind).title;
      t["ranked_by"] = keys_json(k.rank_by);
      kind_json(t, v, k);
      tables.push_back(t);
    }
    j["tables"] = tables;
  }
  j["games"] = s.games.size();
  auto excluded = nlohmann::ordered_json::array();
  for (const auto& e : s.excluded) {
    nlohmann::ordered_json x;
    x["file"] = e.file;
    x["index"] = e.index;
    if (!e.id.empty()) {
      x["id"] = e.id;
    }
    x["reason"] = e.reason;
    excluded.push_back(x);
  }
  j["excluded"] = excluded;
  auto similar = nlohmann::ordered_json::array();
  for (const auto& n : s.similar_names) {
    nlohmann::ordered_json x;
    x["keep"] = n.keep;
    x["merge"] = n.merge;
    x["games"] = {n.keep_games, n.merge_games};
    x["differ"] = n.case_or_accents ? "case_or_accents" : "one_edit";
    x["aliases"] = aliases_line(n);
    x["message"] = similar_names_text(n);
    similar.push_back(x);
  }
  j["similar_names"] = similar;
  auto results = nlohmann::ordered_json::array();
  for (const auto& g : s.games) {
    nlohmann::ordered_json r;
    r["file"] = g.file;
    r["index"] = g.index;
    if (!g.id.empty()) {
      r["id"] = g.id;
    }
    if (!g.night.empty()) {
      r["night"] = g.night;
    }
    r["ruleset"] = g.ruleset;
    if (mixed(s)) {
      r["game"] = table_kind_info(g.kind).id;
    }
    r["players"] = g.players;
    if (!g.sides.empty()) {
      // A courts game: its sides, as the partnership tables name them;
      // the score and the running score are per side.
      auto sides = nlohmann::ordered_json::array();
      for (std::size_t d = 0; d < g.sides.size(); ++d) {
        nlohmann::ordered_json side;
        side["name"] = g.sides[d];
        side["players"] = g.side_players[d];
        sides.push_back(side);
      }
      r["sides"] = sides;
    }
    r["finished"] = g.finished;
    r["winners"] = g.winners;
    const std::vector<std::string>& scored = g.sides.empty() ? g.players : g.sides;
    if (!g.score.empty()) {
      nlohmann::ordered_json score;
      for (std::size_t p = 0; p < scored.size() && p < g.score.size(); ++p) {
        score[scored[p]] = g.score[p];
      }
      r["score"] = score;
    }
    if (!g.running.empty()) {
      r["running"] = g.running;
    }
    r["errors"] = g.errors;
    r["warnings"] = g.warnings;
    results.push_back(r);
  }
  j["results"] = results;
  return j;
}

}  // namespace
}  // namespace board

nlohmann::ordered_json standings_json(const ScoreView& v) { return board::json_report(v); }

}  // namespace trickref
