// `trickref record FILE`: keeps a game at the table, entry by entry
// (cli.md). The session asks for the ruleset and the players (or reads them
// from FILE, resuming where it stopped), then for each hand what the hand
// machine asks next (record/stepper.h): the dealer (the rotation's), how the
// hand is entered (its plays, the deal first, or a score-sheet line), the
// calls, the plucks, trump, the discard, each trick card by card, or the
// tricks taken.
//
// Every entry is judged by the referee, on the record as it would be
// written: a fault the entry itself makes (located in it) refuses it with
// the referee's own diagnostic, unless the user confirms it is what really
// happened; a fault it proves elsewhere (a revoke a later play shows) is
// reported as the referee reports it. After every entry FILE is rewritten
// atomically, so an interrupted session loses at most the entry being
// typed. At the end of each hand the session prints validate's table.
//
// Input and output are streams: the tests drive a session with a script.
#pragma once

#include <filesystem>
#include <iosfwd>
#include <string>

#include "ruleset/ruleset_loader.h"
#include "yaml/tree.h"

namespace trickref::record {

struct SessionOptions {
  std::filesystem::path file;
  std::string display;  // FILE as the user named it
  Limits limits;
};

// Runs a session: 0 when the game is over or the input ends (the file keeps
// what was entered), 2 when FILE cannot be read, resumed or written (said
// on `err`).
[[nodiscard]] int run_session(const SessionOptions& options, std::istream& in, std::ostream& out,
                              std::ostream& err, RulesetCatalog& catalog);

}  // namespace trickref::record
