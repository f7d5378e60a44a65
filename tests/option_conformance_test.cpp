// Every option value of rules.md §3 that no built-in ruleset uses gets its
// own temporary ruleset here; seeded random legal games under it must
// referee clean at every level of detail, and the option must change play.
#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>

#include "engine/playout.h"
#include "ruleset/ruleset_loader.h"
#include "support/test_support.h"
#include "transcript/writer.h"

namespace trickref {
namespace {

struct Variant {
  std::string name;
  std::string yaml;
};

std::vector<Variant> variants() {
  return {
      {"order_highest_quota_first", "extends: pluck\nexchange:\n  order: highest_quota_first\n"},
      {"excluding_void_lost",
       "extends: pluck\nexchange:\n  return: highest_excluding_received\n  void: lost\n"},
      {"chooser_left_first_lead_chooser",
       "extends: nine-five-two\ntrump:\n  chooser: left_of_dealer\nplay:\n  first_lead: trump_chooser\n"},
      {"pluck_trump_any_from_hand_3", "extends: pluck\nplay:\n  trump_lead: any\nexchange:\n  from_hand: 3\n"},
      {"nfte_not_waivable_most_first_deal_right",
       "extends: nine-five-two\nexchange:\n  waivable: false\nrotation: right\nquotas: {dealer: 8, left: 5, right: 3}\n"},
      {"first_lead_card_3s", "extends: pluck\nplay:\n  first_lead: {card: 3S}\n"},
  };
}

class OptionConformance : public ::testing::TestWithParam<Variant> {};

TEST_P(OptionConformance, RandomGamesRefereeClean) {
  const auto dir = std::filesystem::temp_directory_path() / "trickref-option-conformance";
  std::filesystem::create_directories(dir);
  const auto path = (dir / (GetParam().name + ".yaml")).string();
  std::ofstream(path) << GetParam().yaml;
  RulesetCatalog catalog;
  const auto& res = catalog.resolve(path);
  ASSERT_TRUE(res.ruleset) << (res.diagnostics.empty() ? std::string() : res.diagnostics[0].message);
  const std::vector<std::string> players = {"Ann", "Bob", "Cat"};
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    PlayoutOptions po;
    po.seed = seed * 31 + 7;
    const PlayedGame game = play_random_game(*res.ruleset, po);
    for (Detail d : {Detail::kSheet, Detail::kExchange, Detail::kPlays, Detail::kFull}) {
      WriteOptions wo;
      wo.detail = d;
      const std::string yaml = to_yaml(game, *res.ruleset, path, players, wo);
      EXPECT_EQ(test::diagnostics_text(test::validate_yaml(yaml)), "")
          << GetParam().name << " seed " << po.seed << " detail " << static_cast<int>(d) << "\n" << yaml;
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Options, OptionConformance, ::testing::ValuesIn(variants()),
                         [](const ::testing::TestParamInfo<Variant>& param) { return param.param.name; });

// The options change the referee's verdicts, not only the bots' choices.
TEST(OptionEffects, VoidLostSendsNothingBack) {
  const auto dir = std::filesystem::temp_directory_path() / "trickref-option-effects";
  std::filesystem::create_directories(dir);
  const auto path = (dir / "lost.yaml").string();
  std::ofstream(path) << "extends: pluck\nexchange:\n  return: highest_excluding_received\n  void: lost\n";
  // Ann (over by one) plucks Bob, who holds no other heart: nothing comes back.
  const std::string base = "game: " + path +
                           "\nplayers: [Ann, Bob, Cat]\nhands:\n  - {dealer: Ann, taken: {Ann: 8, Bob: 5, Cat: 4}}\n"
                           "  - dealer: Bob\n    plucks:\n";
  EXPECT_EQ(test::diagnostics_text(test::validate_yaml(base + "      - {by: Ann, from: Bob, gives: 9H, gets: null}\n")),
            "");
  EXPECT_EQ(test::diagnostics_text(test::validate_yaml(base + "      - {by: Ann, from: Bob, gives: 9H, gets: 5D}\n")),
            "t.yaml:7:47: error: Bob gave back 5D for 9H, but must return a heart [pluck-return] (hand 2)\n");
}

}  // namespace
}  // namespace trickref
