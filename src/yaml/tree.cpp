#include "yaml/tree.h"

#include <algorithm>
#include <array>
#include <cstring>
#include <istream>
#include <optional>
#include <streambuf>
#include <unordered_map>

#include <fmt/format.h>
#include <yaml-cpp/depthguard.h>
#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/exceptions.h>
#include <yaml-cpp/mark.h>
#include <yaml-cpp/parser.h>

#include "base/text.h"
#include "yaml/flow_scan.h"

namespace trickref {

// ---------------------------------------------------------------- Node view

bool Node::is_null() const {
  const auto& r = doc_->nodes_[index_];
  if (r.kind == NodeKind::kNull) {
    return true;
  }
  if (r.kind != NodeKind::kScalar || r.quoted) {
    return false;
  }
  const auto s = scalar();
  return s == "~" || s == "null" || s == "Null" || s == "NULL";
}

std::string_view Node::kind_name() const {
  if (is_null()) {
    return "empty";
  }
  switch (kind()) {
    case NodeKind::kScalar:
      return "a scalar";
    case NodeKind::kSequence:
      return "a list";
    case NodeKind::kMap:
      return "a map";
    case NodeKind::kNull:
      break;
  }
  return "empty";
}

// ------------------------------------------------------------ quote_input

namespace {

bool is_option_key(std::string_view s) {
  if (s.empty() || s.size() > kMaxQuotedKey) {
    return false;
  }
  bool word_start = true;
  for (const char c : s) {
    if (word_start) {
      if (c < 'a' || c > 'z') {
        return false;
      }
      word_start = false;
    } else if (c == '.') {
      word_start = true;
    } else if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_')) {
      return false;
    }
  }
  return !word_start;
}

}  // namespace

std::optional<std::string> shown_input(std::string_view text, Quoted kind) {
  if (kind == Quoted::kOptionKey) {
    return is_option_key(text) ? std::optional<std::string>(std::string(text)) : std::nullopt;
  }
  // What cannot be shown as it is is not shown at all (base/text.h does the cutting).
  if (has_control(text) || (kind == Quoted::kToken && has_space(text))) {
    return std::nullopt;
  }
  return kind == Quoted::kPath ? clip_middle(text, kMaxQuotedPath) : clip(text, kMaxQuotedChars);
}

std::optional<std::string> quote_input(std::string_view text, Quoted kind) {
  auto shown = shown_input(text, kind);
  if (!shown) {
    return std::nullopt;
  }
  return "'" + *shown + "'";
}

// ---------------------------------------------------- report_duplicate_keys

void report_duplicate_keys(const Document& doc, std::span<const std::uint32_t> entries, Quoted quoted_as,
                           DiagnosticSink& sink) {
  // Keys are at even positions of the entries.
  std::vector<std::pair<std::string_view, std::uint32_t>> keys;
  keys.reserve(entries.size() / 2);
  for (std::size_t i = 0; i < entries.size(); i += 2) {
    const auto& rec = doc.nodes_[entries[i]];
    if (rec.kind == NodeKind::kScalar) {
      keys.emplace_back(std::string_view(doc.strings_).substr(rec.first, rec.count), entries[i]);
    }
  }
  if (keys.size() < 2) {
    return;
  }
  std::stable_sort(keys.begin(), keys.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  // Each repeat points at the first occurrence of its key (the stable sort keeps document order within
  // a run of equal keys); repeats are reported in document order.
  std::vector<std::pair<std::uint32_t, std::uint32_t>> repeats;  // (repeat node, first node)
  std::size_t run = 0;
  for (std::size_t i = 1; i < keys.size(); ++i) {
    if (keys[i].first != keys[run].first) {
      run = i;
    } else {
      repeats.emplace_back(keys[i].second, keys[run].second);
    }
  }
  std::sort(repeats.begin(), repeats.end());
  for (const auto& [again_node, first_node] : repeats) {
    const Loc first = doc.nodes_[first_node].loc;
    const Loc again = doc.nodes_[again_node].loc;
    const auto& rec = doc.nodes_[again_node];
    const std::string_view name = std::string_view(doc.strings_).substr(rec.first, rec.count);
    // A key is quoted only as the text's kind allows: a ruleset path may name any file.
    const auto quoted = quote_input(name, quoted_as);
    auto& d = sink.report(Code::kSyntax, again,
                          quoted ? fmt::format("duplicate key {} in a map (first given at line {})", *quoted, first.line)
                                 : fmt::format("a duplicate key in a map (first given at line {})", first.line));
    d.notes.push_back(Note{quoted ? fmt::format("{} first given here", *quoted) : "the key first given here", first});
  }
}

// ------------------------------------------------------------- TreeBuilder

namespace {

// Thrown from the event handler to abandon a document that breaks a limit.
struct LimitBreach {
  Loc loc;
  std::string message;
  Code code = Code::kLimit;
};

std::string depth_message(std::uint32_t max_depth) {
  return fmt::format("nesting is deeper than the limit of {} levels (raise it with --max-depth)", max_depth);
}

std::string node_limit_message(std::uint32_t max_nodes) {
  return fmt::format("the game has more than {} YAML nodes, counting what aliases repeat "
                     "(raise the limit with --max-nodes)",
                     max_nodes);
}

// Hands the text to yaml-cpp a window at a time, so the reader can stop a
// value that never ends. yaml-cpp reports a scalar only once it has scanned
// all of it (a 50 MB value costs seconds and several copies before the
// scalar limit could be checked), so the reader is stopped when it runs too
// far past the last node it reported: a scalar's source is at least as long
// as the value is, less what escapes, folding and indentation remove.
class MemoryBuf : public std::streambuf {
 public:
  MemoryBuf(std::string_view text, const Limits& limits, std::uint32_t first_line)
      : text_(text),
        first_line_(first_line),
        max_scalar_(limits.max_scalar_bytes),
        budget_(4ULL * limits.max_scalar_bytes + (1ULL << 20)),
        bom_(text.substr(0, 3) == "\xEF\xBB\xBF" ? 3 : 0),
        limits_(limits),
        scan_(text.substr(bom_), limits.max_depth, limits.max_nodes, limits.max_scalar_bytes, limits.max_game_bytes) {
    set_window(0);
  }

  // A node was reported at byte `pos` of the text after any byte order mark.
  void progress(std::size_t pos) { last_node_ = std::max(last_node_, pos + bom_); }

  // The bytes of the text handed to yaml-cpp so far.
  [[nodiscard]] std::size_t handed() const { return handed_; }

 protected:
  int_type underflow() override {
    if (gptr() < egptr()) {
      return traits_type::to_int_type(*gptr());
    }
    const auto pos = static_cast<std::size_t>(egptr() - eback()) + window_start_;
    if (pos >= text_.size()) {
      return traits_type::eof();
    }
    if (found_ && pos >= found_->pos + bom_ + kSlack) {
      throw LimitBreach{loc_at(found_->at + bom_), breach_message(found_->kind)};
    }
    if (pos - last_node_ > budget_) {
      throw LimitBreach{value_start(),
                        fmt::format("a value (or comment) runs on for more than {} bytes, far longer than the limit "
                                    "of {} for one scalar (raise it with --max-scalar)",
                                    budget_, max_scalar_)};
    }
    set_window(pos);
    return traits_type::to_int_type(*gptr());
  }

 private:
  static constexpr std::size_t kWindow = 1 << 16;
  // How far past a breach yaml-cpp is still given text: it reads up to 2 KB
  // ahead of what it has scanned, and a document that ends before the
  // breach must still be reported whole.
  static constexpr std::size_t kSlack = 4096;

  void set_window(std::size_t start) {
    window_start_ = start;
    std::size_t n = std::min(kWindow, text_.size() - start);
    // yaml-cpp gets no byte from the first that passes a limit on: it
    // would queue the flow collection's tokens before it reported any.
    if (!found_ && n > 0) {
      found_ = scan_.scan_to(start + n - bom_);
    }
    if (found_) {
      const std::size_t stop = found_->pos + bom_ + kSlack;
      n = std::min(n, stop > start ? stop - start : 0);
    }
    handed_ = std::max(handed_, start + n);
    // The get area is never written through; streambuf only offers char*.
    char* b = const_cast<char*>(text_.data() + start);  // NOLINT(cppcoreguidelines-pro-type-const-cast)
    setg(b, b, b + n);
  }

  // Where the runaway value starts: past the last reported node's own token
  // and the indicators after it (`: `, `- `, `, `, comments).
  Loc value_start() const {
    std::size_t i = last_node_;
    const auto n = text_.size();
    auto ends_token = [](char c) {
      return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == ',' || c == ':' || c == '[' || c == ']' ||
             c == '{' || c == '}';
    };
    if (i < n && (text_[i] == '"' || text_[i] == '\'')) {
      const char quote = text_[i++];
      while (i < n && text_[i] != quote) {
        i += text_[i] == '\\' && quote == '"' ? 2U : 1U;
      }
      ++i;
    } else {
      while (i < n && !ends_token(text_[i])) {
        ++i;
      }
    }
    while (i < n) {
      const char c = text_[i];
      if (c == '#') {
        while (i < n && text_[i] != '\n') {
          ++i;
        }
      } else if (c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == ':' || c == ',' || c == '-' || c == '?' ||
                 c == '[' || c == '{') {
        ++i;
      } else {
        break;
      }
    }
    return loc_at(std::min(i, n));
  }

  // The line and byte column of byte `i` of the text.
  Loc loc_at(std::size_t i) const {
    std::uint32_t line = first_line_;
    std::size_t line_start = bom_;
    for (std::size_t k = bom_; k < i && k < text_.size(); ++k) {
      if (text_[k] == '\n') {
        ++line;
        line_start = k + 1;
      }
    }
    return Loc{line, static_cast<std::uint32_t>(std::min<std::size_t>(i - line_start, 0xFFFFFFF0U)) + 1};
  }

  std::string breach_message(FlowScan::Breach kind) const {
    switch (kind) {
      case FlowScan::Breach::kDepth:
        return depth_message(limits_.max_depth);
      case FlowScan::Breach::kParserDepth:
        return fmt::format("nesting is deeper than the YAML parser allows ({} levels)", FlowScan::kParserDepth);
      case FlowScan::Breach::kNodes:
        return node_limit_message(limits_.max_nodes);
      case FlowScan::Breach::kDocument:
        return fmt::format("this game runs on past {} bytes, the limit for one game (raise it with --max-game-size)",
                           limits_.max_game_bytes);
      case FlowScan::Breach::kScalar:
        break;
    }
    return fmt::format("a quoted or block scalar holds more than {} brackets and commas, longer than the limit of "
                       "{} bytes for one scalar (raise it with --max-scalar)",
                       limits_.max_scalar_bytes, limits_.max_scalar_bytes);
  }

  std::string_view text_;
  std::uint32_t first_line_;
  std::uint32_t max_scalar_;
  std::uint64_t budget_;
  std::size_t bom_;
  std::size_t window_start_ = 0;
  std::size_t last_node_ = 0;
  Limits limits_;
  FlowScan scan_;
  std::optional<FlowScan::Found> found_;
  std::size_t handed_ = 0;
};

}  // namespace

class TreeBuilder final : public YAML::EventHandler {
 public:
  TreeBuilder(Document& doc, DiagnosticSink& sink, const Limits& limits, std::uint32_t first_line,
              std::string_view text, MemoryBuf& buf, Quoted keys)
      : doc_(doc), sink_(sink), limits_(limits), first_line_(first_line), text_(text), buf_(buf), keys_(keys) {
    // yaml-cpp's marks count bytes after a UTF-8 byte order mark; other encodings are not checked.
    if (text_.substr(0, 3) == "\xEF\xBB\xBF") {
      text_.remove_prefix(3);
    } else if (text_.size() >= 2 && (text_.substr(0, 2) == "\xFE\xFF" || text_.substr(0, 2) == "\xFF\xFE" ||
                                     text_.substr(0, 4).find('\0') != std::string_view::npos)) {
      text_ = {};
    }
    doc_.nodes_.clear();
    doc_.children_.clear();
    doc_.strings_.clear();
    doc_.root_ = 0;
  }

  void OnDocumentStart(const YAML::Mark& mark) override {
    seen(mark);
    doc_.start_ = to_loc(mark);
    start_pos_ = mark.pos;
    start_line_ = doc_.start_.line;
  }

  // The line the document began on (0: not reported).
  [[nodiscard]] std::uint32_t start_line() const { return start_line_; }

  // Where the document began, as a byte offset after any byte order mark (-1: not reported).
  [[nodiscard]] int start_pos() const { return start_pos_; }
  [[nodiscard]] char char_at(int pos) const {
    return pos >= 0 && static_cast<std::size_t>(pos) < text_.size() ? text_[static_cast<std::size_t>(pos)] : ' ';
  }
  void OnDocumentEnd() override {}

  void OnNull(const YAML::Mark& mark, YAML::anchor_t anchor) override {
    seen(mark);
    finish(add(NodeKind::kNull, false, mark, 0, 0), anchor, 1);
  }

  void OnAlias(const YAML::Mark& mark, YAML::anchor_t anchor) override {
    seen(mark);
    const auto it = anchors_.find(anchor);
    if (it == anchors_.end()) {
      // yaml-cpp reports the anchor as known but unfinished: an alias to an
      // enclosing node, which would make the tree infinite.
      throw LimitBreach{to_loc(mark), "an alias refers to the node that contains it, which would never end",
                        Code::kSyntax};
    }
    const std::uint32_t target = it->second;
    add_child(target, expanded_[target], to_loc(mark));
  }

  void OnScalar(const YAML::Mark& mark, const std::string& tag, YAML::anchor_t anchor,
                const std::string& value) override {
    seen(mark);
    if (value.size() > limits_.max_scalar_bytes) {
      throw LimitBreach{to_loc(mark),
                        fmt::format("a scalar of {} bytes is longer than the limit of {} "
                                    "(raise it with --max-scalar)",
                                    value.size(), limits_.max_scalar_bytes)};
    }
    if (tag != "?") {  // "?": a plain scalar with no tag, which has no quotes to close
      check_closed(mark);
    }
    const auto offset = static_cast<std::uint32_t>(doc_.strings_.size());
    doc_.strings_ += value;
    finish(add(NodeKind::kScalar, tag == "!", mark, offset, static_cast<std::uint32_t>(value.size())),
           anchor, 1);
  }

  void OnSequenceStart(const YAML::Mark& mark, const std::string& /*tag*/, YAML::anchor_t anchor,
                       YAML::EmitterStyle::value /*style*/) override {
    open(NodeKind::kSequence, mark, anchor);
  }
  void OnSequenceEnd() override { close(); }

  void OnMapStart(const YAML::Mark& mark, const std::string& /*tag*/, YAML::anchor_t anchor,
                  YAML::EmitterStyle::value /*style*/) override {
    open(NodeKind::kMap, mark, anchor);
  }
  void OnMapEnd() override {
    check_duplicate_keys(frames_.back());
    close();
  }

 private:
  struct Frame {
    std::uint32_t node;
    YAML::anchor_t anchor;
    std::size_t pending_start;
    std::uint64_t expanded;
  };

  void seen(const YAML::Mark& m) {
    if (m.pos >= 0) {
      buf_.progress(static_cast<std::size_t>(m.pos));
    }
  }

  Loc to_loc(const YAML::Mark& m) const {
    return Loc{static_cast<std::uint32_t>(m.line) + first_line_, static_cast<std::uint32_t>(m.column) + 1};
  }

  std::uint32_t add(NodeKind kind, bool quoted, const YAML::Mark& mark, std::uint32_t first,
                    std::uint32_t count) {
    if (doc_.nodes_.size() >= limits_.max_nodes) {
      throw LimitBreach{to_loc(mark), node_limit_message()};
    }
    doc_.nodes_.push_back(Document::Record{kind, quoted, to_loc(mark), first, count});
    expanded_.push_back(1);
    return static_cast<std::uint32_t>(doc_.nodes_.size() - 1);
  }

  // yaml-cpp ends a quoted scalar that is never closed at the end of the input without an error, so
  // the rest of the file would silently become its value. `mark` is where the node starts (its anchor
  // or tag, if any).
  void check_closed(const YAML::Mark& mark) const {
    if (mark.pos < 0) {
      return;
    }
    auto space = [](char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; };
    std::size_t i = static_cast<std::size_t>(mark.pos);
    while (i < text_.size() && (text_[i] == '&' || text_[i] == '!')) {
      while (i < text_.size() && !space(text_[i])) {
        ++i;
      }
      while (i < text_.size() && space(text_[i])) {
        ++i;
      }
    }
    if (i >= text_.size() || (text_[i] != '"' && text_[i] != '\'')) {
      return;  // a block scalar, or a text not checked
    }
    const char quote = text_[i];
    for (std::size_t j = i + 1; j < text_.size(); ++j) {
      if (quote == '"' && text_[j] == '\\') {
        ++j;  // an escape: the next character is never the end
      } else if (text_[j] == quote) {
        if (quote == '\'' && j + 1 < text_.size() && text_[j + 1] == '\'') {
          ++j;  // '' is a quote inside single quotes
        } else {
          return;
        }
      }
    }
    throw LimitBreach{to_loc(mark),
                      fmt::format("a quoted value is never closed: the closing {} is missing", quote),
                      Code::kSyntax};
  }

  std::string node_limit_message() const { return trickref::node_limit_message(limits_.max_nodes); }

  // Records a completed node as a child of the open container (or the root).
  void add_child(std::uint32_t node, std::uint64_t expanded, Loc where) {
    total_expanded_ += expanded;
    if (total_expanded_ > limits_.max_nodes) {
      throw LimitBreach{where, node_limit_message()};
    }
    if (frames_.empty()) {
      doc_.root_ = node;
      return;
    }
    pending_.push_back(node);
    frames_.back().expanded += expanded;
  }

  void finish(std::uint32_t node, YAML::anchor_t anchor, std::uint64_t expanded) {
    expanded_[node] = expanded;
    if (anchor != YAML::NullAnchor) {
      anchors_[anchor] = node;
    }
    add_child(node, expanded, doc_.nodes_[node].loc);
  }

  void open(NodeKind kind, const YAML::Mark& mark, YAML::anchor_t anchor) {
    seen(mark);
    if (frames_.size() >= limits_.max_depth) {
      throw LimitBreach{to_loc(mark), depth_message(limits_.max_depth)};
    }
    const std::uint32_t node = add(kind, false, mark, 0, 0);
    frames_.push_back(Frame{node, anchor, pending_.size(), 1});
  }

  void close() {
    const Frame f = frames_.back();
    frames_.pop_back();
    auto& rec = doc_.nodes_[f.node];
    rec.first = static_cast<std::uint32_t>(doc_.children_.size());
    rec.count = static_cast<std::uint32_t>(pending_.size() - f.pending_start);
    doc_.children_.insert(doc_.children_.end(),
                          pending_.begin() + static_cast<std::ptrdiff_t>(f.pending_start), pending_.end());
    pending_.resize(f.pending_start);
    // The children were already counted in total_expanded_; count only this node now.
    total_expanded_ -= (f.expanded - 1);
    expanded_[f.node] = f.expanded;
    if (f.anchor != YAML::NullAnchor) {
      anchors_[f.anchor] = f.node;
    }
    add_child(f.node, f.expanded, rec.loc);
  }

  void check_duplicate_keys(const Frame& f) {
    report_duplicate_keys(doc_, std::span<const std::uint32_t>(pending_).subspan(f.pending_start), keys_, sink_);
  }

  Document& doc_;
  DiagnosticSink& sink_;
  const Limits& limits_;
  std::uint32_t first_line_;
  std::string_view text_;  // the input, for check_closed
  MemoryBuf& buf_;
  Quoted keys_;
  int start_pos_ = -1;
  std::uint32_t start_line_ = 0;
  std::vector<Frame> frames_;
  std::vector<std::uint32_t> pending_;
  std::vector<std::uint64_t> expanded_;
  std::uint64_t total_expanded_ = 0;
  std::unordered_map<YAML::anchor_t, std::uint32_t> anchors_;
};

// --------------------------------------------------------------- YamlReader

struct YamlReader::Impl {
  Impl(std::string_view t, const Limits& lim, std::uint32_t line, Quoted k)
      : text(t), buf(t, lim, line), stream(&buf), limits(lim), first_line(line), keys(k) {}
  std::string_view text;
  MemoryBuf buf;
  std::istream stream;
  std::unique_ptr<YAML::Parser> parser;
  Limits limits;
  std::uint32_t first_line;
  Quoted keys;
  int last_start = -2;  // where the previous document began
  bool encoding_checked = false;  // a tail the reader resumed in: the whole text was checked
};

YamlReader::YamlReader(std::string_view text, const Limits& limits, std::uint32_t first_line, Quoted keys)
    : impl_(std::make_unique<Impl>(text, limits, first_line, keys)), whole_(text) {}

YamlReader::~YamlReader() = default;

std::size_t YamlReader::bytes_handed() const { return impl_->buf.handed(); }

namespace {

struct EncodingError {
  Loc loc;  // 1-based line and byte column
  std::string message;
};

// trickref reads UTF-8 only (a UTF-8 byte order mark is allowed). yaml-cpp
// would silently convert UTF-16/32 (so its marks no longer match the bytes),
// pass invalid UTF-8 through into names and messages, and cut a value at a
// NUL byte, and it reads a lone CR as no line break; each is refused here,
// at the first offending byte.
std::optional<EncodingError> check_encoding(std::string_view text, std::uint32_t first_line) {
  using namespace std::string_view_literals;
  if (text.substr(0, 2) == "\xFE\xFF"sv || text.substr(0, 2) == "\xFF\xFE"sv ||
      text.substr(0, 4) == "\0\0\xFE\xFF"sv) {
    return EncodingError{Loc{first_line, 1}, "the text is UTF-16 or UTF-32; trickref reads UTF-8 (save the file "
                                             "as UTF-8)"};
  }
  const std::size_t bom = text.substr(0, 3) == "\xEF\xBB\xBF" ? 3 : 0;
  // Line and byte column of `pos`, counted only when there is something to report.
  auto at = [&](std::size_t pos) {
    std::uint32_t line = first_line;
    std::size_t line_start = bom;
    for (const char* p = text.data() + bom; (p = static_cast<const char*>(std::memchr(
                                                 p, '\n', pos - static_cast<std::size_t>(p - text.data())))) != nullptr;) {
      ++line;
      line_start = static_cast<std::size_t>(++p - text.data());
    }
    return Loc{line, static_cast<std::uint32_t>(std::min<std::size_t>(pos - line_start, 0xFFFFFFF0U)) + 1};
  };
  const auto* const data = reinterpret_cast<const unsigned char*>(text.data());
  const std::size_t n = text.size();
  std::size_t i = bom;
  while (i < n) {
    // Eight bytes at a time while they are plain ASCII with no NUL or CR
    // (a 50 MB file is checked in a few milliseconds even unoptimised).
    constexpr std::uint64_t kOnes = 0x0101010101010101ULL;
    constexpr std::uint64_t kHigh = 0x8080808080808080ULL;
    auto has_zero = [](std::uint64_t v) { return ((v - kOnes) & ~v & kHigh) != 0; };
    while (i + 8 <= n) {
      std::uint64_t w = 0;
      std::memcpy(&w, data + i, 8);
      if ((w & kHigh) != 0 || has_zero(w) || has_zero(w ^ (kOnes * '\r'))) {
        break;
      }
      i += 8;
    }
    if (i >= n) {
      break;
    }
    const unsigned char c = data[i];
    if (c == 0) {
      return EncodingError{at(i), "a NUL byte: this is not UTF-8 text (a binary file, or UTF-16?)"};
    }
    if (c == '\r' && (i + 1 == n || data[i + 1] != '\n')) {
      // yaml-cpp does not break lines at a lone CR: a file saved with old
      // Mac line endings would read as one long comment and "no game".
      return EncodingError{at(i), "a carriage return without a line feed (old Mac line endings): save the file "
                                  "with LF or CRLF line endings"};
    }
    if (c < 0x80) {
      ++i;
      continue;
    }
    // The length of the sequence and the range of its second byte (RFC 3629:
    // no overlong forms, no surrogates, nothing above U+10FFFF).
    std::size_t len = 0;
    unsigned lo = 0x80;
    unsigned hi = 0xBF;
    if (c >= 0xC2 && c <= 0xDF) {
      len = 2;
    } else if (c >= 0xE0 && c <= 0xEF) {
      len = 3;
      lo = c == 0xE0 ? 0xA0 : 0x80;
      hi = c == 0xED ? 0x9F : 0xBF;
    } else if (c >= 0xF0 && c <= 0xF4) {
      len = 4;
      lo = c == 0xF0 ? 0x90 : 0x80;
      hi = c == 0xF4 ? 0x8F : 0xBF;
    }
    bool ok = len != 0 && i + len <= n;
    for (std::size_t k = 1; ok && k < len; ++k) {
      const unsigned b = data[i + k];
      ok = k == 1 ? (b >= lo && b <= hi) : (b >= 0x80 && b <= 0xBF);
    }
    if (!ok) {
      return EncodingError{at(i), fmt::format("invalid UTF-8 (byte 0x{:02X}): trickref reads UTF-8 text; save "
                                              "the file as UTF-8",
                                              c)};
    }
    if (c == 0xEF && data[i + 1] == 0xBB && data[i + 2] == 0xBF && i > bom && data[i - 1] == '\n') {
      // Files joined with `cat`, the later one saved with a byte order mark:
      // yaml-cpp would read the mark as part of the first key ('\uFEFFgame').
      return EncodingError{at(i), "a byte order mark inside the stream, at the start of a line (files joined "
                                  "with cat?): remove it, or keep the files apart"};
    }
    i += len;
  }
  return std::nullopt;
}

// yaml-cpp's messages are terse and lower-case already; keep them, but never
// its "yaml-cpp: error at line..." prefix, nor the input three of them carry
// (the file may be anything, e.g. a path given as a ruleset): a %YAML
// directive's argument, and an escape's character and code are kept only
// when they are one short token.
std::string describe_parser_error(const std::string& msg) {
  if (msg.empty()) {
    return "the text is not valid YAML";
  }
  struct Carrier {
    std::string_view prefix;  // yaml-cpp's ErrorMsg text, then the input
    std::size_t keep;         // the most characters of input kept
  };
  const std::array<Carrier, 3> carriers = {Carrier{YAML::ErrorMsg::YAML_VERSION, 0},
                                           Carrier{YAML::ErrorMsg::INVALID_ESCAPE, 1},
                                           Carrier{YAML::ErrorMsg::INVALID_UNICODE, 10}};
  for (const auto& c : carriers) {
    if (std::string_view(msg).substr(0, c.prefix.size()) != c.prefix) {
      continue;
    }
    const std::string_view input = std::string_view(msg).substr(c.prefix.size());
    std::string_view head = c.prefix;
    while (!head.empty() && (head.back() == ' ' || head.back() == ':')) {
      head.remove_suffix(1);
    }
    const auto shown = input.size() <= c.keep ? shown_input(input, Quoted::kToken) : std::nullopt;
    return shown && !shown->empty() ? fmt::format("invalid YAML: {}: {}", head, *shown)
                                    : fmt::format("invalid YAML: {}", head);
  }
  return fmt::format("invalid YAML: {}", msg);
}

// Where a tab indents a line, at or before line `upto` (0: anywhere): the
// cause of most of yaml-cpp's indentation errors ("illegal tab when looking
// for indentation", "end of map not found", "illegal block entry"), which
// name the symptom, not the tab. Block scalars' content (`notes: |`) may
// hold tabs past its indentation and is skipped; so is a text that opens as
// JSON (`{` or `[`), and lines within a flow collection (`[Ann,` then a
// line `<tab>Bob]`), whose tabs are mere separation.
//
// The brackets a line leaves open (+) or closes (-), outside quotes and comments.
int flow_depth_change(std::string_view l) {
  int depth = 0;
  char quote = 0;
  for (std::size_t i = 0; i < l.size(); ++i) {
    const char c = l[i];
    if (quote != 0) {
      if (quote == '"' && c == '\\') {
        ++i;
      } else if (c == quote) {
        quote = 0;
      }
    } else if (c == '"' || c == '\'') {
      quote = c;
    } else if (c == '#' && (i == 0 || l[i - 1] == ' ' || l[i - 1] == '\t')) {
      break;
    } else if (c == '[' || c == '{') {
      ++depth;
    } else if (c == ']' || c == '}') {
      --depth;
    }
  }
  return depth;
}

std::optional<Loc> tab_in_indentation(std::string_view text, std::uint32_t first_line, std::uint32_t upto) {
  std::size_t pos = 0;
  if (text.substr(0, 3) == "\xEF\xBB\xBF") {
    pos = 3;
  }
  std::uint32_t line = first_line;
  bool opened = false;      // a line with content has been seen
  long block_indent = -1;   // inside a block scalar whose parent is indented so far
  int flow = 0;             // brackets open at the end of the last line
  while (pos < text.size() && (upto == 0 || line <= upto)) {
    std::size_t end = text.find('\n', pos);
    if (end == std::string_view::npos) {
      end = text.size();
    }
    std::string_view l = text.substr(pos, end - pos);
    if (!l.empty() && l.back() == '\r') {
      l.remove_suffix(1);
    }
    std::size_t spaces = 0;
    while (spaces < l.size() && l[spaces] == ' ') {
      ++spaces;
    }
    std::size_t lead = spaces;
    while (lead < l.size() && (l[lead] == ' ' || l[lead] == '\t')) {
      ++lead;
    }
    const bool blank = lead == l.size() || l[lead] == '#';
    if (block_indent >= 0 && (blank || static_cast<long>(spaces) > block_indent)) {
      // block scalar content
    } else if (flow > 0) {
      flow = std::max(0, flow + flow_depth_change(l));  // within a flow collection
    } else {
      block_indent = -1;
      if (!blank) {
        if (!opened && (l[lead] == '{' || l[lead] == '[')) {
          return std::nullopt;  // JSON, or a flow collection: tabs separate there
        }
        opened = true;
        if (lead > spaces) {
          return Loc{line, static_cast<std::uint32_t>(spaces) + 1};
        }
        flow = std::max(0, flow_depth_change(l));
        // A block scalar's header ends the line: `key: |`, `- >-`, `notes: |2`.
        std::string_view t = l;
        while (!t.empty() && (t.back() == ' ' || t.back() == '\t')) {
          t.remove_suffix(1);
        }
        while (!t.empty() && (t.back() == '-' || t.back() == '+' || (t.back() >= '0' && t.back() <= '9'))) {
          t.remove_suffix(1);
        }
        if (!t.empty() && (t.back() == '|' || t.back() == '>') &&
            (t.size() == 1 || t[t.size() - 2] == ' ' || t[t.size() - 2] == ':')) {
          block_indent = static_cast<long>(spaces);
        }
      }
    }
    pos = end + 1;
    ++line;
  }
  return std::nullopt;
}

}  // namespace

namespace {

// Whether `line` is a document marker: `---` alone or followed by a blank.
bool is_document_marker(std::string_view line) {
  return line.substr(0, 3) == "---" &&
         (line.size() == 3 || line[3] == ' ' || line[3] == '\t' || line[3] == '\r' || line[3] == '\n');
}

// The first document marker line after line `after` and before line
// `before` of `text` (whose first line is `first_line`), if any.
std::optional<std::uint32_t> marker_between(std::string_view text, std::uint32_t first_line, std::uint32_t after,
                                            std::uint32_t before) {
  std::size_t pos = 0;
  for (std::uint32_t line = first_line; line < before && pos < text.size(); ++line) {
    if (line > after && is_document_marker(text.substr(pos, 4))) {
      return line;
    }
    const void* nl = std::memchr(text.data() + pos, '\n', text.size() - pos);
    if (nl == nullptr) {
      break;
    }
    pos = static_cast<std::size_t>(static_cast<const char*>(nl) - text.data()) + 1;
  }
  return std::nullopt;
}

}  // namespace

bool YamlReader::next(Document& doc, DiagnosticSink& sink) {
  if (failed_) {
    return false;
  }
  TreeBuilder builder(doc, sink, impl_->limits, impl_->first_line, impl_->text, impl_->buf, impl_->keys);
  auto loc_of = [&](const YAML::Mark& m) {
    if (m.is_null()) {
      return Loc{impl_->first_line, 1};
    }
    return Loc{static_cast<std::uint32_t>(m.line) + impl_->first_line,
               static_cast<std::uint32_t>(m.column) + 1};
  };
  try {
    if (!impl_->parser) {
      auto bad = impl_->encoding_checked ? std::nullopt : check_encoding(impl_->text, impl_->first_line);
      if (bad) {
        sink.report(Code::kSyntax, bad->loc, std::move(bad->message));
        failed_ = true;
        failed_line_ = 0;
        doc = Document();
        return false;
      }
      impl_->parser = std::make_unique<YAML::Parser>(impl_->stream);
    }
    if (!impl_->parser->HandleNextDocument(builder)) {
      return false;
    }
    // yaml-cpp 0.7 answers a token that cannot start a node (a stray `,`
    // `]` or `}`) with an empty document and leaves the token where it was,
    // so every later call returns the same empty document forever (yaml-cpp
    // issue 1040). A document starting where the last one did is that.
    if (builder.start_pos() >= 0 && builder.start_pos() == impl_->last_start) {
      const char c = builder.char_at(builder.start_pos());
      sink.report(Code::kSyntax, doc.start(),
                  c > ' ' && c < 127 ? fmt::format("invalid YAML: a stray '{}' where a value was expected", c)
                                     : std::string("invalid YAML: the parser cannot go on from here"));
      failed_ = true;
      failed_line_ = doc.start().line;
      failed_doc_line_ = failed_line_;
      doc = Document();
      return false;
    }
    impl_->last_start = builder.start_pos();
    return true;
  } catch (const LimitBreach& e) {
    sink.report(e.code, e.loc, e.message);
    failed_line_ = e.loc.line;
  } catch (const YAML::DeepRecursion& e) {
    sink.report(Code::kLimit, loc_of(e.mark),
                "nesting is deeper than the YAML parser allows (2000 levels)");
    failed_line_ = e.mark.is_null() ? 0 : loc_of(e.mark).line;
  } catch (const YAML::Exception& e) {
    const Loc at = loc_of(e.mark);
    failed_line_ = e.mark.is_null() ? 0 : at.line;
    // A `---` line ends a document whatever is open in it (YAML 1.2 §9.1.4,
    // forbidden content): a fault the parser finds past the next one is a
    // bracket or quote the document left open, reported at that marker.
    const auto marker = e.mark.is_null() ? std::nullopt
                                         : marker_between(impl_->text, impl_->first_line, builder.start_line(), at.line);
    if (marker) {
      failed_line_ = *marker;
      sink.report(Code::kSyntax, Loc{*marker, 1},
                  "invalid YAML: the game ends here, at the next `---`, with a `[`, `{` or quote left open in it");
    } else if (const auto tab = tab_in_indentation(impl_->text, impl_->first_line, e.mark.is_null() ? 0 : at.line)) {
      sink.report(Code::kSyntax, *tab, "tab character in indentation (YAML allows spaces only)");
    } else {
      sink.report(Code::kSyntax, at, describe_parser_error(e.msg));
    }
  } catch (const std::bad_alloc&) {
    sink.report(Code::kLimit, Loc{impl_->first_line, 1}, "the document needs more memory than is available");
    failed_line_ = 0;
  }
  failed_ = true;
  failed_doc_line_ = builder.start_line();
  doc = Document();
  return false;
}


bool YamlReader::resume() {
  if (!failed_ || failed_line_ < impl_->first_line) {
    return false;
  }
  // From the line the failure was reported at (the tail read so far starts
  // a line: at `offset_`, line impl_->first_line) to the first marker there
  // or after it that does not begin the document that failed: a flow left
  // open is reported at the next game's `---`, which that game begins.
  const std::string_view tail = whole_.substr(offset_);
  std::size_t pos = 0;
  std::uint32_t line = impl_->first_line;
  auto next_line = [&] {
    const void* nl = std::memchr(tail.data() + pos, '\n', tail.size() - pos);
    if (nl == nullptr) {
      pos = tail.size();
      return false;
    }
    pos = static_cast<std::size_t>(static_cast<const char*>(nl) - tail.data()) + 1;
    ++line;
    return true;
  };
  while (line < failed_line_ || line <= failed_doc_line_) {
    if (!next_line()) {
      return false;
    }
  }
  while (!is_document_marker(tail.substr(pos, 4))) {
    if (!next_line()) {
      return false;
    }
  }
  offset_ += pos;
  const Limits limits = impl_->limits;
  const Quoted keys = impl_->keys;
  impl_ = std::make_unique<Impl>(whole_.substr(offset_), limits, line, keys);
  impl_->encoding_checked = true;
  failed_ = false;
  failed_line_ = 0;
  return true;
}

// --------------------------------------------------------------- SourceText

const std::vector<std::uint32_t>& SourceText::line_starts() const {
  if (line_starts_.empty()) {
    std::uint32_t start = 0;
    if (text_.size() >= 3 && text_.substr(0, 3) == "\xEF\xBB\xBF") {
      start = 3;  // yaml-cpp strips a UTF-8 byte order mark before counting columns
    }
    line_starts_.push_back(start);
    append_line_starts(text_, start, line_starts_);
  }
  return line_starts_;
}

std::string_view SourceText::line(std::uint32_t number) const {
  const std::vector<std::uint32_t>& starts = line_starts();
  if (number < first_line_ || number - first_line_ >= starts.size()) {
    return {};
  }
  const std::uint32_t idx = number - first_line_;
  const std::uint32_t begin = starts[idx];
  std::uint32_t end = idx + 1 < starts.size() ? starts[idx + 1] - 1 : static_cast<std::uint32_t>(text_.size());
  if (end > begin && text_[end - 1] == '\r') {
    --end;
  }
  return text_.substr(begin, end - begin);
}

Loc SourceText::to_chars(Loc loc) const {
  if (!loc.known() || loc.column <= 1) {
    return loc;
  }
  const std::string_view l = line(loc.line);
  const std::size_t bytes = std::min<std::size_t>(loc.column - 1, l.size());
  std::uint32_t chars = 0;
  for (std::size_t i = 0; i < bytes; ++i) {
    if ((static_cast<unsigned char>(l[i]) & 0xC0U) != 0x80U) {
      ++chars;
    }
  }
  return Loc{loc.line, chars + 1 + static_cast<std::uint32_t>(loc.column - 1 - bytes)};
}

void SourceText::fix_columns(std::vector<Diagnostic>& diags) const {
  for (auto& d : diags) {
    d.loc = to_chars(d.loc);
    for (auto& n : d.notes) {
      n.loc = to_chars(n.loc);
    }
  }
}

}  // namespace trickref
