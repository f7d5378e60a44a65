// JsonGameReader: a record it takes is the Game JsonReader + load_game give,
// value for value and location for location, and the full way has nothing
// to say about it; a record it declines is any the full way would word
// something about. Checked on games of every built-in ruleset at every
// detail `simulate` writes, on those games cut and altered byte by byte,
// and on hand-written cases of each kind it declines.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>

#include "base/diagnostic.h"
#include "engine/playout.h"
#include "json/json_game_reader.h"
#include "json/json_reader.h"
#include "ruleset/ruleset_loader.h"
#include "support/test_support.h"
#include "transcript/transcript_loader.h"
#include "transcript/writer.h"
#include "yaml/tree.h"

namespace trickref {
namespace {

struct Outcome {
  bool taken = false;
  bool full_clean = false;  // the full way read and loaded it without a word
  bool same = false;        // taken, and equal to the full way's game
};

// Reads texts both ways (as JSON Lines line 7, unpadded), each reader kept
// from one text to the next as a batch keeps them.
class BothWays {
 public:
  explicit BothWays(const Limits& limits = {}) : direct_(limits), reader_(limits) {}

  Outcome operator()(std::string_view text) {
    Outcome o;
    o.taken = direct_.read(JsonText{text, false, 7, true, false}, fast_);
    DiagnosticSink sink("t.jsonl");
    if (reader_.read(JsonText{text, false, 7, true, false}, doc_, sink) == JsonRead::kGame) {
      Game full = load_game(doc_.root(), "t.jsonl", 0, sink, load_);
      o.full_clean = sink.take().empty();
      fast_.file = "t.jsonl";
      fast_.index = 0;
      o.same = o.taken && fast_ == full;
      load_.recycle(full);
    }
    return o;
  }

 private:
  JsonGameReader direct_;
  JsonReader reader_;
  Document doc_;
  Game fast_;
  LoadScratch load_;
};

Outcome both_ways(std::string_view text, const Limits& limits = {}) { return BothWays(limits)(text); }

// A record taken must be the full way's game, and clean there.
void expect_agree(BothWays& both, std::string_view text) {
  const Outcome o = both(text);
  if (o.taken) {
    EXPECT_TRUE(o.full_clean) << "taken, but the full way has a word for it: " << text;
    EXPECT_TRUE(o.same) << "taken, but not the full way's game: " << text;
  }
}

std::vector<std::string> simulated_lines(const std::string& ruleset, Detail detail, int games) {
  RulesetCatalog catalog;
  const auto rules = catalog.resolve(ruleset).ruleset;
  std::vector<std::string> lines;
  std::vector<std::string> players;
  for (int s = 0; s < rules->players; ++s) {
    players.push_back(std::string(1, static_cast<char>('A' + s)) + "nn");
  }
  for (int seed = 1; seed <= games; ++seed) {
    PlayoutOptions po;
    po.seed = static_cast<std::uint64_t>(seed);
    const PlayedGame g = play_random_game(*rules, po);
    WriteOptions wo;
    wo.detail = detail;
    wo.id = fmt::format("g{}", seed);
    wo.event = {{"simulated", fmt::format("seed {}", seed)}};
    std::string line;
    append_jsonl(line, g, *rules, ruleset, players, wo);
    lines.push_back(std::move(line));
  }
  return lines;
}

TEST(JsonGameReader, TakesEveryPluckAndNineFiveTwoGameSimulateWrites) {
  for (const std::string ruleset : {"pluck", "pluck-noscore", "nine-five-two", "nine-five-two-10"}) {
    for (const Detail detail : {Detail::kFull, Detail::kPlays, Detail::kExchange, Detail::kSheet}) {
      for (const auto& line : simulated_lines(ruleset, detail, 6)) {
        const Outcome o = both_ways(line);
        EXPECT_TRUE(o.taken) << ruleset << ": " << line.substr(0, 200);
        EXPECT_TRUE(o.full_clean) << ruleset;
        EXPECT_TRUE(o.same) << ruleset << ": " << line.substr(0, 200);
      }
    }
  }
}

TEST(JsonGameReader, AgreesOnEveryBuiltInRuleset) {
  RulesetCatalog catalog;
  BothWays both;
  for (const auto& name : catalog.builtin_names()) {
    for (const Detail detail : {Detail::kFull, Detail::kSheet}) {
      for (const auto& line : simulated_lines(name, detail, 3)) {
        expect_agree(both, line);
      }
    }
  }
}

// A record is read over whatever the Game holds: a game loaded the full
// way (bids, contract, points, teams, a status, shows, a revoke claim), or
// the game read before with more hands, more players or other keys. What the reader
// takes is always the game a fresh load gives.
TEST(JsonGameReader, ReadsOverAnyGameTheGameHolds) {
  const auto load = [](std::string_view text) {
    JsonReader reader(Limits{});
    Document doc;
    DiagnosticSink sink("t.jsonl");
    EXPECT_EQ(reader.read(JsonText{text, false, 7, true, false}, doc, sink), JsonRead::kGame);
    Game g = load_game(doc.root(), "t.jsonl", 0, sink);
    return g;
  };
  const std::vector<std::string> pluck = simulated_lines("pluck", Detail::kFull, 3);
  const std::vector<std::string> sheet = simulated_lines("nine-five-two", Detail::kSheet, 2);
  std::vector<std::string> others;
  for (const std::string ruleset : {"call-deuces", "court-piece"}) {
    const auto lines = simulated_lines(ruleset, Detail::kFull, 1);
    others.insert(others.end(), lines.begin(), lines.end());
  }
  JsonGameReader direct(Limits{});
  // Games loaded the full way from YAML with the keys simulate never
  // writes: teams, a status, shows, a revoke claim, an early court.
  for (const std::string file : {"samples/court-piece/evening.yaml", "samples/invalid/incomplete.yaml",
                                 "samples/invalid/show-missing.yaml", "samples/invalid/revoke-claim-unfounded.yaml"}) {
    const std::string text = test::read_source_file(file);
    YamlReader yaml(text, Limits{});
    Document doc;
    DiagnosticSink sink(file);
    ASSERT_TRUE(yaml.next(doc, sink)) << file;
    Game g = load_game(doc.root(), file, 0, sink);
    ASSERT_GT(g.hands.size(), 0U) << file;
    ASSERT_TRUE(direct.read(JsonText{pluck[0], false, 7, true, false}, g)) << file;
    g.file = "t.jsonl";
    EXPECT_EQ(g, load(pluck[0])) << "read over " << file;
  }
  for (const std::string& held : others) {
    for (const std::string& line : {pluck[0], sheet[0], pluck[1]}) {
      Game g = load(held);
      ASSERT_GT(g.hands.size(), 0U);
      ASSERT_TRUE(direct.read(JsonText{line, false, 7, true, false}, g)) << line.substr(0, 120);
      g.file = "t.jsonl";
      EXPECT_EQ(g, load(line)) << "read over " << held.substr(0, 60);
    }
  }
  // One Game read over and over, in an order where the number of hands and
  // the keys of a hand change from each game to the next.
  Game g;
  for (const std::string& line : {pluck[0], sheet[0], pluck[1], sheet[1], pluck[2], pluck[0]}) {
    ASSERT_TRUE(direct.read(JsonText{line, false, 7, true, false}, g));
    g.file = "t.jsonl";
    EXPECT_EQ(g, load(line)) << line.substr(0, 120);
  }
}

// A two-hand Pluck record to vary.
constexpr std::string_view kRecord =
    R"({"game":"pluck","id":"a","players":["Ann","Bob","Cat"],"hands":[)"
    R"({"dealer":"Ann","trump":"S","tricks":[["2C","3C","4C"]],"taken":{"Ann":0,"Bob":1,"Cat":0}},)"
    R"({"dealer":"Bob","plucks":[{"by":"Ann","from":"Bob","gives":"5D","gets":null}],"trump":"H"}],)"
    R"("result":{"winner":"Bob","score":{"Ann":0,"Bob":1,"Cat":-1}}})";

// `text` with the first `from` in it replaced by `to`.
std::string replaced(std::string text, std::string_view from, std::string_view to) {
  const auto at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  if (at != std::string::npos) {
    text.replace(at, from.size(), to);
  }
  return text;
}

std::string with(std::string_view from, std::string_view to) {
  std::string s(kRecord);
  const auto at = s.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  s.replace(at, from.size(), to);
  return s;
}

// Every cut of a game simulate wrote, and every byte of a short record
// replaced by a few others: a record the reader still takes is the full
// way's, clean.
TEST(JsonGameReader, AgreesOnRecordsCutAndAltered) {
  BothWays both;
  const std::string line = simulated_lines("pluck", Detail::kFull, 2).back();
  for (std::size_t i = 0; i < line.size(); i += 7) {
    expect_agree(both, line.substr(0, i));
  }
  int taken = 0;
  for (std::size_t i = 0; i < kRecord.size(); ++i) {
    for (const char c : {' ', '"', '\\', ',', ':', '}', ']', 'x', '1', '-', '\0'}) {
      std::string altered(kRecord);
      altered[i] = c;
      const Outcome o = both(altered);
      taken += o.taken ? 1 : 0;
      if (o.taken) {
        EXPECT_TRUE(o.full_clean && o.same) << "at " << i << ": " << altered;
      }
    }
  }
  EXPECT_GT(taken, 20);  // a space between tokens, another name or number, are taken
}

TEST(JsonGameReader, TakesTheShapesTrickrefWrites) {
  for (const std::string& text :
       {std::string(kRecord), "\xEF\xBB\xBF  " + std::string(kRecord) + " \r",
        with(R"(["2C","3C","4C"])", R"({"leader":"Cat","cards":["2C","3C","4C"]})"),
        with(R"("winner":"Bob")", R"("winner":["Bob","Cat"])"), with(R"("id":"a",)", ""),
        with(R"("id":"a")", R"("id":"a","event":{"night":"1","table":"2"},"date":"2026-11-24","notes":"n")"),
        // A pluck written otherwise than trickref writes it: spaced, its keys in
        // another order, or spaced at its end only (read the general way).
        with(R"({"by":"Ann","from":"Bob","gives":"5D","gets":null})",
             R"({ "by": "Ann", "from": "Bob", "gives": "5D", "gets": null })"),
        with(R"({"by":"Ann","from":"Bob","gives":"5D","gets":null})",
             R"({"gets":"6D","gives":"5D","from":"Bob","by":"Ann"})"),
        with(R"({"by":"Ann","from":"Bob","gives":"5D","gets":null})",
             R"({"by":"Ann","from":"Bob","gives":"5D","gets":"6D" })")}) {
    const Outcome o = both_ways(text);
    EXPECT_TRUE(o.taken) << text;
    EXPECT_TRUE(o.full_clean && o.same) << text;
  }
}

// Names are read by their bytes where they lie (a name and a quote): a
// name that begins another, and maps by players in any order, are read as
// the full way reads them; a name the record spells with an escape goes
// the full way.
TEST(JsonGameReader, ReadsNamesThatBeginOneAnother) {
  std::string text(kRecord);
  for (const auto& [from, to] : {std::pair<std::string, std::string>{"\"Bob\"", "\"Annie\""}, {"\"Cat\"", "\"An\""}}) {
    for (auto at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size())) {
      text.replace(at, from.size(), to);
    }
  }
  ASSERT_NE(text.find(R"("taken":{"Ann":0,"Annie":1,"An":0})"), std::string::npos) << text;
  for (const std::string& shaped :
       {text, replaced(text, R"("taken":{"Ann":0,"Annie":1,"An":0})", R"("taken":{"An":0,"Annie":1,"Ann":0})"),
        replaced(text, R"("by":"Ann","from":"Annie")", R"("by":"An","from":"Ann")")}) {
    const Outcome o = both_ways(shaped);
    EXPECT_TRUE(o.taken) << shaped;
    EXPECT_TRUE(o.full_clean && o.same) << shaped;
  }
  for (const std::string& declined :
       {replaced(text, R"("dealer":"Annie")", R"("dealer":"Anni")"),
        replaced(text, R"("Annie":1,)", R"("Anniee":1,)")}) {
    EXPECT_FALSE(both_ways(declined).taken) << declined;
  }
  const std::string escaped = replaced(text, R"("dealer":"Annie")", R"("dealer":"Anni\u0065")");
  const Outcome o = both_ways(escaped);
  EXPECT_FALSE(o.taken) << escaped;
  EXPECT_TRUE(o.full_clean) << escaped;
}

TEST(JsonGameReader, DeclinesWhatTheFullWayHasAWordFor) {
  const std::vector<std::string> declined = {
      with(R"("id":"a")", R"("id":"a","id":"b")"),                 // a key twice
      with(R"("Ann":0,)", R"("Ann":0,"Ann":0,)"),                  // a name twice in a map
      with(R"("dealer":"Ann")", R"("dealer":"Dan")"),              // not a player
      with(R"("dealer":"Ann",)", R"("dealer":"Ann","deal":{"Ann":["2C"],"Bob":["3C"],"Ann":["4C"]},)"),
      with(R"("dealer":"Ann",)", R"("dealer":"Ann","deal":{"Ann":["2C"],"Bob":["3C"]},)"),  // Cat's left out
      with(R"("dealer":"Ann")", R"("Dealer":"Ann")"),              // a key read with a word (misspelt-key)
      with(R"("4C")", R"("4X")"),                                  // not a card
      with(R"("trump":"S")", R"("trump":"X")"),                    // not a suit
      with(R"("Bob":1,)", R"("Bob":1.0,)"),                        // not a whole number
      with(R"("Bob":1,)", R"("Bob":-1,)"),                         // taken below 0
      with(R"("from":"Bob")", R"("from":"Ann")"),                  // plucking oneself
      with(R"("players":["Ann","Bob","Cat"],)", ""),               // no players
      with(R"("dealer":"Ann",)", ""),                              // the first hand without its dealer
      std::string(kRecord) + " x",                                 // something after the record
      std::string(kRecord.substr(0, kRecord.size() - 1)),          // cut short
  };
  for (const auto& text : declined) {
    const Outcome o = both_ways(text);
    EXPECT_FALSE(o.taken) << text;
    EXPECT_FALSE(o.full_clean) << "the full way says nothing of: " << text;
  }
}

// Clean records it leaves to the full way: an escape (simdjson unescapes
// it), another game's key, a record still being kept.
TEST(JsonGameReader, LeavesSomeCleanRecordsToTheFullWay) {
  for (const std::string& text : {with(R"("dealer":"Ann")", R"("dealer":"A\u006en")"),
                                  with(R"("dealer":"Ann",)", R"("dealer":"Ann","bids":[],)"),
                                  with(R"("game":"pluck",)", R"("game":"pluck","status":"in-progress",)")}) {
    const Outcome o = both_ways(text);
    EXPECT_FALSE(o.taken) << text;
    EXPECT_TRUE(o.full_clean) << text;
  }
}

// The JSON limits, as the full way counts them: at the limit taken, one
// below declined (and the full way reports it).
TEST(JsonGameReader, KeepsTheJsonLimits) {
  // Values, keys included: the full way's count, found by lowering the limit.
  Limits limits;
  std::uint32_t fewest = 0;
  for (std::uint32_t n = 1; n < 200; ++n) {
    limits.max_json_values = n;
    if (both_ways(kRecord, limits).full_clean) {
      fewest = n;
      break;
    }
  }
  ASSERT_GT(fewest, 0U);
  limits.max_json_values = fewest;
  EXPECT_TRUE(both_ways(kRecord, limits).taken);
  limits.max_json_values = fewest - 1;
  EXPECT_FALSE(both_ways(kRecord, limits).taken);

  limits = Limits{};
  limits.max_depth = 5;  // the root map, hands, a hand, its tricks, a trick
  EXPECT_TRUE(both_ways(kRecord, limits).taken);
  limits.max_depth = 4;
  EXPECT_FALSE(both_ways(kRecord, limits).taken);
  EXPECT_FALSE(both_ways(kRecord, limits).full_clean);

  limits = Limits{};
  limits.max_json_string_bytes = 7;  // "players"
  EXPECT_TRUE(both_ways(kRecord, limits).taken);
  limits.max_json_string_bytes = 6;
  EXPECT_FALSE(both_ways(kRecord, limits).taken);
  EXPECT_FALSE(both_ways(kRecord, limits).full_clean);
}

}  // namespace
}  // namespace trickref
