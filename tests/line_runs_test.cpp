// The lines of a JSON Lines stream, read in runs: the runs -j N hands its
// workers (RunReader, each run counted) and the lines one job reads over
// one run (LineReader) are the lines a plain split at each '\n' gives, in
// order, with the same numbers and flags, on every way a file can be cut
// into runs: lines longer than a run, lines over the limit, blank lines, a
// carriage return before a line end, and an unterminated last line.
#include <cstddef>
#include <cstdint>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "batch/line_reader.h"

namespace trickref {
namespace {

struct Seen {
  std::string text;
  std::uint32_t number = 0;
  bool terminated = false;
  bool too_long = false;
  bool operator==(const Seen&) const = default;
};

std::string shown(const std::vector<Seen>& lines) {
  std::string out;
  for (const auto& l : lines) {
    out += fmt::format("{}:{}{}{} ", l.number, l.text.size() > 12 ? l.text.substr(0, 12) + "..." : l.text,
                       l.terminated ? "" : "(unterminated)", l.too_long ? "(too long)" : "");
  }
  return out;
}

// The lines of `text` as a plain split gives them: the oracle.
std::vector<Seen> by_split(const std::string& text, std::uint64_t max_line, std::uint32_t first = 1) {
  std::vector<Seen> out;
  std::size_t at = 0;
  std::uint32_t number = first;
  while (at < text.size()) {
    const auto nl = text.find('\n', at);
    const std::size_t end = nl == std::string::npos ? text.size() : nl;
    Seen line{text.substr(at, end - at), number++, nl != std::string::npos, false};
    if (line.text.size() > max_line) {
      line.text.clear();
      line.too_long = true;
    }
    out.push_back(line);
    at = end + 1;
  }
  return out;
}

std::vector<Seen> by_line_reader(const std::string& text, std::uint64_t max_line, std::size_t run_bytes,
                                 std::uint32_t first = 1, std::size_t head = 0) {
  std::stringbuf in(text.substr(head));
  LineReader reader(in, max_line, first, std::string_view(text).substr(0, head), run_bytes);
  std::vector<Seen> out;
  Line l;
  while (reader.next(l)) {
    out.push_back(Seen{std::string(l.text), l.number, l.terminated, l.too_long});
  }
  return out;
}

// Also checks what simdjson may read after each line: its '\n', or the
// run's padding of spaces.
std::vector<Seen> by_runs(const std::string& text, std::uint64_t max_line, std::size_t run_bytes,
                          std::size_t* largest = nullptr) {
  std::stringbuf in(text);
  RunReader runs(in, max_line, run_bytes);
  std::vector<Seen> out;
  LineBlock block;
  bool done = false;
  while (runs.next(block)) {
    EXPECT_FALSE(done) << "a run after the one done() called the last";
    done = runs.done();
    Line l;
    std::vector<Seen> first_pass;
    while (block.next(l)) {
      out.push_back(Seen{std::string(l.text), l.number, l.terminated, l.too_long});
      first_pass.push_back(out.back());
      const char* after = l.text.data() + l.text.size();
      if (!l.text.empty()) {
        EXPECT_TRUE(*after == '\n' || (!l.terminated && *after == ' ')) << l.number;
        if (!l.terminated) {
          EXPECT_EQ(std::string(after, kJsonPadding), std::string(kJsonPadding, ' '));
        }
      }
    }
    // A run refereed again gives the same lines.
    block.rewind();
    std::vector<Seen> again;
    while (block.next(l)) {
      again.push_back(Seen{std::string(l.text), l.number, l.terminated, l.too_long});
    }
    EXPECT_EQ(again, first_pass);
    if (largest != nullptr) {
      *largest = std::max(*largest, block.capacity());
    }
  }
  EXPECT_TRUE(runs.done());
  return out;
}

TEST(LineRuns, GiveTheLinesOfAPlainSplitOnEveryCut) {
  const std::vector<std::string> texts{
      "",
      "\n",
      "\n\n\n",
      "a",
      "a\n",
      "{\"x\":1}\n{\"y\":22}\n{}",
      "  \n\t\n{\"a\":1}\r\n\r\nlast\r",
      "short\n" + std::string(40, 'L') + "\nmid\n" + std::string(25, 'M') + "\n\nend",
      std::string(30, 'x'),
      std::string(30, 'x') + "\n",
      "a\n" + std::string(30, 'y') + "\nb\n" + std::string(17, 'z'),
  };
  for (std::size_t t = 0; t < texts.size(); ++t) {
    for (const std::uint64_t max_line : {std::uint64_t{0}, std::uint64_t{1}, std::uint64_t{5}, std::uint64_t{16},
                                         std::uint64_t{29}, std::uint64_t{30}, std::uint64_t{1000}}) {
      const auto want = by_split(texts[t], max_line);
      for (std::size_t run = 1; run <= 48; ++run) {
        const auto got = by_runs(texts[t], max_line, run);
        ASSERT_EQ(got, want) << "text " << t << ", limit " << max_line << ", runs of " << run << "\n got  "
                             << shown(got) << "\n want " << shown(want);
        const auto one = by_line_reader(texts[t], max_line, run);
        ASSERT_EQ(one, want) << "LineReader: text " << t << ", limit " << max_line << ", runs of " << run
                             << "\n got  " << shown(one) << "\n want " << shown(want);
      }
    }
  }
}

TEST(LineRuns, GiveTheLinesOfAPlainSplitOnRandomFiles) {
  std::mt19937 random(17);  // NOLINT(cert-msc32-c, cert-msc51-cpp): the same files every run
  const std::string alphabet = "ab{}\":,\n\n\n \r";
  for (int file = 0; file < 400; ++file) {
    std::string text;
    const auto size = random() % 300;
    for (std::size_t i = 0; i < size; ++i) {
      text += alphabet[random() % alphabet.size()];
      if (random() % 40 == 0) {
        text += std::string(random() % 90, 'q');  // now and then a long line
      }
    }
    const std::uint64_t max_line = random() % 3 == 0 ? 1000 : random() % 60;
    const std::size_t run = 1 + random() % 70;
    const auto want = by_split(text, max_line);
    const auto got = by_runs(text, max_line, run);
    ASSERT_EQ(got, want) << "file " << file << ", limit " << max_line << ", runs of " << run << "\n got  "
                         << shown(got) << "\n want " << shown(want);
    // One job, from line 7 (a shard of standard input), its first bytes
    // already read (standard input's first line).
    const std::size_t head = std::min<std::size_t>(text.size(), random() % 40);
    const auto one = by_line_reader(text, max_line, run, 7, head);
    ASSERT_EQ(one, by_split(text, max_line, 7)) << "LineReader: file " << file << ", head " << head;
  }
}

// A line far longer than a run grows its run to the line limit, and no
// further; one over the limit is skipped in that memory, its number kept.
TEST(LineRuns, ALongLineGrowsItsRunOnlyToTheLimit) {
  const std::string big(3U << 20U, 'x');
  const std::string text = "a\n" + big + "\n\nb\n" + std::string(9U << 20U, 'y') + "\nlast";
  std::size_t largest = 0;
  const auto got = by_runs(text, 4U << 20U, 1U << 16U, &largest);
  EXPECT_EQ(got, by_split(text, 4U << 20U));
  EXPECT_EQ(by_line_reader(text, 4U << 20U, 1U << 16U), got);
  ASSERT_EQ(got.size(), 6U);
  EXPECT_TRUE(got[1].text == big);
  EXPECT_TRUE(got[4].too_long);
  EXPECT_EQ(got[4].number, 5U);
  EXPECT_EQ(got[5].text, "last");
  EXPECT_LE(largest, (4U << 20U) + 1 + (1U << 16U)) << "a run never holds the skipped line";
}

}  // namespace
}  // namespace trickref
