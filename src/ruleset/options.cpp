#include "ruleset/options.h"

#include <algorithm>
#include <array>
#include <cassert>
#include <charconv>
#include <optional>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "base/diagnostic.h"
#include "cards/card.h"

namespace trickref {

using Json = nlohmann::ordered_json;

// What one option's reader sees: its value, the other options it may ask
// about, and where its problems go.
class OptionReader {
 public:
  OptionReader(const OptionSpec& spec, const OptionSource& src) : spec_(spec), src_(src) {}

  [[nodiscard]] const OptionSpec& spec() const { return spec_; }
  [[nodiscard]] std::string_view path() const { return spec_.path; }
  [[nodiscard]] Node key() const { return src_.key; }
  [[nodiscard]] Node value() const { return src_.value; }
  [[nodiscard]] const std::vector<Node>& beneath() const { return src_.beneath; }
  [[nodiscard]] bool known(std::string_view path) const { return !src_.known || src_.known(path); }
  [[nodiscard]] int errors() const { return errors_; }

  void error(Node at, std::string message) {
    ++errors_;
    if (src_.error) {
      src_.error(at, std::move(message));
    }
  }

  // A value the engine does not play yet, shown as `shown`.
  void refuse(Node at, std::string_view shown, const Refusal& refusal) {
    if (refusal.refused) {
      error(at, refusal_message(spec_.path, shown, refusal));
    }
  }

  // A whole number in [lo, hi]: plain digits with an optional sign, no
  // quotes, no octal or hex (yaml-cpp's as<int> would take them).
  std::optional<int> integer(Node v, int lo, int hi, std::string_view what) {
    const auto s = v.scalar();
    int value = 0;
    const char* end = s.data() + s.size();
    const char* begin = s.data();
    if (!s.empty() && s.front() == '+') {
      ++begin;
    }
    const auto [ptr, ec] = std::from_chars(begin, end, value);
    if (!v.is_scalar() || v.quoted() || s.empty() || ec == std::errc::invalid_argument || ptr != end) {
      error(v, fmt::format("{} must be a whole number, not {}", what, describe(v)));
      return std::nullopt;
    }
    if (ec == std::errc::result_out_of_range || value < lo || value > hi) {
      // Only digits get here, but perhaps thousands of them.
      error(v, fmt::format("{} must be between {} and {}, not {}", what, lo, hi,
                           shown_input(s, Quoted::kToken).value_or("a number out of range")));
      return std::nullopt;
    }
    return value;
  }

  // A value as messages show it: quoted when it is one short token
  // (quote_input), else only what kind of value it is.
  static std::string describe(Node v) {
    if (!v.is_scalar()) {
      return std::string(v.kind_name());
    }
    return quote_input(v.scalar(), Quoted::kToken).value_or("a value with spaces or control characters");
  }

 private:
  const OptionSpec& spec_;
  const OptionSource& src_;
  int errors_ = 0;
};

// A complex option: its own reader, printer and schema, referenced from its table entry.
struct CustomOption {
  std::string_view values;  // what it takes, for `explain`
  void (*parse)(OptionReader&, Ruleset&);
  std::string (*print)(const Ruleset&);
  Json (*schema)();
  // The forms it refuses, each with why (refused_values).
  std::vector<std::pair<std::string, std::string>> (*refused)() = nullptr;
};

namespace {

// "a", "a or b", "a, b or c".
std::string join_list(const std::vector<std::string>& items, std::string_view last) {
  std::string out;
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (i > 0) {
      out += i + 1 == items.size() ? last : std::string_view(", ");
    }
    out += items[i];
  }
  return out;
}

bool is_boolean_name(std::string_view name) { return name == "true" || name == "false"; }

// Whether `v` is the value named `name`: a YAML boolean for "true"/"false", else that scalar.
bool matches(Node v, std::string_view name) {
  if (!v.is_scalar()) {
    return false;
  }
  const auto s = v.scalar();
  if (name == "true") {
    return !v.quoted() && (s == "true" || s == "True" || s == "TRUE");
  }
  if (name == "false") {
    return !v.quoted() && (s == "false" || s == "False" || s == "FALSE");
  }
  return s == name;
}

Json value_json(std::string_view name) {
  if (is_boolean_name(name)) {
    return name == "true";
  }
  return std::string(name);
}

// A YAML default as JSON: plain integers are numbers, plain true/false booleans, null null.
Json yaml_json(Node n) {
  if (n.is_map()) {
    Json out = Json::object();
    for (std::uint32_t i = 0; i < n.size(); ++i) {
      out[std::string(n.key(i).scalar())] = yaml_json(n.value(i));
    }
    return out;
  }
  if (n.is_sequence()) {
    Json out = Json::array();
    for (std::uint32_t i = 0; i < n.size(); ++i) {
      out.push_back(yaml_json(n.item(i)));
    }
    return out;
  }
  if (n.is_null()) {
    return nullptr;
  }
  const auto s = n.scalar();
  if (!n.quoted()) {
    if (is_boolean_name(s)) {
      return s == "true";
    }
    int value = 0;
    const auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), value);
    if (ec == std::errc{} && ptr == s.data() + s.size()) {
      return value;
    }
  }
  return std::string(s);
}

// ------------------------------------------------------------------ quotas

struct Role {
  std::string_view name;
  std::string_view description;
};
// Every role a quota may name, in seat order from the dealer for four players.
constexpr std::array kRoles = {
    Role{"dealer", "tricks the dealer must take"},
    Role{"left", "tricks the player left of the dealer must take"},
    Role{"across", "tricks the player across from the dealer must take (4 players)"},
    Role{"right", "tricks the player right of the dealer must take"},
    Role{"across_left", "tricks the player two seats left of the dealer must take (5 players)"},
    Role{"across_right", "tricks the player two seats right of the dealer must take (5 players)"},
};
constexpr int kMostTricks = 64;  // a quota, at most

std::string quota_text(const std::vector<int>& quotas, int players) {
  const std::vector<std::string_view> roles = quota_roles(players);
  std::vector<std::string> parts;
  for (std::size_t i = 0; i < quotas.size() && i < roles.size(); ++i) {
    parts.push_back(fmt::format("{}: {}", roles[i], quotas[i]));
  }
  return fmt::format("{{{}}}", fmt::join(parts, ", "));
}

std::optional<std::vector<int>> read_quotas(OptionReader& in, int players) {
  const Node v = in.value();
  if (!v.is_map()) {
    in.error(v, fmt::format("`{}` is a map of seat roles to tricks ({{dealer: 7, left: 6, right: 4}}), not {}",
                            in.path(), v.kind_name()));
    return std::nullopt;
  }
  // With the `extends` chain broken the player count may be unknown: every
  // role is then allowed and none is required.
  const bool players_known = in.known("players");
  const std::vector<std::string_view> roles = quota_roles(players_known ? players : 4);
  if (roles.empty()) {
    in.error(v, fmt::format("quotas for {} players are not supported yet", players));
    return std::nullopt;
  }
  std::vector<int> out(roles.size(), -1);
  const int errors_before = in.errors();
  for (std::uint32_t i = 0; i < v.size(); ++i) {
    const Node k = v.key(i);
    const auto it = std::find(roles.begin(), roles.end(), k.scalar());
    if (!k.is_scalar() || it == roles.end()) {
      const std::string hint = suggest(k.scalar(), roles);
      const auto role = k.is_scalar() ? quote_input(k.scalar(), Quoted::kOptionKey) : std::nullopt;
      in.error(k, fmt::format("{} in `{}`; the roles are {}{}",
                              role ? "unknown seat role " + *role : "a key that is not a seat role", in.path(),
                              fmt::join(roles, ", "), hint.empty() ? "" : fmt::format(" (did you mean '{}'?)", hint)));
      continue;
    }
    if (auto n = in.integer(v.value(i), 0, kMostTricks, fmt::format("the {} quota", k.scalar()))) {
      out[static_cast<std::size_t>(it - roles.begin())] = *n;
    }
  }
  if (in.errors() != errors_before || !players_known) {
    return std::nullopt;  // a bad entry: its role is not reported missing as well
  }
  // Checked whatever went wrong elsewhere in the file, so one run reports every problem.
  bool complete = true;
  for (std::size_t i = 0; i < roles.size(); ++i) {
    if (out[i] < 0) {
      in.error(v, fmt::format("`{}` lacks the {} quota (a {}-player ruleset needs {})", in.path(), roles[i], players,
                              fmt::join(roles, ", ")));
      complete = false;
    }
  }
  if (!complete) {
    return std::nullopt;
  }
  return out;
}

constexpr CustomOption kQuotas{
    "{dealer: N, left: N, right: N} (2 players: dealer, left; 4: dealer, left, across, right; 5: dealer, left, "
    "across_left, across_right, right), or null (no quotas: no exchange)",
    [](OptionReader& in, Ruleset& r) {
      if (in.value().is_null()) {
        r.quotas.clear();  // no quotas: no exchange, and a scoring that needs none
      } else if (auto q = read_quotas(in, r.players)) {
        r.quotas = *q;
      }
    },
    [](const Ruleset& r) { return r.quotas.empty() ? std::string("null") : quota_text(r.quotas, r.players); },
    [] {
      return Json{{"anyOf", Json::array({Json{{"$ref", "#/definitions/quotas"}}, Json{{"type", "null"}}})}};
    },
};

constexpr CustomOption kQuotasFirstHand{
    "the same as quotas, or null",
    [](OptionReader& in, Ruleset& r) {
      if (in.value().is_null()) {
        r.quotas_first_hand.reset();
      } else if (auto q = read_quotas(in, r.players)) {
        r.quotas_first_hand = *q;
      }
    },
    [](const Ruleset& r) {
      return r.quotas_first_hand ? quota_text(*r.quotas_first_hand, r.players) : std::string("null");
    },
    [] {
      return Json{{"anyOf", Json::array({Json{{"$ref", "#/definitions/quotas"}}, Json{{"type", "null"}}})}};
    },
};

// ------------------------------------------------------------- deck.remove

constexpr CustomOption kDeckRemove{
    "a list of cards, e.g. [2D, 2H, 2S]",
    [](OptionReader& in, Ruleset& r) {
      r.deck_remove.clear();
      const Node v = in.value();
      if (!v.is_sequence()) {
        in.error(v, fmt::format("`{}` is a list of cards, not {}", in.path(), v.kind_name()));
        return;
      }
      for (std::uint32_t i = 0; i < v.size(); ++i) {
        const Node c = v.item(i);
        const auto card = c.is_scalar() ? parse_card(c.scalar()) : std::nullopt;
        if (!card || card->is_joker()) {
          in.error(c, fmt::format("`{}` lists {}, which is not one of the 52 cards", in.path(),
                                  OptionReader::describe(c)));
        } else if (std::find(r.deck_remove.begin(), r.deck_remove.end(), *card) != r.deck_remove.end()) {
          in.error(c, fmt::format("`{}` lists {} twice", in.path(), to_string(*card)));
        } else {
          r.deck_remove.push_back(*card);
        }
      }
    },
    [](const Ruleset& r) {
      std::vector<std::string> removed;
      for (Card c : r.deck_remove) {
        removed.push_back(to_string(c));
      }
      return fmt::format("[{}]", fmt::join(removed, ", "));
    },
    [] {
      return Json{{"type", "array"}, {"items", Json{{"$ref", "#/definitions/card"}}}, {"uniqueItems", true}};
    },
};

std::string refusal_reason(const Refusal& r) {
  return r.game.empty() ? std::string("a later ruleset") : fmt::format("comes with the {} rulesets", r.game);
}

// --------------------------------------------------------- play.first_lead

// The first leads named by a word; {card: CARD} is the other form.
constexpr std::array kFirstLeads = {
    OptionValue{"left_of_dealer", FirstLead::kLeftOfDealer},
    OptionValue{"trump_chooser", FirstLead::kTrumpChooser},
    OptionValue{"bidder", FirstLead::kBidder},
};

std::vector<std::string> first_lead_forms() {
  std::vector<std::string> out{"{card: CARD}"};
  for (const auto& f : kFirstLeads) {
    out.emplace_back(f.name);
  }
  return out;
}

constexpr CustomOption kFirstLead{
    "{card: CARD} | left_of_dealer | trump_chooser | bidder",
    [](OptionReader& in, Ruleset& r) {
      const Node v = in.value();
      if (v.is_map()) {
        const Node c = v.find("card");
        if (v.size() != 1 || !c.valid()) {
          in.error(v, fmt::format("`{}` as a map is {{card: CARD}}, e.g. {{card: 2C}}", in.path()));
          return;
        }
        const auto card = c.is_scalar() ? parse_card(c.scalar()) : std::nullopt;
        if (!card) {
          in.error(c, fmt::format("`{}.card` must be a card, not {}", in.path(), OptionReader::describe(c)));
          return;
        }
        r.first_lead = FirstLead::kCard;
        r.first_lead_card = *card;
        return;
      }
      for (const auto& f : kFirstLeads) {
        if (matches(v, f.name)) {
          r.first_lead = static_cast<FirstLead>(f.value);
          in.refuse(v, f.name, f.refusal);
          return;
        }
      }
      in.error(v, fmt::format("`{}` must be {}, not {}", in.path(), join_list(first_lead_forms(), " or "),
                              OptionReader::describe(v)));
    },
    [](const Ruleset& r) {
      if (r.first_lead == FirstLead::kCard) {
        return fmt::format("{{card: {}}}", to_string(r.first_lead_card));
      }
      for (const auto& f : kFirstLeads) {
        if (f.value == static_cast<int>(r.first_lead)) {
          return std::string(f.name);
        }
      }
      return std::string("null");
    },
    [] {
      Json names = Json::array();
      for (const auto& f : kFirstLeads) {
        names.push_back(std::string(f.name));
      }
      return Json{{"oneOf", Json::array({Json{{"description", "the holder of this card leads it to the first trick"},
                                              {"type", "object"},
                                              {"properties", Json{{"card", Json{{"$ref", "#/definitions/card"}}}}},
                                              {"additionalProperties", false},
                                              {"required", Json::array({"card"})}},
                                         Json{{"type", "string"}, {"enum", names}}})}};
    },
    [] {
      std::vector<std::pair<std::string, std::string>> out;
      for (const auto& f : kFirstLeads) {
        if (f.refusal.refused) {
          out.emplace_back(std::string(f.name), refusal_reason(f.refusal));
        }
      }
      return out;
    },
};

// ---------------------------------------------------- kitty.discard_forbid

// call-deuces.md §2.3: cards, or the words jokers, trumps, points.
constexpr CustomOption kDiscardForbid{
    "a list of cards and the words jokers, trumps, points, e.g. [jokers, points]",
    [](OptionReader& in, Ruleset& r) {
      r.discard_forbid = DiscardForbid{};
      const Node v = in.value();
      if (!v.is_sequence()) {
        in.error(v, fmt::format("`{}` is a list of cards and the words jokers, trumps, points, not {}", in.path(),
                                v.kind_name()));
        return;
      }
      for (std::uint32_t i = 0; i < v.size(); ++i) {
        const Node c = v.item(i);
        const auto word = c.is_scalar() ? c.scalar() : std::string_view();
        if (word == "jokers") {
          r.discard_forbid.jokers = true;
        } else if (word == "trumps") {
          r.discard_forbid.trumps = true;
        } else if (word == "points") {
          r.discard_forbid.points = true;
        } else if (const auto card = c.is_scalar() ? parse_card(word) : std::nullopt) {
          r.discard_forbid.cards.insert(*card);
        } else {
          in.error(c, fmt::format("`{}` lists {}, which is neither a card nor jokers, trumps or points", in.path(),
                                  OptionReader::describe(c)));
        }
      }
    },
    [](const Ruleset& r) {
      std::vector<std::string> out;
      for (Card c : r.discard_forbid.cards) {
        out.push_back(to_string(c));
      }
      for (const auto& [on, word] : {std::pair{r.discard_forbid.jokers, "jokers"},
                                     std::pair{r.discard_forbid.trumps, "trumps"},
                                     std::pair{r.discard_forbid.points, "points"}}) {
        if (on) {
          out.emplace_back(word);
        }
      }
      return fmt::format("[{}]", fmt::join(out, ", "));
    },
    [] {
      return Json{{"type", "array"},
                  {"items", Json{{"anyOf", Json::array({Json{{"$ref", "#/definitions/card"}},
                                                        Json{{"type", "string"},
                                                             {"enum", Json::array({"jokers", "trumps", "points"})}}})}}},
                  {"uniqueItems", true}};
    },
};

// ------------------------------------------------------------ partner.card

// call-deuces.md §2.4: {rank: 2, suit: trump}; the suit may also be a suit letter.
constexpr CustomOption kPartnerCard{
    "{rank: RANK, suit: trump | C | D | H | S}",
    [](OptionReader& in, Ruleset& r) {
      const Node v = in.value();
      const Node rank = v.is_map() ? v.find("rank") : Node();
      const Node suit = v.is_map() ? v.find("suit") : Node();
      if (!v.is_map() || v.size() != 2 || !rank.valid() || !suit.valid()) {
        in.error(v, fmt::format("`{}` is a map {{rank: RANK, suit: trump}}, e.g. {{rank: 2, suit: trump}}", in.path()));
        return;
      }
      // A rank is read as a card of clubs would be: 2-10, J, Q, K, A.
      const auto as_card = rank.is_scalar() ? parse_card(fmt::format("{}C", rank.scalar())) : std::nullopt;
      if (!as_card || as_card->is_joker()) {
        in.error(rank, fmt::format("`{}.rank` must be a rank (2-10, J, Q, K, A), not {}", in.path(),
                                   OptionReader::describe(rank)));
        return;
      }
      if (suit.is_scalar() && suit.scalar() == "trump") {
        r.partner_suit.reset();
      } else if (const auto s = suit.is_scalar() ? parse_card(fmt::format("2{}", suit.scalar())) : std::nullopt) {
        r.partner_suit = s->suit();
      } else {
        in.error(suit, fmt::format("`{}.suit` must be trump or a suit (C, D, H, S), not {}", in.path(),
                                   OptionReader::describe(suit)));
        return;
      }
      r.partner_rank = as_card->rank();
    },
    [](const Ruleset& r) {
      std::string rank = to_string(Card::of(Suit::kClubs, r.partner_rank));  // "10C": the rank, then the suit
      rank.pop_back();
      return fmt::format("{{rank: {}, suit: {}}}", rank,
                         r.partner_suit ? std::string(1, suit_letter(*r.partner_suit)) : std::string("trump"));
    },
    [] {
      return Json{{"type", "object"},
                  {"properties", Json{{"rank", Json{{"type", Json::array({"integer", "string"})}}},
                                      {"suit", Json{{"type", "string"}}}}},
                  {"required", Json::array({"rank", "suit"})},
                  {"additionalProperties", false}};
    },
};

// ----------------------------------------------------- scoring.card_points

constexpr int kMostCardPoints = 1000;

// call-deuces.md §2.6: counting cards and their points, e.g. {5C: 5, ...}.
constexpr CustomOption kCardPoints{
    "a map card -> points, e.g. {5C: 5, 5D: 5, 5H: 5, 5S: 5}",
    [](OptionReader& in, Ruleset& r) {
      r.card_points = {};
      // Over the rulesets it extends, card by card (their values were read
      // there; a card that is not a card is skipped here).
      for (const Node below : in.beneath()) {
        for (std::uint32_t i = 0; below.is_map() && i < below.size(); ++i) {
          const Node n = below.value(i);
          const auto card = below.key(i).is_scalar() ? parse_card(below.key(i).scalar()) : std::nullopt;
          int points = 0;
          const auto s = n.scalar();
          if (card && n.is_scalar() && !n.quoted() &&
              std::from_chars(s.data(), s.data() + s.size(), points).ptr == s.data() + s.size() &&
              std::abs(points) <= kMostCardPoints) {
            r.card_points[static_cast<std::size_t>(card->index())] = points;
          }
        }
      }
      const Node v = in.value();
      if (!v.is_map()) {
        in.error(v, fmt::format("`{}` is a map of cards to points, e.g. {{5C: 5}}, not {}", in.path(), v.kind_name()));
        return;
      }
      for (std::uint32_t i = 0; i < v.size(); ++i) {
        const Node k = v.key(i);
        const auto card = k.is_scalar() ? parse_card(k.scalar()) : std::nullopt;
        if (!card) {
          in.error(k, fmt::format("`{}` names {}, which is not a card", in.path(), OptionReader::describe(k)));
          continue;
        }
        if (auto n = in.integer(v.value(i), -kMostCardPoints, kMostCardPoints,
                                fmt::format("the points of {}", to_string(*card)))) {
          r.card_points[static_cast<std::size_t>(card->index())] = *n;
        }
      }
    },
    [](const Ruleset& r) {
      std::vector<std::string> out;
      for (std::size_t i = 0; i < r.card_points.size(); ++i) {
        if (r.card_points[i] != 0) {
          out.push_back(fmt::format("{}: {}", to_string(Card(static_cast<std::uint8_t>(i))), r.card_points[i]));
        }
      }
      return fmt::format("{{{}}}", fmt::join(out, ", "));
    },
    [] {
      return Json{{"type", "object"},
                  {"propertyNames", Json{{"$ref", "#/definitions/card"}}},
                  {"additionalProperties", Json{{"type", "integer"}, {"minimum", -kMostCardPoints},
                                                {"maximum", kMostCardPoints}}}};
    },
};

// ---------------------------------------------------------------- game.end

struct GameEndKey {
  std::string_view key;
  GameEnd end;
  Refusal refusal;
  std::string_view description;
};
// `game.end` is a map with one of these keys. `target: null` is the one
// value that is not a number: the game is the hands recorded.
constexpr std::array kGameEnds = {
    GameEndKey{"target", GameEnd::kTarget, {},
               "the game ends after the first hand in which a running score reaches this; null: the hands recorded, "
               "never finished"},
    GameEndKey{"plucks_against", GameEnd::kPlucksAgainst, {},
               "the game ends after the first hand in which a player's plucks against (tricks short, summed over "
               "the game) reach this"},
    GameEndKey{"tricks_in_hand", GameEnd::kTricksInHand, {},
               "the game ends after the first hand in which a player takes this many tricks; that player wins"},
};
constexpr int kMostEnd = 100000;

constexpr CustomOption kGameEnd{
    "{target: N} | {target: null} | {plucks_against: N} | {tricks_in_hand: N}",
    [](OptionReader& in, Ruleset& r) {
      const Node v = in.value();
      if (!v.is_map() || v.size() != 1 || !v.key(0).is_scalar()) {
        std::vector<std::string> forms{"{target: 20}", "{target: null}"};
        for (const auto& g : kGameEnds) {
          if (g.end != GameEnd::kTarget) {
            forms.push_back(fmt::format("{{{}: N}}", g.key));
          }
        }
        in.error(v, fmt::format("`{}` is a map with one key: {}", in.path(), join_list(forms, " or ")));
        return;
      }
      const auto key = v.key(0).scalar();
      const Node val = v.value(0);
      for (const auto& g : kGameEnds) {
        if (key != g.key) {
          continue;
        }
        in.refuse(v.key(0), fmt::format("{{{}: ...}}", g.key), g.refusal);
        if (g.end == GameEnd::kTarget && val.is_null()) {
          r.end = GameEnd::kHandsRecorded;
          r.end_value = 0;
        } else if (auto n = in.integer(val, 1, kMostEnd, fmt::format("`{}.{}`", in.path(), g.key))) {
          r.end = g.end;
          r.end_value = *n;
        }
        return;
      }
      std::vector<std::string> now;
      std::vector<std::string> later;
      for (const auto& g : kGameEnds) {
        (g.refusal.refused ? later : now).emplace_back(g.key);
      }
      const auto quoted = quote_input(key, Quoted::kOptionKey);
      in.error(v.key(0), fmt::format("{}; use {}{}",
                                     quoted ? "unknown game end " + *quoted : "a key that is not a game end",
                                     join_list(now, " or "),
                                     later.empty() ? std::string()
                                                   : fmt::format(" ({} come{} later)", join_list(later, " and "),
                                                                 later.size() == 1 ? "s" : "")));
    },
    [](const Ruleset& r) {
      if (r.end == GameEnd::kHandsRecorded) {
        return std::string("{target: null}");
      }
      for (const auto& g : kGameEnds) {
        if (g.end == r.end) {
          return fmt::format("{{{}: {}}}", g.key, r.end_value);
        }
      }
      return std::string("null");
    },
    [] {
      Json props = Json::object();
      for (const auto& g : kGameEnds) {
        std::string description(g.description);
        if (g.refusal.refused) {
          description += fmt::format("; not supported yet ({})", refusal_reason(g.refusal));
        }
        Json type = g.end == GameEnd::kTarget ? Json::array({"integer", "null"}) : Json("integer");
        props[std::string(g.key)] =
            Json{{"description", description}, {"type", type}, {"minimum", 1}, {"maximum", kMostEnd}};
      }
      return Json{{"type", "object"},
                  {"properties", props},
                  {"additionalProperties", false},
                  {"minProperties", 1},
                  {"maxProperties", 1}};
    },
    [] {
      std::vector<std::pair<std::string, std::string>> out;
      for (const auto& g : kGameEnds) {
        if (g.refusal.refused) {
          out.emplace_back(fmt::format("{{{}: N}}", g.key), refusal_reason(g.refusal));
        }
      }
      return out;
    },
};

// ------------------------------------------------------------------ values

constexpr std::array kJokers = {0, 2};

constexpr std::array kRotations = {OptionValue{"left", Rotation::kLeft}, OptionValue{"right", Rotation::kRight},
                                   OptionValue{"by_result", Rotation::kByResult}};
constexpr std::array kTrumpChoosers = {
    OptionValue{"dealer", TrumpChooser::kDealer},
    OptionValue{"left_of_dealer", TrumpChooser::kLeftOfDealer},
    OptionValue{"bidder", TrumpChooser::kBidder},
    OptionValue{"any", TrumpChooser::kAny},
};
constexpr std::array kKittyTakers = {
    OptionValue{"dealer", KittyTaker::kDealer},
    OptionValue{"bidder", KittyTaker::kBidder},
    OptionValue{"nobody", KittyTaker::kNobody},
};
constexpr std::array kKittyModes = {
    OptionValue{"take_then_discard", KittyMode::kTakeThenDiscard},
    OptionValue{"discard_then_take", KittyMode::kDiscardThenTake},
};
constexpr std::array kExchangeWhen = {
    OptionValue{"before_trump", ExchangeWhen::kBeforeTrump},
    OptionValue{"after_kitty", ExchangeWhen::kAfterKitty},
};
constexpr std::array kPluckOrders = {
    OptionValue{"most_first", PluckOrder::kMostFirst},
    OptionValue{"least_first", PluckOrder::kLeastFirst},
    OptionValue{"highest_quota_first", PluckOrder::kHighestQuotaFirst},
};
constexpr std::array kTieStarts = {
    OptionValue{"new_dealer", TieStart::kNewDealer},
    OptionValue{"previous_dealer", TieStart::kPreviousDealer},
};
constexpr std::array kPluckGives = {
    OptionValue{"any", PluckGive::kAny},
    OptionValue{"lowest_of_suit", PluckGive::kLowestOfSuit},
};
constexpr std::array kPluckReturns = {
    OptionValue{"highest_including_received", PluckReturn::kHighestIncludingReceived},
    OptionValue{"highest_excluding_received", PluckReturn::kHighestExcludingReceived},
};
constexpr std::array kPluckVoids = {
    OptionValue{"return_received", PluckVoid::kReturnReceived},
    OptionValue{"lost", PluckVoid::kLost},
};
constexpr std::array kDistinctSuits = {
    OptionValue{"false", DistinctSuits::kNo},
    OptionValue{"true", DistinctSuits::kYes},
    OptionValue{"while_both_hold", DistinctSuits::kWhileBothHold},
};
constexpr std::array kTrumpLeads = {
    OptionValue{"after_broken", TrumpLead::kAfterBroken},
    OptionValue{"any", TrumpLead::kAny},
};
constexpr std::array kScoringKinds = {
    OptionValue{"quota", ScoringKind::kQuota},
    OptionValue{"plucks", ScoringKind::kPlucks},
    OptionValue{"tricks", ScoringKind::kTricks},
    OptionValue{"points", ScoringKind::kPoints},
    OptionValue{"courts", ScoringKind::kCourts},
};
constexpr std::array kTieRules = {
    OptionValue{"continue", TieRule::kContinue},
    OptionValue{"share", TieRule::kShare},
    OptionValue{"draw", TieRule::kDraw},
    OptionValue{"bidder_first", TieRule::kBidderFirst},
};
constexpr std::array kRevokePenalties = {
    OptionValue{"none", RevokePenalty::kNone},
    OptionValue{"forfeit_hand", RevokePenalty::kForfeitHand},
};
constexpr std::array kRevokeWhen = {
    OptionValue{"proven", RevokeWhen::kProven},
    OptionValue{"claimed", RevokeWhen::kClaimed},
};
constexpr std::array kPartnerships = {
    OptionValue{"none", Partnership::kNone},
    OptionValue{"opposite", Partnership::kOpposite},
};
constexpr std::array kBiddingStyles = {
    OptionValue{"auction", BiddingStyle::kAuction},
    OptionValue{"once_around", BiddingStyle::kOnceAround},
};
constexpr std::array kAllPass = {
    OptionValue{"redeal_next", AllPass::kRedealNext},
    OptionValue{"redeal_same", AllPass::kRedealSame},
    OptionValue{"dealer_must_bid", AllPass::kDealerMustBid},
};
constexpr std::array kPartnerBy = {
    OptionValue{"none", PartnerBy::kNone},
    OptionValue{"card", PartnerBy::kCard},
};
constexpr std::array kDiscardTo = {
    OptionValue{"bidder", DiscardTo::kBidder},
    OptionValue{"nobody", DiscardTo::kNobody},
};
constexpr std::array kScoringMade = {
    OptionValue{"side_points", ScoringMade::kSidePoints},
    OptionValue{"own_points", ScoringMade::kOwnPoints},
    OptionValue{"bid", ScoringMade::kBid},
};
constexpr std::array kScoringSet = {
    OptionValue{"minus_bid", ScoringSet::kMinusBid},
    OptionValue{"minus_bid_bidder_only", ScoringSet::kMinusBidBidderOnly},
};
constexpr std::array kDefenders = {
    OptionValue{"own_points", Defenders::kOwnPoints},
    OptionValue{"none", Defenders::kNone},
};
constexpr std::array kAfterEarlyCourt = {
    OptionValue{"either", AfterEarlyCourt::kEither},
    OptionValue{"abandon", AfterEarlyCourt::kAbandon},
    OptionValue{"play_on", AfterEarlyCourt::kPlayOn},
};
constexpr std::array kEarlyCourtSide = {
    OptionValue{"any", EarlyCourtSide::kAny},
    OptionValue{"trump_caller", EarlyCourtSide::kTrumpCaller},
};
constexpr std::array kAfterDealerCourt = {
    OptionValue{"next", AfterDealerCourt::kNext},
    OptionValue{"dealer_partner", AfterDealerCourt::kDealerPartner},
};
constexpr std::array kAfterCallerCourt = {
    OptionValue{"dealer_partner", AfterCallerCourt::kDealerPartner},
    OptionValue{"same_dealer", AfterCallerCourt::kSameDealer},
};
// Booleans, each with its own list so that each refusal is its own token.
constexpr std::array kBoolean = {OptionValue{"false", false}, OptionValue{"true", true}};
constexpr std::array kMustTrumpIfVoid = {OptionValue{"false", false}, OptionValue{"true", true}};
constexpr std::array kMustOvertrump = {OptionValue{"false", false}, OptionValue{"true", true}};

using K = OptionKind;

// The table. Its order is the order `rules show` prints and the loader
// reads (an option read later may depend on one read before: the quotas on
// `players`, kitty.discard on deal.kitty). Defaults are Pluck's values.
constexpr std::array kOptions = {
    OptionSpec{.path = "players", .kind = K::kInteger, .default_text = "3",
               .description = "number of players; play passes to the next player in seat order",
               .access = field<&Ruleset::players>(), .lo = 2, .hi = 8},
    OptionSpec{.path = "partnership", .kind = K::kEnum, .default_text = "none",
               .description = "fixed sides: none, or partners sitting opposite (seats 1 and 3, 2 and 4)",
               .access = field<&Ruleset::partnership>(), .values = kPartnerships,
               .detail = "court-piece.md §2: with `opposite` seats 1 and 3 of `players` form one side and seats 2 "
                         "and 4 the other."},
    OptionSpec{.path = "deck.remove", .kind = K::kCustom, .default_text = "[2D, 2H, 2S]",
               .description = "cards taken out of the standard 52", .custom = &kDeckRemove},
    OptionSpec{.path = "deck.jokers", .kind = K::kInteger, .default_text = "2",
               .description = "jokers added (BJ above LJ); they join the trump suit once it is named",
               .access = field<&Ruleset::jokers>(), .lo = 0, .hi = 2, .only = kJokers,
               .only_why = "a big and a little joker"},
    OptionSpec{.path = "deal.hand_size", .kind = K::kInteger, .default_text = "17",
               .description = "cards dealt to each player (and tricks in a hand)",
               .access = field<&Ruleset::hand_size>(), .lo = 1, .hi = 60},
    OptionSpec{.path = "deal.kitty", .kind = K::kInteger, .default_text = "0",
               .description = "cards dealt face down to the kitty", .access = field<&Ruleset::kitty>(), .lo = 0,
               .hi = 52},
    OptionSpec{.path = "deal.before_trump", .kind = K::kInteger, .default_text = "0",
               .description = "cards dealt to each player before trump is named, the rest after (0: all at once)",
               .access = field<&Ruleset::deal_before_trump>(), .lo = 0, .hi = 60,
               .detail = "Court Piece deals five each, the player left of the dealer names trump from those five, "
                         "and the deal goes on to thirteen each (court-piece.md §3). Which cards were seen is not "
                         "checked."},
    OptionSpec{.path = "quotas", .kind = K::kCustom, .default_text = "{dealer: 7, left: 6, right: 4}",
               .description = "tricks each seat must take, by position relative to the dealer", .custom = &kQuotas},
    OptionSpec{.path = "quotas_first_hand", .kind = K::kCustom, .default_text = "null",
               .description = "quotas for the first hand only", .custom = &kQuotasFirstHand},
    OptionSpec{.path = "rotation", .kind = K::kEnum, .default_text = "left",
               .description = "where the deal passes after each hand", .access = field<&Ruleset::rotation>(),
               .values = kRotations},
    OptionSpec{.path = "rotation_court.after_dealer_court", .kind = K::kEnum, .default_text = "next",
               .description = "by_result: who deals after the dealer's side won a court",
               .access = field<&Ruleset::after_dealer_court>(), .values = kAfterDealerCourt,
               .detail = "court-piece.md §3.5 rule 2: the player left of the dealer (`next`), or, a house rule, "
                         "the dealer's partner."},
    OptionSpec{.path = "rotation_court.after_caller_court", .kind = K::kEnum, .default_text = "dealer_partner",
               .description = "by_result: who deals after the dealer's opponents won a court",
               .access = field<&Ruleset::after_caller_court>(), .values = kAfterCallerCourt,
               .detail = "court-piece.md §3.5 rule 3: the dealer's partner, or, a house rule, the same dealer."},
    OptionSpec{.path = "bidding.style", .kind = K::kEnum, .default_text = "auction",
               .description = "how the contract is bid: round and round until all but one pass, or one call each",
               .access = field<&Ruleset::bidding, &Bidding::style>(), .values = kBiddingStyles,
               .detail = "Used where a hand has a bidder (trump.chooser, kitty.taken_by or play.first_lead `bidder`, "
                         "or scoring.kind `points`). The first call is made left of the dealer; calls go left. "
                         "`once_around`: each player calls exactly once, the dealer last; the highest bid wins "
                         "(call-deuces.md §2.2)."},
    OptionSpec{.path = "bidding.min", .kind = K::kInteger, .default_text = "15",
               .description = "the lowest bid", .access = field<&Ruleset::bidding, &Bidding::min>(), .lo = 1,
               .hi = 10000},
    OptionSpec{.path = "bidding.max", .kind = K::kInteger, .default_text = "33",
               .description = "the highest bid (a bid of max ends an auction at once)",
               .access = field<&Ruleset::bidding, &Bidding::max>(), .lo = 1, .hi = 10000},
    OptionSpec{.path = "bidding.step", .kind = K::kInteger, .default_text = "1",
               .description = "how far a bid must be above the highest so far",
               .access = field<&Ruleset::bidding, &Bidding::step>(), .lo = 1, .hi = 10000},
    OptionSpec{.path = "bidding.pass_is_final", .kind = K::kBoolean, .default_text = "true",
               .description = "a player who passed may not bid again (auction style)",
               .access = field<&Ruleset::bidding, &Bidding::pass_is_final>(), .values = kBoolean,
               .detail = "With `false` a player who passed may bid again when the call comes round; the auction "
                         "ends after players - 1 passes in a row following a bid."},
    OptionSpec{.path = "bidding.hold", .kind = K::kBoolean, .default_text = "false",
               .description = "a later caller may equal the highest bid, and then holds the contract",
               .access = field<&Ruleset::bidding, &Bidding::hold>(), .values = kBoolean},
    OptionSpec{.path = "bidding.all_pass", .kind = K::kEnum, .default_text = "redeal_next",
               .description = "when nobody bids: the hand is void and the next dealer deals, or the same one; or "
                              "the dealer must bid",
               .access = field<&Ruleset::bidding, &Bidding::all_pass>(), .values = kAllPass},
    OptionSpec{.path = "trump.chooser", .kind = K::kEnum, .default_text = "dealer",
               .description = "who names trump after the exchange", .access = field<&Ruleset::trump_chooser>(),
               .values = kTrumpChoosers,
               .detail = "`any`: trump is as recorded and nobody's choice is checked (a program that draws trump "
                         "at random)."},
    OptionSpec{.path = "kitty.taken_by", .kind = K::kEnum, .default_text = "dealer",
               .description = "who takes the kitty after trump is named",
               .access = field<&Ruleset::kitty_taken_by>(), .values = kKittyTakers,
               .detail = "`nobody`: the kitty is set aside unseen for the hand (no discard)."},
    OptionSpec{.path = "kitty.mode", .kind = K::kEnum, .default_text = "take_then_discard",
               .description = "whether the dealer discards after or before taking the kitty",
               .access = field<&Ruleset::kitty_mode>(), .values = kKittyModes},
    OptionSpec{.path = "kitty.discard", .kind = K::kInteger, .default_text = "0",
               .description = "cards the kitty taker discards (defaults to deal.kitty)",
               .access = field<&Ruleset::kitty_discard>(), .lo = 0, .hi = 52, .follows = "deal.kitty"},
    OptionSpec{.path = "kitty.discard_forbid", .kind = K::kCustom, .default_text = "[]",
               .description = "cards the kitty taker may not discard", .custom = &kDiscardForbid,
               .detail = "A list of cards, or the words `jokers`, `trumps`, `points` (cards that score under "
                         "scoring.card_points); a discard of one of them is a `discard` error (call-deuces.md §2.3)."},
    OptionSpec{.path = "partner.by", .kind = K::kEnum, .default_text = "none",
               .description = "the bidder's partner for a hand: nobody, or whoever holds partner.card in play",
               .access = field<&Ruleset::partner_by>(), .values = kPartnerBy,
               .detail = "call-deuces.md §2.4: the partner is nobody's choice; it follows from the cards. If the "
                         "bidder holds the card (dealt, or from the kitty) or discards it, the bidder is solo."},
    OptionSpec{.path = "partner.card", .kind = K::kCustom, .default_text = "{rank: 2, suit: trump}",
               .description = "the card whose holder is the bidder's partner", .custom = &kPartnerCard},
    OptionSpec{.path = "partner.solo_by_discard", .kind = K::kBoolean, .default_text = "true",
               .description = "the bidder may discard the partner card and play solo (false: a `discard` error)",
               .access = field<&Ruleset::solo_by_discard>(), .values = kBoolean},
    OptionSpec{.path = "exchange.when", .kind = K::kEnum, .default_text = "before_trump",
               .description = "when the plucks are made: before trump is named, or after the kitty is taken",
               .access = field<&Ruleset::exchange_when>(), .values = kExchangeWhen,
               .detail = "`after_kitty`: some Sergeant Major groups exchange after the dealer's kitty swap."},
    OptionSpec{.path = "exchange.from_hand", .kind = K::kInteger, .default_text = "2",
               .description = "the first hand with plucks", .access = field<&Ruleset::exchange_from_hand>(),
               .lo = 1, .hi = 1000},
    OptionSpec{.path = "exchange.order", .kind = K::kEnum, .default_text = "most_first",
               .description = "which plucker makes all of their plucks first (ties: new dealer, then left)",
               .access = field<&Ruleset::pluck_order>(), .values = kPluckOrders},
    OptionSpec{.path = "exchange.tie_start", .kind = K::kEnum, .default_text = "new_dealer",
               .description = "where a tie in pluck order starts: the new dealer or the previous one, then left",
               .access = field<&Ruleset::tie_start>(), .values = kTieStarts,
               .detail = "Seed 000 starts a tie between pluckers from the dealer, i.e. the new one; one Pluck "
                         "program starts from the previous dealer. Either way the tie goes on in seat order (to "
                         "the left), whatever the rotation."},
    OptionSpec{.path = "exchange.give", .kind = K::kEnum, .default_text = "any",
               .description = "what the plucker may give", .access = field<&Ruleset::pluck_give>(),
               .values = kPluckGives,
               .detail = "With `lowest_of_suit` the plucker chooses the suit and must give the lowest card of it "
                         "held at that moment."},
    OptionSpec{.path = "exchange.return", .kind = K::kEnum, .default_text = "highest_including_received",
               .description = "what the pluckee gives back: the highest of the suit, counting the received card or not",
               .access = field<&Ruleset::pluck_return>(), .values = kPluckReturns},
    OptionSpec{.path = "exchange.void", .kind = K::kEnum, .default_text = "return_received",
               .description = "with highest_excluding_received and no other card of the suit: the received card "
                              "goes back, or nothing does",
               .access = field<&Ruleset::pluck_void>(), .values = kPluckVoids},
    OptionSpec{.path = "exchange.distinct_suits", .kind = K::kEnum, .default_text = "false",
               .description = "a plucker may not give two cards of one suit to the same pluckee in a hand",
               .access = field<&Ruleset::distinct_suits>(), .values = kDistinctSuits,
               .detail = "A repeat is reported at the second card of the suit. `while_both_hold`: no repeat to the "
                         "same pluckee in a hand while some suit not yet given to them is held by both players; "
                         "when none is, the given suits start over (checked where both hands are known)."},
    OptionSpec{.path = "exchange.waivable", .kind = K::kBoolean, .default_text = "false",
               .description = "owed plucks may be left unmade (a warning, not an error)",
               .access = field<&Ruleset::waivable>(), .values = kBoolean},
    OptionSpec{.path = "exchange.show_kitty", .kind = K::kBoolean, .default_text = "false",
               .description = "a plucked dealer shows the plucker kitty cards of the plucked suit above the card "
                              "given back",
               .access = field<&Ruleset::show_kitty>(), .values = kBoolean},
    OptionSpec{.path = "play.first_lead", .kind = K::kCustom, .default_text = "{card: 2C}",
               .description = "who leads the first trick (the holder of CARD leads it)", .custom = &kFirstLead},
    OptionSpec{.path = "play.trump_lead", .kind = K::kEnum, .default_text = "after_broken",
               .description = "whether trump may be led before a trump has been played",
               .access = field<&Ruleset::trump_lead>(), .values = kTrumpLeads},
    OptionSpec{.path = "play.trump_lead_when_only_trumps", .kind = K::kBoolean, .default_text = "true",
               .description = "a player holding only trumps may lead one before trumps are broken",
               .access = field<&Ruleset::trump_lead_when_only_trumps>(), .values = kBoolean},
    OptionSpec{.path = "play.must_trump_if_void", .kind = K::kBoolean, .default_text = "false",
               .description = "a player void in the suit led must trump, holding one",
               .access = field<&Ruleset::must_trump_if_void>(), .values = kMustTrumpIfVoid,
               .detail = "A Sergeant Major site: a player void in the suit led must play a trump if they hold one "
                         "(a revoke when broken, with the rule named)."},
    OptionSpec{.path = "play.must_overtrump", .kind = K::kBoolean, .default_text = "false",
               .description = "a player trumping a trick that holds a trump must beat it, if able",
               .access = field<&Ruleset::must_overtrump>(), .values = kMustOvertrump,
               .detail = "A player playing a trump to a trick that holds a trump must beat it if they can (a "
                         "revoke when broken, with the rule named)."},
    OptionSpec{.path = "hand.early_court_tricks", .kind = K::kInteger, .default_text = "7",
               .description = "courts: one side winning each of the first N tricks scores an early court (0: none)",
               .access = field<&Ruleset::early_court_tricks>(), .lo = 0, .hi = 60},
    OptionSpec{.path = "hand.after_early_court", .kind = K::kEnum, .default_text = "either",
               .description = "after an early court: the winners choose, the hand ends, or it is played out",
               .access = field<&Ruleset::after_early_court>(), .values = kAfterEarlyCourt,
               .detail = "court-piece.md §3.3: under `either` a hand recorded with exactly 7 tricks was abandoned "
                         "and one with 13 was played on; the same side then winning all 13 scores "
                         "scoring.all_tricks instead of the early court."},
    OptionSpec{.path = "hand.stop_at_majority", .kind = K::kBoolean, .default_text = "false",
               .description = "a hand ends as soon as a side has taken a majority of its tricks",
               .access = field<&Ruleset::stop_at_majority>(), .values = kBoolean},
    OptionSpec{.path = "scoring.kind", .kind = K::kEnum, .default_text = "quota",
               .description = "how hands score: tricks against quota; plucks: over minus short; tricks: the tricks "
                              "taken; points: tricks and counting cards against a contract; courts: courts by side",
               .access = field<&Ruleset::scoring>(), .values = kScoringKinds,
               .detail = "`quota`: scoring.over points per trick over quota, scoring.under per trick short. "
                         "`plucks`: a hand scores its tricks over quota minus its tricks short (the plucks it earns "
                         "minus the plucks it owes). `tricks`: a hand scores the tricks each player took (no quota "
                         "needed). `points` (Call Deuces): scoring.per_trick for each trick won and "
                         "scoring.card_points for each counting card in it; the bidding side makes the contract with "
                         "at least the bid (call-deuces.md §2.6, §2.7). `courts` (Court Piece): a side scores courts "
                         "for an early court, all the tricks, a streak of hands won or the opponents' revoke "
                         "(court-piece.md §3.3, §3.4)."},
    OptionSpec{.path = "scoring.over", .kind = K::kInteger, .default_text = "1",
               .description = "points per trick over quota", .access = field<&Ruleset::over>(), .lo = -100,
               .hi = 100},
    OptionSpec{.path = "scoring.under", .kind = K::kInteger, .default_text = "0",
               .description = "points per trick short of quota", .access = field<&Ruleset::under>(), .lo = -100,
               .hi = 0},
    OptionSpec{.path = "scoring.per_trick", .kind = K::kInteger, .default_text = "1",
               .description = "points: what each trick won is worth", .access = field<&Ruleset::per_trick>(),
               .lo = 0, .hi = 1000},
    OptionSpec{.path = "scoring.card_points", .kind = K::kCustom, .default_text = "{5C: 5, 5D: 5, 5H: 5, 5S: 5}",
               .description = "points: counting cards in the tricks a player won", .custom = &kCardPoints,
               .detail = "`extends` replaces the map whole here; set a card to 0 to stop it counting."},
    OptionSpec{.path = "scoring.discard_to", .kind = K::kEnum, .default_text = "bidder",
               .description = "points: whose the counting cards in the discard are",
               .access = field<&Ruleset::discard_to>(), .values = kDiscardTo},
    OptionSpec{.path = "scoring.made", .kind = K::kEnum, .default_text = "side_points",
               .description = "points: what the bidder and partner each add when the contract is made",
               .access = field<&Ruleset::made>(), .values = kScoringMade,
               .detail = "`side_points`: the bidding side's points; `own_points`: the points each took; `bid`: "
                         "the bid (call-deuces.md §2.7)."},
    OptionSpec{.path = "scoring.set", .kind = K::kEnum, .default_text = "minus_bid",
               .description = "points: who loses the bid when the contract is set",
               .access = field<&Ruleset::set>(), .values = kScoringSet},
    OptionSpec{.path = "scoring.solo_made_factor", .kind = K::kInteger, .default_text = "2",
               .description = "points: a solo bidder's gain when made is multiplied by this",
               .access = field<&Ruleset::solo_made_factor>(), .lo = 0, .hi = 100},
    OptionSpec{.path = "scoring.solo_set_factor", .kind = K::kInteger, .default_text = "1",
               .description = "points: a solo bidder's loss when set is multiplied by this",
               .access = field<&Ruleset::solo_set_factor>(), .lo = 0, .hi = 100},
    OptionSpec{.path = "scoring.defenders", .kind = K::kEnum, .default_text = "own_points",
               .description = "points: what each defender adds (made or set)",
               .access = field<&Ruleset::defenders>(), .values = kDefenders},
    OptionSpec{.path = "scoring.early_court", .kind = K::kInteger, .default_text = "1",
               .description = "courts: an early court is worth this many", .access = field<&Ruleset::early_court>(),
               .lo = 0, .hi = 1000},
    OptionSpec{.path = "scoring.all_tricks", .kind = K::kInteger, .default_text = "52",
               .description = "courts: all the tricks after an early court played on, instead of it",
               .access = field<&Ruleset::all_tricks_courts>(), .lo = 0, .hi = 1000},
    OptionSpec{.path = "scoring.early_court_side", .kind = K::kEnum, .default_text = "any",
               .description = "courts: which side can score an early court: either, or the trump caller's only",
               .access = field<&Ruleset::early_court_side>(), .values = kEarlyCourtSide,
               .detail = "`trump_caller`: a 7-0 start by the other side is an ordinary lead (a public Court Piece "
                         "program plays so)."},
    OptionSpec{.path = "scoring.streak_length", .kind = K::kInteger, .default_text = "7",
               .description = "courts: hands won in a row that score a court",
               .access = field<&Ruleset::streak_length>(), .lo = 1, .hi = 1000},
    OptionSpec{.path = "scoring.streak_courts", .kind = K::kInteger, .default_text = "1",
               .description = "courts: what a streak is worth", .access = field<&Ruleset::streak_courts>(), .lo = 0,
               .hi = 1000},
    OptionSpec{.path = "scoring.early_court_in_streak", .kind = K::kBoolean, .default_text = "true",
               .description = "courts: a hand won with an early court or a forfeit counts in the streak",
               .access = field<&Ruleset::early_court_in_streak>(), .values = kBoolean},
    OptionSpec{.path = "scoring.revoke_court", .kind = K::kInteger, .default_text = "1",
               .description = "courts: what a revoke forfeit gives the opponents",
               .access = field<&Ruleset::revoke_court>(), .lo = 0, .hi = 1000},
    OptionSpec{.path = "game.end", .kind = K::kCustom, .default_text = "{target: 20}",
               .description = "the game ends after the first hand in which a score reaches N; null: the hands "
                              "recorded",
               .custom = &kGameEnd,
               .detail = "With `target: null` a game never finishes: no winner, the running score. "
                         "`plucks_against: N`: a player's plucks against are the tricks they were short, summed "
                         "over the game's hands; the game ends after the first hand in which some player's reach "
                         "N; the best running score wins. `tricks_in_hand: N`: the game ends after the first hand "
                         "in which a player takes N or more tricks; that player wins."},
    OptionSpec{.path = "game.tie", .kind = K::kEnum, .default_text = "continue",
               .description = "a tie at the top: play on until one player leads, or joint winners",
               .access = field<&Ruleset::tie>(), .values = kTieRules,
               .detail = "Under `continue` the game ends when one player alone has the top score at or above the "
                         "target; under `share` it ends at the first hand whose top score reaches the target, and "
                         "all tied at the top win."},
    OptionSpec{.path = "penalty.revoke", .kind = K::kEnum, .default_text = "none",
               .description = "what a revoke costs: nothing beyond the report, or the hand (Court Piece)", .access = field<&Ruleset::revoke_penalty>(),
               .values = kRevokePenalties},
    OptionSpec{.path = "penalty.revoke_when", .kind = K::kEnum, .default_text = "proven",
               .description = "forfeit_hand: wherever the record proves a revoke, or only where a claim is recorded",
               .access = field<&Ruleset::revoke_when>(), .values = kRevokeWhen},
};

// Every group, in the order of its first option in the table (a test checks).
constexpr std::array kGroups = {
    OptionGroup{"deck", "the deck: the standard 52 cards, minus `remove`, plus `jokers`"},
    OptionGroup{"deal", "the deal: every card of the deck is dealt"},
    OptionGroup{"rotation_court", "who deals next under `rotation: by_result` (Court Piece)"},
    OptionGroup{"bidding", "the auction, where a hand has a bidder (Call Deuces)"},
    OptionGroup{"trump", "how trump is named"},
    OptionGroup{"kitty", "what happens to the kitty (when `deal.kitty` > 0)"},
    OptionGroup{"partner", "the bidder's partner for a hand (Call Deuces)"},
    OptionGroup{"exchange", "the exchange (plucks) made from the previous hand's over/short deltas"},
    OptionGroup{"play", "the rules of play"},
    OptionGroup{"hand", "how a hand ends before its tricks run out (Court Piece)"},
    OptionGroup{"scoring", "how a hand is scored"},
    OptionGroup{"game", "when the game ends and who wins"},
    OptionGroup{"penalty", "penalties"},
};

constexpr std::array kMetaKeys = {
    OptionGroup{"name",
                "the ruleset's name, one word of letters, digits, '-', '_', '.' or '+' (at most 64 characters, "
                "starting with a letter or digit); defaults to the file name without extension"},
    OptionGroup{"description", "what the ruleset is, in a line"},
    OptionGroup{"extends", "a built-in ruleset name or a path to start from; this file overrides only what it names"},
};

std::pair<std::string_view, std::string_view> split_path(std::string_view path) {
  const auto dot = path.find('.');
  return dot == std::string_view::npos ? std::pair{std::string_view(), path}
                                       : std::pair{path.substr(0, dot), path.substr(dot + 1)};
}

void read_integer(OptionReader& in, Ruleset& r) {
  const OptionSpec& spec = in.spec();
  if (auto v = in.integer(in.value(), spec.lo, spec.hi, fmt::format("`{}`", spec.path))) {
    if (!spec.only.empty() && std::find(spec.only.begin(), spec.only.end(), *v) == spec.only.end()) {
      std::vector<std::string> only;
      for (int n : spec.only) {
        only.push_back(std::to_string(n));
      }
      in.error(in.value(), fmt::format("`{}` is {} ({})", spec.path, join_list(only, " or "), spec.only_why));
      return;
    }
    spec.access.set(r, *v);
  }
}

void read_choice(OptionReader& in, Ruleset& r) {
  const OptionSpec& spec = in.spec();
  const Node v = in.value();
  for (const auto& value : spec.values) {
    if (matches(v, value.name)) {
      spec.access.set(r, value.value);
      in.refuse(v, value.name, value.refusal);
      return;
    }
  }
  if (spec.kind == OptionKind::kBoolean) {
    in.error(v, fmt::format("`{}` must be true or false, not {}", spec.path, OptionReader::describe(v)));
    return;
  }
  std::vector<std::string_view> names;
  for (const auto& value : spec.values) {
    names.push_back(value.name);
  }
  const std::string hint = v.is_scalar() ? suggest(v.scalar(), names) : std::string();
  in.error(v, fmt::format("`{}` must be one of {}, not {}{}", spec.path, fmt::join(names, ", "),
                          OptionReader::describe(v), hint.empty() ? "" : fmt::format(" (did you mean '{}'?)", hint)));
}

Json option_schema(const OptionSpec& spec, const Node default_value) {
  std::string description(spec.description);
  if (const auto refused = refused_values(spec); !refused.empty()) {
    std::vector<std::string> parts;
    for (const auto& [value, why] : refused) {
      parts.push_back(fmt::format("{} ({})", value, why));
    }
    description += fmt::format("; not supported yet: {}", fmt::join(parts, ", "));
  }
  Json o{{"description", description}};
  switch (spec.kind) {
    case OptionKind::kInteger:
      o["type"] = "integer";
      if (!spec.only.empty()) {
        o["enum"] = Json(std::vector<int>(spec.only.begin(), spec.only.end()));
      } else {
        o["minimum"] = spec.lo;
        o["maximum"] = spec.hi;
      }
      break;
    case OptionKind::kBoolean:
      o["type"] = "boolean";
      break;
    case OptionKind::kEnum: {
      Json names = Json::array();
      bool booleans = false;
      for (const auto& value : spec.values) {
        names.push_back(value_json(value.name));
        booleans = booleans || is_boolean_name(value.name);
      }
      o["type"] = booleans ? Json::array({"boolean", "string"}) : Json("string");
      o["enum"] = names;
      break;
    }
    case OptionKind::kCustom: {
      const Json custom = spec.custom->schema();
      for (const auto& item : custom.items()) {
        o[item.key()] = item.value();
      }
      break;
    }
  }
  if (spec.follows.empty()) {
    o["default"] = yaml_json(default_value);
  }
  return o;
}

// One YAML map of every option at its default, `path: default` in table order.
void read_defaults(Document& doc, std::vector<std::string>* problems) {
  std::string text;
  for (const auto& spec : kOptions) {
    text += fmt::format("{}: {}\n", spec.path, spec.default_text);
  }
  DiagnosticSink sink;
  YamlReader reader(text, Limits{});
  if (!reader.next(doc, sink) || !doc.root().is_map() || doc.root().size() != kOptions.size()) {
    if (problems != nullptr) {
      problems->push_back("the defaults do not read as one YAML map of every option");
    }
    doc = Document{};
  }
}

}  // namespace

std::string refusal_message(std::string_view path, std::string_view value, const Refusal& refusal) {
  if (refusal.game.empty()) {
    return fmt::format("`{}: {}` is not supported yet (it belongs to a later ruleset)", path, value);
  }
  return fmt::format("`{}: {}` comes with the {} rulesets; it is not supported yet", path, value, refusal.game);
}

std::span<const OptionSpec> ruleset_options() { return kOptions; }

const OptionSpec* find_option(std::string_view path) {
  const auto it = std::find_if(kOptions.begin(), kOptions.end(), [&](const OptionSpec& o) { return o.path == path; });
  return it == kOptions.end() ? nullptr : &*it;
}

std::span<const OptionGroup> ruleset_option_groups() { return kGroups; }
std::span<const OptionGroup> ruleset_meta_keys() { return kMetaKeys; }

std::vector<std::string_view> quota_roles(int players) {
  switch (players) {
    case 2:
      return {kRoles[0].name, kRoles[1].name};
    case 3:
      return {kRoles[0].name, kRoles[1].name, kRoles[3].name};
    case 4:
      return {kRoles[0].name, kRoles[1].name, kRoles[2].name, kRoles[3].name};
    case 5:
      return {kRoles[0].name, kRoles[1].name, kRoles[4].name, kRoles[5].name, kRoles[3].name};
    default:
      return {};
  }
}

std::string option_values_text(const OptionSpec& spec) {
  switch (spec.kind) {
    case OptionKind::kInteger:
      if (!spec.only.empty()) {
        std::vector<std::string> only;
        for (int n : spec.only) {
          only.push_back(std::to_string(n));
        }
        return fmt::format("{}", fmt::join(only, " | "));
      }
      return fmt::format("a whole number from {} to {}", spec.lo, spec.hi);
    case OptionKind::kBoolean:
    case OptionKind::kEnum: {
      std::vector<std::string_view> names;
      for (const auto& v : spec.values) {
        names.push_back(v.name);
      }
      return fmt::format("{}", fmt::join(names, " | "));
    }
    case OptionKind::kCustom:
      return std::string(spec.custom->values);
  }
  return {};
}

std::vector<std::pair<std::string, std::string>> refused_values(const OptionSpec& spec) {
  std::vector<std::pair<std::string, std::string>> out;
  for (const auto& v : spec.values) {
    if (v.refusal.refused) {
      out.emplace_back(std::string(v.name), refusal_reason(v.refusal));
    }
  }
  if (spec.custom != nullptr && spec.custom->refused != nullptr) {
    for (auto& r : spec.custom->refused()) {
      out.push_back(std::move(r));
    }
  }
  return out;
}

bool parse_option(const OptionSpec& spec, const OptionSource& src, Ruleset& r) {
  OptionReader in(spec, src);
  switch (spec.kind) {
    case OptionKind::kInteger:
      read_integer(in, r);
      break;
    case OptionKind::kBoolean:
    case OptionKind::kEnum:
      read_choice(in, r);
      break;
    case OptionKind::kCustom:
      spec.custom->parse(in, r);
      break;
  }
  return in.errors() == 0;
}

std::string print_option(const OptionSpec& spec, const Ruleset& r) {
  switch (spec.kind) {
    case OptionKind::kInteger:
      return std::to_string(spec.access.get(r));
    case OptionKind::kBoolean:
    case OptionKind::kEnum: {
      const int value = spec.access.get(r);
      for (const auto& v : spec.values) {
        if (v.value == value) {
          return std::string(v.name);
        }
      }
      return "null";  // a value the table does not name: the loader never makes one
    }
    case OptionKind::kCustom:
      return spec.custom->print(r);
  }
  return "null";
}

std::vector<std::pair<std::string, std::string>> option_values(const Ruleset& r) {
  std::vector<std::pair<std::string, std::string>> out;
  out.reserve(kOptions.size());
  for (const auto& spec : kOptions) {
    out.emplace_back(std::string(spec.path), print_option(spec, r));
  }
  return out;
}

namespace {

Ruleset read_default_ruleset(std::vector<std::string>* problems) {
  Document doc;
  read_defaults(doc, problems);
  Ruleset r;
  if (doc.empty()) {
    return r;
  }
  const Node root = doc.root();
  for (std::uint32_t i = 0; i < kOptions.size(); ++i) {
    const OptionSpec& spec = kOptions[i];
    OptionSource src{root.key(i), root.value(i),
                     [&](Node, std::string message) {
                       if (problems != nullptr) {
                         problems->push_back(fmt::format("{}: {}", spec.path, message));
                       }
                     },
                     {}};
    (void)parse_option(spec, src, r);
  }
  return r;
}

}  // namespace

Ruleset default_ruleset(std::vector<std::string>* problems) {
  if (problems != nullptr) {
    return read_default_ruleset(problems);  // read afresh, so its problems are seen
  }
  // Every ruleset without `extends` starts here: read the table's defaults once.
  static const Ruleset defaults = read_default_ruleset(nullptr);
  return defaults;
}

std::string ruleset_schema() {
  Document doc;
  read_defaults(doc, nullptr);
  Json props = Json::object();
  for (const auto& m : kMetaKeys) {
    Json o{{"description", std::string(m.description)}, {"type", "string"}};
    if (m.name == "name") {
      o["pattern"] = "^[A-Za-z0-9][A-Za-z0-9._+-]{0,63}$";
    } else if (m.name == "extends") {
      o["minLength"] = 1;
    }
    props[std::string(m.name)] = o;
  }
  for (std::size_t i = 0; i < kOptions.size(); ++i) {
    const OptionSpec& spec = kOptions[i];
    const Node default_value = doc.empty() ? Node() : doc.root().value(static_cast<std::uint32_t>(i));
    const auto [group, key] = split_path(spec.path);
    Json o = option_schema(spec, default_value);
    if (group.empty()) {
      props[std::string(key)] = o;
      continue;
    }
    const std::string g(group);
    if (!props.contains(g)) {
      const auto it = std::find_if(kGroups.begin(), kGroups.end(), [&](const OptionGroup& x) { return x.name == g; });
      assert(it != kGroups.end());
      props[g] = Json{{"description", it != kGroups.end() ? std::string(it->description) : std::string()},
                      {"type", "object"},
                      {"properties", Json::object()},
                      {"additionalProperties", false}};
    }
    props[g]["properties"][std::string(key)] = o;
  }
  Json roles = Json::object();
  for (const auto& role : kRoles) {
    roles[std::string(role.name)] = Json{
        {"description", std::string(role.description)}, {"type", "integer"}, {"minimum", 0}, {"maximum", kMostTricks}};
  }
  Json schema{
      {"$schema", "http://json-schema.org/draft-07/schema#"},
      {"$id", "https://trickref.example/schemas/ruleset.schema.json"},
      {"title", "trickref ruleset"},
      {"description",
       "A ruleset file (spec/rules.md §3), generated from the option table (src/ruleset/options.cpp) by "
       "`trickref schema ruleset`. The engine reads every number and choice from here. `extends: NAME` starts "
       "from another ruleset and overrides only what this file names: maps merge key by key; lists and scalars, "
       "and `quotas`, `quotas_first_hand`, `play.first_lead` and `game.end`, are replaced whole. A file without "
       "`extends` starts from each option's default (Pluck's values)."},
      {"type", "object"},
      {"properties", props},
      {"additionalProperties", false},
      {"definitions",
       Json{{"card",
             Json{{"description",
                   "A card token (rules.md §1): rank then suit, e.g. 10H, QS, 2C. Ranks 2-9, 10 (or T), J, Q, K, A; "
                   "suits C D H S or the symbols ♣ ♦ ♥ ♠ (or ♧ ♢ ♡ ♤); lower case accepted. Jokers: BJ (big "
                   "joker) and LJ (little joker)."},
                  {"type", "string"},
                  {"pattern", "^(?:(?:[2-9]|10|[TtJjQqKkAa])(?:[CcDdHhSs]|♣|♦|♥|♠|♧|♢|♡|♤)|[BbLl][Jj])$"}}},
            {"quotas", Json{{"description",
                             "tricks each seat must take, by role relative to the dealer; the quotas sum to the "
                             "number of tricks"},
                            {"type", "object"},
                            {"properties", roles},
                            {"additionalProperties", false}}}}},
  };
  return schema.dump(2) + "\n";
}

}  // namespace trickref
