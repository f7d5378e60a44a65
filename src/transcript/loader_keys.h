// What the loader (transcript_loader.cpp) checks of every map and text
// before it reads a record's sections: the keys of a map as checked (a
// misspelt key read as the key meant), what a message calls the value at
// hand, and names and tokens holding a NUL.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "base/text.h"
#include "yaml/tree.h"

namespace trickref::loading {

// A name or card token holding U+0000 (YAML "\0", JSON "\u0000"): no
// person reads such a name, terminals and C strings cut it, and a report would
// carry the raw byte. Messages show it as \0, and the text goes no further.
// A plain loop: the texts are names and card tokens of a few bytes, where a
// call to memchr costs more than the scan.
inline bool has_nul(std::string_view s) { return std::find(s.begin(), s.end(), '\0') != s.end(); }

inline std::string nul_shown(std::string_view s) {
  std::string out;
  for (const char c : s) {
    out += c == '\0' ? std::string("\\0") : std::string(1, c);
  }
  return out;
}

// The token quoted with its NUL shown as \0 (or without the token when it holds other controls too).
inline std::string quoted_with_nul(std::string_view s) {
  return quote_input(nul_shown(s), Quoted::kText).value_or("a text with control characters");
}

// What a message calls the value at hand: a fixed text, or one made only
// when a message needs it. The loader visits every name and card of an
// archive, and formatting each one's description would cost more than
// reading it.
class What {
 public:
  What(const char* text) : text_(text) {}       // NOLINT(google-explicit-constructor): a text is a What
  What(std::string_view text) : text_(text) {}  // NOLINT(google-explicit-constructor)
  template <class Make>
    requires std::is_invocable_r_v<std::string, const Make&>
  What(const Make& make)  // NOLINT(google-explicit-constructor); `make` outlives the call it is passed to
      : make_(&make), call_([](const void* m) { return (*static_cast<const Make*>(m))(); }) {}
  [[nodiscard]] std::string str() const { return call_ != nullptr ? call_(make_) : std::string(text_); }

 private:
  std::string_view text_;
  const void* make_ = nullptr;
  std::string (*call_)(const void*) = nullptr;
};

// A map's keys as checked: find() gives a misspelt key's value under the key
// it was meant for (misspelt-key), unless that key is there too, so one slip
// is one diagnostic and what it holds is still refereed.
class Keys {
 public:
  Keys() = default;
  // A map of a few keys has them listed here, as map.find() would look at
  // them: a loader looks keys up by the hundred a game.
  explicit Keys(Node map) : map_(map) {
    if (!map.valid() || !map.is_map() || map.size() > kListed) {
      return;
    }
    listed_ = true;
    for (std::uint32_t i = 0, n = map.size(); i < n; ++i) {
      if (const Node k = map.key(i); k.is_scalar()) {
        keys_[count_++] = Listed{k.scalar(), map.value(i)};
      }
    }
  }
  [[nodiscard]] Node find(std::string_view key) const {
    if (!map_.valid()) {
      return Node();
    }
    if (listed_) {
      for (std::uint32_t i = 0; i < count_; ++i) {
        if (same_word(keys_[i].key, key)) {
          return keys_[i].value;
        }
      }
    } else if (const Node v = map_.find(key); v.valid()) {
      return v;
    }
    for (const auto& [meant, v] : slips_) {
      if (same_word(meant, key)) {
        return v;
      }
    }
    return Node();
  }
  // Reads `v` as `meant`; false when `meant` is there already (or another slip took it).
  bool read_as(std::string_view meant, Node v) {
    if (find(meant).valid()) {
      return false;
    }
    slips_.emplace_back(meant, v);
    return true;
  }

 private:
  struct Listed {
    std::string_view key;
    Node value;
  };
  static constexpr std::uint32_t kListed = 12;
  Node map_;
  bool listed_ = false;
  std::uint32_t count_ = 0;
  std::array<Listed, kListed> keys_;
  std::vector<std::pair<std::string_view, Node>> slips_;
};

}  // namespace trickref::loading
