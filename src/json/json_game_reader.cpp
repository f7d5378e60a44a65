#include "json/json_game_reader.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <cstring>
#include <iterator>
#include <optional>
#include <string>
#include <cstdint>
#include <new>
#include <string_view>
#include <utility>
#include <vector>

#include <simdjson.h>

#include "json/line_index.h"
#include "transcript/transcript_loader.h"

namespace trickref {

namespace {

namespace od = simdjson::ondemand;

constexpr std::string_view kBom = "\xEF\xBB\xBF";

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

// Whether two short texts are the same: keys and names are a few bytes,
// where a call to memcmp costs more than the compare. Texts of 8 to 16
// bytes are compared as two overlapping 8-byte words.
bool same(std::string_view a, std::string_view b) {
  const std::size_t n = a.size();
  if (n != b.size()) {
    return false;
  }
  if (n >= 8 && n <= 16) {
    std::uint64_t a0 = 0;
    std::uint64_t a1 = 0;
    std::uint64_t b0 = 0;
    std::uint64_t b1 = 0;
    std::memcpy(&a0, a.data(), 8);
    std::memcpy(&b0, b.data(), 8);
    std::memcpy(&a1, a.data() + n - 8, 8);
    std::memcpy(&b1, b.data() + n - 8, 8);
    return a0 == b0 && a1 == b1;
  }
  if (n > 16) {
    return a == b;
  }
  for (std::size_t i = 0; i < n; ++i) {
    if (a[i] != b[i]) {
      return false;
    }
  }
  return true;
}

// The keys this reader takes, by map. A key not listed declines the
// record: the loader has a word for it (unknown-key, misspelt-key), or it
// belongs to a game whose records go the full way.
enum class GameKey : std::uint8_t { kGame, kId, kEvent, kDate, kNotes, kPlayers, kHands, kResult, kOther };
enum class HandKey : std::uint8_t {
  kDealer, kDeal, kKitty, kPlucks, kTrump, kDiscard, kShows, kTricks, kTaken, kScore, kOther
};

GameKey game_key(std::string_view k) {
  constexpr std::pair<std::string_view, GameKey> kKeys[] = {
      {"game", GameKey::kGame},       {"id", GameKey::kId},       {"event", GameKey::kEvent},
      {"date", GameKey::kDate},       {"notes", GameKey::kNotes}, {"players", GameKey::kPlayers},
      {"hands", GameKey::kHands},     {"result", GameKey::kResult}};
  for (const auto& [word, key] : kKeys) {
    if (same(k, word)) {
      return key;
    }
  }
  return GameKey::kOther;
}

HandKey hand_key(std::string_view k) {
  constexpr std::pair<std::string_view, HandKey> kKeys[] = {
      {"tricks", HandKey::kTricks}, {"deal", HandKey::kDeal},       {"dealer", HandKey::kDealer},
      {"trump", HandKey::kTrump},   {"taken", HandKey::kTaken},     {"score", HandKey::kScore},
      {"plucks", HandKey::kPlucks}, {"kitty", HandKey::kKitty},     {"discard", HandKey::kDiscard},
      {"shows", HandKey::kShows}};
  for (const auto& [word, key] : kKeys) {
    if (same(k, word)) {
      return key;
    }
  }
  return HandKey::kOther;
}

// Which keys of a map were read: a key read twice declines (the loader
// reports duplicate keys).
class Seen {
 public:
  bool first(unsigned key) {
    const std::uint32_t bit = 1U << key;
    if ((bits_ & bit) != 0) {
      return false;
    }
    bits_ |= bit;
    return true;
  }
  [[nodiscard]] bool has(unsigned key) const { return (bits_ & (1U << key)) != 0; }

 private:
  std::uint32_t bits_ = 0;
};

template <class Key>
unsigned bit(Key k) {
  return static_cast<unsigned>(k);
}

// One record's walk. Every function returns false to decline; nothing is
// reported. Levels count the maps and lists open around a value, as the
// located tree's max_depth does (the record's own map is level 0), and
// every key and value counts towards max_json_values, as there.
class Walk {
 public:
  Walk(Game& g, const Limits& limits, const LineIndex& lines, const char* base, const char* end)
      : g_(g), limits_(limits), lines_(lines), base_(base), end_(end), one_line_(lines.one_line()),
        first_line_(lines.first_line()), line_start_(base + lines.bom()) {}

  bool game(od::object& root) {
    if (limits_.max_depth == 0 || !count()) {
      return false;  // the record's own map, at level 0
    }
    Seen seen;
    for (auto entry : root) {
      od::field field;
      std::string_view word;
      if (std::move(entry).get(field) != simdjson::SUCCESS || !key(field, word)) {
        return false;
      }
      const GameKey k = game_key(word);
      if (k == GameKey::kOther || !seen.first(bit(k))) {
        return false;
      }
      od::value v = field.value();
      switch (k) {
        case GameKey::kGame: {
          std::string_view text;
          Loc loc;
          if (!string(v, text, loc) || text.empty()) {
            return false;
          }
          g_.ruleset_ref = std::string(text);
          g_.ruleset_loc = loc;
          break;
        }
        case GameKey::kId:
          if (!text(v, g_.id)) {
            return false;
          }
          break;
        case GameKey::kDate:
          if (!text(v, g_.date)) {
            return false;
          }
          break;
        case GameKey::kNotes:
          if (!text(v, g_.notes)) {
            return false;
          }
          break;
        case GameKey::kEvent:
          if (!event(v)) {
            return false;
          }
          break;
        case GameKey::kPlayers:
          if (!players(v)) {
            return false;
          }
          break;
        case GameKey::kHands:
          // The names must be known before a hand names anyone.
          if (g_.players.empty() || !hands(v)) {
            return false;
          }
          break;
        case GameKey::kResult:
          if (g_.players.empty() || !result(v)) {
            return false;
          }
          break;
        case GameKey::kOther:
          return false;
      }
    }
    // A game without its players or hands has the loader's word.
    return seen.has(bit(GameKey::kPlayers)) && seen.has(bit(GameKey::kHands));
  }

 private:
  // ------------------------------------------------------- values

  // A string with no escape and no control character: its text where it
  // lies (`from` is just past its opening quote). The loader would have a
  // word for a NUL, and an escaped string is left to simdjson's unescaping.
  [[nodiscard]] bool plain(const char* from, std::string_view& text) const {
    for (const char* p = from; p < end_; ++p) {
      const auto c = static_cast<unsigned char>(*p);
      if (c == '"') {
        text = std::string_view(from, static_cast<std::size_t>(p - from));
        return text.size() <= limits_.max_json_string_bytes;
      }
      if (c == '\\' || c < 0x20) {
        return false;
      }
    }
    return false;
  }

  bool count() { return ++values_ <= limits_.max_json_values; }

  // Where `at` is. In a text of one line (a line of JSON Lines) that is its
  // column alone, worked out here as LineIndex::at works it out.
  [[nodiscard]] Loc loc(const char* at) const {
    if (one_line_) {
      const auto column = static_cast<std::size_t>(at - line_start_);
      return Loc{first_line_, static_cast<std::uint32_t>(std::min<std::size_t>(column, 0xFFFFFFF0U)) + 1};
    }
    return lines_.at(static_cast<std::size_t>(at - base_));
  }

  bool key(od::field& field, std::string_view& word) {
    return plain(field.key().raw(), word) && count();
  }

  bool string(od::value& v, std::string_view& text, Loc& at) {
    od::raw_json_string raw;
    if (v.get_raw_json_string().get(raw) != simdjson::SUCCESS || !plain(raw.raw(), text)) {
      return false;
    }
    at = loc(raw.raw() - 1);
    return count();
  }

  bool text(od::value& v, std::string& out) {
    std::string_view s;
    Loc at;
    if (!string(v, s, at)) {
      return false;
    }
    out.assign(s);
    return true;
  }

  // A map or list opened at `level`: where it starts.
  bool open(od::value& v, unsigned level, const char*& at) {
    if (level >= limits_.max_depth || !count()) {
      return false;
    }
    at = v.raw_json_token().data();
    return true;
  }

  bool array(od::value& v, unsigned level, od::array& out, Loc& at) {
    const char* start = nullptr;
    if (!open(v, level, start) || v.get_array().get(out) != simdjson::SUCCESS) {
      return false;
    }
    at = loc(start);
    return true;
  }

  bool object(od::value& v, unsigned level, od::object& out, Loc& at) {
    const char* start = nullptr;
    if (!open(v, level, start) || v.get_object().get(out) != simdjson::SUCCESS) {
      return false;
    }
    at = loc(start);
    return true;
  }

  // A whole number as the loader takes it: a JSON integer within +-1e9
  // (and not below 0 where `non_negative`). Its token is read where it lies.
  bool integer(od::value& v, bool non_negative, long long& out, Loc& at) {
    std::string_view token = v.raw_json_token();
    while (!token.empty() && is_space(token.back())) {
      token.remove_suffix(1);
    }
    std::string_view digits = token;
    if (!digits.empty() && digits.front() == '-') {
      digits.remove_prefix(1);
    }
    // JSON's integers: no leading zero, at most what is in range here.
    if (digits.empty() || digits.size() > 10 || (digits.front() == '0' && digits.size() > 1)) {
      return false;
    }
    for (const char c : digits) {
      if (c < '0' || c > '9') {
        return false;
      }
    }
    const auto [ptr, ec] = std::from_chars(token.data(), token.data() + token.size(), out);
    if (token.size() > limits_.max_json_string_bytes) {
      return false;
    }
    if (ec != std::errc() || ptr != token.data() + token.size() || out > 1'000'000'000LL ||
        out < (non_negative ? 0 : -1'000'000'000LL)) {
      return false;
    }
    at = loc(token.data());
    return count();
  }

  // A player's name: their seat.
  bool player(od::value& v, PlayerRef& out) {
    std::string_view name;
    if (!string(v, name, out.loc)) {
      return false;
    }
    out.seat = seat_of(name);
    return out.seat >= 0;
  }

  [[nodiscard]] int seat_of(std::string_view name) const {
    for (std::size_t i = 0; i < g_.players.size(); ++i) {
      if (same(g_.players[i], name)) {
        return static_cast<int>(i);
      }
    }
    return -1;
  }

  bool card(od::value& v, CardRef& c) {
    std::string_view token;
    if (!string(v, token, c.loc)) {
      return false;
    }
    return read_card(token, c);
  }

  // A card token read where it lies: the text read is padded (kJsonPadding
  // bytes after it may be read), as assign_padded needs.
  bool read_card(std::string_view token, CardRef& c) const {
    c.text.assign_padded(token);
    const std::optional<Card> card = tokens_.read(token);
    c.card = card;
    return card.has_value();
  }

  // A list of cards, filled where it lies (`out`, empty). simdjson finds
  // where the list ends; its cards, a record's most numerous values, are
  // read off its text (list_of_cards).
  bool cards(od::value& v, unsigned level, std::vector<CardRef>& out, Loc& at) {
    od::array list;
    std::string_view raw;
    if (v.get_array().get(list) != simdjson::SUCCESS || list.raw_json().get(raw) != simdjson::SUCCESS) {
      return false;
    }
    const char* p = raw.data();
    const char* const end = raw.data() + raw.size();
    return list_of_cards(p, end, level, out, at) && only_space(p, end);
  }

  // ------------------------------------------- values read off the text
  // A list simdjson has found the end of (raw_json), read here with the
  // grammar of JSON checked as it is read: `p` at the list's '[', moved
  // past its ']'. What is not as expected declines the record.

  // [ "card" , "card" ... ]
  bool list_of_cards(const char*& p, const char* end, unsigned level, std::vector<CardRef>& out, Loc& at) {
    if (p == end || *p != '[' || level >= limits_.max_depth || !count()) {
      return false;
    }
    at = loc(p);
    p = skip_space(p + 1, end);
    if (p < end && *p == ']') {
      ++p;
      return true;
    }
    while (p < end && *p == '"') {
      std::string_view token;
      if (!plain(p + 1, token) || !count()) {
        return false;
      }
      CardRef& c = out.emplace_back();
      c.loc = loc(p);
      if (!read_card(token, c)) {
        return false;
      }
      const char* after = token.data() + token.size() + 1;
      if (!next_item(p, after, end, ']')) {
        return false;
      }
      if (p == nullptr) {
        p = skip_space(after, end) + 1;
        return true;
      }
    }
    return false;
  }

  // After an item (`after` just past it): true with `p` at the next item
  // (past a ','), or with `p` null when `close` ends the list or map.
  static bool next_item(const char*& p, const char* after, const char* end, char close) {
    const char* q = skip_space(after, end);
    if (q < end && *q == close) {
      p = nullptr;
      return true;
    }
    if (q == end || *q != ',') {
      return false;
    }
    p = skip_space(q + 1, end);
    return true;
  }

  // A trick: [cards], or {"leader": "name", "cards": [cards]} (its keys in either order).
  bool trick(const char*& p, const char* end, TrickRec& r) {
    if (p < end && *p == '[') {
      return list_of_cards(p, end, 4, r.cards, r.loc);
    }
    if (p == end || *p != '{' || 4 >= limits_.max_depth || !count()) {
      return false;
    }
    r.loc = loc(p);
    p = skip_space(p + 1, end);
    Seen seen;
    while (p < end && *p == '"') {
      std::string_view word;
      if (!plain(p + 1, word) || !count()) {
        return false;
      }
      p = skip_space(word.data() + word.size() + 1, end);
      if (p == end || *p != ':') {
        return false;
      }
      p = skip_space(p + 1, end);
      if (same(word, "leader") && seen.first(0)) {
        std::string_view name;
        PlayerRef& leader = r.leader.emplace();
        if (p == end || *p != '"' || !plain(p + 1, name) || !count()) {
          return false;
        }
        leader.loc = loc(p);
        leader.seat = seat_of(name);
        if (leader.seat < 0) {
          return false;
        }
        p = name.data() + name.size() + 1;
      } else if (same(word, "cards") && seen.first(1)) {
        Loc at;
        if (!list_of_cards(p, end, 5, r.cards, at)) {
          return false;
        }
      } else {
        return false;
      }
      const char* after = p;
      if (!next_item(p, after, end, '}')) {
        return false;
      }
      if (p == nullptr) {
        p = skip_space(after, end) + 1;
        return seen.has(1);
      }
    }
    return false;
  }

  static const char* skip_space(const char* p, const char* end) {
    while (p < end && is_space(*p)) {
      ++p;
    }
    return p;
  }

  static bool only_space(const char* p, const char* end) { return skip_space(p, end) == end; }

  bool card_list(od::value& v, unsigned level, std::optional<std::vector<CardRef>>& out, Loc& at, bool few) {
    out = take_card_list(few);
    return cards(v, level, *out, at);
  }

  // `taken`, `score`: each key a player, each value a whole number.
  bool numbers(od::value& v, unsigned level, bool non_negative, std::optional<SeatNumbers>& out) {
    od::object map;
    SeatNumbers n = take_seat_numbers(g_.players.size());
    if (!object(v, level, map, n.loc)) {
      return false;
    }
    Seen named;
    for (auto entry : map) {
      od::field field;
      std::string_view name;
      long long value = 0;
      Loc at;
      if (std::move(entry).get(field) != simdjson::SUCCESS || !key(field, name)) {
        return false;
      }
      const int seat = seat_of(name);
      if (seat < 0 || !named.first(static_cast<unsigned>(seat)) ||
          !integer(field.value(), non_negative, value, at)) {
        return false;
      }
      n.values[static_cast<std::size_t>(seat)] = value;
      n.locs[static_cast<std::size_t>(seat)] = at;
    }
    out = std::move(n);
    return true;
  }

  // ------------------------------------------------------- the game

  // `event`: details by name, each a string.
  bool event(od::value& v) {
    od::object map;
    Loc at;
    if (!object(v, 1, map, at)) {
      return false;
    }
    for (auto entry : map) {
      od::field field;
      std::string_view name;
      std::string value;
      if (std::move(entry).get(field) != simdjson::SUCCESS || !key(field, name) || !text(field.value(), value) ||
          std::any_of(g_.event.begin(), g_.event.end(), [&](const auto& e) { return e.first == name; })) {
        return false;  // a detail named twice is a key twice
      }
      g_.event.emplace_back(std::string(name), std::move(value));
    }
    return true;
  }

  // `players`: a few distinct names (a long list goes the loader's way,
  // which looks names up by hash).
  bool players(od::value& v) {
    od::array list;
    Loc at;
    if (!array(v, 1, list, at)) {
      return false;
    }
    for (auto item : list) {
      od::value p;
      std::string_view name;
      Loc where;
      if (std::move(item).get(p) != simdjson::SUCCESS || !string(p, name, where) || name.empty() ||
          seat_of(name) >= 0 || g_.players.size() == kScannedPlayers) {
        return false;
      }
      g_.players.emplace_back(name);
      g_.player_locs.push_back(where);
    }
    return !g_.players.empty();
  }
  static constexpr std::size_t kScannedPlayers = 8;

  bool hands(od::value& v) {
    od::array list;
    Loc at;
    if (!array(v, 1, list, at)) {
      return false;
    }
    g_.hands = take_hand_list();
    int number = 0;
    for (auto item : list) {
      od::value h;
      if (std::move(item).get(h) != simdjson::SUCCESS) {
        return false;
      }
      HandRec& rec = g_.hands.emplace_back();
      rec.number = ++number;
      if (!hand(h, rec)) {
        return false;
      }
    }
    return true;
  }

  bool hand(od::value& v, HandRec& h) {
    od::object map;
    if (!object(v, 2, map, h.loc)) {
      return false;
    }
    Seen seen;
    for (auto entry : map) {
      od::field field;
      std::string_view word;
      if (std::move(entry).get(field) != simdjson::SUCCESS || !key(field, word)) {
        return false;
      }
      const HandKey k = hand_key(word);
      if (k == HandKey::kOther || !seen.first(bit(k))) {
        return false;
      }
      for (const std::string_view only : kGameOnlyKeys) {
        if (same(only, word)) {
          if (h.game_keys.capacity() == 0) {
            h.game_keys = take_game_key_list();
          }
          h.game_keys.emplace_back(only, loc(field.key().raw() - 1));
        }
      }
      if (!hand_value(k, field.value(), h)) {
        return false;
      }
    }
    // The first hand names its dealer, or the loader says so.
    if (h.number == 1 && !seen.has(bit(HandKey::kDealer))) {
      return false;
    }
    h.begun = std::any_of(std::begin(kBegun), std::end(kBegun), [&](HandKey k) { return seen.has(bit(k)); });
    return true;
  }
  // The keys that make a hand begun: any but its dealer.
  static constexpr HandKey kBegun[] = {HandKey::kDeal,    HandKey::kKitty, HandKey::kPlucks,
                                       HandKey::kTrump,   HandKey::kDiscard, HandKey::kShows,
                                       HandKey::kTricks,  HandKey::kTaken, HandKey::kScore};

  bool hand_value(HandKey k, od::value v, HandRec& h) {
    switch (k) {
      case HandKey::kDealer:
        return player(v, h.dealer.emplace());
      case HandKey::kDeal:
        return deal(v, h);
      case HandKey::kKitty:
        return card_list(v, 3, h.kitty, h.kitty_loc, true);
      case HandKey::kDiscard:
        return card_list(v, 3, h.discard, h.discard_loc, true);
      case HandKey::kPlucks:
        return plucks(v, h);
      case HandKey::kShows:
        return shows(v, h);
      case HandKey::kTrump: {
        std::string_view text;
        if (!string(v, text, h.trump_loc)) {
          return false;
        }
        h.trump = parse_suit(text);
        return h.trump.has_value();
      }
      case HandKey::kTricks:
        return tricks(v, h);
      case HandKey::kTaken:
        return numbers(v, 3, true, h.taken);
      case HandKey::kScore:
        return numbers(v, 3, false, h.score);
      case HandKey::kOther:
        break;
    }
    return false;
  }

  // `deal`: every player's cards, by name.
  bool deal(od::value& v, HandRec& h) {
    od::object map;
    if (!object(v, 3, map, h.deal_loc)) {
      return false;
    }
    const std::size_t n = g_.players.size();
    std::vector<std::vector<CardRef>> by_seat = take_deal_list();
    by_seat.resize(n);
    h.deal_seat_locs = take_loc_list();
    h.deal_seat_locs.assign(n, Loc{});
    Seen dealt;
    for (auto entry : map) {
      od::field field;
      std::string_view name;
      if (std::move(entry).get(field) != simdjson::SUCCESS || !key(field, name)) {
        return false;
      }
      const int seat = seat_of(name);
      if (seat < 0 || !dealt.first(static_cast<unsigned>(seat))) {
        return false;
      }
      const auto s = static_cast<std::size_t>(seat);
      by_seat[s] = take_card_list(false);
      if (!cards(field.value(), 4, by_seat[s], h.deal_seat_locs[s])) {
        return false;
      }
    }
    for (std::size_t s = 0; s < n; ++s) {
      if (!dealt.has(static_cast<unsigned>(s))) {
        return false;  // the loader says whose cards are missing
      }
    }
    h.deal = std::move(by_seat);
    return true;
  }

  // `plucks`: {by, from, gives, gets} each.
  bool plucks(od::value& v, HandRec& h) {
    od::array list;
    if (!array(v, 3, list, h.plucks_loc)) {
      return false;
    }
    h.plucks = take_pluck_list();
    for (auto item : list) {
      od::value p;
      od::object map;
      if (std::move(item).get(p) != simdjson::SUCCESS) {
        return false;
      }
      PluckRec& r = h.plucks->emplace_back();
      if (!object(p, 4, map, r.loc)) {
        return false;
      }
      Seen seen;
      for (auto entry : map) {
        od::field field;
        std::string_view word;
        if (std::move(entry).get(field) != simdjson::SUCCESS || !key(field, word)) {
          return false;
        }
        od::value value = field.value();
        bool ok = false;
        if (same(word, "by")) {
          ok = seen.first(0) && player(value, r.by);
        } else if (same(word, "from")) {
          ok = seen.first(1) && player(value, r.from);
        } else if (same(word, "gives")) {
          ok = seen.first(2) && card(value, r.gives);
        } else if (same(word, "gets")) {
          bool null = false;
          ok = seen.first(3) && value.is_null().get(null) == simdjson::SUCCESS;
          if (ok && null) {
            ok = count();
          } else if (ok) {
            ok = card(value, r.gets.emplace());
          }
        }
        if (!ok) {
          return false;
        }
      }
      if (!seen.has(0) || !seen.has(1) || !seen.has(2) || r.by.seat == r.from.seat) {
        return false;
      }
    }
    return true;
  }

  // `shows`: {to, cards} each.
  bool shows(od::value& v, HandRec& h) {
    od::array list;
    if (!array(v, 3, list, h.shows_loc)) {
      return false;
    }
    h.shows.emplace();
    for (auto item : list) {
      od::value s;
      od::object map;
      if (std::move(item).get(s) != simdjson::SUCCESS) {
        return false;
      }
      ShowRec& r = h.shows->emplace_back();
      if (!object(s, 4, map, r.loc)) {
        return false;
      }
      Seen seen;
      for (auto entry : map) {
        od::field field;
        std::string_view word;
        if (std::move(entry).get(field) != simdjson::SUCCESS || !key(field, word)) {
          return false;
        }
        Loc at;
        const bool ok = word == "to"      ? seen.first(0) && player(field.value(), r.to)
                        : word == "cards" ? seen.first(1) && cards(field.value(), 5, r.cards, at)
                                          : false;
        if (!ok) {
          return false;
        }
      }
      if (!seen.has(0) || !seen.has(1)) {
        return false;
      }
    }
    return true;
  }

  // `tricks`: each a list of cards, or {leader, cards}; read off the
  // text once simdjson has found where the list ends.
  bool tricks(od::value& v, HandRec& h) {
    od::array list;
    std::string_view raw;
    if (v.get_array().get(list) != simdjson::SUCCESS || list.raw_json().get(raw) != simdjson::SUCCESS) {
      return false;
    }
    const char* p = raw.data();
    const char* const end = raw.data() + raw.size();
    if (p == end || *p != '[' || 3 >= limits_.max_depth || !count()) {
      return false;
    }
    h.tricks_loc = loc(p);
    h.tricks = take_trick_list();
    p = skip_space(p + 1, end);
    if (p < end && *p == ']') {
      return only_space(p + 1, end);
    }
    while (p < end) {
      TrickRec& r = h.tricks->emplace_back();
      r.cards = take_card_list(true);
      if (!trick(p, end, r)) {
        return false;
      }
      const char* after = p;
      if (!next_item(p, after, end, ']')) {
        return false;
      }
      if (p == nullptr) {
        return only_space(skip_space(after, end) + 1, end);
      }
    }
    return false;
  }

  // `result`: {winner, score}.
  bool result(od::value& v) {
    od::object map;
    ResultRec& out = g_.result.emplace();
    if (!object(v, 1, map, out.loc)) {
      return false;
    }
    Seen seen;
    for (auto entry : map) {
      od::field field;
      std::string_view word;
      if (std::move(entry).get(field) != simdjson::SUCCESS || !key(field, word)) {
        return false;
      }
      od::value value = field.value();
      bool ok = false;
      if (word == "winner") {
        ok = seen.first(0) && winners(value, out);
      } else if (word == "score") {
        ok = seen.first(1) && numbers(value, 2, false, out.score);
      }
      if (!ok) {
        return false;
      }
    }
    return true;
  }

  // `winner`: a name, or a list of names.
  bool winners(od::value& v, ResultRec& out) {
    od::json_type type{};
    if (v.type().get(type) != simdjson::SUCCESS) {
      return false;
    }
    auto& names = out.winners.emplace();
    if (type == od::json_type::string) {
      if (!player(v, names.emplace_back())) {
        return false;
      }
      out.winner_loc = names.back().loc;
      return true;
    }
    od::array list;
    if (!array(v, 2, list, out.winner_loc)) {
      return false;
    }
    for (auto item : list) {
      od::value p;
      if (std::move(item).get(p) != simdjson::SUCCESS || !player(p, names.emplace_back())) {
        return false;
      }
    }
    return true;
  }

  Game& g_;
  const Limits& limits_;
  const LineIndex& lines_;
  const char* base_;
  const char* end_;
  std::uint64_t values_ = 0;
  const ShortCardTokens& tokens_ = ShortCardTokens::get();
  bool one_line_;
  std::uint32_t first_line_;
  const char* line_start_;
};

}  // namespace

namespace {

// Empties `g` for the next record: its lists recycled (recycle_game), and
// the storage of its names and details kept; every other field as new.
void reuse(Game& g) {
  recycle_game(g);
  Game fresh;
  fresh.players = std::move(g.players);
  fresh.players.clear();
  fresh.player_locs = std::move(g.player_locs);
  fresh.player_locs.clear();
  fresh.event = std::move(g.event);
  fresh.event.clear();
  fresh.id = std::move(g.id);
  fresh.id.clear();
  g = std::move(fresh);
}

}  // namespace

struct JsonGameReader::Impl {
  explicit Impl(const Limits& l) : limits(l) {}
  Limits limits;
  od::parser parser;
  LineIndex lines;
  std::vector<char> copy;  // a text that came without padding
};

JsonGameReader::JsonGameReader(const Limits& limits) : impl_(std::make_unique<Impl>(limits)) {}

JsonGameReader::~JsonGameReader() = default;

bool JsonGameReader::read(const JsonText& in, Game& game) {
  reuse(game);
  auto& im = *impl_;
  const std::string_view text = in.text;
  if (text.size() >= simdjson::SIMDJSON_MAXSIZE_BYTES - kJsonPadding) {
    return false;
  }
  const std::size_t bom = text.substr(0, 3) == kBom ? 3 : 0;
  std::size_t start = bom;
  while (start < text.size() && is_space(text[start])) {
    ++start;
  }
  if (start == text.size() || text[start] != '{') {
    return false;
  }
  im.lines.reset(text, bom, in.first_line);
  bool taken = false;
  try {
    const char* data = text.data();
    if (!in.padded) {
      im.copy.assign(text.begin(), text.end());
      im.copy.resize(text.size() + kJsonPadding, ' ');
      data = im.copy.data();
    }
    const simdjson::padded_string_view view(data + bom, text.size() - bom, text.size() - bom + kJsonPadding);
    od::document d;
    od::object root;
    if (im.parser.iterate(view).get(d) == simdjson::SUCCESS && d.get_object().get(root) == simdjson::SUCCESS) {
      Walk walk(game, im.limits, im.lines, data, data + text.size());
      game.loc = im.lines.at(start);
      const char* after = nullptr;
      // Taken when the walk took every key and nothing follows the record
      // (simdjson stops at the value's end).
      taken = walk.game(root) && d.current_location().get(after) != simdjson::SUCCESS;
    }
  } catch (const std::bad_alloc&) {
    taken = false;  // the full way reports it
  }
  if (!taken) {
    reuse(game);
  }
  return taken;
}

}  // namespace trickref
