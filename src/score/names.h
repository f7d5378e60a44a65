// Players recorded under two spellings (issue: "Dann" for "Dan" splits a
// player in two). Two names are probably one player when they never sit in
// the same game and differ only by case or accents, or by one edit (a letter
// added, dropped or changed) where the longer has four letters or more
// ("Dan" and "Dann", not "Bob" and "Rob"). Players who share a table are
// different people, however alike their names.
#pragma once

#include <string>
#include <vector>

namespace trickref {

struct SimilarNames {
  std::string keep;     // the name with more games (alphabetically first on a tie)
  std::string merge;    // the other spelling
  int keep_games = 0;
  int merge_games = 0;
  bool case_or_accents = false;  // they differ only by case or accents (else by one edit)
};

// The pairs of names that look like one player, from each game's players
// (canonical names, after the league's aliases), in name order.
[[nodiscard]] std::vector<SimilarNames> similar_names(const std::vector<std::vector<std::string>>& games);

// The name folded for comparison: lower case, Latin accents dropped, as
// code points (base/text.h code_points: a byte that is not UTF-8 stands for
// itself).
[[nodiscard]] std::u32string folded_name(const std::string& name);

}  // namespace trickref
