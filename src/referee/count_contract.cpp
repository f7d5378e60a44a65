// The contract family's checker (referee/game_referee.h, kCounters): the
// auction, the contract, the partner, the points, the contract made or set.
#include "referee/game_referee.h"

#include <algorithm>
#include <array>
#include <numeric>
#include <utility>

#include <fmt/format.h>

#include "base/text.h"
#include "engine/deal.h"
#include "engine/exchange.h"
#include "engine/game.h"
#include "engine/hand.h"
#include "engine/points_possible.h"
#include "engine/play.h"
#include "engine/policy/table.h"
#include "engine/scoring.h"
#include "referee/messages.h"

namespace trickref {

// ------------------------------------------------------------- auction
// The recorded calls, in order: each checked by the machine (check_call)
// and made as recorded (apply_call). A caller who is not named is the one
// due (after the end, the next to the left); a call that is not a number
// is bid-range and counts as a pass (call-deuces.md §4, settled readings).
void GameReferee::run_calls(const std::vector<CallRec>& calls, HandState& m) {
  std::vector<CallSummary> out;
  out.reserve(calls.size());
  std::vector<Violation> found;
  int last = -1;
  Loc standing;  // where the bid that stands was called, for bid-too-low's note
  cur_.high_as_written = 0;
  for (const auto& c : calls) {
    int seat = c.caller ? c.caller->seat : m.auction.turn;
    if (seat < 0) {
      seat = left_of(last >= 0 ? last : dealer_, n_);
    }
    std::optional<int> bid;
    if (c.kind == CallRec::kBid) {
      // The hand machine's bids are ints: any out of range is a bid-range
      // whatever its size, worded with the number as written.
      bid = static_cast<int>(std::clamp<long long>(c.bid, -kFarBid, kFarBid));
    }
    found.clear();
    check_call(m, seat, bid, found);
    bool worded = false;
    for (const auto& v : found) {
      if (c.kind == CallRec::kOther && !worded && v.code != Code::kBidOutOfTurn) {
        worded = true;
        about(report(Code::kBidRange, c.loc, say::call_not_a_number(words(), seat, c.text)), name(seat));
      }
      const Loc at = c.caller ? c.caller->loc : c.loc;
      auto& d = v.code == Code::kBidRange && c.kind == CallRec::kBid
                    ? about(report(v.code, at, say::bid_out_of_range(words(), seat, c.bid)), name(seat))
                    : say(v, at);
      if (v.code == Code::kBidTooLow && standing.known()) {
        d.notes.push_back(Note{say::bid_here(words(), v.other, v.standing), standing});
      }
    }
    if (c.kind == CallRec::kOther && !worded) {
      about(report(Code::kBidRange, c.loc, say::call_not_a_number(words(), seat, c.text)), name(seat));
    }
    const int held_by = m.auction.bidder;
    const int high = m.auction.high;
    apply_call(m, seat, bid);
    if (m.auction.bidder != held_by || m.auction.high != high) {
      standing = c.loc;
      cur_.high_as_written = c.bid;
    }
    out.push_back(CallSummary{seat, c.kind == CallRec::kBid ? std::optional<long long>(c.bid) : std::nullopt});
    last = seat;
  }
  if (!m.auction.over()) {
    if (cur_.open && (!cur_.rec->tricks || cur_.rec->tricks->empty())) {
      unfinished(say::kAuctionGoingOn);
    }
    close_auction(m);  // the record stops before the rules end it: the highest bid wins
  }
  cur_.sum->bids = std::move(out);
}

// The recorded contract: checked against the auction where calls are
// recorded, else the one played (a score sheet). Neither: the hand cannot
// be scored.
void GameReferee::check_contract(const HandRec& h, HandState& m) {
  if (!h.contract) {
    if (!h.bids) {
      cur_.contract_known = false;
      if (cur_.open && !h.contract_bad) {
        unfinished(say::kNoContractYet);
      } else if (!h.contract_bad) {
        report(Code::kSchema, h.loc, say::contract_unknown(h.number));
      }
    }
    return;
  }
  const ContractRec& c = *h.contract;
  const int rec_bidder = c.none ? -1 : c.bidder->seat;
  const long long rec_bid = c.none ? 0 : *c.bid;
  if (h.bids) {
    const int bidder = m.void_hand ? -1 : m.auction.bidder;
    if (rec_bidder != bidder || (bidder >= 0 && rec_bid != cur_.high_as_written)) {
      auto& d = report(Code::kContractMismatch, c.loc,
                       say::contract_mismatch(words(), rec_bidder, rec_bid, bidder, cur_.high_as_written));
      if (rec_bidder >= 0) {
        d.player = name(rec_bidder);
      }
    }
    return;
  }
  const Bidding& range = r_.bidding;
  if (rec_bidder >= 0 && (rec_bid < range.min || rec_bid > range.max)) {
    // No auction gives a contract out of the range of bids (call-deuces.md §2.2).
    about(report(Code::kBidRange, c.bid_loc, say::contract_out_of_range(words(), rec_bidder, rec_bid)),
          name(rec_bidder));
  }
  m.auction.turn = -1;
  m.auction.bidder = rec_bidder;
  m.auction.high = static_cast<int>(std::clamp<long long>(rec_bid, -kFarBid, kFarBid));
  close_auction(m);
}

std::optional<GameReferee::Holder> GameReferee::partner_holder(const HandRec& h, const HandState& m, bool all_played) const {
  if (!h.trump) {
    return std::nullopt;
  }
  const Card card = partner_card(m);
  const int bidder = m.auction.bidder;
  for (const auto& p : reading_.plays()) {
    if (p.card == card) {
      return Holder{p.seat, say::PartnerProof::kPlayed, p.loc};
    }
  }
  if (h.discard && cur_.discard_known && m.discard.contains(card)) {
    Loc loc = h.discard_loc;
    for (const auto& c : *h.discard) {
      if (c.card == card) {
        loc = c.loc;
      }
    }
    return Holder{bidder, say::PartnerProof::kDiscarded, loc};
  }
  const CardOrigin dealt = origin(card);
  if (dealt.loc.known() && dealt.seat >= -1) {
    return dealt.seat >= 0 ? Holder{dealt.seat, say::PartnerProof::kDealt, dealt.loc}
                           : Holder{bidder, say::PartnerProof::kInKitty, dealt.loc};
  }
  if (all_played && !h.discard) {
    return Holder{bidder, say::PartnerProof::kNeverPlayed, h.tricks_loc};
  }
  return std::nullopt;
}

// Where the counting cards a player's points include were won (and, for
// the bidder, laid away).
void GameReferee::points_notes(Diagnostic& d, const HandRec& h, const HandState& m, int seat, bool discard) {
  const auto counts = [&](Card c) { return r_.card_points[static_cast<std::size_t>(c.index())] != 0; };
  for (const auto& p : reading_.plays()) {
    if (counts(p.card) && m.won[static_cast<std::size_t>(seat)].contains(p.card)) {
      d.notes.push_back(Note{say::won_in_trick(words(), seat, p.card, p.trick + 1), p.loc});
    }
  }
  if (discard && h.discard) {
    for (const auto& c : *h.discard) {
      if (c.card && counts(*c.card)) {
        d.notes.push_back(Note{say::discarded_here(words(), seat, *c.card), c.loc});
      }
    }
  }
}

// Recorded points the tricks do not give (a score sheet): any that no
// play of the hand could give (call-deuces.md §4, engine/points_possible.h).
void GameReferee::check_sheet_points(const HandState& m, const std::optional<std::vector<int>>& taken) {
  PointsClaim claim;
  claim.bidder = m.auction.bidder;
  std::vector<long long> recorded;
  for (int s = 0; s < n_; ++s) {
    const auto i = static_cast<std::size_t>(s);
    claim.points[i] = cur_.points->values[i];
    recorded.push_back(*cur_.points->values[i]);
    if (taken) {
      claim.taken[i] = (*taken)[i];
    }
  }
  for (const Violation& v : check_points_possible(r_, claim, at_.hand).found) {
    const Loc loc = v.seat >= 0 ? cur_.points->locs[static_cast<std::size_t>(v.seat)] : cur_.points->loc;
    auto& d = report(Code::kPointsImpossible, loc, say::points_impossible(words(), v, recorded));
    if (v.seat >= 0) {
      about(d, name(v.seat));
    }
  }
}

// The count of a hand with a contract (call-deuces.md §2.6, §2.7, §4):
// the tricks, the partner, each player's points (from the tricks where all
// are recorded, else as recorded), then the scores.
void GameReferee::count_contract(const HandRec& h, HandState& m, HandSummary& sum) {
  cur_.points_mismatch = false;
  cur_.taken_mismatch = {};
  if (m.void_hand) {
    // Everyone passed: nothing was played, nothing scores (call-deuces.md §4).
    if (h.tricks && !h.tricks->empty()) {
      report(Code::kNoContract, h.tricks_loc, say::no_contract(h.number, static_cast<long long>(h.tricks->size())));
    }
    cur_.adds_up = true;
    score_hand(h, tally(m, {}), sum);
    return;
  }
  if (!cur_.contract_known) {
    cur_.adds_up = false;
    score_hand(h, std::nullopt, sum);
    return;
  }
  const auto used = settle_taken(m, cur_.played_taken);
  sum.taken = used;
  std::array<int, kMaxPlayers> taken{};
  if (used) {
    std::copy(used->begin(), used->end(), taken.begin());
  }
  const bool all_played = cur_.played_taken.has_value();
  if (all_played && !h.discard) {
    // Every trick recorded: the cards never played are the discard.
    CardSet played;
    for (const auto& p : reading_.plays()) {
      played.insert(p.card);
    }
    const CardSet rest = r_.deck - played;
    if (rest.size() == r_.kitty_discard) {
      m.discard = rest;
      cur_.discard_known = true;
    }
  }
  // The partner: proven, else as recorded.
  const int bidder = m.auction.bidder;
  std::optional<int> partner;
  if (m.policies.partners->in_hand == nullptr) {
    partner = -1;  // partner.by none: the bidder always plays alone
  }
  std::optional<int> recorded;
  if (h.partner) {
    recorded = h.partner->player && h.partner->player->seat != bidder ? h.partner->player->seat : -1;
  }
  if (!partner) {
    if (const auto holder = partner_holder(h, m, all_played)) {
      // call-deuces.md §2.4: the holder partners the bidder; a bidder who
      // holds it, or laid it away (the holder of a discard), is solo.
      partner = holder->seat == bidder ? -1 : holder->seat;
      if (recorded && *recorded != *partner) {
        auto& d = report(Code::kPartnerMismatch, h.partner->loc,
                         say::partner_mismatch(words(), bidder, *recorded, *partner, partner_card(m), holder->how,
                                               holder->seat));
        about(d, name(bidder), partner_card(m));
        d.notes.push_back(Note{say::partner_evidence(words(), partner_card(m), holder->how, holder->seat),
                               holder->loc});
      }
    } else {
      partner = recorded;
    }
  }
  m.partner = partner.value_or(-1);
  sum.partner = partner;
  // The points: from the tricks where every trick and the discard are known.
  HandTally t = tally(m, taken);
  std::optional<std::vector<int>> points;
  const bool discard_counts = r_.discard_to == DiscardTo::kBidder;
  if (all_played && (cur_.discard_known || !discard_counts)) {
    points = std::vector<int>(t.points.begin(), t.points.begin() + n_);
    if (cur_.points) {
      for (int s = 0; s < n_; ++s) {
        const auto i = static_cast<std::size_t>(s);
        const long long rec = *cur_.points->values[i];
        if (rec != t.points[i]) {
          cur_.points_mismatch = true;
          auto& d = about(report(Code::kPointsMismatch, cur_.points->locs[i],
                                 say::points_mismatch(words(), s, rec, t.points[i], taken[i], m.won[i],
                                                      s == bidder && discard_counts ? m.discard : CardSet())),
                          name(s));
          points_notes(d, h, m, s, s == bidder && discard_counts);
        }
      }
    }
  } else if (cur_.points) {
    check_sheet_points(m, used);
    points.emplace();
    for (int s = 0; s < n_; ++s) {
      const auto v = *cur_.points->values[static_cast<std::size_t>(s)];
      points->push_back(static_cast<int>(std::min<long long>(v, 1'000'000)));
      t.points[static_cast<std::size_t>(s)] = points->back();
    }
  }
  sum.points = points;
  if (points && partner) {
    t.partner = *partner;
    sum.made = contract_made(t);
  }
  if (!partner && cur_.score) {
    report(Code::kSchema, h.loc, say::partner_unknown(words(), h.number, bidder));
  }
  cur_.adds_up = cur_.adds_up && points && partner;
  score_hand(h, points && partner ? std::optional<HandTally>(t) : std::nullopt, sum);
}

}  // namespace trickref
