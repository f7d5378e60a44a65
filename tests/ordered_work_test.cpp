// OrderedWork (batch/ordered_work.h), validate -j N's queue: units handed on
// in the order taken whatever order the workers finish them in, every unit
// once, a worker's exception rethrown on the calling thread; and
// validate_all over it: one bad file never stops the batch, and the games
// come out file by file, game by game, the same for any number of jobs.
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "batch/batch.h"
#include "batch/ordered_work.h"
#include "support/test_support.h"

namespace trickref {
namespace {

struct Numbered {
  int number = -1;
  int worker = -1;
  int squared = 0;
};

// Runs `units` units on `workers` threads, each unit done by `work`; gives
// the units in the order they were handed on.
template <class Work>
std::vector<Numbered> run_numbered(unsigned workers, int units, Work&& work) {
  OrderedWork<Numbered> queue(workers, 4 * static_cast<std::size_t>(workers));
  int next = 0;  // made under the queue's making lock
  std::vector<Numbered> out;
  queue.run(
      [&](unsigned self) {
        OrderedWork<Numbered>::Jobs handed_on;
        while (auto* job = queue.take(
                   self,
                   [&](Numbered& u) {
                     if (next == units) {
                       return false;
                     }
                     u.number = next++;
                     return true;
                   },
                   handed_on)) {
          job->unit.worker = static_cast<int>(self);
          work(job->unit);
          queue.done(job);
        }
      },
      [&](Numbered& u) { out.push_back(u); });
  return out;
}

// The later units finish first (the earlier a unit, the longer it takes):
// they are handed on in the order taken all the same, each once.
TEST(OrderedWork, HandsOnInTheOrderTakenWhateverOrderTheyFinishIn) {
  for (const unsigned workers : {1U, 2U, 3U, 8U}) {
    constexpr int kUnits = 60;
    const auto out = run_numbered(workers, kUnits, [](Numbered& u) {
      if (u.number % 7 == 0) {
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
      }
      u.squared = u.number * u.number;
    });
    ASSERT_EQ(out.size(), static_cast<std::size_t>(kUnits)) << workers;
    for (int i = 0; i < kUnits; ++i) {
      EXPECT_EQ(out[static_cast<std::size_t>(i)].number, i) << workers;
      EXPECT_EQ(out[static_cast<std::size_t>(i)].squared, i * i) << workers;
    }
  }
}

TEST(OrderedWork, NoUnitsHandsOnNothing) {
  EXPECT_TRUE(run_numbered(3, 0, [](Numbered&) {}).empty());
}

// A unit's exception stops the run and is rethrown on the calling thread,
// once every worker is joined (never std::terminate).
TEST(OrderedWork, AWorkersExceptionIsRethrownOnTheCallingThread) {
  for (const unsigned workers : {1U, 2U, 4U}) {
    EXPECT_THROW(run_numbered(workers, 100,
                              [](Numbered& u) {
                                if (u.number == 17) {
                                  throw std::runtime_error("unit 17");
                                }
                              }),
                 std::runtime_error)
        << workers;
  }
}

// An exception while handing on stops the workers too, and comes out of run().
TEST(OrderedWork, AnExceptionHandingOnStopsTheWorkers) {
  OrderedWork<Numbered> queue(2, 8);
  int next = 0;
  EXPECT_THROW(queue.run(
                   [&](unsigned self) {
                     OrderedWork<Numbered>::Jobs handed_on;
                     while (auto* job = queue.take(
                                self, [&](Numbered& u) { return (u.number = next++) < 1000; }, handed_on)) {
                       queue.done(job);
                     }
                   },
                   [](Numbered& u) {
                     if (u.number == 5) {
                       throw std::runtime_error("hand-on");
                     }
                   }),
               std::runtime_error);
}

// Units handed on go back to the worker that did them, to let go.
TEST(OrderedWork, GivesEachUnitBackToItsWorker) {
  OrderedWork<Numbered> queue(3, 6);
  int next = 0;
  std::vector<std::vector<int>> back(3);
  std::vector<std::vector<int>> did(3);
  queue.run(
      [&](unsigned self) {
        OrderedWork<Numbered>::Jobs handed_on;
        while (true) {
          auto* job = queue.take(
              self,
              [&](Numbered& u) {
                u.number = next++;
                return u.number < 50;
              },
              handed_on);
          for (const auto& h : handed_on) {
            back[self].push_back(h->unit.number);
          }
          handed_on.clear();
          if (job == nullptr) {
            return;
          }
          did[self].push_back(job->unit.number);
          queue.done(job);
        }
      },
      [](Numbered&) {});
  // What came back to a worker is some of what it did (the units handed on
  // after its last take are let go with the queue).
  for (std::size_t w = 0; w < 3; ++w) {
    for (const int n : back[w]) {
      EXPECT_NE(std::find(did[w].begin(), did[w].end(), n), did[w].end()) << w << " " << n;
    }
  }
}

std::string write_file(const std::filesystem::path& p, const std::string& text) {
  std::ofstream(p, std::ios::binary) << text;
  return p.string();
}

std::string file_text(const std::filesystem::path& p) {
  std::ifstream f(p, std::ios::binary);
  std::ostringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

// validate_all over files of every kind, a missing one and an unreadable
// one among them: every file is reported, in input order and game order,
// and the same games for 1, 2, 3 and 8 jobs, with runs of a few lines.
TEST(OrderedWork, ValidateAllGivesTheSameGamesInOrderForAnyJobs) {
  const auto dir = std::filesystem::temp_directory_path() / ("trickref-ordered-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const std::string src = test::source_dir();
  const std::string archive = file_text(src + "/samples/archive/season-2026.jsonl");
  ASSERT_FALSE(archive.empty());
  std::vector<InputFile> inputs;
  const auto add = [&](const std::string& path) {
    inputs.push_back(InputFile{path, path, false, Readable::kFileOrPipe});
  };
  add(write_file(dir / "a.jsonl", archive));
  add((dir / "missing.yaml").string());
  add(src + "/samples/night/table-2.yaml");
  add(write_file(dir / "broken.jsonl", "{\"game\": \"pluck\", \"players\": [\n" + archive));
  add(write_file(dir / "empty.jsonl", ""));
  add(write_file(dir / "b.jsonl", archive));
  const auto games_of = [&](unsigned jobs) {
    BatchOptions options;
    options.run_bytes = 2000;  // runs of a few lines
    std::istringstream none;
    std::vector<std::string> out;
    int files = 0;
    validate_all(
        inputs, options, jobs, none,
        [&](GameReport&& g) {
          out.push_back(fmt::format("{}#{} {}", g.file, g.index, test::diagnostics_text({g})));
        },
        [&] { ++files; });
    EXPECT_EQ(files, static_cast<int>(inputs.size())) << jobs;
    return out;
  };
  const auto one = games_of(1);
  // Every file has its games (or its word), in input order: the missing
  // file and the broken line do not stop those after them.
  std::vector<std::string> files_seen;
  for (const auto& g : one) {
    const std::string file = g.substr(0, g.find('#'));
    if (files_seen.empty() || files_seen.back() != file) {
      files_seen.push_back(file);
    }
  }
  ASSERT_EQ(files_seen.size(), inputs.size());
  for (std::size_t i = 0; i < inputs.size(); ++i) {
    EXPECT_EQ(files_seen[i], inputs[i].display);
  }
  EXPECT_NE(one.back().find("b.jsonl#"), std::string::npos);
  for (const unsigned jobs : {2U, 3U, 8U}) {
    EXPECT_EQ(games_of(jobs), one) << jobs;
  }
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace trickref
