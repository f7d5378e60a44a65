// Reading a descriptor through FdInBuf: an archive's reading buffer asks for
// a megabyte at a time, which goes straight into it; smaller reads go through
// the stream's own buffer. Either way the bytes come whole and in order.
#include "base/io.h"
#include "batch/line_reader.h"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstddef>
#include <filesystem>
#include <fstream>
#include <istream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

namespace trickref {
namespace {

// `n` bytes that tell every position apart within a 251-byte period.
std::string pattern(std::size_t n) {
  std::string s(n, '\0');
  for (std::size_t i = 0; i < n; ++i) {
    s[i] = static_cast<char>(i % 251);
  }
  return s;
}

// Reads `in` to its end in requests of `sizes` bytes, in turn.
std::string read_all(std::istream& in, const std::vector<std::size_t>& sizes) {
  std::string out;
  for (std::size_t k = 0;; ++k) {
    std::string chunk(sizes[k % sizes.size()], '\0');
    in.read(chunk.data(), static_cast<std::streamsize>(chunk.size()));
    out.append(chunk.data(), static_cast<std::size_t>(in.gcount()));
    if (!in) {
      return out;
    }
  }
}

TEST(FdInBuf, LargeAndSmallReadsOfAFileGiveItsBytesInOrder) {
  const auto path = std::filesystem::temp_directory_path() / ("trickref-io-" + std::to_string(::getpid()));
  const std::string text = pattern(3'000'001);
  {
    std::ofstream f(path, std::ios::binary);
    f << text;
  }
  // Small reads (through the buffer), reads past the buffer's size (straight
  // in) that start with buffered bytes left, and one of everything at once.
  for (const std::vector<std::size_t>& sizes :
       {std::vector<std::size_t>{7}, {10, 200'000}, {65'535, 65'536, 65'537}, {1 << 20}, {3, 1 << 20, 1}, {4'000'000}}) {
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    ASSERT_GE(fd, 0);
    FdInBuf buf(fd);
    std::istream in(&buf);
    EXPECT_EQ(read_all(in, sizes), text) << sizes.front();
    EXPECT_EQ(buf.error(), 0);
  }
  std::filesystem::remove(path);
}

TEST(FdInBuf, APipeWrittenInDribsIsReadWhole) {
  int fds[2];
  ASSERT_EQ(::pipe(fds), 0);
  const std::string text = pattern(2'500'003);
  std::thread writer([&] {
    // Writes of many sizes, so that reads come back short.
    std::size_t at = 0;
    for (std::size_t k = 1; at < text.size(); ++k) {
      const std::size_t n = std::min<std::size_t>(text.size() - at, (k * 7919) % 90'001 + 1);
      const auto w = ::write(fds[1], text.data() + at, n);
      ASSERT_GT(w, 0);
      at += static_cast<std::size_t>(w);
    }
    ::close(fds[1]);
  });
  FdInBuf buf(fds[0]);
  std::istream in(&buf);
  const std::string got = read_all(in, {1 << 20, 5});
  writer.join();
  EXPECT_EQ(got.size(), text.size());
  EXPECT_TRUE(got == text);
  EXPECT_EQ(buf.error(), 0);
}

TEST(FdInBuf, AFailedReadIsRememberedAndEndsTheStream) {
  // A directory opens for reading, and every read of it fails with EISDIR.
  for (const std::size_t size : {std::size_t{16}, std::size_t{1} << 20}) {
    const int fd = ::open(std::filesystem::temp_directory_path().c_str(), O_RDONLY | O_CLOEXEC);
    ASSERT_GE(fd, 0);
    FdInBuf buf(fd);
    std::istream in(&buf);
    EXPECT_EQ(read_all(in, {size}), "") << size;
    EXPECT_EQ(buf.error(), EISDIR) << size;
  }
}


TEST(PageBuffer, GrowingKeepsTheBytesHeld) {
  PageBuffer b;
  b.resize(100);
  const std::string head = pattern(100);
  std::copy(head.begin(), head.end(), b.data());
  b.resize(std::size_t{9} << 20U);  // remapped, perhaps elsewhere
  EXPECT_EQ(std::string(b.data(), 100), head);
  b.data()[(std::size_t{9} << 20U) - 1] = 'z';
  const char* const at = b.data();
  b.resize(50);  // never shrinks
  EXPECT_EQ(b.data(), at);
  EXPECT_EQ(b.data()[(std::size_t{9} << 20U) - 1], 'z');
}

// A line longer than the first block (1 MiB) grows the buffer and is read
// whole; the lines around it keep their numbers; one over the limit is
// skipped, its number kept.
TEST(LineReader, LinesLongerThanABlockAreReadWholeOrSkippedOverTheLimit) {
  const std::string big(3U << 20U, 'x');
  std::istringstream in("a\n" + big + "\n\nb\n" + std::string(5U << 20U, 'y') + "\nlast");
  LineReader lines(*in.rdbuf(), 4U << 20U, 1);
  Line l;
  ASSERT_TRUE(lines.next(l));
  EXPECT_EQ(l.text, "a");
  ASSERT_TRUE(lines.next(l));
  EXPECT_EQ(l.number, 2U);
  EXPECT_EQ(l.text.size(), big.size());
  EXPECT_TRUE(l.text == big);
  // The bytes after a line may be read (simdjson's padding).
  EXPECT_EQ(l.text.data()[l.text.size()], '\n');
  ASSERT_TRUE(lines.next(l));
  EXPECT_EQ(l.text, "");
  ASSERT_TRUE(lines.next(l));
  EXPECT_EQ(l.text, "b");
  ASSERT_TRUE(lines.next(l));
  EXPECT_EQ(l.number, 5U);
  EXPECT_TRUE(l.too_long);
  EXPECT_TRUE(l.terminated);
  ASSERT_TRUE(lines.next(l));
  EXPECT_EQ(l.number, 6U);
  EXPECT_EQ(l.text, "last");
  EXPECT_FALSE(l.terminated);
  EXPECT_FALSE(lines.next(l));
}

}  // namespace
}  // namespace trickref
