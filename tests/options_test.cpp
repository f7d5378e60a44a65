// The option table (src/ruleset/options.h) drives reading, printing, the
// refusals, `explain` and the ruleset JSON Schema: each test here walks the
// table, so an option or a value added to it is covered without a new test.
#include "ruleset/options.h"

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

}  // namespace trickref
