// The subprocess fixture of the hostile-input suites: runs the real binary
// in a directory unique to the test, with stdin from /dev/null, and
// measures what it costs (exit code, peak memory from wait4, CPU time).
// `expect` checks what every hostile case must meet. Shared by every
// hostile_*_test.cpp file.
#pragma once

#include <fcntl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include <gtest/gtest.h>

#include "../../fuzz/raw_control.h"

namespace trickref::test::hostile {

namespace fs = std::filesystem;
using trickref::test::raw_control;

#if defined(__SANITIZE_ADDRESS__)
constexpr bool kSanitized = true;
#else
constexpr bool kSanitized = false;
#endif

// The bounds: 200 MB and 2 s. Under AddressSanitizer the shadow
// memory and the quarantine of freed blocks and the slower code are the
// sanitizer's, not the tool's: the bounds are widened, still catching a blow-up.
constexpr long kMaxRssKb = kSanitized ? 600L * 1024 : 200L * 1024;
constexpr double kMaxCpuSeconds = kSanitized ? 8.0 : 2.0;
// No output line may echo more than a line of the input: the inputs here are
// megabytes on one line, so an echo would show.
constexpr std::size_t kMaxOutputLine = 512;
constexpr std::size_t kMaxOutputBytes = 256 * 1024;

struct Outcome {
  int exit_code = -1;
  std::string out;
  std::string err;
  long max_rss_kb = 0;
  double cpu_seconds = 0;
  double wall_seconds = 0;
  [[nodiscard]] std::string all() const { return out + err; }
};

inline std::string slurp(const fs::path& p) {
  std::ifstream f(p, std::ios::binary);
  std::ostringstream s;
  s << f.rdbuf();
  return s.str();
}

inline void write(const fs::path& p, const std::string& text) {
  std::ofstream f(p, std::ios::binary | std::ios::trunc);
  f.write(text.data(), static_cast<std::streamsize>(text.size()));
}

inline std::string source(const std::string& relative) { return slurp(fs::path(TRICKREF_SOURCE_DIR) / relative); }

class Hostile : public ::testing::Test {
 protected:
  void SetUp() override {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    dir_ = fs::temp_directory_path() /
           ("trickref-hostile-" + std::string(info->name()) + "-" + std::to_string(::getpid()));
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override {
    std::error_code ec;
    // A file made unreadable must be writable again to be removed by a non-root user.
    for (auto it = fs::recursive_directory_iterator(dir_, ec); !ec && it != fs::recursive_directory_iterator();
         it.increment(ec)) {
      fs::permissions(it->path(), fs::perms::owner_all, fs::perm_options::add, ec);
    }
    fs::remove_all(dir_, ec);
  }

  fs::path file(const std::string& name, const std::string& text) {
    const fs::path p = dir_ / name;
    write(p, text);
    return p;
  }

  // Runs the binary in the test's directory with `args`; stdin is /dev/null.
  Outcome run(const std::vector<std::string>& args) const {
    const fs::path out_path = dir_ / ".stdout";
    const fs::path err_path = dir_ / ".stderr";
    const auto start = std::chrono::steady_clock::now();
    const pid_t pid = ::fork();
    if (pid == 0) {
      if (::chdir(dir_.c_str()) != 0) {
        ::_exit(127);
      }
      const int in = ::open("/dev/null", O_RDONLY);
      const int out = ::open(out_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
      const int err = ::open(err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
      if (in < 0 || out < 0 || err < 0 || ::dup2(in, 0) < 0 || ::dup2(out, 1) < 0 || ::dup2(err, 2) < 0) {
        ::_exit(127);
      }
      ::setenv("NO_COLOR", "1", 1);
      std::vector<std::string> all{TRICKREF_BINARY};
      all.insert(all.end(), args.begin(), args.end());
      std::vector<char*> argv;
      for (auto& a : all) {
        argv.push_back(a.data());
      }
      argv.push_back(nullptr);
      ::execv(TRICKREF_BINARY, argv.data());
      ::_exit(127);
    }
    Outcome r;
    if (pid < 0) {
      ADD_FAILURE() << "fork failed";
      return r;
    }
    int status = 0;
    rusage usage{};
    if (::wait4(pid, &status, 0, &usage) != pid) {
      ADD_FAILURE() << "wait4 failed";
      return r;
    }
    r.wall_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    r.max_rss_kb = usage.ru_maxrss;
    r.cpu_seconds = static_cast<double>(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
                    static_cast<double>(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
    r.out = slurp(out_path);
    r.err = slurp(err_path);
    return r;
  }

  // Runs `validate ARGS...` and checks what every hostile case must meet:
  // the exit code, bounded resources, a short output free of internal
  // exception text, and a diagnostic matching `located` (a regex).
  Outcome expect(const std::vector<std::string>& args, int exit_code, const std::string& located) const {
    Outcome r = run(args);
    const std::string all = r.all();
    EXPECT_EQ(r.exit_code, exit_code) << all.substr(0, 2000);
    EXPECT_LT(r.max_rss_kb, kMaxRssKb) << "peak memory " << r.max_rss_kb << " KB";
    EXPECT_LT(r.cpu_seconds, kMaxCpuSeconds) << "CPU time " << r.cpu_seconds << " s";
    EXPECT_LT(all.size(), kMaxOutputBytes) << all.substr(0, 2000);
    std::istringstream lines(all);
    for (std::string line; std::getline(lines, line);) {
      EXPECT_LT(line.size(), kMaxOutputLine) << line.substr(0, 600);
    }
    for (const char* internal : {"what()", "yaml-cpp", "json.exception", "std::", "basic_string", "terminate",
                                 "internal error", "AddressSanitizer", "runtime error"}) {
      EXPECT_EQ(all.find(internal), std::string::npos) << internal << " in:\n" << all.substr(0, 2000);
    }
    EXPECT_EQ(raw_control(all), std::string()) << all.substr(0, 2000);
    EXPECT_TRUE(std::regex_search(all, std::regex(located, std::regex::multiline)))
        << "no diagnostic matching /" << located << "/ in:\n"
        << all.substr(0, 2000);
    std::fprintf(stderr, "[hostile] %-40s exit %d  peak %ld KB  cpu %.2f s  wall %.2f s\n",
                 ::testing::UnitTest::GetInstance()->current_test_info()->name(), r.exit_code, r.max_rss_kb,
                 r.cpu_seconds, r.wall_seconds);
    return r;
  }

  fs::path dir_;
};

}  // namespace trickref::test::hostile
