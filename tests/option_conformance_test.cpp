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

// A ruleset file for one scenario, in the temporary directory; returns its path.
std::string house_file(const std::string& name, const std::string& yaml) {
  const auto dir = std::filesystem::temp_directory_path() / "trickref-option-effects";
  std::filesystem::create_directories(dir);
  const auto path = (dir / (name + ".yaml")).string();
  std::ofstream(path) << yaml;
  return path;
}

std::string conformance_diags(const std::string& yaml) { return test::diagnostics_text(test::validate_yaml(yaml)); }

// A twelve-card game (no clubs, four cards each, spades trump) small enough
// to write out: Bob, left of the dealer Ann, leads; the tricks are Bob 1,
// Cat 1, Ann 2, as the quotas ask.
std::string small_game(const std::string& ruleset, const std::string& deal, const std::string& tricks) {
  return "game: " + ruleset + "\nplayers: [Ann, Bob, Cat]\nhands:\n  - dealer: Ann\n    deal:\n" + deal +
         "    trump: S\n    tricks:\n" + tricks + "    taken: {Ann: 2, Bob: 1, Cat: 1}\n";
}

std::string small_rules(const std::string& extra) {
  return "extends: pluck\ndeck:\n  remove: [2C, 3C, 4C, 5C, 6C, 7C, 8C, 9C, 10C, JC, QC, KC, AC, 2D, 3D, 4D, 5D, 6D, "
         "7D, 8D, 9D, 10D, 2H, 3H, 4H, 5H, 6H, 7H, 8H, 9H, 10H, 2S, 3S, 4S, 5S, 6S, 7S, 8S, 9S, 10S]\n"
         "  jokers: 0\ndeal:\n  hand_size: 4\n  kitty: 0\nquotas: {dealer: 2, left: 1, right: 1}\n"
         "scoring:\n  over: 1\nplay:\n  first_lead: left_of_dealer\n  trump_lead: any\n" +
         extra;
}

TEST(OptionEffects, MustTrumpIfVoidMakesADiscardARevoke) {
  const std::string deal = "      Ann: [KS, QS, JS, AD]\n      Bob: [AH, KH, QH, JD]\n      Cat: [AS, KD, QD, JH]\n";
  // Ann, void in hearts and holding spades, throws AD.
  const std::string tricks = "      - [AH, JH, AD]\n      - [KH, AS, KS]\n      - [KD, QS, JD]\n      - [JS, QH, QD]\n";
  EXPECT_EQ(conformance_diags(small_game(house_file("plain", small_rules("")), deal, tricks)), "");
  const std::string trumps = house_file("trumps", small_rules("  must_trump_if_void: true\n"));
  EXPECT_EQ(conformance_diags(small_game(trumps, deal, tricks)),
            "t.yaml:11:18: error: Ann did not trump: played AD to a heart lead, void in the suit, while holding KS "
            "(play.must_trump_if_void) [revoke] (hand 1, trick 1)\n"
            "t.yaml:6:13: note: Ann was dealt KS\n");
}

TEST(OptionEffects, MustOvertrumpMakesAnUndertrumpARevoke) {
  const std::string deal = "      Ann: [AS, QS, JS, AD]\n      Bob: [AH, KH, QH, JD]\n      Cat: [KS, KD, QD, JH]\n";
  // Cat ruffs Bob's KH with KS; Ann, holding AS, underruffs with QS.
  const std::string tricks = "      - [AH, JH, AD]\n      - [KH, KS, QS]\n      - [KD, JS, JD]\n      - [AS, QH, QD]\n";
  EXPECT_EQ(conformance_diags(small_game(house_file("plain", small_rules("")), deal, tricks)), "");
  const std::string over = house_file("over", small_rules("  must_overtrump: true\n"));
  EXPECT_EQ(conformance_diags(small_game(over, deal, tricks)),
            "t.yaml:12:18: error: Ann did not overtrump: played QS to a trick already trumped higher, while holding "
            "AS (play.must_overtrump) [revoke] (hand 1, trick 2)\n"
            "t.yaml:6:13: note: Ann was dealt AS\n");
}

TEST(OptionEffects, ScoringByPlucksCountsTheTricksShort) {
  const std::string sheet = "\nplayers: [Ann, Bob, Cat]\nhands:\n  - dealer: Ann\n"
                            "    taken: {Ann: 9, Bob: 4, Cat: 4}\n    score: {Ann: 2, Bob: -2, Cat: 0}\n";
  EXPECT_EQ(conformance_diags("game: pluck-plucks-against" + sheet), "");
  EXPECT_EQ(conformance_diags("game: pluck" + sheet),
            "t.yaml:6:26: error: Bob's score after hand 1 is recorded as -2, but it is 0 (0 + 0 for 4 tricks "
            "against a quota of 6) [score-mismatch] (hand 1)\n");
}

TEST(OptionEffects, ScoringByTricksCountsTheTricksTaken) {
  const std::string sheet = "\nplayers: [Ann, Bob, Cat]\nhands:\n  - dealer: Ann\n"
                            "    taken: {Ann: 9, Bob: 4, Cat: 3}\n    score: {Ann: 9, Bob: 4, Cat: 4}\n";
  EXPECT_EQ(conformance_diags("game: sergeant-major-program" + sheet),
            "t.yaml:6:34: error: Cat's score after hand 1 is recorded as 4, but it is 3 (0 + 3 for 3 tricks) "
            "[score-mismatch] (hand 1)\n");
}

TEST(OptionEffects, PlucksAgainstEndsTheGameAndLaterHandsArePastTheEnd) {
  const std::string two = house_file("two-against", "extends: pluck-plucks-against\ngame:\n  end: {plucks_against: 2}\n");
  const std::string game = "game: " + two +
                           "\nplayers: [Ann, Bob, Cat]\nhands:\n  - {dealer: Ann, taken: {Ann: 9, Bob: 4, Cat: 4}}\n"
                           "  - {dealer: Bob, taken: {Ann: 6, Bob: 7, Cat: 4}}\nresult: {winner: Bob}\n";
  EXPECT_EQ(conformance_diags(game),
            "t.yaml:5:5: warning: hand 2 was played after the game ended: a player reached 2 plucks against (Ann "
            "won) in hand 1; the result stands as it was then [played-past-end] (hand 2)\n"
            "t.yaml:6:18: error: the record names Bob as winner, but Ann won (Ann 2, Bob -2, Cat 0 after hand 1) [winner-mismatch]\n");
}

TEST(OptionEffects, TricksInHandEndsTheGameAndTheTakerWins) {
  const std::string game = "game: sergeant-major-after-kitty\nplayers: [Ann, Bob, Cat]\nhands:\n"
                           "  - {dealer: Ann, taken: {Ann: 2, Bob: 12, Cat: 2}}\nresult: {winner: Ann}\n";
  EXPECT_EQ(conformance_diags(game),
            "t.yaml:5:18: error: the record names Ann as winner, but Bob won (Ann -6, Bob 7, Cat -1 after hand 1) "
            "[winner-mismatch]\n");
}

TEST(OptionEffects, TieStartPreviousDealerChangesWhoPlucksFirst) {
  // Hand 1 (Cat deals): Ann and Cat one over, Bob two short. Hand 2 (Ann
  // deals): from the new dealer Ann plucks first; from the previous, Cat.
  const auto game = [](const std::string& ruleset) {
    return "game: " + ruleset +
           "\nplayers: [Ann, Bob, Cat]\nhands:\n  - {dealer: Cat, taken: {Ann: 7, Bob: 2, Cat: 8}}\n"
           "  - dealer: Ann\n    plucks:\n      - {by: Ann, from: Bob, gives: 3H, gets: AH}\n"
           "      - {by: Cat, from: Bob, gives: 3D, gets: AD}\n";
  };
  EXPECT_EQ(conformance_diags(game("pluck")), "");
  EXPECT_EQ(conformance_diags(game("pluck-while-both-hold")),
            "t.yaml:8:9: error: Cat plucked after Ann had begun, but Cat goes first (equal plucks go from the "
            "previous dealer, Cat, to the left); each plucker makes all of their plucks in turn [pluck-order] "
            "(hand 2)\n");
}

}  // namespace
}  // namespace trickref
