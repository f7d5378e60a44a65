// Loading rulesets from YAML: built-in (embedded) or from a file, with
// `extends:` resolution (maps merge key by key; lists, scalars and the
// whole-replaced keys quotas, quotas_first_hand, play.first_lead and game.end
// replace), then every option read through the option table (options.h),
// unknown options with a suggestion, and the cross-option consistency
// checks, all as located `ruleset` diagnostics. Every problem of a file is
// reported in one run: a broken `extends` still lets the file's own options
// be checked.
#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include "base/diagnostic.h"
#include "ruleset/options.h"
#include "ruleset/ruleset.h"
#include "yaml/tree.h"

namespace trickref {

struct RulesetResult {
  std::shared_ptr<const Ruleset> ruleset;  // null when it could not be loaded
  std::vector<Diagnostic> diagnostics;     // errors and warnings, located in the ruleset files
};

struct BuiltinInfo {
  std::string name;
  std::string path;  // relative to rulesets/
  std::string description;
  std::string extends;
};

// Who named a ruleset, which decides what a path may be. Every ruleset file
// must be a regular file (no FIFO, device, socket, directory, nor a /proc or
// /sys file) within --max-file-size. A name from the user (--rules, `rules
// show/check/diff`) may be any such file; one written in a file (a record's
// `game:`, a ruleset's `extends:`), which may come from anywhere, must also
// end in .yaml or .yml.
enum class NamedBy : std::uint8_t { kUser, kFile };

// Finds and loads rulesets; caches each resolved ruleset for the run (the
// files it reads are taken not to change while it runs).
// No global state: the CLI makes one per run.
class RulesetCatalog {
 public:
  explicit RulesetCatalog(Limits limits = {});
  // Not copied: `resolved_` points into the catalog's own cache.
  RulesetCatalog(const RulesetCatalog&) = delete;
  RulesetCatalog& operator=(const RulesetCatalog&) = delete;
  RulesetCatalog(RulesetCatalog&&) = default;  // the cache's nodes move with it
  RulesetCatalog& operator=(RulesetCatalog&&) = default;
  // `ref` is a built-in name or a path (relative paths against `base_dir`).
  // A reference counts as a path when it holds a '/' or ends in .yaml/.yml/.json.
  [[nodiscard]] const RulesetResult& resolve(std::string_view ref, const std::filesystem::path& base_dir = {},
                                             NamedBy by = NamedBy::kUser);
  [[nodiscard]] std::vector<BuiltinInfo> builtins() const;
  [[nodiscard]] std::vector<std::string> builtin_names() const;

 private:
  struct Source {
    std::string id;       // cache identity: "builtin:<path>" or a canonical file path
    std::string display;  // how diagnostics name the file
    std::string text;
    std::filesystem::path dir;  // where a relative `extends` path starts
    std::string stem;           // the name a file without `name:` takes
  };
  friend class RulesetResolver;
  std::optional<Source> locate(std::string_view ref, const std::filesystem::path& base_dir, NamedBy by,
                               std::string& error) const;
  const RulesetResult& resolve_anew(std::string_view ref, const std::filesystem::path& base_dir, NamedBy by);

  // Each reference resolved, by who named it, the directory it was named
  // from and what it says, and its result in cache_: a batch names its
  // rulesets record after record, and locating one reads its text again.
  using Reference = std::tuple<NamedBy, std::string, std::filesystem::path::string_type>;
  std::map<Reference, const RulesetResult*, std::less<>> resolved_;

  Limits limits_;
  std::map<std::string, std::string> builtin_by_name_;  // name -> embedded path
  std::map<std::string, RulesetResult> cache_;
};

}  // namespace trickref
