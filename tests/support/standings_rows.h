// Reading standings rows in tests (score_test.cpp, score_courts_test.cpp):
// a player's line by name, and a table's ranking as text ("1 Ann, 2= Bob").
#pragma once

#include <string>
#include <vector>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "score/render.h"
#include "score/standings.h"

namespace trickref::test {

inline const PlayerLine& line(const std::vector<PlayerLine>& rows, const std::string& name) {
  for (const auto& p : rows) {
    if (p.player == name) {
      return p;
    }
  }
  static const PlayerLine none;
  ADD_FAILURE() << "no line for " << name;
  return none;
}

inline std::string ranks(const std::vector<PlayerLine>& rows) {
  std::string out;
  for (const auto& p : rows) {
    out += fmt::format("{}{} {}", out.empty() ? "" : ", ", rank_text(p), p.player);
  }
  return out;
}

}  // namespace trickref::test
