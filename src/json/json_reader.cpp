#include "json/json_reader.h"

#include <algorithm>
#include <cstring>
#include <new>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <fmt/format.h>
#include <simdjson.h>

#include "json/json_text.h"

namespace trickref {

static_assert(kJsonPadding == simdjson::SIMDJSON_PADDING, "kJsonPadding must be simdjson's padding");

namespace {

namespace od = simdjson::ondemand;

// ---------------------------------------------------------- find_fault

struct Fault {
  Fault(std::size_t at, std::string what) : offset(at), message(std::move(what)) {}
  std::size_t offset;
  std::string message;
  bool ends_early = false;  // the text ended inside a value
  std::optional<std::size_t> opened;  // where the map or list left open began
  char open_kind = 0;                 // '{' or '['
};

// The length of the valid UTF-8 sequence at `i` (RFC 3629: no overlong
// forms, no surrogates, nothing above U+10FFFF), or 0.
std::size_t utf8_length(std::string_view s, std::size_t i, char32_t* cp = nullptr) {
  const auto c = static_cast<unsigned char>(s[i]);
  std::size_t len = 0;
  unsigned lo = 0x80;
  unsigned hi = 0xBF;
  char32_t value = 0;
  if (c >= 0xC2 && c <= 0xDF) {
    len = 2;
    value = c & 0x1FU;
  } else if (c >= 0xE0 && c <= 0xEF) {
    len = 3;
    lo = c == 0xE0 ? 0xA0 : 0x80;
    hi = c == 0xED ? 0x9F : 0xBF;
    value = c & 0x0FU;
  } else if (c >= 0xF0 && c <= 0xF4) {
    len = 4;
    lo = c == 0xF0 ? 0x90 : 0x80;
    hi = c == 0xF4 ? 0x8F : 0xBF;
    value = c & 0x07U;
  }
  if (len == 0 || i + len > s.size()) {
    return 0;
  }
  for (std::size_t k = 1; k < len; ++k) {
    const auto b = static_cast<unsigned char>(s[i + k]);
    if (k == 1 ? (b < lo || b > hi) : (b < 0x80 || b > 0xBF)) {
      return 0;
    }
    value = (value << 6U) | (b & 0x3FU);
  }
  if (cp != nullptr) {
    *cp = value;
  }
  return len;
}

bool is_word_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '+' ||
         c == '-' || c == '.';
}

// RFC 8259's number: -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?
bool is_json_number(std::string_view s) {
  std::size_t i = 0;
  const std::size_t n = s.size();
  auto digits = [&] {
    const std::size_t from = i;
    while (i < n && s[i] >= '0' && s[i] <= '9') {
      ++i;
    }
    return i > from;
  };
  if (i < n && s[i] == '-') {
    ++i;
  }
  if (i < n && s[i] == '0') {
    ++i;
  } else if (!digits()) {
    return false;
  }
  if (i < n && s[i] == '.') {
    ++i;
    if (!digits()) {
      return false;
    }
  }
  if (i < n && (s[i] == 'e' || s[i] == 'E')) {
    ++i;
    if (i < n && (s[i] == '+' || s[i] == '-')) {
      ++i;
    }
    if (!digits()) {
      return false;
    }
  }
  return i == n;
}

// The first fault of a JSON text that simdjson rejected, by a plain scan
// of the grammar (RFC 8259) from `start`: where it is and what it is. Only
// ever run on the way to an error, so it is written for clear messages,
// not speed. Nesting is kept on a heap stack: no depth overflows it.
class FaultFinder {
 public:
  // `in_lines`: the text is one line of JSON Lines.
  FaultFinder(std::string_view text, bool in_lines) : s_(text), in_lines_(in_lines) {}

  std::optional<Fault> find(std::size_t start) {
    using namespace std::string_view_literals;
    if (s_.substr(0, 2) == "\xFE\xFF"sv || s_.substr(0, 2) == "\xFF\xFE"sv || s_.substr(0, 4) == "\0\0\xFE\xFF"sv) {
      return Fault{0, "the text is UTF-16 or UTF-32; trickref reads UTF-8 (save the file as UTF-8)"};
    }
    std::size_t i = start;
    const std::size_t n = s_.size();
    Expect expect = Expect::kValue;
    bool done = false;  // the top-level value is complete
    while (true) {
      while (i < n && is_json_space(s_[i])) {
        ++i;
      }
      if (i == n) {
        if (done || stack_.empty()) {
          return std::nullopt;
        }
        const auto [kind, where] = stack_.back();
        Fault f{n, fmt::format("invalid JSON: the text ends inside a {} (a '{}' is missing)",
                               kind == '{' ? "map" : "list", kind == '{' ? '}' : ']')};
        f.ends_early = true;
        f.opened = where;
        f.open_kind = kind;
        return f;
      }
      const char c = s_[i];
      if (done) {
        auto f = unexpected(i, "the end");
        f->message += " (a game is one JSON value";
        f->message += in_lines_ ? ", one to a line)" : ")";
        return f;
      }
      switch (expect) {
        case Expect::kValue:
        case Expect::kItem:
        case Expect::kItemOrEnd:
          if (c == ']' && expect == Expect::kItemOrEnd) {
            stack_.pop_back();
            ++i;
            done = after_value(expect);
            continue;
          }
          if (c == ']' && expect == Expect::kItem) {
            return Fault{i, "invalid JSON: a ',' before ']' (JSON allows no comma after the last item)"};
          }
          if (c == '{' || c == '[') {
            stack_.emplace_back(c, i);
            expect = c == '{' ? Expect::kKeyOrEnd : Expect::kItemOrEnd;
            ++i;
            continue;
          }
          if (c == '"') {
            if (auto f = string(i)) {
              return f;
            }
            done = after_value(expect);
            continue;
          }
          if (is_word_char(c)) {
            if (auto f = word(i)) {
              return f;
            }
            done = after_value(expect);
            continue;
          }
          return unexpected(i, "a value");
        case Expect::kKeyOrEnd:
        case Expect::kKey:
          if (c == '}' && expect == Expect::kKeyOrEnd) {
            stack_.pop_back();
            ++i;
            done = after_value(expect);
            continue;
          }
          if (c == '}') {
            return Fault{i, "invalid JSON: a ',' before '}' (JSON allows no comma after the last entry)"};
          }
          if (c == '"') {
            if (auto f = string(i)) {
              return f;
            }
            expect = Expect::kColon;
            continue;
          }
          return unexpected(i, "a key in double quotes");
        case Expect::kColon:
          if (c == ':') {
            ++i;
            expect = Expect::kValue;
            continue;
          }
          return unexpected(i, "':' after the key");
        case Expect::kCommaOrEnd: {
          const char close = stack_.back().first == '{' ? '}' : ']';
          if (c == ',') {
            ++i;
            expect = close == '}' ? Expect::kKey : Expect::kItem;
            continue;
          }
          if (c == close) {
            stack_.pop_back();
            ++i;
            done = after_value(expect);
            continue;
          }
          return unexpected(i, close == '}' ? "',' or '}'" : "',' or ']'");
        }
      }
    }
  }

 private:
  enum class Expect : std::uint8_t {
    kValue,      // the top-level value, or a map entry's value
    kItem,       // a list item after ','
    kItemOrEnd,  // the first item of a list, or ']'
    kKeyOrEnd,   // the first key of a map, or '}'
    kKey,        // a key after ','
    kColon,
    kCommaOrEnd,
  };

  // After a complete value: whether it was the top-level one.
  bool after_value(Expect& expect) const {
    expect = Expect::kCommaOrEnd;
    return stack_.empty();
  }

  // A string from its opening quote at `i`; on success `i` is past its closing quote.
  std::optional<Fault> string(std::size_t& i) {
    const std::size_t open = i;
    const std::size_t n = s_.size();
    std::size_t j = i + 1;
    while (true) {
      if (j >= n) {
        Fault f{open, "invalid JSON: a string is never closed: the closing '\"' is missing"};
        f.ends_early = true;
        return f;
      }
      const auto c = static_cast<unsigned char>(s_[j]);
      if (c == '"') {
        i = j + 1;
        return std::nullopt;
      }
      if (c == '\\') {
        if (j + 1 >= n) {
          j = n;  // a backslash last: the string is never closed
          continue;
        }
        const char e = s_[j + 1];
        if (e == 'u') {
          auto f = unicode_escape(j);
          if (f) {
            return f;
          }
          continue;
        }
        if (std::string_view("\"\\/bfnrt").find(e) == std::string_view::npos) {
          if (e > ' ' && e < 127) {
            return Fault{j, fmt::format("invalid JSON: unknown escape '\\{}' in a string", e)};
          }
          return Fault{j, "invalid JSON: an unknown escape in a string"};
        }
        j += 2;
        continue;
      }
      if (c < 0x20) {
        if (c == 0) {
          return nul(j);
        }
        return Fault{j, fmt::format("invalid JSON: a control character (0x{:02X}) inside a string, where JSON needs "
                                    "it escaped{}",
                                    c, c == '\n' ? " (\\n): a string cannot run over two lines" : "")};
      }
      if (c >= 0x80) {
        const std::size_t len = utf8_length(s_, j);
        if (len == 0) {
          return bad_utf8(j);
        }
        j += len;
        continue;
      }
      ++j;
    }
  }

  // A \uXXXX escape at `j` (the backslash), with its low surrogate when it
  // is a high one; `j` is moved past it.
  std::optional<Fault> unicode_escape(std::size_t& j) {
    auto hex4 = [&](std::size_t at) -> std::optional<unsigned> {
      if (at + 4 > s_.size()) {
        return std::nullopt;
      }
      unsigned v = 0;
      for (std::size_t k = at; k < at + 4; ++k) {
        const char h = s_[k];
        unsigned d = 0;
        if (h >= '0' && h <= '9') {
          d = static_cast<unsigned>(h - '0');
        } else if (h >= 'a' && h <= 'f') {
          d = static_cast<unsigned>(h - 'a' + 10);
        } else if (h >= 'A' && h <= 'F') {
          d = static_cast<unsigned>(h - 'A' + 10);
        } else {
          return std::nullopt;
        }
        v = v * 16 + d;
      }
      return v;
    };
    const auto unit = hex4(j + 2);
    if (!unit) {
      return Fault{j, "invalid JSON: '\\u' must be followed by four hex digits"};
    }
    if (*unit >= 0xDC00 && *unit <= 0xDFFF) {
      return Fault{j, fmt::format("invalid JSON: a lone UTF-16 low surrogate (\\u{:04X}) in a string: it must follow "
                                  "a high one (\\uD800-\\uDBFF)",
                                  *unit)};
    }
    if (*unit >= 0xD800 && *unit <= 0xDBFF) {
      const auto low = s_.substr(j + 6, 2) == "\\u" ? hex4(j + 8) : std::nullopt;
      if (!low || *low < 0xDC00 || *low > 0xDFFF) {
        return Fault{j, fmt::format("invalid JSON: a lone UTF-16 high surrogate (\\u{:04X}) in a string: it must be "
                                    "followed by a low one (\\uDC00-\\uDFFF)",
                                    *unit)};
      }
      j += 12;
      return std::nullopt;
    }
    j += 6;
    return std::nullopt;
  }

  // A bare token at `i` in a value's place: a number, true, false or null.
  std::optional<Fault> word(std::size_t& i) {
    std::size_t j = i;
    while (j < s_.size() && is_word_char(s_[j])) {
      ++j;
    }
    const std::string_view w = s_.substr(i, j - i);
    if (w == "true" || w == "false" || w == "null" || is_json_number(w)) {
      i = j;
      return std::nullopt;
    }
    std::string_view bare = w;
    if (!bare.empty() && (bare.front() == '-' || bare.front() == '+')) {
      bare.remove_prefix(1);
    }
    if (bare == "NaN" || bare == "nan" || bare == "Infinity" || bare == "inf" || bare == "Inf") {
      return Fault{i, fmt::format("invalid JSON: {} is not a number in JSON (JSON has no NaN or infinity)", w)};
    }
    const auto shown = quote_input(w, Quoted::kToken);
    const char first = w.front();
    if (first == '-' || first == '+' || first == '.' || (first >= '0' && first <= '9')) {
      return Fault{i, shown ? fmt::format("invalid JSON: {} is not a JSON number", *shown)
                            : std::string("invalid JSON: not a JSON number")};
    }
    return Fault{i, shown ? fmt::format("invalid JSON: {} where a value was expected (a string needs double quotes; "
                                        "true, false and null are lower case)",
                                        *shown)
                          : std::string("invalid JSON: a bare word where a value was expected")};
  }

  // Something at `i` that cannot be there: says what it is, and what was expected.
  std::optional<Fault> unexpected(std::size_t i, std::string_view expected) const {
    const auto c = static_cast<unsigned char>(s_[i]);
    if (c == 0) {
      return nul(i);
    }
    if (c >= 0x80) {
      char32_t cp = 0;
      if (utf8_length(s_, i, &cp) == 0) {
        return bad_utf8(i);
      }
      return Fault{i, fmt::format("invalid JSON: the character U+{:04X}{} where {} was expected", static_cast<unsigned>(cp),
                                  cp == 0xFEFF ? " (a byte order mark)" : "", expected)};
    }
    if (c < 0x20 || c == 0x7F) {
      return Fault{i, fmt::format("invalid JSON: a control character (0x{:02X}) where {} was expected", c, expected)};
    }
    if (c == '\'') {
      return Fault{i, fmt::format("invalid JSON: a single quote where {} was expected (JSON strings are in double "
                                  "quotes)",
                                  expected)};
    }
    if (is_word_char(static_cast<char>(c))) {
      std::size_t j = i;
      while (j < s_.size() && is_word_char(s_[j])) {
        ++j;
      }
      if (const auto shown = quote_input(s_.substr(i, j - i), Quoted::kToken)) {
        return Fault{i, fmt::format("invalid JSON: {} where {} was expected", *shown, expected)};
      }
    }
    return Fault{i, fmt::format("invalid JSON: '{}' where {} was expected", static_cast<char>(c), expected)};
  }

  static Fault nul(std::size_t i) { return Fault{i, "a NUL byte: this is not UTF-8 text (a binary file, or UTF-16?)"}; }

  Fault bad_utf8(std::size_t i) const {
    return Fault{i, fmt::format("invalid UTF-8 (byte 0x{:02X}): trickref reads UTF-8 text; save the file as UTF-8",
                                static_cast<unsigned char>(s_[i]))};
  }

  std::string_view s_;
  bool in_lines_;
  std::vector<std::pair<char, std::size_t>> stack_;  // open maps and lists: '{' or '[', and where
};

}  // namespace

// ------------------------------------------------------ JsonTreeBuilder

// Builds a Document from simdjson's On-Demand walk, node by node in
// document order (keys before their values), as TreeBuilder does from
// yaml-cpp's events. Stops at the first fault: `stop()` says which.
class JsonTreeBuilder {
 public:
  enum class Stop : std::uint8_t { kNone, kSyntax, kLimit };

  // `base`..`end`: the text read.
  JsonTreeBuilder(Document& doc, const Limits& limits, const LineIndex& lines, const char* base, const char* end,
                  std::vector<std::uint32_t>& pending, DiagnosticSink& sink)
      : doc_(doc), limits_(limits), lines_(lines), base_(base), end_(end), pending_(pending), sink_(sink) {
    doc_.nodes_.clear();
    doc_.children_.clear();
    doc_.strings_.clear();
    doc_.root_ = 0;
    pending_.clear();
  }

  // The root: a map or list is walked; a scalar is read off the document.
  bool root(od::document& d) {
    od::json_type type{};
    if (d.type().get(type) != simdjson::SUCCESS) {
      return syntax();
    }
    std::uint32_t node = 0;
    if (type == od::json_type::object || type == od::json_type::array) {
      od::value v;
      if (d.get_value().get(v) != simdjson::SUCCESS || !value(v, node)) {
        return stop_ == Stop::kNone ? syntax() : false;
      }
    } else {
      std::string_view token;
      if (d.raw_json_token().get(token) != simdjson::SUCCESS) {
        return syntax();
      }
      std::string_view text;
      if (type == od::json_type::string && d.get_string().get(text) != simdjson::SUCCESS) {
        return syntax();
      }
      if (!scalar(type, token, text, node)) {
        return false;
      }
      // simdjson leaves its place at a scalar it was not asked to convert: the caller looks past the token.
      scalar_end_ = token.data() + token.size();
    }
    doc_.root_ = node;
    doc_.start_ = doc_.nodes_[node].loc;
    return true;
  }

  [[nodiscard]] Stop stop() const { return stop_; }
  // Where a scalar at the top ends (with the white space after it); null when the top is a map or list.
  [[nodiscard]] const char* scalar_end() const { return scalar_end_; }

 private:
  bool value(od::value v, std::uint32_t& node) {
    od::json_type type{};
    if (v.type().get(type) != simdjson::SUCCESS) {
      return syntax();
    }
    const std::string_view token = v.raw_json_token();
    switch (type) {
      case od::json_type::object: {
        od::object object;
        if (v.get_object().get(object) != simdjson::SUCCESS) {
          return syntax();
        }
        return map(object, token.data(), node);
      }
      case od::json_type::array: {
        od::array array;
        if (v.get_array().get(array) != simdjson::SUCCESS) {
          return syntax();
        }
        return list(array, token.data(), node);
      }
      case od::json_type::string: {
        std::string_view text;
        if (!plain_string(token.data() + 1, token.data() + token.size(), text) &&
            v.get_string().get(text) != simdjson::SUCCESS) {
          return syntax();
        }
        return scalar(type, token, text, node);
      }
      case od::json_type::number:
      case od::json_type::boolean:
      case od::json_type::null:
        return scalar(type, token, {}, node);
    }
    return syntax();
  }

  // A string with no escape in it, which is its own text: `from` is just
  // past its opening quote, and its closing quote is before `end`. Most of
  // a record's strings (card tokens, names, keys) are such, and reading them
  // where they lie spares simdjson's copy. False for a string with an
  // escape (it is unescaped by simdjson).
  static bool plain_string(const char* from, const char* end, std::string_view& text) {
    for (const char* p = from; p < end; ++p) {
      if (*p == '"') {
        text = std::string_view(from, static_cast<std::size_t>(p - from));
        return true;
      }
      if (*p == '\\') {
        return false;
      }
    }
    return false;
  }

  bool map(od::object& object, const char* at, std::uint32_t& node) {
    if (!open(NodeKind::kMap, at, node)) {
      return false;
    }
    const std::size_t start = pending_.size();
    for (auto entry : object) {
      od::field field;
      if (std::move(entry).get(field) != simdjson::SUCCESS) {
        return syntax();
      }
      const char* quote = field.key().raw() - 1;
      std::string_view key;
      if (!plain_string(quote + 1, end_, key) &&
          field.unescaped_key().get(key) != simdjson::SUCCESS) {
        return syntax();
      }
      std::uint32_t key_node = 0;
      if (!add_string(quote, key, key_node)) {
        return false;
      }
      pending_.push_back(key_node);
      std::uint32_t child = 0;
      if (!value(field.value(), child)) {
        return false;
      }
      pending_.push_back(child);
    }
    check_duplicate_keys(start);
    close(node, start);
    return true;
  }

  bool list(od::array& array, const char* at, std::uint32_t& node) {
    if (!open(NodeKind::kSequence, at, node)) {
      return false;
    }
    const std::size_t start = pending_.size();
    for (auto item : array) {
      od::value v;
      if (std::move(item).get(v) != simdjson::SUCCESS) {
        return syntax();
      }
      std::uint32_t child = 0;
      if (!value(v, child)) {
        return false;
      }
      pending_.push_back(child);
    }
    close(node, start);
    return true;
  }

  // A string (its unescaped `text`), number, true, false or null; `token`
  // is its raw text, followed by any white space.
  bool scalar(od::json_type type, std::string_view token, std::string_view text, std::uint32_t& node) {
    if (type == od::json_type::string) {
      return add_string(token.data(), text, node);
    }
    while (!token.empty() && is_json_space(token.back())) {
      token.remove_suffix(1);
    }
    // simdjson reads a bare token by its first character; what follows is checked here.
    if (type == od::json_type::null) {
      if (token != "null") {
        return syntax();
      }
      return add(NodeKind::kNull, false, token.data(), 0, 0, node);
    }
    const bool ok = type == od::json_type::boolean ? (token == "true" || token == "false") : is_json_number(token);
    if (!ok) {
      return syntax();
    }
    if (token.size() > limits_.max_json_string_bytes) {
      return limit(token.data(), fmt::format("a number of {} digits is longer than the limit of {} bytes for one JSON "
                                             "value (raise it with --max-json-string)",
                                             token.size(), limits_.max_json_string_bytes));
    }
    return add_text(token.data(), false, token, node);
  }

  bool add_string(const char* quote, std::string_view text, std::uint32_t& node) {
    if (text.size() > limits_.max_json_string_bytes) {
      return limit(quote, fmt::format("a string of {} bytes is longer than the limit of {} for one JSON string "
                                      "(raise it with --max-json-string)",
                                      text.size(), limits_.max_json_string_bytes));
    }
    return add_text(quote, true, text, node);
  }

  bool add_text(const char* at, bool quoted, std::string_view text, std::uint32_t& node) {
    const auto offset = static_cast<std::uint32_t>(doc_.strings_.size());
    if (!add(NodeKind::kScalar, quoted, at, offset, static_cast<std::uint32_t>(text.size()), node)) {
      return false;
    }
    doc_.strings_.append(text);
    return true;
  }

  bool add(NodeKind kind, bool quoted, const char* at, std::uint32_t first, std::uint32_t count, std::uint32_t& node) {
    if (doc_.nodes_.size() >= limits_.max_json_values) {
      return limit(at, fmt::format("the game has more than {} JSON values, keys included (raise the limit with "
                                   "--max-json-values)",
                                   limits_.max_json_values));
    }
    node = static_cast<std::uint32_t>(doc_.nodes_.size());
    doc_.nodes_.push_back(Document::Record{kind, quoted, loc(at), first, count});
    return true;
  }

  bool open(NodeKind kind, const char* at, std::uint32_t& node) {
    if (depth_ >= limits_.max_depth) {
      return limit(at, limits_.max_depth == kMaxJsonDepth
                           ? fmt::format("nesting is deeper than {} levels, the most JSON is read to whatever "
                                         "--max-depth says",
                                         kMaxJsonDepth)
                           : fmt::format("nesting is deeper than the limit of {} levels (raise it with --max-depth)",
                                         limits_.max_depth));
    }
    ++depth_;
    return add(kind, false, at, 0, 0, node);
  }

  void close(std::uint32_t node, std::size_t start) {
    --depth_;
    auto& rec = doc_.nodes_[node];
    rec.first = static_cast<std::uint32_t>(doc_.children_.size());
    rec.count = static_cast<std::uint32_t>(pending_.size() - start);
    doc_.children_.insert(doc_.children_.end(), pending_.begin() + static_cast<std::ptrdiff_t>(start), pending_.end());
    pending_.resize(start);
  }

  // A record's maps hold a handful of keys: compared pairwise without
  // allocating; report_duplicate_keys words the findings (and sorts a big map).
  void check_duplicate_keys(std::size_t start) {
    const std::span<const std::uint32_t> entries = std::span<const std::uint32_t>(pending_).subspan(start);
    const std::size_t keys = entries.size() / 2;
    bool repeated = keys > 32;
    for (std::size_t a = 1; a < keys && !repeated; ++a) {
      const std::string_view ka = key_text(entries[2 * a]);
      for (std::size_t b = 0; b < a && !repeated; ++b) {
        repeated = key_text(entries[2 * b]) == ka;
      }
    }
    if (repeated) {
      report_duplicate_keys(doc_, entries, Quoted::kText, sink_);
    }
  }

  [[nodiscard]] std::string_view key_text(std::uint32_t node) const {
    const auto& rec = doc_.nodes_[node];
    return std::string_view(doc_.strings_).substr(rec.first, rec.count);
  }

  [[nodiscard]] Loc loc(const char* at) const { return lines_.at(static_cast<std::size_t>(at - base_)); }

  bool syntax() {
    stop_ = Stop::kSyntax;
    return false;
  }

  bool limit(const char* at, std::string message) {
    stop_ = Stop::kLimit;
    sink_.report(Code::kLimit, loc(at), std::move(message));
    return false;
  }

  Document& doc_;
  const Limits& limits_;
  const LineIndex& lines_;
  const char* base_;
  const char* end_;
  std::vector<std::uint32_t>& pending_;
  DiagnosticSink& sink_;
  std::uint32_t depth_ = 0;
  Stop stop_ = Stop::kNone;
  const char* scalar_end_ = nullptr;
};

// ------------------------------------------------------------ JsonReader

struct JsonReader::Impl {
  explicit Impl(const Limits& l) : limits(json_limits(l)) {}
  Limits limits;
  od::parser parser;
  LineIndex lines;
  std::vector<std::uint32_t> pending;
  std::vector<char> copy;  // a text that came without padding
};

JsonReader::JsonReader(const Limits& limits) : impl_(std::make_unique<Impl>(limits)) {}

JsonReader::~JsonReader() = default;

namespace {

// Reports a fault in `text`: the scanner's finding, or simdjson's own word
// where the scanner finds nothing (it should not happen).
void report_fault(std::string_view text, std::size_t start, const LineIndex& lines, const JsonText& in,
                  simdjson::error_code error, std::optional<std::size_t> where, DiagnosticSink& sink) {
  FaultFinder finder(text, in.json_lines);
  auto fault = finder.find(start);
  if (!fault) {
    fault = Fault{where.value_or(start), fmt::format("invalid JSON: {}", simdjson::error_message(error))};
  }
  auto& d = sink.report(Code::kSyntax, lines.at(fault->offset), std::move(fault->message));
  if (fault->opened) {
    d.notes.push_back(Note{fault->open_kind == '{' ? "the map opened here" : "the list opened here",
                           lines.at(*fault->opened)});
  }
  if (fault->ends_early && in.unterminated) {
    d.notes.push_back(Note{"this is the file's last line and it has no line end: was the file cut short?", {}});
  }
}

}  // namespace

JsonRead JsonReader::read(const JsonText& in, Document& doc, DiagnosticSink& sink) {
  auto& im = *impl_;
  const std::string_view text = in.text;
  if (text.size() >= simdjson::SIMDJSON_MAXSIZE_BYTES - kJsonPadding) {
    doc = Document();
    sink.report(Code::kLimit, Loc{in.first_line, 1}, "a JSON text of 4 GiB or more cannot be read");
    return JsonRead::kFailed;
  }
  const std::size_t bom = bom_length(text);
  if (value_start(text, bom) == text.size()) {
    doc = Document();
    return JsonRead::kEmpty;
  }
  im.lines.reset(text, bom, in.first_line);
  try {
    const char* data = padded_data(in, im.copy);
    const simdjson::padded_string_view view(data + bom, text.size() - bom, text.size() - bom + kJsonPadding);
    // Offsets are taken from `data` (the copy, when there is one) but the
    // fault finder reads `text`: the bytes are the same.
    od::document d;
    simdjson::error_code error = im.parser.iterate(view).get(d);
    if (error == simdjson::MEMALLOC || error == simdjson::CAPACITY) {
      sink.report(Code::kLimit, Loc{in.first_line, 1}, "the document needs more memory than is available");
      return JsonRead::kFailed;
    }
    if (error != simdjson::SUCCESS) {
      report_fault(text, bom, im.lines, in, error, std::nullopt, sink);
      return JsonRead::kFailed;
    }
    JsonTreeBuilder builder(doc, im.limits, im.lines, data, data + text.size(), im.pending, sink);
    if (builder.root(d)) {
      // Anything after the value is a fault (simdjson stops at the value's end).
      const char* after = builder.scalar_end();
      if (after != nullptr) {
        const char* const end = data + text.size();
        while (after < end && is_json_space(*after)) {
          ++after;
        }
        if (after == end) {
          return JsonRead::kGame;
        }
      } else if (d.current_location().get(after) != simdjson::SUCCESS) {
        return JsonRead::kGame;
      }
      report_fault(text, bom, im.lines, in, simdjson::TRAILING_CONTENT, static_cast<std::size_t>(after - data), sink);
    } else if (builder.stop() == JsonTreeBuilder::Stop::kSyntax) {
      const char* at = nullptr;
      std::optional<std::size_t> where;
      if (d.current_location().get(at) == simdjson::SUCCESS) {
        where = static_cast<std::size_t>(at - data);
      }
      report_fault(text, bom, im.lines, in, simdjson::TAPE_ERROR, where, sink);
    }
  } catch (const std::bad_alloc&) {
    sink.report(Code::kLimit, Loc{in.first_line, 1}, "the document needs more memory than is available");
  }
  doc = Document();
  return JsonRead::kFailed;
}

}  // namespace trickref
