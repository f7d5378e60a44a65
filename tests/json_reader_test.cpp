// JsonReader: the tree it builds is the one YamlReader builds from the same
// JSON (kinds, quoting, text and the location of every node); what JSON
// allows and YAML's reader did not (surrogate pairs, long keys); every fault
// located and worded; the JSON limits; duplicate keys.
#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>

#include "base/diagnostic.h"
#include "json/json_reader.h"
#include "yaml/tree.h"

namespace trickref {
namespace {

struct Parsed {
  JsonRead read = JsonRead::kFailed;
  Document doc;
  std::vector<Diagnostic> diags;
};

Parsed parse(std::string_view text, const Limits& limits = {}, bool json_lines = false, bool unterminated = false) {
  Parsed p;
  JsonReader reader(limits);
  DiagnosticSink sink("t.json");
  p.read = reader.read(JsonText{text, false, 1, json_lines, unterminated}, p.doc, sink);
  p.diags = sink.take();
  return p;
}

// The tree as text: kind, location, quoting and text of every node, depth first.
void dump(Node n, std::string& out) {
  out += fmt::format("{}:{}", n.loc().line, n.loc().column);
  switch (n.kind()) {
    case NodeKind::kNull:
      out += " null";
      break;
    case NodeKind::kScalar:
      out += fmt::format(" {}'{}'", n.quoted() ? "q" : "", n.scalar());
      break;
    case NodeKind::kSequence:
      out += " [";
      for (std::uint32_t i = 0; i < n.size(); ++i) {
        dump(n.item(i), out);
        out += ", ";
      }
      out += "]";
      break;
    case NodeKind::kMap:
      out += " {";
      for (std::uint32_t i = 0; i < n.size(); ++i) {
        dump(n.key(i), out);
        out += ": ";
        dump(n.value(i), out);
        out += ", ";
      }
      out += "}";
      break;
  }
}

std::string dump(const Document& doc) {
  std::string out;
  dump(doc.root(), out);
  return out;
}

// "line:column: message [code]" for each diagnostic, then its notes.
std::vector<std::string> lines(const std::vector<Diagnostic>& diags) {
  std::vector<std::string> out;
  for (const auto& d : diags) {
    out.push_back(fmt::format("{}:{}: {} [{}]", d.loc.line, d.loc.column, d.message, code_name(d.code)));
    for (const auto& n : d.notes) {
      out.push_back(fmt::format("  {}:{}: {}", n.loc.line, n.loc.column, n.message));
    }
  }
  return out;
}

using Lines = std::vector<std::string>;

TEST(JsonReader, BuildsTheTreeTheYamlReaderBuilds) {
  const std::vector<std::string> texts = {
      R"({"game": "pluck", "players": ["Ann", "Bob", "Cat"], "hands": []})",
      "{\n  \"game\": \"pluck\",\n  \"n\": [1, -2, 3.5, 1e3, 0],\n  \"t\": true, \"f\": false,\n  \"z\": null,\n"
      "  \"e\": {}, \"l\": [],\n  \"esc\": \"a\\\"b\\\\c\\/d\\u00e9\\n\",\n  \"deep\": [[{\"k\": [null]}]]\n}\n",
      "\xEF\xBB\xBF{\"game\": \"pluck\",\r\n \"players\": [\"Ann\"]}\r\n",  // a byte order mark, CRLF
      "  [\"a\",\n\t\"caf\xC3\xA9\", {\"x\": 1}]  ",
  };
  for (const auto& text : texts) {
    const Parsed json = parse(text);
    ASSERT_EQ(json.read, JsonRead::kGame) << text;
    EXPECT_TRUE(json.diags.empty()) << text;
    YamlReader yaml_reader(text, Limits{});
    DiagnosticSink sink;
    Document yaml;
    ASSERT_TRUE(yaml_reader.next(yaml, sink)) << text;
    EXPECT_EQ(dump(json.doc), dump(yaml)) << text;
    EXPECT_EQ(json.doc.start(), json.doc.root().loc());
  }
}

TEST(JsonReader, ValidJsonIsAcceptedAsJson) {
  // A surrogate pair is one character (U+1F0A1, the ace of spades card).
  const Parsed pair = parse(R"({"id": "\ud83c\udca1"})");
  ASSERT_EQ(pair.read, JsonRead::kGame);
  EXPECT_EQ(pair.doc.root().find("id").scalar(), "\xF0\x9F\x82\xA1");
  // \u0000 is a character of the string (the loader refuses it in names).
  const Parsed nul = parse(R"({"id": "a\u0000b"})");
  ASSERT_EQ(nul.read, JsonRead::kGame);
  EXPECT_EQ(nul.doc.root().find("id").scalar(), std::string_view("a\0b", 3));
  // A 60 KB key (YAML's reader stops at 1,024 characters for a key in a flow map).
  const std::string key(60'000, 'k');
  const Parsed long_key = parse("{\"" + key + "\": 1, \"b\": 2}");
  ASSERT_EQ(long_key.read, JsonRead::kGame) << lines(long_key.diags).front();
  EXPECT_EQ(long_key.doc.root().key(0).scalar(), key);
  EXPECT_EQ(long_key.doc.root().key(1).loc(), (Loc{1, 60'009}));
  // A string past YAML's 64 KiB scalar limit, within JSON's own.
  const std::string notes(200'000, 'n');
  EXPECT_EQ(parse("{\"notes\": \"" + notes + "\"}").read, JsonRead::kGame);
  // Blank text is no value.
  EXPECT_EQ(parse(" \n\t\r\n").read, JsonRead::kEmpty);
  EXPECT_EQ(parse("\xEF\xBB\xBF").read, JsonRead::kEmpty);
}

TEST(JsonReader, EveryFaultIsLocatedAndSaid) {
  struct Case {
    std::string text;
    Lines expected;
  };
  const std::vector<Case> cases = {
      {"{\"a\": 1,}", {"1:9: invalid JSON: a ',' before '}' (JSON allows no comma after the last entry) [syntax]"}},
      {"[1, 2,]", {"1:7: invalid JSON: a ',' before ']' (JSON allows no comma after the last item) [syntax]"}},
      {"{\"a\" 1}", {"1:6: invalid JSON: '1' where ':' after the key was expected [syntax]"}},
      {"{\"a\": 1 \"b\": 2}", {"1:9: invalid JSON: '\"' where ',' or '}' was expected [syntax]"}},
      {"{a: 1}", {"1:2: invalid JSON: 'a' where a key in double quotes was expected [syntax]"}},
      {"{'a': 1}",
       {"1:2: invalid JSON: a single quote where a key in double quotes was expected (JSON strings are in double "
        "quotes) [syntax]"}},
      {"{\"a\": [Ann, Bob]}",
       {"1:8: invalid JSON: 'Ann' where a value was expected (a string needs double quotes; true, false and null are "
        "lower case) [syntax]"}},
      {"{\"a\": NaN}", {"1:7: invalid JSON: NaN is not a number in JSON (JSON has no NaN or infinity) [syntax]"}},
      {"{\"a\": -Infinity}",
       {"1:7: invalid JSON: -Infinity is not a number in JSON (JSON has no NaN or infinity) [syntax]"}},
      {"{\"a\": 12x}", {"1:7: invalid JSON: '12x' is not a JSON number [syntax]"}},
      {"{\"a\": 012}", {"1:7: invalid JSON: '012' is not a JSON number [syntax]"}},
      {"{\"a\": True}",
       {"1:7: invalid JSON: 'True' where a value was expected (a string needs double quotes; true, false and null are "
        "lower case) [syntax]"}},
      {"{\"a\": \"\\q\"}", {"1:8: invalid JSON: unknown escape '\\q' in a string [syntax]"}},
      {"{\"a\": \"\\u12\"}", {"1:8: invalid JSON: '\\u' must be followed by four hex digits [syntax]"}},
      {"{\"a\": \"\\ud83c\"}",
       {"1:8: invalid JSON: a lone UTF-16 high surrogate (\\uD83C) in a string: it must be followed by a low one "
        "(\\uDC00-\\uDFFF) [syntax]"}},
      {"{\"a\": \"x\\udca1\"}",
       {"1:9: invalid JSON: a lone UTF-16 low surrogate (\\uDCA1) in a string: it must follow a high one "
        "(\\uD800-\\uDBFF) [syntax]"}},
      {"{\"a\": \"x\ty\"}",
       {"1:9: invalid JSON: a control character (0x09) inside a string, where JSON needs it escaped [syntax]"}},
      {std::string("{\"a\": \"x\0\"}", 11),
       {"1:9: a NUL byte: this is not UTF-8 text (a binary file, or UTF-16?) [syntax]"}},
      {"{\"a\": \"caf\xE9\"}",
       {"1:11: invalid UTF-8 (byte 0xE9): trickref reads UTF-8 text; save the file as UTF-8 [syntax]"}},
      {"\xFF\xFE{\0", {"1:1: the text is UTF-16 or UTF-32; trickref reads UTF-8 (save the file as UTF-8) [syntax]"}},
      {"{\"a\": 1} x", {"1:10: invalid JSON: 'x' where the end was expected (a game is one JSON value) [syntax]"}},
      {"{\"a\": 1}\n{\"b\": 2}\n",
       {"2:1: invalid JSON: '{' where the end was expected (a game is one JSON value) [syntax]"}},
      {"{\"a\": 1}\xEF\xBB\xBF",
       {"1:9: invalid JSON: the character U+FEFF (a byte order mark) where the end was expected (a game is one JSON "
        "value) [syntax]"}},
      {"{\"a\": [1,\n  2", {"2:4: invalid JSON: the text ends inside a list (a ']' is missing) [syntax]",
                            "  1:7: the list opened here"}},
      {"{\"a\": \"abc", {"1:7: invalid JSON: a string is never closed: the closing '\"' is missing [syntax]"}},
      {"}", {"1:1: invalid JSON: '}' where a value was expected [syntax]"}},
  };
  for (const auto& c : cases) {
    const Parsed p = parse(c.text);
    EXPECT_EQ(p.read, JsonRead::kFailed) << c.text;
    EXPECT_EQ(lines(p.diags), c.expected) << c.text;
    EXPECT_TRUE(p.doc.empty()) << c.text;
  }
}

TEST(JsonReader, ATruncatedLastLineSaysTheFileWasCutShort) {
  const std::string cut = R"({"game": "pluck", "players": ["Ann", "Bob")";
  EXPECT_EQ(lines(parse(cut, {}, true, true).diags),
            (Lines{"1:43: invalid JSON: the text ends inside a list (a ']' is missing) [syntax]",
                   "  1:30: the list opened here",
                   "  0:0: this is the file's last line and it has no line end: was the file cut short?"}));
  // A line with its line end, or one that is complete, is no cut.
  EXPECT_EQ(lines(parse(cut, {}, true, false).diags).size(), 2U);
  EXPECT_EQ(parse(R"({"game": "pluck"})", {}, true, true).read, JsonRead::kGame);
  // Trailing text on a line of JSON Lines: one game to a line.
  EXPECT_EQ(lines(parse(R"({"a": 1}{"b": 2})", {}, true).diags),
            (Lines{"1:9: invalid JSON: '{' where the end was expected (a game is one JSON value, one to a line) "
                   "[syntax]"}));
}

TEST(JsonReader, LimitsOfItsOwn) {
  Limits limits;
  limits.max_depth = 3;
  EXPECT_EQ(lines(parse(R"({"a": [[1]], "b": [[[2]]]})", limits).diags),
            (Lines{"1:21: nesting is deeper than the limit of 3 levels (raise it with --max-depth) [limit]"}));
  // A million levels: stopped at the limit, the rest never walked.
  EXPECT_EQ(lines(parse(std::string(1'000'000, '[')).diags),
            (Lines{"1:65: nesting is deeper than the limit of 64 levels (raise it with --max-depth) [limit]"}));
  limits = Limits{};
  limits.max_json_values = 5;
  EXPECT_EQ(lines(parse(R"({"a": 1, "b": [2, 3]})", limits).diags),
            (Lines{"1:16: the game has more than 5 JSON values, keys included (raise the limit with "
                   "--max-json-values) [limit]"}));
  EXPECT_EQ(parse(R"({"a": 1, "b": []})", limits).read, JsonRead::kGame);
  limits = Limits{};
  limits.max_json_string_bytes = 4;
  EXPECT_EQ(lines(parse(R"({"abcd": "abcde"})", limits).diags),
            (Lines{"1:10: a string of 5 bytes is longer than the limit of 4 for one JSON string (raise it with "
                   "--max-json-string) [limit]"}));
  EXPECT_EQ(lines(parse(R"({"a": 123456})", limits).diags),
            (Lines{"1:7: a number of 6 digits is longer than the limit of 4 bytes for one JSON value (raise it with "
                   "--max-json-string) [limit]"}));
  // The limit counts the string unescaped: six bytes of escape are one character.
  EXPECT_EQ(parse(R"({"a": "\u00e9\u00e9"})", limits).read, JsonRead::kGame);
}

TEST(JsonReader, DuplicateKeysAreReportedAsTheYamlReaderReportsThem) {
  const std::string text = "{\"game\": \"pluck\",\n \"b\": 1,\n \"game\": \"x\", \"b\": 2, \"game\": 3}";
  const Parsed p = parse(text);
  ASSERT_EQ(p.read, JsonRead::kGame) << "reading goes on after a duplicate key";
  EXPECT_EQ(lines(p.diags), (Lines{"3:2: duplicate key 'game' in a map (first given at line 1) [syntax]",
                                   "  1:2: 'game' first given here",
                                   "3:15: duplicate key 'b' in a map (first given at line 2) [syntax]",
                                   "  2:2: 'b' first given here",
                                   "3:23: duplicate key 'game' in a map (first given at line 1) [syntax]",
                                   "  1:2: 'game' first given here"}));
  YamlReader yaml_reader(text, Limits{});
  DiagnosticSink sink;
  Document yaml;
  ASSERT_TRUE(yaml_reader.next(yaml, sink));
  EXPECT_EQ(lines(sink.take()), lines(p.diags));
  // In a map of more keys than are compared pairwise (32), the same.
  std::string big = "{";
  for (int i = 0; i < 40; ++i) {
    big += fmt::format("\"k{}\": {}, ", i, i);
  }
  big += "\"k7\": 0}";
  EXPECT_EQ(lines(parse(big).diags).front(), "1:422: duplicate key 'k7' in a map (first given at line 1) [syntax]");
}

TEST(JsonReader, OneReaderReadsTextAfterText) {
  JsonReader reader(Limits{});
  Document doc;
  DiagnosticSink sink;
  ASSERT_EQ(reader.read(JsonText{R"({"a": [1, 2, 3], "b": "long enough to need the heap"})", false, 7, true, false},
                        doc, sink),
            JsonRead::kGame);
  EXPECT_EQ(doc.root().key(1).loc(), (Loc{7, 18}));
  EXPECT_EQ(doc.root().find("b").loc(), (Loc{7, 23}));
  ASSERT_EQ(reader.read(JsonText{R"({"a": [1, 2,]})", false, 8, true, false}, doc, sink), JsonRead::kFailed);
  EXPECT_TRUE(doc.empty());
  ASSERT_EQ(reader.read(JsonText{R"(["x"])", false, 9, true, false}, doc, sink), JsonRead::kGame);
  EXPECT_EQ(doc.root().item(0).scalar(), "x");
  EXPECT_EQ(doc.root().item(0).loc(), (Loc{9, 2}));
  EXPECT_EQ(lines(sink.take()), (Lines{"8:13: invalid JSON: a ',' before ']' (JSON allows no comma after the last item) "
                                       "[syntax]"}));
}

TEST(JsonReader, AScalarAtTheTopIsAValue) {
  const Parsed s = parse("  \"just text\" ");
  ASSERT_EQ(s.read, JsonRead::kGame);
  EXPECT_EQ(dump(s.doc), "1:3 q'just text'");
  EXPECT_EQ(dump(parse("42").doc), "1:1 '42'");
  EXPECT_EQ(dump(parse("null").doc), "1:1 null");
  EXPECT_EQ(lines(parse("42 43").diags),
            (Lines{"1:4: invalid JSON: '43' where the end was expected (a game is one JSON value) [syntax]"}));
}

}  // namespace
}  // namespace trickref
