// libFuzzer target: what `score --results` reads (the JSON Lines that
// `validate --format jsonl` writes; score/results.h), as standard input.
// Every line becomes a game or a located diagnostic; the games are then
// totalled into standings (a season and by night) and rendered every way
// the command can, and the text and JSON reports must hold no raw control
// character. A results file comes from another machine, so it is as
// hostile as any record.
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>

#include "fuzz_common.h"
#include "score/league.h"
#include "score/render.h"
#include "score/results.h"
#include "score/standings.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace trickref;
  const std::string text(reinterpret_cast<const char*>(data), size);
  std::istringstream in(text);
  const InputFile input{"-", {}, true};
  const Limits limits;
  const std::uint32_t lines = fuzz::count_lines(text);
  const League league;
  StandingsBuilder season(league, ScoreOptions{});
  StandingsBuilder nights(league, ScoreOptions{false, true, std::nullopt});
  int games = 0;
  read_results(
      input, limits, in,
      [&](GameReport&& g) {
        ++games;
        fuzz::check_report(g, lines);
        season.add(g);
        nights.add(g);
      },
      [&](const Diagnostic& d) {
        fuzz::require(!d.message.empty(), "a results diagnostic without a message");
        fuzz::require(d.loc.line <= lines + 1, "a results diagnostic located past the end of the input");
        fuzz::require_printable(render_diagnostic(d, TextStyle{false, true}),
                                "a raw control character in a results diagnostic");
      });
  // Even a file with no result is a game the standings list as left out.
  fuzz::require(games > 0, "results without a verdict");
  for (const bool by_night : {false, true}) {
    const Standings standings = (by_night ? nights : season).finish();
    const ScoreView view{standings, league, by_night, false};
    fuzz::require_printable(standings_text(view), "a raw control character in the standings text");
    fuzz::require_printable(json_text(standings_json(view), 2), "a raw control character in the standings JSON");
    fuzz::require(!standings_csv(view).empty(), "empty standings CSV");
    fuzz::require(!standings_markdown(view).empty(), "empty standings Markdown");
    fuzz::require(!standings_html(view).empty(), "empty standings HTML");
  }
  return 0;
}
