#include "score/league.h"

#include <algorithm>
#include <array>
#include <set>

#include <fmt/format.h>

#include "base/text.h"

#include "transcript/transcript_loader.h"

namespace trickref {
namespace {

constexpr std::array<std::pair<RankKey, std::string_view>, 5> kKeyNames{{
    {RankKey::kWins, "wins"},
    {RankKey::kPoints, "points"},
    {RankKey::kAverage, "average"},
    {RankKey::kQuotaRate, "quota_rate"},
    {RankKey::kPlacing, "placing"},
}};

constexpr std::array<std::string_view, 5> kTopKeys{"name", "ranking", "min_games", "aliases", "placing_points"};

class Loader {
 public:
  Loader(DiagnosticSink& sink) : sink_(sink) {}

  std::optional<League> load(Node root, const std::string& display) {
    League league;
    league.file = display;
    if (!root.is_map()) {
      fail(Code::kSchema, root.loc(),
           fmt::format("league settings must be a map (name, ranking, min_games, aliases, placing_points), not {}",
                       root.kind_name()));
      return std::nullopt;
    }
    for (std::uint32_t i = 0; i < root.size(); ++i) {
      const Node k = root.key(i);
      const Node v = root.value(i);
      const std::string_view key = k.scalar();
      if (key == "name") {
        if (!v.is_scalar()) {
          fail(Code::kSchema, v.loc(), fmt::format("'name' must be text, not {}", v.kind_name()));
        } else {
          league.name = std::string(v.scalar());
        }
      } else if (key == "ranking") {
        ranking(v, league);
      } else if (key == "min_games") {
        if (const auto n = integer(v, "min_games", 0, 100000)) {
          league.min_games = static_cast<int>(*n);
        }
      } else if (key == "aliases") {
        aliases(v, league);
      } else if (key == "placing_points") {
        placing(v, league);
      } else {
        const std::string hint = suggest(key, kTopKeys);
        fail(Code::kUnknownKey, k.loc(),  // an error here: a misspelt setting changes the standings
             fmt::format("unknown key '{}' in league settings{}; the keys are name, ranking, min_games, aliases "
                         "and placing_points",
                         clip(key), hint.empty() ? "" : fmt::format(" (did you mean '{}'?)", hint)));
      }
    }
    const auto placing_at = std::find(league.ranking.begin(), league.ranking.end(), RankKey::kPlacing);
    if (placing_at != league.ranking.end() && league.placing_points.empty()) {
      fail(Code::kSchema, ranking_loc_,
           "the ranking uses 'placing', but no placing_points are set (for example placing_points: [3, 1, 0])");
    }
    if (failed_) {
      return std::nullopt;
    }
    return league;
  }

 private:
  void fail(Code code, Loc loc, std::string message) {
    sink_.report(Severity::kError, code, loc, std::move(message));
    failed_ = true;
  }

  std::optional<long long> integer(Node v, std::string_view what, long long lo, long long hi) {
    const auto n = v.is_scalar() && !v.quoted() ? parse_integer(v.scalar()) : std::nullopt;
    if (!n || *n < lo || *n > hi) {
      fail(Code::kSchema, v.loc(),
           fmt::format("'{}' must be a whole number from {} to {}, not {}", what, lo, hi,
                       v.is_scalar() ? fmt::format("'{}'", clip(v.scalar())) : std::string(v.kind_name())));
      return std::nullopt;
    }
    return n;
  }

  void ranking(Node v, League& league) {
    ranking_loc_ = v.loc();
    if (!v.is_sequence() || v.size() == 0) {
      fail(Code::kSchema, v.loc(),
           "'ranking' must be a list of keys, first key first, from wins, points, average, quota_rate and placing");
      return;
    }
    std::vector<RankKey> keys;
    for (std::uint32_t i = 0; i < v.size(); ++i) {
      const Node item = v.item(i);
      const auto key = item.is_scalar() ? rank_key_from_name(item.scalar()) : std::nullopt;
      if (!key) {
        std::array<std::string_view, kKeyNames.size()> names{};
        std::transform(kKeyNames.begin(), kKeyNames.end(), names.begin(), [](const auto& p) { return p.second; });
        const std::string hint = item.is_scalar() ? suggest(item.scalar(), names) : std::string();
        fail(Code::kSchema, item.loc(),
             fmt::format("'{}' is not a ranking key{}; the keys are wins, points, average, quota_rate and placing",
                         item.is_scalar() ? clip(item.scalar()) : std::string(item.kind_name()),
                         hint.empty() ? "" : fmt::format(" (did you mean '{}'?)", hint)));
        continue;
      }
      if (std::find(keys.begin(), keys.end(), *key) != keys.end()) {
        fail(Code::kSchema, item.loc(), fmt::format("'{}' appears twice in the ranking", clip(item.scalar())));
        continue;
      }
      keys.push_back(*key);
    }
    league.ranking = keys;
  }

  void aliases(Node v, League& league) {
    if (!v.is_map()) {
      fail(Code::kSchema, v.loc(),
           fmt::format("'aliases' must map each player to their other spellings (Ann: [Annie, \"Ann B.\"]), not {}",
                       v.kind_name()));
      return;
    }
    std::set<std::string> canon;
    for (std::uint32_t i = 0; i < v.size(); ++i) {
      canon.insert(std::string(v.key(i).scalar()));
    }
    std::map<std::string, Loc> seen;
    for (std::uint32_t i = 0; i < v.size(); ++i) {
      const std::string player(v.key(i).scalar());
      const Node spellings = v.value(i);
      std::vector<Node> items;
      if (spellings.is_scalar()) {
        items.push_back(spellings);
      } else if (spellings.is_sequence()) {
        for (std::uint32_t j = 0; j < spellings.size(); ++j) {
          items.push_back(spellings.item(j));
        }
      } else {
        fail(Code::kSchema, spellings.loc(),
             fmt::format("the aliases of {} must be a spelling or a list of spellings, not {}", player,
                         spellings.kind_name()));
        continue;
      }
      for (const Node& s : items) {
        if (!s.is_scalar() || s.scalar().empty()) {
          fail(Code::kSchema, s.loc(), fmt::format("an alias of {} must be a name, not {}", player, s.kind_name()));
          continue;
        }
        const std::string alias(s.scalar());
        if (alias == player) {
          continue;
        }
        if (canon.count(alias) != 0) {
          fail(Code::kSchema, s.loc(),
               fmt::format("'{}' is listed as an alias of {}, but is a player with aliases of their own", clip(alias),
                           clip(player)));
          continue;
        }
        if (const auto it = seen.find(alias); it != seen.end()) {
          fail(Code::kSchema, s.loc(),
               fmt::format("'{}' is already an alias of {} (line {}); one spelling names one player",
                           clip(alias), clip(league.aliases[alias]), it->second.line));
          continue;
        }
        seen.emplace(alias, s.loc());
        league.aliases[alias] = player;
      }
    }
  }

  void placing(Node v, League& league) {
    if (!v.is_sequence() || v.size() == 0 || v.size() > 10) {
      fail(Code::kSchema, v.loc(),
           "'placing_points' must be a list of 1 to 10 whole numbers, first place first (for example [3, 1, 0])");
      return;
    }
    std::vector<int> points;
    for (std::uint32_t i = 0; i < v.size(); ++i) {
      if (const auto n = integer(v.item(i), "placing_points", 0, 1000000)) {
        points.push_back(static_cast<int>(*n));
      }
    }
    league.placing_points = points;
  }

  DiagnosticSink& sink_;
  bool failed_ = false;
  Loc ranking_loc_;
};

}  // namespace

std::string_view rank_key_name(RankKey k) {
  for (const auto& [key, name] : kKeyNames) {
    if (key == k) {
      return name;
    }
  }
  return "?";
}

std::optional<RankKey> rank_key_from_name(std::string_view name) {
  for (const auto& [key, n] : kKeyNames) {
    if (n == name) {
      return key;
    }
  }
  return std::nullopt;
}

const std::string& League::canonical(const std::string& player) const {
  const auto it = aliases.find(player);
  return it == aliases.end() ? player : it->second;
}

LeagueLoad load_league(std::string_view text, const std::string& display, const Limits& limits) {
  DiagnosticSink sink(display);
  LeagueLoad out;
  YamlReader reader(text, limits);
  Document doc;
  if (reader.next(doc, sink)) {
    Loader loader(sink);
    out.league = loader.load(doc.root(), display);
    Document extra;
    if (reader.next(extra, sink)) {
      sink.report(Code::kSchema, extra.start(), "league settings are one YAML document; a second one starts here");
    }
  } else if (!reader.failed()) {
    sink.report(Code::kSchema, Loc{1, 1}, "the league settings file is empty");
  }
  if (sink.has_errors()) {
    out.league.reset();
  }
  out.diagnostics = sink.take();
  SourceText(text).fix_columns(out.diagnostics);
  return out;
}

}  // namespace trickref
