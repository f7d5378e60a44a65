#include "sheet/import.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <filesystem>

#include <fmt/format.h>

#include "base/text.h"
#include "cards/card.h"
#include "engine/hand.h"
#include "engine/policies.h"
#include "sheet/header.h"
#include "sheet/layout.h"
#include "transcript/record_keys.h"
#include "transcript/record_yaml.h"

namespace trickref::sheet {
namespace key = record_key;
namespace {

constexpr std::size_t kMaxErrors = 50;  // a sheet read wrongly throughout says so soon enough


class Importer {
 public:
  Importer(const ParsedSheet& sheet, const Ruleset& r, std::string_view ref, std::vector<std::string> players)
      : sheet_(sheet), r_(r), ref_(ref), players_(std::move(players)), policies_(policies_for(r)) {}

  ImportResult run() {
    ImportResult out;
    if (sheet_.rows.empty()) {
      error(Code::kSchema, Loc{1, 1}, "the sheet has no header row (the column names), and no hands");
    } else if (seat_order() && header()) {
      int hand = 0;
      for (std::size_t i = 1; i < sheet_.rows.size() && errors_.size() < kMaxErrors; ++i) {
        // The sheet's totals are never a hand (they would be one more, and a false winner).
        if (auto totals = totals_row(sheet_.rows, i, columns_, players_)) {
          Diagnostic d;
          d.severity = Severity::kWarning;
          d.code = Code::kSchema;
          d.file = sheet_.file;
          d.loc = totals->loc;
          d.message = std::move(totals->message);
          warnings_.push_back(std::move(d));
          continue;
        }
        row(sheet_.rows[i], ++hand);
      }
      if (hand == 0) {
        error(Code::kSchema, sheet_.rows[0].loc, "the sheet has a header but no hands under it");
      }
    }
    out.diagnostics = std::move(errors_);
    out.warnings = sheet_.warnings;
    out.warnings.insert(out.warnings.end(), warnings_.begin(), warnings_.end());
    if (out.diagnostics.empty()) {
      out.yaml = yaml();
    }
    return out;
  }

 private:
  Diagnostic& error(Code code, Loc loc, std::string message, int hand = 0) {
    Diagnostic d;
    d.code = code;
    d.file = sheet_.file;
    d.loc = loc;
    d.hand = hand;
    d.message = std::move(message);
    errors_.push_back(std::move(d));
    return errors_.back();
  }

  // ------------------------------------------------------------ the seats
  // The seat order: the command line's, else the `players` row's; the
  // header's player columns otherwise (read in header()).
  bool seat_order() {
    if (!players_.empty()) {
      return true;
    }
    if (sheet_.players.empty()) {
      return true;
    }
    bool ok = true;
    for (const auto& c : sheet_.players) {
      if (!usable_name(c.text)) {
        error(Code::kSchema, c.loc, "a player's name is text without control characters");
        ok = false;
      } else if (seat(c.text) >= 0) {
        error(Code::kSchema, c.loc, fmt::format("'{}' is named twice in the players row", clip(c.text)));
        ok = false;
      }
      players_.push_back(c.text);
    }
    if (ok && static_cast<int>(players_.size()) != r_.players) {
      error(Code::kSchema, sheet_.players_loc,
            fmt::format("the players row names {} players; {} is played by {}", players_.size(), r_.name, r_.players));
      ok = false;
    }
    return ok;
  }

  int seat(std::string_view name) const {
    const std::string n = norm(name);
    for (std::size_t s = 0; s < players_.size(); ++s) {
      if (norm(players_[s]) == n) {
        return static_cast<int>(s);
      }
    }
    return -1;
  }

  int side(int seat) const { return policies_.partners->side(r_, seat); }
  bool fixed_sides() const {
    for (int s = 0; s < r_.players; ++s) {
      if (side(s) != s) {
        return true;
      }
    }
    return false;
  }

  // ----------------------------------------------------------- the header
  bool header() {
    const CsvRow& h = sheet_.rows.front();
    const bool names_known = !players_.empty();
    struct Pending {
      NamedHeader named;
      const CsvCell* cell;
    };
    std::vector<Pending> named;
    for (const auto& cell : h.cells) {
      Column c;
      c.loc = cell.loc;
      c.header = cell.text;
      if (cell.text.empty()) {
        columns_.push_back(c);  // a column without a header: it must stay blank
        continue;
      }
      if (const auto f = field_word(norm(cell.text))) {
        c.field = *f;
        columns_.push_back(c);
        continue;
      }
      columns_.push_back(c);
      named.push_back({split_kind(cell.text), &cell});
    }
    if (!names_known) {
      // The seat order is the order of the player columns.
      // A side's column (Ann & Cat) does not say where its players sit: the
      // players' own columns must.
      const Pending* side_column = nullptr;
      for (const auto& p : named) {
        if (side_names(p.named.name).size() > 1) {
          side_column = side_column != nullptr ? side_column : &p;
          continue;
        }
        if (!usable_name(p.named.name)) {
          error(Code::kSchema, p.cell->loc, "a player's name is text without control characters");
          return false;
        }
        if (seat(p.named.name) < 0) {
          players_.push_back(p.named.name);
        }
      }
      if (static_cast<int>(players_.size()) != r_.players && side_column != nullptr) {
        error(Code::kSchema, side_column->cell->loc,
              fmt::format("'{}' names a side, so the seat order is not in the header: give it with --players, or "
                          "a players row above the header (players,Ann,Bob,Cat,Dan)",
                          clip(side_column->cell->text)));
        return false;
      }
      if (static_cast<int>(players_.size()) != r_.players) {
        std::vector<std::string> quoted;
        for (const auto& p : players_) {
          quoted.push_back(fmt::format("'{}'", clip(p)));
        }
        error(Code::kSchema, h.loc,
              fmt::format("the header's player columns name {} player{} ({}); {} is played by {} (a column that is "
                          "not a player's is one of: dealer, trump, trump by, bidder, bid, bids, partner, early "
                          "court, revoke, revoke trick, hand, notes; {})",
                          players_.size(), players_.size() == 1 ? "" : "s", fmt::join(quoted, ", "), r_.name,
                          r_.players, player_column_forms()));
        return false;
      }
    }
    // Each named column: a player's or a side's.
    std::size_t k = 0;
    for (auto& c : columns_) {
      if (c.header.empty() || field_word(norm(c.header))) {
        continue;
      }
      const Pending& p = named[k++];
      if (!name_column(c, p.named)) {
        return false;
      }
    }
    return check_columns(h);
  }

  bool name_column(Column& c, const NamedHeader& named) {
    const Field main = r_.scoring == ScoringKind::kPoints ? Field::kPoints : Field::kTaken;
    c.field = named.kind.value_or(main);
    const auto names = side_names(named.name);
    if (names.size() == 1) {
      c.seat = seat(names[0]);
      if (c.seat < 0) {
        error(Code::kUnknownPlayer, c.loc,
              fmt::format("'{}' is neither a column this sheet can have (dealer, trump, trump by, bidder, bid, bids, "
                          "partner, early court, revoke, revoke trick, hand, notes) nor one of the players: {} "
                          "({})",
                          clip(c.header), name_list(players_), player_column_forms()));
        return false;
      }
      return true;
    }
    const int a = seat(names[0]);
    const int b = seat(names[1]);
    if (a < 0 || b < 0) {
      error(Code::kUnknownPlayer, c.loc,
            fmt::format("'{}' names a side, but '{}' is not one of the players: {}", clip(c.header),
                        clip(a < 0 ? names[0] : names[1]), name_list(players_)));
      return false;
    }
    if (!fixed_sides() || a == b || side(a) != side(b)) {
      error(Code::kSchema, c.loc,
            fmt::format("'{}' is not a side: {}", clip(c.header),
                        fixed_sides() ? fmt::format("{} and {} are not partners", clip(players_[static_cast<std::size_t>(a)]),
                                                    clip(players_[static_cast<std::size_t>(b)]))
                                      : fmt::format("{} has no fixed sides; give each player's column", r_.name)));
      return false;
    }
    if (c.field == Field::kPoints) {
      error(Code::kSchema, c.loc, fmt::format("'{}': points are each player's, not a side's", clip(c.header)));
      return false;
    }
    c.side = true;
    c.seat = std::min(a, b);
    return true;
  }

  // Which columns a sheet of this game must (and may) have.
  bool check_columns(const CsvRow& h) {
    const bool auction = hand_phases(r_).has(Phase::kAuction);
    auto count = [&](Field f) {
      return std::count_if(columns_.begin(), columns_.end(), [&](const Column& c) { return c.field == f; });
    };
    bool ok = true;
    for (const auto& c : columns_) {
      if (count(c.field) > 1 && !is_numbers(c.field) && c.field != Field::kIgnore) {
        error(Code::kSchema, c.loc, fmt::format("a second '{}' column", clip(c.header)));
        return false;
      }
      const bool unused = ((c.field == Field::kBidder || c.field == Field::kBid || c.field == Field::kBids) && !auction) ||
                          (c.field == Field::kPartner && r_.partner_by == PartnerBy::kNone) ||
                          (c.field == Field::kPoints && r_.scoring != ScoringKind::kPoints) ||
                          ((c.field == Field::kTrumpBy || c.field == Field::kEarlyCourt || c.field == Field::kStreak ||
                            c.field == Field::kRevoke || c.field == Field::kRevokeTrick) &&
                           r_.scoring != ScoringKind::kCourts);
      if (unused) {
        error(Code::kSchema, c.loc, fmt::format("{} has no use for a '{}' column", r_.name, clip(c.header)));
        ok = false;
      }
    }
    if (count(Field::kDealer) == 0) {
      error(Code::kSchema, h.loc, "the sheet has no dealer column: the first hand must name its dealer");
      ok = false;
    }
    if (auction && count(Field::kBids) == 0 && (count(Field::kBidder) == 0 || count(Field::kBid) == 0)) {
      error(Code::kSchema, h.loc,
            fmt::format("{} needs each hand's contract: a bidder and a bid column (or a bids column)", r_.name));
      ok = false;
    }
    if (count(Field::kBidder) != count(Field::kBid)) {
      error(Code::kSchema, h.loc, "a bidder column goes with a bid column");
      ok = false;
    }
    if (count(Field::kRevokeTrick) > 0 && count(Field::kRevoke) == 0) {
      error(Code::kSchema, h.loc, "a revoke trick column goes with a revoke column (who revoked)");
      ok = false;
    }
    for (const Field f : {Field::kTaken, Field::kPoints, Field::kScore, Field::kStreak}) {
      ok = cover(h, f) && ok;
    }
    const Field main = r_.scoring == ScoringKind::kPoints ? Field::kPoints : Field::kTaken;
    if (ok && count(main) == 0) {
      error(Code::kSchema, h.loc,
            fmt::format("the sheet has no {} columns: one per player{}, headed by the player's name", kind_name(main),
                        fixed_sides() && main == Field::kTaken ? " or per side (Ann & Cat)" : ""));
      ok = false;
    }
    return ok;
  }

  // The columns of kind `f`: none, or one per player, or one per side;
  // running scores and streaks of fixed sides may give both players of a side.
  bool cover(const CsvRow& h, Field f) {
    std::vector<int> per_seat(players_.size(), 0);
    std::vector<int> per_side(players_.size(), 0);
    int n = 0;
    for (const auto& c : columns_) {
      if (c.field != f) {
        continue;
      }
      ++n;
      auto& slot = c.side ? per_side[static_cast<std::size_t>(side(c.seat))] : per_seat[static_cast<std::size_t>(c.seat)];
      if (++slot > 1) {
        error(Code::kSchema, c.loc, fmt::format("'{}' repeats a column of {}", clip(c.header), kind_name(f)));
        return false;
      }
    }
    if (n == 0) {
      return true;
    }
    for (int s = 0; s < r_.players; ++s) {
      const int sd = side(s);
      const bool has = per_seat[static_cast<std::size_t>(s)] > 0 || per_side[static_cast<std::size_t>(sd)] > 0;
      bool side_named = per_side[static_cast<std::size_t>(sd)] > 0;
      for (int t = 0; t < r_.players && !side_named; ++t) {
        side_named = t != s && side(t) == sd && per_seat[static_cast<std::size_t>(t)] > 0 &&
                     (f == Field::kScore || f == Field::kStreak);
      }
      if (!has && !side_named) {
        error(Code::kSchema, h.loc,
              fmt::format("the sheet gives {} for some players but not for {}", kind_name(f),
                          clip(players_[static_cast<std::size_t>(s)])));
        return false;
      }
      if (per_seat[static_cast<std::size_t>(s)] > 0 && per_side[static_cast<std::size_t>(sd)] > 0) {
        error(Code::kSchema, h.loc,
              fmt::format("the sheet gives {} for {} and for their side both", kind_name(f),
                          clip(players_[static_cast<std::size_t>(s)])));
        return false;
      }
    }
    return true;
  }

  // ------------------------------------------------------------- the rows
  struct Number {
    int seat = -1;
    long long value = 0;
  };
  struct Hand {
    std::string dealer;
    std::string trump;
    std::string trump_by;
    std::string early_court;
    std::optional<std::string> contract;  // written as is: `none` or `{bidder: X, bid: N}`
    std::optional<std::string> bids;
    std::optional<std::string> partner;
    std::string revoke;                      // revoke_claim's player
    std::optional<long long> revoke_trick;   // ... and trick
    std::vector<Number> taken;
    std::vector<Number> points;
    std::vector<Number> score;
    std::vector<Number> streak;
  };

  const std::string& player_name(int s) const { return players_[static_cast<std::size_t>(s)]; }

  std::optional<int> player_cell(const CsvCell& cell, std::string_view what, int hand) {
    const int s = seat(cell.text);
    if (s < 0) {
      const std::vector<std::string_view> names(players_.begin(), players_.end());
      const std::string hint = suggest(cell.text, names);
      error(Code::kUnknownPlayer, cell.loc,
            fmt::format("'{}' ({}) is not one of the players: {}{}", clip(cell.text), what, name_list(players_),
                        hint.empty() ? "" : fmt::format(" (did you mean '{}'?)", hint)),
            hand);
      return std::nullopt;
    }
    return s;
  }

  std::optional<long long> number_cell(const CsvCell& cell, std::string_view what, bool non_negative, int hand) {
    std::string_view t = cell.text;
    if (!t.empty() && t.front() == '+') {
      t.remove_prefix(1);
    }
    long long v = 0;
    const auto [ptr, ec] = std::from_chars(t.data(), t.data() + t.size(), v);
    if (t.empty() || ec != std::errc() || ptr != t.data() + t.size() || (non_negative && v < 0) ||
        v > 1'000'000'000LL || v < -1'000'000'000LL) {
      error(Code::kSchema, cell.loc,
            fmt::format("{} is a whole number{}, not '{}'", what, non_negative ? " (0 or more)" : "", clip(cell.text)),
            hand);
      return std::nullopt;
    }
    return v;
  }

  static bool none_word(std::string_view t) {
    return iequals(t, "none") || iequals(t, "pass") || iequals(t, "passed") || iequals(t, "all pass") || t == "-";
  }

  void row(const CsvRow& row, int hand) {
    const std::size_t before = errors_.size();
    Hand h;
    std::optional<CsvCell> bidder;
    std::optional<CsvCell> bid;
    std::optional<CsvCell> revoke;
    for (std::size_t i = 0; i < row.cells.size(); ++i) {
      const CsvCell& cell = row.cells[i];
      if (i >= columns_.size()) {
        if (!cell.text.empty()) {
          error(Code::kSchema, cell.loc, "a cell to the right of the last column the header names", hand);
        }
        continue;
      }
      const Column& c = columns_[i];
      if (cell.text.empty() && c.field != Field::kDealer) {
        continue;
      }
      if (c.header.empty()) {
        error(Code::kSchema, cell.loc, "a cell in a column the header does not name", hand);
        continue;
      }
      switch (c.field) {
        case Field::kIgnore:
          break;
        case Field::kDealer:
          if (cell.text.empty()) {
            if (hand == 1) {
              error(Code::kSchema, cell.loc, "the first hand's dealer is blank: the first hand must name its dealer",
                    hand);
            }
          } else if (const auto s = player_cell(cell, "the dealer", hand)) {
            h.dealer = player_name(*s);
          }
          break;
        case Field::kTrump:
          if (const auto s = parse_suit(cell.text)) {
            h.trump = std::string(1, suit_letter(*s));
          } else {
            error(Code::kSchema, cell.loc,
                  fmt::format("trump is a suit (C, D, H or S, a symbol, or its name), not '{}'", clip(cell.text)), hand);
          }
          break;
        case Field::kTrumpBy:
          if (const auto s = player_cell(cell, "who named trump", hand)) {
            h.trump_by = player_name(*s);
          }
          break;
        case Field::kEarlyCourt:
          if (const auto s = player_cell(cell, "a player of the side that took the early court", hand)) {
            h.early_court = player_name(*s);
          }
          break;
        case Field::kPartner:
          if (iequals(cell.text, "none") || iequals(cell.text, "solo") || cell.text == "-") {
            h.partner = key::kNone;
          } else if (const auto s = player_cell(cell, "the partner", hand)) {
            h.partner = yaml_scalar(player_name(*s));
          }
          break;
        case Field::kRevoke:
          revoke = cell;
          break;
        case Field::kRevokeTrick:
          if (const auto t = number_cell(cell, "the revoke's trick", true, hand)) {
            h.revoke_trick = *t;
          }
          break;
        case Field::kBidder:
          bidder = cell;
          break;
        case Field::kBid:
          bid = cell;
          break;
        case Field::kBids:
          h.bids = calls(cell, hand);
          break;
        case Field::kTaken:
        case Field::kPoints:
        case Field::kScore:
        case Field::kStreak: {
          const bool score = c.field == Field::kScore;
          const auto v = number_cell(cell,
                                     fmt::format("{}'s {}", c.side ? side_label(c.seat) : player_name(c.seat),
                                                 kind_name(c.field)),
                                     !score, hand);
          if (v) {
            (c.field == Field::kTaken    ? h.taken
             : c.field == Field::kPoints ? h.points
             : c.field == Field::kStreak ? h.streak
                                         : h.score)
                .push_back({c.seat, *v});
          }
          break;
        }
      }
    }
    if (hand == 1 && h.dealer.empty() && errors_.size() == before) {
      // A short first row, its dealer cell missing altogether.
      error(Code::kSchema, row.loc, "the first hand's dealer is blank: the first hand must name its dealer", hand);
    }
    const bool void_hand = contract(h, bidder, bid, row, hand);
    revoke_claim(h, revoke, row, hand);
    if (errors_.size() != before) {
      return;
    }
    complete(row, h, void_hand, hand);
    if (errors_.size() == before) {
      hands_.push_back(std::move(h));
    }
  }

  std::string side_label(int seat) const {
    std::vector<std::string> names;
    for (int s = 0; s < r_.players; ++s) {
      if (side(s) == side(seat)) {
        names.push_back(clip(player_name(s)));
      }
    }
    return fmt::format("{}", fmt::join(names, " & "));
  }

  // `bids`: the calls in order, separated by spaces (or commas, or `/`).
  std::optional<std::string> calls(const CsvCell& cell, int hand) {
    std::vector<std::string> out;
    std::string token;
    auto flush = [&]() -> bool {
      if (token.empty()) {
        return true;
      }
      if (iequals(token, "pass") || iequals(token, "p") || token == "-") {
        out.emplace_back(key::kPass);
      } else {
        long long v = 0;
        const auto [ptr, ec] = std::from_chars(token.data(), token.data() + token.size(), v);
        if (ec != std::errc() || ptr != token.data() + token.size() || v < 0 || v > 1'000'000'000LL) {
          error(Code::kSchema, cell.loc,
                fmt::format("a call is a number or pass, not '{}' (calls are separated by spaces)", clip(token)), hand);
          return false;
        }
        out.push_back(std::to_string(v));
      }
      token.clear();
      return true;
    };
    for (const char ch : cell.text) {
      if (ch == ' ' || ch == ',' || ch == '/' || ch == ';' || ch == '\n' || ch == '\t') {
        if (!flush()) {
          return std::nullopt;
        }
      } else {
        token += ch;
      }
    }
    if (!flush()) {
      return std::nullopt;
    }
    return RecordYaml::flow_list(out);
  }

  // The table's revoke ruling (court-piece.md, "Revoke forfeit"; transcript.md
  // `revoke_claim`): the revoke cell names the player, with the trick after
  // the name (`Bob 5`, `Bob at 5`, `Bob trick 5`) or in a revoke trick
  // column. Without a trick, the row's tricks taken say it: a forfeited
  // hand counts the tricks up to and including the revoke's (court-piece.md,
  // "A forfeited hand"), so the revoke was in the last of them.
  void revoke_claim(Hand& h, const std::optional<CsvCell>& cell, const CsvRow& row, int hand) {
    if (!cell) {
      if (h.revoke_trick) {
        error(Code::kSchema, row.loc, "a revoke trick with nobody named in the revoke column", hand);
      }
      return;
    }
    std::string_view text = cell->text;
    std::optional<long long> trick;
    if (seat(text) < 0) {
      // A trick after the name: its last word, a number, and the words between.
      const auto space = text.find_last_of(' ');
      if (space != std::string_view::npos) {
        const std::string_view last = text.substr(space + 1);
        long long v = 0;
        const auto [ptr, ec] = std::from_chars(last.data(), last.data() + last.size(), v);
        if (ec == std::errc() && ptr == last.data() + last.size() && v >= 1 && v <= 1'000'000) {
          trick = v;
          text = text.substr(0, space);
          for (const std::string_view joiner : {" in trick", " trick", " at", " @", ","}) {
            while (!text.empty() && text.back() == ' ') {
              text.remove_suffix(1);
            }
            if (text.size() > joiner.size() && iequals(text.substr(text.size() - joiner.size()), joiner)) {
              text.remove_suffix(joiner.size());
            }
          }
          while (!text.empty() && text.back() == ' ') {
            text.remove_suffix(1);
          }
        }
      }
    }
    CsvCell name = *cell;
    name.text = std::string(text);
    const auto s = player_cell(name, "who revoked", hand);
    if (!s) {
      return;
    }
    if (trick && h.revoke_trick && *trick != *h.revoke_trick) {
      error(Code::kSchema, cell->loc,
            fmt::format("the revoke cell says trick {} and the revoke trick column {}", *trick, *h.revoke_trick), hand);
      return;
    }
    if (!trick && !h.revoke_trick) {
      long long played = 0;
      for (const auto& n : h.taken) {
        played += n.value;
      }
      if (played < 1) {
        error(Code::kSchema, cell->loc,
              fmt::format("{} revoked in which trick? Give it after the name ('{} 5') or in a revoke trick column",
                          clip(player_name(*s)), clip(player_name(*s))),
              hand);
        return;
      }
      trick = played;
    }
    h.revoke = player_name(*s);
    h.revoke_trick = trick ? *trick : *h.revoke_trick;
  }

  // The contract from the bidder and bid cells; returns whether everyone passed.
  bool contract(Hand& h, const std::optional<CsvCell>& bidder, const std::optional<CsvCell>& bid, const CsvRow& row,
                int hand) {
    const bool auction = hand_phases(r_).has(Phase::kAuction);
    if (!auction) {
      return false;
    }
    if (bidder && none_word(bidder->text)) {
      if (bid && !none_word(bid->text)) {
        error(Code::kSchema, bid->loc, "a bid with no bidder: everyone passed, so the bid cell stays blank", hand);
        return true;
      }
      h.contract = key::kNone;
      return true;
    }
    if (bidder && !bid) {
      error(Code::kSchema, bidder->loc,
            fmt::format("{} is the bidder but the bid is blank", clip(bidder->text)), hand);
      return false;
    }
    if (bid && !bidder) {
      if (none_word(bid->text)) {
        h.contract = key::kNone;
        return true;
      }
      error(Code::kSchema, bid->loc, "a bid with no bidder: name the bidder, or write pass when everyone passed", hand);
      return false;
    }
    if (bidder && bid) {
      const auto s = player_cell(*bidder, "the bidder", hand);
      const auto v = number_cell(*bid, "the bid", true, hand);
      if (s && v) {
        h.contract = RecordYaml::flow_map({{key::kBidder, yaml_scalar(player_name(*s))}, {key::kBid, std::to_string(*v)}});
      }
      return false;
    }
    if (!h.bids) {
      error(Code::kSchema, row.loc,
            fmt::format("hand {} has no contract: name the bidder and the bid, or write pass when everyone passed",
                        hand),
            hand);
      return false;
    }
    // The calls alone: everyone passed when none is a number.
    return h.bids->find_first_of("0123456789") == std::string::npos;
  }

  // A hand's numbers: all of a kind or none; what the scoring needs is there.
  void complete(const CsvRow& row, Hand& h, bool void_hand, int hand) {
    auto expected = [&](Field f) {
      int n = 0;
      for (const auto& c : columns_) {
        n += c.field == f ? 1 : 0;
      }
      return n;
    };
    auto partial = [&](const std::vector<Number>& got, Field f) {
      if (got.empty() || static_cast<int>(got.size()) == expected(f)) {
        return false;
      }
      for (std::size_t i = 0; i < columns_.size(); ++i) {
        const Column& c = columns_[i];
        if (c.field != f) {
          continue;
        }
        const bool blank = i >= row.cells.size() || row.cells[i].text.empty();
        if (blank) {
          error(Code::kSchema, i < row.cells.size() ? row.cells[i].loc : row.loc,
                fmt::format("{}'s {} is blank: a hand's {} are given for everyone or left blank for everyone",
                            c.side ? side_label(c.seat) : player_name(c.seat), kind_name(f), kind_name(f)),
                hand);
          return true;
        }
      }
      return false;
    };
    if (partial(h.taken, Field::kTaken) || partial(h.points, Field::kPoints) || partial(h.score, Field::kScore) ||
        partial(h.streak, Field::kStreak)) {
      return;
    }
    if (void_hand) {
      // Everyone passed: nobody took tricks or points (zeros may be written).
      for (auto* v : {&h.taken, &h.points}) {
        if (std::any_of(v->begin(), v->end(), [](const Number& n) { return n.value != 0; })) {
          error(Code::kSchema, row.loc,
                fmt::format("hand {}: everyone passed, so nobody took tricks or points; leave them blank", hand), hand);
          return;
        }
        v->clear();
      }
      h.partner.reset();
      return;
    }
    const Field main = r_.scoring == ScoringKind::kPoints ? Field::kPoints : Field::kTaken;
    if ((main == Field::kPoints ? h.points : h.taken).empty()) {
      error(Code::kSchema, row.loc, fmt::format("hand {} records no {}", hand, kind_name(main)), hand);
    }
  }

  // ------------------------------------------------------------ the record
  // `{Ann: 3, Bob: 5}` in seat order.
  std::string numbers(const RecordYaml& y, const std::vector<Number>& v) const {
    std::vector<Number> sorted = v;
    std::stable_sort(sorted.begin(), sorted.end(), [](const Number& a, const Number& b) { return a.seat < b.seat; });
    return y.name_map(
        sorted.size(), [&](std::size_t k) { return yaml_scalar(player_name(sorted[k].seat)); },
        [&](std::size_t k) { return std::to_string(sorted[k].value); });
  }

  // A hand's keys, in the order transcript.md gives them.
  void write_hand(RecordYaml& y, const Hand& h) const {
    y.begin_item();  // a hand whose row held nothing the record keeps is still a hand: `- {}`
    if (!h.dealer.empty()) {
      y.entry(key::kDealer, yaml_scalar(h.dealer));
    }
    if (h.bids) {
      y.entry(key::kBids, *h.bids);
    }
    if (h.contract) {
      y.entry(key::kContract, *h.contract);
    }
    if (!h.trump_by.empty()) {
      y.entry(key::kTrumpBy, yaml_scalar(h.trump_by));
    }
    if (!h.trump.empty()) {
      y.entry(key::kTrump, h.trump);
    }
    if (!h.early_court.empty()) {
      y.entry(key::kEarlyCourt, yaml_scalar(h.early_court));
    }
    if (!h.revoke.empty()) {
      y.entry(key::kRevokeClaim, RecordYaml::flow_map({{key::kPlayer, yaml_scalar(h.revoke)},
                                                       {key::kTrick, std::to_string(*h.revoke_trick)}}));
    }
    if (!h.taken.empty()) {
      y.entry(key::kTaken, numbers(y, h.taken));
    }
    if (h.partner) {
      y.entry(key::kPartner, *h.partner);
    }
    if (!h.points.empty()) {
      y.entry(key::kPoints, numbers(y, h.points));
    }
    if (!h.score.empty()) {
      y.entry(key::kScore, numbers(y, h.score));
    }
    if (!h.streak.empty()) {
      y.entry(key::kStreak, numbers(y, h.streak));
    }
    y.end_item();
  }

  std::string yaml() const {
    // The file's name only: the record reads the same wherever the sheet lay.
    const std::string name = std::filesystem::path(sheet_.file).filename().string();
    std::string text;
    RecordYaml y(text);
    y.comment(fmt::format("Imported from {} by `trickref import`: one hand per row of the sheet.", printable(clip(name))));
    y.entry(key::kGame, yaml_scalar(ref_));
    if (!sheet_.id.empty()) {
      y.entry(key::kId, yaml_scalar(sheet_.id));
    }
    if (!sheet_.date.empty()) {
      y.entry(key::kDate, yaml_scalar(sheet_.date));
    }
    std::vector<std::string> names;
    for (const auto& p : players_) {
      names.push_back(yaml_scalar(p));
    }
    y.entry(key::kPlayers, RecordYaml::flow_list(names));
    y.open(key::kHands);
    for (const auto& h : hands_) {
      write_hand(y, h);
    }
    y.close();
    return text;
  }

  const ParsedSheet& sheet_;
  const Ruleset& r_;
  std::string ref_;
  std::vector<std::string> players_;
  Policies policies_;
  std::vector<Column> columns_;
  std::vector<Hand> hands_;
  std::vector<Diagnostic> errors_;
  std::vector<Diagnostic> warnings_;
};


}  // namespace

bool usable_name(std::string_view name) {
  return !name.empty() && !has_control(name) && name.front() != ' ' && name.back() != ' ';
}


ImportResult import_sheet(const ParsedSheet& sheet, const Ruleset& rules, std::string_view ruleset_ref,
                          const std::vector<std::string>& players) {
  return Importer(sheet, rules, ruleset_ref, players).run();
}

}  // namespace trickref::sheet
