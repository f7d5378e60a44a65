// Values written into the YAML records `trickref new` and `trickref import`
// produce, read back by the transcript loader: a name (from the command line
// or a spreadsheet cell) is written plain only when nothing in it can read
// as YAML syntax, otherwise double-quoted with escapes.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace trickref::sheet {

// `s` as a YAML scalar that reads back as exactly `s` (a string).
[[nodiscard]] std::string yaml_scalar(std::string_view s);

// `[a, b, c]` of already written scalars.
[[nodiscard]] std::string yaml_flow_list(const std::vector<std::string>& items);

}  // namespace trickref::sheet
