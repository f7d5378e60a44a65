#include "sheet/yaml_text.h"

#include <fmt/format.h>

namespace trickref::sheet {

std::string yaml_flow_list(const std::vector<std::string>& items) {
  return fmt::format("[{}]", fmt::join(items, ", "));
}

}  // namespace trickref::sheet
