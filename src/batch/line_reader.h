// The lines of a JSON Lines stream (a record archive read by `validate`,
// results read by `score --results`), read a run of whole lines at a time
// straight into the run's memory and handed out in place. One job reads
// the runs over one LineBlock (LineReader); with -j N each worker reads its
// own runs in turn and splits them itself (batch.cpp, validate_all).
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <new>
#include <streambuf>
#include <string>
#include <string_view>
#include <utility>

#include <sys/mman.h>
#include <unistd.h>

#include "json/json_reader.h"

namespace trickref {

// Memory of its own pages (mmap), grown by remapping them (mremap): a
// buffer of hundreds of megabytes (a line that long) grows without ever
// holding two copies, whichever allocator the program has (mimalloc's
// realloc copies). Unmapped when destroyed; std::bad_alloc when the
// system refuses.
class PageBuffer {
 public:
  PageBuffer() = default;
  PageBuffer(const PageBuffer&) = delete;
  PageBuffer& operator=(const PageBuffer&) = delete;
  PageBuffer(PageBuffer&& other) noexcept
      : data_(std::exchange(other.data_, nullptr)), size_(std::exchange(other.size_, 0)) {}
  PageBuffer& operator=(PageBuffer&& other) noexcept {
    std::swap(data_, other.data_);
    std::swap(size_, other.size_);
    return *this;
  }
  ~PageBuffer() {
    if (data_ != nullptr) {
      ::munmap(data_, size_);
    }
  }

  [[nodiscard]] char* data() const { return data_; }

  // At least `bytes` usable, the bytes held so far kept.
  void resize(std::size_t bytes) {
    const std::size_t page = page_size();
    const std::size_t size = (bytes + page - 1) / page * page;
    if (size <= size_) {
      return;
    }
    void* const p = data_ == nullptr ? ::mmap(nullptr, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
                                     : ::mremap(data_, size_, size, MREMAP_MAYMOVE);
    if (p == MAP_FAILED) {  // NOLINT(*-cstyle-cast, performance-no-int-to-ptr): the system's constant
      throw std::bad_alloc();
    }
    data_ = static_cast<char*>(p);
    size_ = size;
  }

 private:
  static std::size_t page_size() {
    static const auto page = static_cast<std::size_t>(::sysconf(_SC_PAGESIZE));
    return page;
  }
  char* data_ = nullptr;
  std::size_t size_ = 0;
};

// A line of the stream.
struct Line {
  std::string_view text;    // without its line end; valid until the run is read over
  std::uint32_t number = 0;
  bool terminated = false;  // a '\n' followed it
  bool too_long = false;    // longer than the limit: skipped, `text` is empty
};

// A run of whole lines of a JSON Lines stream, in memory of its own: a
// worker's to referee (-j N), or the one LineReader reads over. The lines
// are handed out in place, each with kJsonPadding readable bytes after it,
// so simdjson reads every line where it lies.
class LineBlock {
 public:
  LineBlock() = default;
  LineBlock(const LineBlock&) = delete;
  LineBlock& operator=(const LineBlock&) = delete;
  // A run moved from is empty, ready to be read into.
  LineBlock(LineBlock&& other) noexcept { *this = std::move(other); }
  LineBlock& operator=(LineBlock&& other) noexcept {
    buf_ = std::move(other.buf_);
    capacity_ = std::exchange(other.capacity_, 0);
    size_ = std::exchange(other.size_, 0);
    first_ = other.first_;
    max_line_ = other.max_line_;
    too_long_ = std::exchange(other.too_long_, false);
    terminated_ = other.terminated_;
    at_ = std::exchange(other.at_, 0);
    number_ = other.number_;
    return *this;
  }
  ~LineBlock() = default;

  // The lines in turn; false after the last.
  bool next(Line& line) {
    if (too_long_) {
      if (at_ > 0) {
        return false;
      }
      at_ = 1;
      number_ = first_ + 1;
      line = Line{{}, first_, terminated_, true};
      return true;
    }
    if (at_ == size_) {
      return false;
    }
    const char* begin = buf_.data() + at_;
    const auto* nl = static_cast<const char*>(std::memchr(begin, '\n', size_ - at_));
    const std::size_t length = nl != nullptr ? static_cast<std::size_t>(nl - begin) : size_ - at_;
    line = Line{{}, number_++, nl != nullptr, false};
    if (length > max_line_) {
      line.too_long = true;
    } else {
      line.text = std::string_view(begin, length);
    }
    at_ += length + (nl != nullptr ? 1 : 0);
    return true;
  }

  // Back to the first line (a run refereed again).
  void rewind() {
    at_ = 0;
    number_ = first_;
  }

  // The memory it holds, for its owner to decide whether to keep it.
  [[nodiscard]] std::size_t capacity() const { return capacity_; }

 private:
  friend class RunReader;

  [[nodiscard]] char* data() const { return buf_.data(); }
  // At least `bytes` usable (and the padding after them), the bytes held kept.
  void reserve(std::size_t bytes) {
    if (bytes > capacity_) {
      buf_.resize(bytes + kJsonPadding);
      capacity_ = bytes;
    }
  }
  // The run is the first `size` bytes: what simdjson may read past its last
  // line is never uninitialised.
  void seal(std::size_t size) {
    size_ = size;
    std::memset(data() + size, ' ', kJsonPadding);
  }

  PageBuffer buf_;
  std::size_t capacity_ = 0;  // usable bytes, kJsonPadding more allocated
  std::size_t size_ = 0;      // whole lines, each ended by '\n' but the file's last
  std::uint32_t first_ = 1;   // the first line's number
  std::uint64_t max_line_ = 0;
  bool too_long_ = false;     // the run is one line over the limit, skipped unread
  bool terminated_ = false;   // and a '\n' ended it
  std::size_t at_ = 0;        // where next() stands
  std::uint32_t number_ = 1;
};

// Reads a JSON Lines stream into LineBlocks, each about `run_bytes` of whole
// lines. A line longer than a run grows its run up to the line limit; one
// over the limit is a run of its own, skipped in constant memory. Memory: a
// run, and the start of the line the last read ended inside.
class RunReader {
 public:
  // `first_line`: the first line's number; `head`: what was already read
  // of the stream (standard input's first line).
  RunReader(std::streambuf& in, std::uint64_t max_line, std::size_t run_bytes, std::uint32_t first_line = 1,
            std::string_view head = {})
      : in_(in), max_line_(max_line), run_bytes_(std::max<std::size_t>(run_bytes, 1)), carry_(head),
        number_(first_line) {}

  // Whether next() counts each run's lines, for the next run's first
  // number before the run is read (-j N: the next run is read while this
  // one is refereed), or takes it from the run it reads over, which must
  // have been read to its end (LineReader: one pass over the bytes fewer).
  enum class Numbering : std::uint8_t { kCounted, kFromTheRunBefore };

  // Reads the next run into `block`, whose memory it reuses; false when the
  // stream has no more lines.
  bool next(LineBlock& block, Numbering numbering = Numbering::kCounted) {
    counted_ = numbering == Numbering::kCounted;
    if (!counted_ && started_) {
      number_ = block.number_;  // the number after the last line it gave
    }
    started_ = true;
    block.first_ = number_;
    block.max_line_ = max_line_;
    block.too_long_ = false;
    block.terminated_ = false;
    block.rewind();
    block.size_ = 0;
    if (eof_ && carry_.empty()) {
      return false;
    }
    block.reserve(carry_.size() + run_bytes_);
    // What a skipped line left may hold whole lines.
    std::copy(carry_.begin(), carry_.end(), block.data());
    std::size_t size = carry_.size();
    carry_.clear();
    std::size_t searched = 0;  // no line end before here
    while (true) {
      if (!eof_ && size < block.capacity_) {
        size += read(block.data() + size, block.capacity_ - size);
      }
      if (const void* last = ::memrchr(block.data() + searched, '\n', size - searched); last != nullptr) {
        const auto end = static_cast<std::size_t>(static_cast<const char*>(last) - block.data()) + 1;
        carry_.assign(block.data() + end, size - end);
        if (counted_) {
          number_ += count_lines(block.data(), end);
        }
        block.seal(end);
        return true;
      }
      searched = size;
      // One line, not ended yet, fills the run.
      if (size > max_line_) {
        skip_line(block);
        return true;
      }
      if (eof_) {
        if (size == 0) {
          return false;
        }
        ++number_;  // the file's last line, without a '\n'
        block.seal(size);
        return true;
      }
      if (size == block.capacity_) {
        block.reserve(std::min<std::size_t>(2 * block.capacity_, max_line_ + 1));
      }
    }
  }

  // The stream is read to its end and every line handed out: the run
  // next() gave last was the stream's last.
  [[nodiscard]] bool done() const { return eof_ && carry_.empty(); }

 private:
  // The '\n's in `size` bytes, found by memchr: a line at a time, as fast as
  // the library's vector search (std::count, a byte at a time, cost the
  // reading thread a tenth of a run's time).
  static std::uint32_t count_lines(const char* text, std::size_t size) {
    std::uint32_t n = 0;
    const char* const end = text + size;
    for (const char* p = text; p != end; ++p, ++n) {
      p = static_cast<const char*>(std::memchr(p, '\n', static_cast<std::size_t>(end - p)));
      if (p == nullptr) {
        break;
      }
    }
    return n;
  }

  // Up to `n` bytes; fewer only at the end of the stream (or on a failed
  // read, which the stream buffer keeps).
  std::size_t read(char* to, std::size_t n) {
    const auto got = static_cast<std::size_t>(in_.sgetn(to, static_cast<std::streamsize>(n)));
    if (got < n) {
      eof_ = true;
    }
    return got;
  }

  // The run is a line over the limit: its bytes are read through the run's
  // memory up to its '\n', and whatever follows is carried to the next run.
  void skip_line(LineBlock& block) {
    block.too_long_ = true;
    ++number_;
    while (!eof_) {
      const std::size_t n = read(block.data(), block.capacity_);
      if (const void* nl = std::memchr(block.data(), '\n', n); nl != nullptr) {
        block.terminated_ = true;
        const auto after = static_cast<std::size_t>(static_cast<const char*>(nl) - block.data()) + 1;
        carry_.assign(block.data() + after, n - after);
        break;
      }
    }
    block.seal(0);
  }

  std::streambuf& in_;
  std::uint64_t max_line_;
  std::size_t run_bytes_;
  std::string carry_;  // the start of the line the last read ended inside
  std::uint32_t number_;
  bool eof_ = false;
  bool counted_ = true;
  bool started_ = false;
};

// The lines of a stream in turn, read a run at a time into one LineBlock
// that grows only to the longest line (and never far past the line limit):
// memory stays one line plus a run, whatever the stream's size.
class LineReader {
 public:
  static constexpr std::size_t kRunBytes = std::size_t{1} << 20U;

  // `head`: what was already read of the stream (standard input's first line).
  LineReader(std::streambuf& in, std::uint64_t max_line, std::uint32_t first_line, std::string_view head = {},
             std::size_t run_bytes = kRunBytes)
      : runs_(in, max_line, run_bytes, first_line, head) {}

  // The next line; false at the end of the stream.
  bool next(Line& line) {
    while (!block_.next(line)) {
      if (!runs_.next(block_, RunReader::Numbering::kFromTheRunBefore)) {
        return false;
      }
    }
    return true;
  }

 private:
  RunReader runs_;
  LineBlock block_;
};

}  // namespace trickref
