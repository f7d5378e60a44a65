// Values written into the YAML records `trickref new` and `trickref import`
// produce, read back by the transcript loader: a name (from the command line
// or a spreadsheet cell) is written as yaml_scalar (yaml/scalar.h) writes it.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "yaml/scalar.h"

namespace trickref::sheet {

// `[a, b, c]` of already written scalars.
[[nodiscard]] std::string yaml_flow_list(const std::vector<std::string>& items);

}  // namespace trickref::sheet
