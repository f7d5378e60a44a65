// The ruleset options (rules.md §3), each declared once, in one table: its
// key, its kind and the values it takes, its default (Pluck's value), the
// line `rules show` prints and the text `explain` adds, the values the
// engine does not play yet, and the Ruleset field it sets. One routine reads
// any option (parse_option), one prints any (option_values), and the ruleset
// JSON Schema (ruleset_schema) is generated from the same table, so adding an
// option or a value is one entry. Cross-option checks (the numbers that must
// agree) are the loader's, after every option has been read.
#pragma once

#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "ruleset/ruleset.h"
#include "yaml/tree.h"

namespace trickref {

// A value that reads but that the engine does not play yet: a ruleset that
// sets it is refused at load time with a `ruleset` error. Lifting a refusal
// is deleting its token (kLater, kCallDeuces, kCourtPiece) from the value's
// entry in the table.
struct Refusal {
  bool refused = false;
  std::string_view game;  // the rulesets that bring it; empty: a later ruleset
};
inline constexpr Refusal kLater{true, {}};
inline constexpr Refusal kCallDeuces{true, "Call Deuces"};
inline constexpr Refusal kCourtPiece{true, "Court Piece"};

// "`kitty.taken_by: bidder` comes with the Call Deuces rulesets; it is not supported yet", or for a
// value of a later ruleset "`scoring.kind: plucks` is not supported yet (it belongs to a later ruleset)".
[[nodiscard]] std::string refusal_message(std::string_view path, std::string_view value, const Refusal& refusal);

// One named value of a boolean or enum option. The names "true" and "false"
// are YAML booleans (true, True, TRUE; unquoted), as the schema has them.
struct OptionValue {
  template <class E>
  constexpr OptionValue(std::string_view value_name, E v, Refusal r = {})
      : name(value_name), value(static_cast<int>(v)), refusal(r) {}
  std::string_view name;
  int value;  // the field's value (an enum's, or 0/1)
  Refusal refusal;
};

// Reads and writes one int, bool or enum field of a Ruleset as an int.
struct FieldAccess {
  int (*get)(const Ruleset&) = nullptr;
  void (*set)(Ruleset&, int) = nullptr;
};
template <auto Member>
constexpr FieldAccess field() {
  using T = std::remove_cvref_t<decltype(std::declval<Ruleset&>().*Member)>;
  return {[](const Ruleset& r) { return static_cast<int>(r.*Member); },
          [](Ruleset& r, int v) { r.*Member = static_cast<T>(v); }};
}
// A field of a struct member of Ruleset (bidding.min: &Ruleset::bidding, &Bidding::min).
template <auto Outer, auto Member>
constexpr FieldAccess field() {
  using T = std::remove_cvref_t<decltype((std::declval<Ruleset&>().*Outer).*Member)>;
  return {[](const Ruleset& r) { return static_cast<int>((r.*Outer).*Member); },
          [](Ruleset& r, int v) { (r.*Outer).*Member = static_cast<T>(v); }};
}

enum class OptionKind : std::uint8_t {
  kInteger,  // a whole number in [lo, hi] (or one of `only`)
  kBoolean,  // true or false
  kEnum,     // one of `values`
  kCustom,   // its own reader, printer and schema (cards, quotas, first lead, game end)
};

struct CustomOption;  // options.cpp: the parse, print and schema functions of one complex option

struct OptionSpec {
  std::string_view path;         // "exchange.order": group and key; no dot for a top-level option
  OptionKind kind;
  std::string_view default_text;  // YAML, as `rules show` prints it: the value a ruleset without `extends` starts from
  std::string_view description;   // the line `rules show` prints after the value
  FieldAccess access{};           // kInteger, kBoolean, kEnum
  int lo = 0;                     // kInteger
  int hi = 0;
  std::span<const int> only{};    // kInteger: the only values allowed in [lo, hi] (deck.jokers: 0 or 2)
  std::string_view only_why{};    // why, for the message
  std::span<const OptionValue> values{};  // kBoolean, kEnum, in the order messages list them
  const CustomOption* custom = nullptr;   // kCustom
  std::string_view follows{};     // when no file sets it, it takes this option's value (kitty.discard: deal.kitty)
  std::string_view detail{};      // what `explain` adds to the description
};

// Every option a ruleset file may set, in the order `rules show` prints them.
[[nodiscard]] std::span<const OptionSpec> ruleset_options();
[[nodiscard]] const OptionSpec* find_option(std::string_view path);

// The groups whose keys merge one by one under `extends` (deck, deal, ...),
// in the order they first appear in the table, and what each holds.
struct OptionGroup {
  std::string_view name;
  std::string_view description;
};
[[nodiscard]] std::span<const OptionGroup> ruleset_option_groups();
// Keys that are not options: name, description, extends.
[[nodiscard]] std::span<const OptionGroup> ruleset_meta_keys();

// The seat roles a `quotas` map names for `players`, by offset from the
// dealer going left; empty for a player count the quotas cannot describe.
[[nodiscard]] std::vector<std::string_view> quota_roles(int players);

// How `explain` and the schema describe what an option takes:
// "most_first | least_first | highest_quota_first", "a whole number from 2 to 8".
[[nodiscard]] std::string option_values_text(const OptionSpec& spec);
// The values of an option that are refused, each with why:
// {"bidder", "comes with the Call Deuces rulesets"}, {"any", "a later ruleset"}.
[[nodiscard]] std::vector<std::pair<std::string, std::string>> refused_values(const OptionSpec& spec);

// One option's value as the loader found it, and where its problems go.
struct OptionSource {
  Node key;
  Node value;
  std::function<void(Node at, std::string message)> error;  // a located `ruleset` error
  // Whether another option's value is known: false when the `extends` chain
  // is broken and no file that loaded sets it (the quotas' roles depend on
  // `players`).
  std::function<bool(std::string_view path)> known;
  // A map merged key by key (scoring.card_points): the values of the
  // rulesets it extends, lowest first, which `value` is merged over.
  std::vector<Node> beneath = {};
};

// The one routine that reads an option: its kind's reader (or its custom
// one), then the refusal of a value the engine does not play yet. Every
// problem goes to `src.error`; returns false if there was one.
bool parse_option(const OptionSpec& spec, const OptionSource& src, Ruleset& r);
// The one routine that prints an option's resolved value, as YAML.
[[nodiscard]] std::string print_option(const OptionSpec& spec, const Ruleset& r);
// The resolved value of each option, as YAML text, in ruleset_options() order.
[[nodiscard]] std::vector<std::pair<std::string, std::string>> option_values(const Ruleset& r);

// Every option at its default: what a ruleset without `extends` starts from
// (Pluck's values). `problems` gets any default the table's own reader
// rejects (none: the tests check).
[[nodiscard]] Ruleset default_ruleset(std::vector<std::string>* problems = nullptr);

// The ruleset JSON Schema (draft 7), generated from the table; what
// `trickref schema ruleset` prints and schemas/ruleset.schema.json holds.
[[nodiscard]] std::string ruleset_schema();

}  // namespace trickref
