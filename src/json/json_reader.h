// JSON records read with simdjson, into the same located read-only
// `Document` the YAML reader builds (yaml/tree.h), so the transcript loader
// reads a game alike from either format.
//
// With json_game_reader.cpp, the only unit that includes simdjson. It walks simdjson's
// On-Demand API over the text once, node by node in document order, and
// while it builds it enforces the JSON limits (Limits::max_json_values,
// max_json_string_bytes, max_depth) and reports duplicate keys. Strings are
// quoted scalars; numbers, true and false plain scalars holding their text
// as written; null is an empty node, as in YAML. Locations are 1-based lines
// and 1-based byte columns, as YamlReader gives them (a UTF-8 byte order mark
// at the start is skipped, and columns on the first line count from after it).
//
// When simdjson rejects the text, a plain scanner of the JSON grammar finds
// the first fault again, to locate it and say what it is: simdjson reports
// most faults without a place. That scan runs only on the way to an error.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string_view>

#include "base/diagnostic.h"
#include "yaml/tree.h"

namespace trickref {

// Bytes that must be readable after a text handed to JsonReader without a
// copy (simdjson reads its input in 64-byte blocks; SIMDJSON_PADDING).
inline constexpr std::size_t kJsonPadding = 64;

// The deepest JSON nesting read, whatever --max-depth says: simdjson's
// parser walks at most 1024 levels (past them it asserts), and the readers
// descend by recursion. A hard cap the option cannot pass, so no stack overflows.
inline constexpr std::uint32_t kMaxJsonDepth = 1000;

// `limits` with its depth within kMaxJsonDepth.
[[nodiscard]] inline Limits json_limits(Limits limits) {
  limits.max_depth = limits.max_depth < kMaxJsonDepth ? limits.max_depth : kMaxJsonDepth;
  return limits;
}

enum class JsonRead : std::uint8_t {
  kGame,    // `doc` holds the text's value
  kEmpty,   // the text is blank (nothing but white space)
  kFailed,  // a syntax or limit error was reported; `doc` is empty
};

struct JsonText {
  std::string_view text;
  // Whether kJsonPadding bytes after `text` may be read (their content does
  // not matter); when not, the text is copied first.
  bool padded = false;
  std::uint32_t first_line = 1;
  bool json_lines = false;  // the text is one line of JSON Lines
  // ... the last of its file, with no line end after it: a text that ends
  // too soon there is most likely a file cut short, and the diagnostic says so.
  bool unterminated = false;
};

// Reads one JSON text at a time: a .json file, or one line of JSON Lines.
// Keeps simdjson's buffers from one text to the next, so a stream of lines
// allocates only when a line is longer than any before it.
class JsonReader {
 public:
  explicit JsonReader(const Limits& limits);
  ~JsonReader();
  JsonReader(const JsonReader&) = delete;
  JsonReader& operator=(const JsonReader&) = delete;

  // Reads `in` into `doc` (whose storage is reused). Duplicate keys are
  // reported to `sink` and reading goes on; any other fault ends it.
  [[nodiscard]] JsonRead read(const JsonText& in, Document& doc, DiagnosticSink& sink);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace trickref
