// Results read back for `score --results`: the lines `validate --format
// jsonl` writes (report/report.h, GameJson::kResult), each one game's
// GameReport as far as the standings read it (score/standings.h). Games
// refereed elsewhere, in shards on many machines say, then total to the
// very standings `score` gives over the records: the reduce step of a
// map-reduce whose map is `validate --format jsonl`.
#pragma once

#include <cstdint>
#include <functional>
#include <istream>
#include <optional>

#include "base/diagnostic.h"
#include "batch/batch.h"
#include "report/report.h"
#include "yaml/tree.h"

namespace trickref {

// One result (a line read into `root`) as the GameReport it was written
// from; a line that is not one gets a located `schema` error in `sink` (the
// first fault found) and nullopt.
[[nodiscard]] std::optional<GameReport> read_result(Node root, DiagnosticSink& sink);

// Reads every result of `input` (JSON Lines; `in` for standard input),
// calling `emit` for each game in file order. A line that cannot be read
// (JSON syntax, a limit, not a result) is passed to `bad` as its located
// diagnostic and emitted as a game of the results file that could not be
// refereed, so the standings list it as left out; so is a file that cannot
// be read (an `io` error) or that holds no result at all.
// `line`, when given, is told the line of each result before it is emitted
// (to locate a game read twice).
void read_results(const InputFile& input, const Limits& limits, std::istream& in,
                  const std::function<void(GameReport&&)>& emit, const std::function<void(const Diagnostic&)>& bad,
                  const std::function<void(std::uint32_t)>& line = nullptr);

}  // namespace trickref
