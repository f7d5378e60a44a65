#include "sheet/yaml_text.h"

#include <fmt/format.h>

namespace trickref::sheet {

std::string yaml_flow_list(const std::vector<std::string>& items) {
  return fmt::format("[{}]", fmt::join(items, ", "));
}

std::string yaml_flow_key(std::string_view key) {
  return key.size() > kImplicitKeyBytes ? fmt::format("? {} : ", key) : fmt::format("{}: ", key);
}

std::string yaml_block_entry(std::size_t indent, std::string_view key, std::string_view value) {
  const std::string pad(indent, ' ');
  const std::string after = value.empty() ? std::string() : fmt::format(" {}", value);
  return key.size() > kImplicitKeyBytes ? fmt::format("{}? {}\n{}:{}\n", pad, key, pad, after)
                                        : fmt::format("{}{}:{}\n", pad, key, after);
}

}  // namespace trickref::sheet
