#include "json/json_game_reader.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <cstring>
#include <iterator>
#include <new>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <simdjson.h>

#include "json/json_keys.h"
#include "json/json_text.h"
#include "transcript/transcript_loader.h"

namespace trickref {

namespace {

using json_keys::bit;
using json_keys::game_key;
using json_keys::GameKey;
using json_keys::hand_key;
using json_keys::HandKey;
using json_keys::kGameOnlyHandKeys;
using json_keys::same;
using json_keys::Seen;

// ------------------------------------------- the game read before, reused
// An archive holds thousands of games of one shape: each game is read over
// the one before it, in place, so that every list (a hand's, a trick's, a
// deal's cards) is filled in the storage it had, without being allocated,
// freed, or handed from one game to the next. What a record leaves out is
// emptied (at the end of a hand, and of a list): what the walk takes is the Game
// load_game gives, whatever the Game held (the JsonGameReader tests read
// records of every shape over one another).

// The list `out` holds, emptied (its storage kept), or a new one.
template <class T>
std::vector<T>& emptied(std::optional<std::vector<T>>& out) {
  if (out) {
    out->clear();
    return *out;
  }
  return out.emplace();
}

// Lists of items that hold lists (a game's hands, a hand's tricks), each
// read over the list read before. A list longer than before takes back
// items an earlier list left past its end (games have more hands or fewer),
// rather than new ones.
template <class T>
class Regrow {
 public:
  // The next item of `list` (`read` items read so far): the item there
  // before, made ready by `reuse`, or a new one.
  template <class Reuse>
  T& next(std::vector<T>& list, std::size_t& read, Reuse&& reuse) {
    if (read == list.size()) {
      if (spare_.empty()) {
        ++read;
        return list.emplace_back();
      }
      list.push_back(std::move(spare_.back()));
      spare_.pop_back();
    }
    T& kept = list[read++];
    reuse(kept);
    return kept;
  }
  // Ends `list` after its `read` items, keeping those past them aside.
  void cut(std::vector<T>& list, std::size_t read) {
    while (list.size() > read) {
      if (spare_.size() < kMost) {
        spare_.push_back(std::move(list.back()));
      }
      list.pop_back();
    }
  }

 private:
  static constexpr std::size_t kMost = 1024;  // a game of thousands of hands is not kept whole
  std::vector<T> spare_;
};

// What the walk of one record keeps for the next.
struct Kept {
  Regrow<HandRec> hands;
  Regrow<TrickRec> tricks;
};

// One record's walk over its text, the grammar of JSON checked as it is
// read, for the values a record holds: strings without escapes, whole
// numbers, null, lists and maps. Every function returns false to decline;
// nothing is reported. Levels count the maps and lists open around a value,
// as the located tree's max_depth does (the record's own map is level 0),
// and every key and value counts towards max_json_values, as there.
class Walk {
 public:
  Walk(Game& g, Kept& kept, const Limits& limits, const LineIndex& lines, const char* base, const char* end)
      : g_(g), kept_(kept), limits_(limits), lines_(lines), one_line_(lines.one_line(base)), base_(base), end_(end) {}

  // Where the walk is: `p` moves past each value read.
  struct Text {
    const char* p;
    const char* end;
    void skip_space() { p = Walk::skip_space(p, end); }
    [[nodiscard]] bool at(char c) const { return *p == c && p < end; }  // (padded: *end may be read)
    // What may follow a value: white space, ',', ']', '}', or the end.
    [[nodiscard]] bool value_ends() const {
      return p == end || is_json_space(*p) || *p == ',' || *p == ']' || *p == '}';
    }
  };

  bool game(Text& t) {
    Seen seen;
    const bool ok = raw_map(t, 0, g_.loc, [&](std::string_view word, Loc) {
      const GameKey k = game_key(word);
      if (k == GameKey::kOther || !seen.first(bit(k))) {
        return false;
      }
      std::string_view text;
      Loc at;
      switch (k) {
        case GameKey::kGame:
          if (!raw_string(t, text, g_.ruleset_loc) || text.empty()) {
            return false;
          }
          g_.ruleset_ref = std::string(text);
          return true;
        case GameKey::kId:
          return raw_string(t, text, at) && (g_.id.assign(text), true);
        case GameKey::kDate:
          return raw_string(t, text, at) && (g_.date.assign(text), true);
        case GameKey::kNotes:
          return raw_string(t, text, at) && (g_.notes.assign(text), true);
        case GameKey::kEvent:
          return event(t);
        case GameKey::kPlayers:
          return players(t);
        case GameKey::kHands:
          return hands(t);  // the names must be known before a hand names anyone
        case GameKey::kResult:
          return !g_.players.empty() && result(t);
        case GameKey::kOther:
          break;
      }
      return false;
    });
    // A game without its players or hands has the loader's word.
    return ok && seen.has(bit(GameKey::kPlayers)) && seen.has(bit(GameKey::kHands)) &&
           values_ <= limits_.max_json_values;
  }

 private:
  bool raw_string(Text& t, std::string_view& s, Loc& at) {
    if (!t.at('"') || !plain(t.p + 1, s)) {
      return false;
    }
    count();
    at = loc(t.p);
    t.p = s.data() + s.size() + 1;
    return true;
  }

  bool raw_null(Text& t) {
    if (t.end - t.p < 4 || std::string_view(t.p, 4) != "null") {
      return false;
    }
    count();
    t.p += 4;
    return t.value_ends();
  }

  // A whole number as the loader takes it: a JSON integer within +-1e9
  // (and not below 0 where `non_negative`); a fraction or an exponent declines.
  bool raw_integer(Text& t, bool non_negative, long long& out, Loc& at) {
    const char* const from = t.p;
    const char* q = from;
    if (q < t.end && *q == '-') {
      ++q;
    }
    const char* const digits = q;
    while (q < t.end && *q >= '0' && *q <= '9') {
      ++q;
    }
    const auto n = q - digits;
    t.p = q;
    if (n == 0 || n > 10 || (*digits == '0' && n > 1) || !t.value_ends() ||
        static_cast<std::size_t>(q - from) > limits_.max_json_string_bytes) {
      return false;
    }
    // At most 10 digits: the value fits, read digit by digit.
    long long value = 0;
    for (const char* d = digits; d < q; ++d) {
      value = value * 10 + (*d - '0');
    }
    out = digits != from ? -value : value;
    if (out > 1'000'000'000LL || out < (non_negative ? 0 : -1'000'000'000LL)) {
      return false;
    }
    at = loc(from);
    count();
    return true;
  }

  // A list or a map at nesting `level`, between `open` and `close`, its
  // items separated by commas: `item()` reads each (a map's key, ':' and value).
  template <class Item>
  bool items(Text& t, unsigned level, Loc& at, char open, char close, Item&& item) {
    if (!t.at(open) || level >= limits_.max_depth) {
      return false;
    }
    count();
    at = loc(t.p);
    ++t.p;
    t.skip_space();
    if (t.at(close)) {
      ++t.p;
      return true;
    }
    for (;;) {
      if (!item()) {
        return false;
      }
      t.skip_space();
      if (t.at(close)) {
        ++t.p;
        return true;
      }
      if (!t.at(',')) {
        return false;
      }
      ++t.p;
      t.skip_space();
    }
  }

  // A map: `entry(word, key_at)` reads each key's value.
  template <class Entry>
  bool raw_map(Text& t, unsigned level, Loc& at, Entry&& entry) {
    return items(t, level, at, '{', '}', [&] {
      std::string_view word;
      Loc key_at;
      return raw_string(t, word, key_at) && colon(t) && entry(word, key_at);
    });
  }

  // The ':' after a map's key, and the white space about it.
  [[gnu::always_inline]] static bool colon(Text& t) {
    t.skip_space();
    if (!t.at(':')) {
      return false;
    }
    ++t.p;
    t.skip_space();
    return true;
  }

  template <class Item>
  bool raw_list(Text& t, unsigned level, Loc& at, Item&& item) {
    return items(t, level, at, '[', ']', item);
  }

  bool player(Text& t, PlayerRef& out) { return named_seat(t, 0, out.seat, out.loc); }

  // The player the string at `t` names (`seat`, placed at `at`), the seat
  // `likely` tried first: by the name's bytes where they lie (name_at),
  // else by the string scan. False where it is no string or no player's.
  [[gnu::always_inline]] bool named_seat(Text& t, std::size_t likely, int& seat, Loc& at) {
    if (const char* after = nullptr; t.at('"') && (seat = name_at(t.p, likely, after)) >= 0) [[likely]] {
      count();
      at = loc(t.p);
      t.p = after;
      return true;
    }
    std::string_view name;
    if (!raw_string(t, name, at)) {
      return false;
    }
    seat = seat_of(name, likely);
    return seat >= 0;
  }

  // A map keyed by players' names: `entry(seat)` reads each key's value.
  // Its keys are read as player() reads a name, each seat tried first
  // where a map by players, as trickref writes it, has it (in seat order).
  template <class Entry>
  bool seat_map(Text& t, unsigned level, Loc& at, Entry&& entry) {
    std::size_t next = 0;
    return items(t, level, at, '{', '}', [&] {
      int seat = -1;
      Loc key_at;
      return named_seat(t, next++, seat, key_at) && colon(t) && entry(seat);
    });
  }

  bool card(Text& t, CardRef& c) {
    if (!t.at('"')) {
      return false;
    }
    count();
    const char* const after = card_token(t.p, c, end_, places());
    if (after != nullptr) {
      t.p = after;
    }
    return after != nullptr;
  }

  // Where values are, as loc() says, held by value: a loop over a list's
  // cards keeps it in registers. (Through the walk's members it would be
  // loaded again for every card, as a card's text is written byte-wise,
  // which may be any member.)
  struct Places {
    const Walk* walk;
    std::optional<LineIndex::OneLine> one_line;
    [[nodiscard]] Loc at(const char* p) const { return one_line ? one_line->at(p) : walk->loc(p); }
  };
  [[nodiscard]] Places places() const { return Places{this, one_line_}; }

  // The card token whose opening quote is at `q`, read into `c` (the
  // caller counts it): past its closing quote, or nullptr to decline.
  // `end` is end_, held by the caller. A token of two bytes, or "10" and
  // one, that the table names a card is read without the string scan: such
  // a card is letters and digits only, so its text is plain.
  [[gnu::always_inline]] const char* card_token(const char* q, CardRef& c, const char* end, const Places& where) const {
    c.loc = where.at(q);
    std::optional<Card> card;
    std::size_t n = 0;
    if (q + 3 < end && q[3] == '"') {
      card = tokens_.two(q[1], q[2]);
      n = 2;
    } else if (q + 4 < end && q[4] == '"' && q[1] == '1' && q[2] == '0') {
      card = tokens_.ten(q[3]);
      n = 3;
    }
    // (A record the string limit lets through has its 7-byte key "players":
    // these 3 bytes at most are within it.)
    if (card) [[likely]] {
      c.text.assign_padded(std::string_view(q + 1, n));
      c.card = card;
      return q + n + 2;
    }
    return any_card_token(q, c);
  }

  // card_token's way for any other token: the string scanned, the card read in full.
  [[gnu::noinline]] const char* any_card_token(const char* q, CardRef& c) const {
    std::string_view token;
    if (!plain(q + 1, token) || !read_card(token, c)) {
      return nullptr;
    }
    return token.data() + token.size() + 1;
  }

  // A list of cards, read where it lies into `out`, the list read before
  // (the game before's): its cards are written over in place and those past
  // the new list's end let go, so a card costs neither a new item nor the
  // end of an old one. Where the list is declined (false), what `out` holds
  // is left unsaid: the record goes the full way, and the next walk writes
  // the list over again. A record is mostly these: this is raw_list of card
  // in one loop that keeps its place in a register (about 5% off
  // JsonLines/Direct against raw_list of card). What each card reads is
  // held in locals (the list's length and storage, the text's end, places):
  // 419.8M to 411.5M instructions over 1,000 games (callgrind, validate -q).
  bool cards(Text& t, unsigned level, std::vector<CardRef>& out, Loc& at) {
    if (!t.at('[') || level >= limits_.max_depth) {
      return false;
    }
    count();
    at = loc(t.p);
    const char* const end = t.end;
    const char* p = skip_space(t.p + 1, end);
    if (*p == ']' && p < end) {
      out.clear();
      t.p = p + 1;
      return true;
    }
    const char* const text_end = end_;
    const Places where = places();
    std::size_t n = 0;  // cards read: out's first n
    std::size_t had = out.size();
    CardRef* slots = out.data();
    for (;;) {
      if (*p != '"' || p >= end) {
        return false;
      }
      if (n == had) {
        out.emplace_back();
        had = out.size();
        slots = out.data();
      }
      p = card_token(p, slots[n], text_end, where);
      ++n;
      if (p == nullptr) {
        return false;
      }
      if (*p == ',' && p < end) [[likely]] {
        p = skip_space(p + 1, end);
        continue;
      }
      p = skip_space(p, end);
      if (*p == ',' && p < end) {
        p = skip_space(p + 1, end);
        continue;
      }
      if (*p == ']' && p < end) {
        values_ += n;
        out.erase(out.begin() + static_cast<std::ptrdiff_t>(n), out.end());
        t.p = p + 1;
        return true;
      }
      return false;
    }
  }

  // (Every byte of JSON's white space is at most ' ': other bytes take one
  // compare. The text is padded, so the byte at `end` may be read.)
  static const char* skip_space(const char* p, const char* end) {
    while (static_cast<unsigned char>(*p) <= ' ' && p < end && is_json_space(*p)) {
      ++p;
    }
    return p;
  }

  bool card_list(Text& t, unsigned level, std::optional<std::vector<CardRef>>& out, Loc& at) {
    return cards(t, level, out ? *out : out.emplace(), at);
  }

  // `taken`, `score`: each key a player (once), each value a whole number.
  bool numbers(Text& t, unsigned level, bool non_negative, std::optional<SeatNumbers>& out) {
    SeatNumbers& n = out ? *out : out.emplace();
    n.values.assign(g_.players.size(), std::nullopt);
    n.locs.assign(g_.players.size(), Loc{});
    n.sides.clear();
    Seen named;
    return seat_map(t, level, n.loc, [&](int seat) {
      long long value = 0;
      Loc at;
      if (seat < 0 || !named.first(static_cast<unsigned>(seat)) || !raw_integer(t, non_negative, value, at)) {
        return false;
      }
      n.values[static_cast<std::size_t>(seat)] = value;
      n.locs[static_cast<std::size_t>(seat)] = at;
      return true;
    });
  }

  // A string with no escape and no control character: its text where it
  // lies (`from` is just past its opening quote). The loader would have a
  // word for a NUL, and an escaped string is left to simdjson's unescaping.
  // Eight bytes at a time (the text is padded: a word may run past end_).
  // In each word, (x - 1s) & ~x & highs flags its zero bytes and
  // (w - 0x20s) & ~w & highs its bytes below 0x20; a borrow can flag a
  // byte wrongly only above one flagged rightly, so the lowest flag found
  // is the first quote, backslash or control byte.
  [[nodiscard]] bool plain(const char* from, std::string_view& text) const {
    constexpr std::uint64_t kOnes = 0x0101010101010101ULL;
    constexpr std::uint64_t kHighs = 0x8080808080808080ULL;
    for (const char* p = from; p < end_; p += 8) {
      std::uint64_t w = 0;
      std::memcpy(&w, p, 8);
      const std::uint64_t quote = w ^ (kOnes * '"');
      const std::uint64_t backslash = w ^ (kOnes * '\\');
      const std::uint64_t flags =
          ((quote - kOnes) & ~quote) | ((backslash - kOnes) & ~backslash) | ((w - kOnes * 0x20) & ~w);
      if ((flags & kHighs) != 0) {
        const char* const at = p + (std::countr_zero(flags & kHighs) >> 3);
        if (at >= end_ || *at != '"') {
          return false;
        }
        text = std::string_view(from, static_cast<std::size_t>(at - from));
        return text.size() <= limits_.max_json_string_bytes;
      }
    }
    return false;
  }

  // Every key and value counts towards max_json_values; the count is
  // checked once, when the record is read (game()): the walk is linear in
  // the text either way.
  void count() { ++values_; }

  [[nodiscard]] Loc loc(const char* at) const {
    if (one_line_) [[likely]] {
      return one_line_->at(at);
    }
    return lines_.at(static_cast<std::size_t>(at - base_));
  }

  // The seat of the player `name`, or -1. `likely`: the seat to try
  // first (a map by players, as trickref writes it, names them in seat
  // order).
  [[nodiscard]] int seat_of(std::string_view name, std::size_t likely = 0) const {
    if (likely < g_.players.size() && same(g_.players[likely], name)) {
      return static_cast<int>(likely);
    }
    for (std::size_t i = 0; i < g_.players.size(); ++i) {
      if (same(g_.players[i], name)) {
        return static_cast<int>(i);
      }
    }
    return -1;
  }

  // The seat whose name is the string whose opening quote is at `q`, as
  // written (`after`: past its closing quote), trying `likely` first; -1
  // where the bytes there are no name followed by a quote, which the
  // string scan and seat_of then read. Every name is plain (players() reads
  // no other), without a quote, a backslash or a control byte: a name's
  // bytes and a quote are that string, whole, and no other.
  [[nodiscard]] int name_at(const char* q, std::size_t likely, const char*& after) const {
    const std::size_t seats = g_.players.size();
    for (std::size_t k = 0; k < seats; ++k) {
      const std::size_t i = k == 0 ? std::min(likely, seats - 1) : (k <= likely ? k - 1 : k);
      const std::string& name = g_.players[i];
      const std::size_t n = name.size();
      if (q + n + 1 < end_ && q[n + 1] == '"' && same(std::string_view(q + 1, n), name)) {
        after = q + n + 2;
        return static_cast<int>(i);
      }
    }
    return -1;
  }

  // A card token read where it lies: the text read is padded (kJsonPadding
  // bytes after it may be read), as assign_padded needs.
  bool read_card(std::string_view token, CardRef& c) const {
    c.text.assign_padded(token);
    const std::optional<Card> card = tokens_.read(token);
    c.card = card;
    return card.has_value();
  }

  // ------------------------------------------------------- the game

  // `event`: details by name, each a string, each named once.
  bool event(Text& t) {
    Loc at;
    return raw_map(t, 1, at, [&](std::string_view name, Loc) {
      std::string_view value;
      Loc where;
      if (!raw_string(t, value, where) ||
          std::any_of(g_.event.begin(), g_.event.end(), [&](const auto& e) { return e.first == name; })) {
        return false;
      }
      g_.event.emplace_back(std::string(name), std::string(value));
      return true;
    });
  }

  // `players`: a few distinct names (a long list goes the loader's way,
  // which looks names up by hash).
  bool players(Text& t) {
    Loc at;
    const bool ok = raw_list(t, 1, at, [&] {
      std::string_view name;
      Loc where;
      if (!raw_string(t, name, where) || name.empty() || seat_of(name) >= 0 ||
          g_.players.size() == kScannedPlayers) {
        return false;
      }
      g_.players.emplace_back(name);
      g_.player_locs.push_back(where);
      return true;
    });
    return ok && !g_.players.empty();
  }
  static constexpr std::size_t kScannedPlayers = 8;

  // ------------------------------------------------------- the hands

  bool hands(Text& t) {
    if (g_.players.empty()) {
      return false;
    }
    std::size_t read = 0;
    Loc at;
    const bool ok = raw_list(t, 1, at, [&] {
      HandRec& rec = kept_.hands.next(g_.hands, read, [](HandRec& kept) { kept.clear_for_reuse(); });
      rec.number = static_cast<int>(read);
      return hand(t, rec);
    });
    kept_.hands.cut(g_.hands, read);
    return ok;
  }

  bool hand(Text& t, HandRec& h) {
    Seen seen;
    const bool ok = raw_map(t, 2, h.loc, [&](std::string_view word, Loc key_at) {
      const HandKey k = hand_key(word);
      if (k == HandKey::kOther || !seen.first(bit(k))) {
        return false;
      }
      if ((kGameOnlyHandKeys & (1U << bit(k))) != 0) {
        h.game_keys.emplace_back(*std::find(kGameOnlyKeys.begin(), kGameOnlyKeys.end(), word), key_at);
      }
      return hand_value(k, t, h);
    });
    // The first hand names its dealer, or the loader says so.
    if (!ok || (h.number == 1 && !seen.has(bit(HandKey::kDealer)))) {
      return false;
    }
    // The lists clear_for_reuse() kept that this hand does not have.
    if (!seen.has(bit(HandKey::kDeal))) {
      h.deal.reset();
      h.deal_seat_locs.clear();
    }
    const auto drop = [&](HandKey k, auto& list) {
      if (!seen.has(bit(k))) {
        list.reset();
      }
    };
    drop(HandKey::kKitty, h.kitty);
    drop(HandKey::kPlucks, h.plucks);
    drop(HandKey::kDiscard, h.discard);
    drop(HandKey::kTricks, h.tricks);
    drop(HandKey::kTaken, h.taken);
    drop(HandKey::kScore, h.score);
    h.begun = std::any_of(std::begin(kBegun), std::end(kBegun), [&](HandKey k) { return seen.has(bit(k)); });
    return true;
  }
  // The keys that make a hand begun: any but its dealer.
  static constexpr HandKey kBegun[] = {HandKey::kDeal,    HandKey::kKitty, HandKey::kPlucks,
                                       HandKey::kTrump,   HandKey::kDiscard, HandKey::kShows,
                                       HandKey::kTricks,  HandKey::kTaken, HandKey::kScore};

  bool hand_value(HandKey k, Text& t, HandRec& h) {
    switch (k) {
      case HandKey::kDealer:
        return player(t, h.dealer.emplace());
      case HandKey::kDeal:
        return deal(t, h);
      case HandKey::kKitty:
        return card_list(t, 3, h.kitty, h.kitty_loc);
      case HandKey::kDiscard:
        return card_list(t, 3, h.discard, h.discard_loc);
      case HandKey::kPlucks:
        return plucks(t, h);
      case HandKey::kShows:
        return shows(t, h);
      case HandKey::kTrump: {
        std::string_view text;
        if (!raw_string(t, text, h.trump_loc)) {
          return false;
        }
        h.trump = parse_suit(text);
        return h.trump.has_value();
      }
      case HandKey::kTricks:
        return tricks(t, h);
      case HandKey::kTaken:
        return numbers(t, 3, true, h.taken);
      case HandKey::kScore:
        return numbers(t, 3, false, h.score);
      case HandKey::kOther:
        break;
    }
    return false;
  }

  // `deal`: every player's cards, by name, each once.
  bool deal(Text& t, HandRec& h) {
    const std::size_t n = g_.players.size();
    std::vector<std::vector<CardRef>>& by_seat = h.deal ? *h.deal : h.deal.emplace();
    by_seat.resize(n);
    h.deal_seat_locs.assign(n, Loc{});
    Seen dealt;
    const bool ok = seat_map(t, 3, h.deal_loc, [&](int seat) {
      if (seat < 0 || !dealt.first(static_cast<unsigned>(seat))) {
        return false;
      }
      const auto s = static_cast<std::size_t>(seat);
      return cards(t, 4, by_seat[s], h.deal_seat_locs[s]);
    });
    if (!ok) {
      return false;
    }
    for (std::size_t s = 0; s < n; ++s) {
      if (!dealt.has(static_cast<unsigned>(s))) {
        return false;  // the loader says whose cards are missing
      }
    }
    return true;
  }

  // `plucks`: {by, from, gives, gets} each; `gets` may be null.
  bool plucks(Text& t, HandRec& h) {
    std::vector<PluckRec>& list = emptied(h.plucks);
    return raw_list(t, 3, h.plucks_loc, [&] {
      PluckRec& r = list.emplace_back();
      if (pluck_as_written(t, 4, r)) [[likely]] {
        return r.by.seat != r.from.seat;
      }
      Seen seen;
      const bool ok = raw_map(t, 4, r.loc, [&](std::string_view word, Loc) {
        if (same(word, "by")) {
          return seen.first(0) && player(t, r.by);
        }
        if (same(word, "from")) {
          return seen.first(1) && player(t, r.from);
        }
        if (same(word, "gives")) {
          return seen.first(2) && card(t, r.gives);
        }
        if (same(word, "gets")) {
          return seen.first(3) && (t.at('n') ? raw_null(t) : card(t, r.gets.emplace()));
        }
        return false;
      });
      return ok && seen.has(0) && seen.has(1) && seen.has(2) && r.by.seat != r.from.seat;
    });
  }

  // A pluck as trickref writes it, {"by":..,"from":..,"gives":..,"gets":..}
  // with no white space, read by its keys' bytes where they lie (such a key
  // is plain): what the general way below reads, counted and placed as it
  // does, at a third of the cost. False where the pluck is written any
  // other way, with `t`, `r` and the count as they were: the general way
  // then reads it.
  bool pluck_as_written(Text& t, unsigned level, PluckRec& r) {
    if (!t.at('{') || level >= limits_.max_depth) {
      return false;
    }
    const char* const from = t.p;
    const std::uint64_t counted = values_;
    count();
    r.loc = loc(t.p);
    const auto key = [&](std::string_view written) {
      if (static_cast<std::size_t>(t.end - t.p) < written.size() || std::memcmp(t.p, written.data(), written.size()) != 0) {
        return false;
      }
      t.p += written.size();
      count();
      return true;
    };
    if (key(R"({"by":)") && player(t, r.by) && key(R"(,"from":)") && player(t, r.from) && key(R"(,"gives":)") &&
        card(t, r.gives) && key(R"(,"gets":)") && (t.at('n') ? raw_null(t) : card(t, r.gets.emplace())) &&
        t.at('}')) {
      ++t.p;
      return true;
    }
    t.p = from;
    values_ = counted;
    r = PluckRec{};
    return false;
  }

  // `shows`: {to, cards} each.
  bool shows(Text& t, HandRec& h) {
    h.shows.emplace();
    return raw_list(t, 3, h.shows_loc, [&] {
      ShowRec& r = h.shows->emplace_back();
      Seen seen;
      const bool ok = raw_map(t, 4, r.loc, [&](std::string_view word, Loc) {
        Loc at;
        return same(word, "to")      ? seen.first(0) && player(t, r.to)
               : same(word, "cards") ? seen.first(1) && cards(t, 5, r.cards, at)
                                     : false;
      });
      return ok && seen.has(0) && seen.has(1);
    });
  }

  // `tricks`: each a list of cards, or {leader, cards}.
  bool tricks(Text& t, HandRec& h) {
    std::vector<TrickRec>& list = h.tricks ? *h.tricks : h.tricks.emplace();
    std::size_t read = 0;
    const bool listed = raw_list(t, 3, h.tricks_loc, [&] {
      TrickRec& r = kept_.tricks.next(list, read, [](TrickRec& kept) {
        kept.leader.reset();  // its cards: written over (cards)
      });
      if (t.at('[')) {
        return cards(t, 4, r.cards, r.loc);
      }
      Seen seen;
      const bool ok = raw_map(t, 4, r.loc, [&](std::string_view word, Loc) {
        Loc at;
        return same(word, "leader")  ? seen.first(0) && player(t, r.leader.emplace())
               : same(word, "cards") ? seen.first(1) && cards(t, 5, r.cards, at)
                                     : false;
      });
      return ok && seen.has(1);
    });
    kept_.tricks.cut(list, read);
    return listed;
  }

  // `result`: {winner, score}; the winner a name or a list of names.
  bool result(Text& t) {
    ResultRec& out = g_.result.emplace();
    Seen seen;
    return raw_map(t, 1, out.loc, [&](std::string_view word, Loc) {
      if (same(word, "winner") && seen.first(0)) {
        auto& names = out.winners.emplace();
        if (t.at('"')) {
          const bool named = player(t, names.emplace_back());
          out.winner_loc = names.back().loc;
          return named;
        }
        return raw_list(t, 2, out.winner_loc, [&] { return player(t, names.emplace_back()); });
      }
      if (same(word, "score") && seen.first(1)) {
        return numbers(t, 2, false, out.score);
      }
      return false;
    });
  }

  Game& g_;
  Kept& kept_;
  const Limits& limits_;
  const LineIndex& lines_;
  std::optional<LineIndex::OneLine> one_line_;  // a record of one line: its columns without the index
  const char* base_;
  const char* end_;
  std::uint64_t values_ = 0;
  const ShortCardTokens& tokens_ = ShortCardTokens::get();
};

}  // namespace

struct JsonGameReader::Impl {
  explicit Impl(const Limits& l) : limits(json_limits(l)) {}
  Limits limits;
  LineIndex lines;
  std::vector<char> copy;  // a text that came without padding
  Kept kept;
};

JsonGameReader::JsonGameReader(const Limits& limits) : impl_(std::make_unique<Impl>(limits)) {}

JsonGameReader::~JsonGameReader() = default;

bool JsonGameReader::read(const JsonText& in, Game& game) {
  game.clear_for_reuse();
  auto& im = *impl_;
  const std::string_view text = in.text;
  const std::size_t bom = bom_length(text);
  const std::size_t start = value_start(text, bom);
  // simdjson checks the text is UTF-8; the walk checks the rest of JSON's grammar.
  if (start == text.size() || text[start] != '{' || !simdjson::validate_utf8(text.data(), text.size())) {
    return false;
  }
  im.lines.reset(text, bom, in.first_line);
  bool taken = false;
  try {
    const char* data = padded_data(in, im.copy);
    const char* const end = data + text.size();
    Walk walk(game, im.kept, im.limits, im.lines, data, end);
    Walk::Text t{data + start, end};
    taken = walk.game(t);
    t.skip_space();
    taken = taken && t.p == end;  // nothing after the record
  } catch (const std::bad_alloc&) {
    taken = false;  // the full way reports it
  }
  if (!taken) {
    game = Game{};  // the full way loads the record into a Game of its own
  }
  return taken;
}

}  // namespace trickref
