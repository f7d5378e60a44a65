#include "yaml/flow_scan.h"

#include <algorithm>
#include <array>

namespace trickref {

namespace {

bool flow_indicator(char c) { return c == ',' || c == '[' || c == ']' || c == '{' || c == '}'; }

bool space(char c) { return c == ' ' || c == '\t' || c == '\r'; }

// Bytes that may change the scanner's state, by mode: the rest of a run of
// a scalar's text is passed over at once.
constexpr std::array<bool, 256> special_table(bool quoted) {
  std::array<bool, 256> t{};
  for (const char c : {'\n', ',', '[', ']', '{', '}'}) {
    t[static_cast<unsigned char>(c)] = true;
  }
  for (const char c : quoted ? std::string_view("\\\"'") : std::string_view(" \t\r:#")) {
    t[static_cast<unsigned char>(c)] = true;
  }
  return t;
}
constexpr std::array<bool, 256> kSpecialPlain = special_table(false);
constexpr std::array<bool, 256> kSpecialQuoted = special_table(true);

}  // namespace

std::optional<FlowScan::Found> FlowScan::scan_to(std::size_t end) {
  end = std::min(end, text_.size());
  while (!found_ && pos_ < end) {
    step();
    // A game (one document) past its size: yaml-cpp scans a long plain
    // scalar at a thousand and more instructions a byte, so the whole game
    // is bounded before it gets it, reported where the game begins.
    if (pos_ - document_start_ > max_document_ && !found_) {
      found_ = Found{Breach::kDocument, pos_, document_start_};
    }
  }
  return found_;
}

void FlowScan::breach(Breach kind) {
  if (!found_) {
    found_ = Found{kind, pos_, kind == Breach::kScalar ? scalar_start_ : pos_};
  }
}

void FlowScan::start_node() {
  if (depth_ > 0 && ++flow_nodes_ > max_nodes_) {
    breach(Breach::kNodes);
  }
}

void FlowScan::open_flow() {
  if (depth_ == 0) {
    flow_nodes_ = 0;
  }
  ++depth_;
  if (depth_ > max_depth_) {
    breach(Breach::kDepth);
  } else if (depth_ > kParserDepth) {
    breach(Breach::kParserDepth);
  }
  start_node();
}

void FlowScan::start_quoted(char quote) {
  mode_ = quote == '"' ? Mode::kDouble : Mode::kSingle;
  scalar_bytes_ = 0;
  scalar_start_ = pos_;
}

void FlowScan::count_scalar_byte() {
  if (++scalar_bytes_ > max_scalar_) {
    breach(Breach::kScalar);
  }
}

long FlowScan::owner_indent() const {
  if (first_token_col_ >= 0) {
    return first_token_col_;  // `key: |`: the key's map
  }
  if (last_indicator_col_ >= 0) {
    return last_indicator_col_;  // `- |`: the entry's list
  }
  return marker_line_ ? -1 : indent_ - 1;
}

// At the start of a line: skips it whole when it is a block scalar's
// content (returns true), else resets what a line resets.
bool FlowScan::new_line() {
  comment_ = false;
  after_space_ = true;
  if (mode_ == Mode::kDouble || mode_ == Mode::kSingle) {
    return false;
  }
  marker_line_ = false;
  first_token_col_ = -1;
  last_indicator_col_ = -1;
  std::size_t i = pos_;
  while (i < text_.size() && text_[i] == ' ') {
    ++i;
  }
  indent_ = static_cast<long>(i - pos_);
  while (i < text_.size() && space(text_[i])) {
    ++i;
  }
  const bool blank = i >= text_.size() || text_[i] == '\n';
  const char c0 = at(pos_);
  const bool marker = (c0 == '-' || c0 == '.') && at(pos_ + 1) == c0 && at(pos_ + 2) == c0 && blank_after(pos_ + 3);
  if (marker) {
    document_start_ = pos_;
  }
  if (mode_ == Mode::kBlockBody && !marker) {
    if (block_indent_ < 0 && !blank) {
      block_indent_ = indent_ > block_owner_ ? indent_ : -1;
    }
    if (blank || (block_indent_ >= 0 && indent_ >= block_indent_)) {
      // Content: its brackets and commas are text, counted against the scalar limit.
      const std::size_t nl = text_.find('\n', pos_);
      const std::size_t stop = nl == std::string_view::npos ? text_.size() : nl + 1;
      for (; pos_ < stop && !found_; ++pos_) {
        if (flow_indicator(text_[pos_])) {
          count_scalar_byte();
        }
      }
      line_start_ = pos_;
      return true;
    }
  }
  if (mode_ == Mode::kBlockBody) {
    mode_ = Mode::kPlain;
  }
  if (depth_ == 0) {
    // A block plain scalar goes on in a line indented more than its owner.
    in_plain_ = !blank && !marker && plain_owner_ > -2 && indent_ > plain_owner_ && at(i) != '#';
    if (!in_plain_ && !blank) {
      plain_owner_ = -2;
    }
  }
  return false;
}

void FlowScan::step() {
  if (pos_ == line_start_ && new_line()) {
    return;
  }
  const char c = text_[pos_];
  if (c == '\n') {
    ++pos_;
    line_start_ = pos_;
    if (mode_ == Mode::kBlockHeader) {
      mode_ = Mode::kBlockBody;
    } else if (mode_ == Mode::kPlain && (comment_ || !in_plain_)) {
      plain_owner_ = -2;
    }
    return;
  }
  if (comment_ || mode_ == Mode::kBlockHeader) {
    ++pos_;
    return;
  }
  if (mode_ == Mode::kDouble || mode_ == Mode::kSingle) {
    if (c == '\\' && mode_ == Mode::kDouble) {
      pos_ += at(pos_ + 1) == '\n' ? 1U : 2U;  // an escape; an escaped line break is still a line break
      return;
    }
    const char quote = mode_ == Mode::kDouble ? '"' : '\'';
    if (c == quote) {
      if (quote == '\'' && at(pos_ + 1) == '\'') {
        pos_ += 2;  // '' inside single quotes
        return;
      }
      mode_ = Mode::kPlain;
      in_plain_ = false;
    } else if (flow_indicator(c)) {
      count_scalar_byte();
    }
    ++pos_;
    while (mode_ != Mode::kPlain && pos_ < text_.size() && !kSpecialQuoted[static_cast<unsigned char>(text_[pos_])]) {
      ++pos_;
    }
    return;
  }
  if (space(c)) {
    after_space_ = true;
    ++pos_;
    return;
  }
  if (c == '#' && after_space_) {
    comment_ = true;
    in_plain_ = false;
    ++pos_;
    return;
  }
  after_space_ = false;
  if (depth_ > 0) {
    flow_char(c);
  } else {
    block_char(c);
  }
  if (in_plain_ && mode_ == Mode::kPlain) {
    while (pos_ < text_.size() && !kSpecialPlain[static_cast<unsigned char>(text_[pos_])]) {
      ++pos_;
    }
  }
}

// Inside a flow collection: every flow indicator outside a quoted scalar
// or comment is one, and a quote starts a scalar only where a node may.
void FlowScan::flow_char(char c) {
  switch (c) {
    case '[':
    case '{':
      in_plain_ = false;
      open_flow();
      break;
    case ']':
    case '}':
      in_plain_ = false;
      depth_ = depth_ > 0 ? depth_ - 1 : 0;
      plain_owner_ = -2;
      break;
    case ',':
      in_plain_ = false;
      break;
    case ':':
      if (in_plain_ && (blank_after(pos_ + 1) || flow_indicator(at(pos_ + 1)))) {
        in_plain_ = false;
      }
      break;
    case '"':
    case '\'':
      if (!in_plain_) {
        start_node();
        start_quoted(c);
      }
      break;
    case '&':
    case '!':
    case '*':
      if (!in_plain_) {
        if (c == '*') {
          start_node();
        }
        while (!blank_after(pos_ + 1) && !flow_indicator(at(pos_ + 1))) {
          ++pos_;  // an anchor, tag or alias: a word of its own
        }
      }
      break;
    case '-':
    case '?':
      if (!in_plain_ && !blank_after(pos_ + 1) && !flow_indicator(at(pos_ + 1))) {
        start_node();
        in_plain_ = true;
      }
      break;
    default:
      if (!in_plain_) {
        start_node();
        in_plain_ = true;
      }
      break;
  }
  ++pos_;
}

// In block context: a bracket starts a flow collection only where a node
// may start (not inside a plain scalar), `|` and `>` a block scalar.
void FlowScan::block_char(char c) {
  const auto col = static_cast<long>(pos_ - line_start_);
  if (in_plain_) {
    if (c == ':' && blank_after(pos_ + 1)) {
      in_plain_ = false;  // `key: `
      plain_owner_ = -2;
    }
    ++pos_;
    return;
  }
  if (col == 0 && (c == '-' || c == '.') && at(pos_ + 1) == c && at(pos_ + 2) == c && blank_after(pos_ + 3)) {
    depth_ = 0;  // a document marker: whatever was open is over
    marker_line_ = true;
    plain_owner_ = -2;
    pos_ += 3;
    return;
  }
  if (col == 0 && c == '%') {
    comment_ = true;  // a directive
    ++pos_;
    return;
  }
  switch (c) {
    case '[':
    case '{':
      open_flow();
      break;
    case '"':
    case '\'':
      first_token_col_ = first_token_col_ < 0 ? col : first_token_col_;
      start_quoted(c);
      break;
    case '|':
    case '>':
      block_owner_ = owner_indent();
      block_indent_ = -1;
      mode_ = Mode::kBlockHeader;
      scalar_bytes_ = 0;
      scalar_start_ = pos_;
      break;
    case '&':
    case '!':
    case '*':
      if (c == '*') {
        first_token_col_ = first_token_col_ < 0 ? col : first_token_col_;
      }
      while (!blank_after(pos_ + 1)) {
        ++pos_;
      }
      break;
    case '-':
    case '?':
    case ':':
      if (blank_after(pos_ + 1)) {
        last_indicator_col_ = col;
        break;
      }
      [[fallthrough]];
    default:
      plain_owner_ = owner_indent();
      first_token_col_ = first_token_col_ < 0 ? col : first_token_col_;
      in_plain_ = true;
      break;
  }
  ++pos_;
}

}  // namespace trickref
