// From command-line paths to refereed games: expands files, directories
// (recursively, in sorted order) and "-", reads each file within the limits,
// splits it into games (YAML documents, one JSON document, or JSON Lines
// streamed line by line), loads, resolves the ruleset and referees. Every
// problem becomes a located diagnostic on the game (or file) it concerns;
// one bad file never stops the batch.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <istream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "base/io.h"
#include "report/report.h"
#include "ruleset/ruleset_loader.h"
#include "yaml/tree.h"

namespace trickref {

struct InputFile {
  std::string display;  // as the user will see it
  std::filesystem::path path;
  bool is_stdin = false;
  // A path named on the command line may be a pipe (`validate <(command)`);
  // a file found in a directory walk must be a regular file.
  Readable readable = Readable::kFileOrPipe;
  // Standard input read as part of a named file (`validate --stdin-name`,
  // a shard of an archive): `display` and `path` are that file's name, its
  // extension says the format, a record's relative `game:` is found beside
  // it, and in JSON Lines the lines and games are numbered from these.
  std::uint32_t first_line = 1;
  int first_index = 0;
};

// What a directory walk looks for: records (.yaml, .yml, .json, .jsonl;
// not league.yaml), or the results `validate --format jsonl` writes (.jsonl).
enum class Inputs : std::uint8_t { kRecords, kResults };

// Expands `paths`; a path that cannot be read becomes an `io` report in `bad`,
// and so does a record-named entry of a directory walk that is a device,
// socket or FIFO (or a link to one): it is never opened.
[[nodiscard]] std::vector<InputFile> expand_paths(const std::vector<std::string>& paths,
                                                  std::vector<GameReport>& bad, Inputs what = Inputs::kRecords);

struct BatchOptions {
  Limits limits;
  std::shared_ptr<const Ruleset> rules_override;  // --rules
  // Each hand's play as the referee replayed it (RefereeOptions::hand_play)
  // and the game's ruleset kept with its report (GameReport::rules): what
  // `analyse` reads.
  bool hand_play = false;
  // With -j N, a JSON Lines file is refereed in runs of whole lines of
  // about this many bytes (LineBlock): big enough that the hand-off costs
  // nothing beside the refereeing, small enough to sit in a core's cache.
  std::size_t run_bytes = std::size_t{1} << 19U;
};

// Referees every game of one input, calling `emit` for each in file order.
// `in` is read for standard input.
void validate_file(const InputFile& input, RulesetCatalog& catalog, const BatchOptions& options, std::istream& in,
                   const std::function<void(GameReport&&)>& emit);

// Referees every input, up to `jobs` files at a time, calling `emit` for
// each game in input order (file by file, game by game) and `file_done`
// after each file. With one job each game is emitted as soon as it is
// refereed, so memory stays bounded by one game.
void validate_all(const std::vector<InputFile>& inputs, const BatchOptions& options, unsigned jobs, std::istream& in,
                  const std::function<void(GameReport&&)>& emit, const std::function<void()>& file_done);

// Referees the games held in `text` (the whole content of a file named
// `display`, YAML or JSON). Exposed for tests and benchmarks.
void validate_text(std::string_view text, const std::string& display, const std::filesystem::path& dir,
                   RulesetCatalog& catalog, const BatchOptions& options, const std::function<void(GameReport&&)>& emit);

}  // namespace trickref
