// Hostile input, round two (rulesets and valid input): the real binary run
// as a subprocess, with the checks every hostile case meets (support/hostile.h:
// exit code, a located diagnostic, bounded memory and CPU, a short output
// with no raw control character and no internal exception text).
//
// Rulesets read only what they should: a file given as a ruleset that is
// not one is never echoed, `extends:` and `game:` name regular files only
// (a FIFO must not hang the run), a record's `game:` names a .yaml/.yml
// file, and the `extends` chain is bounded by --max-extends. Valid input is
// accepted or named: a byte order mark inside a joined stream, an empty
// JSON Lines file, a NUL in a name or a card.
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <filesystem>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

#include "support/hostile.h"

namespace {

using namespace trickref::test::hostile;  // NOLINT(google-build-using-namespace)

const std::string kPlayers = "players: [Ann, Bob, Cat]\n";
const std::string kTakenHand = "hands:\n  - dealer: Ann\n    taken: {Ann: 7, Bob: 6, Cat: 4}\n";

std::string record(const std::string& game) { return "game: " + game + "\n" + kPlayers + kTakenHand; }

// Fails the test if `out` holds any of the marker texts planted in a file.
void expect_no_echo(const Outcome& r, const std::vector<std::string>& secrets) {
  for (const auto& s : secrets) {
    EXPECT_EQ(r.all().find(s), std::string::npos) << "'" << s << "' echoed in:\n" << r.all().substr(0, 2000);
  }
}

// ------------------------------------------------- rulesets read only what they should

// Files that are not rulesets, given as one every way a ruleset is named:
// their keys and values are not echoed (only option-like keys, and short
// tokens given to a real option, may be quoted).
TEST_F(Hostile, FileThatIsNotARulesetIsNotEchoed) {
  // A record: keys that look like options may be named; values may not.
  file("record.yaml",
       "id: SECRET-ID\nplayers: [SECRET-ANN, Bob, Cat]\nnotes: SECRET-NOTES\nPassword: SECRET-PW\n"
       "\"api key\": SECRET-KEY\n" + kTakenHand);
  // A JSON file with a secret key, a value far past 80 characters, a multi-word value.
  file("creds.json", "{\"Authorization\": \"Bearer SECRET-BEARER\", \"rotation\": \"left-" + std::string(100, 'x') +
                         "SECRET-TAIL\", \"trump\": {\"chooser\": \"SECRET WITH SPACES\"}, \"" +
                         std::string(50, 'k') + "SECRET-LONGKEY\": 1}\n");
  // A shell script and a passwd-like file, both of which happen to parse as YAML, and a duplicate key.
  file("script.yaml", "#!/bin/sh\n# SECRET-COMMENT\nSECRET-CMD: run\nSECRET-CMD: again\n");
  file("script2.yaml", "#!/bin/sh\nexport TOKEN=SECRET-TOKEN\nSECRET-CMD: run\n");
  file("passwd.yaml", "root:x:0:0:SECRET-ROOT:/root:/bin/bash\nann:x:1000:1000:SECRET-ANN:/home/ann:/bin/sh\n");
  // Text that is not YAML at all: the parser's messages must not carry it either.
  file("directive.yaml", "%YAML 1.SECRET-VERSION\n---\na: 1\n");
  file("escape.yaml", "a: \"\\qSECRET-ESCAPE\"\n");
  const std::vector<std::string> secrets = {"SECRET", "Bearer", "Password", "api key", "Authorization",
                                            "kkkkkkkkkk", "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"};

  Outcome r = expect({"rules", "check", "record.yaml"}, 1,
                     R"(^record\.yaml:4:1: error: a key that is not a ruleset option \[ruleset\]$)");
  EXPECT_NE(r.out.find("record.yaml:1:1: error: unknown ruleset option 'id' [ruleset]"), std::string::npos) << r.out;
  expect_no_echo(r, secrets);
  r = expect({"rules", "check", "creds.json"}, 1,
             R"(^creds\.json:1:2: error: a key that is not a ruleset option \[ruleset\]$)");
  // The rotation's value is cut at 80 characters, the chooser's (several words) is not shown.
  EXPECT_NE(r.out.find("`rotation` must be one of left, right, by_result, not 'left-xxx"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("x\xE2\x80\xA6'"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("`trump.chooser` must be one of dealer, left_of_dealer, bidder, any, not a value with spaces"),
            std::string::npos)
      << r.out;
  expect_no_echo(r, {"SECRET", "Bearer", "Authorization", "kkkkkkkkkk"});
  r = expect({"rules", "check", "script.yaml"}, 1,
             R"(^script\.yaml:4:1: error: a duplicate key in a map \(first given at line 3\) \[syntax\]$)");
  expect_no_echo(r, secrets);
  r = expect({"rules", "check", "script2.yaml"}, 1, R"(^script2\.yaml:\d+:\d+: error: invalid YAML: .* \[syntax\]$)");
  expect_no_echo(r, secrets);
  r = expect({"rules", "check", "passwd.yaml"}, 1,
             R"(^passwd\.yaml:1:1: error: a ruleset is a map of options, not a scalar \[ruleset\]$)");
  expect_no_echo(r, secrets);
  r = expect({"rules", "check", "directive.yaml"}, 1,
             R"(^directive\.yaml:1:1: error: invalid YAML: bad YAML version \[syntax\]$)");
  expect_no_echo(r, secrets);
  r = expect({"rules", "check", "escape.yaml"}, 1,
             R"(^escape\.yaml:1:\d+: error: invalid YAML: unknown escape character: q \[syntax\]$)");
  expect_no_echo(r, secrets);

  // The same files through --rules, `rules show`, `rules diff`, a record's `game:` and `extends:`.
  file("game.yaml", record("record.yaml"));
  file("extends.yaml", "extends: creds.yaml\n");
  file("creds.yaml", slurp(dir_ / "creds.json"));
  file("plain.yaml", record("pluck"));
  r = expect({"validate", "--rules", "record.yaml", "plain.yaml"}, 2,
             R"(^record\.yaml:4:1: error: a key that is not a ruleset option \[ruleset\]$)");
  expect_no_echo(r, secrets);
  r = expect({"rules", "show", "./script.yaml"}, 2, R"(^script\.yaml:4:1: error: a duplicate key in a map)");
  expect_no_echo(r, secrets);
  r = expect({"rules", "diff", "pluck", "./passwd.yaml"}, 2, R"(a ruleset is a map of options, not a scalar)");
  expect_no_echo(r, secrets);
  r = expect({"validate", "game.yaml"}, 1,
             R"(^game\.yaml:1:7: error: ruleset 'record\.yaml' is invalid: .* \[ruleset\]$)");
  expect_no_echo(r, secrets);
  r = expect({"rules", "check", "extends.yaml"}, 1,
             R"(^creds\.yaml:1:2: error: a key that is not a ruleset option \[ruleset\]$)");
  expect_no_echo(r, {"SECRET", "Bearer", "Authorization", "kkkkkkkkkk"});
}

// The real /etc/passwd, as the issue gives it: never echoed.
TEST_F(Hostile, EtcPasswdAsARuleset) {
  if (!fs::is_regular_file("/etc/passwd")) {
    GTEST_SKIP() << "no /etc/passwd";
  }
  file("plain.yaml", record("pluck"));
  const Outcome r = expect({"validate", "--rules", "/etc/passwd", "plain.yaml"}, 2,
                           R"(^/etc/passwd:\d+:\d+: error: .* \[(ruleset|syntax)\]$)");
  expect_no_echo(r, {"root:", "/bin/", "nologin", "/root"});
  const Outcome c = expect({"rules", "check", "/etc/passwd"}, 1, R"(^/etc/passwd:\d+:\d+: error: )");
  expect_no_echo(c, {"root:", "/bin/", "nologin", "/root"});
}

// Opens `fifo` for writing after `after` (unless `stop` is set first), so a
// tool that wrongly waits on it ends (reading nothing) instead of hanging the
// suite. A non-blocking open for writing succeeds only while a reader has
// the FIFO open, so unblocked() counts the waits: a fact, not a time.
class FifoUnblocker {
 public:
  FifoUnblocker(fs::path fifo, std::chrono::seconds after)
      : thread_([this, fifo = std::move(fifo), after] {
          const auto deadline = std::chrono::steady_clock::now() + after;
          while (!stop_ && std::chrono::steady_clock::now() < deadline) {
            std::this_thread::sleep_for(std::chrono::milliseconds(20));
          }
          // Keep trying: a writer can only open once a reader waits.
          for (int i = 0; !stop_ && i < 500; ++i) {
            const int fd = ::open(fifo.c_str(), O_WRONLY | O_NONBLOCK);
            if (fd >= 0) {
              ::close(fd);
              ++unblocked_;
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(20));
          }
        }) {}
  ~FifoUnblocker() {
    stop_ = true;
    thread_.join();
  }
  FifoUnblocker(const FifoUnblocker&) = delete;
  FifoUnblocker& operator=(const FifoUnblocker&) = delete;
  // How many times a reader was found waiting on the FIFO (and let go).
  [[nodiscard]] int unblocked() const { return unblocked_; }

 private:
  std::atomic<bool> stop_{false};
  std::atomic<int> unblocked_{0};
  std::thread thread_;
};

// `extends:`, `game:` and --rules name regular files: a FIFO, a device, a
// socket, a directory or a /proc file is refused by type, before it is read.
TEST_F(Hostile, RulesetPathsNameRegularFilesOnly) {
  ASSERT_EQ(::mkfifo((dir_ / "pipe.yaml").c_str(), 0600), 0);
  const FifoUnblocker unblock(dir_ / "pipe.yaml", std::chrono::seconds(3));
  fs::create_symlink("/dev/zero", dir_ / "zero.yaml");
  fs::create_symlink("/proc/self/environ", dir_ / "environ.yaml");
  fs::create_directories(dir_ / "dir.yaml");
  file("pipe-game.yaml", record("pipe.yaml"));
  Outcome r = expect({"validate", "pipe-game.yaml"}, 1,
                     R"(^pipe-game\.yaml:1:7: error: cannot read ruleset 'pipe\.yaml': is a named pipe \(FIFO\), )"
                     R"(not a regular file \[ruleset\]$)");
  file("pipe-extends.yaml", "extends: pipe.yaml\n");
  r = expect({"rules", "check", "pipe-extends.yaml"}, 1,
             R"(^pipe-extends\.yaml:1:10: error: cannot read ruleset 'pipe\.yaml': is a named pipe \(FIFO\), )"
             R"(not a regular file \[ruleset\]$)");
  r = expect({"validate", "--rules", "./pipe.yaml", "pipe-game.yaml"}, 2,
             R"(^trickref: error: cannot read ruleset 'pipe\.yaml': is a named pipe \(FIFO\), not a regular file)");
  EXPECT_EQ(unblock.unblocked(), 0) << "the FIFO was waited on";

  file("zero-game.yaml", record("zero.yaml"));
  expect({"validate", "zero-game.yaml"}, 1,
         R"(^zero-game\.yaml:1:7: error: cannot read ruleset 'zero\.yaml': is a device, not a regular file \[ruleset\]$)");
  expect({"validate", "--rules", "/dev/zero", "pipe-game.yaml"}, 2,
         R"(^trickref: error: cannot read ruleset '/dev/zero': is a device, not a regular file \[ruleset\]$)");
  // /proc files claim to be regular (size 0): refused by their file system.
  file("environ-game.yaml", record("environ.yaml"));
  r = expect({"validate", "environ-game.yaml"}, 1,
             R"(^environ-game\.yaml:1:7: error: cannot read ruleset 'environ\.yaml': is a kernel file \(/proc, /sys\), )"
             R"(not a ruleset \[ruleset\]$)");
  expect_no_echo(r, {"PATH=", "HOME="});
  expect({"rules", "check", "/proc/self/environ"}, 2,
         R"(^/proc/self/environ: error: cannot read ruleset '/proc/self/environ': is a kernel file)");
  file("dir-extends.yaml", "extends: dir.yaml\n");
  expect({"rules", "check", "dir-extends.yaml"}, 1,
         R"(^dir-extends\.yaml:1:10: error: cannot read ruleset 'dir\.yaml': is a directory \[ruleset\]$)");
}

// A record's `game:` (and a ruleset's `extends:`) names a built-in or a
// .yaml/.yml file; relative paths start at the file's directory and may use
// `..`; absolute paths are allowed. --rules may name any regular file.
TEST_F(Hostile, RulesetPathsInFilesNameYamlFiles) {
  file("house.json", "extends: pluck\n");
  file("house", "extends: pluck\n");
  file("json-game.yaml", record("house.json"));
  expect({"validate", "json-game.yaml"}, 1,
         R"(^json-game\.yaml:1:7: error: a ruleset path in a file must name a \.yaml or \.yml file, not 'house\.json' )"
         R"(\[ruleset\]$)");
  file("bare-game.yaml", record("./house"));
  expect({"validate", "bare-game.yaml"}, 1,
         R"(^bare-game\.yaml:1:7: error: a ruleset path in a file must name a \.yaml or \.yml file, not '\./house')");
  file("passwd-game.yaml", record("/etc/passwd"));
  expect({"validate", "passwd-game.yaml"}, 1, R"(^passwd-game\.yaml:1:7: error: a ruleset path in a file must name)");
  file("json-extends.yaml", "extends: house.json\n");
  expect({"rules", "check", "json-extends.yaml"}, 1,
         R"(^json-extends\.yaml:1:10: error: a ruleset path in a file must name a \.yaml or \.yml file)");
  // From the command line the user's own choice: any regular file.
  file("plain.yaml", record("pluck"));
  expect({"validate", "--rules", "house.json", "plain.yaml"}, 0, R"(0 errors)");
  // `..` and absolute paths, and the YAML endings in any case.
  fs::create_directories(dir_ / "rules");
  fs::create_directories(dir_ / "nights");
  file("rules/house.YML", "name: house\nextends: pluck\n");
  file("nights/up.yaml", record("../rules/house.YML"));
  expect({"validate", "nights/up.yaml"}, 0, R"(0 errors)");
  file("nights/abs.yaml", record((dir_ / "rules/house.YML").string()));
  expect({"validate", "nights/abs.yaml"}, 0, R"(0 errors)");
}

// A chain of 10,000 files each extending the next ends at --max-extends with
// one diagnostic naming the option, in bounded time and memory.
TEST_F(Hostile, ExtendsChainOfTenThousandFiles) {
  constexpr int kFiles = 10'000;
  for (int i = 0; i < kFiles; ++i) {
    file("r" + std::to_string(i) + ".yaml", "extends: r" + std::to_string(i + 1) + ".yaml\n");
  }
  file("r" + std::to_string(kFiles) + ".yaml", "extends: pluck\n");
  const std::string limit =
      R"(error: the `extends` chain goes on past the limit of 32 links \(raise it with --max-extends\) \[limit\]$)";
  Outcome r = expect({"rules", "check", "r0.yaml"}, 1, "^r32\\.yaml:1:10: " + limit);
  EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 1) << r.out;
  file("game.yaml", record("r0.yaml"));
  r = expect({"validate", "game.yaml"}, 1,
             R"(^game\.yaml:1:7: error: ruleset 'r0\.yaml' is invalid: the `extends` chain goes on past the limit of )"
             R"(32 links \(raise it with --max-extends\) \[ruleset\]$)");
  EXPECT_NE(r.out.find("note: r32.yaml:1:10: the `extends` chain"), std::string::npos) << r.out;
  // Raised, the same chain resolves: 1,000 links from r9000 (r9000 .. r10000, then pluck is the 1,001st).
  expect({"rules", "check", "--max-extends", "1000", "r9001.yaml"}, 0, R"(^r9001\.yaml: ok: ruleset 'r9001')");
  expect({"rules", "check", "--max-extends", "1000", "r9000.yaml"}, 1, "^r10000\\.yaml:1:10: error: .*limit of 1000 links");
  // Above 1,000 the option itself is refused: each link is a level of recursion.
  expect({"rules", "check", "--max-extends", "100000", "r0.yaml"}, 2, R"(--max-extends: Value 100000 not in range)");
}

// Every command that loads rulesets takes --max-extends.
TEST_F(Hostile, EveryCommandThatLoadsRulesetsTakesMaxExtends) {
  file("a.yaml", "name: a\nextends: b.yaml\n");
  file("b.yaml", "name: b\nextends: pluck\n");
  file("game.yaml", record("a.yaml"));
  file("plain.yaml", record("pluck"));
  const std::string limit = R"(the `extends` chain goes on past the limit of 1 link \(raise it with --max-extends\))";
  expect({"validate", "--max-extends", "1", "game.yaml"}, 1, limit);
  expect({"validate", "--max-extends", "2", "game.yaml"}, 0, R"(0 errors)");
  expect({"validate", "--max-extends", "1", "--rules", "a.yaml", "plain.yaml"}, 2, limit);
  expect({"score", "--max-extends", "1", "--rules", "a.yaml", "plain.yaml"}, 2, limit);
  expect({"compare", "--max-extends", "1", "--rules", "pluck", "--rules", "a.yaml", "plain.yaml"}, 2, limit);
  expect({"simulate", "--max-extends", "1", "--rules", "a.yaml", "-n", "1", "-q"}, 2, limit);
  expect({"rules", "check", "--max-extends", "1", "a.yaml"}, 1, limit);
  expect({"rules", "show", "--max-extends", "1", "a.yaml"}, 2, limit);
  expect({"rules", "diff", "--max-extends", "1", "pluck", "a.yaml"}, 2, limit);
  expect({"rules", "show", "--max-extends", "2", "a.yaml"}, 0, R"(^name: a$)");
}

// ---------------------------------------------------------- valid input is accepted

// `cat a.yaml b.yaml` where b starts with a byte order mark: the mark is named.
TEST_F(Hostile, ByteOrderMarkInsideTheStream) {
  const std::string a = record("pluck");
  file("joined.yaml", a + "---\n\xEF\xBB\xBF" + a);
  expect({"validate", "joined.yaml"}, 1,
         R"(^joined\.yaml:7:1: error: a byte order mark inside the stream, at the start of a line .* \[syntax\]$)");
  // Without the `---` (cat of two files that do not start with one).
  file("cat.yaml", a + "\xEF\xBB\xBF" + a);
  expect({"validate", "cat.yaml"}, 1, R"(^cat\.yaml:6:1: error: a byte order mark inside the stream)");
  // One at the start of the file is still accepted.
  file("first.yaml", "\xEF\xBB\xBF" + a);
  expect({"validate", "first.yaml"}, 0, R"(0 errors)");
}

// An empty or blank .jsonl file, and empty standard input, hold no game, like an empty .yaml.
TEST_F(Hostile, EmptyJsonLinesFileHoldsNoGame) {
  file("empty.jsonl", "");
  expect({"validate", "empty.jsonl"}, 1, R"(^empty\.jsonl:1:1: error: the file holds no game \[schema\]$)");
  file("blank.jsonl", "\n   \n\t\r\n\n");
  const Outcome r = expect({"validate", "blank.jsonl"}, 1, R"(^blank\.jsonl:1:1: error: the file holds no game \[schema\]$)");
  EXPECT_NE(r.out.find("1 file, 1 game: 1 error, 0 warnings"), std::string::npos) << r.out;
  file("empty.yaml", "");
  const Outcome yaml = run({"validate", "empty.yaml"});
  const Outcome jsonl = run({"validate", "empty.jsonl"});
  EXPECT_EQ(yaml.exit_code, jsonl.exit_code);
  EXPECT_EQ(std::regex_replace(yaml.out, std::regex("empty\\.yaml"), "empty.jsonl"), jsonl.out);
  // Standard input is /dev/null here.
  expect({"validate", "-"}, 1, R"(^-:1:1: error: the file holds no game \[schema\]$)");
  // A .jsonl file with games is unchanged.
  file("one.jsonl", R"({"game": "pluck", "players": ["Ann", "Bob", "Cat"], )"
                    R"("hands": [{"dealer": "Ann", "taken": {"Ann": 7, "Bob": 6, "Cat": 4}}]})" "\n\n");
  expect({"validate", "one.jsonl"}, 0, R"(^1 file, 1 game: 0 errors)");
}

// A NUL in a name or a card (YAML "\0", JSON "\u0000") is an error shown as \0, never raw.
TEST_F(Hostile, NulInNamesAndCards) {
  file("names.yaml",
       "game: pluck\nplayers: [Ann, \"B\\0b\", Cat]\nhands:\n  - dealer: \"A\\0nn\"\n"
       "    taken: {Ann: 7, \"C\\0at\": 6, Bob: 4}\n");
  Outcome r = expect({"validate", "names.yaml"}, 1,
                     R"(^names\.yaml:2:16: error: 'B\\0b' holds a NUL character \(\\0\), which a player's name )"
                     R"(cannot \[schema\]$)");
  EXPECT_NE(r.out.find(R"(names.yaml:4:13: error: 'A\0nn' (the dealer) holds a NUL character)"), std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find(R"(names.yaml:5:21: error: 'C\0at' (a key of `taken`) holds a NUL character)"),
            std::string::npos)
      << r.out;
  // The name goes no further: the report shows a placeholder for the seat.
  EXPECT_NE(r.out.find("#2"), std::string::npos) << r.out;
  file("names.json",
       R"({"game": "pluck", "players": ["Ann", "Bob", "Cat"], "hands": [{"dealer": "Ann", )"
       R"("plucks": [{"by": "B\u0000ob", "from": "Ann", "gives": "2C"}], )"
       R"("tricks": [{"leader": "Cat\u0000", "cards": ["2C\u0000", "3C", "4C"]}]}], )"
       R"("result": {"winner": "\u0000"}})" "\n");
  r = expect({"validate", "names.json"}, 1,
             R"(^names\.json:1:\d+: error: 'B\\0ob' \(the plucker \(`by`\)\) holds a NUL character)");
  EXPECT_NE(r.out.find(R"('Cat\0' (the trick's `leader`) holds a NUL character)"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find(R"('2C\0' is not a card: it holds a NUL character (\0) [bad-card])"), std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find(R"('\0' (the winner) holds a NUL character)"), std::string::npos) << r.out;
  // The JSON report carries no NUL either (raw_control is checked by expect on every output).
  expect({"validate", "--format", "json", "names.json"}, 1, R"("code": "bad-card")");
}

}  // namespace
