// The rulesets/ directory, compiled into the binary by cmake/embed.cmake.
#pragma once

#include <span>
#include <string_view>

namespace trickref {

struct EmbeddedFile {
  std::string_view path;  // relative to rulesets/, e.g. "house/pluck-least-first.yaml"
  std::string_view text;
};

[[nodiscard]] std::span<const EmbeddedFile> embedded_rulesets();

}  // namespace trickref

namespace trickref {
// The schemas/ directory: "transcript.schema.json", ...
[[nodiscard]] std::span<const EmbeddedFile> embedded_schemas();
}  // namespace trickref
