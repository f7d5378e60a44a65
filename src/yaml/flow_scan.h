// A look-ahead over YAML text before yaml-cpp reads it, for the limits
// yaml-cpp would otherwise only meet after queueing the whole input.
//
// yaml-cpp's scanner keeps every token of a flow collection (`[...]`,
// `{...}`) queued until the collection closes (the `[` may yet turn out to
// start a key), so a million `[` or a flat list of a million items cost
// hundreds of megabytes before a single event reaches the tree builder and
// its depth and node limits. This scanner follows the text just far enough
// to know the flow nesting and the nodes of the outermost flow collection:
// flow indicators outside quoted scalars, comments and block scalars. The
// reader hands yaml-cpp no byte past the first that breaks a limit.
//
// Where the scanner skips text (a quoted or block scalar) it counts the
// bytes that can only be the scalar's own (not white space, not part of an
// escape): past --max-scalar of them the scalar is over its limit anyway,
// and a misreading of the text can hide no more than that many tokens.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

namespace trickref {

class FlowScan {
 public:
  enum class Breach : std::uint8_t {
    kDepth,        // flow nesting past --max-depth
    kParserDepth,  // flow nesting past what yaml-cpp allows (kParserDepth levels)
    kNodes,        // a flow collection of more than --max-nodes nodes
    kScalar,       // a quoted or block scalar of more than --max-scalar bytes
    kDocument,     // a document (one game) of more than --max-game-size bytes
  };
  struct Found {
    Breach kind;
    std::size_t pos;  // the byte of the text where the limit is passed: yaml-cpp gets none from it on
    std::size_t at;   // where to report it: that byte, or where the scalar began
  };
  static constexpr std::uint32_t kParserDepth = 2000;  // yaml-cpp's DepthGuard

  // `text`: the whole text (after any byte order mark); it is read ahead of
  // the position scanned where a character's meaning needs the next one.
  FlowScan(std::string_view text, std::uint32_t max_depth, std::uint32_t max_nodes, std::uint32_t max_scalar,
           std::uint64_t max_document = UINT64_MAX)
      : text_(text), max_depth_(max_depth), max_nodes_(max_nodes), max_scalar_(max_scalar),
        max_document_(max_document) {}

  // Scans on to at least byte `end`; the first breach, once found, is kept.
  [[nodiscard]] std::optional<Found> scan_to(std::size_t end);
  // Bytes scanned so far.
  [[nodiscard]] std::size_t scanned() const { return pos_; }

 private:
  enum class Mode : std::uint8_t { kPlain, kDouble, kSingle, kBlockHeader, kBlockBody };

  void step();
  bool new_line();
  void flow_char(char c);
  void block_char(char c);
  void start_node();
  void open_flow();
  void start_quoted(char quote);  // a quoted scalar begins at pos_
  void count_scalar_byte();
  void breach(Breach kind);
  [[nodiscard]] char at(std::size_t i) const { return i < text_.size() ? text_[i] : '\n'; }
  [[nodiscard]] bool blank_after(std::size_t i) const {
    const char c = at(i);
    return c == ' ' || c == '\t' || c == '\r' || c == '\n';
  }
  [[nodiscard]] long owner_indent() const;

  std::string_view text_;
  std::uint32_t max_depth_;
  std::uint32_t max_nodes_;
  std::uint32_t max_scalar_;
  std::uint64_t max_document_;
  std::size_t document_start_ = 0;  // where the document being scanned began (its marker line)
  std::optional<Found> found_;
  std::size_t pos_ = 0;
  std::size_t line_start_ = 0;
  long indent_ = 0;               // the line's indentation
  Mode mode_ = Mode::kPlain;
  std::uint32_t depth_ = 0;       // flow collections open
  std::uint64_t flow_nodes_ = 0;  // nodes begun in the outermost flow collection
  std::uint64_t scalar_bytes_ = 0;  // the skipped scalar's own bytes so far
  std::size_t scalar_start_ = 0;
  bool in_plain_ = false;         // inside a plain scalar: quotes and (block) brackets are its text
  bool after_space_ = true;       // the last byte was white space or a line start: `#` starts a comment
  bool comment_ = false;          // the rest of the line is a comment
  bool marker_line_ = false;      // the line began with `---`
  long first_token_col_ = -1;     // the column of the line's first scalar or alias (-1: none yet)
  long last_indicator_col_ = -1;  // the column of the line's last `- `, `? ` or `: ` before any token
  long block_owner_ = -1;         // a block scalar's content is indented more than this
  long block_indent_ = -1;        // its content's indentation (-1: not yet known)
  long plain_owner_ = -2;         // a block plain scalar goes on in lines indented more (-2: none)
};

}  // namespace trickref
