#include "engine/scoring.h"

#include <algorithm>

namespace trickref {

std::vector<int> leaders(std::span<const long long> scores) {
  std::vector<int> out;
  if (scores.empty()) {
    return out;
  }
  const long long top = *std::max_element(scores.begin(), scores.end());
  for (std::size_t s = 0; s < scores.size(); ++s) {
    if (scores[s] == top) {
      out.push_back(static_cast<int>(s));
    }
  }
  return out;
}

}  // namespace trickref
