#include "report/compare.h"

#include <algorithm>
#include <iterator>
#include <map>
#include <optional>

#include <fmt/format.h>

#include "base/text.h"
#include "report/json_text.h"

namespace trickref {
namespace {

// A diagnostic's identity across rulesets: its whole JSON form.
std::string identity(const nlohmann::ordered_json& d) { return json_text(d); }

// Whether every ruleset's result of the game has the same fixed sides as
// the first's: then the table has a column per side (court-piece.md §5:
// scores are per side), not per player.
bool by_sides(const ComparedGame& game) {
  for (const auto& g : game.under) {
    if (!g.result || g.result->sides.empty() || g.result->sides != game.under.front().result->sides) {
      return false;
    }
  }
  return !game.under.empty();
}

std::string winners_text(const GameReport& g, bool sides = false) {
  if (!g.result) {
    return "not refereed";
  }
  const auto& o = g.result->outcome;
  if (!o.finished) {
    return "no winner";
  }
  if (o.winners.empty()) {
    return "draw";
  }
  if (sides) {
    for (std::size_t k = 0; k < g.result->sides.size(); ++k) {
      const auto& seats = g.result->sides[k];
      if (std::find(seats.begin(), seats.end(), o.winners.front()) != seats.end()) {
        return printable(clip(g.result->side_names[k]));
      }
    }
  }
  std::vector<std::string> names;
  for (int w : o.winners) {
    names.push_back(printable(clip(g.players[static_cast<std::size_t>(w)])));
  }
  return fmt::format("{}", fmt::join(names, "+"));
}

std::string ended_text(const GameReport& g) {
  if (!g.result || !g.result->outcome.finished) {
    return "-";
  }
  return fmt::format("hand {}", g.result->outcome.decided_hand);
}

std::string pad(const std::string& s, std::size_t w) {
  const std::size_t n = display_width(s);
  return n >= w ? s : s + std::string(w - n, ' ');
}
std::string rpad(const std::string& s, std::size_t w) {
  const std::size_t n = display_width(s);
  return n >= w ? s : std::string(w - n, ' ') + s;
}

// The diagnostics' identities of a game report, in order.
std::vector<std::string> identities(const GameReport& g) {
  std::vector<std::string> out;
  const nlohmann::ordered_json j = game_json(g);
  for (const auto& d : j["diagnostics"]) {
    out.push_back(identity(d));
  }
  return out;
}

// The final score by column (a side's courts where the game has fixed
// sides, else each player's): at the end of the game, or after its last hand.
std::optional<std::vector<long long>> final_score(const GameReport& g, bool sides) {
  if (!g.result) {
    return std::nullopt;
  }
  if (sides) {
    const auto& hands = g.result->hands;
    const auto o = g.result->outcome;
    const std::size_t last = o.finished && o.decided_hand > 0 ? static_cast<std::size_t>(o.decided_hand) : hands.size();
    return last > 0 && last <= hands.size() ? hands[last - 1].side_score : std::nullopt;
  }
  return g.result->outcome.score;
}

std::string plural(std::size_t n, std::string_view one, std::string_view many) {
  return fmt::format("{} {}", n, n == 1 ? one : many);
}

}  // namespace

std::vector<std::vector<std::size_t>> ruleset_consequences(const ComparedGame& game) {
  std::vector<std::vector<std::size_t>> out(game.under.size());
  std::vector<std::string> own = game.own ? identities(*game.own) : std::vector<std::string>();
  std::sort(own.begin(), own.end());
  for (std::size_t r = 0; r < game.under.size(); ++r) {
    const auto ids = identities(game.under[r]);
    for (std::size_t i = 0; i < ids.size(); ++i) {
      const Code code = game.under[r].diagnostics[i].code;
      if ((code == Code::kScoreMismatch || code == Code::kWinnerMismatch) &&
          !std::binary_search(own.begin(), own.end(), ids[i])) {
        out[r].push_back(i);
      }
    }
  }
  return out;
}

int own_errors(const ComparedGame& game) {
  if (!game.own) {
    return 0;
  }
  int n = game.own->hidden_errors;
  for (const auto& d : game.own->diagnostics) {
    n += d.severity == Severity::kError ? 1 : 0;
  }
  return n;
}

std::vector<std::string> compare_summary(const CompareReport& rep, const ComparedGame& game) {
  std::vector<std::string> out;
  if (game.under.empty()) {
    return out;
  }
  const bool sides = by_sides(game);
  const GameReport& base = game.under.front();
  std::vector<std::string> columns;
  for (const auto& p : sides ? base.result->side_names : base.players) {
    columns.push_back(printable(clip(p)));
  }
  const auto consequences = ruleset_consequences(game);
  const auto first_score = final_score(base, sides);
  for (std::size_t r = 1; r < game.under.size(); ++r) {
    const GameReport& g = game.under[r];
    std::vector<std::string> parts;
    const std::string ended = ended_text(g);
    const std::string base_ended = ended_text(base);
    if (ended != base_ended) {
      parts.push_back(ended == "-" ? fmt::format("does not end (ends in {})", base_ended)
                      : base_ended == "-" ? fmt::format("ends in {} (does not end)", ended)
                                          : fmt::format("ends in {}, not {}", ended, base_ended.substr(5)));
    }
    const std::string winner = winners_text(g, sides);
    const std::string base_winner = winners_text(base, sides);
    parts.push_back(winner == base_winner ? fmt::format("the same winner ({})", winner)
                                          : fmt::format("winner {}, not {}", winner, base_winner));
    const auto score = final_score(g, sides);
    if (score && first_score && *score != *first_score && score->size() == columns.size() &&
        first_score->size() == columns.size()) {
      std::vector<std::string> now;
      for (std::size_t c = 0; c < columns.size(); ++c) {
        now.push_back(fmt::format("{} {}", columns[c], (*score)[c]));
      }
      parts.push_back(fmt::format("final scores {}, not {}", fmt::join(now, ", "), fmt::join(*first_score, ", ")));
    } else if (score && first_score && *score == *first_score) {
      parts.push_back("the same final scores");
    }
    if (!consequences[r].empty()) {
      const std::size_t n = consequences[r].size();
      parts.push_back(fmt::format("{} no longer {}, as the record was scored under other rules (counted, not listed)",
                                  plural(n, "recorded score", "recorded scores"), n == 1 ? "matches" : "match"));
    }
    out.push_back(fmt::format("{} against {}: {}", printable(clip(rep.rulesets[r])), printable(clip(rep.rulesets[0])),
                              fmt::join(parts, "; ")));
  }
  if (const int errors = own_errors(game); errors > 0) {
    out.push_back(fmt::format("the record is faulty under its own ruleset ({}): {}",
                              printable(clip(game.own->ruleset.empty() ? std::string("unknown") : game.own->ruleset)),
                              plural(static_cast<std::size_t>(errors), "error", "errors")));
  }
  return out;
}

std::vector<std::vector<std::size_t>> differing_diagnostics(const ComparedGame& game) {
  std::vector<std::vector<std::string>> ids;
  std::map<std::string, std::size_t> under_how_many;
  for (const auto& g : game.under) {
    std::vector<std::string> mine;
    const nlohmann::ordered_json j = game_json(g);
    for (const auto& d : j["diagnostics"]) {
      mine.push_back(identity(d));
    }
    std::vector<std::string> unique = mine;
    std::sort(unique.begin(), unique.end());
    unique.erase(std::unique(unique.begin(), unique.end()), unique.end());
    for (const auto& id : unique) {
      ++under_how_many[id];
    }
    ids.push_back(std::move(mine));
  }
  std::vector<std::vector<std::size_t>> out(game.under.size());
  for (std::size_t r = 0; r < ids.size(); ++r) {
    for (std::size_t i = 0; i < ids[r].size(); ++i) {
      if (under_how_many[ids[r][i]] < game.under.size()) {
        out[r].push_back(i);
      }
    }
  }
  return out;
}

namespace {

// The running scores hand by hand under each ruleset, side by side, then
// each one's winner and the hand that ended the game. Names as shown
// (base/text.h): clipped and printable; a column per side where the game
// has fixed sides, else per player.
void score_table(std::string& out, const ComparedGame& game, const std::vector<std::string>& rulesets) {
  const GameReport& base = game.under.front();
  const bool sides = by_sides(game);
  std::vector<std::string> players;
  for (const auto& p : sides ? base.result->side_names : base.players) {
    players.push_back(printable(clip(p)));
  }
  auto score_at = [&](const GameReport& g, std::size_t h, std::size_t c) -> std::optional<long long> {
    if (!g.result || h >= g.result->hands.size()) {
      return std::nullopt;
    }
    const HandSummary& hs = g.result->hands[h];
    if (sides) {
      return hs.side_score ? std::optional((*hs.side_score)[c]) : std::nullopt;
    }
    return hs.score ? std::optional((*hs.score)[c]) : std::nullopt;
  };
  // Column widths: each ruleset is a group of one column per player.
  std::size_t cell_w = 4;
  for (const auto& p : players) {
    cell_w = std::max(cell_w, display_width(p));
  }
  std::size_t hands = 0;
  for (const auto& g : game.under) {
    if (g.result) {
      hands = std::max(hands, g.result->hands.size());
    }
  }
  std::vector<std::size_t> group_w;
  for (std::size_t r = 0; r < game.under.size(); ++r) {
    const std::size_t cols = players.empty() ? 0 : players.size() * (cell_w + 1) - 1;
    group_w.push_back(std::max({cols, display_width(rulesets[r]), display_width(winners_text(game.under[r], sides)),
                                ended_text(game.under[r]).size()}));
  }
  const std::size_t label_w = 6;
  auto row = [&](const std::string& label, const std::vector<std::string>& groups) {
    std::string l = "  " + pad(label, label_w);
    for (std::size_t r = 0; r < groups.size(); ++r) {
      l += "   " + pad(groups[r], group_w[r]);
    }
    while (!l.empty() && l.back() == ' ') {
      l.pop_back();
    }
    out += l + "\n";
  };
  std::vector<std::string> heads;
  std::vector<std::string> names;
  for (std::size_t r = 0; r < game.under.size(); ++r) {
    heads.push_back(rulesets[r]);
    std::string n;
    for (std::size_t p = 0; p < players.size(); ++p) {
      n += p == 0 ? "" : " ";
      n += rpad(players[p], cell_w);
    }
    names.push_back(n);
  }
  row("", heads);
  row("hand", names);
  for (std::size_t h = 0; h < hands; ++h) {
    std::vector<std::string> cells;
    for (const auto& g : game.under) {
      std::string c;
      for (std::size_t p = 0; p < players.size(); ++p) {
        const auto score = score_at(g, h, p);
        const std::string v = score ? std::to_string(*score) : std::string("?");
        c += p == 0 ? "" : " ";
        c += rpad(v, cell_w);
      }
      cells.push_back(c);
    }
    row(rpad(std::to_string(h + 1), 4), cells);
  }
  std::vector<std::string> winners;
  std::vector<std::string> ended;
  for (const auto& g : game.under) {
    winners.push_back(winners_text(g, sides));
    ended.push_back(ended_text(g));
  }
  row("winner", winners);
  row("ended", ended);
}

// The diagnostics some ruleset does not report, listed under each ruleset
// that does (the recorded scores it no longer matches are in the summary,
// counted), and how many every ruleset reports.
void diagnostics_lines(std::string& out, const ComparedGame& game, const std::vector<std::string>& rulesets) {
  const auto differing = differing_diagnostics(game);
  const auto consequences = ruleset_consequences(game);
  const std::size_t common = game.under.front().diagnostics.size() - differing.front().size();
  bool any = false;
  for (std::size_t r = 0; r < game.under.size(); ++r) {
    if (differing[r].empty()) {
      continue;
    }
    any = true;
    std::vector<std::size_t> listed;
    std::set_difference(differing[r].begin(), differing[r].end(), consequences[r].begin(), consequences[r].end(),
                        std::back_inserter(listed));
    if (listed.empty()) {
      continue;
    }
    out += fmt::format("  only under {}:\n", rulesets[r]);
    for (std::size_t i : listed) {
      out += "    " + render_diagnostic(game.under[r].diagnostics[i], TextStyle{false, true});
    }
  }
  if (!any) {
    out += "  diagnostics: the same under every ruleset";
    out += common == 0 ? " (none)\n" : fmt::format(" ({})\n", common);
  } else if (common > 0) {
    out += fmt::format("  under every ruleset: {} diagnostic{}\n", common, common == 1 ? "" : "s");
  }
}

}  // namespace

std::string render_compare_text(const CompareReport& rep) {
  std::vector<std::string> rulesets;
  for (const auto& r : rep.rulesets) {
    rulesets.push_back(printable(clip(r)));
  }
  std::string out;
  bool first = true;
  for (const auto& game : rep.games) {
    if (game.under.empty()) {
      continue;
    }
    const GameReport& base = game.under.front();
    if (!first) {
      out += "\n";
    }
    first = false;
    out += fmt::format("{} game {}", printable(base.file), base.index + 1);
    if (!base.id.empty()) {
      out += " (" + printable(clip(base.id)) + ")";
    }
    out += "\n";
    // The answer first: what the change of ruleset changes.
    for (const auto& line : compare_summary(rep, game)) {
      out += "  " + line + "\n";
    }
    if (!rep.differences_only) {
      score_table(out, game, rulesets);
    }
    diagnostics_lines(out, game, rulesets);
  }
  return out;
}

nlohmann::ordered_json compare_json(const CompareReport& rep) {
  nlohmann::ordered_json j;
  j["rulesets"] = rep.rulesets;
  auto games = nlohmann::ordered_json::array();
  for (const auto& game : rep.games) {
    if (game.under.empty()) {
      continue;
    }
    const GameReport& base = game.under.front();
    std::vector<nlohmann::ordered_json> full;
    for (const auto& g : game.under) {
      full.push_back(game_json(g));
    }
    nlohmann::ordered_json gj;
    gj["file"] = base.file;
    gj["index"] = base.index;
    if (!base.id.empty()) {
      gj["id"] = base.id;
    }
    gj["players"] = base.players;
    gj["summary"] = compare_summary(rep, game);
    if (game.own) {
      gj["own_ruleset"] = {{"ruleset", game.own->ruleset.empty() ? nlohmann::ordered_json() : nlohmann::ordered_json(game.own->ruleset)},
                           {"errors", own_errors(game)}};
    }
    std::size_t hands = 0;
    for (const auto& f : full) {
      if (f.contains("hands")) {
        hands = std::max(hands, f["hands"].size());
      }
    }
    auto hj = nlohmann::ordered_json::array();
    for (std::size_t h = 0; h < hands; ++h) {
      nlohmann::ordered_json one;
      one["number"] = h + 1;
      nlohmann::ordered_json scores = nlohmann::ordered_json::object();
      for (std::size_t r = 0; r < full.size(); ++r) {
        const auto& f = full[r];
        if (f.contains("hands") && h < f["hands"].size() && f["hands"][h].contains("score")) {
          scores[rep.rulesets[r]] = f["hands"][h]["score"];
        } else {
          scores[rep.rulesets[r]] = nullptr;
        }
      }
      one["score"] = std::move(scores);
      hj.push_back(std::move(one));
    }
    if (!rep.differences_only) {
      gj["hands"] = std::move(hj);
    }
    nlohmann::ordered_json results = nlohmann::ordered_json::object();
    for (std::size_t r = 0; r < full.size(); ++r) {
      results[rep.rulesets[r]] = full[r].contains("result") ? full[r]["result"] : nlohmann::ordered_json();
    }
    gj["results"] = std::move(results);
    const auto differing = differing_diagnostics(game);
    nlohmann::ordered_json common = nlohmann::ordered_json::array();
    {
      const auto& d = full.front()["diagnostics"];
      std::size_t k = 0;
      for (std::size_t i = 0; i < d.size(); ++i) {
        if (k < differing.front().size() && differing.front()[k] == i) {
          ++k;
          continue;
        }
        common.push_back(d[i]);
      }
    }
    nlohmann::ordered_json only = nlohmann::ordered_json::object();
    for (std::size_t r = 0; r < full.size(); ++r) {
      auto list = nlohmann::ordered_json::array();
      for (std::size_t i : differing[r]) {
        list.push_back(full[r]["diagnostics"][i]);
      }
      only[rep.rulesets[r]] = std::move(list);
    }
    // Under each ruleset, how many of its `only` diagnostics are recorded
    // scores that follow from the ruleset (the summary counts them).
    const auto consequences = ruleset_consequences(game);
    nlohmann::ordered_json counted = nlohmann::ordered_json::object();
    for (std::size_t r = 0; r < full.size(); ++r) {
      counted[rep.rulesets[r]] = consequences[r].size();
    }
    if (rep.differences_only) {
      gj["diagnostics"] = {{"only", std::move(only)}, {"from_ruleset", std::move(counted)}};
    } else {
      gj["diagnostics"] = {{"common", std::move(common)}, {"only", std::move(only)}, {"from_ruleset", std::move(counted)}};
    }
    games.push_back(std::move(gj));
  }
  j["games"] = std::move(games);
  return j;
}

}  // namespace trickref
