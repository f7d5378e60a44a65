// YamlReader, Document and Node: values, nulls, locations, documents, and
// the safety limits (depth, nodes, scalar length, aliases).
#include <gtest/gtest.h>

#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "base/diagnostic.h"
#include "support/test_support.h"
#include "yaml/tree.h"

namespace trickref {

namespace {

struct Parsed {
  std::vector<std::unique_ptr<Document>> docs;
  std::vector<Diagnostic> diags;
  bool failed = false;
  [[nodiscard]] Node root(std::size_t i = 0) const { return docs.at(i)->root(); }
};

// Reads every document of `text` (until next() returns false).
Parsed parse(std::string_view text, const Limits& limits = {}, std::uint32_t first_line = 1) {
  Parsed p;
  YamlReader reader(text, limits, first_line);
  DiagnosticSink sink("t.yaml");
  while (true) {
    auto doc = std::make_unique<Document>();
    if (!reader.next(*doc, sink)) {
      break;
    }
    p.docs.push_back(std::move(doc));
  }
  p.failed = reader.failed();
  p.diags = sink.take();
  return p;
}

Limits limits_with(std::uint32_t depth, std::uint32_t nodes, std::uint32_t scalar) {
  Limits l;
  l.max_depth = depth;
  l.max_nodes = nodes;
  l.max_scalar_bytes = scalar;
  return l;
}

// Every node's location, depth first (keys before values).
void collect_locs(Node n, std::vector<Loc>& out) {
  out.push_back(n.loc());
  if (n.is_sequence()) {
    for (std::uint32_t i = 0; i < n.size(); ++i) {
      collect_locs(n.item(i), out);
    }
  } else if (n.is_map()) {
    for (std::uint32_t i = 0; i < n.size(); ++i) {
      collect_locs(n.key(i), out);
      collect_locs(n.value(i), out);
    }
  }
}

std::string nested_lists(int depth) {
  return std::string(static_cast<std::size_t>(depth), '[') + "1" +
         std::string(static_cast<std::size_t>(depth), ']');
}

}  // namespace

TEST(YamlTree, ScalarsListsAndMaps) {
  const auto p = parse("name: Ann\ncount: 17\nlist: [a, 'b', \"c\"]\nblock:\n  - x\n  - y\nmap: {k: v}\n");
  ASSERT_EQ(p.docs.size(), 1U);
  EXPECT_TRUE(p.diags.empty());
  const Node root = p.root();
  ASSERT_TRUE(root.valid());
  EXPECT_EQ(root.kind(), NodeKind::kMap);
  EXPECT_TRUE(root.is_map());
  EXPECT_EQ(root.size(), 5U);
  EXPECT_EQ(root.key(0).scalar(), "name");
  EXPECT_EQ(root.value(0).scalar(), "Ann");
  EXPECT_EQ(root.key(1).scalar(), "count");
  EXPECT_EQ(root.value(1).scalar(), "17");
  EXPECT_TRUE(root.value(1).is_scalar());
  EXPECT_FALSE(root.value(1).quoted());

  const Node list = root.find("list");
  ASSERT_TRUE(list.is_sequence());
  ASSERT_EQ(list.size(), 3U);
  EXPECT_EQ(list.item(0).scalar(), "a");
  EXPECT_FALSE(list.item(0).quoted());
  EXPECT_EQ(list.item(1).scalar(), "b");
  EXPECT_TRUE(list.item(1).quoted());
  EXPECT_EQ(list.item(2).scalar(), "c");
  EXPECT_TRUE(list.item(2).quoted());

  const Node block = root.find("block");
  ASSERT_TRUE(block.is_sequence());
  ASSERT_EQ(block.size(), 2U);
  EXPECT_EQ(block.item(1).scalar(), "y");

  const Node map = root.find("map");
  ASSERT_TRUE(map.is_map());
  EXPECT_EQ(map.size(), 1U);
  EXPECT_EQ(map.find("k").scalar(), "v");

  // Containers have no scalar text; scalars have no size.
  EXPECT_EQ(list.scalar(), "");
  EXPECT_EQ(root.value(0).size(), 0U);
  EXPECT_EQ(root.kind_name(), "a map");
  EXPECT_EQ(list.kind_name(), "a list");
  EXPECT_EQ(root.value(0).kind_name(), "a scalar");
}

TEST(YamlTree, FindReturnsTheFirstMatchOrAnInvalidNode) {
  const auto p = parse("a: 1\nb: {c: 2}\nlist: [a]\n");
  ASSERT_EQ(p.docs.size(), 1U);
  const Node root = p.root();
  EXPECT_EQ(root.find("a").scalar(), "1");
  EXPECT_EQ(root.find("b").find("c").scalar(), "2");
  EXPECT_FALSE(root.find("missing").valid());
  EXPECT_FALSE(root.find("c").valid()) << "find does not search nested maps";
  EXPECT_FALSE(root.find("list").find("a").valid()) << "find on a list finds nothing";
  EXPECT_FALSE(root.find("a").find("a").valid()) << "find on a scalar finds nothing";
  EXPECT_FALSE(Node().valid());
}

TEST(YamlTree, NullHandling) {
  const auto p = parse(
      "tilde: ~\nword: null\ncap: Null\nupper: NULL\nempty:\nquoted: \"null\"\n"
      "single: '~'\nblank: ''\nlist: [~, null, ]\n");
  ASSERT_EQ(p.docs.size(), 1U);
  EXPECT_TRUE(p.diags.empty());
  const Node root = p.root();
  for (const char* key : {"tilde", "word", "cap", "upper", "empty"}) {
    const Node n = root.find(key);
    ASSERT_TRUE(n.valid()) << key;
    EXPECT_TRUE(n.is_null()) << key;
    EXPECT_FALSE(n.is_scalar()) << key;
    EXPECT_EQ(n.kind(), NodeKind::kNull) << key;
    EXPECT_EQ(n.kind_name(), "empty") << key;
    EXPECT_EQ(n.scalar(), "") << key;
  }
  // Quoted text is never null, even when it spells null.
  const Node quoted = root.find("quoted");
  EXPECT_FALSE(quoted.is_null());
  EXPECT_TRUE(quoted.is_scalar());
  EXPECT_TRUE(quoted.quoted());
  EXPECT_EQ(quoted.scalar(), "null");
  EXPECT_FALSE(root.find("single").is_null());
  EXPECT_EQ(root.find("single").scalar(), "~");
  const Node blank = root.find("blank");
  EXPECT_FALSE(blank.is_null());
  EXPECT_TRUE(blank.quoted());
  EXPECT_EQ(blank.scalar(), "");
  EXPECT_EQ(blank.kind_name(), "a scalar");

  const Node list = root.find("list");
  ASSERT_EQ(list.size(), 2U) << "a trailing comma adds no item";
  EXPECT_TRUE(list.item(0).is_null());
  EXPECT_TRUE(list.item(1).is_null());
}

TEST(YamlTree, QuotedFlagForEveryScalarStyle) {
  const auto p = parse("plain: 5\nsingle: '5'\ndouble: \"5\"\nliteral: |\n  text\nfolded: >\n  more\n");
  ASSERT_EQ(p.docs.size(), 1U);
  const Node root = p.root();
  EXPECT_FALSE(root.find("plain").quoted());
  EXPECT_TRUE(root.find("single").quoted());
  EXPECT_TRUE(root.find("double").quoted());
  EXPECT_TRUE(root.find("literal").quoted());
  EXPECT_EQ(root.find("literal").scalar(), "text\n");
  EXPECT_TRUE(root.find("folded").quoted());
  EXPECT_EQ(root.find("folded").scalar(), "more\n");
  // Keys carry the flag too.
  EXPECT_FALSE(root.key(0).quoted());
}

TEST(YamlTree, LocationsAreOneBasedLinesAndColumns) {
  const auto p = parse(
      "game: pluck\nplayers: [Ann, Bob, Cat]\nhands:\n  - dealer: Ann\n    tricks:\n"
      "      - [2C, 9C, KC]\n");
  ASSERT_EQ(p.docs.size(), 1U);
  const Node root = p.root();
  EXPECT_EQ(root.loc(), (Loc{1, 1}));
  EXPECT_EQ(root.key(0).loc(), (Loc{1, 1}));
  EXPECT_EQ(root.value(0).loc(), (Loc{1, 7}));
  const Node players = root.find("players");
  EXPECT_EQ(players.loc(), (Loc{2, 10}));
  EXPECT_EQ(players.item(0).loc(), (Loc{2, 11}));
  EXPECT_EQ(players.item(1).loc(), (Loc{2, 16}));
  EXPECT_EQ(players.item(2).loc(), (Loc{2, 21}));
  const Node hand = root.find("hands").item(0);
  EXPECT_EQ(root.find("hands").loc(), (Loc{4, 3}));
  EXPECT_EQ(hand.loc(), (Loc{4, 5}));
  EXPECT_EQ(hand.key(0).loc(), (Loc{4, 5}));
  EXPECT_EQ(hand.find("dealer").loc(), (Loc{4, 13}));
  const Node trick = hand.find("tricks").item(0);
  EXPECT_EQ(trick.loc(), (Loc{6, 9}));
  EXPECT_EQ(trick.item(0).loc(), (Loc{6, 10}));
  EXPECT_EQ(trick.item(2).loc(), (Loc{6, 18}));
}

TEST(YamlTree, FirstLineShiftsReportedLines) {
  const auto p = parse("{\"a\": [1, 2]}", {}, 40);
  ASSERT_EQ(p.docs.size(), 1U);
  EXPECT_EQ(p.root().loc(), (Loc{40, 1}));
  EXPECT_EQ(p.root().find("a").item(1).loc(), (Loc{40, 11}));
  const auto bad = parse("{\"a\": [1, 2}", {}, 7);
  ASSERT_EQ(bad.diags.size(), 1U);
  EXPECT_EQ(bad.diags[0].code, Code::kSyntax);
  EXPECT_EQ(bad.diags[0].loc.line, 7U);
}

TEST(YamlTree, DocumentsAreReadOneAtATime) {
  const std::string text = "a: 1\n---\nb: 2\n---\n- x\n- y\n";
  YamlReader reader(text, Limits{});
  DiagnosticSink sink("t.yaml");
  Document doc;
  ASSERT_TRUE(reader.next(doc, sink));
  EXPECT_EQ(doc.start(), (Loc{1, 1}));
  EXPECT_EQ(doc.root().find("a").scalar(), "1");
  EXPECT_FALSE(doc.root().find("b").valid());
  ASSERT_TRUE(reader.next(doc, sink));
  EXPECT_EQ(doc.start(), (Loc{2, 1}));
  EXPECT_FALSE(doc.root().find("a").valid()) << "the document is replaced, not appended to";
  EXPECT_EQ(doc.root().find("b").scalar(), "2");
  EXPECT_EQ(doc.root().find("b").loc(), (Loc{3, 4}));
  ASSERT_TRUE(reader.next(doc, sink));
  ASSERT_TRUE(doc.root().is_sequence());
  EXPECT_EQ(doc.root().size(), 2U);
  EXPECT_EQ(doc.root().item(1).loc(), (Loc{6, 3}));
  EXPECT_FALSE(reader.next(doc, sink));
  EXPECT_FALSE(reader.next(doc, sink)) << "the end stays the end";
  EXPECT_FALSE(reader.failed());
  EXPECT_TRUE(sink.diagnostics().empty());
}

TEST(YamlTree, EmptyInputHasNoDocument) {
  const auto p = parse("");
  EXPECT_TRUE(p.docs.empty());
  EXPECT_TRUE(p.diags.empty());
  EXPECT_FALSE(p.failed);
  const auto comment = parse("# only a comment\n");
  EXPECT_TRUE(comment.docs.empty());
  EXPECT_TRUE(comment.diags.empty());
}

TEST(YamlTree, SyntaxErrorIsReportedWithItsLine) {
  const auto p = parse("a: 1\nb: c: d\ne: 2\n");
  EXPECT_TRUE(p.docs.empty());
  EXPECT_TRUE(p.failed);
  ASSERT_EQ(p.diags.size(), 1U);
  EXPECT_EQ(p.diags[0].code, Code::kSyntax);
  EXPECT_EQ(p.diags[0].severity, Severity::kError);
  EXPECT_EQ(p.diags[0].file, "t.yaml");
  EXPECT_EQ(p.diags[0].loc, (Loc{2, 5}));
  EXPECT_EQ(p.diags[0].message, "invalid YAML: illegal map value");
}

// A tab that indents a line is named at its line and column, whatever
// yaml-cpp called the symptom ("illegal tab when looking for indentation",
// "illegal block entry", "end of map not found").
TEST(YamlTree, ATabInIndentationIsNamedWhereItIs) {
  const std::vector<std::pair<std::string, Loc>> cases = {
      {"game: pluck\nhands:\n  - dealer: Ann\n\ttrump: S\n", Loc{4, 1}},
      {"game: pluck\nhands:\n  - dealer: Ann\n  \t  trump: S\n", Loc{4, 3}},
      {"players:\n\t- Ann\n\t- Bob\n", Loc{2, 1}},
      {"hands:\n  - dealer: Ann\n    tricks:\n    \t- [2C, 3C, 4C]\n", Loc{4, 5}},
      {"a: 1\r\nb:\r\n\tc: 2\r\n", Loc{3, 1}},
  };
  for (const auto& [text, loc] : cases) {
    const auto p = parse(text, Limits{}, 1);
    ASSERT_EQ(p.diags.size(), 1U) << text;
    EXPECT_EQ(p.diags[0].code, Code::kSyntax) << text;
    EXPECT_EQ(p.diags[0].loc, loc) << text;
    EXPECT_EQ(p.diags[0].message, "tab character in indentation (YAML allows spaces only)") << text;
  }
  // Lines shifted as the reader is told (a document after others).
  EXPECT_EQ(parse("a:\n\tb: 1\n", Limits{}, 10).diags.at(0).loc, (Loc{11, 1}));
}

// Tabs where YAML allows them are not blamed for another error: inside a
// flow collection, in a block scalar's text, in JSON.
TEST(YamlTree, TabsThatSeparateAreNotBlamed) {
  const auto flow = parse("players: [Ann,\n\tBob]\nhands: [\n");
  ASSERT_EQ(flow.diags.size(), 1U);
  EXPECT_EQ(flow.diags[0].message, "invalid YAML: end of sequence flow not found");
  const auto block = parse("notes: |\n  one\n  \ttwo\nhands:\n  - a: 1\n   b: 2\n");
  ASSERT_EQ(block.diags.size(), 1U);
  EXPECT_NE(block.diags[0].message.find("invalid YAML"), std::string::npos) << block.diags[0].message;
  const auto json = parse("{\"a\": 1,\n\t\"b\": [}\n");
  ASSERT_EQ(json.diags.size(), 1U);
  EXPECT_EQ(json.diags[0].message, "invalid YAML: illegal flow end");
  // A tab after the error is not its cause.
  const auto later = parse("a: 1\nb: c: d\ne:\n\tf: 2\n");
  ASSERT_EQ(later.diags.size(), 1U);
  EXPECT_EQ(later.diags[0].message, "invalid YAML: illegal map value");
}

TEST(YamlTree, SyntaxErrorInALaterDocumentKeepsTheEarlierOnes) {
  const std::string text = "a: 1\n---\nb: [1, 2]]\n---\nc: 3\n";
  YamlReader reader(text, Limits{});
  DiagnosticSink sink("t.yaml");
  Document doc;
  ASSERT_TRUE(reader.next(doc, sink));
  EXPECT_EQ(doc.root().find("a").scalar(), "1");
  EXPECT_FALSE(reader.failed());
  EXPECT_FALSE(reader.next(doc, sink));
  EXPECT_TRUE(reader.failed());
  EXPECT_FALSE(reader.next(doc, sink)) << "the parser cannot resume after an error";
  ASSERT_EQ(sink.diagnostics().size(), 1U);
  EXPECT_EQ(sink.diagnostics()[0].code, Code::kSyntax);
  EXPECT_EQ(sink.diagnostics()[0].loc, (Loc{3, 10}));
  EXPECT_EQ(sink.diagnostics()[0].message, "invalid YAML: illegal flow end");
}

TEST(YamlTree, UnclosedQuoteIsASyntaxError) {
  // yaml-cpp alone would take the rest of the file as the value.
  const auto dq = parse("game: pluck\nid: \"g1\nplayers: [Ann, Bob, Cat]\nhands: []\n");
  EXPECT_TRUE(dq.docs.empty());
  EXPECT_TRUE(dq.failed);
  ASSERT_EQ(dq.diags.size(), 1U);
  EXPECT_EQ(dq.diags[0].code, Code::kSyntax);
  EXPECT_EQ(dq.diags[0].loc, (Loc{2, 5}));
  EXPECT_EQ(dq.diags[0].message, "a quoted value is never closed: the closing \" is missing");

  const auto sq = parse("a: 1\n---\nb: &x 'it''s\n");
  ASSERT_EQ(sq.docs.size(), 1U) << "the first document is read";
  ASSERT_EQ(sq.diags.size(), 1U);
  EXPECT_EQ(sq.diags[0].code, Code::kSyntax);
  EXPECT_EQ(sq.diags[0].loc, (Loc{3, 4}));
  EXPECT_EQ(sq.diags[0].message, "a quoted value is never closed: the closing ' is missing");

  // Closed quotes, escaped quotes, multi-line quotes, tags and anchors are fine.
  const auto ok = parse(
      "\xEF\xBB\xBF"
      "a: \"x\\\"y\"\nb: 'it''s'\nc: &q \"anch\"\nd: !!str \"t\"\n"
      "e: \"multi\n  line\"\nf: |\n  \"\n");
  EXPECT_TRUE(ok.diags.empty());
  ASSERT_EQ(ok.docs.size(), 1U);
  EXPECT_EQ(ok.root().find("a").scalar(), "x\"y");
  EXPECT_EQ(ok.root().find("b").scalar(), "it's");
  EXPECT_EQ(ok.root().find("e").scalar(), "multi line");
  EXPECT_EQ(ok.root().find("f").scalar(), "\"\n");
}

TEST(YamlTree, UndefinedAliasIsASyntaxError) {
  const auto p = parse("a: &x 1\nb: *x\nc: *y\n");
  EXPECT_TRUE(p.docs.empty());
  ASSERT_EQ(p.diags.size(), 1U);
  EXPECT_EQ(p.diags[0].code, Code::kSyntax);
  EXPECT_EQ(p.diags[0].loc, (Loc{3, 4}));
  EXPECT_EQ(p.diags[0].message, "invalid YAML: the referenced anchor is not defined");
}

TEST(YamlTree, DuplicateKeyIsReportedWithANoteAtTheFirst) {
  const auto p = parse("a: 1\nb: 2\na: 3\n");
  ASSERT_EQ(p.docs.size(), 1U) << "parsing goes on after a duplicate key";
  EXPECT_FALSE(p.failed);
  ASSERT_EQ(p.diags.size(), 1U);
  const Diagnostic& d = p.diags[0];
  EXPECT_EQ(d.code, Code::kSyntax);
  EXPECT_EQ(d.severity, Severity::kError);
  EXPECT_EQ(d.loc, (Loc{3, 1}));
  EXPECT_EQ(d.message, "duplicate key 'a' in a map (first given at line 1)");
  ASSERT_EQ(d.notes.size(), 1U);
  EXPECT_EQ(d.notes[0].loc, (Loc{1, 1}));
  EXPECT_EQ(d.notes[0].message, "'a' first given here");
  // find() sees the first.
  EXPECT_EQ(p.root().find("a").scalar(), "1");
  EXPECT_EQ(p.root().size(), 3U);
}

TEST(YamlTree, EveryRepeatOfAKeyPointsAtItsFirstOccurrence) {
  const auto p = parse("x:\n  b: 1\n  a: 2\n  b: 3\n  a: 4\n  b: 5\n");
  ASSERT_EQ(p.docs.size(), 1U);
  ASSERT_EQ(p.diags.size(), 3U);
  // In document order, each naming the first occurrence.
  EXPECT_EQ(p.diags[0].loc, (Loc{4, 3}));
  EXPECT_EQ(p.diags[0].message, "duplicate key 'b' in a map (first given at line 2)");
  EXPECT_EQ(p.diags[0].notes.at(0).loc, (Loc{2, 3}));
  EXPECT_EQ(p.diags[1].loc, (Loc{5, 3}));
  EXPECT_EQ(p.diags[1].message, "duplicate key 'a' in a map (first given at line 3)");
  EXPECT_EQ(p.diags[1].notes.at(0).loc, (Loc{3, 3}));
  EXPECT_EQ(p.diags[2].loc, (Loc{6, 3}));
  EXPECT_EQ(p.diags[2].message, "duplicate key 'b' in a map (first given at line 2)");
  EXPECT_EQ(p.diags[2].notes.at(0).loc, (Loc{2, 3}));
}

TEST(YamlTree, DuplicateKeysInJsonAndQuotedForms) {
  const auto p = parse("{\"a\": 1, \"b\": 2, \"a\": 3}");
  ASSERT_EQ(p.diags.size(), 1U);
  EXPECT_EQ(p.diags[0].code, Code::kSyntax);
  EXPECT_EQ(p.diags[0].loc, (Loc{1, 18}));
  EXPECT_EQ(p.diags[0].notes.at(0).loc, (Loc{1, 2}));
  // Keys in different maps are not duplicates.
  EXPECT_TRUE(parse("a: {x: 1}\nb: {x: 2}\n").diags.empty());
}

TEST(YamlTree, DepthLimit) {
  const Limits three = limits_with(3, 1000, 1000);
  const auto ok = parse(nested_lists(3), three);
  EXPECT_TRUE(ok.diags.empty());
  ASSERT_EQ(ok.docs.size(), 1U);
  EXPECT_EQ(ok.root().item(0).item(0).item(0).scalar(), "1");

  const auto deep = parse(nested_lists(4), three);
  EXPECT_TRUE(deep.docs.empty());
  EXPECT_TRUE(deep.failed);
  ASSERT_EQ(deep.diags.size(), 1U);
  EXPECT_EQ(deep.diags[0].code, Code::kLimit);
  EXPECT_EQ(deep.diags[0].loc, (Loc{1, 4}));
  EXPECT_EQ(deep.diags[0].message,
            "nesting is deeper than the limit of 3 levels (raise it with --max-depth)");

  // Block maps count the same way, and the location is the line of the level too deep.
  const auto block = parse("a:\n  b:\n    c:\n      d: 1\n", three);
  ASSERT_EQ(block.diags.size(), 1U);
  EXPECT_EQ(block.diags[0].code, Code::kLimit);
  EXPECT_EQ(block.diags[0].loc, (Loc{4, 7}));
}

TEST(YamlTree, DefaultDepthLimitIs64) {
  EXPECT_EQ(Limits{}.max_depth, 64U);
  EXPECT_TRUE(parse(nested_lists(64)).diags.empty());
  const auto deep = parse(nested_lists(65));
  ASSERT_EQ(deep.diags.size(), 1U);
  EXPECT_EQ(deep.diags[0].code, Code::kLimit);
  EXPECT_EQ(deep.diags[0].loc, (Loc{1, 65}));
  EXPECT_EQ(deep.diags[0].message,
            "nesting is deeper than the limit of 64 levels (raise it with --max-depth)");
  // Far deeper than the parser's own guard still gives `limit`, never a crash.
  const auto very = parse(nested_lists(5000));
  ASSERT_EQ(very.diags.size(), 1U);
  EXPECT_EQ(very.diags[0].code, Code::kLimit);
}

TEST(YamlTree, NodeLimit) {
  const Limits five = limits_with(64, 5, 1000);
  const auto ok = parse("[1, 2, 3, 4]", five);
  EXPECT_TRUE(ok.diags.empty());
  ASSERT_EQ(ok.docs.size(), 1U);
  EXPECT_EQ(ok.root().size(), 4U);

  const auto over = parse("[1, 2, 3, 4, 5]", five);
  EXPECT_TRUE(over.docs.empty());
  ASSERT_EQ(over.diags.size(), 1U);
  EXPECT_EQ(over.diags[0].code, Code::kLimit);
  EXPECT_EQ(over.diags[0].loc, (Loc{1, 14}));
  EXPECT_EQ(
      over.diags[0].message,
      "the game has more than 5 YAML nodes, counting what aliases repeat (raise the limit with --max-nodes)");
}

TEST(YamlTree, NodeLimitIsPerDocument) {
  const Limits five = limits_with(64, 5, 1000);
  const auto p = parse("[1, 2, 3, 4]\n---\n[1, 2, 3, 4]\n---\n[1, 2, 3, 4]\n", five);
  EXPECT_TRUE(p.diags.empty());
  EXPECT_EQ(p.docs.size(), 3U);
}

TEST(YamlTree, NodeLimitCountsWhatAliasesRepeat) {
  // 1 outer list + 3 for the anchored list, repeated twice more: 10 nodes once expanded.
  const std::string text = "[&a [1, 2], *a, *a]";
  const auto ok = parse(text, limits_with(64, 10, 1000));
  EXPECT_TRUE(ok.diags.empty());
  ASSERT_EQ(ok.docs.size(), 1U);
  const auto over = parse(text, limits_with(64, 9, 1000));
  ASSERT_EQ(over.diags.size(), 1U);
  EXPECT_EQ(over.diags[0].code, Code::kLimit);
  EXPECT_EQ(
      over.diags[0].message,
      "the game has more than 9 YAML nodes, counting what aliases repeat (raise the limit with --max-nodes)");
}

TEST(YamlTree, ScalarLimit) {
  const Limits four = limits_with(64, 1000, 4);
  EXPECT_TRUE(parse("[abcd, 'wxyz']", four).diags.empty());
  const auto over = parse("a: [abcd, abcde]\n", four);
  EXPECT_TRUE(over.docs.empty());
  ASSERT_EQ(over.diags.size(), 1U);
  EXPECT_EQ(over.diags[0].code, Code::kLimit);
  EXPECT_EQ(over.diags[0].loc, (Loc{1, 11}));
  EXPECT_EQ(over.diags[0].message,
            "a scalar of 5 bytes is longer than the limit of 4 (raise it with --max-scalar)");
  // Bytes, not characters: a suit symbol is three bytes.
  const auto utf8 = parse("- 10\xE2\x99\xA3\n", four);
  ASSERT_EQ(utf8.diags.size(), 1U);
  EXPECT_EQ(utf8.diags[0].message,
            "a scalar of 5 bytes is longer than the limit of 4 (raise it with --max-scalar)");
}

TEST(YamlTree, AliasBombStaysBounded) {
  // "Billion laughs": nine levels of ten aliases each would expand to 10^10 nodes.
  std::string text = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n";
  for (int i = 1; i <= 9; ++i) {
    text += "a" + std::to_string(i) + ": &a" + std::to_string(i) + " [";
    for (int j = 0; j < 10; ++j) {
      text += (j > 0 ? ", *a" : "*a") + std::to_string(i - 1);
    }
    text += "]\n";
  }
  // Bounded by the node count (--max-nodes), not timed: the diagnostic is the node limit's.
  const auto p = parse(text);
  EXPECT_TRUE(p.docs.empty());
  EXPECT_TRUE(p.failed);
  ASSERT_EQ(p.diags.size(), 1U);
  EXPECT_EQ(p.diags[0].code, Code::kLimit);
  // Level 4 holds 10^5 expanded nodes: the limit of 100,000 breaks inside it, on line 5.
  EXPECT_EQ(p.diags[0].loc.line, 5U);
  EXPECT_EQ(p.diags[0].message,
            "the game has more than 100000 YAML nodes, counting what aliases repeat "
            "(raise the limit with --max-nodes)");
}

TEST(YamlTree, SelfReferencingAliasIsRejected) {
  const auto p = parse("&a [*a]");
  EXPECT_TRUE(p.docs.empty());
  EXPECT_TRUE(p.failed);
  ASSERT_EQ(p.diags.size(), 1U);
  EXPECT_EQ(p.diags[0].code, Code::kSyntax);
  EXPECT_EQ(p.diags[0].loc, (Loc{1, 5}));
  EXPECT_EQ(p.diags[0].message, "an alias refers to the node that contains it, which would never end");

  const auto map = parse("top:\n  a: &m\n    b: [1, *m]\n");
  EXPECT_TRUE(map.docs.empty());
  ASSERT_EQ(map.diags.size(), 1U);
  EXPECT_EQ(map.diags[0].code, Code::kSyntax);
  EXPECT_EQ(map.diags[0].loc, (Loc{3, 12}));
  EXPECT_EQ(map.diags[0].message, "an alias refers to the node that contains it, which would never end");
}

TEST(YamlTree, AliasesToCompleteAnchorsShareTheContent) {
  const auto p = parse("base: &b {x: 1, y: [2, 3]}\nname: &n Ann\nuse: *b\nwho: *n\nlist: [*n, *b]\n");
  ASSERT_EQ(p.docs.size(), 1U);
  EXPECT_TRUE(p.diags.empty());
  const Node root = p.root();
  const Node use = root.find("use");
  ASSERT_TRUE(use.is_map());
  EXPECT_EQ(use.find("x").scalar(), "1");
  ASSERT_EQ(use.find("y").size(), 2U);
  EXPECT_EQ(use.find("y").item(1).scalar(), "3");
  EXPECT_EQ(root.find("who").scalar(), "Ann");
  const Node list = root.find("list");
  ASSERT_EQ(list.size(), 2U);
  EXPECT_EQ(list.item(0).scalar(), "Ann");
  EXPECT_EQ(list.item(1).find("y").item(0).scalar(), "2");
  // The alias shares the anchored node, so it reports the anchor's location.
  EXPECT_EQ(use.loc(), root.find("base").loc());
  EXPECT_EQ(use.loc(), (Loc{1, 7}));
}

TEST(SourceText, ConvertsByteColumnsToCharacterColumns) {
  // "♣" and "♥" are three bytes each in UTF-8.
  const std::string text = "a: 1\ncards: [A\xE2\x99\xA3, 10\xE2\x99\xA5, KS]\n";
  const auto p = parse(text);
  ASSERT_EQ(p.docs.size(), 1U);
  const Node cards = p.root().find("cards");
  ASSERT_EQ(cards.size(), 3U);
  EXPECT_EQ(cards.item(0).scalar(), "A\xE2\x99\xA3");
  // Byte columns from the parser...
  EXPECT_EQ(cards.item(0).loc(), (Loc{2, 9}));
  EXPECT_EQ(cards.item(1).loc(), (Loc{2, 15}));
  EXPECT_EQ(cards.item(2).loc(), (Loc{2, 22}));
  // ...become character columns.
  const SourceText source(text);
  EXPECT_EQ(source.to_chars(cards.item(0).loc()), (Loc{2, 9}));
  EXPECT_EQ(source.to_chars(cards.item(1).loc()), (Loc{2, 13}));
  EXPECT_EQ(source.to_chars(cards.item(2).loc()), (Loc{2, 18}));
  // A line without multi-byte characters is unchanged; so are column 1 and unknown locations.
  EXPECT_EQ(source.to_chars(Loc{1, 4}), (Loc{1, 4}));
  EXPECT_EQ(source.to_chars(Loc{2, 1}), (Loc{2, 1}));
  EXPECT_EQ(source.to_chars(Loc{}), (Loc{}));
  EXPECT_EQ(source.line(2), "cards: [A\xE2\x99\xA3, 10\xE2\x99\xA5, KS]");
  EXPECT_EQ(source.line(3), "");
  EXPECT_EQ(source.line(0), "");
}

TEST(SourceText, FixColumnsRewritesDiagnosticsAndNotes) {
  const std::string text = "x: [\xE2\x99\xA3\xE2\x99\xA3, QS]\n";
  const SourceText source(text);
  std::vector<Diagnostic> diags(1);
  diags[0].loc = Loc{1, 12};
  diags[0].notes.push_back(Note{"here", Loc{1, 12}});
  diags[0].notes.push_back(Note{"nowhere", Loc{}});
  source.fix_columns(diags);
  EXPECT_EQ(diags[0].loc, (Loc{1, 8}));
  EXPECT_EQ(diags[0].notes[0].loc, (Loc{1, 8}));
  EXPECT_EQ(diags[0].notes[1].loc, (Loc{}));
}

TEST(SourceText, FirstLineOffset) {
  const std::string line =
      "{\"cards\": [\"\xE2\x99\xA0"
      "A\", \"KS\"]}";
  const auto p = parse(line, {}, 12);
  ASSERT_EQ(p.docs.size(), 1U);
  const Node ks = p.root().find("cards").item(1);
  EXPECT_EQ(ks.loc(), (Loc{12, 20}));
  const SourceText source(line, 12);
  EXPECT_EQ(source.to_chars(ks.loc()), (Loc{12, 18}));
  EXPECT_EQ(source.line(12), line);
  EXPECT_EQ(source.line(11), "");
}

TEST(SourceText, Utf8ByteOrderMark) {
  const std::string body =
      "cards: [\xE2\x99\xA3"
      "2, 10\xE2\x99\xA5]\n";
  const std::string with_bom = "\xEF\xBB\xBF" + body;
  const auto plain = parse(body);
  const auto bom = parse(with_bom);
  ASSERT_EQ(plain.docs.size(), 1U);
  ASSERT_EQ(bom.docs.size(), 1U);
  EXPECT_TRUE(bom.diags.empty());
  EXPECT_EQ(bom.root().key(0).scalar(), "cards") << "the mark is not part of the first key";
  const Node ten = bom.root().find("cards").item(1);
  EXPECT_EQ(ten.scalar(), "10\xE2\x99\xA5");
  // The parser does not count the mark; neither does SourceText.
  EXPECT_EQ(ten.loc(), plain.root().find("cards").item(1).loc());
  EXPECT_EQ(ten.loc(), (Loc{1, 15}));
  EXPECT_EQ(SourceText(with_bom).to_chars(ten.loc()), (Loc{1, 13}));
  EXPECT_EQ(SourceText(body).to_chars(ten.loc()), (Loc{1, 13}));
  EXPECT_EQ(SourceText(with_bom).line(1), body.substr(0, body.size() - 1));
}

TEST(YamlTree, CrlfLineEndingsGiveTheSameLocationsAsLf) {
  const std::string lf =
      "game: pluck\nplayers: [Ann, Bob, Cat]\nhands:\n  - dealer: Ann\n    taken: {Ann: 7}\n"
      "---\nx: [1, 2]\n";
  std::string crlf;
  for (char c : lf) {
    if (c == '\n') {
      crlf += "\r\n";
    } else {
      crlf += c;
    }
  }
  const auto a = parse(lf);
  const auto b = parse(crlf);
  EXPECT_TRUE(b.diags.empty());
  ASSERT_EQ(a.docs.size(), 2U);
  ASSERT_EQ(b.docs.size(), 2U);
  for (std::size_t i = 0; i < 2; ++i) {
    std::vector<Loc> la;
    std::vector<Loc> lb;
    collect_locs(a.root(i), la);
    collect_locs(b.root(i), lb);
    EXPECT_EQ(la, lb) << "document " << i;
    EXPECT_EQ(a.docs[i]->start(), b.docs[i]->start());
  }
  EXPECT_EQ(b.root().find("players").item(2).scalar(), "Cat") << "no carriage return in values";
  EXPECT_EQ(b.root(1).find("x").item(1).loc(), (Loc{7, 8}));
  const SourceText source(crlf);
  EXPECT_EQ(source.line(2), "players: [Ann, Bob, Cat]");
  // An error on a CRLF file is on the same line as on the LF one.
  const auto bad = parse("a: 1\r\nb: 2\r\nb: c: d\r\n");
  ASSERT_EQ(bad.diags.size(), 1U);
  EXPECT_EQ(bad.diags[0].code, Code::kSyntax);
  EXPECT_EQ(bad.diags[0].loc.line, 3U);
}

// quote_input is the one place that decides what of the input a message may show.
TEST(YamlTree, QuoteInputShowsOnlyWhatLooksLikeTheFormat) {
  // Option keys: lower-case words joined by dots, at most 40 bytes.
  EXPECT_EQ(quote_input("exchange.order", Quoted::kOptionKey), "'exchange.order'");
  EXPECT_EQ(quote_input("hands", Quoted::kOptionKey), "'hands'");
  for (const char* bad : {"Password", "api key", "root:x:0:0", "a..b", "a.", ".a", "9lives", "", "a-b"}) {
    EXPECT_EQ(quote_input(bad, Quoted::kOptionKey), std::nullopt) << bad;
  }
  EXPECT_EQ(quote_input(std::string(40, 'k'), Quoted::kOptionKey), "'" + std::string(40, 'k') + "'");
  EXPECT_EQ(quote_input(std::string(41, 'k'), Quoted::kOptionKey), std::nullopt);
  // Tokens: no space, no control character; cut at 80 characters with an ellipsis.
  EXPECT_EQ(quote_input("10\xE2\x99\xA5", Quoted::kToken), "'10\xE2\x99\xA5'");
  EXPECT_EQ(quote_input("pass left", Quoted::kToken), std::nullopt);
  EXPECT_EQ(quote_input(std::string("a\0b", 3), Quoted::kToken), std::nullopt);
  EXPECT_EQ(quote_input("a\x1B[31mb", Quoted::kToken), std::nullopt);
  EXPECT_EQ(quote_input("a\xE2\x80\xAE" "b", Quoted::kToken), std::nullopt) << "a bidirectional override";
  EXPECT_EQ(quote_input("a\xC2\x85" "b", Quoted::kToken), std::nullopt) << "a C1 control";
  EXPECT_EQ(quote_input("\xFF", Quoted::kToken), std::nullopt) << "not UTF-8";
  EXPECT_EQ(quote_input(std::string(80, 'x'), Quoted::kToken), "'" + std::string(80, 'x') + "'");
  EXPECT_EQ(quote_input(std::string(81, 'x'), Quoted::kToken), "'" + std::string(79, 'x') + "\xE2\x80\xA6'");
  // Cut at a character, never inside one: 100 hearts keep 79.
  std::string hearts;
  for (int i = 0; i < 100; ++i) {
    hearts += "\xE2\x99\xA5";
  }
  EXPECT_EQ(quote_input(hearts, Quoted::kToken), "'" + hearts.substr(0, 79 * 3) + "\xE2\x80\xA6'");
  // Text (names) may hold spaces; paths keep their start and their end.
  EXPECT_EQ(quote_input("Ann Lee", Quoted::kText), "'Ann Lee'");
  EXPECT_EQ(quote_input("Ann\nLee", Quoted::kText), std::nullopt);
  const std::string path = "/" + std::string(150, 'd') + "/" + std::string(100, 'e') + "/house.yaml";
  const auto shown = shown_input(path, Quoted::kPath);
  ASSERT_TRUE(shown);
  EXPECT_EQ(*shown, path.substr(0, 99) + "\xE2\x80\xA6" + path.substr(path.size() - 100));
  EXPECT_EQ(shown_input("my rules/house.yaml", Quoted::kPath), "my rules/house.yaml");
}

// A file read as a ruleset may be anything: its reader quotes only keys that look like options.
TEST(YamlTree, DuplicateKeyQuotedOnlyAsTheReaderAllows) {
  const std::string text = "Password: a\nPassword: b\nplayers: 3\nplayers: 4\n";
  YamlReader reader(text, Limits{}, 1, Quoted::kOptionKey);
  DiagnosticSink sink("t.yaml");
  Document doc;
  EXPECT_TRUE(reader.next(doc, sink));
  const auto diags = sink.take();
  ASSERT_EQ(diags.size(), 2U);
  EXPECT_EQ(diags[0].loc, (Loc{2, 1}));
  EXPECT_EQ(diags[0].message, "a duplicate key in a map (first given at line 1)");
  EXPECT_EQ(diags[0].notes.at(0).message, "the key first given here");
  EXPECT_EQ(diags[1].message, "duplicate key 'players' in a map (first given at line 3)");
  // A record's reader (the default) quotes names, spaces and all, but never a control character.
  EXPECT_EQ(parse("Ann Lee: 1\nAnn Lee: 2\n").diags.at(0).message,
            "duplicate key 'Ann Lee' in a map (first given at line 1)");
  EXPECT_EQ(parse("\"a\\tb\": 1\n\"a\\tb\": 2\n").diags.at(0).message,
            "a duplicate key in a map (first given at line 1)");
}

// yaml-cpp's messages that carry input keep at most one short token of it.
TEST(YamlTree, ParserMessagesDoNotCarryTheText) {
  const auto version = parse("%YAML 1.SECRET\n---\na: 1\n");
  ASSERT_EQ(version.diags.size(), 1U);
  EXPECT_EQ(version.diags[0].message, "invalid YAML: bad YAML version");
  const auto escape = parse("a: \"\\qSECRET\"\n");
  ASSERT_EQ(escape.diags.size(), 1U);
  EXPECT_EQ(escape.diags[0].message, "invalid YAML: unknown escape character: q");
  const auto unicode = parse("a: \"\\U0011FFFF\"\n");
  ASSERT_EQ(unicode.diags.size(), 1U);
  EXPECT_EQ(unicode.diags[0].message, "invalid YAML: invalid unicode: 1179647");
}

// `cat a.yaml b.yaml` with b saved with a byte order mark.
TEST(YamlTree, ByteOrderMarkInsideTheStream) {
  const auto joined = parse("a: 1\n---\n\xEF\xBB\xBF" "b: 2\n");
  EXPECT_TRUE(joined.failed);
  ASSERT_EQ(joined.diags.size(), 1U);
  EXPECT_EQ(joined.diags[0].code, Code::kSyntax);
  EXPECT_EQ(joined.diags[0].loc, (Loc{3, 1}));
  EXPECT_EQ(joined.diags[0].message,
            "a byte order mark inside the stream, at the start of a line (files joined with cat?): remove it, or "
            "keep the files apart");
  // Located after a mark at the start of the text too (its bytes are not counted).
  const auto both = parse("\xEF\xBB\xBF" "a: 1\nb: 2\n\xEF\xBB\xBF" "c: 3\n");
  ASSERT_EQ(both.diags.size(), 1U);
  EXPECT_EQ(both.diags[0].loc, (Loc{3, 1}));
  // At the start of the text alone it is accepted; inside a value it is text.
  EXPECT_TRUE(parse("\xEF\xBB\xBF" "a: 1\n").diags.empty());
  EXPECT_TRUE(parse("a: x\xEF\xBB\xBFy\n").diags.empty());
}


// A syntax error in one document of a stream: resume() reads on from the
// next `---` after the line of the fault, with the file's line numbers.
// Every document of `text`, resuming after each failure as the batch does:
// the first key of each document read, the line each begins at, and how
// many failed.
namespace {

struct ReadAll {
  std::vector<std::string> keys;
  std::vector<std::uint32_t> lines;
  int failures = 0;
};
ReadAll read_all(const std::string& text, DiagnosticSink& sink) {
  YamlReader reader(text, Limits{});
  ReadAll out;
  while (true) {
    Document doc;
    if (reader.next(doc, sink)) {
      out.keys.emplace_back(doc.root().key(0).scalar());
      out.lines.push_back(doc.root().loc().line);
      continue;
    }
    if (!reader.failed()) {
      break;
    }
    ++out.failures;
    if (!reader.resume()) {
      break;
    }
  }
  return out;
}

}  // namespace

TEST(YamlTree, ResumesAtTheNextDocumentAfterASyntaxError) {
  const std::string text =
      "a: 1\n"          // 1
      "---\n"           // 2
      "b: [1, 2\n"      // 3: never closed
      "c: }\n"          // 4
      "---\n"           // 5
      "d: 4\n"          // 6
      "--- \n"          // 7
      "e: 5\n";         // 8
  DiagnosticSink sink("t.yaml");
  const ReadAll all = read_all(text, sink);
  const auto& read = all.keys;
  const int failures = all.failures;
  EXPECT_EQ(all.lines, (std::vector<std::uint32_t>{1, 6, 8}));
  EXPECT_EQ(read, (std::vector<std::string>{"a", "d", "e"}));
  EXPECT_EQ(failures, 1);
  const auto diags = sink.take();
  ASSERT_EQ(diags.size(), 1U);
  EXPECT_EQ(diags[0].code, Code::kSyntax);
  EXPECT_GE(diags[0].loc.line, 3U);
  EXPECT_LE(diags[0].loc.line, 4U);
}

// A bracket or quote left open runs the parser past the next `---` (a
// marker ends a document whatever is open in it): the fault is reported at
// that marker, and the games after it are still read, one fault a game.
TEST(YamlTree, ABracketLeftOpenEndsItsGameAtTheNextMarker) {
  const std::string text =
      "a: [1, {b: 2\n"  // 1: never closed
      "---\n"           // 2
      "c: {{\n"         // 3: never closed
      "---\n"           // 4
      "d: \"open\n"     // 5: a quote never closed
      "---\n"           // 6
      "e: 5\n";         // 7
  DiagnosticSink sink("t.yaml");
  const ReadAll all = read_all(text, sink);
  EXPECT_EQ(all.keys, (std::vector<std::string>{"e"}));
  EXPECT_EQ(all.failures, 3);
  const auto diags = sink.take();
  ASSERT_EQ(diags.size(), 3U);
  for (std::size_t i = 0; i < diags.size(); ++i) {
    EXPECT_EQ(diags[i].code, Code::kSyntax);
    EXPECT_EQ(diags[i].loc.line, 2U + 2U * i) << diags[i].message;
    EXPECT_EQ(diags[i].loc.column, 1U);
  }
  EXPECT_EQ(diags[0].message, "invalid YAML: the game ends here, at the next `---`, with a `[`, `{` or quote left open in it");
}

TEST(YamlTree, ResumeFindsNothingAfterTheLastDocumentNorAfterAnEncodingError) {
  {
    YamlReader reader("a: 1\n---\nb: [1\n", Limits{});
    DiagnosticSink sink("t.yaml");
    Document doc;
    EXPECT_TRUE(reader.next(doc, sink));
    EXPECT_FALSE(reader.next(doc, sink));
    EXPECT_TRUE(reader.failed());
    EXPECT_FALSE(reader.resume()) << "no `---` after the fault";
  }
  {
    YamlReader reader(std::string_view("a: \0\n---\nb: 2\n", 14), Limits{});
    DiagnosticSink sink("t.yaml");
    Document doc;
    EXPECT_FALSE(reader.next(doc, sink));
    EXPECT_FALSE(reader.resume()) << "an encoding error is the whole text's";
  }
  {
    YamlReader reader("a: 1\n", Limits{});
    DiagnosticSink sink("t.yaml");
    Document doc;
    EXPECT_TRUE(reader.next(doc, sink));
    EXPECT_FALSE(reader.next(doc, sink));
    EXPECT_FALSE(reader.resume()) << "the end of the text is no failure";
  }
}

}  // namespace trickref
