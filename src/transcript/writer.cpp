#include "transcript/writer.h"

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

// The auction games (transcript.md, "Keys for the partnership and auction
// games"): the calls from the exchange level up, the contract alone on a
// score sheet; the partner and the points at every level.
bool auctioned(const Ruleset& r) { return hand_phases(r).has(Phase::kAuction); }

// Whether the hand has a discard to record: the kitty's taker, the dealer or
// the bidder, discards (a voided hand has no bidder).
bool has_discard(const Ruleset& r, const PlayedHand& h) {
  return kitty_taker(r, h.dealer) >= 0 || (r.kitty_discard > 0 && h.bidder >= 0 && auctioned(r));
}

std::string call_text(int bid) { return bid > 0 ? std::to_string(bid) : std::string("pass"); }
bool has_tricks(Detail d) { return d == Detail::kPlays || d == Detail::kFull; }

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
  for (std::size_t hi = 0; hi < game.hands.size(); ++hi) {
    const auto& h = game.hands[hi];
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
    const bool calls = auctioned(rules);
    if (calls && has_plucks(o.detail)) {
      std::vector<std::string> items;
      for (const auto& [seat, bid] : h.bids) {
        items.push_back(call_text(bid));
      }
      y += fmt::format("    bids: {}\n", flow(items));
    } else if (calls) {
      y += h.bidder < 0 ? std::string("    contract: none\n")
                        : fmt::format("    contract: {{bidder: {}, bid: {}}}\n",
                                      quoted[static_cast<std::size_t>(h.bidder)], h.bid);
    }
    if (calls && h.bidder < 0) {
      if (o.scores) {
        y += fmt::format("    score: {}\n", seat_map(quoted, h.score));
      }
      continue;  // everyone passed: the hand is void, nothing more to record
    }
    if (has_plucks(o.detail) && rules.has_quotas() && hi + 1 >= static_cast<std::size_t>(rules.exchange_from_hand)) {
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
    if (has_plucks(o.detail)) {
      y += fmt::format("    trump: {}\n", suit_letter(h.trump));
    }
    if (o.detail == Detail::kFull && has_discard(rules, h)) {  // a discard only where the kitty is taken
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
    if (has_tricks(o.detail)) {
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
    y += fmt::format("    taken: {}\n", seat_map(quoted, h.taken));
    if (calls) {
      y += fmt::format("    partner: {}\n", h.partner < 0 ? std::string("none") : quoted[static_cast<std::size_t>(h.partner)]);
      y += fmt::format("    points: {}\n", seat_map(quoted, h.points));
    }
    if (o.scores) {
      y += fmt::format("    score: {}\n", seat_map(quoted, h.score));
    }
  }
  if (o.scores && game.finished) {
    std::vector<std::string> winners;
    for (int w : game.winners) {
      winners.push_back(quoted[static_cast<std::size_t>(w)]);
    }
    y += "result:\n";
    y += fmt::format("  winner: {}\n", winners.size() == 1 ? winners[0] : flow(winners));
    y += fmt::format("  score: {}\n", seat_map(quoted, game.score));
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
  for (std::size_t hi = 0; hi < game.hands.size(); ++hi) {
    const auto& h = game.hands[hi];
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
    const bool calls = auctioned(rules);
    if (calls && has_plucks(o.detail)) {
      J bids = J::array();
      for (const auto& [s, bid] : h.bids) {
        bids.push_back(bid > 0 ? J(bid) : J("pass"));
      }
      hj["bids"] = bids;
    } else if (calls) {
      hj["contract"] = h.bidder < 0 ? J("none") : J{{"bidder", seat(h.bidder)}, {"bid", h.bid}};
    }
    if (calls && h.bidder < 0) {
      if (o.scores) {
        hj["score"] = seats(h.score);
      }
      hands.push_back(hj);
      continue;  // everyone passed: the hand is void, nothing more to record
    }
    if (has_plucks(o.detail) && rules.has_quotas() && hi + 1 >= static_cast<std::size_t>(rules.exchange_from_hand)) {
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
    if (has_plucks(o.detail)) {
      hj["trump"] = std::string(1, suit_letter(h.trump));
    }
    if (o.detail == Detail::kFull && has_discard(rules, h)) {  // a discard only where the kitty is taken
      hj["discard"] = sorted_cards(h.discard);
      if (rules.show_kitty && !h.plucks.empty()) {
        J shows = J::array();
        for (const auto& [to, cards] : h.shows) {
          shows.push_back(J{{"to", seat(to)}, {"cards", sorted_cards(cards)}});
        }
        hj["shows"] = shows;
      }
    }
    if (has_tricks(o.detail)) {
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
    hj["taken"] = seats(h.taken);
    if (calls) {
      hj["partner"] = h.partner < 0 ? J("none") : J(seat(h.partner));
      hj["points"] = seats(h.points);
    }
    if (o.scores) {
      hj["score"] = seats(h.score);
    }
    hands.push_back(hj);
  }
  j["hands"] = hands;
  if (o.scores && game.finished) {
    J winners = J::array();
    for (int w : game.winners) {
      winners.push_back(seat(w));
    }
    j["result"] = J{{"winner", winners.size() == 1 ? winners[0] : winners}, {"score", seats(game.score)}};
  }
  return j;
}

}  // namespace trickref
