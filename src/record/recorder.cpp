#include "record/recorder.h"

#include <algorithm>
#include <functional>
#include <istream>
#include <memory>
#include <ostream>
#include <system_error>

#include <fmt/format.h>

#include "base/io.h"
#include "base/text.h"
#include "batch/batch.h"
#include "engine/deal.h"
#include "engine/game.h"
#include "record/draft.h"
#include "record/entry.h"
#include "record/prompt_text.h"
#include "record/record_file.h"
#include "record/stepper.h"
#include "referee/messages.h"
#include "report/report.h"
#include "transcript/transcript_loader.h"

namespace trickref::record {
namespace {

constexpr std::string_view kHelp =
    "  Type the entry asked for. Cards: 10h, th, qd, K♣, A♣️, bj; players: a unique start of the name.\n"
    "  undo  take back the last entry      show  the hand so far and the scores\n"
    "  end   finish the game here          help  this text\n"
    "  dealer NAME  who dealt this hand, where the table did not follow the rotation\n"
    "               (before anything else of the hand is entered)\n"
    "  The file is saved after every entry; Ctrl-D or Ctrl-C stops, and `trickref record FILE` resumes.\n";

// What became of a prompt.
enum class Got : std::uint8_t { kEntry, kAgain, kEnd, kStop };

// The same finding, maybe worded afresh (a revoke's evidence grows as later
// plays show more of the hand): said once.
bool same(const Diagnostic& a, const Diagnostic& b) {
  return a.severity == b.severity && a.code == b.code && a.loc == b.loc && a.card == b.card;
}

class Session {
 public:
  Session(const SessionOptions& o, std::istream& in, std::ostream& out, std::ostream& err, RulesetCatalog& catalog)
      : o_(o), in_(in), out_(out), err_(err), catalog_(catalog), shown_(printable(o.display)) {
    dir_ = o.file.parent_path();
    batch_.limits = o.limits;
  }

  int run() {
    if (const std::string why = file_.open(o_.file, shown_, o_.limits.max_file_bytes); !why.empty()) {
      err_ << why;
      return 2;
    }
    if (file_.exists()) {
      if (const int rc = resume(); rc >= 0) {
        return rc;
      }
    } else {
      switch (start()) {
        case Got::kEntry:
          break;
        case Got::kStop:
          return 2;
        default:
          out_ << "\nNothing recorded.\n";
          return 0;
      }
    }
    return loop();
  }

 private:
  // ------------------------------------------------------------- set-up
  // A new record: the ruleset and the players.
  Got start() {
    out_ << fmt::format("Recording a new game in {}.\n", shown_);
    std::string line;
    for (;;) {
      const Got g = ask("Ruleset (a built-in name, `list` to list them, or a file): ", line, false);
      if (g == Got::kEntry && iequals(trimmed(line), "list")) {
        out_ << wrapped(fmt::format("{}", fmt::join(catalog_.builtin_names(), ", ")));
        continue;
      }
      if (g != Got::kEntry) {
        return g;
      }
      const std::string ref(trimmed(line));
      const auto& res = catalog_.resolve(ref, dir_, NamedBy::kFile);
      if (res.ruleset) {
        rules_ = res.ruleset;
        draft_.ruleset = ref;
        break;
      }
      out_ << "  " << (res.diagnostics.empty() ? std::string("that ruleset cannot be loaded")
                                               : printable(res.diagnostics.front().message))
           << "\n";
    }
    phases_ = hand_phases(*rules_);
    for (;;) {
      const Got g = ask(fmt::format("Players, in seat order ({}; play passes to the next): ", rules_->players), line,
                        false);
      if (g != Got::kEntry) {
        return g;
      }
      std::vector<std::string> names;
      for (const auto w : words(line)) {
        names.emplace_back(w);
      }
      const std::string problem = players_problem(names, *rules_);
      if (problem.empty()) {
        draft_.players = std::move(names);
        break;
      }
      out_ << "  " << printable(problem) << "\n";
    }
    return save() ? Got::kEntry : Got::kStop;
  }

  // An existing record: read back, or refused. Returns an exit code, or -1
  // to go on recording.
  int resume() {
    YamlReader reader(file_.text(), o_.limits);
    DiagnosticSink sink(o_.display);
    Document doc;
    if (!reader.next(doc, sink) || sink.has_errors()) {
      const auto& ds = sink.diagnostics();
      err_ << fmt::format("trickref record: cannot resume {}: {}\n", shown_,
                          ds.empty() ? std::string("it holds no game") : printable(ds.front().message));
      return 2;
    }
    DiagnosticSink load_sink(o_.display);
    const Game g = load_game(doc.root(), o_.display, 0, load_sink);
    Document more;
    if (reader.next(more, load_sink)) {
      err_ << fmt::format("trickref record: cannot resume {}: it holds more than one game\n", shown_);
      return 2;
    }
    auto r = from_game(g, load_sink.take());
    if (!r.draft) {
      err_ << fmt::format("trickref record: cannot resume {}: {}\n", shown_, printable(r.problem));
      return 2;
    }
    draft_ = std::move(*r.draft);
    const auto& res = catalog_.resolve(draft_.ruleset, dir_, NamedBy::kFile);
    if (!res.ruleset) {
      err_ << fmt::format("trickref record: cannot resume {}: its ruleset {} cannot be loaded\n", shown_,
                          clip(printable(draft_.ruleset)));
      return 2;
    }
    rules_ = res.ruleset;
    phases_ = hand_phases(*rules_);
    if (static_cast<int>(draft_.players.size()) != rules_->players) {
      err_ << fmt::format("trickref record: cannot resume {}: {} has {} players, the record {}\n", shown_,
                          printable(clip(rules_->name)), rules_->players, draft_.players.size());
      return 2;
    }
    // Dealers the record leaves to the rotation, as the referee reads them.
    report_ = judge(draft_);
    for (std::size_t i = 0; i < draft_.hands.size(); ++i) {
      if (draft_.hands[i].dealer < 0) {
        if (!report_.result || i >= report_.result->hands.size()) {
          err_ << fmt::format("trickref record: cannot resume {}: the dealer of hand {} cannot be known\n",
                              shown_, i + 1);
          return 2;
        }
        draft_.hands[i].dealer = report_.result->hands[i].dealer;
      }
    }
    out_ << fmt::format("Resuming {}: {} ({}), {}.\n", shown_, printable(clip(rules_->name)), all_names(),
                        draft_.hands.empty() ? std::string("no hand yet") : fmt::format("hand {}", draft_.hands.size()));
    tabled_ = static_cast<int>(draft_.hands.size()) - 1;
    return -1;
  }

  // --------------------------------------------------------- the record
  // The record as validate reports it.
  GameReport judge(const Draft& d) const {
    GameReport out;
    validate_text(to_yaml(d, phases_), o_.display, dir_, catalog_, batch_,
                  [&](GameReport&& g) { out = std::move(g); });
    return out;
  }

  bool save() {
    const std::string err = file_.save(to_yaml(draft_, phases_));
    if (!err.empty()) {
      err_ << err;
      return false;
    }
    pending_ = false;
    return true;
  }

  // The game as counted before the last hand.
  GameState before_last() const { return state_before_last(draft_); }

  // The game as counted before `d`'s last hand (kept for the last text
  // asked: every entry of a hand asks for the same one).
  GameState state_before_last(const Draft& d) const {
    if (d.hands.size() <= 1) {
      return start_game(*rules_);
    }
    Draft before = d;
    before.hands.pop_back();
    std::string text = to_yaml(before, phases_);
    if (!cache_ || cache_->first != text) {
      const GameReport rep = judge(before);
      cache_.emplace(std::move(text), rep.result ? rep.result->state : start_game(*rules_));
    }
    return cache_->second;
  }

  // Records `next` in place of the draft if the referee finds no fault in
  // what it adds, or the user confirms the fault happened. Returns whether
  // it was recorded (false with stop_ set when the file cannot be written).
  bool commit(Draft next) {
    next.finished = false;  // an entry: the record is being kept again
    const std::string before = to_yaml(draft_, phases_);
    const Loc from = first_difference(before, to_yaml(next, phases_));
    GameReport rep = judge(next);
    std::vector<const Diagnostic*> faults;
    std::vector<const Diagnostic*> found;
    for (const auto& d : rep.diagnostics) {
      const bool known = std::any_of(report_.diagnostics.begin(), report_.diagnostics.end(),
                                     [&](const Diagnostic& o) { return same(o, d); });
      // Notes (the unfinished hand's) are not findings.
      if (known || (d.severity != Severity::kError && d.severity != Severity::kWarning)) {
        continue;
      }
      (d.severity == Severity::kError && at_or_after(d.loc, from) ? faults : found).push_back(&d);
    }
    if (!faults.empty()) {
      for (const auto* d : faults) {
        out_ << indent(render_diagnostic(*d, TextStyle{}));
      }
      // Figures no play gives (call-deuces.md §4) cannot be what happened:
      // refused, not offered as a ruling.
      if (std::any_of(faults.begin(), faults.end(),
                      [](const Diagnostic* d) { return d->code == Code::kPointsImpossible; })) {
        out_ << "  Not recorded: no play of the hand gives these points. Type them again.\n";
        return false;
      }
      std::string line;
      const Got g = ask("  Record it anyway, as what really happened? [y/N] ", line, false);
      if (g != Got::kEntry || !(iequals(trimmed(line), "y") || iequals(trimmed(line), "yes"))) {
        out_ << "  Not recorded.\n";
        stop_ = stop_ || g == Got::kEnd;
        return false;
      }
    }
    draft_ = std::move(next);
    report_ = std::move(rep);
    if (!save()) {
      stop_ = true;
      failed_ = true;
      return false;
    }
    for (const auto* d : found) {
      out_ << indent(render_diagnostic(*d, TextStyle{}));
    }
    return true;
  }

  // ---------------------------------------------------------- prompting
  // Prints `prompt`, reads a line. With `commands`, undo/show/help/end are
  // done here (kAgain: prompt again).
  Got ask(const std::string& prompt, std::string& line, bool commands = true) {
    for (;;) {
      out_ << prompt << std::flush;
      bool too_long = false;
      if (!read_line(in_, line, too_long)) {
        out_ << "\n";
        return Got::kEnd;
      }
      if (too_long) {
        out_ << "  That line is too long.\n";
        continue;
      }
      const std::string_view t = trimmed(line);
      if (!commands) {
        return Got::kEntry;
      }
      if (t.empty() && !allow_empty_) {
        continue;
      }
      if (iequals(t, "help") || t == "?") {
        out_ << kHelp;
        continue;
      }
      if (iequals(t, "show")) {
        show();
        continue;
      }
      if (iequals(t, "undo")) {
        Draft d = draft_;
        d.finished = false;
        const std::string what = undo(d, phases_);
        if (what.empty()) {
          out_ << "  Nothing to undo.\n";
          continue;
        }
        draft_ = std::move(d);
        const Mode mode = choices_.mode;
        choices_ = Choices{};
        choices_.mode = mode;
        deal_.clear();
        if (!save()) {
          failed_ = true;
          return Got::kStop;
        }
        report_ = judge(draft_);
        out_ << fmt::format("  Took back {}.\n", printable(what));
        return Got::kAgain;
      }
      if (iequals(t, "end")) {
        return finish_here();
      }
      if (const auto w = words(t); w.size() == 2 && iequals(w[0], "dealer")) {
        return set_dealer(w[1]);
      }
      return Got::kEntry;
    }
  }

  // `dealer NAME`: the hand in progress was dealt by NAME, whatever the
  // rotation says (the referee's wrong-dealer, confirmed, where it differs).
  Got set_dealer(std::string_view who) {
    if (draft_.hands.empty()) {
      out_ << "  Type who deals.\n";
      return Got::kAgain;
    }
    if (!draft_.hands.back().empty() || !deal_.empty()) {
      out_ << "  The dealer is changed before anything else of the hand is entered: `undo` back to it first.\n";
      return Got::kAgain;
    }
    std::string err;
    const auto seat = match_player(who, draft_.players, err);
    if (!seat) {
      out_ << "  " << printable(err) << "\n";
      return Got::kAgain;
    }
    Draft d = draft_;
    d.hands.back().dealer = *seat;
    if (commit(std::move(d))) {
      choices_ = Choices{};  // the hand starts afresh: how it is entered is asked again
      out_ << fmt::format("  Hand {}: {} deals.\n", draft_.hands.size(), name(*seat));
    }
    return stop_ ? Got::kStop : Got::kAgain;
  }

  // `end`: the game stops here, as the record stands.
  Got finish_here() {
    if (!draft_.hands.empty() && !draft_.hands.back().empty() && step_.ask != Ask::kHandDone) {
      out_ << "  Hand " << draft_.hands.size() << " is not finished: complete it or `undo` it first.\n";
      return Got::kAgain;
    }
    if (!draft_.hands.empty() && draft_.hands.back().empty()) {
      draft_.hands.pop_back();
    }
    draft_.finished = true;
    // A finished record resumed and nothing entered: it stays as it was.
    if (!pending_ && !save()) {
      failed_ = true;
      return Got::kStop;
    }
    report_ = judge(draft_);
    out_ << render_text(report_, TextStyle{});
    out_ << fmt::format("The game is recorded in {}.\n", shown_);
    done_ = true;
    return Got::kStop;
  }

  void show() {
    const std::string y = to_yaml(draft_, phases_);
    const auto at = y.rfind("  # hand ");
    if (at == std::string::npos) {
      out_ << "  No hand yet.\n";
    }
    for (const auto l : split_lines(at == std::string::npos ? std::string_view() : std::string_view(y).substr(at))) {
      out_ << printable(l) << "\n";
    }
    out_ << render_text(report_, TextStyle{});
  }

  // A player's name as the prompts show it.
  [[nodiscard]] std::string name(int seat) const {
    return printable(clip(draft_.players[static_cast<std::size_t>(seat)]));
  }

  // The players in seat order, as the prompts show them.
  [[nodiscard]] std::string all_names() const {
    std::string out;
    for (std::size_t seat = 0; seat < draft_.players.size(); ++seat) {
      out += (seat == 0 ? "" : ", ") + name(static_cast<int>(seat));
    }
    return out;
  }

  // ---------------------------------------------------------------- loop
  int loop() {
    report_ = judge(draft_);
    while (!stop_) {
      if (draft_.hands.empty()) {
        if (!first_dealer()) {
          break;
        }
        continue;
      }
      const int number = static_cast<int>(draft_.hands.size());
      DraftHand& h = draft_.hands.back();
      judged(choices_);
      step_ = next_step(before_last(), number, h, choices_);
      if (step_.ask == Ask::kHandDone) {
        if (!hand_done()) {
          break;
        }
        continue;
      }
      const Got g = entry(number);
      if (g == Got::kEnd || g == Got::kStop) {
        break;
      }
    }
    if (failed_) {
      return 2;
    }
    if (!done_ && pending_) {
      out_ << fmt::format("Stopped: {} is left as it was.\n", shown_);
    } else if (!done_) {
      out_ << fmt::format("Stopped: {} keeps the game so far; `trickref record {}` resumes it.\n", shown_, shown_);
    }
    return 0;
  }

  // What the referee found in the hand being recorded that the stepper
  // follows: where a revoke forfeited it, the cards it reads as meant.
  void judged(Choices& c) const {
    c.forfeit_after = 0;
    c.read_as.clear();
    if (report_.result && report_.result->hands.size() == draft_.hands.size()) {
      const auto& sum = report_.result->hands.back();
      if (sum.end == HandEnd::kRevoke) {
        c.forfeit_after = sum.tricks_played;
      }
      c.read_as = sum.read_as;
    }
  }

  bool first_dealer() {
    std::string line;
    for (;;) {
      const Got g = ask("Hand 1: who deals? ", line);
      if (g == Got::kEnd || g == Got::kStop) {
        return false;
      }
      if (g == Got::kAgain) {
        return true;
      }
      std::string err;
      if (const auto s = match_player(line, draft_.players, err)) {
        Draft d = draft_;
        d.hands.push_back(DraftHand{});
        d.hands.back().dealer = *s;
        choices_ = Choices{};
        return commit(std::move(d)) || !stop_;
      }
      out_ << "  " << printable(err) << "\n";
    }
  }

  // The hand is complete: the table, then the game's end or the next hand.
  bool hand_done() {
    const int number = static_cast<int>(draft_.hands.size());
    if (tabled_ < number) {
      tabled_ = number;
      out_ << render_text(report_, TextStyle{});
    }
    // A game that is the hands recorded ends when the table says so (`end`).
    if (report_.result && report_.result->outcome.finished && rules_->end != GameEnd::kHandsRecorded) {
      // (A record read finished is left as it was.)
      if (!draft_.finished) {
        draft_.finished = true;
        if (!save()) {
          failed_ = true;
          return false;
        }
      }
      out_ << fmt::format("The game is over and recorded in {}.\n", shown_);
      done_ = true;
      return false;
    }
    const GameState state = report_.result ? report_.result->state : start_game(*rules_);
    Draft d = draft_;
    d.hands.push_back(DraftHand{});
    d.hands.back().dealer = next_dealer(state, draft_.hands.back().dealer);
    choices_ = Choices{};
    if (draft_.finished) {
      // A finished record resumed: the hand is begun (and the record kept
      // `in-progress` again) by its first entry, not before.
      d.finished = false;
      draft_ = std::move(d);
      report_ = judge(draft_);
      pending_ = true;
    } else if (!commit(std::move(d))) {
      return !stop_;
    }
    out_ << fmt::format("Hand {}: {} deals.\n", number + 1, name(draft_.hands.back().dealer));
    return true;
  }

  // One prompt of the hand in progress.
  Got entry(int number) {
    const std::string hand = fmt::format("Hand {}", number);
    switch (step_.ask) {
      case Ask::kMode:
        return enter_mode(hand);
      case Ask::kDeal:
        return enter_deal(hand);
      case Ask::kCall:
        return enter_call(hand);
      case Ask::kPluck:
        return enter_pluck(hand);
      case Ask::kTrump:
        return enter_trump(hand, number);
      case Ask::kDiscard:
        return enter_discard(hand, number);
      case Ask::kShow:
        return enter_show(hand);
      case Ask::kLeader:
        return enter_leader(hand, number);
      case Ask::kPlay:
        return play_card(number, step_.seat, step_.trick, false);
      case Ask::kPlayOn:
        return enter_play_on(hand);
      case Ask::kTaken:
      case Ask::kPoints:
        return enter_numbers(hand);
      case Ask::kPartner:
        return enter_partner(hand);
      case Ask::kHandDone:
        break;
    }
    return Got::kAgain;
  }

  // How the hand is entered: its plays, its deal first, or a score sheet.
  Got enter_mode(const std::string& hand) {
    std::string line;
    const Got g = ask(hand + ": enter its [p]lays, the [d]eal first, or the score [s]heet? ", line);
    if (g != Got::kEntry) {
      return g;
    }
    const auto t = trimmed(line);
    if (!t.empty() && (iequals(t, "p") || iequals(t, "plays"))) {
      choices_.mode = Mode::kPlays;
    } else if (iequals(t, "d") || iequals(t, "deal")) {
      choices_.mode = Mode::kDeal;
    } else if (iequals(t, "s") || iequals(t, "sheet")) {
      choices_.mode = Mode::kSheet;
    } else {
      out_ << "  Type p, d or s.\n";
    }
    return Got::kAgain;
  }

  // The next call of the auction.
  Got enter_call(const std::string& hand) {
    const Step& s = step_;
    std::string line;
    const CallOptions o = legal_calls(s.hand);
    const std::string range = o.lo <= o.hi ? fmt::format("{} to {}", o.lo, o.hi) : std::string("no bid left");
    const Got g = ask(fmt::format("{}, {} calls ({}{}): ", hand, name(s.seat), range, o.pass ? ", or pass" : ""),
                      line);
    if (g != Got::kEntry) {
      return g;
    }
    std::optional<int> bid;
    const auto t = trimmed(line);
    if (!(iequals(t, "pass") || iequals(t, "p"))) {
      const auto n = parse_numbers(t, 1);
      if (!n) {
        out_ << "  Type a bid (a number) or pass.\n";
        return Got::kAgain;
      }
      bid = n->front();
    }
    Draft d = draft_;
    auto& dh = d.hands.back();
    if (!dh.bids) {
      dh.bids.emplace();
    }
    dh.bids->push_back(bid);
    commit(std::move(d));
    return Got::kAgain;
  }

  // The next pluck: the card given and the card given back.
  Got enter_pluck(const std::string& hand) {
    const Step& s = step_;
    std::string line;
    const Got g = ask(fmt::format("{}, {} plucks {}: the card given and the card given back (or none): ", hand,
                                  name(s.seat), name(s.other)),
                      line);
    if (g != Got::kEntry) {
      return g;
    }
    if (iequals(trimmed(line), "none")) {
      choices_.exchange_closed = true;
      return Got::kAgain;
    }
    auto w = words(line);
    bool nothing_back = false;
    if (w.size() == 2 && (w[1] == "-" || iequals(w[1], "nothing"))) {
      nothing_back = true;
      w.pop_back();
    }
    std::vector<Card> cards;
    for (const auto x : w) {
      if (const auto c = parse_card(x)) {
        cards.push_back(*c);
      } else {
        out_ << fmt::format("  {} is not a card.\n", clip(printable(x)));
        return Got::kAgain;
      }
    }
    if (cards.size() != (nothing_back ? 1U : 2U)) {
      out_ << "  Type two cards: the one given, then the one given back (`-` if none came back).\n";
      return Got::kAgain;
    }
    Draft d = draft_;
    auto& dh = d.hands.back();
    if (!dh.plucks) {
      dh.plucks.emplace();
    }
    dh.plucks->push_back(DraftPluck{s.seat, s.other, cards[0],
                                    nothing_back ? std::nullopt : std::optional<Card>(cards[1])});
    commit(std::move(d));
    return Got::kAgain;
  }

  // Trump, as named.
  Got enter_trump(const std::string& hand, int number) {
    const Step& s = step_;
    std::string line;
    const Got g = ask(fmt::format("{}: trump, named by {}? ", hand, name(s.seat)), line);
    if (g != Got::kEntry) {
      return g;
    }
    const auto suit = parse_suit(line);
    if (!suit) {
      out_ << "  Type a suit: C D H S (or ♣ ♦ ♥ ♠, or its name).\n";
      return Got::kAgain;
    }
    Draft d = draft_;
    close_exchange(d.hands.back(), number);
    d.hands.back().trump = suit;
    commit(std::move(d));
    return Got::kAgain;
  }

  // The cards laid away.
  Got enter_discard(const std::string& hand, int number) {
    const Step& s = step_;
    std::string line;
    const Got g = ask(fmt::format("{}: {} lays away {}: ", hand, name(s.seat), s.count == 1 ? std::string("1 card")
                                                                                : fmt::format("{} cards", s.count)),
                      line);
    if (g != Got::kEntry) {
      return g;
    }
    const CardList cl = parse_cards(line);
    if (cl.bad) {
      out_ << fmt::format("  {} is not a card.\n", clip(printable(*cl.bad)));
      return Got::kAgain;
    }
    Draft d = draft_;
    close_exchange(d.hands.back(), number);
    d.hands.back().discard = cl.cards;
    commit(std::move(d));
    return Got::kAgain;
  }

  // The kitty cards shown to a plucker.
  Got enter_show(const std::string& hand) {
    const Step& s = step_;
    std::string line;
    const Got g = ask(fmt::format("{}: the kitty cards {} showed {} (or none): ", hand, name(s.seat),
                                  name(s.other)),
                      line);
    if (g != Got::kEntry) {
      return g;
    }
    CardList cl;
    if (!iequals(trimmed(line), "none")) {
      cl = parse_cards(line);
      if (cl.bad) {
        out_ << fmt::format("  {} is not a card.\n", clip(printable(*cl.bad)));
        return Got::kAgain;
      }
      if (cl.cards.empty()) {
        out_ << "  Type the cards shown, or none.\n";
        return Got::kAgain;
      }
    }
    Draft d = draft_;
    auto& dh = d.hands.back();
    if (!dh.shows) {
      dh.shows.emplace();
    }
    dh.shows->push_back(DraftShow{s.other, cl.cards});
    commit(std::move(d));
    return Got::kAgain;
  }

  // Who leads the first trick, where the deal does not say.
  Got enter_leader(const std::string& hand, int number) {
    std::string line;
    const Got g = ask(fmt::format("{}, trick 1: who leads? ", hand), line);
    if (g != Got::kEntry) {
      return g;
    }
    std::string err;
    const auto who = match_player(line, draft_.players, err);
    if (!who) {
      out_ << "  " << printable(err) << "\n";
      return Got::kAgain;
    }
    return play_card(number, *who, 1, true);
  }

  // Whether a side with an early court plays on for all the tricks.
  Got enter_play_on(const std::string& hand) {
    const Step& s = step_;
    std::string line;
    const Got g = ask(fmt::format("{}: {}'s side has an early court. Play on for all the tricks? [y/n] ", hand,
                                  name(s.seat)),
                      line);
    if (g != Got::kEntry) {
      return g;
    }
    const auto t = trimmed(line);
    if (iequals(t, "y") || iequals(t, "yes")) {
      choices_.play_on = 1;
    } else if (iequals(t, "n") || iequals(t, "no")) {
      choices_.play_on = 0;
    } else {
      out_ << "  Type y or n.\n";
    }
    return Got::kAgain;
  }

  // A score sheet's tricks taken, or points, by seat.
  Got enter_numbers(const std::string& hand) {
    const Step& s = step_;
    std::string line;
    const bool taken = s.ask == Ask::kTaken;
    const Got g = ask(fmt::format("{}: {} by {}: ", hand, taken ? "tricks taken" : "points",
                                  all_names()),
                      line);
    if (g != Got::kEntry) {
      return g;
    }
    const auto n = parse_numbers(line, rules_->players);
    if (!n) {
      out_ << fmt::format("  Type {} whole numbers, in that order.\n", rules_->players);
      return Got::kAgain;
    }
    Draft d = draft_;
    (taken ? d.hands.back().taken : d.hands.back().points) = *n;
    commit(std::move(d));
    return Got::kAgain;
  }

  // The bidder's partner, where the scoring counts cards and no play shows it.
  Got enter_partner(const std::string& hand) {
    const Step& s = step_;
    std::string line;
    const Got g = ask(fmt::format("{}: {}'s partner (or none)? ", hand, name(s.seat)), line);
    if (g != Got::kEntry) {
      return g;
    }
    int partner = -1;
    if (!iequals(trimmed(line), "none")) {
      std::string err;
      const auto who = match_player(line, draft_.players, err);
      if (!who) {
        out_ << "  " << printable(err) << "\n";
        return Got::kAgain;
      }
      partner = *who;
    }
    Draft d = draft_;
    d.hands.back().partner = partner;
    commit(std::move(d));
    return Got::kAgain;
  }

  // A plays hand past its exchange: the plucks are recorded, as none made
  // where some were owed and none was entered.
  void close_exchange(DraftHand& h, int number) const {
    if (!h.plucks && phases_.has(Phase::kExchange) && mode_of(h, choices_) != Mode::kSheet &&
        number >= rules_->exchange_from_hand) {
      h.plucks.emplace();
    }
  }

  Got play_card(int number, int seat, int trick, bool leader) {
    const bool leads = leader || step_.hand.play.count == 0;
    std::string line;
    const Got g = ask(fmt::format("Hand {}, trick {}, {}{}: ", number, trick, name(seat), leads ? " leads" : ""), line);
    if (g != Got::kEntry) {
      return g;
    }
    const auto c = parse_card(line);
    if (!c) {
      out_ << fmt::format("  {} is not a card.\n", clip(printable(trimmed(line))));
      return Got::kAgain;
    }
    Draft d = draft_;
    auto& dh = d.hands.back();
    close_exchange(dh, number);
    if (!dh.tricks) {
      dh.tricks.emplace();
    }
    if (leader) {
      dh.first_leader = seat;
    }
    if (leads) {
      dh.tricks->emplace_back();
    }
    dh.tricks->back().push_back(*c);
    const bool last = !leads && step_.hand.play.count + 1 == step_.hand.players;
    if (commit(std::move(d)) && last) {
      // The trick as the referee reads it (a mistyped card as the card meant):
      // its winner leads next.
      Choices now = choices_;
      judged(now);
      const Step after = next_step(before_last(), number, draft_.hands.back(), now);
      out_ << fmt::format("  {} takes trick {}.\n", name(after.hand.play.leader), trick);
    }
    return Got::kAgain;
  }

  // What is wrong with `cards` typed as `seat`'s (the kitty's, when
  // `kitty`) after the lines typed before it, in the referee's words: the
  // engine's deal clauses (engine/deal.h) on the deal so far, its first
  // fault in a card of the line, else the line's size. Empty: nothing.
  [[nodiscard]] std::string deal_problem(int seat, bool kitty, const std::vector<Card>& cards, const Wording& w) const {
    // The seats typed so far, and this line as the next seat's or as the kitty.
    std::vector<std::vector<Card>> seats = deal_;
    if (!kitty) {
      seats.push_back(cards);
    }
    DealRead read;
    std::vector<Violation> found;
    check_deal(*rules_, draft_.hands.back().dealer, &seats, kitty ? &cards : nullptr,
               [](Card c) { return std::optional<Card>(c); }, read, found);
    const int at = kitty ? -1 : seat;
    const std::string who = kitty ? std::string("the kitty") : name(seat);
    const Violation* size = nullptr;
    for (const Violation& v : found) {
      if (v.seat != at) {
        continue;
      }
      if (v.code == Code::kHandSize) {
        size = &v;
      } else if (v.code == Code::kNotInDeck) {
        return say::not_in_deck_dealt(*rules_, *v.card, who);
      } else {
        const std::string before =
            v.other == at ? "to " + who : v.other >= 0 ? "to " + draft_.players[static_cast<std::size_t>(v.other)] : "to the kitty";
        return say::duplicate_card(*v.card, who, before);
      }
    }
    if (size != nullptr) {
      return kitty ? say::kitty_size(*rules_, size->count) : say::hand_size(w, seat, size->count);
    }
    return {};
  }

  // The deal, seat by seat and then the kitty, checked as typed (the
  // referee's words) and recorded once complete.
  Got enter_deal(const std::string& hand) {
    const int n = rules_->players;
    const std::vector<std::string> names = draft_.players;
    const Wording w{rules_.get(), &names, draft_.hands.back().dealer, 0, nullptr};
    std::string line;
    while (static_cast<int>(deal_.size()) <= n) {
      const auto seat = static_cast<int>(deal_.size());
      const bool kitty = seat == n;
      if (kitty && rules_->kitty == 0) {
        break;
      }
      const int want = kitty ? rules_->kitty : rules_->hand_size;
      CardSet dealt;
      for (const auto& cs : deal_) {
        for (const Card c : cs) {
          dealt.insert(c);
        }
      }
      const CardSet rest = rules_->deck - dealt;
      const bool last = seat == n - (rules_->kitty == 0 ? 1 : 0) || kitty;
      const std::string what = kitty ? std::string("the kitty") : name(seat) + "'s cards";
      allow_empty_ = true;
      const Got g = ask(fmt::format("{}, deal: {} ({}{}): ", hand, what, want,
                                    last && rest.size() == want ? ", Enter for the rest" : ""),
                        line);
      allow_empty_ = false;
      if (g != Got::kEntry) {
        return g;
      }
      CardList cl = parse_cards(line);
      if (cl.bad) {
        out_ << fmt::format("  {} is not a card.\n", clip(printable(*cl.bad)));
        continue;
      }
      if (cl.cards.empty() && last && rest.size() == want) {
        cl.cards.assign(rest.begin(), rest.end());
      }
      const std::string problem = deal_problem(seat, kitty, cl.cards, w);
      if (!problem.empty()) {
        out_ << "  " << printable(problem) << "\n";
        continue;
      }
      deal_.push_back(std::move(cl.cards));
    }
    Draft d = draft_;
    auto& dh = d.hands.back();
    dh.deal = std::vector<std::vector<Card>>(deal_.begin(), deal_.begin() + n);
    dh.kitty = static_cast<int>(deal_.size()) > n ? deal_.back() : std::vector<Card>{};
    deal_.clear();
    commit(std::move(d));
    return Got::kAgain;
  }

  const SessionOptions& o_;
  RecordFile file_;
  std::istream& in_;
  std::ostream& out_;
  std::ostream& err_;  // why FILE cannot be read, resumed or written
  RulesetCatalog& catalog_;
  std::string shown_;  // FILE, escaped for the terminal
  std::filesystem::path dir_;
  BatchOptions batch_;
  std::shared_ptr<const Ruleset> rules_;
  PhaseList phases_;
  Draft draft_;
  GameReport report_;
  Choices choices_;
  Step step_;
  std::vector<std::vector<Card>> deal_;  // the deal being typed, seat by seat
  mutable std::optional<std::pair<std::string, GameState>> cache_;  // state_before_last's
  int tabled_ = 0;                       // hands whose table has been printed
  bool allow_empty_ = false;  // an empty line is an entry (the deal: the cards left)
  bool stop_ = false;
  bool failed_ = false;
  bool done_ = false;
  bool pending_ = false;  // a finished record's next hand, not saved until something is entered in it
};

}  // namespace

int run_session(const SessionOptions& options, std::istream& in, std::ostream& out, std::ostream& err,
                RulesetCatalog& catalog) {
  Session s(options, in, out, err, catalog);
  return s.run();
}

}  // namespace trickref::record
