#include "referee/messages.h"

#include <fmt/format.h>

#include <functional>
#include <map>

#include "base/text.h"

namespace trickref {
namespace {

std::string plural(long long n, std::string_view word) { return fmt::format("{} {}{}", n, word, n == 1 ? "" : "s"); }

std::string card_list(CardSet cards) { return cards.empty() ? std::string("none") : to_string(cards); }

const std::string& name_of(const Wording& w, int seat) { return (*w.names)[static_cast<std::size_t>(seat)]; }

std::string names_of(const Wording& w, const std::vector<int>& seats) {
  std::vector<std::string> names;
  for (int s : seats) {
    names.push_back(name_of(w, s));
  }
  return fmt::format("{}", fmt::join(names, " and "));
}

// "Ann 0, Bob -2, Cat 20": each score with its player's (or side's) name.
std::string scores_of(const NamedScores& score) {
  std::string out;
  for (const auto& [name, value] : score) {
    out += fmt::format("{}{} {}", out.empty() ? "" : ", ", name, value);
  }
  return out;
}

struct Say {
  const Violation& v;
  const Wording& w;
  [[nodiscard]] const std::string& name(int seat) const { return (*w.names)[static_cast<std::size_t>(seat)]; }
  [[nodiscard]] const std::string& seat() const { return name(v.seat); }
  [[nodiscard]] const std::string& other() const { return name(v.other); }
  [[nodiscard]] int delta(int s) const { return (*w.deltas)[static_cast<std::size_t>(s)]; }
  [[nodiscard]] std::string card() const { return to_string(*v.card); }
  [[nodiscard]] std::string evidence() const { return to_string(*v.evidence); }
  [[nodiscard]] std::string related() const { return to_string(*v.related); }
};

// pluck-unowed (rules.md §2.3): a pluck the previous hand did not make owed.
std::string pluck_unowed(const Say& s) {
  const int last = s.v.hand - 1;
  switch (s.v.clause) {
    case Clause::kBeforeExchange:
      return fmt::format("{} plucked {} in hand {}, but plucks start in hand {}", s.seat(), s.other(), s.v.hand,
                         s.w.rules->exchange_from_hand);
    case Clause::kMoreThanOwed:
      return fmt::format("{} plucked {} more often than owed: {} was {} short in hand {}", s.seat(), s.other(),
                         s.other(), -s.delta(s.v.other), last);
    case Clause::kPluckerNotOver: {
      const int d = s.delta(s.v.seat);
      return fmt::format("{} plucked {}, but {} was not over quota in hand {} ({})", s.seat(), s.other(), s.seat(),
                         last, d == 0 ? "made it exactly" : fmt::format("{} short", -d));
    }
    default:
      return fmt::format("{} plucked {}, but {} was not short in hand {}", s.seat(), s.other(), s.other(), last);
  }
}

// Where ties between pluckers start (exchange.tie_start).
std::string ties(const Say& s) {
  return fmt::format("equal plucks go from the {}dealer, {}, to the left",
                     s.w.rules->tie_start == TieStart::kPreviousDealer ? "previous " : "", s.name(s.w.tie_from));
}

// pluck-order: which plucker goes first, and why (exchange.order).
std::string pluck_order(const Say& s) {
  const int by = s.v.seat;
  const int first = s.v.other;
  const int nb = s.delta(by);
  const int nf = s.delta(first);
  std::string why;
  switch (s.w.rules->pluck_order) {
    case PluckOrder::kMostFirst:
      why = nb == nf ? ties(s) : fmt::format("{} to {}'s {}", plural(nb, "pluck"), s.name(first), nf);
      break;
    case PluckOrder::kLeastFirst:
      why = nb == nf ? ties(s) : fmt::format("fewest first: {} to {}'s {}", plural(nb, "pluck"), s.name(first), nf);
      break;
    case PluckOrder::kHighestQuotaFirst:
      why = "the higher quota this hand goes first";
      break;
  }
  return fmt::format("{} plucked after {} had begun, but {} goes first ({}); each plucker makes all of their plucks "
                     "in turn",
                     s.seat(), s.other(), s.seat(), why);
}

// pluck-joker: jokers have no suit before trump is named.
std::string pluck_joker(const Say& s) {
  if (s.v.clause == Clause::kJokerReturned) {
    return fmt::format("{} gave back a joker ({}) to {}: a joker is never returned in a pluck", s.seat(), s.card(),
                       s.other());
  }
  return fmt::format("{} gave {} a joker ({}): jokers have no suit before trump is named and cannot be given in a "
                     "pluck",
                     s.seat(), s.other(), s.card());
}

std::string pluck_not_held(const Say& s) {
  return fmt::format("{} gave {} to {}, but {} did not hold {}", s.seat(), s.card(), s.other(), s.seat(), s.card());
}

// pluck-return (exchange.return, exchange.void).
std::string pluck_return(const Say& s) {
  const std::string suit(suit_singular(s.v.related->suit()));
  switch (s.v.clause) {
    case Clause::kNothingToReturn:
      return fmt::format("{} gave back {} for {}, but held no other {} and the rules send nothing back", s.seat(),
                         s.card(), s.related(), suit);
    case Clause::kReturnedNothing:
      return fmt::format("{} gave nothing back for {}, but must return {}", s.seat(), s.related(), s.evidence());
    case Clause::kNotTheHighest:
      return fmt::format("{} gave back {} for {}, but the highest {} {} held{} was {}", s.seat(), s.card(),
                         s.related(), suit, s.seat(),
                         s.w.rules->pluck_return == PluckReturn::kHighestIncludingReceived
                             ? " after receiving it"
                             : " besides the card received",
                         s.evidence());
    case Clause::kProvenHigher:
      return s.v.card ? fmt::format("{} gave back {} for {}, but held {}, a higher {}", s.seat(), s.card(),
                                    s.related(), s.evidence(), suit)
                      : fmt::format("{} gave nothing back for {}, but held {}, a {}", s.seat(), s.related(),
                                    s.evidence(), suit);
    case Clause::kNothingAlwaysReturns:
      return fmt::format("{} gave nothing back for {}: the pluckee always returns a {} (at worst {} itself)",
                         s.seat(), s.related(), suit, s.related());
    case Clause::kReturnedBelowGiven:
      return fmt::format("{} gave back {} for {}, but must return the highest {} held, which is {} or higher",
                         s.seat(), s.card(), s.related(), suit, s.related());
    default:
      return fmt::format("{} gave back {} for {}, but must return a {}", s.seat(), s.card(), s.related(), suit);
  }
}

// pluck-give (exchange.give: lowest_of_suit).
std::string pluck_give(const Say& s) {
  return fmt::format("{} gave {} to {}, but must give the lowest {} held, {}", s.seat(), s.card(), s.other(),
                     suit_singular(s.v.card->suit()), s.evidence());
}

// pluck-suit-repeat (exchange.distinct_suits).
std::string pluck_suit_repeat(const Say& s) {
  return fmt::format("{} gave {} a second {} ({}) in this hand; each card to one pluckee must be of a different suit",
                     s.seat(), s.other(), suit_singular(s.v.card->suit()), s.card());
}

// Who takes the kitty and discards (kitty.taken_by).
std::string_view taker_role(const Ruleset& r) {
  return r.kitty_taken_by == KittyTaker::kBidder ? "the bidder" : "the dealer";
}

// What kitty.discard_forbid names that `card` falls under.
std::string forbid_reason(const Ruleset& r, Card card) {
  const DiscardForbid& f = r.discard_forbid;
  if (f.cards.contains(card)) {
    return "kitty.discard_forbid lists it";
  }
  if (f.jokers && card.is_joker()) {
    return "kitty.discard_forbid: jokers";
  }
  if (f.points && r.card_points[static_cast<std::size_t>(card.index())] != 0) {
    return "kitty.discard_forbid: points";
  }
  return "kitty.discard_forbid: trumps";
}

// discard (kitty.discard, kitty.mode, kitty.discard_forbid, partner.solo_by_discard).
std::string discard(const Say& s) {
  const Ruleset& r = *s.w.rules;
  switch (s.v.clause) {
    case Clause::kDiscardCount:
      return fmt::format("{} discarded {}; {} discards {}", s.seat(), plural(s.v.count, "card"), taker_role(r),
                         r.kitty_discard);
    case Clause::kDiscardForbidden:
      return fmt::format("{} discarded {}, which may not be discarded ({})", s.seat(), s.card(),
                         forbid_reason(r, *s.v.card));
    case Clause::kDiscardPartnerCard:
      return fmt::format("{} discarded {}, the partner card, which may not be discarded "
                         "(partner.solo_by_discard: false); {} plays solo",
                         s.seat(), s.card(), s.seat());
    default:
      return fmt::format("{} discarded {}, which {} did not hold{}", s.seat(), s.card(), s.seat(),
                         r.kitty_mode == KittyMode::kDiscardThenTake ? " before taking the kitty"
                         : r.kitty_taken_by == KittyTaker::kBidder  ? " (in hand or in the kitty)"
                                                                    : "");
  }
}

// bid-range (bidding.min, bidding.max); a call that is not a number is worded by the referee.
std::string bid_range(const Say& s) { return say::bid_out_of_range(s.w, s.v.seat, s.v.count); }

// bid-too-low (bidding.step, bidding.hold).
std::string bid_too_low(const Say& s) {
  return fmt::format("{} bid {}, but {} had bid {} before: the lowest bid allowed was {}", s.seat(), s.v.count,
                     s.other(), s.v.standing, s.v.bound);
}

// bid-out-of-turn (bidding.style, bidding.pass_is_final).
std::string bid_out_of_turn(const Say& s) {
  switch (s.v.clause) {
    case Clause::kAfterTheEnd:
      return fmt::format("{} called after the auction had ended; the call still counts", s.seat());
    case Clause::kAfterPassing:
      return fmt::format("{} bid after passing, but a pass is final{}", s.seat(),
                         s.v.other >= 0 ? fmt::format(" ({} was due to call)", s.other()) : std::string());
    default:
      return fmt::format("{} called out of turn: {} was due to call", s.seat(), s.other());
  }
}

// bid-all-pass (bidding.all_pass: dealer_must_bid).
std::string bid_all_pass(const Say& s) {
  return fmt::format("{}, the dealer, passed after everyone else had passed, but must then bid at least {} "
                     "(bidding.all_pass: dealer_must_bid); the hand is void",
                     s.seat(), s.w.rules->bidding.min);
}

// not-in-deck (a play; the deal's are worded where the deal is read).
std::string not_in_deck(const Say& s) {
  return fmt::format("{} played {}, which is not in the {} deck", s.seat(), s.card(), s.w.rules->name);
}

// first-lead: the first-lead card held but another led.
std::string first_lead(const Say& s) {
  return fmt::format("{} led {} to the first trick, but held {}, which must be led first", s.seat(), s.card(),
                     s.evidence());
}

std::string not_held(const Say& s) {
  return fmt::format("{} played {}, which {} did not hold", s.seat(), s.card(), s.seat());
}

std::string duplicate_play(const Say& s) {
  return fmt::format("{} played {}, which was already played in trick {} of this hand", s.seat(), s.card(),
                     s.v.count);
}

// revoke: the suit led (rules.md §2.6), and the trump duties (play.must_trump_if_void, play.must_overtrump).
std::string revoke(const Say& s) {
  switch (s.v.clause) {
    case Clause::kMustTrump:
      return fmt::format("{} did not trump: played {} to a {} lead, void in the suit, while holding {} "
                         "(play.must_trump_if_void)",
                         s.seat(), s.card(), suit_singular(*s.v.suit), s.evidence());
    case Clause::kMustOvertrump:
      return fmt::format("{} did not overtrump: played {} to a trick already trumped higher, while holding {} "
                         "(play.must_overtrump)",
                         s.seat(), s.card(), s.evidence());
    default:
      return fmt::format("{} did not follow suit: played {} to a {} lead while holding {}", s.seat(), s.card(),
                         suit_singular(*s.v.suit), s.evidence());
  }
}

std::string trump_lead(const Say& s) {
  return fmt::format("{} led {}, a trump, before trumps were broken, while holding {}", s.seat(), s.card(),
                     s.evidence());
}

}  // namespace

std::string message(const Violation& v, const Wording& w) {
  const Say s{v, w};
  switch (v.code) {
    case Code::kPluckUnowed:
      return pluck_unowed(s);
    case Code::kPluckOrder:
      return pluck_order(s);
    case Code::kPluckJoker:
      return pluck_joker(s);
    case Code::kPluckNotHeld:
      return pluck_not_held(s);
    case Code::kPluckReturn:
      return pluck_return(s);
    case Code::kPluckGive:
      return pluck_give(s);
    case Code::kPluckSuitRepeat:
      return pluck_suit_repeat(s);
    case Code::kDiscard:
      return discard(s);
    case Code::kNotInDeck:
      return not_in_deck(s);
    case Code::kFirstLead:
      return first_lead(s);
    case Code::kNotHeld:
      return not_held(s);
    case Code::kDuplicatePlay:
      return duplicate_play(s);
    case Code::kRevoke:
      return revoke(s);
    case Code::kTrumpLead:
      return trump_lead(s);
    case Code::kBidRange:
      return bid_range(s);
    case Code::kBidTooLow:
      return bid_too_low(s);
    case Code::kBidOutOfTurn:
      return bid_out_of_turn(s);
    case Code::kBidAllPass:
      return bid_all_pass(s);
    case Code::kWrongTrumpCaller:
      return fmt::format("{} is recorded as naming trump, but {}, left of the dealer, names it", s.seat(), s.other());
    default:
      return std::string(code_name(v.code));
  }
}

}  // namespace trickref

namespace trickref {
namespace {

// How a hand scored for `seat` under scoring.kind points (call-deuces.md §2.7).
std::string contract_basis(const Wording& w, int seat, const HandTally& t) {
  const Ruleset& r = *w.rules;
  if (t.void_hand || t.bidder < 0) {
    return "a void hand: everyone passed";
  }
  const auto i = static_cast<std::size_t>(seat);
  if (seat != t.bidder && seat != t.partner) {
    return r.defenders == Defenders::kOwnPoints ? fmt::format("{} taken as a defender", plural(t.points[i], "point"))
                                                : std::string("a defender, who scores nothing");
  }
  const bool solo = t.partner < 0;
  const long long side =
      t.points[static_cast<std::size_t>(t.bidder)] + (solo ? 0 : t.points[static_cast<std::size_t>(t.partner)]);
  return fmt::format("the contract of {} {}{} with {}", t.bid, side >= t.bid ? "made" : "set", solo ? " solo" : "",
                     plural(side, "point"));
}

// How the holder of the partner card is proven.
std::string proof(const Wording& w, Card card, say::PartnerProof how, int holder) {
  const std::string c = to_string(card);
  switch (how) {
    case say::PartnerProof::kPlayed:
      return fmt::format("{} played {}", name_of(w, holder), c);
    case say::PartnerProof::kDiscarded:
      return fmt::format("{} discarded {}", name_of(w, holder), c);
    case say::PartnerProof::kDealt:
      return fmt::format("{} was dealt {}", name_of(w, holder), c);
    case say::PartnerProof::kInKitty:
      return fmt::format("{} found {} in the kitty", name_of(w, holder), c);
    case say::PartnerProof::kNeverPlayed:
      return fmt::format("{} was never played, so {} discarded it", c, name_of(w, holder));
  }
  return c;
}

}  // namespace
}  // namespace trickref

namespace trickref::say {

std::string not_refereed_yet(const Ruleset& r, std::string_view what) {
  return fmt::format("ruleset `{}` has {}, which the referee does not read from a record yet; `simulate` plays it "
                     "and `rules` shows it",
                     clip(r.name), what);
}

std::string player_count(const Ruleset& r, int listed) {
  return fmt::format("{} is played by {} players; this game lists {}", clip(r.name), r.players, listed);
}

std::string first_leader_unknown(const Ruleset& r, int hand) {
  return fmt::format("the first trick of hand {} needs its `leader`: without the deal nobody can say who held {}, "
                     "so the plays cannot be attributed",
                     hand, to_string(r.first_lead_card));
}

std::string not_in_deck_dealt(const Ruleset& r, Card card, const std::string& to) {
  return fmt::format("{} is not in the {} deck (dealt to {})", to_string(card), r.name, to);
}

std::string duplicate_card(Card card, const std::string& to, const std::string& before) {
  return fmt::format("{} is dealt twice: to {} and before that {}", to_string(card), to, before);
}

std::string first_dealt_here(Card card) { return fmt::format("{} first dealt here", to_string(card)); }

std::string hand_size(const Wording& w, int seat, long long dealt) {
  return fmt::format("{} was dealt {}; each player is dealt {}", name_of(w, seat), plural(dealt, "card"),
                     w.rules->hand_size);
}

std::string kitty_size(const Ruleset& r, long long dealt) {
  return fmt::format("the kitty has {}; this ruleset deals {} to it", plural(dealt, "card"), r.kitty);
}

std::string wrong_dealer(const Wording& w, int hand, int recorded, int previous, int due) {
  return fmt::format("{} is recorded as dealer of hand {}, but the deal passes to the {} from {}: {} deals",
                     name_of(w, recorded), hand, w.rules->rotation == Rotation::kLeft ? "left" : "right",
                     name_of(w, previous), name_of(w, due));
}

std::string pluck_missing(const Wording& w, int by, int from, int made, int owed, int hand) {
  const auto& d = *w.deltas;
  return fmt::format("{} made {} of the {} owed from {} ({} was {} over quota and {} {} short in hand {})",
                     name_of(w, by), made, plural(owed, "pluck"), name_of(w, from), name_of(w, by),
                     d[static_cast<std::size_t>(by)], name_of(w, from), -d[static_cast<std::size_t>(from)], hand - 1);
}

std::string played_not_received(const Wording& w, int seat, Card card, int trick) {
  return fmt::format("{} played {} in trick {}, and did not receive it in a pluck", name_of(w, seat), to_string(card),
                     trick);
}

std::string bid_out_of_range(const Wording& w, int seat, long long bid) {
  const Bidding& b = w.rules->bidding;
  return fmt::format("{} bid {}, outside the range of bids, {} to {}; it still counts as a bid of {}", name_of(w, seat),
                     bid, b.min, b.max, bid);
}

std::string contract_out_of_range(const Wording& w, int bidder, long long bid) {
  const Bidding& b = w.rules->bidding;
  return fmt::format("the contract is {}'s bid of {}, outside the range of bids, {} to {}: no auction gives it",
                     name_of(w, bidder), bid, b.min, b.max);
}

std::string moved_in_pluck(const Wording& w, int giver, int receiver, Card card, bool returned) {
  return fmt::format("{} gave {}{} to {} in this pluck, and no later pluck moved it", name_of(w, giver),
                     to_string(card), returned ? " back" : "", name_of(w, receiver));
}

std::string show_missing(const Wording& w, int plucker, CardSet given_back, CardSet due, CardSet shown) {
  const std::string& dealer = name_of(w, w.dealer);
  if (given_back.empty()) {
    return fmt::format("{}, the dealer, had nothing to show {}, but the record shows {}", dealer,
                       name_of(w, plucker), card_list(shown));
  }
  return fmt::format("{}, the dealer, gave {} back {} and had to show {} the kitty cards of that suit ranked above "
                     "it ({}), but the record shows {}",
                     dealer, name_of(w, plucker), card_list(given_back), name_of(w, plucker), card_list(due),
                     card_list(shown));
}

std::string trump_missing(int hand) {
  return fmt::format("hand {} records its tricks but not its trump; its plays are not checked", hand);
}

std::string first_leader(const Wording& w, int recorded, int due) {
  switch (w.rules->first_lead) {
    case FirstLead::kCard:
      return fmt::format("{} is recorded as leading the first trick, but {} held {} and leads it",
                         name_of(w, recorded), name_of(w, due), to_string(w.rules->first_lead_card));
    case FirstLead::kLeftOfDealer:
      return fmt::format("{} is recorded as leading the first trick, but the player left of the dealer, {}, leads it",
                         name_of(w, recorded), name_of(w, due));
    case FirstLead::kTrumpChooser:
      return fmt::format("{} is recorded as leading the first trick, but {}, who named trump, leads it",
                         name_of(w, recorded), name_of(w, due));
    case FirstLead::kBidder:
      return fmt::format("{} is recorded as leading the first trick, but the bidder, {}, leads it",
                         name_of(w, recorded), name_of(w, due));
  }
  return {};
}

std::string out_of_turn(const Wording& w, int recorded, int trick, int due) {
  return fmt::format("{} is recorded as leading trick {}, but {} won trick {} and leads it", name_of(w, recorded),
                     trick, name_of(w, due), trick - 1);
}

std::string held_by(const Wording& w, Card card, int seat) {
  return fmt::format("{} was held by {}", to_string(card), name_of(w, seat));
}

std::string first_played_here(Card card) { return fmt::format("{} first played here", to_string(card)); }

std::string was_dealt(const std::string& who, Card card) { return fmt::format("{} was dealt {}", who, to_string(card)); }

std::string played_later(const Wording& w, int seat, Card card, int trick) {
  return fmt::format("{} played {} later, in trick {}", name_of(w, seat), to_string(card), trick);
}

std::string trick_size(const Ruleset& r, int trick, long long cards) {
  return fmt::format("trick {} has {}; each of the {} players plays one", trick, plural(cards, "card"), r.players);
}

std::string trick_count(const Ruleset& r, int hand, long long tricks, int ended_after, bool early_court) {
  if (early_court && r.after_early_court == AfterEarlyCourt::kEither) {
    // court-piece.md §5: an early court is abandoned at its last trick or played on to the end.
    return fmt::format("hand {} records {}; after an early court a hand stops at trick {} or is played on to {}",
                       hand, plural(tricks, "trick"), r.early_court_tricks, r.tricks_per_hand());
  }
  if (ended_after > 0) {
    return fmt::format("hand {} records {}, but it ended after trick {}", hand, plural(tricks, "trick"), ended_after);
  }
  return fmt::format("hand {} records {}; a hand has {}", hand, plural(tricks, "trick"), r.tricks_per_hand());
}

std::string tricks_total(const Ruleset& r, long long total) {
  return fmt::format("the tricks taken add up to {}, but a hand has {}; the next hand's plucks cannot be checked",
                     total, r.tricks_per_hand());
}

std::string taken_mismatch(const Wording& w, int seat, long long recorded, long long won) {
  return fmt::format("{} is recorded as taking {}, but won {} as played", name_of(w, seat), plural(recorded, "trick"),
                     plural(won, "trick"));
}

std::string score_mismatch(const Wording& w, int seat, int hand, long long recorded, long long truth,
                           long long before, long long points, const HandTally& t) {
  // How the hand scored, as the ruleset's scoring.kind counts it.
  const int taken = t.taken[static_cast<std::size_t>(seat)];
  const std::string basis =
      w.rules->scoring == ScoringKind::kTricks   ? plural(taken, "trick")
      : w.rules->scoring == ScoringKind::kPoints ? contract_basis(w, seat, t)
                                                 : fmt::format("{} against a quota of {}", plural(taken, "trick"),
                                                               t.quota[static_cast<std::size_t>(seat)]);
  return fmt::format("{}'s score after hand {} is recorded as {}, but it is {} ({} {} {} for {})", name_of(w, seat),
                     hand, recorded, truth, before, points < 0 ? "-" : "+", points < 0 ? -points : points, basis);
}

std::string final_score_mismatch(const Wording& w, int seat, long long recorded, long long truth) {
  return fmt::format("{}'s final score is recorded as {}, but it is {}", name_of(w, seat), recorded, truth);
}

std::string final_courts_mismatch(std::string_view side, long long recorded, long long truth) {
  return fmt::format("{}'s final courts are recorded as {}, but they are {}", side, recorded, truth);
}

std::string wrong_winner(const Wording& w, const std::vector<int>& recorded, std::string_view winners,
                         const NamedScores& score, int decided_hand) {
  const std::string who = recorded.empty() ? "nobody" : names_of(w, recorded);
  if (winners.empty()) {
    return fmt::format("the record names {} as winner, but the game is a draw ({} after hand {})", who,
                       scores_of(score), decided_hand);
  }
  return fmt::format("the record names {} as winner, but {} won ({} after hand {})", who, winners, scores_of(score),
                     decided_hand);
}

std::string winner_unfinished(const Wording& w, const std::vector<int>& recorded, const NamedScores& score) {
  const std::string who = recorded.empty() ? "nobody" : names_of(w, recorded);
  const Ruleset& r = *w.rules;
  switch (r.end) {
    case GameEnd::kTarget:
      break;
    case GameEnd::kHandsRecorded:
      return fmt::format("the record names {} as winner, but {} plays no target: there is no winner", who, r.name);
    case GameEnd::kPlucksAgainst:
      return fmt::format("the record names {} as winner, but the game is not finished: nobody has {} plucks against "
                         "yet (scores {})",
                         who, r.end_value, scores_of(score));
    case GameEnd::kTricksInHand:
      return fmt::format("the record names {} as winner, but the game is not finished: nobody has taken {} tricks "
                         "in a hand yet (scores {})",
                         who, r.end_value, scores_of(score));
  }
  return fmt::format("the record names {} as winner, but the game is not finished: nobody has won yet (scores {}; "
                     "target {})",
                     who, scores_of(score), r.end_value);
}

std::string played_past_end(const Wording& w, int hand, const std::vector<int>& winners, int ended) {
  const Ruleset& r = *w.rules;
  std::string why;
  switch (r.end) {
    case GameEnd::kPlucksAgainst:
      why = fmt::format("a player reached {} plucks against ({} won)", r.end_value, names_of(w, winners));
      break;
    case GameEnd::kTricksInHand:
      why = fmt::format("{} took {} or more tricks", names_of(w, winners), r.end_value);
      break;
    case GameEnd::kTarget:
    case GameEnd::kHandsRecorded:
      why = fmt::format("{} reached {}", names_of(w, winners), r.end_value);
      break;
  }
  return fmt::format("hand {} was played after the game ended: {} in hand {}; the result stands as it was then", hand,
                     why, ended);
}

std::string unused_key(const Ruleset& r, std::string_view key, std::string_view lacks) {
  return fmt::format("unknown key '{}' in a hand: {} has no {}; it is ignored", key, clip(r.name), lacks);
}

std::string unused_game_key(const Ruleset& r, std::string_view key, std::string_view lacks) {
  return fmt::format("unknown key '{}' in a game: {} has no {}; it is ignored", key, clip(r.name), lacks);
}

std::string call_not_a_number(const Wording& w, int seat, std::string_view text) {
  return fmt::format("{}'s call '{}' is neither pass nor a bid from {} to {}; it counts as a pass", name_of(w, seat),
                     text, w.rules->bidding.min, w.rules->bidding.max);
}

std::string contract_unknown(int hand) {
  return fmt::format("hand {} records neither `bids` nor `contract`: who bid, and so the hand's score and the "
                     "scores after it, cannot be known",
                     hand);
}

std::string partner_unknown(const Wording& w, int hand, int bidder) {
  return fmt::format("hand {} records a score, but who partnered {} cannot be known: the record shows neither "
                     "who held the partner card nor a `partner`",
                     hand, name_of(w, bidder));
}

std::string contract_mismatch(const Wording& w, int recorded_bidder, long long recorded_bid, int bidder,
                              long long bid) {
  const std::string rec = recorded_bidder < 0 ? std::string("none")
                                              : fmt::format("{} {}", name_of(w, recorded_bidder), recorded_bid);
  if (bidder < 0) {
    return fmt::format("the contract is recorded as {}, but everyone passed: there is no contract", rec);
  }
  return fmt::format("the contract is recorded as {}, but the auction gave it to {} at {}", rec, name_of(w, bidder),
                     bid);
}

std::string no_contract(int hand, long long tricks) {
  return fmt::format("hand {} records {}, but everyone passed: the hand is void, not played and not scored", hand,
                     plural(tricks, "trick"));
}

std::string partner_mismatch(const Wording& w, int bidder, int recorded, int truth, Card card, PartnerProof how,
                             int holder) {
  const std::string rec = recorded < 0 ? fmt::format("{} is recorded as playing solo", name_of(w, bidder))
                                       : fmt::format("{}'s partner is recorded as {}", name_of(w, bidder),
                                                     name_of(w, recorded));
  const std::string why = proof(w, card, how, holder);
  if (truth < 0) {
    return fmt::format("{}, but {} (the partner card): {} plays solo", rec, why, name_of(w, bidder));
  }
  return fmt::format("{}, but {} (the partner card): {} is the partner", rec, why, name_of(w, truth));
}

std::string partner_evidence(const Wording& w, Card card, PartnerProof how, int holder) {
  return proof(w, card, how, holder) + " here";
}

std::string won_in_trick(const Wording& w, int seat, Card card, int trick) {
  return fmt::format("{} won {} in trick {}", name_of(w, seat), to_string(card), trick);
}

std::string discarded_here(const Wording& w, int seat, Card card) {
  return fmt::format("{} discarded {}", name_of(w, seat), to_string(card));
}

std::string bid_here(const Wording& w, int seat, int bid) { return fmt::format("{} bid {} here", name_of(w, seat), bid); }

std::string points_mismatch(const Wording& w, int seat, long long recorded, long long truth, int tricks, CardSet won,
                            CardSet discard) {
  const Ruleset& r = *w.rules;
  auto worth = [&](CardSet cards) {
    long long sum = 0;
    CardSet counting;
    for (Card c : cards) {
      if (const int p = r.card_points[static_cast<std::size_t>(c.index())]; p != 0) {
        sum += p;
        counting.insert(c);
      }
    }
    return std::pair(counting, sum);
  };
  std::string how = fmt::format("{} ({})", plural(tricks, "trick"), static_cast<long long>(tricks) * r.per_trick);
  if (const auto [cards, sum] = worth(won); !cards.empty()) {
    how += fmt::format(", {} ({})", to_string(cards), sum);
  }
  if (const auto [cards, sum] = worth(discard); !cards.empty()) {
    how += fmt::format(", {} in the discard ({})", to_string(cards), sum);
  }
  return fmt::format("{}'s points for the hand are recorded as {}, but they are {}: {}", name_of(w, seat), recorded,
                     truth, how);
}

namespace {

// The counting cards and what each counts: "5C 5D 5H 5S, 5 each".
std::string counting_cards(const Ruleset& r) {
  std::map<int, CardSet, std::greater<>> by_value;
  for (Card c : r.deck) {
    if (const int v = r.card_points[static_cast<std::size_t>(c.index())]; v != 0) {
      by_value[v].insert(c);
    }
  }
  std::vector<std::string> parts;
  for (const auto& [v, cards] : by_value) {
    parts.push_back(fmt::format("{}, {}{}", to_string(cards), v, cards.size() == 1 ? "" : " each"));
  }
  return parts.empty() ? std::string("none") : fmt::format("{}", fmt::join(parts, "; "));
}

}  // namespace

std::string points_impossible(const Wording& w, const Violation& v, const std::vector<long long>& recorded) {
  const Ruleset& r = *w.rules;
  if (v.clause == Clause::kPointsTogether) {
    long long sum = 0;
    std::vector<std::string> each;
    for (std::size_t s = 0; s < recorded.size(); ++s) {
      sum += recorded[s];
      each.push_back(fmt::format("{} {}", name_of(w, static_cast<int>(s)), recorded[s]));
    }
    const long long cards = v.bound - static_cast<long long>(r.hand_size) * r.per_trick;
    if (sum > v.bound) {
      return fmt::format("the points recorded for the hand add to {} ({}), but a hand holds {}: {} ({}) and the "
                         "counting cards ({})",
                         sum, fmt::join(each, ", "), v.bound, plural(r.hand_size, "trick"),
                         static_cast<long long>(r.hand_size) * r.per_trick, cards);
    }
    return fmt::format("the points recorded for the hand ({}) cannot all be right: each is possible alone, but "
                       "together they need a counting card twice or more tricks than the hand's {} (counting "
                       "cards: {})",
                       fmt::join(each, ", "), r.hand_size, counting_cards(r));
  }
  const auto i = static_cast<std::size_t>(v.seat);
  const long long p = i < recorded.size() ? recorded[i] : 0;
  const std::string who = name_of(w, v.seat);
  const std::string tricks =
      v.count >= 0 ? fmt::format("{}'s {} count {}", who, plural(v.count, "trick"),
                                 static_cast<long long>(v.count) * r.per_trick)
                   : fmt::format("all {} tricks count {}", r.hand_size, static_cast<long long>(r.hand_size) * r.per_trick);
  const std::string head = fmt::format("{}'s points for the hand are recorded as {}, but no play gives that", who, p);
  switch (v.clause) {
    case Clause::kPointsAboveMost: {
      const long long by_tricks = static_cast<long long>(v.count >= 0 ? v.count : r.hand_size) * r.per_trick;
      const char* cards = v.count >= 0 ? (v.other == v.seat ? "the counting cards those tricks and the discard can hold"
                                                            : "the counting cards those tricks can hold")
                                       : "the counting cards";
      return fmt::format("{} many: {} and {} at most {}, so {} at most", head, tricks, cards, v.bound - by_tricks,
                         v.bound);
    }
    case Clause::kPointsBelowTricks:
      return fmt::format("{}'s points for the hand are recorded as {}, but {}'s {} alone count {}", who, p, who,
                         plural(v.count, "trick"), static_cast<long long>(v.count) * r.per_trick);
    default:
      return fmt::format("{}: {}, and no set of counting cards makes the other {} ({})", head, tricks, v.bound,
                         counting_cards(r));
  }
}

std::string wrong_dealer_by_result(const Wording& w, int hand, int recorded, int previous, int due, policy::ByResult rule) {
  const std::string& d = name_of(w, previous);
  std::string why;
  switch (rule) {
    case policy::ByResult::kOwnForfeit:
      why = fmt::format("{}'s side forfeited hand {} for a revoke", d, hand - 1);
      break;
    case policy::ByResult::kOpponentsForfeit:
      why = fmt::format("{}'s opponents forfeited hand {} for a revoke", d, hand - 1);
      break;
    case policy::ByResult::kDealerSideWon:
      why = fmt::format("{}'s side won hand {}", d, hand - 1);
      break;
    case policy::ByResult::kDealerSideCourt:
      why = fmt::format("{}'s side won hand {} with a court", d, hand - 1);
      break;
    case policy::ByResult::kOpponentsCourt:
      why = fmt::format("{}'s side lost hand {} to a court", d, hand - 1);
      break;
    case policy::ByResult::kOpponentsWon:
      why = fmt::format("{}'s side lost hand {} without a court", d, hand - 1);
      break;
    case policy::ByResult::kNobodyWon:
      why = fmt::format("neither side won hand {}", hand - 1);
      break;
  }
  return fmt::format("{} is recorded as dealer of hand {}, but {}: {} deals{}", name_of(w, recorded), hand, why,
                     name_of(w, due), due == previous ? " again" : "");
}

std::string tricks_past_end(int hand, long long recorded, int ended_after, std::string_view why) {
  return fmt::format("hand {} records {}, but it ended after trick {} ({}): the tricks after it do not count",
                     hand, plural(recorded, "trick"), ended_after, why);
}

std::string revoke_claim_unfounded(const Wording& w, int seat, int trick, bool reached) {
  if (!reached) {
    return fmt::format("the record claims {} revoked in trick {}, but the record does not reach trick {}; the "
                       "ruling stands",
                       name_of(w, seat), trick, trick);
  }
  return fmt::format("the record claims {} revoked in trick {}, but the record does not show it; the ruling stands",
                     name_of(w, seat), trick);
}

std::string team_mismatch(const Wording& w, std::string_view team, const std::vector<int>& seats) {
  return fmt::format("`teams` puts {} in {}, but partners sit opposite: {} play together and so do {}; the "
                     "sides are named by their players",
                     names_of(w, seats), team, names_of(w, {0, 2}), names_of(w, {1, 3}));
}

std::string side_taken_mismatch(std::string_view side, long long recorded, long long won) {
  return fmt::format("{}'s tricks are recorded as {}, but the side won {}", side, recorded, won);
}

std::string side_score_mismatch(std::string_view side, int hand, long long recorded, long long truth, long long before,
                                long long courts) {
  return fmt::format("{}'s courts after hand {} are recorded as {}, but they are {} ({} + {} in hand {})", side, hand,
                     recorded, truth, before, courts, hand);
}

std::string streak_mismatch(int hand, std::string_view recorded_side, long long recorded, std::string_view side,
                            int count) {
  return fmt::format("the streak after hand {} is recorded as {} for {}, but it is {}", hand, recorded,
                     recorded_side, side.empty() ? std::string("nobody's yet") : fmt::format("{} for {}", count, side));
}

std::string sides_disagree(std::string_view what, std::string_view side) {
  return fmt::format("the two players of {} are recorded with different {}", side, what);
}

std::string hand_result_unknown(int hand) {
  return fmt::format("hand {} records neither tricks nor `taken`: who won it cannot be known, so neither can the "
                     "next dealer or the courts from here on",
                     hand);
}

std::string hand_unfinished(int hand, std::string_view what) {
  return fmt::format("hand {} is not finished yet ({}); the record is in progress, so the hand is not counted", hand,
                     what);
}

std::string tricks_so_far(long long recorded, int due) {
  return fmt::format("{} of {} tricks recorded", recorded, due);
}

std::string trick_so_far(int trick, long long cards, int players) {
  return fmt::format("trick {} has {} of its {} cards so far", trick, cards, players);
}

std::string trick_order(const Wording& w, int trick, int written_from, int leader,
                        const std::vector<Card>& in_play_order) {
  std::vector<std::string> cards;
  for (const Card c : in_play_order) {
    cards.push_back(to_string(c));
  }
  return fmt::format("trick {} reads as if written from {}'s seat; play order starts with the leader, {}: [{}]", trick,
                     name_of(w, written_from), name_of(w, leader), fmt::join(cards, ", "));
}

std::string probably_meant(const Wording& w, int seat, std::string_view typed, Card meant, bool keystroke) {
  if (keystroke) {
    return fmt::format("probably {}: the one card {} could play there a keystroke from {}; the hand is refereed "
                       "with it",
                       to_string(meant), name_of(w, seat), clip(typed));
  }
  return fmt::format("probably {}: the one card {} could play there that leaves every later card held; the hand is "
                     "refereed with it",
                     to_string(meant), name_of(w, seat));
}

}  // namespace trickref::say
