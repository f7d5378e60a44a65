#include "referee/messages.h"

#include <fmt/format.h>

namespace trickref {
namespace {

std::string plural(long long n, std::string_view word) { return fmt::format("{} {}{}", n, word, n == 1 ? "" : "s"); }

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

// discard (kitty.discard, kitty.mode).
std::string discard(const Say& s) {
  if (s.v.clause == Clause::kDiscardCount) {
    return fmt::format("{} discarded {}; the dealer discards {}", s.seat(), plural(s.v.count, "card"),
                       s.w.rules->kitty_discard);
  }
  return fmt::format("{} discarded {}, which {} did not hold{}", s.seat(), s.card(), s.seat(),
                     s.w.rules->kitty_mode == KittyMode::kDiscardThenTake ? " before taking the kitty" : "");
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
    default:
      return std::string(code_name(v.code));
  }
}

}  // namespace trickref
