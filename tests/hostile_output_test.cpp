// Hostile input, round two: what the tool writes and where. The real binary
// is run as a subprocess (support/hostile.h) and must
//  1. never write over one of the run's input files (however it is spelt:
//     hard link, symbolic link, ./x) nor over anything but a regular file
//     (a device, FIFO, socket, /dev/stdout, /dev/fd/1, /proc/self/fd/1);
//  2. leave the old file untouched and no temporary file behind when a
//     signal ends it while it writes;
//  3. fail, exit 2 with a message, when standard output cannot take the
//     report (a full disk, a closed descriptor), and end quietly on a
//     broken pipe;
//  4. report running out of memory the same way with one job or several;
//  5. refuse devices, sockets and FIFOs found in a directory walk, and
//     devices reached through a link, without opening them, while a pipe
//     named on the command line is still read.
#include <fcntl.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include <chrono>
#include <cstring>
#include <filesystem>
#include <new>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

#include "sim/simulate.h"
#include "support/hostile.h"
#include "support/test_support.h"

namespace {

namespace fs = std::filesystem;
using namespace trickref::test::hostile;  // NOLINT(google-build-using-namespace)

constexpr unsigned kTimeout = 60;  // a run that hangs (a FIFO opened) is killed, and fails

class HostileOutput : public Hostile {
 protected:
  // A copy of samples/league as L/ (two nights and a league.yaml).
  void league() { fs::copy(fs::path(TRICKREF_SOURCE_DIR) / "samples/league", dir_ / "L", fs::copy_options::recursive); }

  // The temporary files (".NAME.tmp-XXXXXX") anywhere under the test's directory.
  [[nodiscard]] std::vector<std::string> temp_files() const {
    std::vector<std::string> found;
    std::error_code ec;
    for (auto it = fs::recursive_directory_iterator(dir_, ec); !ec && it != fs::recursive_directory_iterator();
         it.increment(ec)) {
      if (it->path().filename().string().find(".tmp-") != std::string::npos) {
        found.push_back(it->path().string());
      }
    }
    return found;
  }

  // `validate -q` of `files` (sparse, each 300 MB) with an address space of
  // 256 MB, with one job and with two: "out of memory" (exit 2), nothing on
  // standard output, never a crash.
  void expect_out_of_memory(const std::vector<std::string>& files) const {
    for (const auto& name : files) {
      std::ofstream(dir_ / name).close();
      fs::resize_file(dir_ / name, 300U << 20U);
    }
    for (const char* jobs : {"1", "2"}) {
      std::vector<std::string> args = {"validate", "-q", "-j", jobs, "--max-file-size", "1000000000"};
      args.insert(args.end(), files.begin(), files.end());
      const Outcome r = run(args, {.address_space = 256U << 20U, .timeout_seconds = kTimeout});
      EXPECT_EQ(r.exit_code, 2) << "-j " << jobs << "\n" << r.err;
      EXPECT_EQ(r.err, "trickref: error: out of memory\n") << "-j " << jobs;
      EXPECT_EQ(r.out, "") << "-j " << jobs;
    }
  }

  void make_fifo(const std::string& name) const { ASSERT_EQ(::mkfifo((dir_ / name).c_str(), 0644), 0); }

  void make_socket(const std::string& name) const {
    const int s = ::socket(AF_UNIX, SOCK_STREAM, 0);
    ASSERT_GE(s, 0);
    sockaddr_un addr{};
    addr.sun_family = AF_UNIX;
    const std::string path = (dir_ / name).string();
    ASSERT_LT(path.size(), sizeof addr.sun_path);
    std::memcpy(addr.sun_path, path.c_str(), path.size() + 1);
    ASSERT_EQ(::bind(s, reinterpret_cast<const sockaddr*>(&addr), sizeof addr), 0);  // NOLINT
    ::close(s);  // the socket file stays
  }

  [[nodiscard]] fs::file_type type_of(const std::string& name) const {
    return fs::symlink_status(dir_ / name).type();
  }
};

// ------------------------------------------------ 1. -o never destroys data

TEST_F(HostileOutput, ScoreRefusesToWriteOverItsInputs) {
  league();
  fs::create_hard_link(dir_ / "L/2026-11-19/table-2.yaml", dir_ / "hard.txt");
  fs::create_symlink("L/2026-11-26/table-3.jsonl", dir_ / "soft.txt");
  file("house.yaml", source("rulesets/pluck.yaml"));
  file("lg.yaml", "name: Test League\n");
  struct Case {
    std::vector<std::string> args;
    std::string target;
    std::string original;  // the file whose bytes must not change
  };
  const std::vector<Case> cases = {
      {{"score", "L"}, "L/2026-11-19/table-1.yaml", "L/2026-11-19/table-1.yaml"},
      {{"score", "L"}, "./L/../L/2026-11-19/table-1.yaml", "L/2026-11-19/table-1.yaml"},
      {{"score", "L"}, "hard.txt", "L/2026-11-19/table-2.yaml"},
      {{"score", "L"}, "soft.txt", "L/2026-11-26/table-3.jsonl"},
      {{"score", "L/2026-11-19/table-1.yaml", "L/2026-11-26/table-1.yaml"}, "L/2026-11-26/table-1.yaml",
       "L/2026-11-26/table-1.yaml"},
      {{"score", "L"}, "L/league.yaml", "L/league.yaml"},
      {{"score", "L/2026-11-19", "--league", "lg.yaml"}, "lg.yaml", "lg.yaml"},
      {{"score", "L", "--rules", "./house.yaml"}, "house.yaml", "house.yaml"},
  };
  for (const auto& c : cases) {
    const std::string before = slurp(dir_ / c.original);
    auto args = c.args;
    args.insert(args.end(), {"-o", c.target});
    const Outcome r = run(args, {.timeout_seconds = kTimeout});
    EXPECT_EQ(r.exit_code, 2) << c.target << "\n" << r.err;
    EXPECT_EQ(r.err, "trickref: error: cannot write '" + c.target +
                         "': it is one of this run's input files; nothing was written\n")
        << c.target;
    EXPECT_EQ(slurp(dir_ / c.original), before) << c.target;
    EXPECT_EQ(type_of(c.target), c.target == "soft.txt" ? fs::file_type::symlink : fs::file_type::regular);
    EXPECT_EQ(r.out, "");
    EXPECT_EQ(temp_files(), std::vector<std::string>());
  }
}

TEST_F(HostileOutput, ScoreRefusesTargetsThatAreNotRegularFiles) {
  league();
  fs::create_symlink("/dev/stdout", dir_ / "stdout.txt");
  fs::create_symlink("/dev/null", dir_ / "null.txt");
  fs::create_symlink("/proc/self/fd/1", dir_ / "fd1.txt");
  make_fifo("fifo.txt");
  make_socket("sock.txt");
  fs::create_symlink("fifo.txt", dir_ / "to-fifo.txt");
  // Standard output is a regular file here (the fixture's), so /dev/stdout
  // and /dev/fd/1 lead to one: they are refused for what they are.
  for (const std::string target :
       {"/dev/fd/1", "/proc/self/fd/1", "stdout.txt", "fd1.txt", "null.txt", "fifo.txt", "sock.txt", "to-fifo.txt"}) {
    const auto type = fs::symlink_status(target[0] == '/' ? fs::path(target) : dir_ / target).type();
    const Outcome r = run({"score", "L", "-o", target}, {.timeout_seconds = kTimeout});
    EXPECT_EQ(r.exit_code, 2) << target << "\n" << r.err;
    EXPECT_EQ(r.err, "trickref: error: cannot write '" + target +
                         "': it is a device, pipe or socket (or standard output itself), not a regular file; leave "
                         "out -o to write the report to standard output; nothing was written\n")
        << target;
    EXPECT_EQ(r.out, "") << target;
    if (target[0] != '/') {
      EXPECT_EQ(type_of(target), type) << target;
    }
    EXPECT_EQ(temp_files(), std::vector<std::string>());
  }
  EXPECT_TRUE(fs::is_character_file("/dev/null"));
}

TEST_F(HostileOutput, ScoreStillReplacesARegularFileAtomically) {
  league();
  const fs::path report = file("report.txt", "the old report\n");
  struct stat before {};
  ASSERT_EQ(::stat(report.c_str(), &before), 0);
  const Outcome to_stdout = run({"score", "L"});
  const Outcome r = run({"score", "L", "-q", "-o", "report.txt"});
  EXPECT_EQ(r.exit_code, 1) << r.err;  // a marked game in the samples
  EXPECT_EQ(r.err, "");
  EXPECT_EQ(slurp(report), to_stdout.out);
  struct stat after {};
  ASSERT_EQ(::stat(report.c_str(), &after), 0);
  EXPECT_NE(after.st_ino, before.st_ino) << "renamed into place, not written in place";
  EXPECT_EQ(temp_files(), std::vector<std::string>());
}

TEST_F(HostileOutput, SimulateRefusesInputsAndTargetsThatAreNotRegularFiles) {
  const std::string rules = source("rulesets/pluck.yaml");
  file("house.yaml", rules);
  fs::create_hard_link(dir_ / "house.yaml", dir_ / "games.jsonl");
  Outcome r = run({"simulate", "--rules", "./house.yaml", "--games", "5", "--out", "games.jsonl"},
                  {.timeout_seconds = kTimeout});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, "trickref: error: cannot write games.jsonl: it is one of this run's input files\n");
  EXPECT_EQ(slurp(dir_ / "house.yaml"), rules);

  make_fifo("fifo.jsonl");  // opened for writing, it would wait for a reader for ever
  r = run({"simulate", "--rules", "pluck", "--games", "5", "--out", "fifo.jsonl"}, {.timeout_seconds = kTimeout});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, "trickref: error: cannot write fifo.jsonl: it is a device, pipe or socket (or standard output "
                   "itself), not a regular file; transcripts go to a regular file or a directory\n");
  EXPECT_EQ(type_of("fifo.jsonl"), fs::file_type::fifo);

  fs::create_directories(dir_ / "D/pluck");
  make_fifo("D/pluck/game-03.yaml");
  r = run({"simulate", "--rules", "pluck", "--games", "10", "--out", "D"}, {.timeout_seconds = kTimeout});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, "trickref: error: writing transcripts to D failed: cannot write D/pluck/game-03.yaml: it is a "
                   "device, pipe or socket (or standard output itself), not a regular file\n");
  EXPECT_EQ(type_of("D/pluck/game-03.yaml"), fs::file_type::fifo);
  EXPECT_EQ(temp_files(), std::vector<std::string>());
}

// ------------------------------------------- 2. signals while a file is written

TEST_F(HostileOutput, SignalDuringJsonlWriteKeepsTheOldFileAndNoTemporaryFile) {
  for (const int sig : {SIGTERM, SIGINT, SIGHUP}) {
    const fs::path out = file("games.jsonl", "the old transcripts\n");
    const auto began = std::chrono::steady_clock::now();
    const pid_t pid = start({"simulate", "--rules", "pluck", "--games", "200000", "--out", "games.jsonl", "-q"},
                            {.timeout_seconds = kTimeout});
    ASSERT_GT(pid, 0);
    // Signalled once it has made its temporary file (it is far from done then).
    bool made = false;
    for (int i = 0; i < 3000 && !made; ++i) {
      made = !temp_files().empty();
      if (!made) {
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
      }
    }
    EXPECT_TRUE(made) << "no temporary file appeared";
    std::this_thread::sleep_for(std::chrono::milliseconds(200));  // writing by now
    ::kill(pid, sig);
    const Outcome r = finish(pid, began);
    EXPECT_EQ(r.exit_code, 128 + sig) << "signal " << sig << ": " << r.err;
    EXPECT_EQ(r.err, "");
    EXPECT_EQ(slurp(out), "the old transcripts\n") << "signal " << sig;
    EXPECT_EQ(temp_files(), std::vector<std::string>()) << "signal " << sig;
  }
}

// ------------------------------------------- 3. standard output that fails

const std::vector<std::vector<std::string>>& every_command() {
  static const std::vector<std::vector<std::string>> commands = {
      {"validate", "L"},
      {"validate", "--format", "json", "L"},
      {"score", "L"},
      {"compare", "L/2026-11-19/table-1.yaml", "--rules", "pluck", "--rules", "pluck-noscore"},
      {"simulate", "--rules", "pluck", "--games", "20"},
      {"rules", "list"},
      {"rules", "show", "pluck"},
      {"explain", "revoke"},
      {"schema", "transcript"},
      {"--help"},
  };
  return commands;
}

std::string joined(const std::vector<std::string>& args) {
  std::string s;
  for (const auto& a : args) {
    s += (s.empty() ? "" : " ") + a;
  }
  return s;
}

TEST_F(HostileOutput, FullDiskOnStandardOutputIsAnError) {
  league();
  for (const auto& args : every_command()) {
    const Outcome r = run(args, {.stdout_path = "/dev/full", .timeout_seconds = kTimeout});
    EXPECT_EQ(r.exit_code, 2) << joined(args) << "\n" << r.err;
    EXPECT_NE(r.err.find("trickref: error: cannot write to standard output: no space left on device\n"),
              std::string::npos)
        << joined(args) << "\n"
        << r.err;
  }
}

TEST_F(HostileOutput, ClosedStandardOutputIsAnError) {
  league();
  for (const auto& args : every_command()) {
    const Outcome r = run(args, {.close_stdout = true, .timeout_seconds = kTimeout});
    EXPECT_EQ(r.exit_code, 2) << joined(args) << "\n" << r.err;
    EXPECT_NE(r.err.find("trickref: error: cannot write to standard output: bad file descriptor\n"),
              std::string::npos)
        << joined(args) << "\n"
        << r.err;
  }
  // A command that writes nothing there does not care; and no file the run
  // opens takes descriptor 1 (the report is not lost into it).
  const Outcome r = run({"score", "L", "-q", "-o", "report.txt"}, {.close_stdout = true, .timeout_seconds = kTimeout});
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_EQ(r.err, "");
  EXPECT_EQ(slurp(dir_ / "report.txt"), run({"score", "L"}).out);
}

TEST_F(HostileOutput, BrokenPipeEndsQuietly) {
  league();
  // Whether the parent leaves SIGPIPE at its default or ignores it, the run
  // ends the same way: at once, killed by SIGPIPE, with nothing on stderr.
  for (const bool ignore : {false, true}) {
    int fds[2];
    ASSERT_EQ(::pipe(fds), 0);
    ::close(fds[0]);  // the reader is gone
    const auto began = std::chrono::steady_clock::now();
    const pid_t pid =
        start({"validate", "L"}, {.stdout_fd = fds[1], .timeout_seconds = kTimeout, .ignore_sigpipe = ignore});
    ::close(fds[1]);
    const Outcome r = finish(pid, began);
    EXPECT_EQ(r.exit_code, 128 + SIGPIPE) << "SIGPIPE ignored: " << ignore << "\n" << r.err;
    EXPECT_EQ(r.err, "") << "SIGPIPE ignored: " << ignore;
  }
}

// ------------------------------------------------- 4. out of memory, any --jobs

TEST_F(HostileOutput, OutOfMemoryWithSeveralJobsIsReportedAsWithOne) {
  if (kSanitized) {
    GTEST_SKIP() << "the sanitizer's shadow memory does not fit an address-space limit";
  }
  // Sparse files (no disk used) larger than the address space allowed: the
  // file's text does not fit, in a worker as on the main thread.
  expect_out_of_memory({"a.yaml", "b.yaml"});
}

// A JSON Lines archive whose one line is longer than the address space
// allowed: the reading buffer cannot grow to hold it (mremap refused, or,
// with several jobs, the block of lines), which is "out of memory", not
// a crash, with one job or two.
TEST_F(HostileOutput, OutOfMemoryGrowingALineIsReportedAsSuch) {
  if (kSanitized) {
    GTEST_SKIP() << "the sanitizer's shadow memory does not fit an address-space limit";
  }
  expect_out_of_memory({"a.jsonl"});  // sparse: NUL bytes, no line end
}

// In-process: simulate's worker threads hand an exception (here
// std::bad_alloc from rendering a transcript) to the calling thread, which
// cli::run turns into the one-job message; never std::terminate.
TEST(HostileOutputInProcess, SimulateRethrowsAWorkersExceptionOnTheCallingThread) {
  for (const unsigned jobs : {1U, 2U}) {
    trickref::sim::SimulateOptions o;
    o.games = 200;
    o.bots = {"random", "random", "random"};
    o.jobs = jobs;
    trickref::sim::SimulateHooks hooks;
    hooks.render = [](std::size_t, std::int64_t game, const trickref::PlayedGame&) -> std::string {
      if (game == 150) {
        throw std::bad_alloc();
      }
      return "x";
    };
    hooks.write = [](std::size_t, std::int64_t, std::string&&) {};
    EXPECT_THROW((void)trickref::sim::simulate({{"pluck", trickref::test::builtin("pluck")}}, o, hooks),
                 std::bad_alloc)
        << "jobs " << jobs;
  }
}

// ------------------------------------------- 5. devices, sockets and pipes read

TEST_F(HostileOutput, DevicesSocketsAndFifosInAWalkAreRefusedUnopened) {
  fs::create_directories(dir_ / "W");
  file("W/a.yaml", source("samples/night/table-1.yaml"));
  fs::create_symlink("/dev/zero", dir_ / "W/zero.yaml");
  make_fifo("W/fifo.json");  // no writer: opening it would hang the walk
  fs::create_symlink("fifo.json", dir_ / "W/to-fifo.yml");
  make_socket("W/sock.jsonl");
  fs::create_symlink("/dev/null", dir_ / "W/null.jsonl");
  for (const char* command : {"validate", "score"}) {
    const Outcome r = run({command, "W"}, {.timeout_seconds = kTimeout});
    EXPECT_EQ(r.exit_code, 2) << command << "\n" << r.all();
    for (const char* name : {"fifo.json", "null.jsonl", "sock.jsonl", "to-fifo.yml", "zero.yaml"}) {
      const std::string shown = std::string("W/") + name;
      const std::string diagnostic =
          std::string(command) == "validate"
              ? shown + ": error: cannot read '" + shown + "': is a device, socket or pipe, not a file [io]\n"
              : shown + " game 1: could not be read: cannot read '" + shown + "': is a device, socket or pipe, not a file\n";
      EXPECT_NE(r.all().find(diagnostic), std::string::npos) << command << " " << name << "\n" << r.all();
    }
    // The good record is refereed all the same.
    EXPECT_NE(r.all().find(std::string(command) == "validate" ? "W/a.yaml game 1" : "Ann"), std::string::npos)
        << r.all();
  }
}

TEST_F(HostileOutput, LinksToDevicesNamedDirectlyAreRefusedBeforeReading) {
  // Named directly, a .jsonl link to /dev/zero was streamed for ever.
  for (const char* name : {"zero.jsonl", "zero.yaml", "zero.json"}) {
    fs::create_symlink("/dev/zero", dir_ / name);
    expect({"validate", name}, 2,
           "^" + std::string(name) + ": error: cannot read '" + name + "': is a device or socket, not a file \\[io\\]$",
           {.timeout_seconds = kTimeout});
  }
  make_socket("sock.jsonl");
  expect({"validate", "sock.jsonl"}, 2, R"(^sock\.jsonl: error: cannot read 'sock\.jsonl': is a device or socket)",
         {.timeout_seconds = kTimeout});
}

TEST_F(HostileOutput, PipesNamedOnTheCommandLineAreStillRead) {
  const std::string record = source("samples/night/table-1.yaml");
  // <(command): descriptor 3, the writer already gone.
  Outcome r = run({"validate", "-q", "/dev/fd/3"}, {.fd3 = record, .timeout_seconds = kTimeout});
  EXPECT_EQ(r.exit_code, 0) << r.all();
  r = run({"validate", "-q", "/dev/fd/3"}, {.fd3 = std::string(), .timeout_seconds = kTimeout});
  EXPECT_EQ(r.exit_code, 1) << r.all();
  EXPECT_NE(r.out.find("/dev/fd/3:1:1: error: the file holds no game [schema]"), std::string::npos) << r.all();
  // A named FIFO whose writer comes later: read once it has.
  make_fifo("live.yaml");
  std::thread writer([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    write(dir_ / "live.yaml", record);
  });
  r = run({"validate", "-q", "live.yaml"}, {.timeout_seconds = kTimeout});
  // Had the run ended without reading, the writer would wait for a reader
  // for ever: one comes (and goes) here.
  const int reader = ::open((dir_ / "live.yaml").c_str(), O_RDONLY | O_NONBLOCK);
  writer.join();
  ::close(reader);
  EXPECT_EQ(r.exit_code, 0) << r.all();
}

TEST_F(HostileOutput, LeagueSettingsMustBeARegularFile) {
  league();
  make_fifo("fifo.yaml");  // no writer: reading it would hang
  fs::create_symlink("/dev/zero", dir_ / "zero.yaml");
  for (const std::string name : {"fifo.yaml", "zero.yaml"}) {
    const Outcome r = run({"score", "L", "--league", name}, {.timeout_seconds = kTimeout});
    EXPECT_EQ(r.exit_code, 2) << name << "\n" << r.all();
    EXPECT_EQ(r.err, "trickref: error: cannot read league settings '" + name +
                         "': is a device, socket or pipe, not a file\n");
    EXPECT_EQ(r.out, "");
  }
}

}  // namespace
