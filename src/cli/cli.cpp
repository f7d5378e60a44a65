#include "cli/cli.h"

#include <unistd.h>

#include <algorithm>
#include <iostream>
#include <sstream>
#include <string>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "base/diagnostic.h"
#include "base/io.h"
#include "base/text.h"
#include "cli/commands.h"

namespace trickref::cli {
namespace {

// Every command's report is lost when standard output cannot take it (a full
// disk, a closed descriptor): that is an environment problem, said on
// standard error, never a clean exit. One check here, after the command ran,
// covers every command. (A broken pipe never gets here: it ends the process
// at once and quietly, as SIGPIPE does; see FdOutBuf.)
int checked(int code, std::ostream& out, std::ostream& err) {
  out.flush();
  if (!out.fail()) {
    return code;
  }
  err << fmt::format("trickref: error: cannot write to standard output: {}\n", reason(write_error(out)));
  return static_cast<int>(ExitCode::kUsage);
}

}  // namespace

int run(const std::vector<std::string>& args, std::istream& in, std::ostream& out, std::ostream& err) {
  Context ctx{in, out, err};
  ctx.out_tty = &out == &std::cout && isatty(STDOUT_FILENO) != 0;
  ctx.err_tty = &err == &std::cerr && isatty(STDERR_FILENO) != 0;
  try {
    CLI::App app("trickref: rules referee and game-record validator for quota and partnership trick-taking card "
                 "games (Pluck, Nine Five Two, Call Deuces, Court Piece)",
                 "trickref");
    app.set_version_flag("--version", "trickref 0.1.0");
    app.require_subcommand(1);
    app.fallthrough(false);
    setup_validate(app, ctx);
    setup_score(app, ctx);
    setup_compare(app, ctx);
    setup_simulate(app, ctx);
    setup_analyse(app, ctx);
    setup_record(app, ctx);
    setup_new(app, ctx);
    setup_import(app, ctx);
    setup_rules(app, ctx);
    setup_explain(app, ctx);
    setup_schema(app, ctx);
    // A first word that names no command: say so, with the commands, a
    // near spelling, and where a new scorer looking for `init` should go
    // (CLI11 itself would say only that a subcommand is required).
    if (!args.empty() && !args.front().empty() && args.front().front() != '-') {
      std::vector<std::string_view> names;
      for (const auto* sub : app.get_subcommands({})) {
        names.push_back(sub->get_name());
      }
      if (std::find(names.begin(), names.end(), args.front()) == names.end()) {
        const std::string near = suggest(args.front(), names);
        const bool starting = args.front() == "init" || args.front() == "create" || args.front() == "start";
        err << fmt::format("trickref: error: '{}' is not a command{}; the commands: {}\n", printable(clip(args.front())),
                           !near.empty() ? fmt::format(" (did you mean '{}'?)", near) : std::string(),
                           fmt::join(names, ", "));
        if (starting) {
          err << "To keep a new game: trickref record FILE (asks as you go), or trickref new --rules NAME "
                 "--players A,B,C (a record to fill in).\n";
        }
        err << "Run trickref --help for more.\n";
        return checked(static_cast<int>(ExitCode::kUsage), out, err);
      }
    }
    std::vector<std::string> reversed(args.rbegin(), args.rend());
    try {
      app.parse(reversed);
    } catch (const CLI::CallForHelp& e) {
      return checked(app.exit(e, out, err), out, err);
    } catch (const CLI::CallForAllHelp& e) {
      return checked(app.exit(e, out, err), out, err);
    } catch (const CLI::CallForVersion& e) {
      return checked(app.exit(e, out, err), out, err);
    } catch (const CLI::ParseError& e) {
      // CLI11 quotes the offending argument: printable, line by line (base/text.h).
      std::ostringstream said;
      (void)app.exit(e, out, said);
      std::istringstream lines(said.str());
      for (std::string line; std::getline(lines, line);) {
        err << printable(line) << "\n";
      }
      return checked(static_cast<int>(ExitCode::kUsage), out, err);
    }
    return checked(ctx.exit_code, out, err);
  } catch (const std::bad_alloc&) {
    err << "trickref: error: out of memory\n";
  } catch (const std::exception&) {
    err << "trickref: error: an internal error stopped the run; please report it with the input that caused it\n";
  }
  return static_cast<int>(ExitCode::kUsage);
}

}  // namespace trickref::cli
