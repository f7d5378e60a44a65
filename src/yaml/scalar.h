// A string written into YAML (records, skeletons, transcripts) so that a
// reader takes it back as exactly that string: the one rule the writer of
// records (transcript/record_yaml.h) and every other YAML the project
// writes uses.
#pragma once

#include <string>
#include <string_view>

namespace trickref {

// `s` as a YAML scalar, in block or flow context, that reads back as the
// string `s`: plain where nothing in it can read as YAML syntax or as
// another type, else double-quoted.
//
// Quoted: the empty string; leading or trailing white space; a leading
// indicator (- ? : , [ ] { } # & * ! | > ' " % @ `); anywhere, the flow
// indicators , [ ] { }, the : and # of mappings and comments, the quote
// and escape characters " ' \ and & * ! | > % @ `; words YAML 1.1 or 1.2
// reads as a boolean or null (null, ~, true, false, yes, no, on, off, y, n,
// any case) or a number (a digit or a '.' first, after an optional sign,
// and nothing but letters, digits and _ . : + - after it: 12, -3.5, 1e3,
// 0x1F, .inf, 2026-11-21). Inside the quotes " and \ are escaped, and every
// control character (base/text.h is_control: C0, DEL, C1, the bidi and
// line-separator controls) as \xHH (up to U+00FF) or \uHHHH; a byte that is
// not UTF-8 is written as \xHH (which reads back as that Latin-1 character:
// YAML holds only Unicode text).
[[nodiscard]] std::string yaml_scalar(std::string_view s);

}  // namespace trickref
