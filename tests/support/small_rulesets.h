// Small rulesets for the tests that search every legal game a record could
// be (the mistakes property tests): a built-in ruleset with all but a few
// cards taken out of the deck, written to a file.
#pragma once

#include <fstream>
#include <string>

#include <gtest/gtest.h>

#include "cards/card.h"

namespace trickref::test {

// The ruleset file `name` extending `base` with only `keep` in the deck (no
// jokers), and `options` (YAML lines at the top level); its path.
inline std::string small_ruleset(const std::string& name, const std::string& base, const CardSet& keep,
                                 const std::string& options) {
  std::string remove;
  for (int s = 0; s < 4; ++s) {
    for (int r = 0; r < kRankCount; ++r) {
      const Card c = Card::of(static_cast<Suit>(s), r);
      if (!keep.contains(c)) {
        remove += (remove.empty() ? "" : ", ") + to_string(c);
      }
    }
  }
  std::string path = testing::TempDir() + name + ".yaml";
  std::ofstream(path) << "name: " << name << "\nextends: " << base << "\ndeck:\n  remove: [" << remove
                      << "]\n  jokers: 0\n"
                      << options;
  return path;
}

}  // namespace trickref::test
