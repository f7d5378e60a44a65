#include "score/results.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "base/io.h"
#include "batch/line_reader.h"
#include "json/json_reader.h"
#include "ruleset/options.h"

namespace trickref {
// A unity build batches this file with others: its helpers keep a namespace of their own.
namespace results_reader {
namespace {

// The first fault of a line that is not a result: where, and what.
struct Bad {
  Loc loc;
  std::string message;
};

[[noreturn]] void bad(Node at, std::string message) { throw Bad{at.loc(), std::move(message)}; }

// What a message may show of a key or name read from the line.
std::string shown(std::string_view text) { return quote_input(text, Quoted::kText).value_or("(a name)"); }

Node need(Node map, std::string_view key, std::string_view in) {
  const Node v = map.find(key);
  if (!v.valid()) {
    bad(map, fmt::format("{} has no `{}`", in, key));
  }
  return v;
}

std::string text(Node n, std::string_view what) {
  if (!n.is_scalar() || !n.quoted()) {
    bad(n, fmt::format("`{}` is a string, not {}", what, n.is_scalar() ? "a number or true/false" : n.kind_name()));
  }
  return std::string(n.scalar());
}

template <class T>
T number(Node n, std::string_view what) {
  T v{};
  const std::string_view s = n.scalar();
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (!n.is_scalar() || n.quoted() || s.empty() || ec != std::errc() || end != s.data() + s.size()) {
    bad(n, fmt::format("`{}` is a whole number, not {}", what,
                       n.is_scalar() ? quote_input(s, Quoted::kToken).value_or("that") : std::string(n.kind_name())));
  }
  return v;
}

int count(Node n, std::string_view what) {
  const int v = number<int>(n, what);
  if (v < 0) {
    bad(n, fmt::format("`{}` is a count, not a negative number", what));
  }
  return v;
}

bool boolean(Node n, std::string_view what) {
  if (n.is_scalar() && !n.quoted() && (n.scalar() == "true" || n.scalar() == "false")) {
    return n.scalar() == "true";
  }
  bad(n, fmt::format("`{}` is true or false", what));
}

// Names in a fixed order (the players, or the sides) and their positions.
class Names {
 public:
  Names(const std::vector<std::string>& names, std::string_view kind) : names_(names), kind_(kind) {}

  [[nodiscard]] int at(Node n, std::string_view what) const {
    const std::string name = text(n, what);
    const auto it = std::find(names_.begin(), names_.end(), name);
    if (it == names_.end()) {
      bad(n, fmt::format("`{}` names {}, which is not one of the game's {}", what, shown(name), kind_));
    }
    return static_cast<int>(it - names_.begin());
  }

  // A map name -> number holding every name once, as a vector in order.
  // `count`: each number is a count, never negative (tricks, quotas, plucks, courts).
  template <class T>
  [[nodiscard]] std::vector<T> all(Node m, std::string_view what, bool count = false) const {
    std::vector<T> out = some<T>(m, what, count);
    if (m.size() != names_.size()) {
      bad(m, fmt::format("`{}` has {} entries, not one for each of the game's {} {}", what, m.size(), names_.size(),
                         kind_));
    }
    return out;
  }

  // A map name -> number naming some of them (the rest 0).
  template <class T>
  [[nodiscard]] std::vector<T> some(Node m, std::string_view what, bool count = false) const {
    if (!m.is_map()) {
      bad(m, fmt::format("`{}` is a map of {} to numbers, not {}", what, kind_, m.kind_name()));
    }
    std::vector<T> out(names_.size(), T{});
    std::vector<bool> seen(names_.size(), false);
    for (std::uint32_t i = 0; i < m.size(); ++i) {
      const auto k = static_cast<std::size_t>(at(m.key(i), what));
      if (seen[k]) {
        bad(m.key(i), fmt::format("`{}` names {} twice", what, shown(names_[k])));
      }
      seen[k] = true;
      out[k] = number<T>(m.value(i), what);
      if (count && out[k] < 0) {
        bad(m.value(i), fmt::format("`{}` is a count, not a negative number ({} for {})", what, out[k],
                                    shown(names_[k])));
      }
    }
    return out;
  }

  [[nodiscard]] std::size_t size() const { return names_.size(); }

 private:
  const std::vector<std::string>& names_;
  std::string_view kind_;
};

std::vector<std::string> string_list(Node n, std::string_view what) {
  if (!n.is_sequence()) {
    bad(n, fmt::format("`{}` is a list of strings, not {}", what, n.kind_name()));
  }
  std::vector<std::string> out;
  for (std::uint32_t i = 0; i < n.size(); ++i) {
    out.push_back(text(n.item(i), what));
    if (std::find(out.begin(), out.end() - 1, out.back()) != out.end() - 1) {
      bad(n.item(i), fmt::format("`{}` lists {} twice", what, shown(out.back())));
    }
  }
  return out;
}

ScoringKind scoring_kind(Node n) {
  const std::string name = text(n, "scoring");
  const OptionSpec* spec = find_option("scoring.kind");
  for (const auto& v : spec->values) {
    if (v.name == name) {
      return static_cast<ScoringKind>(v.value);
    }
  }
  bad(n, fmt::format("`scoring` is {}, not a scoring kind (scoring.kind)", shown(name)));
}

HandEnd ending(Node n) {
  static constexpr std::array<std::pair<std::string_view, HandEnd>, 5> kEndings{{
      {"played_out", HandEnd::kPlayedOut},
      {"early_court", HandEnd::kEarlyCourt},
      {"all_tricks", HandEnd::kAllTricks},
      {"majority", HandEnd::kMajority},
      {"revoke", HandEnd::kRevoke},
  }};
  const std::string name = text(n, "end");
  for (const auto& [k, e] : kEndings) {
    if (k == name) {
      return e;
    }
  }
  bad(n, fmt::format("`end` is {}, not how a hand ends (played_out, early_court, all_tricks, majority, revoke)",
                     shown(name)));
}

// A hand of a courts game (report.cpp, courts_json).
void courts_hand(Node hn, CourtsFacts& h, const Names& players, const Names& sides) {
  h.courts = true;
  if (const Node n = hn.find("trump_by"); n.valid()) {
    h.trump_by = players.at(n, "trump_by");
  }
  h.tricks_played = count(need(hn, "tricks_played", "a Court Piece hand"), "tricks_played");
  if (const Node n = hn.find("end"); n.valid()) {
    h.end = ending(n);
  }
  if (const Node n = hn.find("taken"); n.valid()) {
    h.side_taken = sides.all<int>(n, "taken", true);
  }
  if (const Node n = hn.find("winner"); n.valid()) {
    h.winner_side = n.is_null() ? -1 : sides.at(n, "winner");
  }
  h.courts_won = sides.some<int>(need(hn, "courts", "a Court Piece hand"), "courts", true);
  if (const Node n = need(hn, "streak", "a Court Piece hand"); !n.is_null()) {
    if (!n.is_map()) {
      bad(n, "`streak` is null or {\"side\": NAME, \"count\": N}");
    }
    h.streak = std::pair{sides.at(need(n, "side", "`streak`"), "streak.side"),
                         count(need(n, "count", "`streak`"), "streak.count")};
  }
  if (const Node n = hn.find("score"); n.valid()) {
    h.side_score = sides.all<long long>(n, "score");
  }
}

// The keys of a hand of the auction games (report.cpp, contract_json).
void contract_hand(Node hn, ContractFacts& h, const Names& players) {
  h.auction = true;
  if (const Node n = hn.find("bids"); n.valid()) {
    if (!n.is_sequence()) {
      bad(n, fmt::format("`bids` is a list, not {}", n.kind_name()));
    }
    std::vector<CallSummary> bids;
    for (std::uint32_t i = 0; i < n.size(); ++i) {
      const Node c = n.item(i);
      if (!c.is_map()) {
        bad(c, "a bid is {\"player\": NAME, \"bid\": N or null}");
      }
      CallSummary call;
      call.seat = players.at(need(c, "player", "a bid"), "player");
      if (const Node b = need(c, "bid", "a bid"); !b.is_null()) {
        call.bid = number<long long>(b, "bid");
      }
      bids.push_back(call);
    }
    h.bids = std::move(bids);
  }
  if (const Node n = hn.find("contract"); n.valid()) {
    if (n.is_null()) {
      h.void_hand = true;  // everyone passed
      return;
    }
    if (!n.is_map()) {
      bad(n, "`contract` is null or {\"bidder\": NAME, \"bid\": N}");
    }
    h.bidder = players.at(need(n, "bidder", "`contract`"), "contract.bidder");
    h.bid = number<int>(need(n, "bid", "`contract`"), "contract.bid");
  }
  if (const Node n = hn.find("partner"); n.valid()) {
    h.partner = n.is_null() ? -1 : players.at(n, "partner");
  }
  if (const Node n = hn.find("points"); n.valid()) {
    h.points = players.all<int>(n, "points");
  }
  if (const Node n = hn.find("made"); n.valid()) {
    h.made = boolean(n, "made");
  }
}

HandSummary hand(Node hn, const Names& players, const Names& sides, ScoringKind scoring) {
  if (!hn.is_map()) {
    bad(hn, fmt::format("a hand is an object, not {}", hn.kind_name()));
  }
  HandSummary h;
  h.number = count(need(hn, "number", "a hand"), "number");
  h.dealer = players.at(need(hn, "dealer", "a hand"), "dealer");
  if (const Node n = hn.find("trump"); n.valid()) {
    h.trump = parse_suit(text(n, "trump"));
    if (!h.trump) {
      bad(n, "`trump` is a suit letter (C, D, H, S)");
    }
  }
  if (scoring == ScoringKind::kCourts) {
    courts_hand(hn, h, players, sides);
  } else {
    static constexpr std::array<std::string_view, 5> kAuctionKeys{"bids", "contract", "partner", "points", "made"};
    const bool auction = scoring == ScoringKind::kPoints || std::any_of(kAuctionKeys.begin(), kAuctionKeys.end(), [&](
                                                                std::string_view k) { return hn.find(k).valid(); });
    if (auction) {
      contract_hand(hn, h, players);
    }
    if (const Node n = hn.find("quota"); n.valid()) {
      h.quota = players.all<int>(n, "quota", true);
    } else if (!auction) {
      bad(hn, "a hand of the quota games has no `quota`");
    }
    if (const Node n = hn.find("taken"); n.valid() && !n.is_null()) {
      h.taken = players.all<int>(n, "taken", true);
    }
    if (const Node n = hn.find("score"); n.valid()) {
      h.score = players.all<long long>(n, "score");
    }
  }
  if (const Node n = hn.find("plucks"); n.valid()) {
    h.plucks = count(n, "plucks");
  }
  if (const Node n = hn.find("plucks_made"); n.valid()) {
    h.plucks_made = players.all<int>(n, "plucks_made", true);
  }
  if (const Node n = hn.find("plucks_suffered"); n.valid()) {
    h.plucks_suffered = players.all<int>(n, "plucks_suffered", true);
  }
  return h;
}

Diagnostic diagnostic(Node dn) {
  if (!dn.is_map()) {
    bad(dn, fmt::format("a diagnostic is an object, not {}", dn.kind_name()));
  }
  Diagnostic d;
  const Node sev = need(dn, "severity", "a diagnostic");
  const std::string severity = text(sev, "severity");
  if (severity != "error" && severity != "warning" && severity != "note") {
    bad(sev, "`severity` is error, warning or note");
  }
  d.severity = severity == "error" ? Severity::kError : severity == "warning" ? Severity::kWarning : Severity::kNote;
  const Node code = need(dn, "code", "a diagnostic");
  const auto known = code_from_name(text(code, "code"));
  if (!known) {
    bad(code, fmt::format("`code` is {}, not a diagnostic code (trickref explain)", shown(code.scalar())));
  }
  d.code = *known;
  d.message = text(need(dn, "message", "a diagnostic"), "message");
  d.file = text(need(dn, "file", "a diagnostic"), "file");
  if (const Node n = dn.find("line"); n.valid()) {
    d.loc.line = number<std::uint32_t>(n, "line");
    d.loc.column = number<std::uint32_t>(need(dn, "column", "a diagnostic with a `line`"), "column");
  }
  if (const Node n = dn.find("hand"); n.valid()) {
    d.hand = count(n, "hand");
  }
  if (const Node n = dn.find("trick"); n.valid()) {
    d.trick = count(n, "trick");
  }
  if (const Node n = dn.find("player"); n.valid()) {
    d.player = text(n, "player");
  }
  if (const Node n = dn.find("card"); n.valid()) {
    d.card = parse_card(text(n, "card"));
  }
  return d;
}

// A courts game's `sides`: each side's name and its players' seats.
void read_sides(Node n, const Names& players, RefereeResult& r) {
  if (!n.is_sequence()) {
    bad(n, fmt::format("`sides` is a list, not {}", n.kind_name()));
  }
  for (std::uint32_t i = 0; i < n.size(); ++i) {
    const Node s = n.item(i);
    if (!s.is_map()) {
      bad(s, "a side is {\"name\": NAME, \"players\": [...]}");
    }
    r.side_names.push_back(text(need(s, "name", "a side"), "name"));
    if (std::find(r.side_names.begin(), r.side_names.end() - 1, r.side_names.back()) != r.side_names.end() - 1) {
      bad(s, fmt::format("two sides are named {}", shown(r.side_names.back())));
    }
    const Node members = need(s, "players", "a side");
    if (!members.is_sequence() || members.size() == 0) {
      bad(members, "a side's `players` is a list of the game's players");
    }
    auto& seats = r.sides.emplace_back();
    for (std::uint32_t k = 0; k < members.size(); ++k) {
      seats.push_back(players.at(members.item(k), "players"));
    }
  }
}

// A refereed game's `result` (`rn`) and its `hands`.
void read_outcome(Node root, Node rn, const GameReport& g, const Names& players, const Names& sides,
                  RefereeResult& r) {
  if (!rn.is_map()) {
    bad(rn, fmt::format("`result` is an object, not {}", rn.kind_name()));
  }
  r.refereed = true;
  if (const Node n = rn.find("refereed"); n.valid()) {
    r.refereed = boolean(n, "refereed");
  }
  const Node hands = need(root, "hands", "a result with a `result`");
  if (!hands.is_sequence()) {
    bad(hands, fmt::format("`hands` is a list, not {}", hands.kind_name()));
  }
  for (std::uint32_t i = 0; i < hands.size(); ++i) {
    r.hands.push_back(hand(hands.item(i), players, sides, g.scoring));
  }
  GameOutcome& o = r.outcome;
  o.finished = boolean(need(rn, "finished", "`result`"), "finished");
  const Node winners = need(rn, "winners", "`result`");
  if (!winners.is_sequence()) {
    bad(winners, fmt::format("`winners` is a list of players, not {}", winners.kind_name()));
  }
  for (std::uint32_t i = 0; i < winners.size(); ++i) {
    o.winners.push_back(players.at(winners.item(i), "winners"));
    if (std::find(o.winners.begin(), o.winners.end() - 1, o.winners.back()) != o.winners.end() - 1) {
      bad(winners.item(i), fmt::format("`winners` names {} twice",
                                       shown(g.players[static_cast<std::size_t>(o.winners.back())])));
    }
  }
  o.draw = o.finished && o.winners.empty() && !r.sides.empty();
  if (const Node n = rn.find("score"); n.valid()) {
    if (r.sides.empty()) {
      o.score = players.all<long long>(n, "score");
    } else {
      // By side: each seat scores its side's courts.
      const auto by_side = sides.all<long long>(n, "score");
      o.score = std::vector<long long>(g.players.size(), 0);
      for (std::size_t d = 0; d < r.sides.size(); ++d) {
        for (int seat : r.sides[d]) {
          (*o.score)[static_cast<std::size_t>(seat)] = by_side[d];
        }
      }
    }
  }
  if (const Node n = rn.find("hand"); n.valid()) {
    o.decided_hand = count(n, "hand");
  }
}

GameReport game(Node root) {
  if (!root.is_map()) {
    bad(root, fmt::format("a result is a JSON object, not {}", root.kind_name()));
  }
  GameReport g;
  g.file = text(need(root, "file", "a result"), "file");
  g.index = count(need(root, "index", "a result"), "index");
  if (const Node n = root.find("id"); n.valid()) {
    g.id = text(n, "id");
  }
  if (const Node n = root.find("ruleset"); n.valid()) {
    g.ruleset = text(n, "ruleset");
    g.scoring = scoring_kind(need(root, "scoring", "a result that names its ruleset (written by an older trickref? "
                                                   "run `validate --format jsonl` again)"));
  }
  if (const Node n = root.find("players"); n.valid()) {
    g.players = string_list(n, "players");
  }
  if (const Node n = root.find("event"); n.valid()) {
    if (!n.is_map()) {
      bad(n, fmt::format("`event` is an object, not {}", n.kind_name()));
    }
    for (std::uint32_t i = 0; i < n.size(); ++i) {
      g.event.emplace_back(std::string(n.key(i).scalar()), text(n.value(i), "event"));
    }
  }
  if (const Node n = root.find("date"); n.valid()) {
    g.date = text(n, "date");
  }
  if (const Node n = root.find("notes"); n.valid()) {
    g.notes = text(n, "notes");
  }
  const Names players(g.players, "players");
  RefereeResult r;
  if (const Node n = root.find("sides"); n.valid()) {
    read_sides(n, players, r);
  }
  const Names sides(r.side_names, "sides");
  if (const Node rn = root.find("result"); rn.valid()) {
    read_outcome(root, rn, g, players, sides, r);
    g.result = std::move(r);
  }
  const Node diags = need(root, "diagnostics", "a result");
  if (!diags.is_sequence()) {
    bad(diags, fmt::format("`diagnostics` is a list, not {}", diags.kind_name()));
  }
  for (std::uint32_t i = 0; i < diags.size(); ++i) {
    g.diagnostics.push_back(diagnostic(diags.item(i)));
  }
  if (const Node n = root.find("diagnostics_not_shown"); n.valid()) {
    g.hidden_errors = count(need(n, "errors", "`diagnostics_not_shown`"), "errors");
    g.hidden_warnings = count(need(n, "warnings", "`diagnostics_not_shown`"), "warnings");
  }
  return g;
}

// A game of the results file itself, holding the one diagnostic that says
// why a line (or the file) gave no result.
GameReport unread(const std::string& file, int index, Diagnostic d) {
  GameReport g;
  g.file = file;
  g.index = index;
  g.diagnostics.push_back(std::move(d));
  return g;
}

Diagnostic error(Code code, const std::string& file, Loc loc, std::string message) {
  Diagnostic d;
  d.code = code;
  d.severity = Severity::kError;
  d.file = file;
  d.loc = loc;
  d.message = std::move(message);
  return d;
}

}  // namespace
}  // namespace results_reader

using results_reader::Bad;
using results_reader::error;
using results_reader::unread;

std::optional<GameReport> read_result(Node root, DiagnosticSink& sink) {
  try {
    return results_reader::game(root);
  } catch (const Bad& b) {
    sink.report(Severity::kError, Code::kSchema, b.loc,
                fmt::format("not a result of `trickref validate --format jsonl`: {}", b.message));
    return std::nullopt;
  }
}

void read_results(const InputFile& input, const Limits& limits, std::istream& in,
                  const std::function<void(GameReport&&)>& emit, const std::function<void(const Diagnostic&)>& bad,
                  const std::function<void(std::uint32_t)>& at_line) {
  int index = 0;
  auto fail = [&](Diagnostic d) {
    bad(d);
    emit(unread(input.display, index++, std::move(d)));
  };
  std::string why;
  std::unique_ptr<FdInBuf> buf;
  if (!input.is_stdin) {
    const int fd = open_for_reading(input.path, input.readable, why);
    if (fd < 0) {
      fail(error(Code::kIo, input.display, {}, fmt::format("cannot read '{}': {}", input.display, why)));
      return;
    }
    buf = std::make_unique<FdInBuf>(fd);
  }
  LineReader lines(buf ? *buf : *in.rdbuf(), limits.max_file_bytes, 1);
  JsonReader reader(limits);
  Document doc;
  Line line;
  while (lines.next(line)) {
    if (line.too_long) {
      fail(error(Code::kLimit, input.display, Loc{line.number, 1},
                 fmt::format("line {} is longer than the limit of {} bytes (raise it with --max-file-size)",
                             line.number, limits.max_file_bytes)));
      continue;
    }
    if (line.text.find_first_not_of(" \t\r") == std::string_view::npos) {
      continue;
    }
    DiagnosticSink sink(input.display);
    const JsonRead read = reader.read(JsonText{line.text, true, line.number, true, !line.terminated}, doc, sink);
    if (read == JsonRead::kEmpty) {
      continue;
    }
    std::optional<GameReport> g;
    if (read == JsonRead::kGame && !sink.has_errors()) {
      g = read_result(doc.root(), sink);
    }
    if (!g) {
      auto diags = sink.take();
      SourceText(line.text, line.number).fix_columns(diags);
      const auto first = std::find_if(diags.begin(), diags.end(),
                                      [](const Diagnostic& d) { return d.severity == Severity::kError; });
      fail(first == diags.end() ? error(Code::kSchema, input.display, Loc{line.number, 1}, "not a result")
                                : std::move(*first));
      continue;
    }
    ++index;
    if (at_line) {
      at_line(line.number);
    }
    emit(std::move(*g));
  }
  if (buf && buf->error() != 0) {
    fail(error(Code::kIo, input.display, {}, fmt::format("cannot read '{}': {}", input.display, reason(buf->error()))));
  } else if (index == 0) {
    fail(error(Code::kSchema, input.display, Loc{1, 1}, "the file holds no result"));
  }
}

}  // namespace trickref
