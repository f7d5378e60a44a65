#include "record/draft.h"

#include <fmt/format.h>

#include "base/text.h"
#include "sheet/yaml_text.h"
#include "yaml/scalar.h"

namespace trickref::record {
namespace {

std::string flow_cards(const std::vector<Card>& cards) {
  std::string out = "[";
  for (std::size_t i = 0; i < cards.size(); ++i) {
    out += i == 0 ? "" : ", ";
    out += to_string(cards[i]);
  }
  return out + "]";
}

std::string seat_map(const std::vector<std::string>& names, const std::vector<int>& values) {
  std::string out = "{";
  for (std::size_t i = 0; i < values.size() && i < names.size(); ++i) {
    out += fmt::format("{}{}{}", i == 0 ? "" : ", ", sheet::yaml_flow_key(names[i]), values[i]);
  }
  return out + "}";
}

void write_hand(std::string& y, const DraftHand& h, int number, const PhaseList& phases,
                const std::vector<std::string>& names) {
  const auto name = [&](int seat) {
    return seat >= 0 && static_cast<std::size_t>(seat) < names.size() ? names[static_cast<std::size_t>(seat)]
                                                                       : std::string("null");
  };
  y += fmt::format("  # hand {}{}\n", number, h.dealer >= 0 ? ", dealt by " + name(h.dealer) : std::string());
  // A hand the record leaves to the rotation has no `dealer`: its first key
  // starts the item.
  const std::size_t item = y.size();
  y += h.dealer >= 0 ? fmt::format("    dealer: {}\n", name(h.dealer)) : std::string();
  for (const Phase p : phases) {
    switch (p) {
      case Phase::kDeal:
        if (h.deal) {
          y += "    deal:\n";
          for (std::size_t s = 0; s < h.deal->size(); ++s) {
            y += sheet::yaml_block_entry(6, name(static_cast<int>(s)), flow_cards((*h.deal)[s]));
          }
          if (!h.kitty.empty()) {
            y += fmt::format("    kitty: {}\n", flow_cards(h.kitty));
          }
        }
        break;
      case Phase::kAuction:
        if (h.bids) {
          std::string calls;
          for (const auto& b : *h.bids) {
            calls += calls.empty() ? "" : ", ";
            calls += b ? std::to_string(*b) : std::string("pass");
          }
          y += fmt::format("    bids: [{}]\n", calls);
        }
        break;
      case Phase::kExchange:
        if (h.plucks) {
          if (h.plucks->empty()) {
            y += "    plucks: []\n";
          } else {
            y += "    plucks:\n";
          }
          for (const auto& pl : *h.plucks) {
            y += fmt::format("      - {{by: {}, from: {}, gives: {}, gets: {}}}\n", name(pl.by), name(pl.from),
                             to_string(pl.gives), pl.gets ? to_string(*pl.gets) : std::string("null"));
          }
        }
        break;
      case Phase::kTrump:
        if (h.trump) {
          y += fmt::format("    trump: {}\n", suit_letter(*h.trump));
        }
        break;
      case Phase::kKitty:
      case Phase::kDiscard:
        // One discard key, written where the hand's discard is made: in the
        // discard phase where it has one, else in the kitty phase.
        if (h.discard && (p == Phase::kDiscard || !phases.has(Phase::kDiscard))) {
          y += fmt::format("    discard: {}\n", flow_cards(*h.discard));
        }
        // The show follows the dealer's discard (the kitty phase's).
        if (h.shows && p == Phase::kKitty) {
          y += h.shows->empty() ? "    shows: []\n" : "    shows:\n";
          for (const auto& s : *h.shows) {
            y += fmt::format("      - {{to: {}, cards: {}}}\n", name(s.to), flow_cards(s.cards));
          }
        }
        break;
      case Phase::kPlay:
        if (h.tricks) {
          y += "    tricks:\n";
          for (std::size_t t = 0; t < h.tricks->size(); ++t) {
            const std::string cards = flow_cards((*h.tricks)[t]);
            y += t == 0 && h.first_leader >= 0
                     ? fmt::format("      - {{leader: {}, cards: {}}}\n", name(h.first_leader), cards)
                     : fmt::format("      - {}\n", cards);
          }
        }
        break;
      case Phase::kDealRest:
      case Phase::kCount:
        break;
    }
  }
  if (h.taken) {
    y += fmt::format("    taken: {}\n", seat_map(names, *h.taken));
  }
  if (h.partner) {
    y += fmt::format("    partner: {}\n", *h.partner >= 0 ? name(*h.partner) : std::string("none"));
  }
  if (h.points) {
    y += fmt::format("    points: {}\n", seat_map(names, *h.points));
  }
  if (y.size() == item) {
    y += "  - {}\n";
  } else {
    y.replace(item, 4, "  - ");
  }
}

std::optional<std::vector<Card>> cards_of(const std::vector<CardRef>& refs) {
  std::vector<Card> out;
  for (const auto& r : refs) {
    if (!r.card) {
      return std::nullopt;
    }
    out.push_back(*r.card);
  }
  return out;
}

std::optional<std::vector<int>> numbers_of(const SeatNumbers& n) {
  if (!n.complete() || !n.sides.empty()) {
    return std::nullopt;
  }
  std::vector<int> out;
  for (const auto& v : n.values) {
    if (*v < -1'000'000 || *v > 1'000'000) {
      return std::nullopt;
    }
    out.push_back(static_cast<int>(*v));
  }
  return out;
}

}  // namespace

std::string to_yaml(const Draft& d, const PhaseList& phases) {
  std::vector<std::string> names;
  for (const auto& p : d.players) {
    names.push_back(yaml_scalar(p));
  }
  std::string y;
  y += d.finished ? "# Kept with trickref record.\n"
                  : "# Kept with trickref record, which rewrites this file after every entry:\n"
                    "# `status: in-progress` until the game is over.\n";
  y += fmt::format("game: {}\n", yaml_scalar(d.ruleset));
  if (!d.id.empty()) {
    y += fmt::format("id: {}\n", yaml_scalar(d.id));
  }
  if (!d.event.empty()) {
    y += "event:\n";
    for (const auto& [k, v] : d.event) {
      y += fmt::format("  {}: {}\n", yaml_scalar(k), yaml_scalar(v));
    }
  }
  if (!d.date.empty()) {
    y += fmt::format("date: {}\n", yaml_scalar(d.date));
  }
  if (!d.notes.empty()) {
    y += fmt::format("notes: {}\n", yaml_scalar(d.notes));
  }
  y += fmt::format("players: [{}]\n", fmt::join(names, ", "));
  if (!d.finished) {
    y += "status: in-progress\n";
  }
  if (d.hands.empty()) {
    y += "hands: []\n";
    return y;
  }
  y += "hands:\n";
  for (std::size_t i = 0; i < d.hands.size(); ++i) {
    write_hand(y, d.hands[i], static_cast<int>(i) + 1, phases, names);
  }
  return y;
}

Resumed from_game(const Game& g, const std::vector<Diagnostic>& load_diagnostics) {
  Resumed out;
  for (const auto& diag : load_diagnostics) {
    // The recorder writes every key it reads back; anything else would be
    // lost on the next rewrite, so such a record is not resumed.
    out.problem = fmt::format("line {}: {}", diag.loc.line, diag.message);
    return out;
  }
  const auto refuse = [&](int hand, std::string_view key) {
    out.problem = hand > 0 ? fmt::format("hand {} has `{}`, which trickref record does not keep", hand, key)
                           : fmt::format("the record has `{}`, which trickref record does not keep", key);
    return out;
  };
  if (!g.ruleset_ref) {
    out.problem = "the record does not name its ruleset (`game:`)";
    return out;
  }
  if (g.result) {
    return refuse(0, "result");
  }
  if (g.teams) {
    return refuse(0, "teams");
  }
  Draft d;
  d.ruleset = *g.ruleset_ref;
  d.players = g.players;
  d.id = g.id;
  d.event = g.event;
  d.date = g.date;
  d.notes = g.notes;
  d.finished = !g.in_progress;
  for (const HandRec& h : g.hands) {
    DraftHand dh;
    if (h.score) {
      return refuse(h.number, "score");
    }
    if (h.contract) {
      return refuse(h.number, "contract");
    }
    if (h.trump_by) {
      return refuse(h.number, "trump_by");
    }
    if (h.revoke_claim) {
      return refuse(h.number, "revoke_claim");
    }
    if (h.early_court) {
      return refuse(h.number, "early_court");
    }
    if (h.streak) {
      return refuse(h.number, "streak");
    }
    dh.dealer = h.dealer ? h.dealer->seat : -1;
    if (h.deal) {
      std::vector<std::vector<Card>> deal;
      for (const auto& seat : *h.deal) {
        auto cards = cards_of(seat);
        if (!cards) {
          return refuse(h.number, "deal");
        }
        deal.push_back(std::move(*cards));
      }
      dh.deal = std::move(deal);
      if (h.kitty) {
        auto k = cards_of(*h.kitty);
        if (!k) {
          return refuse(h.number, "kitty");
        }
        dh.kitty = std::move(*k);
      }
    } else if (h.kitty) {
      return refuse(h.number, "kitty");
    }
    if (h.bids) {
      std::vector<std::optional<int>> bids;
      for (const auto& c : *h.bids) {
        if (c.kind == CallRec::kOther || c.caller) {
          return refuse(h.number, "bids");
        }
        bids.push_back(c.kind == CallRec::kBid ? std::optional<int>(static_cast<int>(c.bid)) : std::nullopt);
      }
      dh.bids = std::move(bids);
    }
    if (h.plucks) {
      std::vector<DraftPluck> plucks;
      for (const auto& p : *h.plucks) {
        if (!p.by.ok() || !p.from.ok() || !p.gives.card || (p.gets && !p.gets->card)) {
          return refuse(h.number, "plucks");
        }
        plucks.push_back(DraftPluck{p.by.seat, p.from.seat, *p.gives.card,
                                    p.gets ? std::optional<Card>(*p.gets->card) : std::nullopt});
      }
      dh.plucks = std::move(plucks);
    }
    dh.trump = h.trump;
    if (h.discard) {
      auto c = cards_of(*h.discard);
      if (!c) {
        return refuse(h.number, "discard");
      }
      dh.discard = std::move(*c);
    }
    if (h.shows) {
      std::vector<DraftShow> shows;
      for (const auto& s : *h.shows) {
        auto c = cards_of(s.cards);
        if (!s.to.ok() || !c) {
          return refuse(h.number, "shows");
        }
        shows.push_back(DraftShow{s.to.seat, std::move(*c)});
      }
      dh.shows = std::move(shows);
    }
    if (h.tricks) {
      std::vector<std::vector<Card>> tricks;
      for (std::size_t t = 0; t < h.tricks->size(); ++t) {
        const TrickRec& tr = (*h.tricks)[t];
        if (tr.leader && (t > 0 || !tr.leader->ok())) {
          return refuse(h.number, "leader");
        }
        if (tr.leader) {
          dh.first_leader = tr.leader->seat;
        }
        auto c = cards_of(tr.cards);
        if (!c || c->empty()) {
          return refuse(h.number, "tricks");
        }
        tricks.push_back(std::move(*c));
      }
      dh.tricks = std::move(tricks);
    }
    if (h.taken) {
      dh.taken = numbers_of(*h.taken);
      if (!dh.taken) {
        return refuse(h.number, "taken");
      }
    }
    if (h.points) {
      dh.points = numbers_of(*h.points);
      if (!dh.points) {
        return refuse(h.number, "points");
      }
    }
    if (h.partner) {
      dh.partner = h.partner->player ? h.partner->player->seat : -1;
    }
    d.hands.push_back(std::move(dh));
  }
  out.draft = std::move(d);
  return out;
}

std::string undo(Draft& d, const PhaseList& phases) {
  // A hand with nothing but its dealer goes, and the entry before it with it:
  // the hand before is complete, so it would only be started again.
  while (!d.hands.empty() && d.hands.back().empty() && d.hands.size() > 1) {
    d.hands.pop_back();
  }
  if (d.hands.empty()) {
    return {};
  }
  DraftHand& h = d.hands.back();
  if (h.points) {
    h.points.reset();
    return "the points";
  }
  if (h.partner) {
    h.partner.reset();
    return "the partner";
  }
  if (h.taken) {
    h.taken.reset();
    return "the tricks taken";
  }
  for (auto it = phases.end(); it != phases.begin();) {
    switch (*--it) {
      case Phase::kPlay:
        if (h.tricks) {
          auto& last = h.tricks->back();
          const std::string what = fmt::format("the play of {}", to_string(last.back()));
          last.pop_back();
          if (last.empty()) {
            h.tricks->pop_back();
          }
          if (h.tricks->empty()) {
            h.tricks.reset();
            h.first_leader = -1;
          }
          return what;
        }
        break;
      case Phase::kKitty:
      case Phase::kDiscard:
        if (h.shows && *it == Phase::kKitty) {
          if (h.shows->empty()) {
            h.shows.reset();
            return "the show";
          }
          const DraftShow s = h.shows->back();
          h.shows->pop_back();
          if (h.shows->empty()) {
            h.shows.reset();
          }
          return fmt::format("the show to {}", d.players[static_cast<std::size_t>(s.to)]);
        }
        if (h.discard && (*it == Phase::kDiscard || !phases.has(Phase::kDiscard))) {
          h.discard.reset();
          return "the discard";
        }
        break;
      case Phase::kTrump:
        if (h.trump) {
          h.trump.reset();
          return "trump";
        }
        break;
      case Phase::kExchange:
        if (h.plucks) {
          if (h.plucks->empty()) {
            h.plucks.reset();
            return "the plucks waived";
          }
          const DraftPluck p = h.plucks->back();
          h.plucks->pop_back();
          if (h.plucks->empty()) {
            h.plucks.reset();
          }
          return fmt::format("the pluck of {} by {}", to_string(p.gives), d.players[static_cast<std::size_t>(p.by)]);
        }
        break;
      case Phase::kAuction:
        if (h.bids) {
          h.bids->pop_back();
          if (h.bids->empty()) {
            h.bids.reset();
          }
          return "the last call";
        }
        break;
      case Phase::kDeal:
        if (h.deal) {
          h.deal.reset();
          h.kitty.clear();
          return "the deal";
        }
        break;
      case Phase::kDealRest:
      case Phase::kCount:
        break;
    }
  }
  d.hands.pop_back();
  return fmt::format("hand {}", d.hands.size() + 1);
}

}  // namespace trickref::record
