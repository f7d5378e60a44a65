#include "transcript/writer.h"

#include <algorithm>

#include <fmt/format.h>

#include "engine/hand.h"

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

// The seats whose scores a record gives: one of each side (its first seat);
// where everyone plays for themselves, every seat.
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

std::string quote_if_needed(std::string_view s) {
  const bool plain = !s.empty() && s.find_first_of(":#{}[],&*!|>'\"%@`") == std::string_view::npos &&
                     s.front() != ' ' && s.back() != ' ' && s.front() != '-' && s != "null" && s != "~" &&
                     s != "true" && s != "false";
  if (plain) {
    return std::string(s);
  }
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') {
      out += '\\';
    }
    out += c;
  }
  return out + "\"";
}

}  // namespace

std::string to_yaml(const PlayedGame& game, const Ruleset& rules, std::string_view ruleset_ref,
                    const std::vector<std::string>& players, const WriteOptions& o) {
  std::string y;
  y += fmt::format("game: {}\n", quote_if_needed(ruleset_ref));
  if (!o.id.empty()) {
    y += fmt::format("id: {}\n", quote_if_needed(o.id));
  }
  if (!o.event.empty()) {
    y += "event:\n";
    for (const auto& [k, v] : o.event) {
      y += fmt::format("  {}: {}\n", k, quote_if_needed(v));
    }
  }
  std::vector<std::string> quoted;
  for (const auto& p : players) {
    quoted.push_back(quote_if_needed(p));
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

nlohmann::ordered_json to_json(const PlayedGame& game, const Ruleset& rules, std::string_view ruleset_ref,
                               const std::vector<std::string>& players, const WriteOptions& o) {
  using J = nlohmann::ordered_json;
  auto seat = [&](int s) { return players[static_cast<std::size_t>(s)]; };
  auto seats = [&](const auto& values) {
    J m = J::object();
    for (std::size_t i = 0; i < players.size(); ++i) {
      m[players[i]] = values[i];
    }
    return m;
  };
  const std::vector<std::size_t> scored = score_seats(rules);
  auto scores = [&](const auto& values) {
    J m = J::object();
    for (const std::size_t i : scored) {
      m[players[i]] = values[i];
    }
    return m;
  };
  J j;
  j["game"] = std::string(ruleset_ref);
  if (!o.id.empty()) {
    j["id"] = o.id;
  }
  if (!o.event.empty()) {
    J e = J::object();
    for (const auto& [k, v] : o.event) {
      e[k] = v;
    }
    j["event"] = e;
  }
  j["players"] = players;
  J hands = J::array();
  const PhaseList phases = hand_phases(rules);
  for (std::size_t hi = 0; hi < game.hands.size(); ++hi) {
    const auto& h = game.hands[hi];
    const HandKeys k = hand_keys(rules, phases, h, hi, o.detail);
    J hj;
    hj["dealer"] = seat(h.dealer);
    if (o.detail == Detail::kFull) {
      J deal = J::object();
      for (std::size_t p = 0; p < players.size(); ++p) {
        deal[players[p]] = sorted_cards(h.deal[p]);
      }
      hj["deal"] = deal;
      if (rules.kitty > 0) {
        hj["kitty"] = sorted_cards(h.kitty);
      }
    }
    if (k.bids) {
      J calls = J::array();
      for (const auto& call : h.bids) {
        calls.push_back(call.second == 0 ? J("pass") : J(call.second));
      }
      hj["bids"] = calls;
    }
    if (k.contract) {
      hj["contract"] = h.bidder < 0 ? J("none") : J{{"bidder", seat(h.bidder)}, {"bid", h.bid}};
    }
    if (k.plucks) {
      J plucks = J::array();
      for (const auto& p : h.plucks) {
        J pj;
        pj["by"] = seat(p.by);
        pj["from"] = seat(p.from);
        pj["gives"] = to_string(p.gives);
        pj["gets"] = p.gets ? J(to_string(*p.gets)) : J(nullptr);
        plucks.push_back(pj);
      }
      hj["plucks"] = plucks;
    }
    if (k.trump_by) {
      hj["trump_by"] = seat(h.trump_by);
    }
    if (k.trump) {
      hj["trump"] = std::string(1, suit_letter(h.trump));
    }
    if (k.discard) {
      hj["discard"] = sorted_cards(h.discard);
      if (rules.show_kitty && !h.plucks.empty()) {
        J shows = J::array();
        for (const auto& [to, cards] : h.shows) {
          shows.push_back(J{{"to", seat(to)}, {"cards", sorted_cards(cards)}});
        }
        hj["shows"] = shows;
      }
    }
    if (k.partner) {
      hj["partner"] = h.partner < 0 ? std::string("none") : seat(h.partner);
    }
    if (k.tricks) {
      J tricks = J::array();
      for (std::size_t t = 0; t < h.tricks.size(); ++t) {
        if (t == 0 && needs_leader(rules, o.detail)) {
          tricks.push_back(J{{"leader", seat(h.leaders[0])}, {"cards", in_order(h.tricks[t])}});
        } else {
          tricks.push_back(in_order(h.tricks[t]));
        }
      }
      hj["tricks"] = tricks;
    }
    if (k.early_court) {
      hj["early_court"] = players[side_seat(rules, h.early_court_side)];
    }
    if (k.taken) {
      hj["taken"] = seats(h.taken);
    }
    if (k.points) {
      hj["points"] = seats(h.points);
    }
    if (o.scores) {
      hj["score"] = scores(h.score);
      if (k.streak) {
        J streak = J::object();
        streak[players[side_seat(rules, h.streak_side)]] = h.streak;
        hj["streak"] = streak;
      }
    }
    hands.push_back(hj);
  }
  j["hands"] = hands;
  if (o.scores && game.finished) {
    J winners = J::array();
    for (int w : game.winners) {
      winners.push_back(seat(w));
    }
    j["result"] = J{{"winner", winners.size() == 1 ? winners[0] : winners}, {"score", scores(game.score)}};
  }
  return j;
}

}  // namespace trickref
