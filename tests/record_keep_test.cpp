// trickref record keeps what it was given (issue 33): a finished record
// resumed and nothing entered is left byte for byte; hands without
// `dealer` resume; links are written through, read-only and .json records
// refused; one session at a time (record/lock.h); a file changed by another
// program is never overwritten; everything printed is escaped.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "record/lock.h"
#include "record/recorder.h"
#include "ruleset/ruleset_loader.h"
#include "support/test_support.h"

namespace trickref {
namespace {

namespace fs = std::filesystem;

// A fresh directory for one test's record, removed with the test.
struct Dir : test::ScratchDir {
  explicit Dir(const std::string& name) : ScratchDir("keep-" + name) {}
};

std::string slurp(const fs::path& p) {
  std::ifstream f(p, std::ios::binary);
  std::stringstream s;
  s << f.rdbuf();
  return s.str();
}

void put(const fs::path& p, const std::string& text) { std::ofstream(p, std::ios::binary) << text; }

// Input that runs `hook` once the first `after` lines have been read (what
// another program does to the file while the session waits for a line).
class HookedInput : public std::streambuf {
 public:
  HookedInput(std::string text, std::size_t after, std::function<void()> hook)
      : text_(std::move(text)), after_(after), hook_(std::move(hook)) {}

 protected:
  int_type underflow() override {
    if (at_ >= text_.size()) {
      return traits_type::eof();
    }
    if (lines_ == after_ && hook_) {
      hook_();
      hook_ = nullptr;
    }
    const std::size_t nl = text_.find('\n', at_);
    const std::size_t end = nl == std::string::npos ? text_.size() : nl + 1;
    setg(text_.data() + at_, text_.data() + at_, text_.data() + end);
    at_ = end;
    ++lines_;
    return traits_type::to_int_type(*gptr());
  }

 private:
  std::string text_;
  std::size_t at_ = 0;
  std::size_t lines_ = 0;
  std::size_t after_;
  std::function<void()> hook_;
};

struct Outcome {
  int exit_code = 0;
  std::string out;
  std::string err;
};

Outcome run(const fs::path& file, const std::string& script, std::size_t hook_after = 0,
        std::function<void()> hook = nullptr, const std::string& display = "") {
  HookedInput buf(script, hook_after, std::move(hook));
  std::istream in(&buf);
  std::ostringstream out;
  std::ostringstream err;
  record::SessionOptions o;
  o.file = file;
  o.display = display.empty() ? file.filename().string() : display;
  RulesetCatalog catalog;
  Outcome r;
  r.exit_code = record::run_session(o, in, out, err, catalog);
  r.out = out.str();
  r.err = err.str();
  return r;
}

// A Court Piece game Ann & Cat won in its one hand (a court), kept by the
// recorder and finished with `end`; a comment added by hand after.
std::string won_court_piece(const fs::path& file) {
  const Outcome r = run(file, "court-piece\nAnn Bob Cat Dan\nann\ns\n7 0 6 0\nend\n");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  std::string text = slurp(file) + "# kept by hand\n";
  put(file, text);
  return text;
}

TEST(RecordKeeps, AFinishedRecordResumedAndNothingTypedIsLeftByteForByte) {
  const Dir dir("finished");
  const fs::path file = dir / "g.yaml";
  const std::string text = won_court_piece(file);
  EXPECT_EQ(text.find("status"), std::string::npos) << text;
  const Outcome r = run(file, "");
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_NE(r.out.find("  result: Ann & Cat win in hand 1 (Ann & Cat 52, Bob & Dan 0)\nHand 2: Bob deals.\n"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("\nStopped: g.yaml is left as it was.\n"), std::string::npos) << r.out;
  EXPECT_EQ(slurp(file), text);
  // How the hand would be entered, `show`, `end`: still nothing entered.
  EXPECT_EQ(run(file, "s\n").exit_code, 0);
  EXPECT_EQ(run(file, "show\n").exit_code, 0);
  const Outcome e = run(file, "end\n");
  EXPECT_NE(e.out.find("The game is recorded in g.yaml.\n"), std::string::npos) << e.out;
  EXPECT_EQ(slurp(file), text);
  const auto games = test::validate_yaml(slurp(file), "g.yaml");
  ASSERT_EQ(games.size(), 1U);
  ASSERT_TRUE(games[0].result);
  EXPECT_TRUE(games[0].result->outcome.finished);
}

TEST(RecordKeeps, AFinishedRecordGetsStatusAndAHandOnlyWhenTheHandIsBegun) {
  const Dir dir("begun");
  const fs::path file = dir / "g.yaml";
  (void)won_court_piece(file);
  const Outcome r = run(file, "s\n6 1 6 0\n");
  EXPECT_EQ(r.exit_code, 0);
  const std::string y = slurp(file);
  EXPECT_NE(y.find("status: in-progress\n"), std::string::npos) << y;
  EXPECT_NE(y.find("  - dealer: Bob\n    taken: {Ann: 6, Bob: 1, Cat: 6, Dan: 0}\n"), std::string::npos) << y;
}

TEST(RecordKeeps, AGameWonByItsTargetResumedIsLeftByteForByte) {
  const Dir dir("target");
  const fs::path file = dir / "g.yaml";
  std::string script = "pluck\nAnn Bob Cat\nann\n";
  for (int i = 0; i < 30; ++i) {
    script += "s\n17 0 0\n";
  }
  ASSERT_EQ(run(file, script).exit_code, 0);
  const std::string text = slurp(file) + "# kept by hand\n";
  put(file, text);
  const Outcome r = run(file, "show\n");
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_NE(r.out.find("The game is over and recorded in g.yaml.\n"), std::string::npos) << r.out;
  EXPECT_EQ(slurp(file), text);
}

// transcript.md: a hand may leave its dealer to the rotation.
TEST(RecordKeeps, ARecordWhoseLaterHandsOmitTheDealerResumes) {
  const Dir dir("dealer");
  const fs::path file = dir / "g.yaml";
  put(file,
      "game: pluck\nplayers: [Ann, Bob, Cat]\nstatus: in-progress\nhands:\n  - dealer: Ann\n"
      "    taken: {Ann: 9, Bob: 5, Cat: 3}\n  - taken: {Ann: 9, Bob: 5, Cat: 3}\n  - trump: S\n");
  const Outcome r = run(file, "show\n");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.err, "");
  EXPECT_EQ(r.out.rfind("Resuming g.yaml: pluck (Ann, Bob, Cat), hand 3.\nHand 3, trick 1: who leads? ", 0), 0U)
      << r.out;
  EXPECT_NE(r.out.find("  # hand 3, dealt by Cat\n  - dealer: Cat\n    trump: S\n"), std::string::npos) << r.out;
}

TEST(RecordKeeps, ALinkIsWrittenThroughToItsTarget) {
  const Dir dir("link");
  fs::create_directories(dir / "games");
  const fs::path target = dir / "games" / "g.yaml";
  const std::string text = won_court_piece(target);
  fs::create_symlink("games/g.yaml", dir / "link.yaml");
  ::chmod(target.c_str(), 0600);
  const Outcome r = run(dir / "link.yaml", "s\n6 1 6 0\n");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(fs::is_symlink(dir / "link.yaml"));
  EXPECT_EQ(fs::read_symlink(dir / "link.yaml"), "games/g.yaml");
  EXPECT_NE(slurp(target).find("taken: {Ann: 6, Bob: 1, Cat: 6, Dan: 0}"), std::string::npos) << slurp(target);
  EXPECT_EQ(fs::status(target).permissions() & fs::perms::all, fs::perms::owner_read | fs::perms::owner_write)
      << "the record keeps its permissions";
  EXPECT_FALSE(fs::exists(dir / "games" / ".g.yaml.lock")) << "the lock goes with the session";
}

TEST(RecordKeeps, AReadOnlyRecordIsRefusedUntouched) {
  const Dir dir("readonly");
  const fs::path file = dir / "g.yaml";
  const std::string text = won_court_piece(file);
  ::chmod(file.c_str(), 0444);
  const Outcome r = run(file, "s\n6 1 6 0\n");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err, "trickref record: cannot keep g.yaml: it is read-only\n");
  EXPECT_EQ(slurp(file), text);
  // Through a link too.
  fs::create_symlink("g.yaml", dir / "link.yaml");
  EXPECT_EQ(run(dir / "link.yaml", "s\n6 1 6 0\n").err, "trickref record: cannot keep link.yaml: it is read-only\n");
  EXPECT_EQ(slurp(file), text);
}

TEST(RecordKeeps, AJsonRecordIsRefusedNeverRewrittenAsYaml) {
  const Dir dir("json");
  const std::string json = R"({"game": "pluck", "players": ["Ann", "Bob", "Cat"], "status": "in-progress", "hands": []})";
  put(dir / "g.json", json);
  const Outcome r = run(dir / "g.json", "ann\n");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err,
            "trickref record: cannot keep g.json: trickref record writes YAML, and a .json file must stay JSON; "
            "name the record .yaml\n");
  EXPECT_EQ(slurp(dir / "g.json"), json);
  EXPECT_EQ(run(dir / "new.JSON", "pluck\nAnn Bob Cat\nann\n").exit_code, 2);
  EXPECT_FALSE(fs::exists(dir / "new.JSON"));
}

TEST(RecordKeeps, ASecondSessionIsRefusedNamingTheFirst) {
  const Dir dir("lock");
  const fs::path file = dir / "g.yaml";
  const std::string text = won_court_piece(file);
  record::FileLock first;
  ASSERT_EQ(first.acquire(file, "trickref record"), "");
  const std::string who = slurp(dir / ".g.yaml.lock");
  EXPECT_EQ(who.rfind(fmt::format("trickref record, pid {}, started 2", ::getpid()), 0), 0U) << who;
  const Outcome r = run(file, "s\n6 1 6 0\n");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err, fmt::format("trickref record: g.yaml is being kept by another session ({}); one session at a time\n",
                               who.substr(0, who.size() - 1)));
  EXPECT_EQ(slurp(file), text);
  // A second lock in the same process is refused as well (flock, not fcntl).
  record::FileLock second;
  EXPECT_NE(second.acquire(file, "x"), "");
  EXPECT_TRUE(second.busy());
  first.release();
  EXPECT_FALSE(fs::exists(dir / ".g.yaml.lock"));
  EXPECT_EQ(run(file, "s\n6 1 6 0\n").exit_code, 0);
  EXPECT_NE(slurp(file), text);
}

TEST(RecordKeeps, AFileChangedByAnotherProgramIsNeverOverwritten) {
  const Dir dir("changed");
  const fs::path file = dir / "g.yaml";
  // After the players, another program edits the file; the dealer typed
  // next is the first save to meet it.
  std::string edited;
  const Outcome r = run(file, "pluck\nAnn Bob Cat\nann\ns\n17 0 0\n", 2, [&] {
    edited = slurp(file) + "notes: added by an editor\n";
    put(file, edited);
  });
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err,
            "trickref record: g.yaml was changed by another program since this session last saved it, and is left "
            "as it is; this session's record, with the entry just made, is in g.recorded.yaml\n");
  EXPECT_EQ(r.out.find("Hand 1: enter"), std::string::npos) << "the session stops:\n" << r.out;
  EXPECT_EQ(slurp(file), edited);
  const std::string kept = slurp(dir / "g.recorded.yaml");
  EXPECT_NE(kept.find("players: [Ann, Bob, Cat]\nstatus: in-progress\nhands:\n  # hand 1, dealt by Ann\n"),
            std::string::npos)
      << kept;
  // Again: the name taken, the next one; a file removed is a change too.
  const Outcome again = run(dir / "h.yaml", "pluck\nAnn Bob Cat\nann\n", 2, [&] {
    put(dir / "h.recorded.yaml", "mine\n");
    fs::remove(dir / "h.yaml");
  });
  EXPECT_EQ(again.exit_code, 2);
  EXPECT_NE(again.err.find("is in h.recorded-2.yaml\n"), std::string::npos) << again.err;
  EXPECT_EQ(slurp(dir / "h.recorded.yaml"), "mine\n");
  EXPECT_FALSE(fs::exists(dir / "h.yaml"));
}

// A name past YAML's 1,024-character limit on implicit keys, as a record
// may hold it (`? NAME`), is written back so that it reads back.
TEST(RecordKeeps, ALongNameIsWrittenBackSoThatItReadsBack) {
  const Dir dir("long");
  const fs::path file = dir / "g.yaml";
  const std::string name(2000, 'a');
  put(file, "game: pluck\nplayers: [" + name + ", Bob, Cat]\nstatus: in-progress\nhands: []\n");
  const Outcome r = run(file, "bob\ns\n9 5 3\n");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  const std::string y = slurp(file);
  EXPECT_NE(y.find("    taken: {? " + name + " : 9, Bob: 5, Cat: 3}\n"), std::string::npos) << y;
  const auto games = test::validate_yaml(y, "g.yaml");
  ASSERT_EQ(games.size(), 1U);
  EXPECT_EQ(games[0].players, (std::vector<std::string>{name, "Bob", "Cat"}));
  EXPECT_EQ(test::diagnostics_text(games).find("error"), std::string::npos) << test::diagnostics_text(games);
}

// Everything the session prints escapes what came from input: the file
// name, the players' names, cards as typed.
TEST(RecordKeeps, EverythingPrintedEscapesInputText) {
  const Dir dir("escape");
  const std::string name = "g\x1b]0;owned\x07\n\xe2\x80\xae.yaml";
  const fs::path file = dir / name;
  put(file, "game: pluck\nplayers: [\"Ann\\e[31m\", \"B\\u202Eob\", Cat]\nstatus: in-progress\nhands:\n"
            "  - dealer: Cat\n    trump: S\n");
  const Outcome r = run(file, "show\nzz\x1b[2J\nundo\ndealer b\ns\n", 0, nullptr, name);
  const std::string all = r.out + r.err;
  EXPECT_EQ(all.find('\x1b'), std::string::npos) << all;
  EXPECT_EQ(all.find('\x07'), std::string::npos) << all;
  EXPECT_EQ(all.find("\xe2\x80\xae"), std::string::npos) << all;
  EXPECT_NE(r.out.find("Resuming g\\x1b]0;owned\\x07\\n\\u202e.yaml: pluck (Ann\\x1b[31m, B\\u202eob, Cat), hand 1.\n"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("Hand 1, trick 1: who leads?   no player is called zz\\x1b[2J (players: Ann\\x1b[31m, "
                       "B\\u202eob, Cat)\n"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("  Hand 1: B\\u202eob deals.\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Hand 1: tricks taken by Ann\\x1b[31m, B\\u202eob, Cat: "), std::string::npos) << r.out;
}

}  // namespace
}  // namespace trickref
