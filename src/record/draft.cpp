#include "record/draft.h"

#include <fmt/format.h>

#include "base/text.h"
#include "transcript/record_keys.h"
#include "transcript/record_yaml.h"
#include "yaml/scalar.h"

namespace trickref::record {
namespace key = record_key;
namespace {

// A seat's name as written (names: already scalars); `null` for a seat that is none.
std::string seat_name(const std::vector<std::string>& names, int seat) {
  return seat >= 0 && static_cast<std::size_t>(seat) < names.size() ? names[static_cast<std::size_t>(seat)]
                                                                     : std::string("null");
}

// A hand's keys, each written in its phase's turn (the order entries are made in).
class HandWriter {
 public:
  HandWriter(RecordYaml& y, const DraftHand& h, const std::vector<std::string>& names)
      : y_(y), h_(h), names_(names) {}

  void phase(Phase p, const PhaseList& phases) {
    switch (p) {
      case Phase::kDeal:
        deal();
        break;
      case Phase::kAuction:
        bids();
        break;
      case Phase::kExchange:
        plucks();
        break;
      case Phase::kTrump:
        if (h_.trump) {
          const char letter[] = {suit_letter(*h_.trump), '\0'};
          y_.entry(key::kTrump, letter);
        }
        break;
      case Phase::kKitty:
      case Phase::kDiscard:
        // One discard key, written where the hand's discard is made: in the
        // discard phase where it has one, else in the kitty phase.
        if (h_.discard && (p == Phase::kDiscard || !phases.has(Phase::kDiscard))) {
          y_.entry(key::kDiscard, RecordYaml::cards(*h_.discard));
        }
        // The show follows the dealer's discard (the kitty phase's).
        if (p == Phase::kKitty) {
          shows();
        }
        break;
      case Phase::kPlay:
        tricks();
        break;
      case Phase::kDealRest:
      case Phase::kCount:
        break;
    }
  }

  // The score sheet's keys, after the phases'.
  void sheet() {
    if (h_.taken) {
      y_.entry(key::kTaken, seat_map(*h_.taken));
    }
    if (h_.partner) {
      y_.entry(key::kPartner, *h_.partner >= 0 ? name(*h_.partner) : std::string(key::kNone));
    }
    if (h_.points) {
      y_.entry(key::kPoints, seat_map(*h_.points));
    }
  }

 private:
  [[nodiscard]] std::string name(int seat) const { return seat_name(names_, seat); }
  [[nodiscard]] std::string seat_map(const std::vector<int>& values) const {
    return y_.name_map(
        std::min(values.size(), names_.size()), [&](std::size_t k) -> std::string_view { return names_[k]; },
        [&](std::size_t k) { return std::to_string(values[k]); });
  }

  void deal() {
    if (!h_.deal) {
      return;
    }
    y_.open(key::kDeal);
    for (std::size_t s = 0; s < h_.deal->size(); ++s) {
      y_.name_entry(name(static_cast<int>(s)), RecordYaml::cards((*h_.deal)[s]));
    }
    y_.close();
    if (!h_.kitty.empty()) {
      y_.entry(key::kKitty, RecordYaml::cards(h_.kitty));
    }
  }
  void bids() {
    if (!h_.bids) {
      return;
    }
    std::vector<std::string> calls;
    for (const auto& b : *h_.bids) {
      calls.push_back(b ? std::to_string(*b) : std::string(key::kPass));
    }
    y_.entry(key::kBids, RecordYaml::flow_list(calls));
  }
  void plucks() {
    if (!h_.plucks) {
      return;
    }
    if (h_.plucks->empty()) {
      y_.entry(key::kPlucks, "[]");
      return;
    }
    y_.open(key::kPlucks);
    for (const auto& pl : *h_.plucks) {
      y_.item(RecordYaml::flow_map({{key::kBy, name(pl.by)},
                                    {key::kFrom, name(pl.from)},
                                    {key::kGives, to_string(pl.gives)},
                                    {key::kGets, pl.gets ? to_string(*pl.gets) : std::string("null")}}));
    }
    y_.close();
  }
  void shows() {
    if (!h_.shows) {
      return;
    }
    if (h_.shows->empty()) {
      y_.entry(key::kShows, "[]");
      return;
    }
    y_.open(key::kShows);
    for (const auto& s : *h_.shows) {
      y_.item(RecordYaml::flow_map({{key::kTo, name(s.to)}, {key::kCards, RecordYaml::cards(s.cards)}}));
    }
    y_.close();
  }
  void tricks() {
    if (!h_.tricks) {
      return;
    }
    y_.open(key::kTricks);
    for (std::size_t t = 0; t < h_.tricks->size(); ++t) {
      const std::string cards = RecordYaml::cards((*h_.tricks)[t]);
      y_.item(t == 0 && h_.first_leader >= 0
                  ? RecordYaml::flow_map({{key::kLeader, name(h_.first_leader)}, {key::kCards, cards}})
                  : cards);
    }
    y_.close();
  }

  RecordYaml& y_;
  const DraftHand& h_;
  const std::vector<std::string>& names_;  // as scalars
};

void write_hand(RecordYaml& y, const DraftHand& h, int number, const PhaseList& phases,
                const std::vector<std::string>& names) {
  y.comment(fmt::format("hand {}{}", number, h.dealer >= 0 ? ", dealt by " + seat_name(names, h.dealer) : std::string()));
  // A hand the record leaves to the rotation has no `dealer`: its first key
  // starts the item.
  y.begin_item();
  HandWriter w(y, h, names);
  if (h.dealer >= 0) {
    y.entry(key::kDealer, seat_name(names, h.dealer));
  }
  for (const Phase p : phases) {
    w.phase(p, phases);
  }
  w.sheet();
  y.end_item();
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

// A hand's tricks read into `dh` (the first may name its leader); the key
// refused, else empty.
std::string_view read_tricks(const std::vector<TrickRec>& tricks, DraftHand& dh) {
  std::vector<std::vector<Card>> out;
  for (std::size_t t = 0; t < tricks.size(); ++t) {
    const TrickRec& tr = tricks[t];
    if (tr.leader && (t > 0 || !tr.leader->ok())) {
      return key::kLeader;
    }
    if (tr.leader) {
      dh.first_leader = tr.leader->seat;
    }
    auto c = cards_of(tr.cards);
    if (!c || c->empty()) {
      return key::kTricks;
    }
    out.push_back(std::move(*c));
  }
  dh.tricks = std::move(out);
  return {};
}

// The hand `h` read into `dh`; the key it refuses (one the Draft does not
// keep, or does not keep as written), else empty.
std::string_view read_hand(const HandRec& h, DraftHand& dh) {
  // Keys the recorder never writes.
  const std::pair<bool, std::string_view> unkept[] = {
      {static_cast<bool>(h.score), key::kScore},          {static_cast<bool>(h.contract), key::kContract},
      {static_cast<bool>(h.trump_by), key::kTrumpBy},     {static_cast<bool>(h.revoke_claim), key::kRevokeClaim},
      {static_cast<bool>(h.early_court), key::kEarlyCourt}, {static_cast<bool>(h.streak), key::kStreak}};
  for (const auto& [given, name] : unkept) {
    if (given) {
      return name;
    }
  }
  dh.dealer = h.dealer ? h.dealer->seat : -1;
  if (h.deal) {
    std::vector<std::vector<Card>> deal;
    for (const auto& seat : *h.deal) {
      auto cards = cards_of(seat);
      if (!cards) {
        return key::kDeal;
      }
      deal.push_back(std::move(*cards));
    }
    dh.deal = std::move(deal);
    if (h.kitty) {
      auto k = cards_of(*h.kitty);
      if (!k) {
        return key::kKitty;
      }
      dh.kitty = std::move(*k);
    }
  } else if (h.kitty) {
    return key::kKitty;
  }
  if (h.bids) {
    std::vector<std::optional<int>> bids;
    for (const auto& c : *h.bids) {
      if (c.kind == CallRec::kOther || c.caller) {
        return key::kBids;
      }
      bids.push_back(c.kind == CallRec::kBid ? std::optional<int>(static_cast<int>(c.bid)) : std::nullopt);
    }
    dh.bids = std::move(bids);
  }
  if (h.plucks) {
    std::vector<DraftPluck> plucks;
    for (const auto& p : *h.plucks) {
      if (!p.by.ok() || !p.from.ok() || !p.gives.card || (p.gets && !p.gets->card)) {
        return key::kPlucks;
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
      return key::kDiscard;
    }
    dh.discard = std::move(*c);
  }
  if (h.shows) {
    std::vector<DraftShow> shows;
    for (const auto& s : *h.shows) {
      auto c = cards_of(s.cards);
      if (!s.to.ok() || !c) {
        return key::kShows;
      }
      shows.push_back(DraftShow{s.to.seat, std::move(*c)});
    }
    dh.shows = std::move(shows);
  }
  if (h.tricks) {
    if (const std::string_view refused = read_tricks(*h.tricks, dh); !refused.empty()) {
      return refused;
    }
  }
  if (h.taken) {
    dh.taken = numbers_of(*h.taken);
    if (!dh.taken) {
      return key::kTaken;
    }
  }
  if (h.points) {
    dh.points = numbers_of(*h.points);
    if (!dh.points) {
      return key::kPoints;
    }
  }
  if (h.partner) {
    dh.partner = h.partner->player ? h.partner->player->seat : -1;
  }
  return {};
}

}  // namespace

std::string to_yaml(const Draft& d, const PhaseList& phases) {
  std::vector<std::string> names;
  for (const auto& p : d.players) {
    names.push_back(yaml_scalar(p));
  }
  std::string text;
  RecordYaml y(text, LongNames::kExplicit);
  if (d.finished) {
    y.comment("Kept with trickref record.");
  } else {
    y.comment("Kept with trickref record, which rewrites this file after every entry:");
    y.comment("`status: in-progress` until the game is over.");
  }
  y.entry(key::kGame, yaml_scalar(d.ruleset));
  if (!d.id.empty()) {
    y.entry(key::kId, yaml_scalar(d.id));
  }
  if (!d.event.empty()) {
    y.open(key::kEvent);
    for (const auto& [k, v] : d.event) {
      y.entry(yaml_scalar(k), yaml_scalar(v));
    }
    y.close();
  }
  if (!d.date.empty()) {
    y.entry(key::kDate, yaml_scalar(d.date));
  }
  if (!d.notes.empty()) {
    y.entry(key::kNotes, yaml_scalar(d.notes));
  }
  y.entry(key::kPlayers, RecordYaml::flow_list(names));
  if (!d.finished) {
    y.entry(key::kStatus, key::kInProgress);
  }
  if (d.hands.empty()) {
    y.entry(key::kHands, "[]");
    return text;
  }
  y.open(key::kHands);
  for (std::size_t i = 0; i < d.hands.size(); ++i) {
    write_hand(y, d.hands[i], static_cast<int>(i) + 1, phases, names);
  }
  y.close();
  return text;
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
    return refuse(0, key::kResult);
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
    if (const std::string_view refused = read_hand(h, dh); !refused.empty()) {
      return refuse(h.number, refused);
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
