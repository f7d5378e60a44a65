#include "transcript/writer.h"

#include <algorithm>
#include <array>
#include <charconv>

#include <fmt/format.h>

#include "base/json_out.h"
#include "engine/hand.h"
#include "yaml/scalar.h"

namespace trickref {
namespace {

// Cards as a hand is usually sorted: by suit, high to low, jokers first.
std::vector<std::string> sorted_cards(CardSet cards) {
  std::vector<std::string> out;
  if (cards.contains(Card::big_joker())) {
    out.emplace_back("BJ");
  }
  if (cards.contains(Card::little_joker())) {
    out.emplace_back("LJ");
  }
  for (int s = kSuitCount - 1; s >= 0; --s) {
    const CardSet suit = cards & CardSet::suit(static_cast<Suit>(s));
    std::vector<std::string> part;
    for (Card c : suit) {
      part.push_back(to_string(c));
    }
    out.insert(out.end(), part.rbegin(), part.rend());
  }
  return out;
}

std::vector<std::string> in_order(const std::vector<Card>& cards) {
  std::vector<std::string> out;
  for (Card c : cards) {
    out.push_back(to_string(c));
  }
  return out;
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
  bool plucks = false;
  bool bids = false;
  bool contract = false;
  bool trump_by = false;
  bool trump = false;
  bool discard = false;
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
  k.plucks = has_plucks(d) && phases.has(Phase::kExchange) && index + 1 >= static_cast<std::size_t>(r.exchange_from_hand);
  k.bids = auction && has_plucks(d);
  k.contract = auction;
  k.trump = has_plucks(d) && played;
  // A discard only where the kitty is taken.
  k.discard = d == Detail::kFull && played && kitty_taker(r, h.dealer, h.bidder) >= 0;
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
std::size_t side_seat(const Ruleset& r, int side) {
  const Policies p = policies_for(r);
  for (int s = 0; s < r.players; ++s) {
    if (p.partners->side(r, s) == side) {
      return static_cast<std::size_t>(s);
    }
  }
  return 0;
}

// A call as written: the bid, or `pass`.
std::string call_text(int bid) { return bid == 0 ? std::string("pass") : std::to_string(bid); }

// The plays can be attributed without the deal only if the first leader is
// known from the seats; otherwise the first trick names its leader.
bool needs_leader(const Ruleset& r, Detail d) { return d != Detail::kFull && r.first_lead == FirstLead::kCard; }

std::string flow(const std::vector<std::string>& items) { return fmt::format("[{}]", fmt::join(items, ", ")); }

template <class T>
std::string seat_map(const std::vector<std::string>& players, const std::vector<T>& values) {
  std::vector<std::string> parts;
  for (std::size_t i = 0; i < players.size(); ++i) {
    parts.push_back(fmt::format("{}: {}", players[i], values[i]));
  }
  return fmt::format("{{{}}}", fmt::join(parts, ", "));
}

// The same for the seats `seats` only.
template <class T>
std::string seat_map(const std::vector<std::string>& players, const std::vector<T>& values,
                     const std::vector<std::size_t>& seats) {
  std::vector<std::string> parts;
  for (const std::size_t i : seats) {
    parts.push_back(fmt::format("{}: {}", players[i], values[i]));
  }
  return fmt::format("{{{}}}", fmt::join(parts, ", "));
}

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
                    const std::vector<std::string>& players, const WriteOptions& o) {
  std::string y;
  y += fmt::format("game: {}\n", yaml_scalar(ruleset_ref));
  if (!o.id.empty()) {
    y += fmt::format("id: {}\n", yaml_scalar(o.id));
  }
  if (!o.event.empty()) {
    y += "event:\n";
    for (const auto& [k, v] : o.event) {
      y += fmt::format("  {}: {}\n", yaml_scalar(k), yaml_scalar(v));
    }
  }
  std::vector<std::string> quoted;
  for (const auto& p : players) {
    quoted.push_back(yaml_scalar(p));
  }
  y += fmt::format("players: {}\n", flow(quoted));
  y += "hands:\n";
  const PhaseList phases = hand_phases(rules);
  const std::vector<std::size_t> scored = score_seats(rules);
  for (std::size_t hi = 0; hi < game.hands.size(); ++hi) {
    const auto& h = game.hands[hi];
    const HandKeys k = hand_keys(rules, phases, h, hi, o.detail);
    y += fmt::format("  - dealer: {}\n", quoted[static_cast<std::size_t>(h.dealer)]);
    if (o.detail == Detail::kFull) {
      y += "    deal:\n";
      for (std::size_t p = 0; p < players.size(); ++p) {
        y += fmt::format("      {}: {}\n", quoted[p], flow(sorted_cards(h.deal[p])));
      }
      if (rules.kitty > 0) {
        y += fmt::format("    kitty: {}\n", flow(sorted_cards(h.kitty)));
      }
    }
    if (k.bids) {
      std::vector<std::string> calls;
      for (const auto& call : h.bids) {
        calls.push_back(call_text(call.second));  // the caller implied by the order
      }
      y += fmt::format("    bids: {}\n", flow(calls));
    }
    if (k.contract) {
      y += h.bidder < 0 ? std::string("    contract: none\n")
                        : fmt::format("    contract: {{bidder: {}, bid: {}}}\n",
                                      quoted[static_cast<std::size_t>(h.bidder)], h.bid);
    }
    if (k.plucks) {
      if (h.plucks.empty()) {
        y += "    plucks: []\n";
      } else {
        y += "    plucks:\n";
        for (const auto& p : h.plucks) {
          y += fmt::format("      - {{by: {}, from: {}, gives: {}, gets: {}}}\n", quoted[static_cast<std::size_t>(p.by)],
                           quoted[static_cast<std::size_t>(p.from)], to_string(p.gives),
                           p.gets ? to_string(*p.gets) : std::string("null"));
        }
      }
    }
    if (k.trump_by) {
      y += fmt::format("    trump_by: {}\n", quoted[static_cast<std::size_t>(h.trump_by)]);
    }
    if (k.trump) {
      y += fmt::format("    trump: {}\n", suit_letter(h.trump));
    }
    if (k.discard) {
      y += fmt::format("    discard: {}\n", flow(sorted_cards(h.discard)));
      if (rules.show_kitty && !h.plucks.empty()) {
        if (h.shows.empty()) {
          y += "    shows: []\n";
        } else {
          y += "    shows:\n";
          for (const auto& [to, cards] : h.shows) {
            y += fmt::format("      - {{to: {}, cards: {}}}\n", quoted[static_cast<std::size_t>(to)],
                             flow(sorted_cards(cards)));
          }
        }
      }
    }
    if (k.partner) {
      y += fmt::format("    partner: {}\n", h.partner < 0 ? std::string("none")
                                                           : quoted[static_cast<std::size_t>(h.partner)]);
    }
    if (k.tricks) {
      y += "    tricks:\n";
      for (std::size_t t = 0; t < h.tricks.size(); ++t) {
        if (t == 0 && needs_leader(rules, o.detail)) {
          y += fmt::format("      - {{leader: {}, cards: {}}}\n", quoted[static_cast<std::size_t>(h.leaders[0])],
                           flow(in_order(h.tricks[t])));
        } else {
          y += fmt::format("      - {}\n", flow(in_order(h.tricks[t])));
        }
      }
    }
    if (k.early_court) {
      y += fmt::format("    early_court: {}\n", quoted[side_seat(rules, h.early_court_side)]);
    }
    if (k.taken) {
      y += fmt::format("    taken: {}\n", seat_map(quoted, h.taken));
    }
    if (k.points) {
      y += fmt::format("    points: {}\n", seat_map(quoted, h.points));
    }
    if (o.scores) {
      y += fmt::format("    score: {}\n", seat_map(quoted, h.score, scored));
      if (k.streak) {
        y += fmt::format("    streak: {{{}: {}}}\n", quoted[side_seat(rules, h.streak_side)], h.streak);
      }
    }
  }
  if (o.scores && game.finished) {
    std::vector<std::string> winners;
    for (int w : game.winners) {
      winners.push_back(quoted[static_cast<std::size_t>(w)]);
    }
    y += "result:\n";
    y += fmt::format("  winner: {}\n", winners.size() == 1 ? winners[0] : flow(winners));
    y += fmt::format("  score: {}\n", seat_map(quoted, game.score, scored));
  }
  return y;
}

namespace {

// A JSON Lines record written straight into one string (base/json_out.h),
// with the cards as the record writes them.
class JsonLine : public JsonOut {
 public:
  explicit JsonLine(std::string& out) : JsonOut(out), out_(out) {}

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
      out_ += '"';
      out_ += to_string(c);
      out_ += '"';
    }
  }
  // Cards as a hand is usually sorted (sorted_cards): by suit, high to low, jokers first.
  void sorted(CardSet cards) {
    out_ += '[';
    bool first = true;
    auto one = [&](Card c) {
      if (!first) {
        out_ += ',';
      }
      first = false;
      card(c);
    };
    if (cards.contains(Card::big_joker())) {
      one(Card::big_joker());
    }
    if (cards.contains(Card::little_joker())) {
      one(Card::little_joker());
    }
    for (int s = kSuitCount - 1; s >= 0; --s) {
      const CardSet suit = cards & CardSet::suit(static_cast<Suit>(s));
      Card part[64];
      std::size_t n = 0;
      for (Card c : suit) {
        part[n++] = c;
      }
      while (n > 0) {
        one(part[--n]);
      }
    }
    out_ += ']';
  }
  void in_order(const std::vector<Card>& cards) {
    array(cards.size(), [&](std::size_t i) { card(cards[i]); });
  }

 private:
  std::string& out_;
};

}  // namespace

void append_jsonl(std::string& out, const PlayedGame& game, const Ruleset& rules, std::string_view ruleset_ref,
                  const std::vector<std::string>& players, const WriteOptions& o) {
  out.reserve(out.size() + 256 + 1024 * game.hands.size());
  JsonLine j(out);
  auto seat = [&](int s) -> const std::string& { return players[static_cast<std::size_t>(s)]; };
  const std::vector<std::size_t> scored = score_seats(rules);
  j.ch('{');
  j.key("game", true);
  j.str(ruleset_ref);
  if (!o.id.empty()) {
    j.key("id");
    j.str(o.id);
  }
  if (!o.event.empty()) {
    // An object: a key given twice keeps its first place and its last value.
    j.key("event");
    j.object(
        o.event.size(), [&](std::size_t k) -> std::string_view { return o.event[k].first; },
        [&](std::size_t k) { j.str(o.event[k].second); });
  }
  j.key("players");
  j.strings(players);
  j.key("hands");
  j.ch('[');
  const PhaseList phases = hand_phases(rules);
  for (std::size_t hi = 0; hi < game.hands.size(); ++hi) {
    const auto& h = game.hands[hi];
    const HandKeys k = hand_keys(rules, phases, h, hi, o.detail);
    if (hi > 0) {
      j.ch(',');
    }
    j.ch('{');
    j.key("dealer", true);
    j.str(seat(h.dealer));
    if (o.detail == Detail::kFull) {
      j.key("deal");
      j.object(
          players.size(), [&](std::size_t p) -> std::string_view { return players[p]; },
          [&](std::size_t p) { j.sorted(h.deal[p]); });
      if (rules.kitty > 0) {
        j.key("kitty");
        j.sorted(h.kitty);
      }
    }
    if (k.bids) {
      j.key("bids");
      j.array(h.bids.size(), [&](std::size_t c) {
        if (h.bids[c].second == 0) {
          j.raw("\"pass\"");
        } else {
          j.number(h.bids[c].second);
        }
      });
    }
    if (k.contract) {
      j.key("contract");
      if (h.bidder < 0) {
        j.raw("\"none\"");
      } else {
        j.ch('{');
        j.key("bidder", true);
        j.str(seat(h.bidder));
        j.key("bid");
        j.number(h.bid);
        j.ch('}');
      }
    }
    if (k.plucks) {
      j.key("plucks");
      j.array(h.plucks.size(), [&](std::size_t i) {
        const auto& p = h.plucks[i];
        j.ch('{');
        j.key("by", true);
        j.str(seat(p.by));
        j.key("from");
        j.str(seat(p.from));
        j.key("gives");
        j.card(p.gives);
        j.key("gets");
        if (p.gets) {
          j.card(*p.gets);
        } else {
          j.raw("null");
        }
        j.ch('}');
      });
    }
    if (k.trump_by) {
      j.key("trump_by");
      j.str(seat(h.trump_by));
    }
    if (k.trump) {
      j.key("trump");
      const char letter[] = {suit_letter(h.trump), '\0'};
      j.str(letter);
    }
    if (k.discard) {
      j.key("discard");
      j.sorted(h.discard);
      if (rules.show_kitty && !h.plucks.empty()) {
        j.key("shows");
        j.array(h.shows.size(), [&](std::size_t i) {
          const auto& [to, cards] = h.shows[i];
          j.ch('{');
          j.key("to", true);
          j.str(seat(to));
          j.key("cards");
          j.sorted(cards);
          j.ch('}');
        });
      }
    }
    if (k.partner) {
      j.key("partner");
      j.str(h.partner < 0 ? std::string_view("none") : std::string_view(seat(h.partner)));
    }
    if (k.tricks) {
      j.key("tricks");
      j.array(h.tricks.size(), [&](std::size_t t) {
        if (t == 0 && needs_leader(rules, o.detail)) {
          j.ch('{');
          j.key("leader", true);
          j.str(seat(h.leaders[0]));
          j.key("cards");
          j.in_order(h.tricks[t]);
          j.ch('}');
        } else {
          j.in_order(h.tricks[t]);
        }
      });
    }
    if (k.early_court) {
      j.key("early_court");
      j.str(players[side_seat(rules, h.early_court_side)]);
    }
    if (k.taken) {
      j.key("taken");
      j.name_map(players, h.taken);
    }
    if (k.points) {
      j.key("points");
      j.name_map(players, h.points);
    }
    if (o.scores) {
      j.key("score");
      j.name_map(players, h.score, &scored);
      if (k.streak) {
        j.key("streak");
        j.ch('{');
        j.key(players[side_seat(rules, h.streak_side)], true);
        j.number(h.streak);
        j.ch('}');
      }
    }
    j.ch('}');
  }
  j.ch(']');
  if (o.scores && game.finished) {
    j.key("result");
    j.ch('{');
    j.key("winner", true);
    if (game.winners.size() == 1) {
      j.str(seat(game.winners[0]));
    } else {
      j.array(game.winners.size(), [&](std::size_t w) { j.str(seat(game.winners[w])); });
    }
    j.key("score");
    j.name_map(players, game.score, &scored);
    j.ch('}');
  }
  j.ch('}');
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
