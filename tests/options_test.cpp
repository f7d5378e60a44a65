// The option table (src/ruleset/options.h) drives reading, printing, the
// refusals, `explain` and the ruleset JSON Schema: each test here walks the
// table, so an option or a value added to it is covered without a new test.
#include "ruleset/options.h"

#include <fmt/format.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "ruleset/ruleset_loader.h"
#include "support/test_support.h"

namespace trickref {
namespace {

// One option read from the YAML text `value` into `r`, by the table's one reader.
struct Read {
  Ruleset r;
  std::vector<std::string> errors;
};

Read read_option(const OptionSpec& spec, const std::string& value, Ruleset r = default_ruleset()) {
  Read out{std::move(r), {}};
  Document doc;
  DiagnosticSink sink;
  const std::string text = "v: " + value + "\n";  // the reader and the tree keep views of it
  YamlReader reader(text, Limits{});
  if (!reader.next(doc, sink) || !doc.root().is_map()) {
    ADD_FAILURE() << spec.path << ": '" << value << "' is not YAML";
    return out;
  }
  const OptionSource src{doc.root().key(0), doc.root().value(0),
                         [&](Node, std::string message) { out.errors.push_back(std::move(message)); },
                         {}};
  const bool ok = parse_option(spec, src, out.r);
  EXPECT_EQ(ok, out.errors.empty()) << spec.path << ": " << value;
  return out;
}

// A ruleset file setting `path` to `value` (nested under its group).
std::string yaml_setting(std::string_view path, const std::string& value) {
  const auto dot = path.find('.');
  if (dot == std::string_view::npos) {
    return fmt::format("{}: {}\n", path, value);
  }
  return fmt::format("{}:\n  {}: {}\n", path.substr(0, dot), path.substr(dot + 1), value);
}

// A fresh directory under the system temp directory, removed with its files.
class OptionsTempDir {
 public:
  OptionsTempDir() {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    path_ = std::filesystem::temp_directory_path() /
            fmt::format("trickref-options-{}-{}", ::getpid(), info != nullptr ? info->name() : "x");
    std::filesystem::remove_all(path_);
    std::filesystem::create_directories(path_);
  }
  ~OptionsTempDir() {
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
  }
  OptionsTempDir(const OptionsTempDir&) = delete;
  OptionsTempDir& operator=(const OptionsTempDir&) = delete;
  std::string write(const std::string& name, const std::string& text) const {
    const auto p = path_ / name;
    std::ofstream(p, std::ios::binary) << text;
    return p.string();
  }

 private:
  std::filesystem::path path_;
};

std::vector<std::string> messages(const std::vector<Diagnostic>& diags) {
  std::vector<std::string> out;
  for (const auto& d : diags) {
    out.push_back(d.message);
  }
  return out;
}

// Sample values of the options with their own reader, each printed back as written.
const std::map<std::string, std::vector<std::string>>& custom_samples() {
  static const std::map<std::string, std::vector<std::string>> samples = {
      {"deck.remove", {"[]", "[2D, 2H]", "[2D, 2H, 2S]"}},
      {"quotas", {"{dealer: 7, left: 6, right: 4}", "{dealer: 8, left: 5, right: 4}", "null"}},
      {"kitty.discard_forbid", {"[]", "[5C, BJ]", "[jokers, trumps, points]", "[AS, points]"}},
      {"partner.card", {"{rank: 2, suit: trump}", "{rank: 10, suit: H}", "{rank: A, suit: S}"}},
      {"scoring.card_points", {"{}", "{5C: 5, 5D: 5, 5H: 5, 5S: 5}", "{10H: 10, AS: -3}"}},
      {"quotas_first_hand", {"null", "{dealer: 9, left: 4, right: 4}"}},
      {"play.first_lead", {"{card: 2C}", "{card: 3S}", "left_of_dealer", "trump_chooser", "bidder"}},
      {"game.end", {"{target: 20}", "{target: 15}", "{target: null}", "{plucks_against: 10}", "{tricks_in_hand: 12}"}},
  };
  return samples;
}

}  // namespace

// Every option's default prints as the table declares it and reads back to the same value.
TEST(OptionTable, EveryDefaultPrintsAsDeclaredAndReadsBack) {
  std::vector<std::string> problems;
  const Ruleset defaults = default_ruleset(&problems);
  EXPECT_EQ(problems, std::vector<std::string>{});
  for (const auto& spec : ruleset_options()) {
    const std::string printed = print_option(spec, defaults);
    EXPECT_EQ(printed, spec.default_text) << spec.path;
    if (!spec.follows.empty()) {
      const OptionSpec* from = find_option(spec.follows);
      ASSERT_NE(from, nullptr) << spec.path << " follows an option the table lacks";
      EXPECT_EQ(printed, print_option(*from, defaults)) << spec.path << " defaults to " << spec.follows;
    }
    // Read into a Ruleset holding every other value but this one's default.
    Ruleset blank;
    const Read back = read_option(spec, printed, blank);
    EXPECT_EQ(back.errors, std::vector<std::string>{}) << spec.path;
    EXPECT_EQ(print_option(spec, back.r), printed) << spec.path;
  }
}

// A ruleset without `extends` starts from the defaults, and the defaults are Pluck's values.
TEST(OptionTable, TheDefaultsArePluck) {
  RulesetCatalog catalog;
  const auto pluck = catalog.resolve("pluck").ruleset;
  ASSERT_TRUE(pluck);
  EXPECT_EQ(option_values(default_ruleset()), option_values(*pluck));
  OptionsTempDir dir;
  // Each option set alone to its default: the same ruleset as no option at all.
  for (const auto& spec : ruleset_options()) {
    const std::string path =
        dir.write("one.yaml", "name: one\n" + yaml_setting(spec.path, print_option(spec, default_ruleset())));
    RulesetCatalog fresh;
    const auto& res = fresh.resolve(path);
    ASSERT_TRUE(res.ruleset) << spec.path << ": " << ::testing::PrintToString(messages(res.diagnostics));
    EXPECT_EQ(option_values(*res.ruleset), option_values(*pluck)) << spec.path;
  }
}

// Every value of every boolean and enum option reads and prints back; a refused one is refused by its flag
// alone, with the refusal message, and still reads as its value.
TEST(OptionTable, EveryValueOfEveryChoiceReadsAndPrintsBack) {
  int refused = 0;
  for (const auto& spec : ruleset_options()) {
    if (spec.kind != OptionKind::kBoolean && spec.kind != OptionKind::kEnum) {
      continue;
    }
    ASSERT_FALSE(spec.values.empty()) << spec.path;
    for (const auto& value : spec.values) {
      const Read got = read_option(spec, std::string(value.name));
      EXPECT_EQ(print_option(spec, got.r), value.name) << spec.path;
      EXPECT_EQ(spec.access.get(got.r), value.value) << spec.path << ": " << value.name;
      if (value.refusal.refused) {
        ++refused;
        EXPECT_EQ(got.errors, std::vector<std::string>{refusal_message(spec.path, value.name, value.refusal)})
            << spec.path << ": " << value.name;
        // Lifting the refusal (the value without its token) makes the value read cleanly.
        std::vector<OptionValue> lifted(spec.values.begin(), spec.values.end());
        for (auto& v : lifted) {
          if (v.name == value.name) {
            v.refusal = Refusal{};
          }
        }
        OptionSpec lifted_spec = spec;
        lifted_spec.values = lifted;
        EXPECT_EQ(read_option(lifted_spec, std::string(value.name)).errors, std::vector<std::string>{})
            << spec.path << ": " << value.name;
      } else {
        EXPECT_EQ(got.errors, std::vector<std::string>{}) << spec.path << ": " << value.name;
      }
    }
  }
  EXPECT_EQ(refused, 0) << "every value of rules.md §3 loads";
}

// The options with their own reader: every one has samples here, and each reads and prints back.
TEST(OptionTable, EveryCustomOptionReadsAndPrintsBack) {
  for (const auto& spec : ruleset_options()) {
    if (spec.kind != OptionKind::kCustom) {
      continue;
    }
    const auto it = custom_samples().find(std::string(spec.path));
    ASSERT_NE(it, custom_samples().end()) << spec.path << " has no samples in this test";
    for (const auto& sample : it->second) {
      const Read got = read_option(spec, sample);
      EXPECT_EQ(print_option(spec, got.r), sample) << spec.path;
      const auto refused = refused_values(spec);
      const bool is_refused = std::any_of(refused.begin(), refused.end(), [&](const auto& r) {
        return sample.rfind(r.first.substr(0, r.first.find(':')), 0) == 0;
      });
      EXPECT_EQ(got.errors.empty(), !is_refused) << spec.path << ": " << sample << ": "
                                                 << ::testing::PrintToString(got.errors);
    }
  }
}

// Integers: both ends of the range read; one past either end, a word, a quoted number and a value outside
// `only` do not.
TEST(OptionTable, EveryIntegerOptionChecksItsRange) {
  for (const auto& spec : ruleset_options()) {
    if (spec.kind != OptionKind::kInteger) {
      continue;
    }
    const std::string name = fmt::format("`{}`", spec.path);
    for (int n : {spec.lo, spec.hi}) {
      const Read got = read_option(spec, std::to_string(n));
      const bool allowed = spec.only.empty() || std::find(spec.only.begin(), spec.only.end(), n) != spec.only.end();
      EXPECT_EQ(got.errors.empty(), allowed) << spec.path << ": " << n;
      if (allowed) {
        EXPECT_EQ(spec.access.get(got.r), n) << spec.path;
      }
    }
    EXPECT_EQ(read_option(spec, std::to_string(spec.hi + 1)).errors,
              std::vector<std::string>{fmt::format("{} must be between {} and {}, not {}", name, spec.lo, spec.hi,
                                                   spec.hi + 1)});
    EXPECT_EQ(read_option(spec, std::to_string(spec.lo - 1)).errors,
              std::vector<std::string>{fmt::format("{} must be between {} and {}, not {}", name, spec.lo, spec.hi,
                                                   spec.lo - 1)});
    EXPECT_EQ(read_option(spec, "\"3\"").errors,
              std::vector<std::string>{fmt::format("{} must be a whole number, not '3'", name)});
  }
  const OptionSpec* jokers = find_option("deck.jokers");
  ASSERT_NE(jokers, nullptr);
  EXPECT_EQ(read_option(*jokers, "1").errors,
            std::vector<std::string>{"`deck.jokers` is 0 or 2 (a big and a little joker)"});
}

// The house-rule values of rules.md §3, and the values the auction and partnership games bring (bidder,
// forfeit_hand), read into their Ruleset fields and load cleanly: the loader refuses no value rules.md lists.
TEST(OptionTable, HouseRuleAndLaterGameValuesRead) {
  struct Case {
    std::string path;
    std::string value;
    std::string message;  // empty: it loads
  };
  const std::vector<Case> cases = {
      {"trump.chooser", "any", ""},
      {"kitty.taken_by", "nobody", ""},
      {"exchange.when", "after_kitty", ""},
      {"exchange.tie_start", "previous_dealer", ""},
      {"exchange.distinct_suits", "while_both_hold", ""},
      {"scoring.kind", "plucks", ""},
      {"scoring.kind", "tricks", ""},
      {"game.end", "{plucks_against: 10}", ""},
      {"game.end", "{tricks_in_hand: 12}", ""},
      {"play.must_trump_if_void", "true", ""},
      {"play.must_overtrump", "true", ""},
      {"trump.chooser", "bidder", ""},
      {"kitty.taken_by", "bidder", ""},
      {"penalty.revoke", "forfeit_hand", ""},
  };
  OptionsTempDir dir;
  for (const auto& c : cases) {
    const OptionSpec* spec = find_option(c.path);
    ASSERT_NE(spec, nullptr) << c.path;
    const Read got = read_option(*spec, c.value);
    const std::vector<std::string> want = c.message.empty() ? std::vector<std::string>{}
                                                             : std::vector<std::string>{c.message};
    EXPECT_EQ(got.errors, want);
    EXPECT_EQ(print_option(*spec, got.r), c.value) << "read as its value, refused only by the flag";
    // Through the loader and `rules check`: clean (exit 0), or one located error (exit 1).
    const std::string file = dir.write("house.yaml", "extends: pluck\n" + yaml_setting(c.path, c.value));
    RulesetCatalog catalog;
    const auto& res = catalog.resolve(file);
    EXPECT_EQ(res.ruleset != nullptr, c.message.empty()) << c.path << ": " << c.value;
    EXPECT_EQ(messages(res.diagnostics), want);
    const auto check = test::run_cli({"rules", "check", file});
    EXPECT_EQ(check.exit_code, c.message.empty() ? 0 : 1) << check.out;
    if (!c.message.empty()) {
      EXPECT_NE(check.out.find(c.message + " [ruleset]"), std::string::npos) << check.out;
    }
  }
  // The fields the engine will read.
  const auto field_of = [](const char* path, const char* value) { return read_option(*find_option(path), value).r; };
  EXPECT_EQ(field_of("trump.chooser", "any").trump_chooser, TrumpChooser::kAny);
  EXPECT_EQ(field_of("kitty.taken_by", "nobody").kitty_taken_by, KittyTaker::kNobody);
  EXPECT_EQ(field_of("exchange.when", "after_kitty").exchange_when, ExchangeWhen::kAfterKitty);
  EXPECT_EQ(field_of("exchange.tie_start", "previous_dealer").tie_start, TieStart::kPreviousDealer);
  EXPECT_EQ(field_of("exchange.distinct_suits", "while_both_hold").distinct_suits, DistinctSuits::kWhileBothHold);
  EXPECT_EQ(field_of("exchange.distinct_suits", "True").distinct_suits, DistinctSuits::kYes);
  EXPECT_EQ(field_of("scoring.kind", "tricks").scoring, ScoringKind::kTricks);
  EXPECT_TRUE(field_of("play.must_trump_if_void", "true").must_trump_if_void);
  EXPECT_TRUE(field_of("play.must_overtrump", "true").must_overtrump);
  const Ruleset plucks = field_of("game.end", "{plucks_against: 10}");
  EXPECT_EQ(plucks.end, GameEnd::kPlucksAgainst);
  EXPECT_EQ(plucks.end_value, 10);
  const Ruleset tricks = field_of("game.end", "{tricks_in_hand: 12}");
  EXPECT_EQ(tricks.end, GameEnd::kTricksInHand);
  EXPECT_EQ(tricks.end_value, 12);
  // The new options' defaults are accepted and shown.
  const std::string ok =
      dir.write("ok.yaml", "extends: pluck\nexchange:\n  when: before_trump\n  tie_start: new_dealer\n");
  RulesetCatalog catalog;
  ASSERT_TRUE(catalog.resolve(ok).ruleset) << ::testing::PrintToString(messages(catalog.resolve(ok).diagnostics));
  const auto show = test::run_cli({"rules", "show", ok});
  EXPECT_NE(show.out.find("\n  when: before_trump "), std::string::npos) << show.out;
  EXPECT_NE(show.out.find("\n  tie_start: new_dealer "), std::string::npos) << show.out;
}

// A description that says "(X, Y: later)" names only values the table refuses: lifting a refusal without
// updating the line `rules show` prints fails here.
TEST(OptionTable, DescriptionsCallLaterOnlyTheRefusedValues) {
  for (const auto& spec : ruleset_options()) {
    const auto refused = refused_values(spec);
    std::set<std::string> refused_names;
    for (const auto& [value, why] : refused) {
      refused_names.insert(value);
    }
    const std::string_view d = spec.description;
    if (d.ends_with("(later)")) {
      EXPECT_FALSE(refused.empty()) << spec.path << " says (later) but refuses nothing";
      continue;
    }
    if (!d.ends_with(": later)")) {
      continue;
    }
    const auto open = d.rfind('(');
    const std::string_view list = d.substr(open + 1, d.size() - open - 1 - std::string_view(": later)").size());
    std::size_t start = 0;
    while (start <= list.size()) {
      const auto comma = list.find(", ", start);
      const auto length = comma == std::string_view::npos ? std::string_view::npos : comma - start;
      const std::string name(list.substr(start, length));
      EXPECT_EQ(refused_names.count(name), 1U) << spec.path << " calls " << name << " later but accepts it";
      if (comma == std::string_view::npos) {
        break;
      }
      start = comma + 2;
    }
  }
}

// The groups table holds every group of the options, in the order they first appear.
TEST(OptionTable, GroupsFollowTheOptions) {
  std::vector<std::string_view> from_options;
  for (const auto& spec : ruleset_options()) {
    const auto dot = spec.path.find('.');
    if (dot != std::string_view::npos &&
        std::find(from_options.begin(), from_options.end(), spec.path.substr(0, dot)) == from_options.end()) {
      from_options.push_back(spec.path.substr(0, dot));
    }
    EXPECT_EQ(find_option(spec.path), &spec);
    EXPECT_FALSE(spec.description.empty()) << spec.path;
  }
  std::vector<std::string_view> groups;
  for (const auto& g : ruleset_option_groups()) {
    groups.push_back(g.name);
    EXPECT_FALSE(g.description.empty()) << g.name;
  }
  EXPECT_EQ(groups, from_options);
}

// schemas/ruleset.schema.json is what `trickref schema ruleset` prints, generated from the table.
TEST(OptionTable, TheSchemaFileIsWhatTheCommandPrints) {
  const auto r = test::run_cli({"schema", "ruleset"});
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out, ruleset_schema());
  EXPECT_EQ(test::read_source_file("schemas/ruleset.schema.json"), r.out)
      << "regenerate it: build/src/trickref schema ruleset > schemas/ruleset.schema.json";
  // Every option and every value is in it.
  for (const auto& spec : ruleset_options()) {
    const auto dot = spec.path.find('.');
    const std::string key(dot == std::string_view::npos ? spec.path : spec.path.substr(dot + 1));
    EXPECT_NE(r.out.find("\"" + key + "\": {"), std::string::npos) << spec.path;
    for (const auto& value : spec.values) {
      const bool boolean = value.name == "true" || value.name == "false";
      EXPECT_NE(r.out.find(boolean ? std::string(value.name) : "\"" + std::string(value.name) + "\""),
                std::string::npos)
          << spec.path << ": " << value.name;
    }
  }
}

// `explain OPTION` shows the table's text, values, default and refusals; every option can be explained; the
// options the code catalogue names are options of the table.
TEST(OptionTable, ExplainShowsTheTable) {
  const auto e = test::run_cli({"explain", "exchange.when"});
  EXPECT_EQ(e.exit_code, 0);
  EXPECT_EQ(e.out,
            "exchange.when (ruleset option)\n"
            "  when the plucks are made: before trump is named, or after the kitty is taken\n\n"
            "`after_kitty`: some Sergeant Major groups exchange after the dealer's kitty swap.\n\n"
            "Values: before_trump | after_kitty\n"
            "Default: before_trump\n");
  const auto chooser = test::run_cli({"explain", "trump.chooser"});
  EXPECT_NE(chooser.out.find("Values: dealer | left_of_dealer | bidder | any\n"), std::string::npos) << chooser.out;
  EXPECT_EQ(chooser.out.find("Not supported yet"), std::string::npos) << chooser.out;

  EXPECT_NE(chooser.out.find("Diagnostic codes it changes: trump-missing, wrong-trump-caller\n"), std::string::npos) << chooser.out;
  const auto discard = test::run_cli({"explain", "kitty.discard"});
  EXPECT_NE(discard.out.find("Default: the value of deal.kitty\n"), std::string::npos) << discard.out;
  for (const auto& spec : ruleset_options()) {
    const auto r = test::run_cli({"explain", std::string(spec.path)});
    EXPECT_EQ(r.exit_code, 0) << spec.path;
    EXPECT_EQ(r.out.rfind(fmt::format("{} (ruleset option)\n  {}\n", spec.path, spec.description), 0), 0U) << r.out;
    EXPECT_NE(r.out.find("Values: " + option_values_text(spec) + "\n"), std::string::npos) << r.out;
  }
  const auto typo = test::run_cli({"explain", "exchange.ordr"});
  EXPECT_EQ(typo.exit_code, 2);
  EXPECT_EQ(typo.err, "trickref: error: unknown ruleset option 'exchange.ordr' (did you mean 'exchange.order'?); "
                      "`trickref rules show pluck` lists them all\n");
  for (const auto& c : code_catalogue()) {
    std::string_view rest = c.options;
    while (!rest.empty()) {
      const auto comma = rest.find(", ");
      const std::string_view name = rest.substr(0, comma);
      EXPECT_TRUE(find_option(name) != nullptr || name == "extends") << c.name << " names " << name;
      rest = comma == std::string_view::npos ? std::string_view() : rest.substr(comma + 2);
    }
  }
}

// The README's table of options names every option of the table.
TEST(OptionTable, TheReadmeListsEveryOption) {
  const std::string readme = test::read_source_file("README.md");
  for (const auto& spec : ruleset_options()) {
    EXPECT_NE(readme.find(fmt::format("`{}`", spec.path)), std::string::npos) << spec.path << " is not in README.md";
  }
}

}  // namespace trickref
