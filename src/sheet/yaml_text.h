// Values written into the YAML records `trickref new` and `trickref import`
// produce, read back by the transcript loader: a name (from the command line
// or a spreadsheet cell) is written as yaml_scalar (yaml/scalar.h) writes it.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "yaml/scalar.h"

namespace trickref::sheet {

// `[a, b, c]` of already written scalars.
[[nodiscard]] std::string yaml_flow_list(const std::vector<std::string>& items);

// YAML reads a key written plain (an implicit key) only up to 1,024
// characters; a key longer than this many bytes is written explicitly
// (`? KEY`), which has no limit.
inline constexpr std::size_t kImplicitKeyBytes = 1000;

// A key of a flow mapping (already written as a scalar) with its colon:
// `Ann: `, or `? KEY : ` past kImplicitKeyBytes. The value follows.
[[nodiscard]] std::string yaml_flow_key(std::string_view key);

// A block mapping entry `KEY: VALUE` (or `KEY:` when `value` is empty)
// indented by `indent`, written `? KEY` then `: VALUE` past
// kImplicitKeyBytes; with its line break.
[[nodiscard]] std::string yaml_block_entry(std::size_t indent, std::string_view key, std::string_view value);

}  // namespace trickref::sheet
