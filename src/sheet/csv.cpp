#include "sheet/csv.h"

#include <array>

#include <fmt/format.h>

namespace trickref::sheet {
namespace {

bool is_blank(char c) { return c == ' ' || c == '\t'; }

std::string_view trim(std::string_view s, char sep) {
  while (!s.empty() && is_blank(s.front()) && s.front() != sep) {
    s.remove_prefix(1);
  }
  while (!s.empty() && is_blank(s.back()) && s.back() != sep) {
    s.remove_suffix(1);
  }
  return s;
}

// The separator the first line holding text uses most (outside quotes): `;`
// or a tab only when it outnumbers the comma.
char detect_separator(std::string_view text) {
  std::array<std::size_t, 3> counts{};  // , ; \t
  bool quoted = false;
  bool any = false;
  for (const char c : text) {
    if (c == '"') {
      quoted = !quoted;
    }
    if (!quoted && (c == '\n' || c == '\r')) {
      if (any) {
        break;
      }
      continue;
    }
    if (!is_blank(c) || c == '\t') {
      any = true;
    }
    if (!quoted) {
      counts[0] += c == ',' ? 1U : 0U;
      counts[1] += c == ';' ? 1U : 0U;
      counts[2] += c == '\t' ? 1U : 0U;
    }
  }
  if (counts[1] > counts[0] && counts[1] >= counts[2]) {
    return ';';
  }
  if (counts[2] > counts[0] && counts[2] > counts[1]) {
    return '\t';
  }
  return ',';
}

class Reader {
 public:
  Reader(std::string_view text, const std::string& file, const CsvLimits& limits, CsvTable& out)
      : text_(text), file_(file), limits_(limits), out_(out) {}

  void run() {
    if (text_.substr(0, 3) == "\xEF\xBB\xBF") {
      pos_ = 3;  // the byte order mark: not a character of the first cell
    }
    out_.separator = detect_separator(text_.substr(pos_));
    sep_ = out_.separator;
    while (pos_ < text_.size() && out_.errors.empty()) {
      row();
    }
  }

 private:
  void fail(Code code, Loc loc, std::string message) {
    Diagnostic d;
    d.code = code;
    d.file = file_;
    d.loc = loc;
    d.message = std::move(message);
    out_.errors.push_back(std::move(d));
  }

  Loc here() const { return Loc{line_, column_}; }

  // Moves past text_[pos_], keeping the line and column (code points: a
  // UTF-8 continuation byte starts no character).
  void advance() {
    const auto c = static_cast<unsigned char>(text_[pos_]);
    ++pos_;
    if (c == '\n') {
      ++line_;
      column_ = 1;
    } else if ((c & 0xC0) != 0x80) {
      ++column_;
    }
  }

  // At a line end: consumes it (CRLF, LF or a lone CR) and returns true.
  bool line_end() {
    if (pos_ >= text_.size()) {
      return true;
    }
    if (text_[pos_] == '\r') {
      ++pos_;
      if (pos_ < text_.size() && text_[pos_] == '\n') {
        advance();
      } else {
        ++line_;
        column_ = 1;
      }
      return true;
    }
    if (text_[pos_] == '\n') {
      advance();
      return true;
    }
    return false;
  }

  void row() {
    CsvRow r;
    r.loc = here();
    bool blank = true;
    for (;;) {
      CsvCell cell;
      if (!this->cell(cell)) {
        return;
      }
      blank = blank && cell.text.empty() && !quoted_;
      if (r.cells.size() == limits_.max_cells) {
        fail(Code::kLimit, cell.loc, fmt::format("a row of more than {} cells; a score sheet has far fewer columns",
                                                 limits_.max_cells));
        return;
      }
      r.cells.push_back(std::move(cell));
      if (pos_ < text_.size() && text_[pos_] == sep_) {
        advance();
        continue;
      }
      if (line_end()) {
        break;
      }
    }
    if (blank) {
      return;
    }
    if (out_.rows.size() == limits_.max_rows) {
      fail(Code::kLimit, r.loc, fmt::format("more than {} rows; a score sheet holds one game", limits_.max_rows));
      return;
    }
    out_.rows.push_back(std::move(r));
  }

  // Reads one cell up to (not past) its separator or line end.
  bool cell(CsvCell& c) {
    quoted_ = false;
    while (pos_ < text_.size() && is_blank(text_[pos_]) && text_[pos_] != sep_) {
      advance();
    }
    c.loc = here();
    if (pos_ < text_.size() && text_[pos_] == '"') {
      quoted_ = true;
      const Loc open = here();
      advance();
      for (;;) {
        if (pos_ >= text_.size()) {
          fail(Code::kSyntax, open, "this quoted cell has no closing quote");
          return false;
        }
        const char ch = text_[pos_];
        if (ch == '\0') {
          return nul();
        }
        if (ch == '"') {
          advance();
          if (pos_ < text_.size() && text_[pos_] == '"') {
            c.text += '"';
            advance();
            continue;
          }
          break;
        }
        if (ch == '\r') {
          ++pos_;  // CRLF inside a quoted cell is one line break
          if (pos_ < text_.size() && text_[pos_] == '\n') {
            continue;
          }
          ++line_;
          column_ = 1;
          c.text += '\n';
          continue;
        }
        c.text += ch;
        advance();
        if (c.text.size() > limits_.max_cell) {
          return too_long(c);
        }
      }
      while (pos_ < text_.size() && is_blank(text_[pos_]) && text_[pos_] != sep_) {
        advance();
      }
      if (pos_ < text_.size() && text_[pos_] != sep_ && text_[pos_] != '\r' && text_[pos_] != '\n') {
        fail(Code::kSyntax, here(),
             fmt::format("text after the closing quote of a cell; a quote inside a quoted cell is written twice (\"\")"));
        return false;
      }
      return true;
    }
    const std::size_t start = pos_;
    while (pos_ < text_.size() && text_[pos_] != sep_ && text_[pos_] != '\r' && text_[pos_] != '\n') {
      if (text_[pos_] == '\0') {
        return nul();
      }
      advance();
      if (pos_ - start > limits_.max_cell) {
        return too_long(c);
      }
    }
    c.text = std::string(trim(text_.substr(start, pos_ - start), sep_));
    return true;
  }

  bool nul() {
    fail(Code::kSyntax, here(), "a NUL byte: this is not a text file (a spreadsheet's CSV export is text)");
    return false;
  }

  bool too_long(const CsvCell& c) {
    fail(Code::kLimit, c.loc, fmt::format("a cell longer than {} bytes; a score sheet's cells are short",
                                          limits_.max_cell));
    return false;
  }

  std::string_view text_;
  const std::string& file_;
  const CsvLimits& limits_;
  CsvTable& out_;
  std::size_t pos_ = 0;
  std::uint32_t line_ = 1;
  std::uint32_t column_ = 1;
  char sep_ = ',';
  bool quoted_ = false;
};

}  // namespace

CsvTable read_csv(std::string_view text, const std::string& file, const CsvLimits& limits) {
  CsvTable out;
  Reader(text, file, limits, out).run();
  return out;
}

}  // namespace trickref::sheet
