// Diagnostics: the stable code catalogue (cli.md "Diagnostic codes") and the
// presentation object every loader and the referee produce. A Diagnostic
// carries its own file name and 1-based line/column; column counts
// characters (UTF-8 code points), not bytes, so a line holding ♣ symbols
// still points at the right token.
#pragma once

#include <cstdint>
#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "cards/card.h"

namespace trickref {

// 1-based position in a source file; line 0 means "no position".
struct Loc {
  std::uint32_t line = 0;
  std::uint32_t column = 0;
  [[nodiscard]] bool known() const { return line != 0; }
  friend bool operator==(const Loc&, const Loc&) = default;
};

// A note says something about the record that is not a fault (an
// in-progress record's unfinished hand): it never counts as an error or a
// warning, and never changes the exit code.
enum class Severity : std::uint8_t { kWarning, kError, kNote };

enum class Code : std::uint8_t {
  kIo,
  kLimit,
  kSyntax,
  kSchema,
  kUnknownKey,
  kRuleset,
  kUnknownPlayer,
  kBadCard,
  kNotInDeck,
  kDuplicateCard,
  kHandSize,
  kWrongDealer,
  kPluckUnowed,
  kPluckMissing,
  kPluckOrder,
  kPluckJoker,
  kPluckNotHeld,
  kPluckReturn,
  kPluckGive,
  kPluckSuitRepeat,
  kShowMissing,
  kTrumpMissing,
  kDiscard,
  kFirstLead,
  kOutOfTurn,
  kNotHeld,
  kDuplicatePlay,
  kRevoke,
  kTrumpLead,
  kTrickSize,
  kTrickCount,
  kTricksTotal,
  kTakenMismatch,
  kScoreMismatch,
  kWinnerMismatch,
  kPlayedPastEnd,
  // Call Deuces (call-deuces.md §5).
  kBidRange,
  kBidTooLow,
  kBidOutOfTurn,
  kBidAllPass,
  kNoContract,
  kContractMismatch,
  kPartnerMismatch,
  kPointsMismatch,
  kPointsImpossible,
  // Court Piece (court-piece.md §6).
  kWrongTrumpCaller,
  kTricksPastEnd,
  kRevokeClaimUnfounded,
  kTeamMismatch,
  // Recording (cli.md, "Codes for common slips (recording)").
  kIncomplete,
  kMisspeltKey,
  kTrickOrder,
};

struct CodeInfo {
  Code code;
  std::string_view name;      // kebab-case, stable
  Severity severity;          // default severity
  std::string_view summary;   // one line: when it is reported
  std::string_view rule;      // the rule behind it, for `trickref explain`
  std::string_view options;   // ruleset options that change it, comma separated
};

[[nodiscard]] std::span<const CodeInfo> code_catalogue();
[[nodiscard]] const CodeInfo& info(Code code);
[[nodiscard]] std::string_view code_name(Code code);
[[nodiscard]] std::optional<Code> code_from_name(std::string_view name);
[[nodiscard]] std::string_view severity_name(Severity s);

struct Note {
  std::string message;
  Loc loc;
};

struct Diagnostic {
  Severity severity = Severity::kError;
  Code code = Code::kSchema;
  std::string message;
  std::string file;
  Loc loc;
  int hand = 0;   // 1-based; 0 = not applicable
  int trick = 0;  // 1-based; 0 = not applicable
  std::string player;
  std::optional<Card> card;  // the card concerned, as a card (reports print it)
  std::string token;         // bad-card: the text that is not a card
  std::vector<Note> notes;
  // Sort key for listing a game's diagnostics in game order (rules.md §4):
  // hand, then phase within the hand, then trick; not rendered.
  std::uint8_t phase = 0;
};

// Phases of a hand, in the order its diagnostics are listed.
namespace phase {
inline constexpr std::uint8_t kGame = 0;
inline constexpr std::uint8_t kDealer = 1;
inline constexpr std::uint8_t kDeal = 2;
inline constexpr std::uint8_t kAuction = 3;  // the calls and the recorded contract
inline constexpr std::uint8_t kExchange = 4;
inline constexpr std::uint8_t kTrump = 5;    // trump, the kitty, the discard
inline constexpr std::uint8_t kTricks = 6;
inline constexpr std::uint8_t kTotals = 7;
inline constexpr std::uint8_t kResult = 9;
}  // namespace phase

// Orders a game's diagnostics: game-level first, then hand by hand (phase,
// trick), the result last; stable within equal keys.
void sort_game_order(std::vector<Diagnostic>& diags);

// How many more diagnostics one file may keep (--max-diagnostics), shared
// by the sinks of the file's games so the cap is per file.
struct DiagnosticBudget {
  std::size_t left = SIZE_MAX;
};

// Collects diagnostics for one file or game, in the order they are found.
// With a budget, a diagnostic found after the budget is spent is counted by
// severity but not kept, so a file that breaks a rule a million times costs
// the memory and output of the budget, not of the million.
class DiagnosticSink {
 public:
  explicit DiagnosticSink(std::string file = {}, DiagnosticBudget* budget = nullptr)
      : file_(std::move(file)), budget_(budget) {}
  Diagnostic& report(Code code, Loc loc, std::string message);
  Diagnostic& report(Severity severity, Code code, Loc loc, std::string message);
  [[nodiscard]] const std::string& file() const { return file_; }
  [[nodiscard]] const std::vector<Diagnostic>& diagnostics() const { return diags_; }
  [[nodiscard]] std::vector<Diagnostic> take() { return std::move(diags_); }
  // The diagnostic kept with `code` at `loc`, to add a note to; null if none.
  [[nodiscard]] Diagnostic* find(Code code, Loc loc);
  // Errors found, kept or not.
  [[nodiscard]] int error_count() const;
  [[nodiscard]] bool has_errors() const { return error_count() > 0; }
  // Diagnostics found after the budget was spent, by severity.
  [[nodiscard]] int hidden_errors() const;
  [[nodiscard]] int hidden_warnings() const;
  void append(std::vector<Diagnostic> more);
  // The first kKeptHidden diagnostics found past the budget, in the order
  // found: a report prints them in place of its "not shown" line when they
  // take no more room than it (so the cap never prints more than no cap).
  static constexpr std::size_t kKeptHidden = 16;
  [[nodiscard]] std::vector<Diagnostic> take_hidden();

 private:
  // Where a diagnostic beyond the budget is written, so callers can still
  // set its fields; its severity is tallied when the next one arrives or
  // the counts are read (callers may change the severity after report()).
  Diagnostic& overflow(Severity severity);

  std::string file_;
  DiagnosticBudget* budget_ = nullptr;
  std::vector<Diagnostic> diags_;
  Diagnostic scratch_;
  bool scratch_pending_ = false;
  std::vector<Diagnostic> kept_hidden_;
  int hidden_errors_ = 0;
  int hidden_warnings_ = 0;
};

// Closest candidate by edit distance, for "did you mean" hints; empty when
// nothing is close enough. Words and candidates longer than 64 bytes, and
// candidates after the first 64, are never compared, so the cost is bounded
// whatever the input holds.
[[nodiscard]] std::string suggest(std::string_view word, std::span<const std::string_view> candidates);

// The defined key that `word` misspells (misspelt-key): the nearest of
// `defined` within two edits, counted as the optimal string alignment
// (Damerau-Levenshtein without edits of a swapped pair: an insertion, a
// deletion, a substitution or a swap of two adjacent characters is one edit),
// with fewer edits than either word has characters, so `by` is not a
// misspelling of `to`. Ties go to the first. Empty when none is that near.
// Words longer than 64 bytes are never compared.
[[nodiscard]] std::string misspelling_of(std::string_view word, std::span<const std::string_view> defined);

// The optimal string alignment distance between two short words (as above;
// words past 64 bytes count as 65 edits apart).
[[nodiscard]] std::size_t edit_distance(std::string_view a, std::string_view b);

}  // namespace trickref
