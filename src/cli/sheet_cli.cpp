#include "cli/sheet_cli.h"

#include <algorithm>
#include <filesystem>
#include <ostream>

#include <fmt/format.h>

#include "base/text.h"
#include "cli/cli.h"
#include "cli/inputs.h"
#include "sheet/import.h"

namespace trickref::cli {

namespace fs = std::filesystem;

std::string parse_players(const std::string& list, const Ruleset& rules, std::vector<std::string>& out) {
  out.clear();
  std::size_t start = 0;
  for (;;) {
    const std::size_t comma = list.find(',', start);
    std::string name = list.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
    while (!name.empty() && name.front() == ' ') {
      name.erase(name.begin());
    }
    while (!name.empty() && name.back() == ' ') {
      name.pop_back();
    }
    if (!sheet::usable_name(name)) {
      return name.empty() ? "--players has an empty name (names are separated by commas: Ann,Bob,Cat)"
                          : fmt::format("--players: '{}' holds control characters", printable(clip(name)));
    }
    if (std::find(out.begin(), out.end(), name) != out.end()) {
      return fmt::format("--players names '{}' twice", printable(clip(name)));
    }
    out.push_back(name);
    if (comma == std::string::npos || out.size() > 64) {
      break;
    }
    start = comma + 1;
  }
  if (static_cast<int>(out.size()) != rules.players) {
    return fmt::format("{} is played by {} players; --players names {}", printable(clip(rules.name)), rules.players,
                       out.size() > 64 ? std::string("more than 64") : std::to_string(out.size()));
  }
  return {};
}

std::string ruleset_ref_for(const std::string& ref, const std::string& output) {
  if (!is_ruleset_path(ref) || output.empty() || output == "-") {
    return ref;
  }
  std::error_code ec;
  const fs::path target = fs::absolute(ref, ec).lexically_normal();
  fs::path dir = fs::path(output).parent_path();
  const fs::path base = fs::absolute(dir.empty() ? fs::path(".") : dir, ec).lexically_normal();
  const fs::path rel = target.lexically_relative(base);
  return ec || rel.empty() ? target.generic_string() : rel.generic_string();
}

int write_output(Context& ctx, const std::string& output, const std::string& text, const InputFiles& inputs) {
  if (output.empty() || output == "-") {
    ctx.out << text;
    return static_cast<int>(ExitCode::kOk);
  }
  if (const std::string problem = write_file_atomic(output, text, inputs); !problem.empty()) {
    return sheet_usage_error(ctx, fmt::format("cannot write {}: {}", printable(clip_middle(output, 200)), problem));
  }
  return static_cast<int>(ExitCode::kOk);
}

int sheet_usage_error(Context& ctx, const std::string& message) {
  ctx.err << "trickref: error: " << message << "\n";
  return static_cast<int>(ExitCode::kUsage);
}

}  // namespace trickref::cli
