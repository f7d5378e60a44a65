// The referee's play phase (referee/game_referee.h): each trick as read
// (referee/reading.h) through check_play, the hand's end, the faults worded.
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

// ----------------------------------------------------------------- plays
void GameReferee::check_trick_count(const HandRec& h, int ended_after, bool early_court) {
  at_.phase = phase::kTotals;
  at_.trick = 0;
  const int due = ended_after > 0 ? ended_after : r_.tricks_per_hand();
  if (cur_.open && static_cast<int>(h.tricks->size()) < due) {
    unfinished(say::tricks_so_far(static_cast<long long>(h.tricks->size()), due));
    return;
  }
  if (static_cast<int>(h.tricks->size()) != due) {
    report(Code::kTrickCount, h.tricks_loc,
           say::trick_count(r_, h.number, static_cast<long long>(h.tricks->size()), ended_after, early_court));
  }
}

// The seats' hands at the start of play: where a hand is known from the
// record (`forward`), that hand; else the cards the seat goes on to play (a
// lower bound that proves revokes).
Hands GameReferee::hands_at_play(const HandState& m, std::array<bool, kMaxPlayers>& forward) const {
  Hands start{};
  bool all_forward = true;
  for (int s = 0; s < n_; ++s) {
    const auto i = static_cast<std::size_t>(s);
    forward[i] = m.known[i];
    all_forward = all_forward && m.known[i];
    if (m.known[i]) {
      start[i] = m.hands[i];
    }
  }
  if (!all_forward) {
    for (const auto& p : reading_.plays()) {
      if (!forward[static_cast<std::size_t>(p.seat)]) {
        start[static_cast<std::size_t>(p.seat)].insert(p.card);
      }
    }
  }
  return start;
}

// A leader the record names for trick `t` (0-based) other than `due`: a
// first-lead on the first trick, else out-of-turn.
void GameReferee::check_leader(const TrickRec& tr, std::size_t t, int due, PlaysSoFar& so_far) {
  if (tr.leader && due >= 0 && tr.leader->seat != due) {
    const int named = tr.leader->seat;
    if (t == 0) {
      so_far.first_lead_reported = true;
      auto& d = about(report(Code::kFirstLead, tr.leader->loc, say::first_leader(words(), named, due)), name(named));
      if (r_.first_lead == FirstLead::kCard && !so_far.forward[static_cast<std::size_t>(due)]) {
        evidence_note(d, due, r_.first_lead_card, so_far.forward);  // where the holder played it
      }
    } else {
      about(report(Code::kOutOfTurn, tr.leader->loc, say::out_of_turn(words(), named, static_cast<int>(t) + 1, due)),
            name(named));
    }
  }
}

// Trick `t` (0-based) of the hand, led by the play's leader: its size, its
// order, each card checked (unless proven as read) and played as read.
// Returns whether the trick has all its cards.
bool GameReferee::play_trick(const HandRec& h, HandState& m, std::size_t t, PlaysSoFar& so_far) {
  const auto& tricks = *h.tricks;
  const auto& tr = tricks[t];
  PlayState& s = m.play;
  const int leader = s.leader;
  const bool sized = static_cast<int>(tr.cards.size()) == n_;
  // The last trick of an in-progress record, still being played: its
  // cards so far are checked, and it is not a trick-size.
  const bool partial = cur_.open && !sized && t + 1 == tricks.size() && static_cast<int>(tr.cards.size()) < n_;
  if (!sized) {
    if (partial) {
      unfinished(say::trick_so_far(static_cast<int>(t) + 1, static_cast<long long>(tr.cards.size()), n_));
    } else {
      report(Code::kTrickSize, tr.loc,
             say::trick_size(r_, static_cast<int>(t) + 1, static_cast<long long>(tr.cards.size())));
    }
  }
  const std::size_t count = std::min<std::size_t>(tr.cards.size(), static_cast<std::size_t>(n_));
  CardSet trick_cards;
  // trick-order (decided in attribute()): one diagnostic, and the trick
  // is played in play order, each card by the player who held it.
  const int first = t < reading_.rotations().size() ? reading_.rotations()[t] : 0;
  if (first != 0) {
    std::vector<Card> in_order;
    for (std::size_t i = 0; i < count; ++i) {
      in_order.push_back(*tr.cards[(static_cast<std::size_t>(first) + i) % count].card);
    }
    const int from = ((leader - first) % n_ + n_) % n_;
    about(report(Code::kTrickOrder, tr.loc, say::trick_order(words(), static_cast<int>(t) + 1, from, leader, in_order)),
          name(leader));
  }
  // Every card of the trick held and legal, as attribute() found from
  // this same play: checked there, once.
  so_far.in_step = so_far.in_step && reading_.legal().proven(t) && (t > 0 || same_trick_start(reading_.legal().start, s));
  const bool proven = so_far.in_step && first == 0 && sized;
  so_far.in_step = proven;
  for (std::size_t i = 0; i < count; ++i) {
    const std::size_t k = after(static_cast<std::size_t>(first), i, count);
    const CardRef& ref = tr.cards[k];
    const int seat = s.to_play();
    const Meant* meant = reading_.meant_entry(static_cast<int>(t), static_cast<int>(k));
    bool clean = true;
    if (!ref.card) {
      // Not a card (bad-card, the loader's one diagnostic): it names the
      // card meant (attribute() found one for every token it let through).
      if (Diagnostic* d = meant != nullptr ? sink_.find(Code::kBadCard, ref.loc) : nullptr) {
        d->notes.push_back(Note{say::probably_meant(words(), seat, ref.text, meant->card, meant->keystroke), ref.loc});
      }
    } else if (const int holder = meant == nullptr ? so_far.pinned.holder(*ref.card, seat) : -1; holder >= 0) {
      pluck_not_held(seat, *ref.card, holder, so_far.pinned.last[static_cast<std::size_t>(ref.card->index())], ref.loc);
      clean = false;
    } else if ((sized || partial) && !proven) {
      if (auto v = check_play(s, seat, *ref.card)) {
        clean = false;
        v->hand = h.number;
        Diagnostic* d = play_fault(*v, s, ref, so_far.played_in, so_far.played_loc, so_far.forward, so_far.first_lead_reported);
        if (d != nullptr && meant != nullptr) {
          // A mistyped card: one diagnostic, naming the card meant after its evidence.
          d->notes.push_back(
              Note{say::probably_meant(words(), seat, to_string(*ref.card), meant->card, meant->keystroke), ref.loc});
        }
      }
    }
    // The hand goes on with the card the player held, where it was mistyped (attribute()).
    Card c = meant != nullptr ? meant->card : *ref.card;
    if (hand_play_) {
      cur_.sum->play->plays.push_back(
          PlayedCard{static_cast<int>(t), seat, c, meant != nullptr ? plays_clean(s, seat, c) : clean});
    }
    if (!s.hands[static_cast<std::size_t>(seat)].contains(c)) {
      // Not held (or a repeat): whoever held it as recorded no longer does.
      for (int o = 0; o < n_; ++o) {
        s.hands[static_cast<std::size_t>(o)].erase(c);
      }
    }
    apply_play(s, seat, c);
    trick_cards.insert(c);
    if (so_far.played_in[static_cast<std::size_t>(c.index())] < 0) {
      so_far.played_in[static_cast<std::size_t>(c.index())] = static_cast<int>(t);
      so_far.played_loc[static_cast<std::size_t>(c.index())] = ref.loc;
    }
  }
  if (s.count > 0) {
    finish_trick(s);
    note_trick(m, trick_cards);  // its winner, and its cards where the scoring counts them
  }
  return sized;
}

std::optional<std::vector<int>> GameReferee::check_plays(const HandRec& h, HandState& m) {
  const auto& tricks = *h.tricks;
  PlaysSoFar so_far;
  m.hands = hands_at_play(m, so_far.forward);
  at_.phase = phase::kTricks;
  // Who holds the first-lead card: from the record's hands, else (a lower
  // bound, the cards each goes on to play) whoever plays it, who held it
  // from the start of play.
  int expected_first = first_leader(m, true);
  if (expected_first < 0 && !reading_.leaders().empty() && !(*h.tricks)[0].leader) {
    expected_first = reading_.leaders()[0];  // found from the recorded deal
  }
  start_play(m, 0);
  PlayState& s = m.play;
  cur_.not_held = CardSet();
  so_far.played_in.fill(-1);
  bool complete = true;
  cur_.ending = PlayEnd{};
  reading_.pluck_holders(h, so_far.forward, so_far.pinned);
  const bool whole = !hand_play_ && !so_far.pinned.contradicted && reading_.proven_throughout(tricks, m);
  if (hand_play_) {
    cur_.sum->play = HandPlay{s, so_far.forward, {}};
    cur_.sum->play->start.leader = reading_.leaders().empty() ? s.leader : reading_.leaders()[0];
  }
  // (Proven throughout, a trick is only looked at for the leader it names.)
  for (std::size_t t = 0; t < (whole && !reading_.legal().leader_named ? 0 : tricks.size()); ++t) {
    at_.trick = static_cast<int>(t) + 1;
    // (Proven throughout: the play is attribute()'s, and the trick's
    // winner led the next.)
    const int due = t == 0 ? expected_first : whole ? reading_.legal().end.won_by[(t - 1) & 63] : s.leader;
    check_leader(tricks[t], t, due, so_far);
    if (whole) {
      continue;
    }
    s.leader = reading_.leaders()[t];
    complete = play_trick(h, m, t, so_far) && complete;
    if (ends_here(h, m, static_cast<int>(t) + 1)) {
      break;  // the tricks after it are neither checked nor counted
    }
  }
  if (whole) {
    s = reading_.legal().end;
  }
  at_.trick = 0;
  if (h.revoke_claim && cur_.ending.forfeit_trick == 0 && r_.revoke_penalty == RevokePenalty::kForfeitHand) {
    // A claim past the tricks recorded: the ruling stands at the last one.
    forfeit(m, h.revoke_claim->player.seat, static_cast<int>(tricks.size()));
  }
  check_claim(h);
  if (cur_.ending.forfeit_trick == 0 && !cur_.ending.past_end) {
    check_trick_count(h, m.ended_after, policy::early_court_side(m) >= 0);
  }
  if (!complete || static_cast<int>(tricks.size()) != tricks_in_hand(m)) {
    return std::nullopt;
  }
  const auto taken = tricks_counted(m);
  return std::vector<int>(taken.begin(), taken.begin() + n_);
}

// `p`: the last pluck that moved `c`.
void GameReferee::pluck_not_held(int seat, Card c, int holder, const PluckRec* p, Loc loc) {
  Violation v = violation(Code::kNotHeld, Clause::kNone, at_.hand, seat);
  v.card = c;
  v.trick = at_.trick;
  auto& d = say_play(v, loc);
  if (p != nullptr) {
    const bool returned = gets_of(*p) == c;
    d.notes.push_back(Note{say::moved_in_pluck(words(), returned ? p->from.seat : p->by.seat, holder, c, returned),
                           returned ? p->gets->loc : p->gives.loc});
  }
}

// Reports a play's Violation: once per card (a card first reported as
// not held is not a duplicate-play again), once per hand for the first
// lead, and not-held only where the hand is known from the record; with
// notes pointing at the evidence.
Diagnostic* GameReferee::play_fault(Violation v, const PlayState& s, const CardRef& ref, const std::array<int, 64>& played_in,
                const std::array<Loc, 64>& played_loc, const std::array<bool, kMaxPlayers>& forward,
                bool& first_lead_reported) {
  const Card c = *v.card;
  const int seat = v.seat;
  switch (v.code) {
    case Code::kDuplicatePlay: {
      if (cur_.not_held.contains(c)) {
        return nullptr;  // the first play of this card was already reported as not held
      }
      v.count = played_in[static_cast<std::size_t>(c.index())] + 1;
      auto& d = say_play(v, ref.loc);
      d.notes.push_back(Note{say::first_played_here(c),
                             played_loc[static_cast<std::size_t>(c.index())]});
      return &d;
    }
    case Code::kNotHeld: {
      if (!forward[static_cast<std::size_t>(seat)]) {
        return nullptr;
      }
      cur_.not_held.insert(c);
      auto& d = say_play(v, ref.loc);
      for (int o = 0; o < n_; ++o) {
        if (s.hands[static_cast<std::size_t>(o)].contains(c)) {
          d.notes.push_back(Note{say::held_by(words(), c, o),
                                 origin(c).loc});
        }
      }
      return &d;
    }
    case Code::kFirstLead:
      if (!first_lead_reported) {
        first_lead_reported = true;
        return &say_play(v, ref.loc);
      }
      return nullptr;
    case Code::kRevoke: {
      // A revoke the table claimed (same player, same trick) was caught
      // and penalised: a warning (court-piece.md §5). Where a revoke
      // forfeits the hand, a proven one (or a claimed one) ends it.
      const auto& claim = cur_.rec->revoke_claim;
      const bool claimed = claim && claim->player.seat == seat && claim->trick == at_.trick;
      auto& d = say_play(v, ref.loc);
      if (claimed) {
        d.severity = Severity::kWarning;
        cur_.ending.claim_shown = true;
      }
      evidence_note(d, seat, *v.evidence, forward);
      if (r_.revoke_penalty == RevokePenalty::kForfeitHand && cur_.ending.revoke_trick == 0 &&
          (claimed || r_.revoke_when == RevokeWhen::kProven)) {
        cur_.ending.revoke_trick = at_.trick;
        cur_.ending.revoke_seat = seat;
      }
      return &d;
    }
    case Code::kTrumpLead: {
      auto& d = say_play(v, ref.loc);
      evidence_note(d, seat, *v.evidence, forward);
      return &d;
    }
    default:
      return &say_play(v, ref.loc);
  }
}

// A play's Violation: the card of the diagnostic is the card played.
Diagnostic& GameReferee::say_play(const Violation& v, Loc loc) {
  auto& d = say(v, loc);
  d.card = v.card;
  return d;
}

void GameReferee::evidence_note(Diagnostic& d, int seat, Card evidence, const std::array<bool, kMaxPlayers>& forward) {
  if (forward[static_cast<std::size_t>(seat)]) {
    const CardOrigin o = origin(evidence);
    if (o.loc.known()) {
      d.notes.push_back(Note{say::was_dealt(o.seat >= 0 ? name(o.seat) : o.seat == -1 ? "the kitty" : name(seat),
                                            evidence),
                             o.loc});
    }
    return;
  }
  for (const auto& p : reading_.plays()) {
    if (p.card == evidence && p.seat == seat) {
      d.notes.push_back(Note{say::played_later(words(), seat, evidence, p.trick + 1), p.loc});
      return;
    }
  }
}

}  // namespace trickref
