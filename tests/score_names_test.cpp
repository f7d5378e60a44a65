// Two spellings of one player (score/names.h): names that never sit in the
// same game and differ only by case or accents, or by one edit.
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "score/names.h"
#include "support/test_support.h"

namespace trickref {
namespace {

std::vector<std::string> pairs(const std::vector<std::vector<std::string>>& games) {
  std::vector<std::string> out;
  for (const auto& n : similar_names(games)) {
    out.push_back(n.merge + "->" + n.keep + (n.case_or_accents ? " (case/accents)" : " (one edit)"));
  }
  return out;
}

TEST(SimilarNames, OneEditCaseAndAccentsWhenTheyNeverShareAGame) {
  // Dann plays once, Dan twice: Dann is the other spelling.
  EXPECT_EQ(pairs({{"Ann", "Bob", "Dan"}, {"Ann", "Bob", "Dan"}, {"Ann", "Bob", "Dann"}}),
            (std::vector<std::string>{"Dann->Dan (one edit)"}));
  EXPECT_EQ(pairs({{"José", "Bob", "Cat"}, {"jose", "Eve", "Fay"}}),
            (std::vector<std::string>{"jose->José (case/accents)"}));
  // A decomposed accent (e + U+0301) folds the same.
  EXPECT_EQ(pairs({{"Ren\xC3\xA9", "Bob", "Cat"}, {"Rene\xCC\x81", "Eve", "Fay"}}).size(), 1U);
  // On a tie of games the alphabetically first spelling is kept.
  EXPECT_EQ(pairs({{"Zoë", "Bob", "Cat"}, {"ZOE", "Eve", "Fay"}}),
            (std::vector<std::string>{"Zoë->ZOE (case/accents)"}));
  // A letter changed or dropped, the longer of four letters or more.
  EXPECT_EQ(pairs({{"Gwen", "Bob", "Cat"}, {"Gwyn", "Eve", "Fay"}}),
            (std::vector<std::string>{"Gwyn->Gwen (one edit)"}));
  EXPECT_EQ(pairs({{"Annie", "Bob", "Cat"}, {"Anne", "Eve", "Fay"}}),
            (std::vector<std::string>{"Annie->Anne (one edit)"}));
}

TEST(SimilarNames, NotPlayersWhoShareATableNorShortNamesNorTwoEdits) {
  EXPECT_TRUE(pairs({{"Dan", "Dann", "Cat"}}).empty()) << "they sat at one table: two people";
  EXPECT_TRUE(pairs({{"Dan", "Bob", "Cat"}, {"dan", "Bob", "Eve"}, {"Dan", "dan", "Fay"}}).empty()) << "game 3";
  EXPECT_TRUE(pairs({{"Bob", "Cat", "Eve"}, {"Rob", "Fay", "Gus"}}).empty()) << "three letters: too short to tell";
  EXPECT_EQ(pairs({{"Dana", "Cat", "Eve"}, {"Dina", "Fay", "Gus"}, {"Dino", "Hal", "Ivy"}}),
            (std::vector<std::string>{"Dina->Dana (one edit)", "Dino->Dina (one edit)"}))
      << "Dana and Dino are two edits apart";
  EXPECT_TRUE(pairs({{"Anna", "Cat", "Eve"}, {"Anton", "Fay", "Gus"}}).empty()) << "more than one edit";
}

TEST(SimilarNames, EachNameIsAnotherSpellingOnceOfTheNameKept) {
  // Dani looks like Dana (three games) and Dane (two): one warning, to Dana.
  EXPECT_EQ(pairs({{"Dana", "Bob", "Cat"}, {"Dana", "Eve", "Fay"}, {"Dana", "Gus", "Hal"}, {"Dane", "Bob", "Cat"},
                   {"Dane", "Eve", "Fay"}, {"Dani", "Ivy", "Jon"}}),
            (std::vector<std::string>{"Dane->Dana (one edit)", "Dani->Dana (one edit)"}));
  // A letter added, dropped or changed at any place, and a repeated letter dropped.
  EXPECT_EQ(pairs({{"Dann", "Bob"}, {"Dan", "Cat"}, {"Xdan", "Eve"}, {"Dxan", "Fay"}}),
            (std::vector<std::string>{"Dann->Dan (one edit)", "Dxan->Dan (one edit)", "Xdan->Dan (one edit)"}));
}

// A code point of U+0800 to U+FFFF in UTF-8.
std::string to_utf8(char32_t c) {
  return {static_cast<char>(0xE0U | (c >> 12U)), static_cast<char>(0x80U | ((c >> 6U) & 0x3FU)),
          static_cast<char>(0x80U | (c & 0x3FU))};
}

// 10,000 players at one table: no pair is a look-alike, and the names are
// found through buckets, not by comparing the 50 million pairs.
TEST(SimilarNames, TenThousandPlayersAreNotComparedPairwise) {
  std::vector<std::string> table;
  for (int i = 0; i < 10'000; ++i) {
    table.push_back(fmt::format("Player{:04}", i));
  }
  std::size_t examined = 0;
  EXPECT_TRUE(similar_names({table}, &examined).empty());
  EXPECT_LE(examined, 40U * table.size());
  // Names that all differ at one place, at one table: each is checked
  // against at most kMaxLookAlikeCandidates of them.
  std::vector<std::string> alike;
  for (char32_t c = 0x4E00; c < 0x4E00 + 2'000; ++c) {
    alike.push_back("Dan" + to_utf8(c));
  }
  EXPECT_TRUE(similar_names({alike}, &examined).empty());
  EXPECT_LE(examined, kMaxLookAlikeCandidates * alike.size());
  // Apart, each is another spelling of the one kept (the first, alphabetically): one warning each, less one.
  std::vector<std::vector<std::string>> apart;
  for (const auto& name : alike) {
    apart.push_back({name});
  }
  const auto found = similar_names(apart, &examined);
  EXPECT_EQ(found.size(), alike.size() - 1);
  EXPECT_LE(examined, kMaxLookAlikeCandidates * alike.size());
}

TEST(SimilarNames, ScoreWarnsAndNamesTheAliasesLine) {
  // Two files of the league sample (two games each), Dan recorded as "Dann" in the second.
  const std::string dir = testing::TempDir() + "trickref-dann/";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  std::ofstream(dir + "a.yaml") << test::read_source_file("samples/league/2026-11-19/table-2.yaml");
  std::string b = test::read_source_file("samples/league/2026-11-26/table-1.yaml");
  for (std::size_t at = b.find("Dan"); at != std::string::npos; at = b.find("Dan", at + 4)) {
    b.replace(at, 3, "Dann");
  }
  std::ofstream(dir + "b.yaml") << b;
  const auto r = test::run_cli({"score", "--format", "json", dir});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.err,
            "trickref: warning: 'Dann' (2 games) and 'Dan' (2 games) never sit in the same game and differ by one "
            "letter: if they are one player, add to the league settings: aliases: {Dan: [Dann]}\n");
  const auto j = nlohmann::json::parse(r.out);
  ASSERT_EQ(j["similar_names"].size(), 1U);
  EXPECT_EQ(j["similar_names"][0]["keep"], "Dan");
  EXPECT_EQ(j["similar_names"][0]["aliases"], "aliases: {Dan: [Dann]}");
  // The alias merges them: no warning.
  std::ofstream(dir + "league.yaml") << "aliases:\n  Dan: [Dann]\n";
  EXPECT_EQ(test::run_cli({"score", dir}).err, "");
}

}  // namespace
}  // namespace trickref
