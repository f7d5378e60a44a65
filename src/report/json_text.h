// JSON text for every report the tool writes (validate, score, compare,
// simulate): one serialisation, so every report escapes input the same way.
#pragma once

#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace trickref {

// `j` as nlohmann's dump(indent) writes it, with two changes: bytes that are
// not UTF-8 (a file name can hold them; records are checked to be UTF-8)
// become U+FFFD instead of stopping the report, and besides the C0 controls
// JSON itself escapes, DEL, C1, the bidirectional controls and the line and
// paragraph separators (base/text.h is_control) are written as \uNNNN escapes.
// The value is the same JSON; only no raw control character reaches a
// terminal that shows the report.
[[nodiscard]] std::string json_text(const nlohmann::ordered_json& j, int indent = -1);

// Appends `s` as the quoted JSON string json_text() writes for it (a
// base/json_out.h StringWriter for the reports written directly).
void append_report_string(std::string& out, std::string_view s);

}  // namespace trickref
