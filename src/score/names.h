// Players recorded under two spellings (issue: "Dann" for "Dan" splits a
// player in two). Two names are probably one player when they never sit in
// the same game and differ only by case or accents, or by one edit (a letter
// added, dropped or changed) where the longer has four letters or more
// ("Dan" and "Dann", not "Bob" and "Rob"). Players who share a table are
// different people, however alike their names.
#pragma once

#include <cstddef>
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

// How many names one name is checked against, at most, whatever the
// league holds: look-alikes are found through buckets of hashes, best first,
// not by comparing every pair.
inline constexpr std::size_t kMaxLookAlikeCandidates = 64;

// The names that look like another player's, from each game's players
// (canonical names, after the league's aliases), in name order: each name is
// another spelling at most once, of the name it would be kept as (more
// games, then alphabetically first). `examined`, when given, is set to the
// number of candidate names checked.
[[nodiscard]] std::vector<SimilarNames> similar_names(const std::vector<std::vector<std::string>>& games,
                                                      std::size_t* examined = nullptr);

// The name folded for comparison: lower case, Latin accents dropped, as
// code points (base/text.h code_points: a byte that is not UTF-8 stands for
// itself).
[[nodiscard]] std::u32string folded_name(const std::string& name);

}  // namespace trickref
