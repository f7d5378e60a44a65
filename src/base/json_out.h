// Compact JSON text appended straight into one string: the bytes
// nlohmann's compact dump() gives for the same object (keys in insertion
// order, no spaces), without building the object first. The transcript
// writer (JSON Lines records) and the per-game results of `validate
// --format jsonl` write through it; they differ only in how a string is
// escaped, which each chooses (`StringWriter`).
#pragma once

#include <algorithm>
#include <charconv>
#include <cstddef>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

namespace trickref {

// Appends `s` as a quoted JSON string.
using StringWriter = void (*)(std::string& out, std::string_view s);

// A JSON string escaped as nlohmann::json::dump escapes it (the text must be
// UTF-8; it is copied as it is apart from `"`, `\` and the C0 controls).
void append_json_string(std::string& out, std::string_view s);

class JsonOut {
 public:
  explicit JsonOut(std::string& out, StringWriter string_writer = append_json_string)
      : out_(out), string_writer_(string_writer) {}

  void raw(std::string_view s) { out_ += s; }
  void ch(char c) { out_ += c; }
  void number(long long v) {
    char buf[24];
    const auto r = std::to_chars(buf, buf + sizeof buf, v);
    out_.append(buf, r.ptr);
  }
  void boolean(bool b) { out_ += b ? std::string_view("true") : std::string_view("false"); }
  void null() { out_ += "null"; }
  void str(std::string_view s) {
    if (s.size() <= kShort && plain(s)) {
      quoted(s, true, "\"");
      return;
    }
    string_writer_(out_, s);
  }
  // A key written in the code: inlined where it is written, its test for
  // plain text is worked out when compiled and its bytes copied as one.
  template <std::size_t N>
  [[gnu::always_inline]] void key(const char (&k)[N], bool first = false) {
    key(std::string_view(k, N - 1), first);
  }
  // `"key":`, after a comma unless it opens its object.
  [[gnu::always_inline]] void key(std::string_view k, bool first = false) {
    if (k.size() <= kShort && plain(k)) {
      quoted(k, first, "\":");
      return;
    }
    if (!first) {
      out_ += ',';
    }
    string_writer_(out_, k);
    out_ += ':';
  }
  // A JSON array of `n` items, the k-th written by write_item(k).
  template <class WriteItem>
  void array(std::size_t n, WriteItem write_item) {
    out_ += '[';
    for (std::size_t k = 0; k < n; ++k) {
      if (k > 0) {
        out_ += ',';
      }
      write_item(k);
    }
    out_ += ']';
  }
  // [s0,s1,...]
  void strings(const std::vector<std::string>& items) {
    array(items.size(), [&](std::size_t k) { str(items[k]); });
  }
  // A JSON object of `n` entries, the k-th keyed key_at(k): a key given
  // twice keeps its first place and its last value, as a JSON object built
  // key by key would.
  template <class KeyAt, class WriteValue>
  void object(std::size_t n, KeyAt key_at, WriteValue write_value) {
    out_ += '{';
    bool first = true;
    for (std::size_t k = 0; k < n; ++k) {
      const std::string_view name = key_at(k);
      bool seen = false;
      for (std::size_t e = 0; e < k && !seen; ++e) {
        seen = key_at(e) == name;
      }
      if (seen) {
        continue;
      }
      std::size_t last = k;
      for (std::size_t e = k + 1; e < n; ++e) {
        if (key_at(e) == name) {
          last = e;
        }
      }
      key(name, first);
      first = false;
      write_value(last);
    }
    out_ += '}';
  }
  // The keys of name_map for one list of names, each escaped once: a game's
  // results write a map by player for every hand. Names given twice are
  // written as object() writes them.
  class NameKeys {
   public:
    NameKeys(const std::vector<std::string>& names, StringWriter string_writer) : names_(names) {
      for (std::size_t k = 0; k < names.size(); ++k) {
        std::string& key = quoted_.emplace_back();
        string_writer(key, names[k]);
        key += ':';
        bytes_ += key.size();
        for (std::size_t e = 0; e < k; ++e) {
          distinct_ = distinct_ && names[e] != names[k];
        }
      }
    }

   private:
    friend class JsonOut;
    const std::vector<std::string>& names_;
    std::vector<std::string> quoted_;  // "name":
    std::size_t bytes_ = 0;            // the keys' bytes, all told
    bool distinct_ = true;
  };

  // name_map through keys escaped once (NameKeys): the same text.
  template <class T>
  void name_map(const NameKeys& keys, const std::vector<T>& values) {
    if (!keys.distinct_) {
      name_map(keys.names_, values);
      return;
    }
    const std::size_t n = std::min(keys.quoted_.size(), values.size());
    // A map that fits is made in a buffer of its own and appended at once,
    // not in three appends an entry: more than half of a game's results was
    // writing these maps, five a hand.
    constexpr std::size_t kDigits = 20;  // the longest long long, its sign included
    char buf[512];
    if (keys.bytes_ + n * (kDigits + 1) + 2 <= sizeof buf) {
      char* p = buf;
      *p++ = '{';
      for (std::size_t k = 0; k < n; ++k) {
        if (k > 0) {
          *p++ = ',';
        }
        const std::string& key = keys.quoted_[k];
        std::memcpy(p, key.data(), key.size());
        p = std::to_chars(p + key.size(), p + key.size() + kDigits, static_cast<long long>(values[k])).ptr;
      }
      *p++ = '}';
      out_.append(buf, static_cast<std::size_t>(p - buf));
      return;
    }
    out_ += '{';
    for (std::size_t k = 0; k < n; ++k) {
      if (k > 0) {
        out_ += ',';
      }
      out_ += keys.quoted_[k];
      number(static_cast<long long>(values[k]));
    }
    out_ += '}';
  }

  // {"Ann":v,...}: the k-th name keys the k-th value, for as many entries as
  // both have (for `seats`, only the names they index, in their order).
  template <class T>
  void name_map(const std::vector<std::string>& names, const std::vector<T>& values,
                const std::vector<std::size_t>* seats = nullptr) {
    auto at = [&](std::size_t k) { return seats != nullptr ? (*seats)[k] : k; };
    const std::size_t n = seats != nullptr ? seats->size() : std::min(names.size(), values.size());
    object(
        n, [&](std::size_t k) -> std::string_view { return names[at(k)]; },
        [&](std::size_t k) { number(static_cast<long long>(values[at(k)])); });
  }

 private:
  // A short text of printable ASCII without `"` or `\`: what every key of
  // a report and most names are. Every string writer writes it as it is,
  // between quotes, so str() and key() write it in one append without the
  // writer (a third of `validate --format jsonl`'s writing was keys).
  static constexpr std::size_t kShort = 48;
  [[gnu::always_inline]] static bool plain(std::string_view s) {
    unsigned bad = 0;  // (no branch a byte)
    for (const char c : s) {
      const auto u = static_cast<unsigned char>(c);
      bad |= static_cast<unsigned>(u < 0x20U) | static_cast<unsigned>(u > 0x7EU) | static_cast<unsigned>(u == '"') |
             static_cast<unsigned>(u == '\\');
    }
    return bad == 0;
  }
  // `,` unless `first`, then `"s` and `close`, in one append.
  [[gnu::always_inline]] void quoted(std::string_view s, bool first, std::string_view close) {
    char buf[kShort + 4];
    std::size_t n = 0;
    if (!first) {
      buf[n++] = ',';
    }
    buf[n++] = '"';
    if (!s.empty()) {  // (an empty view's data() may be null)
      std::memcpy(buf + n, s.data(), s.size());
    }
    n += s.size();
    std::memcpy(buf + n, close.data(), close.size());
    n += close.size();
    out_.append(buf, n);
  }

  std::string& out_;
  StringWriter string_writer_;
};

}  // namespace trickref
