// The look-ahead that stops a flow collection's nesting and size before
// yaml-cpp queues it (yaml/flow_scan.h): what it stops, where, how little of
// the text the parser was given first, and what it must never stop.
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "base/diagnostic.h"
#include "yaml/flow_scan.h"
#include "yaml/tree.h"

namespace trickref {

namespace {

struct Read {
  std::size_t docs = 0;
  std::vector<Diagnostic> diags;
  std::size_t handed = 0;  // bytes the parser was given, of the reader's text
};

Read read_all(std::string_view text, const Limits& limits = {}) {
  Read r;
  YamlReader reader(text, limits);
  DiagnosticSink sink("t.yaml");
  Document doc;
  while (reader.next(doc, sink)) {
    ++r.docs;
  }
  r.handed = reader.bytes_handed();
  r.diags = sink.take();
  return r;
}

// The documents read, resuming after each failure as the batch does.
std::size_t docs_resuming(std::string_view text, const Limits& limits) {
  YamlReader reader(text, limits);
  DiagnosticSink sink("t.yaml");
  Document doc;
  std::size_t docs = 0;
  while (reader.next(doc, sink) || reader.resume()) {
    docs += doc.empty() ? 0U : 1U;
  }
  return docs;
}

std::string times(std::string_view s, std::size_t n) {
  std::string out;
  out.reserve(s.size() * n);
  for (std::size_t i = 0; i < n; ++i) {
    out += s;
  }
  return out;
}

}  // namespace

TEST(FlowScan, AMillionBracketsStopAtTheDepthLimitBeforeTheParserSeesThem) {
  for (const std::string_view open : {"[", "{", "[{"}) {
    SCOPED_TRACE(std::string(open));
    const std::string text = times(open, 1'000'000 / open.size()) + "\n";
    const Read r = read_all(text);
    ASSERT_EQ(r.diags.size(), 1U);
    EXPECT_EQ(r.diags[0].code, Code::kLimit);
    EXPECT_EQ(r.diags[0].loc, (Loc{1, 65}));
    EXPECT_EQ(r.diags[0].message, "nesting is deeper than the limit of 64 levels (raise it with --max-depth)");
    // The parser was given the 64 brackets before the one too deep and 4 KB
    // more (it reads ahead), no further: it used to be given 1.3 MB, every
    // bracket of it queued as tokens before the depth limit could see one.
    EXPECT_EQ(r.handed, 64U + 4096U);
  }
}

TEST(FlowScan, BracketsAfterAKeyInALaterDocumentStopThere) {
  const std::string text = "game: pluck\n---\nx: " + times("[", 1'000'000) + "\n---\ngame: pluck\n";
  const Read r = read_all(text);
  EXPECT_EQ(r.docs, 1U);
  ASSERT_EQ(r.diags.size(), 1U);
  EXPECT_EQ(r.diags[0].loc, (Loc{3, 68}));
  EXPECT_LE(r.handed, 16U + 67U + 4096U);

  // The reader resumes at the next document after it.
  EXPECT_EQ(docs_resuming(text, Limits{}), 2U);
}

TEST(FlowScan, AtAnyDepthSettingTheParsersOwnGuardStopsTheScanToo) {
  Limits deep;
  deep.max_depth = 100'000'000;
  const Read r = read_all("game: " + times("[", 1'000'000), deep);
  ASSERT_EQ(r.diags.size(), 1U);
  EXPECT_EQ(r.diags[0].code, Code::kLimit);
  EXPECT_EQ(r.diags[0].message, "nesting is deeper than the YAML parser allows (2000 levels)");
  EXPECT_LE(r.handed, 6U + 2000U + 4096U);
}

// One game past --max-game-size (by default 4 MiB: 1,000 tricks each led by
// a 60 KB token that is no card, 60 MB, cost six seconds of yaml-cpp's
// scanning): the parser gets the limit, one scalar's run and 4 KB, no more;
// the games around it are read. Here a 300 KB game against a 100 KB limit.
TEST(FlowScan, AGamePastItsSizeStopsThereAndTheNextIsRead) {
  EXPECT_EQ(Limits{}.max_game_bytes, 4ULL << 20);
  Limits limits;
  limits.max_game_bytes = 100'000;
  const std::string trick = "      - [" + times("X", 6'000) + ", 3C, 4C]\n";
  const std::string big = "game: pluck\nhands:\n  - tricks:\n" + times(trick, 50);
  const std::string text = "game: pluck\n---\n" + big + "---\ngame: pluck\n";
  const Read r = read_all(text, limits);
  EXPECT_EQ(r.docs, 1U);
  ASSERT_EQ(r.diags.size(), 1U);
  EXPECT_EQ(r.diags[0].code, Code::kLimit);
  EXPECT_EQ(r.diags[0].loc, (Loc{2, 1}));
  EXPECT_EQ(r.diags[0].message,
            "this game runs on past 100000 bytes, the limit for one game (raise it with --max-game-size)");
  EXPECT_LE(r.handed, 12U + 100'000U + 6'000U + 4096U);
  EXPECT_EQ(docs_resuming(text, limits), 2U);
  // Raised (or at the default), the game is read whole.
  EXPECT_EQ(read_all(big).diags.size(), 0U);
}

TEST(FlowScan, AFlatFlowListStopsAtTheNodeLimit) {
  const Read r = read_all("[" + times("a, ", 1'000'000) + "]\n");
  ASSERT_EQ(r.diags.size(), 1U);
  EXPECT_EQ(r.diags[0].code, Code::kLimit);
  EXPECT_NE(r.diags[0].message.find("more than 100000 YAML nodes"), std::string::npos);
  EXPECT_LE(r.handed, 3U * 100'000U + 4096U);
}

TEST(FlowScan, BracketsThatAreTextAreNeverCounted) {
  const std::string many = times("[{", 500);  // 1,000 brackets, far past the depth limit if counted
  const std::vector<std::string> texts = {
      "notes: \"" + many + "\"\n",
      "notes: '" + many + " it''s'\n",
      "notes: \"" + many + "\\\" [\"\n",
      "# " + many + "\nnotes: x\n",
      "notes: x # " + many + "\n",
      "notes: |\n  " + many + "\n  more [\nid: a\n",
      "- notes: >-\n    " + many + "\n\n    " + many + "\n- id: [a]\n",
      "notes: a plain " + many + " text\n",
      "notes: it's " + many + "\n",
      "notes: a plain line\n  and " + many + "\n",
      "list: [\"" + many + "\", '" + many + "', don't, x # " + many + "\n  ]\n",
      "map: {&a 'k': *a, \"" + many + "\": [b]}\n",
      "--- |\n  " + many + "\n--- [a]\n",
  };
  for (const auto& t : texts) {
    SCOPED_TRACE(t.substr(0, 30) + "..." + t.substr(t.size() - 30));
    const Read r = read_all(t);
    EXPECT_TRUE(r.diags.empty()) << (r.diags.empty() ? "" : r.diags[0].message);
    EXPECT_EQ(r.handed, t.size());
  }
}

TEST(FlowScan, WhatAMisreadingCouldHideIsBoundedByTheScalarLimit) {
  // `:'` in a flow list starts a plain scalar, which the scan reads as a
  // quote: the brackets it skips are bounded by --max-scalar.
  Limits small;
  small.max_scalar_bytes = 1000;
  const Read r = read_all("[:'" + times("[", 1'000'000), small);
  ASSERT_FALSE(r.diags.empty());
  EXPECT_EQ(r.diags[0].code, Code::kLimit);
  EXPECT_LE(r.handed, 3U + 1001U + 4096U);
  // A real quoted scalar of that many brackets breaks the scalar limit anyway.
  const Read q = read_all("notes: '" + times("[", 2000) + "'\n", small);
  ASSERT_EQ(q.diags.size(), 1U);
  EXPECT_EQ(q.diags[0].code, Code::kLimit);
  EXPECT_EQ(q.diags[0].loc, (Loc{1, 8}));
}

TEST(FlowScan, ScansEachByteOnce) {
  const std::string text = "a: [" + times("b, ", 100) + "]\n";
  FlowScan scan(text, 64, 100'000, 65536);
  EXPECT_FALSE(scan.scan_to(10));
  EXPECT_GE(scan.scanned(), 10U);
  EXPECT_FALSE(scan.scan_to(text.size()));
  EXPECT_EQ(scan.scanned(), text.size());
}

}  // namespace trickref
