// Hostile JSON and JSON Lines, end to end through the real binary (the
// Hostile fixture: exit code, peak memory and CPU time bounded, no internal
// text in the output): each gets a located diagnostic and the right exit
// code. And the other side: what `simulate` writes, however long its games,
// reads back under the default limits.
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <csignal>

#include <string>

#include "support/hostile.h"

namespace trickref::test::hostile {
namespace {

const std::string kGame =
    R"({"game": "pluck", "players": ["Ann", "Bob", "Cat"], "hands": [{"dealer": "Ann", "taken": {"Ann": 7, "Bob": 6, "Cat": 4}}]})";

// kGame with `extra` put in before `"hands"`.
std::string game_with(const std::string& extra) {
  std::string g = kGame;
  g.insert(g.find("\"hands\""), extra + ", ");
  return g;
}

using HostileJson = Hostile;

TEST_F(HostileJson, DeepNesting) {
  file("deep.json", std::string(1'000'000, '[') + std::string(1'000'000, ']'));
  expect({"validate", "deep.json"}, 1,
         R"(^deep\.json:1:65: error: nesting is deeper than the limit of 64 levels \(raise it with --max-depth\) \[limit\]$)");
  file("deep.jsonl", kGame + "\n" + game_with("\"notes\": " + std::string(100'000, '[')) + "\n" + kGame + "\n");
  const Outcome r = expect({"validate", "deep.jsonl"}, 1, R"(^deep\.jsonl:2:\d+: error: nesting is deeper .* \[limit\]$)");
  EXPECT_NE(r.out.find("deep.jsonl game 3 (pluck)"), std::string::npos) << r.out;
  // Whatever --max-depth says, JSON nests at most 1000 levels: no stack overflow, no assertion in the parser.
  file("deeper.jsonl", game_with("\"notes\": " + std::string(1'000'000, '[') + std::string(1'000'000, ']')) + "\n" +
                           kGame + "\n");
  const Outcome d = expect({"validate", "--max-depth", "100000000", "deeper.jsonl"}, 1,
                           R"(^deeper\.jsonl:1:\d+: error: nesting is deeper than 1000 levels, the most JSON is read to )"
                           R"(whatever --max-depth says \[limit\]$)");
  EXPECT_NE(d.out.find("deeper.jsonl game 2 (pluck)"), std::string::npos) << d.out;
  expect({"validate", "--max-depth", "100000000", "deep.json"}, 1, R"(^deep\.json:1:1001: error: nesting is deeper than 1000 levels)");
}

TEST_F(HostileJson, HugeNumbers) {
  // Valid JSON numbers that are no count of tricks: a `schema` error at the value.
  file("huge.json", R"({"game": "pluck", "players": ["Ann", "Bob", "Cat"], "hands": [{"dealer": "Ann", )"
                    R"("taken": {"Ann": 1e999999999, "Bob": )" +
                        std::string(100'000, '9') + R"(, "Cat": -0.5}}]})");
  const Outcome r = expect({"validate", "huge.json"}, 1,
                           R"(^huge\.json:1:98: error: `taken` values are whole numbers \(0 or more\), not '1e999999999' \[schema\] \(hand 1\)$)");
  EXPECT_NE(r.out.find("huge.json:1:118: error: `taken` values are whole numbers (0 or more), not '999999"),
            std::string::npos)
      << r.out;
  // Past the JSON value limit: a `limit` error.
  expect({"validate", "--max-json-string", "1000", "huge.json"}, 1,
         R"(^huge\.json:1:118: error: a number of 100000 digits is longer than the limit of 1000 bytes .*--max-json-string\) \[limit\]$)");
}

TEST_F(HostileJson, NotJson) {
  file("nan.jsonl", game_with(R"("id": NaN)") + "\n" + game_with(R"("id": Infinity)") + "\n");
  const Outcome nan = expect({"validate", "nan.jsonl"}, 1,
                             R"(^nan\.jsonl:1:59: error: invalid JSON: NaN is not a number in JSON .* \[syntax\]$)");
  EXPECT_NE(nan.out.find("nan.jsonl:2:59: error: invalid JSON: Infinity is not"), std::string::npos) << nan.out;
  file("lone.jsonl", game_with(R"("id": "\udca1")") + "\n" + game_with(R"("id": "\ud83c x")") + "\n");
  const Outcome lone = expect({"validate", "lone.jsonl"}, 1,
                              R"(^lone\.jsonl:1:60: error: invalid JSON: a lone UTF-16 low surrogate \(\\uDCA1\).* \[syntax\]$)");
  EXPECT_NE(lone.out.find("lone.jsonl:2:60: error: invalid JSON: a lone UTF-16 high surrogate (\\uD83C)"),
            std::string::npos)
      << lone.out;
  file("nul.jsonl", kGame + "\n" + std::string("{\"game\": \"pl\0ck\"}\n", 18));
  expect({"validate", "nul.jsonl"}, 1, R"(^nul\.jsonl:2:13: error: a NUL byte: this is not UTF-8 text.* \[syntax\]$)");
  file("garbage.json", kGame + "\n}]garbage");
  expect({"validate", "garbage.json"}, 1,
         R"(^garbage\.json:2:1: error: invalid JSON: '\}' where the end was expected \(a game is one JSON value\) \[syntax\]$)");
  file("latin1.jsonl", game_with("\"id\": \"caf\xE9\"") + "\n");
  expect({"validate", "latin1.jsonl"}, 1, R"(^latin1\.jsonl:1:63: error: invalid UTF-8 \(byte 0xE9\).* \[syntax\]$)");
}

TEST_F(HostileJson, ByteOrderMarks) {
  // At the start of a file (or of a line, as files joined with cat leave
  // it): accepted, locations as without it.
  file("bom.json", "\xEF\xBB\xBF" + game_with(R"("id": [7])"));
  expect({"validate", "bom.json"}, 1, R"(^bom\.json:1:59: error: `id` is a single value, not a list \[schema\]$)");
  file("bom.jsonl", "\xEF\xBB\xBF" + kGame + "\n\xEF\xBB\xBF" + kGame + "\n");
  expect({"validate", "bom.jsonl"}, 0, R"(^1 file, 2 games: 0 errors, 0 warnings$)");
  // Anywhere else it is no white space of JSON's.
  file("inside.jsonl", kGame + "\xEF\xBB\xBF\n");
  expect({"validate", "inside.jsonl"}, 1,
         R"(^inside\.jsonl:1:123: error: invalid JSON: the character U\+FEFF \(a byte order mark\) where the end was expected.* \[syntax\]$)");
}

TEST_F(HostileJson, TruncatedLastLine) {
  const std::string cut = kGame.substr(0, 44);  // in the list of players
  file("cut.jsonl", kGame + "\n" + cut);
  const Outcome r = expect({"validate", "cut.jsonl"}, 1,
                           R"(^cut\.jsonl:2:45: error: invalid JSON: the text ends inside a list \(a '\]' is missing\) \[syntax\]$)");
  EXPECT_NE(r.out.find("cut.jsonl:2:30: note: the list opened here"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("cut.jsonl: note: this is the file's last line and it has no line end: was the file cut short?"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("cut.jsonl game 1 (pluck)"), std::string::npos) << r.out;
  // The same line in the middle of the file is a broken line, not a cut.
  file("middle.jsonl", cut + "\n" + kGame + "\n");
  const Outcome m = expect({"validate", "middle.jsonl"}, 1, R"(^middle\.jsonl:1:45: error: invalid JSON: the text ends)");
  EXPECT_EQ(m.out.find("cut short"), std::string::npos) << m.out;
}

// A line of a gigabyte, through a pipe, is skipped in constant memory, and
// the next line is refereed. (A pipe, not a sparse file: the kernel's filling
// of the page cache for a fresh sparse file would cost more than the read.)
TEST_F(HostileJson, GigabyteLine) {
  const fs::path fifo = dir_ / "giant.jsonl";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  const auto began = std::chrono::steady_clock::now();
  const pid_t pid = start({"validate", "giant.jsonl"});
  {
    // The reader may be gone early (a failure): no SIGPIPE for the test runner.
    struct sigaction ignore {};
    struct sigaction before {};
    ignore.sa_handler = SIG_IGN;
    ::sigaction(SIGPIPE, &ignore, &before);
    const int fd = ::open(fifo.c_str(), O_WRONLY);
    ASSERT_GE(fd, 0);
    auto put = [fd](std::string_view data) {
      while (!data.empty()) {
        const ssize_t n = ::write(fd, data.data(), data.size());
        if (n <= 0) {
          return false;
        }
        data.remove_prefix(static_cast<std::size_t>(n));
      }
      return true;
    };
    const std::string block(1 << 20, 'x');
    bool ok = put("{\"game\": \"pluck\", \"notes\": \"");
    for (int i = 0; i < 1024 && ok; ++i) {
      ok = put(block);
    }
    ok = ok && put("\"}\n" + kGame + "\n");
    ::close(fd);
    ::sigaction(SIGPIPE, &before, nullptr);
    EXPECT_TRUE(ok) << "validate stopped reading";
  }
  const Outcome r = finish(pid, began);
  EXPECT_EQ(r.exit_code, 1) << r.all();
  // The line limit (64 MiB) and a little: the buffer never holds two copies of itself.
  EXPECT_LT(r.max_rss_kb, kSanitized ? kMaxRssKb : 100L * 1024) << "peak memory " << r.max_rss_kb << " KB";
  EXPECT_TRUE(std::regex_search(r.out, std::regex(R"(^giant\.jsonl:1:1: error: line 1 is longer than the limit of )"
                                                  R"(67108864 bytes \(raise it with --max-file-size\) \[limit\]$)",
                                                  std::regex::multiline)))
      << r.out;
  EXPECT_NE(r.out.find("giant.jsonl game 2 (pluck)"), std::string::npos) << r.out;
  std::fprintf(stderr, "[hostile] GigabyteLine  peak %ld KB  cpu %.2f s  wall %.2f s\n", r.max_rss_kb, r.cpu_seconds,
               r.wall_seconds);
}

// JSON Lines on standard input whose first line is over the size limit:
// that line is skipped as a file's would be, and the games after it are
// refereed (it used to end the run: "standard input is larger than the limit").
TEST_F(HostileJson, StandardInputWithAFirstLineOverTheLimit) {
  const std::string big = "{\"game\": \"pluck\", \"notes\": \"" + std::string(5000, 'x') + "\"}\n";
  file("in.jsonl", big + kGame + "\n" + big + kGame + "\n");
  const Outcome r = expect({"validate", "--max-file-size", "4096", "-"}, 1,
                           R"(^-:1:1: error: line 1 is longer than the limit of 4096 bytes \(raise it with --max-file-size\) \[limit\]$)",
                           {.stdin_path = (dir_ / "in.jsonl").string()});
  EXPECT_NE(r.out.find("- game 2 (pluck)"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("-:3:1: error: line 3 is longer than the limit of 4096 bytes"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("- game 4 (pluck)"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("1 file, 4 games (2 could not be read): 2 errors, 0 warnings"), std::string::npos) << r.out;
  // A first line over the limit that does not open a JSON object is read as YAML, whole: too large.
  file("in.yaml", "notes: " + std::string(5000, 'x') + "\n");
  expect({"validate", "--max-file-size", "4096", "-"}, 1,
         R"(^-: error: standard input is larger than the limit of 4096 bytes)", {.stdin_path = (dir_ / "in.yaml").string()});
}

// Valid JSON that YAML's reader refused: a 60 KB key (an unknown key, so a
// warning), a string of 200 KB, a multi-megabyte line that is one game.
TEST_F(HostileJson, LongButValid) {
  file("key.jsonl", game_with("\"" + std::string(60'000, 'k') + "\": 1, \"notes\": \"" + std::string(200'000, 'n') +
                              "\", \"id\": \"\\ud83c\\udca1\"") +
                        "\n");
  expect({"validate", "key.jsonl"}, 0, R"(^key\.jsonl:1:53: warning: unknown key 'kkkk.*' in a game; it is ignored \[unknown-key\]$)");
  // Twenty thousand hands of a score sheet on one line: about 2 MB.
  std::string hands;
  for (int i = 0; i < 20'000; ++i) {
    hands += std::string(i == 0 ? "" : ", ") + R"({"dealer": ")" + (i % 3 == 0 ? "Ann" : i % 3 == 1 ? "Bob" : "Cat") +
             R"(", "taken": {"Ann": 7, "Bob": 6, "Cat": 4}})";
  }
  file("long.jsonl", R"({"game": "pluck-noscore", "players": ["Ann", "Bob", "Cat"], "hands": [)" + hands + "]}\n");
  expect({"validate", "-q", "long.jsonl"}, 0, R"(^$)");
}

// The longest games simulate writes (kMaxSimulatedHands hands of the game
// with the most JSON a hand, Call Deuces for five, in full) read back under
// the default limits, with room to spare; a longer game cannot be asked for.
TEST_F(HostileJson, LongestSimulatedGamesReadBack) {
  file("endless.yaml", "extends: call-deuces-5\ngame:\n  end: {target: null}\n");
  Outcome sim = run({"simulate", "--rules", "./endless.yaml", "--games", "1", "--hands", "10000", "--out", "big.jsonl",
                     "-q"});
  ASSERT_EQ(sim.exit_code, 0) << sim.all();
  const auto size = fs::file_size(dir_ / "big.jsonl");
  EXPECT_GT(size, 10'000'000U);
  EXPECT_LT(size, (64U << 20) / 4) << "a quarter of the line limit";
  const Outcome r = run({"validate", "--format", "jsonl", "big.jsonl"});
  EXPECT_EQ(r.exit_code, 0) << r.out.substr(0, 2000);
  EXPECT_NE(r.out.find(R"("diagnostics":[])"), std::string::npos) << r.out.substr(0, 2000);
  // The same cap holds for --max-hands (a target no game reaches).
  file("far.yaml", "extends: call-deuces-5\ngame:\n  end: {target: 1000000000}\n");
  EXPECT_EQ(run({"simulate", "--rules", "./far.yaml", "--games", "1", "--max-hands", "10001", "-q"}).exit_code, 2);
  EXPECT_EQ(run({"simulate", "--rules", "./endless.yaml", "--games", "1", "--hands", "10001", "-q"}).exit_code, 2);
}

}  // namespace
}  // namespace trickref::test::hostile
