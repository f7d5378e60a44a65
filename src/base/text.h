// Text that came from input, on its way out. Two rules hold for every string
// a record, a ruleset, a league file or a path can supply (player names,
// keys, tokens, ids, notes, file names, ruleset names and descriptions):
//
// - A message quotes it at most kQuoteChars characters (`clip`), and a list
//   of names shows at most kListNames of them (`name_list`), so the output
//   stays proportional to the input however long a value is or however
//   often an alias repeats it.
// - Each output format escapes it by its own rules at the moment it is
//   written: text with `printable` (control characters shown as `\x1b`, `\n`,
//   `\u202e`, so one diagnostic is one line and no terminal sequence comes
//   from a record), CSV with `csv_text`, HTML with `html_text`, JSON with
//   `json_text` (report/json_text.h).
//
// Messages hold the raw (clipped) value; only renderers escape.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace trickref {

// One step through UTF-8: the code point at `i` of `s` and its length in
// bytes. A byte that does not start a well-formed sequence (overlong forms
// and surrogates included) is returned alone with `valid` false.
struct Utf8Step {
  char32_t cp = 0;
  std::size_t len = 1;
  bool valid = false;
};
[[nodiscard]] Utf8Step utf8_step(std::string_view s, std::size_t i);

inline constexpr std::size_t kQuoteChars = 80;  // characters of one input value in a message
inline constexpr std::size_t kListNames = 8;    // names of one list in a message

// `s` cut to at most `max` characters (code points; a byte that is not UTF-8
// counts as one), ending with "…" when cut. No escaping.
[[nodiscard]] std::string clip(std::string_view s, std::size_t max = kQuoteChars);

// The first kQuoteChars + 1 characters of `s` (all of it when shorter): as
// much of an input value as is worth keeping for messages, since clip()
// gives the same of it as of the whole, and it is as much too long for
// "did you mean" (edit distance) as the whole is. A 60 KB token is kept as
// 81 characters, not copied whole into every record that names it.
[[nodiscard]] std::string_view clip_kept(std::string_view s);

// `s` cut to at most `max` characters by taking out its middle (for paths:
// the start and the file name say the most), "…" where it was cut.
[[nodiscard]] std::string clip_middle(std::string_view s, std::size_t max);

// Whether `s` holds a control character (is_control) or a byte that is not UTF-8.
[[nodiscard]] bool has_control(std::string_view s);

// Whether `s` holds a space (U+0020, U+00A0 or U+3000).
[[nodiscard]] bool has_space(std::string_view s);

// The first kListNames names, each clipped, joined with ", ", then "and N
// more" when there are more.
[[nodiscard]] std::string name_list(std::span<const std::string> names);

// Whether `cp` is a character that must never reach a terminal raw: C0
// (U+0000-U+001F), DEL, C1 (U+0080-U+009F), the bidirectional controls
// (U+061C, U+200E, U+200F, U+202A-U+202E, U+2066-U+2069), the line and
// paragraph separators (U+2028, U+2029) and the byte order mark (U+FEFF).
[[nodiscard]] bool is_control(char32_t cp);

// `s` for a line of text output: every control character (is_control)
// escaped visibly, as `\n`, `\r`, `\t`, `\xNN` (other C0 and DEL), or `\uNNNN`
// (C1, bidirectional controls, separators); a byte that is not UTF-8 (a file
// name can hold one) as `\xNN`. Everything else, backslashes included, as is.
[[nodiscard]] std::string printable(std::string_view s);

// The code points of `s`; a byte that is not UTF-8 stands for itself (as
// the code point of its value).
[[nodiscard]] std::u32string code_points(std::string_view s);

// How many columns `s` takes once printable: code points, not bytes.
[[nodiscard]] std::size_t display_width(std::string_view s);

// A CSV cell holding text (a name, an id, a night): printable, guarded
// against formula injection (a leading `=`, `+`, `-` or `@` gets a `'`), and
// quoted when it holds a comma, a quote or a space at either end. Numbers
// are never passed through here.
[[nodiscard]] std::string csv_text(std::string_view s);

// Text for HTML element content or a quoted attribute: printable, then
// `& < > " '` as entities.
[[nodiscard]] std::string html_text(std::string_view s);

// Appends to `starts` the offset just past every line break ('\n') of
// `text` from offset `from` on: where each line after the first begins.
void append_line_starts(std::string_view text, std::size_t from, std::vector<std::uint32_t>& starts);

}  // namespace trickref
