// trickref record in a real terminal: tmux runs the binary in a 120x40
// pane, the test types into it (send-keys) and reads the screen
// (capture-pane), waiting for each prompt by polling with a timeout. For
// each game it records hand 1 with the deal first: one illegal play refused,
// the process interrupted mid-hand (Ctrl-C), the record resumed, one illegal
// play confirmed at the end of the hand; then it compares the file with
// tests/golden/record/ (UPDATE_GOLDEN=1 rewrites them, then review the diff).
#include <gtest/gtest.h>

#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <fmt/format.h>

#include "engine/playout.h"
#include "support/record_script.h"
#include "support/test_support.h"

namespace trickref {
namespace {

namespace fs = std::filesystem;

std::string sh_quote(std::string_view s) {
  std::string out = "'";
  for (const char c : s) {
    out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  }
  return out + "'";
}

// Runs a shell command; its standard output, and its exit status.
std::string shell(const std::string& cmd, int* status = nullptr) {
  std::string out;
  FILE* p = ::popen((cmd + " 2>/dev/null").c_str(), "r");
  if (p == nullptr) {
    if (status != nullptr) {
      *status = -1;
    }
    return out;
  }
  char buf[4096];
  std::size_t n = 0;
  while ((n = std::fread(buf, 1, sizeof buf, p)) > 0) {
    out.append(buf, n);
  }
  const int rc = ::pclose(p);
  if (status != nullptr) {
    *status = WIFEXITED(rc) ? WEXITSTATUS(rc) : -1;
  }
  return out;
}

bool have_tmux() {
  int status = 0;
  (void)shell("tmux -V", &status);
  return status == 0;
}

// One tmux server of the test's own (its socket in the test's directory,
// which goes with it), one pane.
class Terminal {
 public:
  explicit Terminal(const fs::path& dir)
      : socket_((dir / "tmux.sock").string()), dir_(dir) {}
  ~Terminal() { close(); }
  // Ends the server (before its directory, and so its socket, goes).
  void close() {
    if (started_) {
      (void)shell(tmux("kill-server"));
      started_ = false;
    }
  }
  Terminal(const Terminal&) = delete;
  Terminal& operator=(const Terminal&) = delete;

  // Starts (or restarts, in the same pane) `trickref record FILE`.
  void start(const std::string& file) {
    const std::string cmd = sh_quote(fmt::format("{} record {}", TRICKREF_BINARY, file));
    if (!started_) {
      started_ = true;
      (void)shell(tmux(fmt::format("-f /dev/null new-session -d -s rec -x 120 -y 40 -c {} {}",
                                   sh_quote(dir_.string()), cmd)));
      (void)shell(tmux("set-option -t rec remain-on-exit on"));
    } else {
      (void)shell(tmux(fmt::format("respawn-pane -k -t rec -c {} {}", sh_quote(dir_.string()), cmd)));
    }
  }

  [[nodiscard]] std::string screen() const { return shell(tmux("capture-pane -p -t rec")); }

  // Types `text` and Enter.
  void type(const std::string& text) {
    before_ = screen();
    (void)shell(tmux(fmt::format("send-keys -t rec -l {}", sh_quote(text))));
    (void)shell(tmux("send-keys -t rec Enter"));
  }
  void interrupt() { (void)shell(tmux("send-keys -t rec C-c")); }

  // Waits until the screen shows `text`; false after `seconds`.
  [[nodiscard]] bool wait_for(const std::string& text, double seconds = 30) const {
    return poll([&](const std::string& s) { return s.find(text) != std::string::npos; }, seconds);
  }
  // Waits until the screen has changed since the last `type` and its last
  // line is a prompt (ends with ':', '?' or ']').
  [[nodiscard]] bool wait_prompt(double seconds = 30) const {
    return poll(
        [&](const std::string& s) {
          if (s == before_) {
            return false;
          }
          const auto end = s.find_last_not_of(" \n");
          if (end == std::string::npos) {
            return false;
          }
          const char last = s[end];
          return last == ':' || last == '?' || last == ']';
        },
        seconds);
  }
  // Waits until the process in the pane has ended.
  [[nodiscard]] bool wait_dead(double seconds = 30) const {
    const auto until = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
    while (std::chrono::steady_clock::now() < until) {
      if (shell(tmux("display-message -p -t rec '#{pane_dead}'")).rfind('1', 0) == 0) {
        return true;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    return false;
  }

 private:
  template <class Pred>
  bool poll(Pred ready, double seconds) const {
    const auto until = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
    while (std::chrono::steady_clock::now() < until) {
      if (ready(screen())) {
        return true;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    return false;
  }
  [[nodiscard]] std::string tmux(const std::string& args) const {
    return fmt::format("tmux -S {} {}", sh_quote(socket_), args);
  }

  std::string socket_;
  fs::path dir_;
  std::string before_;
  bool started_ = false;
};

std::string slurp(const fs::path& p) {
  std::ifstream f(p, std::ios::binary);
  std::stringstream s;
  s << f.rdbuf();
  return s.str();
}

std::vector<std::string> split(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    out.push_back(line);
  }
  return out;
}

struct Game {
  std::string ruleset;
  std::uint64_t seed;
};

class RecordTerminal : public ::testing::TestWithParam<Game> {};

TEST_P(RecordTerminal, AHandRecordedInterruptedAndResumedMatchesItsGolden) {
  if (!have_tmux()) {
    GTEST_SKIP() << "tmux is not installed (scripts/install-deps installs it): the terminal test of trickref "
                    "record is skipped";
  }
  const Game g = GetParam();
  const auto rules = test::builtin(g.ruleset);
  const std::vector<std::string> all = {"Ann", "Bob", "Cat", "Dan"};
  const std::vector<std::string> players(all.begin(), all.begin() + rules->players);
  PlayoutOptions po;
  po.seed = g.seed;
  const PlayedGame game = play_random_game(*rules, po);
  const PlayedHand& hand = game.hands.at(0);
  ASSERT_EQ(static_cast<int>(hand.tricks.size()), rules->tricks_per_hand()) << "a seed whose hand 1 is played out";
  const std::vector<std::string> lines =
      split(test::script_of(game, *rules, players, g.ruleset, test::Level::kDeal, 1));
  const std::size_t cards = hand.tricks.size() * static_cast<std::size_t>(rules->players);
  ASSERT_GT(lines.size(), cards);
  const std::size_t plays = lines.size() - cards;  // where the plays start
  const auto n = static_cast<std::size_t>(rules->players);

  const fs::path dir = fs::temp_directory_path() / fmt::format("trickref-record-tty-{}-{}", g.ruleset, ::getpid());
  fs::remove_all(dir);
  fs::create_directories(dir);
  Terminal t(dir);
  t.start("g.yaml");
  ASSERT_TRUE(t.wait_for("Ruleset (")) << t.screen();
  // Up to the end of trick 3, with a card already played refused in trick 2.
  const std::string played = lines[plays];  // trick 1's lead
  for (std::size_t i = 0; i < plays + 3 * n; ++i) {
    if (i == plays + 2 * n - 1) {
      t.type(played);
      ASSERT_TRUE(t.wait_for("Record it anyway, as what really happened? [y/N]")) << t.screen();
      EXPECT_NE(t.screen().find("[duplicate-play]"), std::string::npos) << t.screen();
      t.type("n");
      ASSERT_TRUE(t.wait_for("Not recorded.")) << t.screen();
      ASSERT_TRUE(t.wait_prompt()) << t.screen();
    }
    t.type(lines[i]);
    ASSERT_TRUE(t.wait_prompt()) << "after typing " << lines[i] << ":\n" << t.screen();
  }
  const std::string at_kill = slurp(dir / "g.yaml");
  t.interrupt();
  ASSERT_TRUE(t.wait_dead()) << t.screen();
  EXPECT_EQ(slurp(dir / "g.yaml"), at_kill) << "Ctrl-C loses nothing recorded";

  t.start("g.yaml");
  ASSERT_TRUE(t.wait_for("Resuming g.yaml")) << t.screen();
  ASSERT_TRUE(t.wait_for(fmt::format("Hand 1, trick 4, {} leads:", players[static_cast<std::size_t>(hand.leaders.at(3))])))
      << t.screen();
  // The rest of the hand; its last card is one already played, confirmed.
  for (std::size_t i = plays + 3 * n; i < lines.size(); ++i) {
    if (i + 1 == lines.size()) {
      t.type(played);
      ASSERT_TRUE(t.wait_for("Record it anyway, as what really happened? [y/N]")) << t.screen();
      t.type("y");
      break;
    }
    t.type(lines[i]);
    ASSERT_TRUE(t.wait_prompt()) << "after typing " << lines[i] << ":\n" << t.screen();
  }
  ASSERT_TRUE(t.wait_for("Hand 2: enter its [p]lays")) << t.screen();
  EXPECT_NE(t.screen().find(fmt::format("game 1 ({})", g.ruleset)), std::string::npos)
      << "the table of validate at the end of the hand:\n"
      << t.screen();
  t.interrupt();
  ASSERT_TRUE(t.wait_dead()) << t.screen();

  const std::string got = slurp(dir / "g.yaml");
  const fs::path golden = fs::path(TRICKREF_SOURCE_DIR) / "tests/golden/record" / (g.ruleset + ".yaml");
  if (std::getenv("UPDATE_GOLDEN") != nullptr) {
    fs::create_directories(golden.parent_path());
    std::ofstream(golden, std::ios::binary) << got;
  }
  EXPECT_EQ(got, slurp(golden));
  t.close();
  fs::remove_all(dir);
}

INSTANTIATE_TEST_SUITE_P(Games, RecordTerminal,
                         ::testing::Values(Game{"pluck", 3}, Game{"nine-five-two", 3}, Game{"call-deuces", 3},
                                           Game{"court-piece", 3}),
                         [](const ::testing::TestParamInfo<Game>& param) {
                           std::string n = param.param.ruleset;
                           std::replace(n.begin(), n.end(), '-', '_');
                           return n;
                         });

}  // namespace
}  // namespace trickref
