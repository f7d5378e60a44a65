// RecordYaml (transcript/record_yaml.h), the one writer of YAML records:
// the layout every record shares, byte for byte, and the one option its
// users differ by (LongNames).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "cards/card.h"
#include "transcript/record_yaml.h"

namespace trickref {
namespace {

TEST(RecordYaml, WritesAHandListOfBlockMapsWithFlowValues) {
  std::string text;
  RecordYaml y(text);
  y.comment("a record");
  y.entry("game", "pluck");
  y.entry("players", RecordYaml::flow_list({"Ann", "Bob", "Cat"}));
  y.open("hands");
  y.comment("hand 1");
  y.begin_item();
  y.entry("dealer", "Ann");
  y.open("deal");
  y.name_entry("Ann", RecordYaml::cards({Card::big_joker(), *parse_card("10H")}));
  y.close();
  y.open("tricks");
  y.item(RecordYaml::flow_map({{"leader", "Bob"}, {"cards", "[2C]"}}));
  y.item("[3C]");
  y.close();
  y.entry("taken", y.name_map(
                       2, [](std::size_t k) { return k == 0 ? "Ann" : "Bob"; },
                       [](std::size_t k) { return std::to_string(k + 4); }));
  y.end_item();
  y.begin_item();  // nothing entered: still a hand
  y.end_item();
  y.close();
  y.entry("result", "");
  EXPECT_EQ(text,
            "# a record\n"
            "game: pluck\n"
            "players: [Ann, Bob, Cat]\n"
            "hands:\n"
            "  # hand 1\n"
            "  - dealer: Ann\n"
            "    deal:\n"
            "      Ann: [BJ, 10H]\n"
            "    tricks:\n"
            "      - {leader: Bob, cards: [2C]}\n"
            "      - [3C]\n"
            "    taken: {Ann: 4, Bob: 5}\n"
            "  - {}\n"
            "result:\n");
}

TEST(RecordYaml, CommentsStartAtOneMargin) {
  std::string text;
  RecordYaml y(text);
  y.open("hands");
  y.begin_item();
  y.entry("dealer", "", "who deals");
  y.entry("contract", RecordYaml::flow_map({{"bidder", ""}, {"bid", ""}}), "or none");
  y.margin_comment("- more");
  y.end_item();
  EXPECT_EQ(text,
            "hands:\n"
            "  - dealer:                                 # who deals\n"
            "    contract: {bidder: , bid: }             # or none\n"
            "                                            # - more\n");
}

// A name longer than YAML reads as a plain key: explicit where the writer
// asks for it (record, new), plain otherwise (simulate, import).
TEST(RecordYaml, LongNamesAsKeysAreExplicitWhereAsked) {
  const std::string name(kImplicitKeyBytes + 1, 'a');
  const std::string short_name(kImplicitKeyBytes, 'b');
  for (const LongNames long_names : {LongNames::kPlain, LongNames::kExplicit}) {
    std::string text;
    RecordYaml y(text, long_names);
    y.open("deal");
    y.name_entry(name, "[AS]");
    y.name_entry(short_name, "");
    y.close();
    y.entry("taken", y.name_map(
                         2, [&](std::size_t k) -> const std::string& { return k == 0 ? name : short_name; },
                         [](std::size_t) { return std::string("1"); }));
    const bool explicit_keys = long_names == LongNames::kExplicit;
    EXPECT_EQ(text, "deal:\n" +
                        (explicit_keys ? "  ? " + name + "\n  : [AS]\n" : "  " + name + ": [AS]\n") +
                        "  " + short_name + ":\n" + "taken: {" +
                        (explicit_keys ? "? " + name + " : 1" : name + ": 1") + ", " + short_name + ": 1}\n");
  }
}

}  // namespace
}  // namespace trickref
