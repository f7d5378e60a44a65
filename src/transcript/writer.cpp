#include "transcript/writer.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>

#include "base/json_out.h"
#include "engine/hand.h"
#include "transcript/record_keys.h"
#include "transcript/record_yaml.h"
#include "yaml/scalar.h"

namespace trickref {
namespace {

namespace key = record_key;

// Cards as a hand is usually sorted: jokers first (big, little), then by
// suit, high to low; which is the cards' layout (cards/card.h) from the top
// down.
template <class Each>
void for_each_sorted(CardSet cards, Each each) {
  for (std::uint64_t bits = cards.bits(); bits != 0;) {
    const int top = 63 - std::countl_zero(bits);
    each(Card(static_cast<std::uint8_t>(top)));
    bits &= ~(std::uint64_t{1} << static_cast<unsigned>(top));
  }
}

bool has_plucks(Detail d) { return d != Detail::kSheet; }
bool has_tricks(Detail d) { return d == Detail::kPlays || d == Detail::kFull; }

// What one hand's record holds at a level of detail (transcript.md, and its
// "Keys for the partnership and auction games"). A hand of an auction game
// gives its calls and contract instead of quotas and plucks, its partner
// where the partner goes by a card, and its points beside the tricks taken;
// a hand everyone passed (void) has no trump, discard, partner, tricks,
// taken or points. A hand of a courts game gives who named trump beside
// trump, its running streak, and, where no trick is written, the side that
// took an early court and played on without taking every trick (the tricks
// taken cannot show it).
struct HandKeys {
  bool deal = false;
  bool plucks = false;
  bool bids = false;
  bool contract = false;
  bool trump_by = false;
  bool trump = false;
  bool discard = false;
  bool shows = false;
  bool partner = false;
  bool tricks = false;
  bool taken = false;
  bool points = false;
  bool early_court = false;
  bool streak = false;
};

HandKeys hand_keys(const Ruleset& r, const PhaseList& phases, const PlayedHand& h, std::size_t index, Detail d) {
  HandKeys k;
  const bool auction = phases.has(Phase::kAuction);
  const bool played = !auction || h.bidder >= 0;
  k.deal = d == Detail::kFull;
  k.plucks = has_plucks(d) && phases.has(Phase::kExchange) && index + 1 >= static_cast<std::size_t>(r.exchange_from_hand);
  k.bids = auction && has_plucks(d);
  k.contract = auction;
  k.trump = has_plucks(d) && played;
  // A discard only where the kitty is taken.
  k.discard = d == Detail::kFull && played && kitty_taker(r, h.dealer, h.bidder) >= 0;
  k.shows = k.discard && r.show_kitty && !h.plucks.empty();
  k.partner = auction && played && r.partner_by == PartnerBy::kCard;
  k.tricks = has_tricks(d) && played;
  k.taken = played;
  k.points = auction && played;
  const bool courts = r.scoring == ScoringKind::kCourts;
  k.trump_by = courts && k.trump && h.trump_by >= 0;
  k.early_court = courts && !k.tricks && h.early_court_side >= 0 && !h.all_tricks &&
                  h.tricks_played > r.early_court_tricks;
  k.streak = courts && h.streak_side >= 0;
  return k;
}

// The seat that names side `side` (a partner policy side number) in a record: its first seat.
int side_seat(const Ruleset& r, int side) {
  const Policies p = policies_for(r);
  for (int s = 0; s < r.players; ++s) {
    if (p.partners->side(r, s) == side) {
      return s;
    }
  }
  return 0;
}

// The plays can be attributed without the deal only if the first leader is
// known from the seats; otherwise the first trick names its leader.
bool needs_leader(const Ruleset& r, Detail d) { return d != Detail::kFull && r.first_lead == FirstLead::kCard; }

// ------------------------------------------------------------------ the walk
// A played game's record, key by key, in the order transcript.md gives
// them, written by `Sink` (YamlSink, JsonSink): which keys a record holds
// and in what order is said here once for both formats.
struct Walk {
  const Ruleset& rules;
  const WriteOptions& o;
  std::vector<std::size_t> scored = score_seats(rules);
};

template <class Sink>
void write_hand(Sink& s, const Walk& w, const PlayedHand& h, const HandKeys& k) {
  s.begin_item();
  s.seat(key::kDealer, h.dealer);
  if (k.deal) {
    s.deal(h.deal);
    if (w.rules.kitty > 0) {
      s.sorted(key::kKitty, h.kitty);
    }
  }
  if (k.bids) {
    s.bids(h.bids);
  }
  if (k.contract) {
    if (h.bidder < 0) {
      s.word(key::kContract, key::kNone);
    } else {
      s.contract(h.bidder, h.bid);
    }
  }
  if (k.plucks) {
    s.plucks(h.plucks);
  }
  if (k.trump_by) {
    s.seat(key::kTrumpBy, h.trump_by);
  }
  if (k.trump) {
    const char letter[] = {suit_letter(h.trump), '\0'};
    s.word(key::kTrump, letter);
  }
  if (k.discard) {
    s.sorted(key::kDiscard, h.discard);
  }
  if (k.shows) {
    s.shows(h.shows);
  }
  if (k.partner) {
    if (h.partner < 0) {
      s.word(key::kPartner, key::kNone);
    } else {
      s.seat(key::kPartner, h.partner);
    }
  }
  if (k.tricks) {
    s.tricks(h.tricks, needs_leader(w.rules, w.o.detail) && !h.leaders.empty() ? h.leaders[0] : -1);
  }
  if (k.early_court) {
    s.seat(key::kEarlyCourt, side_seat(w.rules, h.early_court_side));
  }
  if (k.taken) {
    s.seat_map(key::kTaken, h.taken);
  }
  if (k.points) {
    s.seat_map(key::kPoints, h.points);
  }
  if (w.o.scores) {
    s.seat_map(key::kScore, h.score, &w.scored);
    if (k.streak) {
      s.streak(side_seat(w.rules, h.streak_side), h.streak);
    }
  }
  s.end_item();
}

template <class Sink>
void write_record(Sink& s, const PlayedGame& game, const Ruleset& rules, std::string_view ruleset_ref,
                  const WriteOptions& o) {
  const Walk w{rules, o};
  s.text(key::kGame, ruleset_ref);
  if (!o.id.empty()) {
    s.text(key::kId, o.id);
  }
  if (!o.event.empty()) {
    s.event(o.event);
  }
  s.players();
  s.open_list(key::kHands);
  const PhaseList phases = hand_phases(rules);
  for (std::size_t hi = 0; hi < game.hands.size(); ++hi) {
    write_hand(s, w, game.hands[hi], hand_keys(rules, phases, game.hands[hi], hi, o.detail));
  }
  s.close_list();
  if (o.scores && game.finished) {
    s.open_map(key::kResult);
    s.winners(game.winners);
    s.seat_map(key::kScore, game.score, &w.scored);
    s.close_map();
  }
}

// ------------------------------------------------------------------ YAML
// The record as YAML (RecordYaml): the names written as scalars once.
class YamlSink {
 public:
  YamlSink(std::string& out, const std::vector<std::string>& players) : y_(out) {
    for (const auto& p : players) {
      names_.push_back(yaml_scalar(p));
    }
  }

  void text(std::string_view k, std::string_view text) { y_.entry(k, yaml_scalar(text)); }
  void event(const std::vector<std::pair<std::string, std::string>>& event) {
    y_.open(key::kEvent);
    for (const auto& [k, v] : event) {
      y_.entry(yaml_scalar(k), yaml_scalar(v));
    }
    y_.close();
  }
  void players() { y_.entry(key::kPlayers, RecordYaml::flow_list(names_)); }
  void open_list(std::string_view k) { y_.open(k); }
  void close_list() { y_.close(); }
  void open_map(std::string_view k) { y_.open(k); }
  void close_map() { y_.close(); }
  void begin_item() { y_.begin_item(); }
  void end_item() { y_.end_item(); }

  void seat(std::string_view k, int s) { y_.entry(k, name(s)); }
  void word(std::string_view k, std::string_view w) { y_.entry(k, w); }
  void sorted(std::string_view k, CardSet cards) { y_.entry(k, sorted(cards)); }
  void deal(const std::array<CardSet, kMaxPlayers>& deal) {
    y_.open(key::kDeal);
    for (std::size_t p = 0; p < names_.size(); ++p) {
      y_.name_entry(names_[p], sorted(deal[p]));
    }
    y_.close();
  }
  void bids(const std::vector<std::pair<int, int>>& bids) {
    std::vector<std::string> calls;
    for (const auto& call : bids) {  // the caller implied by the order
      calls.push_back(call.second == 0 ? std::string(key::kPass) : std::to_string(call.second));
    }
    y_.entry(key::kBids, RecordYaml::flow_list(calls));
  }
  void contract(int bidder, int bid) {
    y_.entry(key::kContract, RecordYaml::flow_map({{key::kBidder, name(bidder)}, {key::kBid, std::to_string(bid)}}));
  }
  void plucks(const std::vector<PlayedPluck>& plucks) {
    if (plucks.empty()) {
      y_.entry(key::kPlucks, "[]");
      return;
    }
    y_.open(key::kPlucks);
    for (const auto& p : plucks) {
      y_.item(RecordYaml::flow_map({{key::kBy, name(p.by)},
                   {key::kFrom, name(p.from)},
                   {key::kGives, to_string(p.gives)},
                   {key::kGets, p.gets ? to_string(*p.gets) : std::string("null")}}));
    }
    y_.close();
  }
  void shows(const std::vector<std::pair<int, CardSet>>& shows) {
    if (shows.empty()) {
      y_.entry(key::kShows, "[]");
      return;
    }
    y_.open(key::kShows);
    for (const auto& [to, cards] : shows) {
      y_.item(RecordYaml::flow_map({{key::kTo, name(to)}, {key::kCards, sorted(cards)}}));
    }
    y_.close();
  }
  void tricks(const std::vector<std::vector<Card>>& tricks, int first_leader) {
    y_.open(key::kTricks);
    for (std::size_t t = 0; t < tricks.size(); ++t) {
      y_.item(t == 0 && first_leader >= 0
                  ? RecordYaml::flow_map({{key::kLeader, name(first_leader)}, {key::kCards, RecordYaml::cards(tricks[t])}})
                  : RecordYaml::cards(tricks[t]));
    }
    y_.close();
  }
  template <class T>
  void seat_map(std::string_view k, const std::vector<T>& values, const std::vector<std::size_t>* seats = nullptr) {
    const auto at = [&](std::size_t i) { return seats != nullptr ? (*seats)[i] : i; };
    y_.entry(k, y_.name_map(
                    seats != nullptr ? seats->size() : names_.size(),
                    [&](std::size_t i) -> std::string_view { return names_[at(i)]; },
                    [&](std::size_t i) { return std::to_string(values[at(i)]); }));
  }
  void streak(int seat, int count) {
    y_.entry(key::kStreak, RecordYaml::flow_map({{name(seat), std::to_string(count)}}));
  }
  void winners(const std::vector<int>& winners) {
    std::vector<std::string> names;
    for (const int w : winners) {
      names.push_back(name(w));
    }
    y_.entry(key::kWinner, names.size() == 1 ? names[0] : RecordYaml::flow_list(names));
  }

 private:
  const std::string& name(int seat) const { return names_[static_cast<std::size_t>(seat)]; }
  static std::string sorted(CardSet cards) {
    std::vector<std::string> texts;
    for_each_sorted(cards, [&](Card c) { texts.push_back(to_string(c)); });
    return RecordYaml::flow_list(texts);
  }
  RecordYaml y_;
  std::vector<std::string> names_;  // as scalars
};

// ------------------------------------------------------------------ JSON
// The record as one line of compact JSON (base/json_out.h), with the cards
// as the record writes them.
class JsonSink {
 public:
  JsonSink(std::string& out, const std::vector<std::string>& players)
      : j_(out), out_(out), players_(players), keys_(players, append_json_string) {}

  void text(std::string_view k, std::string_view text) {
    key(k);
    j_.str(text);
  }
  void event(const std::vector<std::pair<std::string, std::string>>& event) {
    // An object: a key given twice keeps its first place and its last value.
    key(key::kEvent);
    j_.object(
        event.size(), [&](std::size_t k) -> std::string_view { return event[k].first; },
        [&](std::size_t k) { j_.str(event[k].second); });
  }
  void players() {
    key(key::kPlayers);
    j_.strings(players_);
  }
  void open_list(std::string_view k) {
    key(k);
    j_.ch('[');
    first_item_ = true;
  }
  void close_list() { j_.ch(']'); }
  void open_map(std::string_view k) {
    key(k);
    j_.ch('{');
    first_ = true;
  }
  void close_map() { j_.ch('}'); }
  void begin_item() {
    if (!first_item_) {
      j_.ch(',');
    }
    first_item_ = false;
    j_.ch('{');
    first_ = true;
  }
  void end_item() { j_.ch('}'); }

  void seat(std::string_view k, int s) {
    key(k);
    j_.str(name(s));
  }
  // A word of the record's own (record_keys.h) or a suit letter: plain text.
  void word(std::string_view k, std::string_view w) {
    key(k);
    plain(w);
  }
  void sorted(std::string_view k, CardSet cards) {
    key(k);
    sorted(cards);
  }
  void deal(const std::array<CardSet, kMaxPlayers>& deal) {
    key(key::kDeal);
    j_.object(
        players_.size(), [&](std::size_t p) -> std::string_view { return players_[p]; },
        [&](std::size_t p) { sorted(deal[p]); });
  }
  void bids(const std::vector<std::pair<int, int>>& bids) {
    key(key::kBids);
    j_.array(bids.size(), [&](std::size_t c) {
      if (bids[c].second == 0) {
        plain(key::kPass);
      } else {
        j_.number(bids[c].second);
      }
    });
  }
  void contract(int bidder, int bid) {
    open_map(key::kContract);
    seat(key::kBidder, bidder);
    key(key::kBid);
    j_.number(bid);
    close_map();
  }
  void plucks(const std::vector<PlayedPluck>& plucks) {
    key(key::kPlucks);
    j_.array(plucks.size(), [&](std::size_t i) {
      const auto& p = plucks[i];
      j_.ch('{');
      first_ = true;
      seat(key::kBy, p.by);
      seat(key::kFrom, p.from);
      key(key::kGives);
      card(p.gives);
      key(key::kGets);
      if (p.gets) {
        card(*p.gets);
      } else {
        j_.null();
      }
      j_.ch('}');
    });
  }
  void shows(const std::vector<std::pair<int, CardSet>>& shows) {
    key(key::kShows);
    j_.array(shows.size(), [&](std::size_t i) {
      j_.ch('{');
      first_ = true;
      seat(key::kTo, shows[i].first);
      sorted(key::kCards, shows[i].second);
      j_.ch('}');
    });
  }
  void tricks(const std::vector<std::vector<Card>>& tricks, int first_leader) {
    key(key::kTricks);
    j_.array(tricks.size(), [&](std::size_t t) {
      if (t == 0 && first_leader >= 0) {
        j_.ch('{');
        first_ = true;
        seat(key::kLeader, first_leader);
        key(key::kCards);
        in_order(tricks[t]);
        j_.ch('}');
      } else {
        in_order(tricks[t]);
      }
    });
  }
  // A map by seat (of `seats` only, where given) through the names' keys
  // escaped once (JsonOut::NameKeys) where it is every seat: the same text.
  template <class T>
  void seat_map(std::string_view k, const std::vector<T>& values, const std::vector<std::size_t>* seats = nullptr) {
    key(k);
    if (seats == nullptr || seats->size() == players_.size()) {  // (score_seats: in order, each seat once)
      j_.name_map(keys_, values);
    } else {
      j_.name_map(players_, values, seats);
    }
  }
  void streak(int seat, int count) {
    key(key::kStreak);
    j_.ch('{');
    j_.key(name(seat), true);
    j_.number(count);
    j_.ch('}');
  }
  void winners(const std::vector<int>& winners) {
    key(key::kWinner);
    if (winners.size() == 1) {
      j_.str(name(winners[0]));
    } else {
      j_.array(winners.size(), [&](std::size_t w) { j_.str(name(winners[w])); });
    }
  }

 private:
  // `"k":`, after a comma unless it opens its object.
  [[gnu::always_inline]] void key(std::string_view k) {
    j_.key(k, first_);
    first_ = false;
  }
  const std::string& name(int seat) const { return players_[static_cast<std::size_t>(seat)]; }
  // A string known to need no escape, quoted.
  void plain(std::string_view w) {
    j_.ch('"');
    j_.raw(w);
    j_.ch('"');
  }
  void card(Card c) {
    // Each card's quoted text, made once.
    static const std::array<std::string, 64> kQuoted = [] {
      std::array<std::string, 64> t;
      for (std::size_t i = 0; i < t.size(); ++i) {
        t[i] += '"';
        t[i] += to_string(Card(static_cast<std::uint8_t>(i)));
        t[i] += '"';
      }
      return t;
    }();
    if (c.index() >= 0 && c.index() < 64) {
      out_ += kQuoted[static_cast<std::size_t>(c.index())];
    } else {
      j_.str(to_string(c));
    }
  }
  void sorted(CardSet cards) {
    j_.ch('[');
    bool first = true;
    for_each_sorted(cards, [&](Card c) {
      if (!first) {
        j_.ch(',');
      }
      first = false;
      card(c);
    });
    j_.ch(']');
  }
  void in_order(const std::vector<Card>& cards) {
    j_.array(cards.size(), [&](std::size_t i) { card(cards[i]); });
  }

  JsonOut j_;
  std::string& out_;
  const std::vector<std::string>& players_;
  const JsonOut::NameKeys keys_;  // the players as keys
  bool first_ = true;       // the next key opens its object
  bool first_item_ = true;  // the next hand opens the list
};

}  // namespace

std::vector<std::size_t> score_seats(const Ruleset& r) {
  const Policies p = policies_for(r);
  std::vector<std::size_t> seats;
  std::vector<int> sides;
  for (int s = 0; s < r.players; ++s) {
    const int side = p.partners->side(r, s);
    if (std::find(sides.begin(), sides.end(), side) == sides.end()) {
      sides.push_back(side);
      seats.push_back(static_cast<std::size_t>(s));
    }
  }
  return seats;
}

std::string to_yaml(const PlayedGame& game, const Ruleset& rules, std::string_view ruleset_ref,
                    const std::vector<std::string>& players, const WriteOptions& options) {
  std::string y;
  YamlSink s(y, players);
  write_record(s, game, rules, ruleset_ref, options);
  return y;
}

void append_jsonl(std::string& out, const PlayedGame& game, const Ruleset& rules, std::string_view ruleset_ref,
                  const std::vector<std::string>& players, const WriteOptions& options) {
  out.reserve(out.size() + 256 + 1024 * game.hands.size());
  JsonSink s(out, players);
  out += '{';
  write_record(s, game, rules, ruleset_ref, options);
  out += '}';
}

std::string to_jsonl(const PlayedGame& game, const Ruleset& rules, std::string_view ruleset_ref,
                     const std::vector<std::string>& players, const WriteOptions& options) {
  std::string out;
  append_jsonl(out, game, rules, ruleset_ref, players, options);
  return out;
}

nlohmann::ordered_json to_json(const PlayedGame& game, const Ruleset& rules, std::string_view ruleset_ref,
                               const std::vector<std::string>& players, const WriteOptions& options) {
  return nlohmann::ordered_json::parse(to_jsonl(game, rules, ruleset_ref, players, options));
}

}  // namespace trickref
