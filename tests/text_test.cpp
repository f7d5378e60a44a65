// base/text.h and report/json_text.h: how input text is cut and escaped on
// its way out, format by format (issue "Hostile input, round two").
#include <gtest/gtest.h>

#include <climits>
#include <cstddef>
#include <string>
#include <vector>

#include "base/diagnostic.h"
#include "base/json_out.h"
#include "base/text.h"
#include "report/json_text.h"

namespace trickref {
namespace {

// JsonOut writes a short plain key or string in one append of its own;
// every other goes through the string writer. Either way the bytes are the
// writer's, for both writers (transcripts, reports), for a key written in
// the code as for one given at run time.
TEST(JsonOut, WritesKeysAndStringsAsItsStringWriterDoes) {
  const std::vector<std::string> texts = {"",        "quota",    "plucks_suffered", "heuristic-1", "a\"b",
                                          "a\\b",    "tab\there", "caf\xc3\xa9",        "del\x7f",     "x/y ~",
                                          std::string(48, 'k'), std::string(49, 'k'), std::string("nul\0", 4)};
  for (const StringWriter writer : {&append_json_string, &append_report_string}) {
    for (const std::string& text : texts) {
      std::string quoted;
      writer(quoted, text);
      for (const bool first : {true, false}) {
        std::string out;
        JsonOut(out, writer).key(text, first);
        EXPECT_EQ(out, (first ? "" : ",") + quoted + ":") << text;
      }
      std::string out;
      JsonOut(out, writer).str(text);
      EXPECT_EQ(out, quoted) << text;
    }
    std::string out;
    JsonOut j(out, writer);
    j.key("quota", true);
    j.number(3);
    j.key("say \"hi\"");
    j.str("a\"b");
    EXPECT_EQ(out, R"("quota":3,"say \"hi\"":"a\"b")");
  }
}

// A map by player through keys escaped once (NameKeys) is the map the
// names give, whether it fits the writer's own buffer or not: any values
// (the longest numbers both ways), names to escape, more names than values
// and fewer, a name given twice, and maps too long for the buffer.
TEST(JsonOut, WritesAMapByPlayerAsTheNamesDo) {
  const std::vector<long long> values = {0, -7, 12, LLONG_MIN, LLONG_MAX, 3, 100000, -1};
  std::vector<std::vector<std::string>> name_lists = {
      {"heuristic-1", "heuristic-2", "heuristic-3"},
      {"Ann", "say \"hi\"", "tab\there", "caf\xc3\xa9"},
      {"Ann", "Bob", "Ann"},
      {},
      {"a", "b", "c", "d", "e", "f", "g", "h", "i"},
  };
  name_lists.push_back(std::vector<std::string>(12, std::string()));
  for (int k = 0; k < 12; ++k) {
    name_lists.back()[static_cast<std::size_t>(k)] = std::string(40, static_cast<char>('a' + k));
  }
  for (const StringWriter writer : {&append_json_string, &append_report_string}) {
    for (const auto& names : name_lists) {
      const JsonOut::NameKeys keys(names, writer);
      for (std::size_t count = 0; count <= values.size(); ++count) {
        const std::vector<long long> some(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(count));
        std::string by_keys;
        std::string by_names;
        JsonOut(by_keys, writer).name_map(keys, some);
        JsonOut(by_names, writer).name_map(names, some);
        EXPECT_EQ(by_keys, by_names) << names.size() << " names, " << count << " values";
        const std::vector<int> ints = {0, INT_MIN, INT_MAX, -5, 9, 10, 99, 1000};
        const std::vector<int> some_ints(ints.begin(), ints.begin() + static_cast<std::ptrdiff_t>(count));
        std::string ints_by_keys;
        std::string ints_by_names;
        JsonOut(ints_by_keys, writer).name_map(keys, some_ints);
        JsonOut(ints_by_names, writer).name_map(names, some_ints);
        EXPECT_EQ(ints_by_keys, ints_by_names) << names.size() << " names, " << count << " ints";
      }
    }
  }
  // The long names' map (12 names of 40 bytes) is past the buffer: the
  // general way, the same bytes.
  const std::vector<long long> twelve(12, LLONG_MIN);
  std::string out;
  JsonOut(out, &append_json_string).name_map(JsonOut::NameKeys(name_lists.back(), &append_json_string), twelve);
  EXPECT_EQ(out.size(), 2 + 12 * (43 + 20) + 11);
  EXPECT_EQ(out.substr(0, 66), "{\"" + std::string(40, 'a') + "\":-9223372036854775808,\"");
}

TEST(Text, PrintableEscapesEveryControlCharacterVisibly) {
  EXPECT_EQ(printable("Ann"), "Ann");
  EXPECT_EQ(printable("A\x1b[31mB"), "A\\x1b[31mB");
  EXPECT_EQ(printable(std::string("a\0b", 3)), "a\\x00b");
  EXPECT_EQ(printable("one\ntwo\rthree\tfour"), "one\\ntwo\\rthree\\tfour");
  EXPECT_EQ(printable("del\x7f"), "del\\x7f");
  EXPECT_EQ(printable("c1\xc2\x9b" "2J"), "c1\\u009b2J");     // U+009B, the 8-bit CSI
  EXPECT_EQ(printable("nel\xc2\x85"), "nel\\u0085");          // U+0085, next line
  EXPECT_EQ(printable("Bob\xe2\x80\xae" "dlroW"), "Bob\\u202edlroW");  // right-to-left override
  EXPECT_EQ(printable("x\xe2\x81\xa6y"), "x\\u2066y");        // left-to-right isolate
  EXPECT_EQ(printable("x\xe2\x80\x8fy"), "x\\u200fy");        // right-to-left mark
  EXPECT_EQ(printable("x\xd8\x9cy"), "x\\u061cy");            // Arabic letter mark
  EXPECT_EQ(printable("x\xe2\x80\xa8y"), "x\\u2028y");        // line separator
}

TEST(Text, PrintableKeepsOrdinaryUnicodeAndShowsBytesThatAreNotUtf8) {
  EXPECT_EQ(printable("J\xc3\xb6rg \xe2\x99\xa3 \xf0\x9f\x83\x8f"), "J\xc3\xb6rg \xe2\x99\xa3 \xf0\x9f\x83\x8f");
  EXPECT_EQ(printable("a\\x1b"), "a\\x1b");  // a backslash stays as typed
  EXPECT_EQ(printable("bad\xff\xfe"), "bad\\xff\\xfe");
  EXPECT_EQ(printable("cut\xe2\x99"), "cut\\xe2\\x99");  // a truncated sequence
  EXPECT_EQ(printable("over\xc0\xaf"), "over\\xc0\\xaf");  // an overlong '/'
  EXPECT_EQ(printable("sur\xed\xa0\x80"), "sur\\xed\\xa0\\x80");  // a surrogate
}

TEST(Text, CodePointsDecodeUtf8AndKeepOtherBytesAsThemselves) {
  EXPECT_EQ(code_points("Zo\xC3\xAB"), (std::u32string{U'Z', U'o', 0xEB}));
  EXPECT_EQ(code_points("\xF0\x9F\x82\xA1"), std::u32string{0x1F0A1});
  // A lead byte without its continuation, and an overlong "/", stand for themselves.
  EXPECT_EQ(code_points("a\xC3z"), (std::u32string{U'a', 0xC3, U'z'}));
  EXPECT_EQ(code_points("\xC0\xAF"), (std::u32string{0xC0, 0xAF}));
}

TEST(Text, ClipCutsAtEightyCharactersWithAnEllipsis) {
  EXPECT_EQ(clip("Ann"), "Ann");
  const std::string eighty(80, 'x');
  EXPECT_EQ(clip(eighty), eighty);
  const std::string cut = clip(eighty + "y");
  EXPECT_EQ(cut, std::string(79, 'x') + "\xe2\x80\xa6");
  EXPECT_EQ(display_width(cut), 80U);
  // Characters, not bytes: 100 clubs are cut to 79 clubs and the ellipsis,
  // never inside a character.
  std::string clubs;
  for (int i = 0; i < 100; ++i) {
    clubs += "\xe2\x99\xa3";
  }
  EXPECT_EQ(clip(clubs), clubs.substr(0, 79 * 3) + "\xe2\x80\xa6");
  EXPECT_EQ(clip("abcdef", 4), "abc\xe2\x80\xa6");
}

TEST(Text, NameListShowsEightNamesThenHowManyMore) {
  const std::vector<std::string> three{"Ann", "Bob", "Cat"};
  EXPECT_EQ(name_list(three), "Ann, Bob, Cat");
  std::vector<std::string> many;
  for (int i = 0; i < 5000; ++i) {
    many.push_back("P" + std::to_string(i));
  }
  EXPECT_EQ(name_list(many), "P0, P1, P2, P3, P4, P5, P6, P7 and 4992 more");
  const std::vector<std::string> longname{std::string(1000, 'z')};
  EXPECT_EQ(name_list(longname), std::string(79, 'z') + "\xe2\x80\xa6");
}

TEST(Text, CsvTextGuardsFormulasAndQuotes) {
  EXPECT_EQ(csv_text("Ann"), "Ann");
  EXPECT_EQ(csv_text("=HYPERLINK(\"http://x\")"), "\"'=HYPERLINK(\"\"http://x\"\")\"");
  EXPECT_EQ(csv_text("+1"), "\"'+1\"");
  EXPECT_EQ(csv_text("-2"), "\"'-2\"");  // a name, so guarded; numbers never come here
  EXPECT_EQ(csv_text("@SUM(A1)"), "\"'@SUM(A1)\"");
  EXPECT_EQ(csv_text("Smith, Ann"), "\"Smith, Ann\"");
  EXPECT_EQ(csv_text("two\nlines"), "two\\nlines");
  EXPECT_EQ(csv_text("\x1b[2J"), "\\x1b[2J");
}

TEST(Text, HtmlTextEscapesEntitiesAndControls) {
  EXPECT_EQ(html_text("<script>alert('x')</script> & \"q\""),
            "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;q&quot;");
  EXPECT_EQ(html_text("Bob\xe2\x80\xae"), "Bob\\u202e");
}

TEST(JsonText, EscapesWhatJsonEscapesAndTheControlsItLeavesRaw) {
  nlohmann::ordered_json j;
  j["name"] = "A\x1b[31m\n\x7f\xc2\x9b\xe2\x80\xae\xe2\x99\xa3";
  EXPECT_EQ(json_text(j), "{\"name\":\"A\\u001b[31m\\n\\u007f\\u009b\\u202e\xe2\x99\xa3\"}");
  // The same value, read back.
  EXPECT_EQ(nlohmann::json::parse(json_text(j))["name"], j["name"]);
  // Bytes that are not UTF-8 (a file name) become U+FFFD instead of an exception.
  j["name"] = "bad\xff";
  EXPECT_EQ(json_text(j), "{\"name\":\"bad\xef\xbf\xbd\"}");
  EXPECT_EQ(json_text(nlohmann::ordered_json{{"a", 1}}, 2), "{\n  \"a\": 1\n}");
}

TEST(Suggest, StillSuggestsNearbyShortWords) {
  const std::vector<std::string_view> keys{"taken", "tricks", "trump", "dealer"};
  EXPECT_EQ(suggest("takn", keys), "taken");
  EXPECT_EQ(suggest("trumps", keys), "trump");
  EXPECT_EQ(suggest("zzzzzz", keys), "");
}

TEST(Suggest, NeverComparesLongWordsOrLongCandidates) {
  const std::vector<std::string_view> keys{"taken", "tricks"};
  EXPECT_EQ(suggest(std::string(65, 't'), keys), "");
  const std::string long_name(100, 'A');
  const std::vector<std::string_view> names{long_name};
  EXPECT_EQ(suggest(std::string(64, 'A'), names), "");
}

TEST(DiagnosticSink, KeepsItsBudgetAndCountsTheRestBySeverity) {
  DiagnosticBudget budget{3};
  DiagnosticSink first("f.yaml", &budget);
  first.report(Code::kRevoke, Loc{1, 1}, "one");
  first.report(Code::kUnknownKey, Loc{2, 1}, "two");
  DiagnosticSink second("f.yaml", &budget);  // the next game of the same file
  second.report(Code::kRevoke, Loc{3, 1}, "three");
  second.report(Code::kRevoke, Loc{4, 1}, "four");
  // A severity changed after report() is the one counted.
  second.report(Code::kRevoke, Loc{5, 1}, "five").severity = Severity::kWarning;
  second.report(Code::kUnknownKey, Loc{6, 1}, "six");
  EXPECT_EQ(first.diagnostics().size(), 2U);
  EXPECT_EQ(second.diagnostics().size(), 1U);
  EXPECT_EQ(second.diagnostics()[0].message, "three");
  EXPECT_EQ(second.hidden_errors(), 1);
  EXPECT_EQ(second.hidden_warnings(), 2);
  EXPECT_EQ(second.error_count(), 2);  // kept and not kept
  EXPECT_EQ(first.hidden_errors() + first.hidden_warnings(), 0);
}

}  // namespace
}  // namespace trickref
