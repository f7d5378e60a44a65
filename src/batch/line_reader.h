// The lines of a JSON Lines stream (a record archive read by `validate`,
// results read by `score --results`), one buffer for the whole stream.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <istream>
#include <memory>
#include <new>
#include <string_view>

#include "json/json_reader.h"

namespace trickref {

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
  // (one byte more tells it is too long), and with realloc: a large block
  // is moved by remapping its pages, so growing never holds two copies.
  void reserve(std::size_t capacity) {
    if (capacity_ > 0 && capacity > max_line_ + 1) {
      capacity = std::max<std::size_t>(capacity_ + 1, static_cast<std::size_t>(max_line_) + 1);
    }
    void* grown = std::realloc(buf_.get(), capacity + kJsonPadding);
    if (grown == nullptr) {
      throw std::bad_alloc();
    }
    (void)buf_.release();
    buf_.reset(static_cast<char*>(grown));
    capacity_ = capacity;
  }

  [[nodiscard]] char* data() const { return buf_.get(); }

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

  struct Free {
    void operator()(char* p) const { std::free(p); }
  };

  std::istream& in_;
  std::uint64_t max_line_;
  std::uint32_t number_;
  std::unique_ptr<char, Free> buf_;
  std::size_t capacity_ = 0;
  std::size_t begin_ = 0;  // the unread part: [begin_, end_)
  std::size_t scan_ = 0;   // searched for a line end up to here
  std::size_t end_ = 0;
  bool eof_ = false;
};

}  // namespace trickref
