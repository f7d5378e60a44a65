#include "report/report.h"

#include <algorithm>
#include <cassert>

#include <fmt/format.h>

#include "base/json_out.h"
#include "base/text.h"
#include "report/json_text.h"
#include "ruleset/options.h"

namespace trickref {
namespace {

constexpr std::string_view kRed = "\x1b[1;31m";
constexpr std::string_view kMagenta = "\x1b[1;35m";
constexpr std::string_view kCyan = "\x1b[1;36m";
constexpr std::string_view kBold = "\x1b[1m";
constexpr std::string_view kReset = "\x1b[0m";

std::string paint(std::string_view text, std::string_view code, bool color) {
  return color ? fmt::format("{}{}{}", code, text, kReset) : std::string(text);
}

// Every string below that came from input (file names, messages quoting
// values, player names, ids, ruleset names) goes through printable().
std::string where(const std::string& file, Loc loc) {
  return loc.known() ? fmt::format("{}:{}:{}", printable(file), loc.line, loc.column) : printable(file);
}

std::string scores_text(const std::vector<std::string>& players, const std::vector<long long>& score) {
  std::vector<std::string> parts;
  for (std::size_t i = 0; i < players.size() && i < score.size(); ++i) {
    parts.push_back(fmt::format("{} {}", players[i], score[i]));
  }
  return fmt::format("{}", fmt::join(parts, ", "));
}

// "3 hands": the hands counted so far; an in-progress record's unfinished
// last hand is named apart ("3 hands, hand 4 under way"), and the hands
// written ahead after it, not begun, are not counted.
std::string hands_played(const RefereeResult& r) {
  std::size_t n = r.hands.size();
  while (n > 0 && r.hands[n - 1].unfinished) {
    --n;
  }
  const bool open = n < r.hands.size();
  std::string out = n == 1 ? std::string("1 hand") : fmt::format("{} hands", n);
  if (open) {
    out += fmt::format(", hand {} under way", r.hands[n].number);
  }
  return out;
}

std::string pad(std::string_view s, std::size_t width) {
  std::string out(s);
  const std::size_t w = display_width(s);
  if (w < width) {
    out.append(width - w, ' ');
  }
  return out;
}

}  // namespace

std::string suit_text(std::optional<Suit> s) { return s ? std::string(1, suit_letter(*s)) : std::string("?"); }

void count(Summary& s, const GameReport& g) {
  for (const auto& d : g.diagnostics) {
    if (d.severity == Severity::kError) {
      ++s.errors;
    } else if (d.severity == Severity::kWarning) {
      ++s.warnings;
    }  // a note is neither
  }
  s.errors += g.hidden_errors;
  s.warnings += g.hidden_warnings;
  s.unreadable += g.unreadable ? 1 : 0;
}

std::string render_hidden(const GameReport& g, const TextStyle& style) {
  if (g.hidden_errors + g.hidden_warnings == 0) {
    return {};
  }
  auto n = [](int k, std::string_view w) { return fmt::format("{} {}{}", k, w, k == 1 ? "" : "s"); };
  return fmt::format("{}: {} {} not shown ({}, {}): a file lists at most its first {} (raise it with "
                     "--max-diagnostics)\n",
                     paint(printable(g.file), kBold, style.color), paint("note:", kCyan, style.color),
                     n(g.hidden_errors + g.hidden_warnings, "more diagnostic"), n(g.hidden_errors, "error"),
                     n(g.hidden_warnings, "warning"), style.max_diagnostics);
}

std::string render_diagnostic(const Diagnostic& d, const TextStyle& style) {
  std::string ctx;
  if (d.hand > 0 && d.trick > 0) {
    ctx = fmt::format(" (hand {}, trick {})", d.hand, d.trick);
  } else if (d.hand > 0) {
    ctx = fmt::format(" (hand {})", d.hand);
  }
  const auto colour = d.severity == Severity::kError ? kRed : d.severity == Severity::kWarning ? kMagenta : kCyan;
  std::string out = fmt::format("{}: {} {} [{}]{}\n", paint(where(d.file, d.loc), kBold, style.color),
                                paint(fmt::format("{}:", severity_name(d.severity)), colour, style.color),
                                printable(d.message), code_name(d.code), ctx);
  for (const auto& n : d.notes) {
    out += fmt::format("{}: {} {}\n", paint(where(d.file, n.loc), kBold, style.color),
                       paint("note:", kCyan, style.color), printable(n.message));
  }
  return out;
}

namespace {

// The table of an auction game (cli.md: bidder, bid, partner, points and
// score): per hand the contract, the partner (or solo), trump, made or set,
// then each player's points for the hand and running score.
std::string contract_table(const std::vector<std::string>& names, const std::vector<HandSummary>& hands,
                           std::size_t dealer_w) {
  std::size_t width = 10;
  for (const auto& n : names) {
    width = std::max(width, display_width(n));
  }
  auto name = [&](int seat) { return names[static_cast<std::size_t>(seat)]; };
  std::string out = fmt::format("  {:>4}  {}  {}  {:>3}  {}  {:<5}  {:<4}", "hand", pad("dealer", dealer_w),
                                pad("bidder", dealer_w), "bid", pad("partner", dealer_w), "trump", "made");
  for (std::size_t s = 0; s < names.size(); ++s) {
    out += "  " + (s + 1 < names.size() ? pad(names[s], width) : names[s]);
  }
  out += "\n";
  out += fmt::format("  {:>4}  {}  {}  {:>3}  {}  {:<5}  {:<4}", "", pad("", dealer_w), pad("", dealer_w), "",
                     pad("", dealer_w), "", "");
  for (std::size_t s = 0; s < names.size(); ++s) {
    const std::string cell = fmt::format("{:>3} {:>6}", "pts", "score");
    out += "  " + (s + 1 < names.size() ? pad(cell, width) : cell);
  }
  out += "\n";
  for (const auto& h : hands) {
    const std::string bidder = h.void_hand ? std::string("all pass") : h.bidder ? name(*h.bidder) : std::string("?");
    const std::string bid = h.void_hand ? std::string("-") : h.bidder ? std::to_string(h.bid) : std::string("?");
    const std::string partner = h.void_hand          ? std::string("-")
                                : !h.partner         ? std::string("?")
                                : *h.partner < 0     ? std::string("solo")
                                                     : name(*h.partner);
    const std::string made = h.void_hand ? std::string("-") : !h.made ? std::string("?") : *h.made ? "made" : "set";
    out += fmt::format("  {:>4}  {}  {}  {:>3}  {}  {:<5}  {:<4}", h.number, pad(name(h.dealer), dealer_w),
                       pad(bidder, dealer_w), bid, pad(partner, dealer_w), h.void_hand ? "-" : suit_text(h.trump), made);
    for (std::size_t s = 0; s < names.size(); ++s) {
      const std::string points = h.void_hand ? std::string("-")
                                 : h.points  ? std::to_string((*h.points)[s])
                                             : std::string("?");
      const std::string score = h.score ? std::to_string((*h.score)[s]) : std::string("?");
      const std::string cell = fmt::format("{:>3} {:>6}", points, score);
      out += "  " + (s + 1 < names.size() ? pad(cell, width) : cell);
    }
    out += "\n";
  }
  return out;
}

}  // namespace

namespace {

std::string_view ending_text(HandEnd e) {
  switch (e) {
    case HandEnd::kPlayedOut:
      return "played out";
    case HandEnd::kEarlyCourt:
      return "early court";
    case HandEnd::kAllTricks:
      return "all 13";
    case HandEnd::kMajority:
      return "majority";
    case HandEnd::kRevoke:
      return "revoke";
  }
  return "played out";
}

// The table of a courts game (cli.md: trump caller, tricks per side, how the
// hand ended, courts and streak): sides numbered in a line above it, then
// per hand the figures of side 1 - side 2, and the running courts.
std::string courts_table(const std::vector<std::string>& names, const std::vector<std::string>& sides,
                         const std::vector<HandSummary>& hands, std::size_t dealer_w) {
  std::vector<std::string> numbered;
  for (std::size_t k = 0; k < sides.size(); ++k) {
    numbered.push_back(fmt::format("{} = {}", k + 1, printable(sides[k])));
  }
  std::string out = fmt::format("  sides: {}\n", fmt::join(numbered, ", "));
  auto pair = [](const std::vector<long long>& v) { return fmt::format("{}", fmt::join(v, "-")); };
  out += fmt::format("  {:>4}  {}  {:<5}  {}  {:<6}  {:<11}  {:<6}  {:<7}  {}\n", "hand", pad("dealer", dealer_w), "trump",
                     pad("caller", dealer_w), "tricks", "end", "courts", "streak", "score");
  for (const auto& h : hands) {
    const std::string caller = h.trump_by ? names[static_cast<std::size_t>(*h.trump_by)] : std::string("?");
    std::string tricks = "?";
    if (h.side_taken) {
      tricks = pair(std::vector<long long>(h.side_taken->begin(), h.side_taken->end()));
    }
    const std::string courts = h.end ? pair(std::vector<long long>(h.courts_won.begin(), h.courts_won.end())) : "?";
    const std::string streak = h.streak ? fmt::format("{}:{}", h.streak->first + 1, h.streak->second) : "-";
    const std::string score = h.side_score ? pair(*h.side_score) : std::string("?");
    out += fmt::format("  {:>4}  {}  {:<5}  {}  {:<6}  {:<11}  {:<6}  {:<7}  {}\n", h.number,
                       pad(names[static_cast<std::size_t>(h.dealer)], dealer_w), suit_text(h.trump),
                       pad(caller, dealer_w), tricks, h.end ? ending_text(*h.end) : "?", courts, streak, score);
  }
  return out;
}

}  // namespace

std::string render_text(const GameReport& g, const TextStyle& style) {
  std::string out;
  for (const auto& d : g.diagnostics) {
    out += render_diagnostic(d, style);
  }
  if (style.hidden_per_game) {
    out += render_hidden(g, style);
  }
  if (!style.tables || !g.result || g.players.empty()) {
    return out;
  }
  const auto& r = *g.result;
  if (r.hands.empty() && !r.outcome.score) {
    return out;  // nothing could be refereed: the diagnostics say why
  }
  out += paint(fmt::format("{} game {}{}{}", printable(g.file), g.index + 1,
                           g.id.empty() ? "" : fmt::format(" [{}]", printable(clip(g.id))),
                           g.ruleset.empty() ? "" : fmt::format(" ({})", printable(clip(g.ruleset)))),
               kBold, style.color);
  out += "\n";
  // Names as shown: clipped and printable.
  std::vector<std::string> names;
  for (const auto& p : g.players) {
    names.push_back(printable(clip(p)));
  }
  // One column per player: tricks taken / quota, then the running score.
  std::size_t width = 12;
  std::size_t dealer_w = 6;
  for (const auto& n : names) {
    width = std::max(width, display_width(n) + 2);
    dealer_w = std::max(dealer_w, display_width(n));
  }
  const bool contracts = std::any_of(r.hands.begin(), r.hands.end(), [](const HandSummary& h) { return h.auction; });
  if (contracts) {
    out += contract_table(names, r.hands, dealer_w);
  } else if (!r.sides.empty()) {
    out += courts_table(names, r.side_names, r.hands, dealer_w);
  } else {
  out += fmt::format("  {:>4}  {}  {:<5}", "hand", pad("dealer", dealer_w), "trump");
  for (std::size_t s = 0; s < names.size(); ++s) {
    out += "  " + (s + 1 < names.size() ? pad(names[s], width) : names[s]);
  }
  out += "\n";
  for (const auto& h : r.hands) {
    out += fmt::format("  {:>4}  {}  {:<5}", h.number, pad(names[static_cast<std::size_t>(h.dealer)], dealer_w),
                       suit_text(h.trump));
    for (std::size_t s = 0; s < names.size(); ++s) {
      const std::string taken = h.taken ? std::to_string((*h.taken)[s]) : std::string("?");
      const std::string score = h.score ? std::to_string((*h.score)[s]) : std::string("?");
      const std::string cell = fmt::format("{:>2}/{:<2} {:>4}", taken, h.quota[s], score);
      out += "  " + (s + 1 < names.size() ? pad(cell, width) : cell);
    }
    out += "\n";
  }
  }
  const auto& o = r.outcome;
  std::vector<std::string> winners;
  for (int w : o.winners) {
    winners.push_back(names[static_cast<std::size_t>(w)]);
  }
  if (!r.sides.empty() && o.score) {
    std::vector<std::string> parts;
    for (std::size_t k = 0; k < r.sides.size(); ++k) {
      parts.push_back(fmt::format("{} {}", printable(r.side_names[k]),
                                  (*o.score)[static_cast<std::size_t>(r.sides[k].front())]));
    }
    std::string winner;
    for (std::size_t k = 0; k < r.sides.size(); ++k) {
      if (!o.winners.empty() && r.sides[k].front() == o.winners.front()) {
        winner = printable(r.side_names[k]);
      }
    }
    const std::string after = o.decided_hand == 1 ? std::string("1 hand") : fmt::format("{} hands", o.decided_hand);
    out += o.draw       ? fmt::format("  result: a draw after {} ({})\n", after, fmt::join(parts, ", "))
           : o.finished ? fmt::format("  result: {} win in hand {} ({})\n", winner, o.decided_hand, fmt::join(parts, ", "))
                        : fmt::format("  result: no winner yet after {} ({})\n", hands_played(r),
                                      fmt::join(parts, ", "));
  } else if (o.finished) {
    out += fmt::format("  result: {} {} in hand {} ({})\n", fmt::join(winners, " and "),
                       winners.size() > 1 ? "share the win" : "wins", o.decided_hand,
                       scores_text(names, *o.score));
  } else if (o.score) {
    out += fmt::format("  result: no winner yet after {} ({})\n", hands_played(r), scores_text(names, *o.score));
  } else {
    int missing = 0;
    for (const auto& h : r.hands) {
      if (h.auction ? !h.void_hand && !h.points : !h.taken) {
        missing = h.number;
        break;
      }
    }
    out += missing > 0 ? fmt::format("  result: not known: hand {} records no {}\n", missing,
                                     contracts ? "points" : "tricks taken")
                       : std::string("  result: not known from the record\n");
  }
  return out;
}

std::string render_summary(const Summary& s, const TextStyle& style) {
  auto n = [](int k, std::string_view w) { return fmt::format("{} {}{}", k, w, k == 1 ? "" : "s"); };
  const std::string unread = s.unreadable > 0 ? fmt::format(" ({} could not be read)", s.unreadable) : "";
  const std::string text = fmt::format("{}, {}{}: {}, {}", n(s.files, "file"), n(s.games, "game"), unread,
                                       n(s.errors, "error"), n(s.warnings, "warning"));
  return paint(text, kBold, style.color) + "\n";
}

namespace {

std::string_view ending_name(HandEnd e) {
  switch (e) {
    case HandEnd::kPlayedOut:
      return "played_out";
    case HandEnd::kEarlyCourt:
      return "early_court";
    case HandEnd::kAllTricks:
      return "all_tricks";
    case HandEnd::kMajority:
      return "majority";
    case HandEnd::kRevoke:
      return "revoke";
  }
  return "played_out";
}

// A hand of the courts games (cli.md, "Reports for the auction and
// partnership games"): the trump caller, the tricks played, how the hand
// ended, tricks per side, the winning side, the courts it scored, the streak.
void courts_json(JsonOut& j, const std::vector<std::string>& players, const std::vector<std::string>& sides,
                 const HandSummary& h) {
  if (h.trump_by) {
    j.key("trump_by");
    j.str(players[static_cast<std::size_t>(*h.trump_by)]);
  }
  j.key("tricks_played");
  j.number(h.tricks_played);
  if (h.end) {
    j.key("end");
    j.str(ending_name(*h.end));
  }
  if (h.side_taken) {
    j.key("taken");
    j.name_map(sides, *h.side_taken);
  }
  if (h.winner_side) {
    j.key("winner");
    if (*h.winner_side >= 0) {
      j.str(sides[static_cast<std::size_t>(*h.winner_side)]);
    } else {
      j.null();
    }
  }
  // Only the sides that scored a court in the hand.
  std::vector<std::size_t> scored;
  for (std::size_t k = 0; k < h.courts_won.size() && k < sides.size(); ++k) {
    if (h.courts_won[k] != 0) {
      scored.push_back(k);
    }
  }
  j.key("courts");
  j.name_map(sides, h.courts_won, &scored);
  j.key("streak");
  if (h.streak) {
    j.ch('{');
    j.key("side", true);
    j.str(sides[static_cast<std::size_t>(h.streak->first)]);
    j.key("count");
    j.number(h.streak->second);
    j.ch('}');
  } else {
    j.null();
  }
}

// A hand of the auction games (cli.md, "Reports for the auction and
// partnership games"): the calls as recorded, the contract (null: void),
// the partner (null: solo; absent: not known), the tricks, the points and
// whether the contract was made; a void hand's are null.
void contract_json(JsonOut& j, const std::vector<std::string>& players, const HandSummary& h) {
  auto player = [&](int seat) -> const std::string& { return players[static_cast<std::size_t>(seat)]; };
  if (h.bids) {
    j.key("bids");
    j.array(h.bids->size(), [&](std::size_t k) {
      const CallSummary& c = (*h.bids)[k];
      j.ch('{');
      j.key("player", true);
      j.str(player(c.seat));
      j.key("bid");
      if (c.bid) {
        j.number(*c.bid);
      } else {
        j.null();
      }
      j.ch('}');
    });
  }
  if (h.void_hand) {
    j.raw(R"(,"contract":null,"partner":null,"taken":null,"points":null,"made":null)");
    return;
  }
  if (h.bidder) {
    j.key("contract");
    j.ch('{');
    j.key("bidder", true);
    j.str(player(*h.bidder));
    j.key("bid");
    j.number(h.bid);
    j.ch('}');
  }
  if (h.partner) {
    j.key("partner");
    if (*h.partner >= 0) {
      j.str(player(*h.partner));
    } else {
      j.null();
    }
  }
  if (h.taken) {
    j.key("taken");
    j.name_map(players, *h.taken);
  }
  if (h.points) {
    j.key("points");
    j.name_map(players, *h.points);
  }
  if (h.made) {
    j.key("made");
    j.boolean(*h.made);
  }
}

void diagnostic_json(JsonOut& j, const Diagnostic& d) {
  j.ch('{');
  j.key("severity", true);
  j.str(severity_name(d.severity));
  j.key("code");
  j.str(code_name(d.code));
  j.key("message");
  j.str(d.message);
  j.key("file");
  j.str(d.file);
  if (d.loc.known()) {
    j.key("line");
    j.number(d.loc.line);
    j.key("column");
    j.number(d.loc.column);
  }
  if (d.hand > 0) {
    j.key("hand");
    j.number(d.hand);
  }
  if (d.trick > 0) {
    j.key("trick");
    j.number(d.trick);
  }
  if (!d.player.empty()) {
    j.key("player");
    j.str(d.player);
  }
  if (d.card) {
    j.key("card");
    j.str(to_string(*d.card));
  }
  if (!d.notes.empty()) {
    j.key("notes");
    j.array(d.notes.size(), [&](std::size_t k) {
      const Note& n = d.notes[k];
      j.ch('{');
      j.key("message", true);
      j.str(n.message);
      if (n.loc.known()) {
        j.key("line");
        j.number(n.loc.line);
        j.key("column");
        j.number(n.loc.column);
      }
      j.ch('}');
    });
  }
  j.ch('}');
}

}  // namespace

std::string_view scoring_kind_name(ScoringKind k) {
  const OptionSpec* spec = find_option("scoring.kind");
  assert(spec != nullptr);
  for (const auto& v : spec->values) {
    if (v.value == static_cast<int>(k)) {
      return v.name;
    }
  }
  return "quota";  // not reached: the option lists every kind
}

namespace {

// What a game's JSON writers share: the writer, the game, its players' keys
// escaped once, and whether the object is a result (GameJson::kResult).
struct GameWriter {
  JsonOut& j;
  const GameReport& g;
  const JsonOut::NameKeys& player_keys;
  bool result;

  [[nodiscard]] const std::string& player(int seat) const { return g.players[static_cast<std::size_t>(seat)]; }
};

// The game's own keys, before its hands: file, index, id, ruleset,
// players, event, date, sides, notes.
void game_keys_json(const GameWriter& w) {
  JsonOut& j = w.j;
  const GameReport& g = w.g;
  j.key("file", true);
  j.str(g.file);
  j.key("index");
  j.number(g.index);
  if (!g.id.empty()) {
    j.key("id");
    j.str(g.id);
  }
  if (!g.ruleset.empty()) {
    j.key("ruleset");
    j.str(g.ruleset);
    if (w.result) {
      j.key("scoring");
      j.str(scoring_kind_name(g.scoring));
    }
  }
  if (!g.players.empty()) {
    j.key("players");
    j.strings(g.players);
  }
  if (!g.event.empty()) {
    j.key("event");
    j.object(
        g.event.size(), [&](std::size_t k) -> std::string_view { return g.event[k].first; },
        [&](std::size_t k) { j.str(g.event[k].second); });
  }
  if (!g.date.empty()) {
    j.key("date");
    j.str(g.date);
  }
  if (g.result && !g.result->sides.empty()) {
    const auto& sides = g.result->sides;
    j.key("sides");
    j.array(sides.size(), [&](std::size_t k) {
      j.ch('{');
      j.key("name", true);
      j.str(g.result->side_names[k]);
      j.key("players");
      j.array(sides[k].size(), [&](std::size_t i) { j.str(w.player(sides[k][i])); });
      j.ch('}');
    });
  }
  if (!g.notes.empty()) {
    j.key("notes");
    j.str(g.notes);
  }
}

// One hand of `hands`.
void hand_json(const GameWriter& w, const HandSummary& h) {
  JsonOut& j = w.j;
  const auto& side_names = w.g.result->side_names;
  j.ch('{');
  j.key("number", true);
  j.number(h.number);
  j.key("dealer");
  j.str(w.player(h.dealer));
  if (h.unfinished) {
    j.raw(R"(,"unfinished":true)");
  }
  if (h.trump) {
    j.key("trump");
    j.str(suit_text(h.trump));
  }
  if (h.auction) {
    contract_json(j, w.g.players, h);
  } else if (h.courts) {
    courts_json(j, w.g.players, side_names, h);
  } else {
    j.key("quota");
    j.name_map(w.player_keys, h.quota);
    if (h.taken) {
      j.key("taken");
      j.name_map(w.player_keys, *h.taken);
    }
  }
  if (h.courts) {
    if (h.side_score) {
      j.key("score");
      j.name_map(side_names, *h.side_score);
    }
  } else if (h.score) {
    j.key("score");
    j.name_map(w.player_keys, *h.score);
  }
  if (h.plucks) {
    j.key("plucks");
    j.number(*h.plucks);
  }
  if (w.result) {
    if (h.plucks_made) {
      j.key("plucks_made");
      j.name_map(w.player_keys, *h.plucks_made);
    }
    if (h.plucks_suffered) {
      j.key("plucks_suffered");
      j.name_map(w.player_keys, *h.plucks_suffered);
    }
    if ((h.auction || h.courts) && !h.quota.empty()) {
      j.key("quota");  // a house rule's quotas beside an auction
      j.name_map(w.player_keys, h.quota);
    }
  }
  j.ch('}');
}

// The game's `result` object.
void result_json(const GameWriter& w) {
  JsonOut& j = w.j;
  const RefereeResult& r = *w.g.result;
  const auto& o = r.outcome;
  j.key("result");
  j.ch('{');
  bool first = true;
  if (w.result && !r.refereed) {
    j.raw(R"("refereed":false)");
    first = false;
  }
  j.key("finished", first);
  j.boolean(o.finished);
  j.key("winners");
  j.array(o.winners.size(), [&](std::size_t k) { j.str(w.player(o.winners[k])); });
  if (o.score && !r.sides.empty()) {
    std::vector<long long> by_side;
    for (const auto& seats : r.sides) {
      by_side.push_back((*o.score)[static_cast<std::size_t>(seats.front())]);
    }
    j.key("score");
    j.name_map(r.side_names, by_side);
  } else if (o.score) {
    j.key("score");
    j.name_map(w.player_keys, *o.score);
  }
  if (o.decided_hand > 0) {
    j.key("hand");
    j.number(o.decided_hand);
  }
  j.ch('}');
}

}  // namespace

void append_game_json(std::string& out, const GameReport& g, GameJson detail) {
  JsonOut j(out, append_report_string);
  const JsonOut::NameKeys player_keys(g.players, append_report_string);
  const GameWriter w{j, g, player_keys, detail == GameJson::kResult};
  j.ch('{');
  game_keys_json(w);
  if (g.result) {
    j.key("hands");
    j.array(g.result->hands.size(), [&](std::size_t k) { hand_json(w, g.result->hands[k]); });
    result_json(w);
  }
  j.key("diagnostics");
  j.array(g.diagnostics.size(), [&](std::size_t k) { diagnostic_json(j, g.diagnostics[k]); });
  if (g.hidden_errors + g.hidden_warnings > 0) {
    j.key("diagnostics_not_shown");
    j.ch('{');
    j.key("errors", true);
    j.number(g.hidden_errors);
    j.key("warnings");
    j.number(g.hidden_warnings);
    j.ch('}');
  }
  j.ch('}');
}

nlohmann::ordered_json game_json(const GameReport& g, GameJson detail) {
  std::string text;
  append_game_json(text, g, detail);
  return nlohmann::ordered_json::parse(text);
}

nlohmann::ordered_json summary_json(const Summary& s) {
  nlohmann::ordered_json j;
  j["files"] = s.files;
  j["games"] = s.games;
  if (s.unreadable > 0) {
    j["unreadable"] = s.unreadable;
  }
  j["errors"] = s.errors;
  j["warnings"] = s.warnings;
  return j;
}

nlohmann::ordered_json sarif_json(const std::vector<GameReport>& games) {
  nlohmann::ordered_json rules = nlohmann::ordered_json::array();
  for (const auto& c : code_catalogue()) {
    nlohmann::ordered_json r;
    r["id"] = std::string(c.name);
    r["shortDescription"] = {{"text", std::string(c.summary)}};
    r["fullDescription"] = {{"text", std::string(c.rule)}};
    r["defaultConfiguration"] = {{"level", std::string(severity_name(c.severity))}};  // SARIF: error, warning, note
    rules.push_back(std::move(r));
  }
  nlohmann::ordered_json results = nlohmann::ordered_json::array();
  for (const auto& g : games) {
    for (const auto& d : g.diagnostics) {
      nlohmann::ordered_json r;
      r["ruleId"] = std::string(code_name(d.code));
      r["level"] = std::string(severity_name(d.severity));
      r["message"] = {{"text", d.message}};
      nlohmann::ordered_json phys;
      phys["artifactLocation"] = {{"uri", d.file}};
      if (d.loc.known()) {
        phys["region"] = {{"startLine", d.loc.line}, {"startColumn", d.loc.column}};
      }
      r["locations"] = nlohmann::ordered_json::array({{{"physicalLocation", phys}}});
      results.push_back(std::move(r));
    }
  }
  nlohmann::ordered_json run;
  run["tool"] = {{"driver", {{"name", "trickref"}, {"informationUri", "https://trickref.example/"}, {"rules", rules}}}};
  run["results"] = std::move(results);
  nlohmann::ordered_json out;
  out["$schema"] = "https://json.schemastore.org/sarif-2.1.0.json";
  out["version"] = "2.1.0";
  out["runs"] = nlohmann::ordered_json::array({run});
  return out;
}

}  // namespace trickref
