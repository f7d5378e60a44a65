// The option table (src/ruleset/options.h) drives reading, printing, the
// refusals, `explain` and the ruleset JSON Schema: each test here walks the
// table, so an option or a value added to it is covered without a new test.
#include "ruleset/options.h"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <string>

#include "support/test_support.h"

namespace trickref {

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
            "Default: before_trump\n"
            "Not supported yet: after_kitty (a later ruleset)\n");
  const auto chooser = test::run_cli({"explain", "trump.chooser"});
  EXPECT_NE(chooser.out.find("Values: dealer | left_of_dealer | bidder | any\n"), std::string::npos) << chooser.out;
  EXPECT_NE(chooser.out.find("Not supported yet: bidder (comes with the Call Deuces rulesets), any (a later "
                             "ruleset)\n"),
            std::string::npos)
      << chooser.out;
  EXPECT_NE(chooser.out.find("Diagnostic codes it changes: trump-missing\n"), std::string::npos) << chooser.out;
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

}  // namespace trickref
