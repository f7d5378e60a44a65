#include "transcript/transcript_loader.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <type_traits>
#include <unordered_map>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "base/text.h"
#include "transcript/loader_keys.h"

namespace trickref {

std::optional<long long> parse_integer(std::string_view s) {
  if (!s.empty() && s.front() == '+') {
    s.remove_prefix(1);
  }
  long long v = 0;
  const auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (s.empty() || ec != std::errc() || ptr != s.data() + s.size()) {
    return std::nullopt;
  }
  return v;
}

namespace {

constexpr std::array<std::string_view, 10> kGameKeys = {"game",    "id",    "event",  "date",  "notes",
                                                        "players", "hands", "result", "teams", "status"};
constexpr std::array<std::string_view, 19> kHandKeys = {
    "dealer", "deal",    "kitty",   "plucks",   "exchanges",    "trump",       "discard",
    "shows",  "tricks",  "taken",   "score",    "bids",         "contract",    "partner",
    "points", "trump_by", "revoke_claim", "early_court", "streak"};
constexpr std::array<std::string_view, 2> kClaimKeys = {"player", "trick"};
constexpr std::array<std::string_view, 2> kContractKeys = {"bidder", "bid"};
constexpr std::array<std::string_view, 4> kPluckKeys = {"by", "from", "gives", "gets"};
constexpr std::array<std::string_view, 2> kShowKeys = {"to", "cards"};
constexpr std::array<std::string_view, 2> kTrickKeys = {"leader", "cards"};
constexpr std::array<std::string_view, 2> kResultKeys = {"winner", "score"};

using loading::has_nul;
using loading::nul_shown;
using loading::Keys;
using loading::quoted_with_nul;
using loading::What;

class Loader {
 public:
  Loader(Game& game, DiagnosticSink& sink, LoadScratch& scratch) : g_(game), sink_(sink), scratch_(scratch) {}

  void game(Node root) {
    g_.loc = root.loc();
    if (!root.is_map()) {
      report(Code::kSchema, root.loc(), fmt::format("a game is a map with `players` and `hands`, not {}",
                                                    root.kind_name()));
      return;
    }
    const Keys keys = check_keys(root, kGameKeys, "game");
    if (const Node n = keys.find("game"); n.valid()) {
      if (n.is_scalar() && !n.scalar().empty()) {
        g_.ruleset_ref = std::string(n.scalar());
        g_.ruleset_loc = n.loc();
      } else {
        report(Code::kSchema, n.loc(), fmt::format("`game` names a ruleset, not {}", n.kind_name()));
      }
    }
    if (const Node n = keys.find("id"); n.valid()) {
      g_.id = scalar_text(n, "id");
    }
    if (const Node n = keys.find("event"); n.valid()) {
      if (n.is_map()) {
        flatten_event(n, "");
      } else if (!n.is_null()) {
        report(Code::kSchema, n.loc(), fmt::format("`event` is a map of details, not {}", n.kind_name()));
      }
    }
    if (const Node n = keys.find("date"); n.valid()) {
      g_.date = scalar_text(n, "date");
    }
    if (const Node n = keys.find("notes"); n.valid()) {
      g_.notes = scalar_text(n, "notes");
    }
    if (const Node n = keys.find("status"); n.valid()) {
      status(n);
    }
    const Node players = keys.find("players");
    if (!players.valid()) {
      report(Code::kSchema, root.loc(), "the game has no `players` list (names in seat order)");
    } else {
      load_players(players);
    }
    if (const Node t = keys.find("teams"); t.valid()) {
      g_.teams_loc = t.loc();
      teams(t);
    }
    const Node hands = keys.find("hands");
    if (!hands.valid()) {
      report(Code::kSchema, root.loc(), "the game has no `hands` list");
    } else if (!hands.is_sequence()) {
      if (!hands.is_null()) {
        report(Code::kSchema, hands.loc(), fmt::format("`hands` is a list of hands, not {}", hands.kind_name()));
      }
    } else {
      g_.hands = scratch_.hand_list();
      g_.hands.reserve(hands.size());
      for (std::uint32_t i = 0; i < hands.size(); ++i) {
        hand(hands.item(i), static_cast<int>(i) + 1);
      }
    }
    if (const Node r = keys.find("result"); r.valid()) {
      result(r);
    }
  }

 private:
  Diagnostic& report(Code code, Loc loc, std::string message) {
    auto& d = sink_.report(code, loc, std::move(message));
    d.hand = hand_;
    d.phase = phase_;
    d.trick = trick_;
    return d;
  }

  // Reports the keys of `map` that `allowed` lacks: a misspelling of an
  // allowed key is misspelt-key, read as the key meant; others unknown-key.
  Keys check_keys(Node map, std::span<const std::string_view> allowed, std::string_view where) {
    Keys keys(map);
    for (std::uint32_t i = 0; i < map.size(); ++i) {
      const Node k = map.key(i);
      if (!k.is_scalar()) {
        report(Code::kSchema, k.loc(), fmt::format("a key in a {} must be a plain word", where));
        continue;
      }
      const std::string_view word = k.scalar();
      if (std::none_of(allowed.begin(), allowed.end(), [&](std::string_view a) { return same_word(a, word); })) {
        if (const std::string meant = misspelling_of(k.scalar(), allowed); !meant.empty()) {
          // A slip (misspelt-key): ignored, what it holds would silently turn its check off.
          const auto at = std::find(allowed.begin(), allowed.end(), meant);
          const bool read = keys.read_as(*at, map.value(i));
          report(Code::kMisspeltKey, k.loc(),
                 fmt::format("'{}' is not a key of a {}: did you mean `{}`? {}", clip(k.scalar()), where, meant,
                             read ? fmt::format("It is read as `{}`", meant)
                                  : fmt::format("`{}` is given too, so it is ignored", meant)));
          continue;
        }
        const std::string hint = suggest(k.scalar(), allowed);
        report(Code::kUnknownKey, k.loc(),
               fmt::format("unknown key '{}' in a {}{}; it is ignored", clip(k.scalar()), where,
                           hint.empty() ? "" : fmt::format(" (did you mean '{}'?)", hint)));
      }
    }
    return keys;
  }

  std::string scalar_text(Node n, std::string_view key) {
    if (n.is_null()) {
      return {};
    }
    if (!n.is_scalar()) {
      report(Code::kSchema, n.loc(), fmt::format("`{}` is a single value, not {}", key, n.kind_name()));
      return {};
    }
    return std::string(n.scalar());
  }

  // `status`: `in-progress` while `trickref record` keeps the game; a
  // finished record has none (transcript.md).
  void status(Node n) {
    if (n.is_scalar() && n.scalar() == "in-progress") {
      g_.in_progress = true;
      g_.status_loc = n.loc();
      return;
    }
    report(Code::kSchema, n.loc(),
           fmt::format("`status` is `in-progress` (a record still being kept) or absent (a finished record), not {}",
                       n.is_scalar() ? fmt::format("'{}'", clip(nul_shown(n.scalar()))) : std::string(n.kind_name())));
  }

  void flatten_event(Node map, const std::string& prefix) {
    for (std::uint32_t i = 0; i < map.size(); ++i) {
      const Node k = map.key(i);
      const Node v = map.value(i);
      const std::string key = prefix + std::string(k.scalar());
      if (v.is_map()) {
        flatten_event(v, key + ".");
      } else if (v.is_scalar()) {
        g_.event.emplace_back(key, std::string(v.scalar()));
      } else if (v.is_sequence()) {
        std::vector<std::string> items;
        for (std::uint32_t j = 0; j < v.size(); ++j) {
          items.emplace_back(v.item(j).scalar());
        }
        g_.event.emplace_back(key, fmt::format("{}", fmt::join(items, ", ")));
      }
    }
  }

  void load_players(Node n) {
    if (!n.is_sequence() || n.size() == 0) {
      report(Code::kSchema, n.loc(), fmt::format("`players` is a list of names in seat order, not {}",
                                                 n.is_sequence() ? "an empty list" : n.kind_name()));
      return;
    }
    for (std::uint32_t i = 0; i < n.size(); ++i) {
      const Node p = n.item(i);
      if (!p.is_scalar() || p.scalar().empty()) {
        report(Code::kSchema, p.loc(), fmt::format("a player is a name, not {}", p.kind_name()));
        g_.players.emplace_back(fmt::format("#{}", i + 1));
      } else if (has_nul(p.scalar())) {
        report(Code::kSchema, p.loc(),
               fmt::format("{} holds a NUL character (\\0), which a player's name cannot", quoted_with_nul(p.scalar())));
        g_.players.emplace_back(fmt::format("#{}", i + 1));
      } else if (std::find(g_.players.begin(), g_.players.end(), p.scalar()) != g_.players.end()) {
        report(Code::kSchema, p.loc(), fmt::format("'{}' is listed twice in `players`", clip(p.scalar())));
        g_.players.emplace_back(fmt::format("{}#{}", p.scalar(), i + 1));
      } else {
        g_.players.emplace_back(p.scalar());
      }
      g_.player_locs.push_back(p.loc());
    }
    if (g_.players.size() > kScannedPlayers) {
      for (std::size_t i = 0; i < g_.players.size(); ++i) {
        seat_of_.emplace(g_.players[i], static_cast<int>(i));
      }
    }
  }

  // The names "did you mean" may offer: suggest() looks at the first 64 only.
  std::vector<std::string_view> player_names() const {
    std::vector<std::string_view> v;
    for (std::size_t i = 0; i < g_.players.size() && i < 64; ++i) {
      v.push_back(g_.players[i]);
    }
    return v;
  }

  std::optional<PlayerRef> player(Node n, const What& what) {
    if (!n.is_scalar() || n.scalar().empty()) {
      report(Code::kSchema, n.loc(), fmt::format("{} is a player's name, not {}", what.str(), n.kind_name()));
      return std::nullopt;
    }
    if (has_nul(n.scalar())) {
      report(Code::kSchema, n.loc(), fmt::format("{} ({}) holds a NUL character (\\0), which a player's name cannot",
                                                 quoted_with_nul(n.scalar()), what.str()));
      return std::nullopt;
    }
    const int seat = seat_of(n.scalar());
    if (seat < 0) {
      if (!g_.players.empty()) {
        const std::string hint = suggest(n.scalar(), player_names());
        report(Code::kUnknownPlayer, n.loc(),
               fmt::format("'{}' ({}) is not one of the players: {}{}", clip(n.scalar()), what.str(), name_list(g_.players),
                           hint.empty() ? "" : fmt::format(" (did you mean '{}'?)", hint)));
      }
      return std::nullopt;
    }
    return PlayerRef{seat, n.loc()};
  }

  // The seat of the player named `name`, or -1. A table of a few players is
  // scanned (cheaper than hashing the name); a long list is looked up.
  int seat_of(std::string_view name) const {
    if (g_.players.size() <= kScannedPlayers) {
      for (std::size_t i = 0; i < g_.players.size(); ++i) {
        if (g_.players[i] == name) {
          return static_cast<int>(i);
        }
      }
      return -1;
    }
    const auto it = seat_of_.find(name);
    return it == seat_of_.end() ? -1 : it->second;
  }
  static constexpr std::size_t kScannedPlayers = 8;

  CardRef card(Node n) {
    CardRef c;
    read_card(n, c);
    return c;
  }

  // Fills `c` (a fresh CardRef) where it lies: a list's cards are read into
  // their places in the list, never moved there.
  void read_card(Node n, CardRef& c) {
    c.loc = n.loc();
    const std::string_view text = n.scalar();
    if (n.is_scalar() && has_nul(text)) {
      const std::string shown = nul_shown(text);
      c.text.assign(shown);
      auto& d = report(Code::kBadCard, n.loc(),
                       fmt::format("{} is not a card: it holds a NUL character (\\0)", quoted_with_nul(text)));
      d.token = c.text;
      return;
    }
    if (n.is_scalar()) {
      c.card = parse_card(text);
      // A card is a few bytes; a token that is not one is kept only as far as a message shows it.
      c.text.assign(c.card ? text : clip_kept(text));
    }
    if (!c.card) {
      auto& d = report(Code::kBadCard, n.loc(),
                       n.is_scalar()
                           ? fmt::format("'{}' is not a card (rank then suit, like 10H, QS or 2C; jokers BJ, LJ)",
                                         clip(text))
                           : fmt::format("expected a card, found {}", n.kind_name()));
      d.token = c.text;
    }
  }

  std::optional<std::vector<CardRef>> cards(Node n, const What& what) {
    if (!n.is_sequence()) {
      if (n.is_null()) {
        return std::vector<CardRef>{};
      }
      report(Code::kSchema, n.loc(), fmt::format("{} is a list of cards, not {}", what.str(), n.kind_name()));
      return std::nullopt;
    }
    std::vector<CardRef> out = scratch_.card_list(n.size() <= LoadScratch::kFewCards);
    out.reserve(n.size());
    for (std::uint32_t i = 0; i < n.size(); ++i) {
      read_card(n.item(i), out.emplace_back());
    }
    return out;
  }

  std::optional<SeatNumbers> numbers(Node n, std::string_view what, bool non_negative) {
    if (!n.is_map()) {
      report(Code::kSchema, n.loc(), fmt::format("`{}` is a map of players to numbers, not {}", what, n.kind_name()));
      return std::nullopt;
    }
    SeatNumbers out = scratch_.seat_numbers(g_.players.size());
    out.loc = n.loc();
    bool ok = true;
    for (std::uint32_t i = 0; i < n.size(); ++i) {
      const Node key = n.key(i);
      const int team = team_of(key);
      // The seat a player key names (-1: a team's name, or not a player).
      int seat = -1;
      if (team < 0) {
        if (const auto p = player(key, [&] { return fmt::format("a key of `{}`", what); })) {
          seat = p->seat;
        }
      }
      const Node v = n.value(i);
      const auto value = v.is_scalar() && !v.quoted() ? parse_integer(v.scalar()) : std::nullopt;
      if (!value || (non_negative && *value < 0) || *value > 1'000'000'000LL || *value < -1'000'000'000LL) {
        report(Code::kSchema, v.loc(),
               fmt::format("`{}` values are whole numbers{}, not {}", what, non_negative ? " (0 or more)" : "",
                           v.is_scalar() ? fmt::format("'{}'", clip(v.scalar())) : std::string(v.kind_name())));
        ok = false;
        continue;
      }
      if (team >= 0) {
        out.sides.push_back(SideNumber{team, *value, v.loc()});
      } else if (seat >= 0) {
        out.values[static_cast<std::size_t>(seat)] = *value;
        out.locs[static_cast<std::size_t>(seat)] = v.loc();
      } else {
        ok = false;
      }
    }
    if (!ok) {
      return std::nullopt;
    }
    return out;  // players left out: the referee says whether the map must name them all
  }

  // The index of the team a key names (`teams`), or -1.
  int team_of(Node key) const {
    if (!g_.teams || !key.is_scalar() || seat_of(key.scalar()) >= 0) {
      return -1;
    }
    for (std::size_t t = 0; t < g_.teams->size(); ++t) {
      if ((*g_.teams)[t].name == key.scalar()) {
        return static_cast<int>(t);
      }
    }
    return -1;
  }

  // `teams`: a map of side name -> its two players (court-piece.md §2).
  void teams(Node n) {
    if (!n.is_map()) {
      report(Code::kSchema, n.loc(),
             fmt::format("`teams` is a map of side names to their players, like {{Us: [Ann, Cat]}}, not {}",
                         n.kind_name()));
      return;
    }
    std::vector<TeamRec> out;
    bool ok = true;
    for (std::uint32_t i = 0; i < n.size(); ++i) {
      const Node k = n.key(i);
      const Node v = n.value(i);
      if (!k.is_scalar() || k.scalar().empty() || has_nul(k.scalar())) {
        report(Code::kSchema, k.loc(), "a side's name is a plain word");
        ok = false;
        continue;
      }
      TeamRec t;
      t.name = std::string(k.scalar());
      t.loc = k.loc();
      if (!v.is_sequence()) {
        report(Code::kSchema, v.loc(), fmt::format("a side is a list of its players, not {}", v.kind_name()));
        ok = false;
        continue;
      }
      for (std::uint32_t j = 0; j < v.size(); ++j) {
        if (auto p = player(v.item(j), "a player of a side")) {
          t.players.push_back(*p);
        } else {
          ok = false;
        }
      }
      out.push_back(std::move(t));
    }
    if (ok) {
      g_.teams = std::move(out);
    }
  }

  // `revoke_claim`: {player, trick}.
  void revoke_claim(Node n, HandRec& h) {
    const Keys keys = n.is_map() ? check_keys(n, kClaimKeys, "revoke claim") : Keys();
    if (!n.is_map() || !keys.find("player").valid() || !keys.find("trick").valid()) {
      report(Code::kSchema, n.loc(), "`revoke_claim` is {player: NAME, trick: N}: who revoked, and in which trick");
      h.revoke_claim_bad = true;
      return;
    }
    RevokeClaimRec c;
    c.loc = n.loc();
    const auto p = player(keys.find("player"), "the player who revoked");
    const Node t = keys.find("trick");
    const long long trick =
        (t.is_scalar() && !t.quoted() ? parse_integer(t.scalar()) : std::nullopt).value_or(0);  // 0: not a number
    const bool trick_ok = trick >= 1 && trick <= 1'000'000;
    if (!trick_ok) {
      report(Code::kSchema, t.loc(),
             fmt::format("the claim's `trick` is a trick number (1 or more), not {}",
                         t.is_scalar() ? fmt::format("'{}'", clip(t.scalar())) : std::string(t.kind_name())));
    }
    if (!p || !trick_ok) {
      h.revoke_claim_bad = true;
      return;
    }
    c.player = *p;
    c.trick = static_cast<int>(trick);
    h.revoke_claim = c;
  }

  // A hand key's value, or none when absent. In a record kept in progress
  // (`status: in-progress`) an empty value is a placeholder (`trickref new`
  // writes them), read as not yet recorded: nothing after the colon, `~`,
  // `null`, or a map whose every value is one (`taken: {Ann: , Bob: }`).
  // A hand with a value other than its dealer's is begun.
  Node field(const Keys& keys, std::string_view key) {
    const Node v = keys.find(key);
    if (!v.valid() || (g_.in_progress && placeholder(v))) {
      return Node();
    }
    if (key != "dealer") {
      begun_ = true;
    }
    return v;
  }

  static bool placeholder(Node n) {
    if (n.is_null()) {
      return true;
    }
    if (!n.is_map() || n.size() == 0) {
      return false;
    }
    for (std::uint32_t i = 0; i < n.size(); ++i) {
      if (!n.value(i).is_null()) {
        return false;
      }
    }
    return true;
  }

  void hand(Node n, int number) {
    hand_ = number;
    begun_ = false;
    phase_ = phase::kDealer;
    // Read where it is kept (a hand record is large; nothing else joins
    // g_.hands while it is read).
    HandRec& h = g_.hands.emplace_back();
    h.number = number;
    h.loc = n.loc();
    if (!n.is_map()) {
      report(Code::kSchema, n.loc(), fmt::format("hand {} is a map (dealer, trump, tricks, ...), not {}", number,
                                                 n.kind_name()));
      return;
    }
    const Keys keys = check_keys(n, kHandKeys, "hand");
    for (std::uint32_t i = 0; i < n.size(); ++i) {
      const Node k = n.key(i);
      if (!k.is_scalar()) {
        continue;
      }
      const std::string_view word = k.scalar();
      if (const auto* it = std::find_if(kGameOnlyKeys.begin(), kGameOnlyKeys.end(),
                                        [&](std::string_view a) { return same_word(a, word); });
          it != kGameOnlyKeys.end()) {
        h.game_keys.emplace_back(*it, k.loc());
      }
    }
    if (const Node d = field(keys, "dealer"); d.valid()) {
      h.dealer = player(d, "the dealer");
    } else if (number == 1) {
      report(Code::kSchema, n.loc(), "the first hand must name its `dealer`");
    }
    phase_ = phase::kDeal;
    if (const Node d = field(keys, "deal"); d.valid()) {
      h.deal_loc = d.loc();
      deal(d, h);
    }
    if (const Node k = field(keys, "kitty"); k.valid()) {
      h.kitty_loc = k.loc();
      h.kitty = cards(k, "`kitty`");
    }
    phase_ = phase::kAuction;
    if (const Node b = field(keys, "bids"); b.valid()) {
      h.bids_loc = b.loc();
      bids(b, h);
    }
    if (const Node c = field(keys, "contract"); c.valid()) {
      contract(c, h);
    }
    phase_ = phase::kExchange;
    Node pl = field(keys, "plucks");
    if (const Node ex = field(keys, "exchanges"); ex.valid()) {
      if (pl.valid()) {
        report(Code::kSchema, ex.loc(), "`exchanges` is a synonym of `plucks`; give one of them");
      } else {
        pl = ex;
      }
    }
    if (pl.valid()) {
      h.plucks_loc = pl.loc();
      plucks(pl, h);
    }
    phase_ = phase::kTrump;
    if (const Node t = field(keys, "trump_by"); t.valid()) {
      h.trump_by = player(t, "the player who named trump (`trump_by`)");
    }
    if (const Node t = field(keys, "trump"); t.valid()) {
      h.trump_loc = t.loc();
      if (const auto s = t.is_scalar() ? parse_suit(t.scalar()) : std::nullopt) {
        h.trump = s;
      } else if (!t.is_null()) {
        h.trump_bad = true;
        report(Code::kSchema, t.loc(),
               fmt::format("`trump` is a suit (C, D, H or S), not {}",
                           t.is_scalar() ? fmt::format("'{}'", clip(t.scalar())) : std::string(t.kind_name())));
      }
    }
    if (const Node d = field(keys, "discard"); d.valid()) {
      h.discard_loc = d.loc();
      h.discard = cards(d, "`discard`");
    }
    if (const Node s = field(keys, "shows"); s.valid()) {
      h.shows_loc = s.loc();
      shows(s, h);
    }
    phase_ = phase::kTricks;
    if (const Node t = field(keys, "tricks"); t.valid()) {
      h.tricks_loc = t.loc();
      tricks(t, h);
    }
    phase_ = phase::kTotals;
    if (const Node t = field(keys, "taken"); t.valid()) {
      h.taken = numbers(t, "taken", true);
    }
    if (const Node p = field(keys, "partner"); p.valid()) {
      partner(p, h);
    }
    if (const Node c = field(keys, "revoke_claim"); c.valid()) {
      revoke_claim(c, h);
    }
    if (const Node e = field(keys, "early_court"); e.valid()) {
      h.early_court = player(e, "a player of the side that took the early court (`early_court`)");
    }
    if (const Node st = field(keys, "streak"); st.valid()) {
      h.streak = numbers(st, "streak", true);
    }
    if (const Node p = field(keys, "points"); p.valid()) {
      h.points_loc = p.loc();
      h.points = numbers(p, "points", true);
    }
    if (const Node s = field(keys, "score"); s.valid()) {
      h.score = numbers(s, "score", false);
    }
    h.begun = begun_;
    trick_ = 0;
  }

  void deal(Node d, HandRec& h) {
    if (!d.is_map()) {
      report(Code::kSchema, d.loc(), fmt::format("`deal` is a map of players to the cards dealt, not {}",
                                                 d.kind_name()));
      return;
    }
    std::vector<std::vector<CardRef>> by_seat = scratch_.deal_list();
    by_seat.resize(g_.players.size());
    std::vector<bool> seen(g_.players.size(), false);
    h.deal_seat_locs = scratch_.loc_list();
    h.deal_seat_locs.assign(g_.players.size(), Loc{});
    bool ok = true;
    for (std::uint32_t i = 0; i < d.size(); ++i) {
      auto p = player(d.key(i), "a key of `deal`");
      auto cs = cards(d.value(i), [&] { return fmt::format("the deal of {}", clip(nul_shown(d.key(i).scalar()))); });
      if (!p || !cs) {
        ok = false;
        continue;
      }
      const auto s = static_cast<std::size_t>(p->seat);
      by_seat[s] = std::move(*cs);
      seen[s] = true;
      h.deal_seat_locs[s] = d.value(i).loc();
    }
    for (std::size_t s = 0; s < seen.size(); ++s) {
      if (!seen[s] && ok) {
        report(Code::kSchema, d.loc(), fmt::format("`deal` lacks the cards of {}", clip(g_.players[s])));
        ok = false;
      }
    }
    if (ok) {
      h.deal = std::move(by_seat);
    }
  }

  // `bids` (call-deuces.md §4, settled readings): each call a number, `pass`
  // (any case) or null, or a one-key map naming its caller. What is neither
  // is kept as a call that is not a number (the referee's bid-range).
  void bids(Node n, HandRec& h) {
    if (!n.is_sequence()) {
      if (n.is_null()) {
        h.bids.emplace();
        return;
      }
      report(Code::kSchema, n.loc(),
             fmt::format("`bids` is a list of calls (a number or pass, or {{PLAYER: call}}), not {}", n.kind_name()));
      return;
    }
    std::vector<CallRec> out;
    out.reserve(n.size());
    bool ok = true;
    for (std::uint32_t i = 0; i < n.size(); ++i) {
      Node c = n.item(i);
      CallRec r;
      r.loc = c.loc();
      if (c.is_map()) {
        if (c.size() != 1 || !c.key(0).is_scalar()) {
          report(Code::kSchema, c.loc(), "a named call is a map of one player to the call, like {Bob: 18} or {Bob: pass}");
          ok = false;
          continue;
        }
        r.caller = player(c.key(0), "the caller");
        r.caller_bad = !r.caller;
        c = c.value(0);
        r.loc = c.loc();
      }
      call(c, r);
      out.push_back(std::move(r));
    }
    if (ok) {
      h.bids = std::move(out);
    }
  }

  static void call(Node c, CallRec& r) {
    if (c.is_null()) {
      r.kind = CallRec::kPass;
      return;
    }
    if (!c.is_scalar()) {
      r.kind = CallRec::kOther;
      r.text = std::string(c.kind_name());
      return;
    }
    const std::string_view text = c.scalar();
    if (iequals(text, "pass")) {
      r.kind = CallRec::kPass;
      return;
    }
    if (const auto v = c.quoted() ? std::nullopt : parse_integer(text)) {
      r.kind = CallRec::kBid;
      r.bid = *v;  // as written: a bid out of range is reported as the number it is
      return;
    }
    r.kind = CallRec::kOther;
    r.text = clip(nul_shown(text));
  }

  // `contract`: {bidder, bid}, or `none` (or null) for a hand everyone passed.
  void contract(Node n, HandRec& h) {
    ContractRec c;
    c.loc = n.loc();
    if (n.is_null() || (n.is_scalar() && iequals(n.scalar(), "none"))) {
      c.none = true;
      h.contract = c;
      return;
    }
    const Keys keys = n.is_map() ? check_keys(n, kContractKeys, "contract") : Keys();
    if (!n.is_map() || !keys.find("bidder").valid() || !keys.find("bid").valid()) {
      report(Code::kSchema, n.loc(), "`contract` is {bidder: PLAYER, bid: N}, or none when everyone passed");
      h.contract_bad = true;
      return;
    }
    c.bidder = player(keys.find("bidder"), "the bidder");
    const Node b = keys.find("bid");
    c.bid_loc = b.loc();
    const auto v = b.is_scalar() && !b.quoted() ? parse_integer(b.scalar()) : std::nullopt;
    if (!v) {
      report(Code::kSchema, b.loc(),
             fmt::format("the contract's `bid` is a whole number, not {}",
                         b.is_scalar() ? fmt::format("'{}'", clip(b.scalar())) : std::string(b.kind_name())));
    } else {
      c.bid = *v;
    }
    if (!c.bidder || !c.bid) {
      h.contract_bad = true;
      return;
    }
    h.contract = c;
  }

  // `partner`: a player, or none (or null): solo.
  void partner(Node n, HandRec& h) {
    PartnerRec p;
    p.loc = n.loc();
    if (n.is_null() || (n.is_scalar() && iequals(n.scalar(), "none") && seat_of(n.scalar()) < 0)) {
      h.partner = p;
      return;
    }
    p.player = player(n, "the partner");
    if (!p.player) {
      h.partner_bad = true;
      return;
    }
    h.partner = p;
  }

  void plucks(Node n, HandRec& h) {
    if (!n.is_sequence()) {
      if (n.is_null()) {
        h.plucks.emplace();
        return;
      }
      report(Code::kSchema, n.loc(), fmt::format("`plucks` is a list of {{by, from, gives, gets}}, not {}",
                                                 n.kind_name()));
      return;
    }
    std::vector<PluckRec> out = scratch_.pluck_list();
    bool ok = true;
    for (std::uint32_t i = 0; i < n.size(); ++i) {
      const Node p = n.item(i);
      if (!p.is_map()) {
        report(Code::kSchema, p.loc(), fmt::format("a pluck is a map {{by, from, gives, gets}}, not {}", p.kind_name()));
        ok = false;
        continue;
      }
      const Keys keys = check_keys(p, kPluckKeys, "pluck");
      PluckRec r;
      r.loc = p.loc();
      bool this_ok = true;
      for (const char* key : {"by", "from", "gives"}) {
        if (!keys.find(key).valid()) {
          report(Code::kSchema, p.loc(), fmt::format("the pluck lacks `{}`", key));
          this_ok = false;
        }
      }
      if (!this_ok) {
        ok = false;
        continue;
      }
      auto by = player(keys.find("by"), "the plucker (`by`)");
      auto from = player(keys.find("from"), "the pluckee (`from`)");
      r.gives = card(keys.find("gives"));
      if (const Node g = keys.find("gets"); g.valid() && !g.is_null()) {
        r.gets = card(g);
      }
      if (!by || !from) {
        ok = false;
        continue;
      }
      r.by = *by;
      r.from = *from;
      if (r.by.seat == r.from.seat) {
        report(Code::kSchema, p.loc(), fmt::format("{} cannot pluck themselves", clip(g_.players[static_cast<std::size_t>(r.by.seat)])));
        ok = false;
        continue;
      }
      out.push_back(std::move(r));
    }
    if (ok) {
      h.plucks = std::move(out);
    }
  }

  void shows(Node n, HandRec& h) {
    if (!n.is_sequence()) {
      if (n.is_null()) {
        h.shows.emplace();
        return;
      }
      report(Code::kSchema, n.loc(), fmt::format("`shows` is a list of {{to, cards}}, not {}", n.kind_name()));
      return;
    }
    std::vector<ShowRec> out;
    bool ok = true;
    for (std::uint32_t i = 0; i < n.size(); ++i) {
      const Node s = n.item(i);
      const Keys keys = s.is_map() ? check_keys(s, kShowKeys, "show") : Keys();
      if (!s.is_map() || !keys.find("to").valid() || !keys.find("cards").valid()) {
        report(Code::kSchema, s.loc(), "a show is a map {to: PLAYER, cards: [CARDS]}");
        ok = false;
        continue;
      }
      auto to = player(keys.find("to"), "the player shown (`to`)");
      auto cs = cards(keys.find("cards"), "`cards`");
      if (!to || !cs) {
        ok = false;
        continue;
      }
      out.push_back(ShowRec{*to, std::move(*cs), s.loc()});
    }
    if (ok) {
      h.shows = std::move(out);
    }
  }

  void tricks(Node n, HandRec& h) {
    if (!n.is_sequence()) {
      report(Code::kSchema, n.loc(), fmt::format("`tricks` is a list of tricks, not {}", n.kind_name()));
      return;
    }
    std::vector<TrickRec> out = scratch_.trick_list();
    out.reserve(n.size());
    bool ok = true;
    for (std::uint32_t i = 0; i < n.size(); ++i) {
      trick_ = static_cast<int>(i) + 1;
      const Node t = n.item(i);
      TrickRec r;
      r.loc = t.loc();
      Node list = t;
      if (t.is_map()) {
        const Keys keys = check_keys(t, kTrickKeys, "trick");
        list = keys.find("cards");
        if (const Node l = keys.find("leader"); l.valid()) {
          r.leader = player(l, "the trick's `leader`");
          if (!r.leader) {
            ok = false;
          }
        }
        if (!list.valid()) {
          report(Code::kSchema, t.loc(), "the trick lacks its `cards`");
          ok = false;
          continue;
        }
      }
      auto cs = cards(list, "a trick");
      if (!cs) {
        ok = false;
        continue;
      }
      r.cards = std::move(*cs);
      out.push_back(std::move(r));
    }
    trick_ = 0;
    if (ok) {
      h.tricks = std::move(out);
    } else {
      h.tricks.reset();
    }
  }

  void result(Node r) {
    hand_ = 0;
    phase_ = phase::kResult;
    ResultRec out;
    out.loc = r.loc();
    if (!r.is_map()) {
      report(Code::kSchema, r.loc(), fmt::format("`result` is a map with `winner` and/or `score`, not {}",
                                                 r.kind_name()));
      return;
    }
    const Keys keys = check_keys(r, kResultKeys, "result");
    if (const Node w = keys.find("winner"); w.valid()) {
      out.winner_loc = w.loc();
      std::vector<PlayerRef> winners;
      bool ok = true;
      if (w.is_sequence()) {
        for (std::uint32_t i = 0; i < w.size(); ++i) {
          if (auto p = player(w.item(i), "a winner")) {
            winners.push_back(*p);
          } else {
            ok = false;
          }
        }
      } else if (!w.is_null()) {
        if (auto p = player(w, "the winner")) {
          winners.push_back(*p);
        } else {
          ok = false;
        }
      }
      if (ok) {
        out.winners = std::move(winners);
      }
    }
    if (const Node s = keys.find("score"); s.valid()) {
      out.score = numbers(s, "result score", false);
    }
    g_.result = std::move(out);
  }

  Game& g_;
  DiagnosticSink& sink_;
  LoadScratch& scratch_;  // the lists of the games loaded before, taken again
  // Seat by name, for the players' names as g_.players holds them (a record
  // can list thousands: a lookup must not scan them all); filled only for
  // more than kScannedPlayers (seat_of).
  std::unordered_map<std::string_view, int> seat_of_;
  int hand_ = 0;
  bool begun_ = false;  // the hand being read holds more than its dealer
  int trick_ = 0;
  std::uint8_t phase_ = phase::kGame;
};

}  // namespace

Game load_game(Node root, const std::string& file, int index, DiagnosticSink& sink, LoadScratch& scratch) {
  Game g;
  g.file = file;
  g.index = index;
  Loader(g, sink, scratch).game(root);
  return g;
}

Game load_game(Node root, const std::string& file, int index, DiagnosticSink& sink) {
  LoadScratch scratch;
  return load_game(root, file, index, sink, scratch);
}

}  // namespace trickref
