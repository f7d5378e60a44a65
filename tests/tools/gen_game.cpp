// Development tool: writes seeded random legal games as transcripts, used to
// produce the samples and test inputs.
//   gen_game RULESET SEED DETAIL(sheet|exchange|plays|full) FORMAT(yaml|json) [ID] [NIGHT] [TABLE] [P1 P2 P3]
#include <cstdlib>
#include <iostream>
#include <string>
#include <vector>

#include "ruleset/ruleset_loader.h"
#include "transcript/writer.h"

int main(int argc, char** argv) {
  using namespace trickref;
  std::vector<std::string> a(argv + 1, argv + argc);
  if (a.size() < 4) {
    std::cerr << "usage: gen_game RULESET SEED DETAIL FORMAT [ID] [NIGHT] [TABLE] [PLAYERS...]\n";
    return 2;
  }
  RulesetCatalog catalog;
  const auto& res = catalog.resolve(a[0]);
  if (!res.ruleset) {
    std::cerr << "bad ruleset\n";
    return 2;
  }
  PlayoutOptions po;
  po.seed = std::strtoull(a[1].c_str(), nullptr, 10);
  po.first_dealer = static_cast<int>(po.seed % 3);
  const PlayedGame g = play_random_game(*res.ruleset, po);
  WriteOptions wo;
  wo.detail = a[2] == "sheet" ? Detail::kSheet : a[2] == "exchange" ? Detail::kExchange : a[2] == "plays" ? Detail::kPlays : Detail::kFull;
  if (a.size() > 4) wo.id = a[4];
  if (a.size() > 5) wo.event.emplace_back("night", a[5]);
  if (a.size() > 6) wo.event.emplace_back("table", a[6]);
  std::vector<std::string> players = {"Ann", "Bob", "Cat"};
  if (a.size() > 9) players = {a[7], a[8], a[9]};
  if (a[3] == "json") {
    std::cout << to_json(g, *res.ruleset, a[0], players, wo).dump() << "\n";
  } else {
    std::cout << to_yaml(g, *res.ruleset, a[0], players, wo);
  }
  return 0;
}
