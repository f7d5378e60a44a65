// The readers' storage for a card token's text as written (CardRef::text):
// the JSON reader (json_game_reader.cpp) and the loader
// (transcript_loader.cpp) write millions of them over an archive. Kept out
// of the record model's header: to the model it is a text, read as a
// std::string_view. A std::string in its place cost about 8% more
// instructions on `validate -q` over JSON Lines (callgrind, 300 games:
// 220.6M against 204.7M; issue 36 allows 2%).
#pragma once

#include <cstddef>
#include <cstring>
#include <string_view>

namespace trickref {

// A token as written, held by value: up to kInline bytes (every card
// token, "10H" or "A♣️") inside the object, a longer one on the heap. A
// record holds a hundred card tokens a hand, and reading them allocates
// and copies nothing beyond their bytes.
class TokenText {
 public:
  TokenText() = default;
  TokenText(std::string_view text) { assign(text); }  // NOLINT(google-explicit-constructor): a text is a token
  TokenText(const TokenText& other) { assign(other.view()); }
  TokenText(TokenText&& other) noexcept : size_(other.size_) {
    std::memcpy(&bytes_, &other.bytes_, sizeof bytes_);
    other.size_ = 0;  // a heap block now belongs to this one
  }
  TokenText& operator=(const TokenText& other) {
    if (this != &other) {
      assign(other.view());
    }
    return *this;
  }
  TokenText& operator=(TokenText&& other) noexcept {
    if (this != &other) {
      release();
      size_ = other.size_;
      std::memcpy(&bytes_, &other.bytes_, sizeof bytes_);
      other.size_ = 0;
    }
    return *this;
  }
  ~TokenText() { release(); }

  [[nodiscard]] std::string_view view() const { return {on_heap() ? bytes_.heap : bytes_.inline_text, size_}; }
  operator std::string_view() const { return view(); }  // NOLINT(google-explicit-constructor)
  [[nodiscard]] std::size_t size() const { return size_; }
  [[nodiscard]] bool empty() const { return size_ == 0; }
  friend bool operator==(const TokenText& a, std::string_view b) { return a.view() == b; }
  friend bool operator==(const TokenText& a, const TokenText& b) { return a.view() == b.view(); }

  // Replaces the text with `text`, where the kInline bytes from
  // text.data() on may all be read (a token inside a padded JSON text): a
  // short token is copied as one block, whatever its length.
  void assign_padded(std::string_view text) {
    if (text.size() > kInline) {
      assign(text);
      return;
    }
    release();
    size_ = text.size();
    std::memcpy(bytes_.inline_text, text.data(), kInline);
  }

  // Replaces the text. `text` must not point into this token.
  void assign(std::string_view text) {
    release();
    size_ = text.size();
    char* to = bytes_.inline_text;
    if (on_heap()) {
      bytes_.heap = new char[size_];
      to = bytes_.heap;
    }
    // A short token is copied byte by byte: a library call costs more than the copy.
    for (std::size_t i = 0; i < size_; ++i) {
      to[i] = text[i];
    }
  }

 private:
  static constexpr std::size_t kInline = 16;
  [[nodiscard]] bool on_heap() const { return size_ > kInline; }
  void release() {
    if (on_heap()) {
      delete[] bytes_.heap;
    }
    size_ = 0;
  }

  std::size_t size_ = 0;
  union Bytes {
    char inline_text[kInline];
    char* heap;
  } bytes_{};
};

}  // namespace trickref
