// The lines of a JSON Lines stream (a record archive read by `validate`,
// results read by `score --results`), one buffer for the whole stream.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <istream>
#include <new>
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

// The lines of a JSON Lines stream, read a block at a time into one buffer
// that grows only to the longest line (and never far past the line limit),
// each handed out in place with kJsonPadding readable bytes after it, so
// simdjson reads it where it lies: memory stays one line plus a block,
// whatever the archive's size.
class LineReader {
 public:
  struct Line {
    std::string_view text;    // without its line end; valid until the next call
    std::uint32_t number = 0;
    bool terminated = false;  // a '\n' followed it
    bool too_long = false;    // longer than the limit: skipped, `text` is empty
  };

  // `head`: what was already read of the stream (standard input's first line).
  LineReader(std::istream& in, std::uint64_t max_line, std::uint32_t first_line, std::string_view head = {})
      : in_(in), max_line_(max_line), number_(first_line - 1) {
    reserve(std::max<std::size_t>(kBlock, head.size()));
    if (!head.empty()) {
      std::memcpy(data(), head.data(), head.size());  // (an empty view's data() may be null)
    }
    end_ = head.size();
    std::memset(data() + end_, ' ', kJsonPadding);
  }

  // The next line; false at the end of the stream.
  bool next(Line& line) {
    ++number_;
    line = Line{{}, number_, false, false};
    while (true) {
      const char* nl = static_cast<const char*>(std::memchr(data() + scan_, '\n', end_ - scan_));
      if (nl != nullptr) {
        const auto at = static_cast<std::size_t>(nl - data());
        line.terminated = true;
        if (at - begin_ > max_line_) {
          line.too_long = true;
        } else {
          line.text = std::string_view(data() + begin_, at - begin_);
        }
        begin_ = scan_ = at + 1;
        return true;
      }
      scan_ = end_;
      if (end_ - begin_ > max_line_) {
        line.too_long = true;
        skip_line(line);
        return true;
      }
      if (eof_) {
        if (begin_ == end_) {
          return false;
        }
        line.text = std::string_view(data() + begin_, end_ - begin_);
        begin_ = scan_ = end_;
        return true;
      }
      fill();
    }
  }

 private:
  static constexpr std::size_t kBlock = 1 << 20;

  // Grows by doubling, but never past what the longest line allowed needs
  // (one byte more tells it is too long).
  void reserve(std::size_t capacity) {
    if (capacity_ > 0 && capacity > max_line_ + 1) {
      capacity = std::max<std::size_t>(capacity_ + 1, static_cast<std::size_t>(max_line_) + 1);
    }
    buf_.resize(capacity + kJsonPadding);
    capacity_ = capacity;
  }

  [[nodiscard]] char* data() const { return buf_.data(); }

  // Moves the unread part to the front, grows the buffer when a line fills
  // it, and reads what fits after it.
  void fill() {
    if (begin_ > 0) {
      std::memmove(data(), data() + begin_, end_ - begin_);
      end_ -= begin_;
      scan_ -= begin_;
      begin_ = 0;
    }
    if (end_ == capacity_) {
      reserve(2 * capacity_);
    }
    in_.read(data() + end_, static_cast<std::streamsize>(capacity_ - end_));
    const auto n = static_cast<std::size_t>(in_.gcount());
    end_ += n;
    std::memset(data() + end_, ' ', kJsonPadding);  // what simdjson may read past a line is never uninitialised
    if (n == 0 || !in_) {
      eof_ = true;
    }
  }

  // Skips the rest of an over-long line in constant memory.
  void skip_line(Line& line) {
    while (true) {
      begin_ = scan_ = end_ = 0;
      if (eof_) {
        return;
      }
      fill();
      if (const void* nl = std::memchr(data(), '\n', end_); nl != nullptr) {
        begin_ = scan_ = static_cast<std::size_t>(static_cast<const char*>(nl) - data()) + 1;
        line.terminated = true;
        return;
      }
    }
  }

  std::istream& in_;
  std::uint64_t max_line_;
  std::uint32_t number_;
  PageBuffer buf_;
  std::size_t capacity_ = 0;
  std::size_t begin_ = 0;  // the unread part: [begin_, end_)
  std::size_t scan_ = 0;   // searched for a line end up to here
  std::size_t end_ = 0;
  bool eof_ = false;
};

}  // namespace trickref
