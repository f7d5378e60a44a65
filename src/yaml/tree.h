// A compact, read-only YAML tree with a location on every node.
//
// This is the only unit that includes yaml-cpp. It drives YAML::Parser with
// an EventHandler (never YAML::Node) into flat arrays: one record per node,
// children stored contiguously, scalar text in one string pool. While
// building it enforces the safety limits, reports duplicate map keys, and
// resolves aliases by sharing the anchored subtree; the expanded size of
// every node is tracked so an alias bomb breaks the node limit instead of a
// later walk. A self-referencing alias is rejected.
//
// Locations are 1-based lines and 1-based *byte* columns; `SourceText`
// converts byte columns to character columns when a diagnostic is rendered.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "base/diagnostic.h"

namespace trickref {

struct Limits {
  std::uint64_t max_file_bytes = 64ULL << 20;  // --max-file-size (also one JSON Lines line)
  std::uint32_t max_depth = 64;                // --max-depth (YAML and JSON nesting)
  std::uint32_t max_nodes = 100'000;           // --max-nodes (YAML, per game, aliases expanded)
  std::uint32_t max_scalar_bytes = 64 * 1024;  // --max-scalar (YAML)
  std::uint64_t max_game_bytes = 4ULL << 20;   // --max-game-size (one YAML document, one game)
  // JSON has its own: it has no aliases, and what `simulate` writes must
  // read back (a full game of 10,000 hands, its --hands and --max-hands
  // cap, is about 11 MB and 1.9 million values).
  std::uint32_t max_json_values = 4'000'000;      // --max-json-values (per game, keys included)
  std::uint32_t max_json_string_bytes = 1 << 20;  // --max-json-string (one string or number, unescaped)
  std::uint32_t max_diagnostics = 1000;        // --max-diagnostics (per file; 0: no cap)
  std::uint32_t max_extends = 32;              // --max-extends (links in one ruleset's `extends` chain)
};

// What a message may quote of the input, and how. A file named as a ruleset
// or a record may hold anything (/etc/passwd, a key file, a script, a
// record), so messages echo only input that looks like what the format
// expects, and never much of it; everything that quotes input goes through
// quote_input / shown_input, so the policy is in one place.
enum class Quoted : std::uint8_t {
  kOptionKey,  // a ruleset option or role: [a-z][a-z0-9_]* words joined by '.', at most 40 bytes; else not quoted
  kToken,      // a value: no space or control character; past 80 characters it is cut with "…"
  kText,       // a name or key in a record: printable text, spaces too; cut past 80 characters
  kPath,       // a file name: printable text, spaces too; past 200 characters the middle is cut
};
inline constexpr std::size_t kMaxQuotedKey = 40;
inline constexpr std::size_t kMaxQuotedChars = 80;
inline constexpr std::size_t kMaxQuotedPath = 200;

// `text` as a message may show it under `kind` (cut where too long), or
// nullopt when it may not be shown at all (then the message describes it
// without its content).
[[nodiscard]] std::optional<std::string> shown_input(std::string_view text, Quoted kind);
// The same in single quotes: 'text'.
[[nodiscard]] std::optional<std::string> quote_input(std::string_view text, Quoted kind);

enum class NodeKind : std::uint8_t { kNull, kScalar, kSequence, kMap };

class Document;

// A view of one node; cheap to copy, valid while its Document lives.
class Node {
 public:
  Node() = default;
  Node(const Document* doc, std::uint32_t index) : doc_(doc), index_(index) {}

  [[nodiscard]] bool valid() const { return doc_ != nullptr; }
  [[nodiscard]] NodeKind kind() const;
  [[nodiscard]] bool is_map() const { return kind() == NodeKind::kMap; }
  [[nodiscard]] bool is_sequence() const { return kind() == NodeKind::kSequence; }
  [[nodiscard]] bool is_scalar() const { return kind() == NodeKind::kScalar; }
  // Null: an empty node, or a plain `~` / `null`.
  [[nodiscard]] bool is_null() const;
  [[nodiscard]] bool quoted() const;
  [[nodiscard]] std::string_view scalar() const;  // empty unless a scalar
  [[nodiscard]] Loc loc() const;
  // Sequence items, or map entries (pairs) for a map.
  [[nodiscard]] std::uint32_t size() const;
  [[nodiscard]] Node item(std::uint32_t i) const;
  [[nodiscard]] Node key(std::uint32_t i) const;
  [[nodiscard]] Node value(std::uint32_t i) const;
  // First value whose key is the scalar `name`; invalid if none.
  [[nodiscard]] Node find(std::string_view name) const;
  // "a scalar", "a list", "a map", "empty": for messages.
  [[nodiscard]] std::string_view kind_name() const;

 private:
  const Document* doc_ = nullptr;
  std::uint32_t index_ = 0;
};

class Document {
 public:
  [[nodiscard]] Node root() const { return Node(this, root_); }
  [[nodiscard]] Loc start() const { return start_; }
  [[nodiscard]] bool empty() const { return nodes_.empty(); }

 private:
  friend class Node;
  friend class TreeBuilder;
  friend class JsonTreeBuilder;
  friend void report_duplicate_keys(const Document& doc, std::span<const std::uint32_t> entries, Quoted quoted_as,
                                    DiagnosticSink& sink);
  struct Record {
    NodeKind kind;
    bool quoted;
    Loc loc;
    std::uint32_t first;  // scalar: offset in strings_; container: offset in children_
    std::uint32_t count;  // scalar: length; sequence: items; map: 2 * entries
  };
  std::vector<Record> nodes_;
  std::vector<std::uint32_t> children_;
  std::string strings_;
  std::uint32_t root_ = 0;
  Loc start_;
};

// The Node accessors are inline: the loader calls them for every value of
// an archive.
inline NodeKind Node::kind() const { return doc_->nodes_[index_].kind; }

inline bool Node::quoted() const { return doc_->nodes_[index_].quoted; }

inline std::string_view Node::scalar() const {
  const auto& r = doc_->nodes_[index_];
  if (r.kind != NodeKind::kScalar) {
    return {};
  }
  return std::string_view(doc_->strings_).substr(r.first, r.count);
}

inline Loc Node::loc() const { return doc_->nodes_[index_].loc; }

inline std::uint32_t Node::size() const {
  const auto& r = doc_->nodes_[index_];
  if (r.kind == NodeKind::kSequence) {
    return r.count;
  }
  if (r.kind == NodeKind::kMap) {
    return r.count / 2;
  }
  return 0;
}

inline Node Node::item(std::uint32_t i) const {
  return Node(doc_, doc_->children_[doc_->nodes_[index_].first + i]);
}

inline Node Node::key(std::uint32_t i) const {
  return Node(doc_, doc_->children_[doc_->nodes_[index_].first + 2 * i]);
}

inline Node Node::value(std::uint32_t i) const {
  return Node(doc_, doc_->children_[doc_->nodes_[index_].first + 2 * i + 1]);
}

// Whether two words are equal, their first bytes compared before a call
// compares the rest: a loader looks keys up by the hundred a game, and most
// it passes differ at once (in length or first letter).
inline bool same_word(std::string_view a, std::string_view b) {
  return a.size() == b.size() && (a.empty() || (a.front() == b.front() && a == b));
}

inline Node Node::find(std::string_view name) const {
  if (kind() != NodeKind::kMap) {
    return {};
  }
  for (std::uint32_t i = 0, n = size(); i < n; ++i) {
    const Node k = key(i);
    if (k.kind() == NodeKind::kScalar && same_word(k.scalar(), name)) {
      return value(i);
    }
  }
  return {};
}

// Reports each key of a map that repeats an earlier one (a `syntax` error
// at the repeat, with a note at the first), in document order. `entries`:
// the map's key and value nodes, alternating. A key is quoted as `quoted_as` allows.
void report_duplicate_keys(const Document& doc, std::span<const std::uint32_t> entries, Quoted quoted_as,
                           DiagnosticSink& sink);

// Reads the documents of one YAML (or JSON) text one at a time, so memory is
// bounded by one document. `first_line` shifts reported lines (JSON Lines).
class YamlReader {
 public:
  // `keys`: how a message about a map key (a duplicate) may quote it.
  YamlReader(std::string_view text, const Limits& limits, std::uint32_t first_line = 1,
             Quoted keys = Quoted::kText);
  ~YamlReader();
  YamlReader(const YamlReader&) = delete;
  YamlReader& operator=(const YamlReader&) = delete;

  // Parses the next document into `doc`. Returns false at the end of the
  // input, or after a syntax or limit error (reported to `sink`), since the
  // parser cannot resume after one. Duplicate keys are reported and parsing
  // goes on.
  bool next(Document& doc, DiagnosticSink& sink);
  [[nodiscard]] bool failed() const { return failed_; }
  // How much of the text (since the last resume()) the YAML parser has been
  // given: a limit breach stops it there, before it queues what follows.
  [[nodiscard]] std::size_t bytes_handed() const;

  // After next() failed on a syntax or limit error at a known line, reads on
  // from the next document marker (`---` at the start of a line) after that
  // line, with a parser of its own: one bad game of a multi-game file does
  // not lose the games after it. Returns false where there is none (or the
  // text's encoding was refused, which no later document escapes).
  [[nodiscard]] bool resume();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
  bool failed_ = false;
  std::string_view whole_;        // the text given, of which impl_ reads a tail
  std::size_t offset_ = 0;        // where that tail starts in whole_
  std::uint32_t failed_line_ = 0;  // where the last failure was reported (0: nowhere to resume from)
  std::uint32_t failed_doc_line_ = 0;  // where the document that failed began (0: not known)
};

// Maps byte columns to character columns for one text (UTF-8 aware). The
// text's lines are found when a column is first asked for, not before: a
// clean record (no diagnostic, the usual case in an archive) costs no scan
// of its text and no list. Not for sharing between threads (a const call
// may index the lines).
class SourceText {
 public:
  explicit SourceText(std::string_view text, std::uint32_t first_line = 1) : text_(text), first_line_(first_line) {}
  // Rewrites loc.column from a 1-based byte column to a 1-based character column.
  [[nodiscard]] Loc to_chars(Loc loc) const;
  void fix_columns(std::vector<Diagnostic>& diags) const;
  [[nodiscard]] std::string_view line(std::uint32_t number) const;

 private:
  const std::vector<std::uint32_t>& line_starts() const;

  std::string_view text_;
  std::uint32_t first_line_;
  mutable std::vector<std::uint32_t> line_starts_;  // empty until indexed; then the first line's start first
};

}  // namespace trickref
