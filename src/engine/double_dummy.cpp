// The double-dummy search (analysis.md §1; double_dummy.h says what it
// answers). Every rule of play is the engine's (engine/play.h): legal_plays,
// apply_play, current_winner, finish_trick. What is here is search: a
// zero-window alpha-beta ("can the side still make `need`?"), bounds kept in
// the transposition table at each trick's start (dd_table.h), sure tricks
// for the leader, equal cards tried once, and an ordering of the moves that
// tries the likely best first.
#include "engine/double_dummy.h"

#include <algorithm>
#include <bit>

#include "engine/dd_table.h"

namespace trickref {

namespace {

constexpr std::uint64_t kJokerBits = CardSet::jokers().bits();
constexpr std::uint64_t kLane = 0xFFFF;

// The effective layout: one 16-bit lane per effective suit, the jokers moved
// into the trump suit's lane above its ace (places 14 and 15), so that
// within a lane bit order is the order in which the cards win.
[[nodiscard]] inline std::uint64_t effective(std::uint64_t bits, Suit trump) {
  const std::uint64_t j = bits & kJokerBits;
  return (bits & ~kJokerBits) | (j >> (48 - 16 * static_cast<int>(trump)));
}
[[nodiscard]] inline Card card_at(int place) {
  const int r = place & 15;
  return r >= 14 ? Card(static_cast<std::uint8_t>(48 + r)) : Card(static_cast<std::uint8_t>(place));
}
[[nodiscard]] inline int place_of(Card c, Suit trump) {
  return c.is_joker() ? static_cast<int>(trump) * 16 + c.rank() : c.index();
}
[[nodiscard]] inline int top_place(std::uint64_t bits) { return 63 - std::countl_zero(bits); }

// The side suits (not `trump`) a hand holding a trump lacks, one bit a
// suit: where it can ruff. None when it holds no trump.
[[nodiscard]] inline unsigned ruffable_suits(std::uint64_t hand, int trump) {
  unsigned out = 0;
  if (((hand >> (16 * trump)) & kLane) != 0) {
    for (int lane = 0; lane < 4; ++lane) {
      out |= static_cast<unsigned>(lane != trump && ((hand >> (16 * lane)) & kLane) == 0) << lane;
    }
  }
  return out;
}

// How early to try throwing the card at `place` from `mine` (DDS's
// ordering of discards): the lowest card, from a long suit rather than a
// short one; not from a guarded second-best card or a bare winner. `live`:
// every card still held.
[[nodiscard]] inline int discard_score(std::uint64_t mine, std::uint64_t live, int place) {
  const std::uint64_t lane_mask = kLane << (place & ~15);
  const std::uint64_t in_lane = live & lane_mask;
  const int len = std::popcount(mine & lane_mask);
  const std::uint64_t top = std::uint64_t{1} << top_place(in_lane);
  const std::uint64_t second = in_lane & ~top;
  int score = 100 + (len * 64) / 36 - (place & 15);
  if (len == 2 && second != 0 && (mine & (std::uint64_t{1} << top_place(second))) != 0) {
    score -= 6;
  } else if (len == 1 && (mine & top) != 0) {
    score -= 8;
  }
  return score;
}

[[nodiscard]] CardSet in_play(const PlayState& s) {
  CardSet all;
  for (int p = 0; p < s.players; ++p) {
    all |= s.hands[static_cast<std::size_t>(p)];
  }
  return all;
}

[[nodiscard]] CardSet trick_so_far(const PlayState& s) {
  CardSet t;
  for (int i = 0; i < s.count && i < kMaxPlayers; ++i) {
    t.insert(s.cards[static_cast<std::size_t>(i)]);
  }
  return t;
}

[[nodiscard]] bool counts_points(const Ruleset& r) { return r.scoring == ScoringKind::kPoints; }

[[nodiscard]] int points_of(const Ruleset& r, CardSet cards) {
  int sum = 0;
  for (const Card c : cards) {
    sum += r.card_points[static_cast<std::size_t>(c.index())];
  }
  return sum;
}

}  // namespace

// ---------------------------------------------------------------- positions

DdPosition dd_start(const PlayState& play, const std::array<int, kMaxPlayers>& credited) {
  DdPosition pos;
  pos.play = play;
  pos.won = credited;
  if (!counts_points(*play.rules)) {
    for (int p = 0; p < play.players; ++p) {
      pos.won[static_cast<std::size_t>(p)] += play.taken[static_cast<std::size_t>(p)];
    }
  }
  return pos;
}

int dd_trick_value(const Ruleset& rules, CardSet trick_cards) {
  return counts_points(rules) ? rules.per_trick + points_of(rules, trick_cards) : 1;
}

void dd_play(DdPosition& pos, Card card) {
  PlayState& s = pos.play;
  apply_play(s, s.to_play(), card);
  if (s.trick_complete()) {
    const CardSet cards = trick_so_far(s);
    const int winner = finish_trick(s);
    pos.won[static_cast<std::size_t>(winner)] += dd_trick_value(*s.rules, cards);
  }
}

int dd_won(const DdPosition& pos, SeatMask side) {
  int sum = 0;
  for (int p = 0; p < pos.play.players; ++p) {
    if ((side & seat_bit(p)) != 0) {
      sum += pos.won[static_cast<std::size_t>(p)];
    }
  }
  return sum;
}

int dd_still_in_play(const DdPosition& pos) {
  const PlayState& s = pos.play;
  const int tricks = s.hands[static_cast<std::size_t>(s.to_play())].size();
  if (!counts_points(*s.rules)) {
    return tricks;
  }
  return tricks * s.rules->per_trick + points_of(*s.rules, in_play(s) | trick_so_far(s));
}

CardSet dd_distinct_moves(const PlayState& s, CardSet moves) {
  const Ruleset& r = *s.rules;
  const std::uint64_t live = effective((in_play(s) | trick_so_far(s)).bits(), s.trump);
  const std::uint64_t mine = effective(moves.bits(), s.trump);
  const bool counted = counts_points(r);
  CardSet out;
  for (const Card c : moves) {
    const int place = place_of(c, s.trump);
    const std::uint64_t lane = kLane << (place & ~15);
    const std::uint64_t above = live & lane & ~((std::uint64_t{2} << place) - 1);
    if (above != 0) {
      const int next = std::countr_zero(above);
      // (Card points count only where the scoring counts cards: Pluck's
      // ruleset lists Call Deuces' points and never reads them.)
      if ((mine >> next & 1U) != 0 &&
          (!counted || r.card_points[static_cast<std::size_t>(c.index())] ==
                           r.card_points[static_cast<std::size_t>(card_at(next).index())])) {
        continue;  // the next card up is the same player's and worth the same
      }
    }
    out.insert(c);
  }
  return out;
}

// ---------------------------------------------------------------- the search

struct DdSolver::Search {
  const Ruleset& r;
  DdTable::Impl& table;
  SeatMask side;
  std::uint64_t budget;  // 0: none
  DdStats& stats;
  bool points;
  std::uint64_t nodes = 0;
  bool aborted = false;
  std::array<Card, 128> killers{};  // by depth (trick * players + card of the trick): the last card that cut off
  CardSet counting;  // the cards that carry points (points scoring only)
  std::array<std::uint8_t, 64> point_class{};  // by card index: 0, or 1 + the rank of its points among them

  Search(const Ruleset& rules, DdTable::Impl& t, SeatMask s, std::uint64_t max, DdStats& st)
      : r(rules), table(t), side(s), budget(max), stats(st), points(counts_points(rules)) {
    std::vector<int> values;
    for (std::size_t i = 0; i < 64 && points; ++i) {
      if (r.card_points[i] != 0) {
        counting.insert(Card(static_cast<std::uint8_t>(i)));
        if (std::find(values.begin(), values.end(), r.card_points[i]) == values.end()) {
          values.push_back(r.card_points[i]);
        }
      }
    }
    std::sort(values.begin(), values.end());
    for (const Card c : counting) {
      const auto at = std::find(values.begin(), values.end(), r.card_points[static_cast<std::size_t>(c.index())]);
      // Seven classes fit the key's 3 bits; past that, values share a class
      // and, being counting cards, still agree card for card (store()).
      point_class[static_cast<std::size_t>(c.index())] = static_cast<std::uint8_t>(1 + (at - values.begin()) % 7);
    }
  }

  [[nodiscard]] bool ours(int seat) const { return (side & seat_bit(seat)) != 0; }

  // The position at the start of a trick as the table reads it.
  [[nodiscard]] DdLayout layout_of(const PlayState& s) const {
    DdLayout at;
    std::array<std::uint64_t, kMaxPlayers> held{};
    for (int p = 0; p < s.players; ++p) {
      const std::uint64_t h = effective(s.hands[static_cast<std::size_t>(p)].bits(), s.trump);
      held[static_cast<std::size_t>(p)] = h;
      at.live |= h;
      for (int lane = 0; lane < 4; ++lane) {
        const auto len = static_cast<std::uint64_t>(std::popcount((h >> (16 * lane)) & kLane));
        const int bit = (p & 3) * 16 + lane * 4;
        at.shape.lengths[static_cast<std::size_t>(p >> 2)] |= len << bit;
      }
    }
    std::array<std::uint8_t, 64> owner{};
    for (int p = 0; p < s.players; ++p) {
      for (std::uint64_t h = held[static_cast<std::size_t>(p)]; h != 0; h &= h - 1) {
        owner[static_cast<std::size_t>(std::countr_zero(h))] = static_cast<std::uint8_t>(p + 1);
      }
    }
    for (std::size_t lane = 0; lane < 4; ++lane) {
      std::uint64_t holders = 0;
      std::uint64_t pts = 0;
      const std::uint64_t in_lane = (at.live >> (16 * lane)) & kLane;
      for (std::uint64_t left = in_lane; left != 0;) {
        const int place = top_place(left);
        left &= ~(std::uint64_t{1} << place);
        const auto at_place = static_cast<std::size_t>(16 * lane) + static_cast<std::size_t>(place);
        holders = holders << 3 | owner[at_place];
        if (points) {
          pts = pts << 3 | point_class[static_cast<std::size_t>(card_at(static_cast<int>(at_place)).index())];
        }
      }
      at.holders[lane] = holders;
      at.points[lane] = pts;
      at.count[lane] = static_cast<std::uint8_t>(std::popcount(in_lane));
    }
    if (points) {
      at.shape.counting = effective(counting.bits(), s.trump) & at.live;
    }
    at.shape.meta = static_cast<std::uint64_t>(s.leader) | static_cast<std::uint64_t>(s.trump) << 4 |
                    static_cast<std::uint64_t>(s.broken && r.trump_lead != TrumpLead::kAny) << 6 |
                    static_cast<std::uint64_t>(s.trick == 0) << 7 |
                    static_cast<std::uint64_t>(side) << 8;
    return at;
  }

  // The most the hand can still give: tricks left (with the one in
  // progress), or their per_trick and the points still in play.
  [[nodiscard]] int most(const PlayState& s, int trick_points) const {
    const int tricks = s.hands[static_cast<std::size_t>(s.to_play())].size();
    if (!points) {
      return tricks;
    }
    return tricks * r.per_trick + points_of(r, in_play(s)) + trick_points;
  }

  // Sure tricks for a player who has the lead (`from`), at the start of a
  // trick: their cards above every card anyone else holds in their suit,
  // each of which wins its trick when led and keeps the lead. In a side
  // suit, only as many as every other player holding a trump can follow to
  // (a player who cannot follow might ruff; one who can never discards from
  // another suit, so the counts of the suits stay as they are). Returns the
  // least value they bring (their tricks, with the points of those cards);
  // `cards` the winners, `per_suit` how many of each suit.
  [[nodiscard]] int sure_cashing(const PlayState& s, int from, std::uint64_t& cards,
                                 std::array<int, 4>& per_suit) const {
    const int t = static_cast<int>(s.trump);
    std::uint64_t others = 0;
    std::array<int, 4> can_follow{16, 16, 16, 16};  // the fewest cards of a suit a ruffer holds
    for (int p = 0; p < s.players; ++p) {
      if (p == from) {
        continue;
      }
      const std::uint64_t h = effective(s.hands[static_cast<std::size_t>(p)].bits(), s.trump);
      others |= h;
      if (((h >> (16 * t)) & kLane) != 0) {
        for (int lane = 0; lane < 4; ++lane) {
          can_follow[static_cast<std::size_t>(lane)] =
              std::min(can_follow[static_cast<std::size_t>(lane)], std::popcount((h >> (16 * lane)) & kLane));
        }
      }
    }
    const std::uint64_t mine = effective(s.hands[static_cast<std::size_t>(from)].bits(), s.trump);
    const bool may_lead_trump = r.trump_lead == TrumpLead::kAny || s.broken;
    int tricks = 0;
    int pts = 0;
    for (int lane = 0; lane < 4; ++lane) {
      per_suit[static_cast<std::size_t>(lane)] = 0;
      if (lane == t && !may_lead_trump) {
        continue;
      }
      const std::uint64_t o = (others >> (16 * lane)) & kLane;
      const std::uint64_t m = (mine >> (16 * lane)) & kLane;
      std::uint64_t winners = o == 0 ? m : m & ~((std::uint64_t{2} << top_place(o)) - 1);
      if (lane != t) {
        // The top ones, as many as every ruffer can follow to.
        for (int extra = std::popcount(winners) - can_follow[static_cast<std::size_t>(lane)]; extra > 0; --extra) {
          winners &= winners - 1;  // drop the lowest
        }
      }
      per_suit[static_cast<std::size_t>(lane)] = std::popcount(winners);
      tricks += std::popcount(winners);
      cards |= winners << (16 * lane);
      if (points) {
        pts += points_in(winners << (16 * lane));
      }
    }
    return points ? tricks * r.per_trick + pts : tricks;
  }

  // Sure tricks for the leader's team at the start of a trick: the
  // leader's own (sure_cashing), and after them a partner's, reached by
  // leading a suit the partner tops and the leader holds (DDS's entry to
  // partner), where the partner has cards enough to throw on the leader's
  // winners in suits it lacks without throwing one of its own. Returns the
  // least value; `cards` the winners counted.
  [[nodiscard]] int sure_for_leader(const PlayState& s, std::uint64_t& cards) const {
    if (s.trick == 0 && r.first_lead == FirstLead::kCard) {
      return 0;
    }
    std::array<int, 4> own{};
    const int mine = sure_cashing(s, s.leader, cards, own);
    int best = mine;
    const std::uint64_t leader = effective(s.hands[static_cast<std::size_t>(s.leader)].bits(), s.trump);
    const bool may_lead_trump = r.trump_lead == TrumpLead::kAny || s.broken;
    for (int q = 0; q < s.players; ++q) {
      if (q == s.leader || ours(q) != ours(s.leader)) {
        continue;
      }
      std::array<int, 4> per{};
      std::uint64_t theirs = 0;
      const int v = sure_cashing(s, q, theirs, per);
      if (mine + v <= best) {
        continue;
      }
      // The leader cashes its own winners first (the partner follows, or
      // throws a card that is not one of its winners: it must have enough
      // of those), then leads a suit the partner tops.
      const std::uint64_t partner = effective(s.hands[static_cast<std::size_t>(q)].bits(), s.trump);
      int throws = 0;
      int winners = 0;
      for (int lane = 0; lane < 4; ++lane) {
        winners += per[static_cast<std::size_t>(lane)];
        if (((partner >> (16 * lane)) & kLane) == 0) {
          throws += own[static_cast<std::size_t>(lane)];
        }
      }
      if (std::popcount(partner) - winners < throws) {
        continue;
      }
      for (int lane = 0; lane < 4; ++lane) {
        if (per[static_cast<std::size_t>(lane)] > 0 && ((leader >> (16 * lane)) & kLane) != 0 &&
            (lane != static_cast<int>(s.trump) || may_lead_trump)) {
          best = mine + v;
          cards |= theirs;
          break;
        }
      }
    }
    return best;
  }

  // The tricks a team's trumps bring it, at the start of a trick: every
  // card is played before the hand ends, one a player a trick, so each
  // trump of one player falls on a trick of its own, and that trick is lost
  // only where the other team plays a higher trump on it. A player's trumps
  // therefore take at least as many tricks as they are, less the most pairs
  // that can be made of one of theirs and a higher one of the other team's
  // (its top trumps, above all of the other team's, win wherever they fall).
  // Returns that least value for the side (`ours`) or the rest, and the
  // trumps whose ranks it rests on in `cards`.
  [[nodiscard]] int top_trumps(const PlayState& s, bool for_side, std::uint64_t& cards) const {
    const int t = static_cast<int>(s.trump);
    std::uint64_t others = 0;
    std::array<std::uint64_t, kMaxPlayers> team{};
    for (int p = 0; p < s.players; ++p) {
      const std::uint64_t lane = (effective(s.hands[static_cast<std::size_t>(p)].bits(), s.trump) >> (16 * t)) & kLane;
      if (ours(p) == for_side) {
        team[static_cast<std::size_t>(p)] = lane;
      } else {
        others |= lane;
      }
    }
    const std::uint64_t above = others == 0 ? ~std::uint64_t{0} : ~((std::uint64_t{2} << top_place(others)) - 1);
    int best = 0;
    std::uint64_t best_cards = 0;
    for (int p = 0; p < s.players; ++p) {
      const std::uint64_t held = team[static_cast<std::size_t>(p)];
      const std::uint64_t mine = held & above & kLane;
      // The most pairs, made greedily from the other team's lowest trump up.
      int pairs = 0;
      int waiting = 0;
      std::uint64_t below = 0;
      for (std::uint64_t o = others; o != 0; o &= o - 1) {
        const std::uint64_t y = o & (~o + 1);
        waiting += std::popcount(held & (y - 1) & ~below);
        below = y - 1;
        if (waiting > 0) {
          ++pairs;
          --waiting;
        }
      }
      const int wins = std::popcount(held) - pairs;
      const int value = points ? wins * r.per_trick + points_in(mine << (16 * t)) : wins;
      if (value > best) {
        best = value;
        best_cards = (wins == std::popcount(mine) ? mine : held | others) << (16 * t);
      }
    }
    cards |= best_cards;
    return best;
  }

  // The card points of `cards` (effective layout).
  [[nodiscard]] int points_in(std::uint64_t cards) const {
    int sum = 0;
    for (; cards != 0; cards &= cards - 1) {
      sum += r.card_points[static_cast<std::size_t>(card_at(std::countr_zero(cards)).index())];
    }
    return sum;
  }

  struct Move {
    Card card;
    int score = 0;
  };

  // What the player due sees of the cards held, for ordering its moves.
  struct Holdings {
    bool team = false;  // the player due is on the side
    std::uint64_t mine = 0;
    std::uint64_t partners = 0;
    std::uint64_t opponents = 0;
    std::uint64_t later_opponents = 0;  // opponents still to play to this trick
    std::uint64_t live = 0;             // every card held
    unsigned ruffed = 0;                // the side suits an opponent holding a trump lacks (bit a suit)
    unsigned partner_ruffs = 0;         // the side suits a partner holding a trump lacks
  };
  [[nodiscard]] Holdings holdings(const PlayState& s) const {
    Holdings h;
    const int seat = s.to_play();
    h.team = ours(seat);
    const int t = static_cast<int>(s.trump);
    for (int i = 0; i < s.players; ++i) {
      const int p = s.leader + i >= s.players ? s.leader + i - s.players : s.leader + i;
      const std::uint64_t held = effective(s.hands[static_cast<std::size_t>(p)].bits(), s.trump);
      if (p == seat) {
        h.mine = held;
      } else if (ours(p) == h.team) {
        h.partners |= held;
        h.partner_ruffs |= ruffable_suits(held, t);
      } else {
        h.opponents |= held;
        if (i > s.count) {
          h.later_opponents |= held;
        }
        h.ruffed |= ruffable_suits(held, t);
      }
    }
    h.live = h.mine | h.partners | h.opponents;
    return h;
  }

  // A lead's place in the order (`remembered`: the table's best lead).
  [[nodiscard]] static int lead_score(const Holdings& h, int place, std::uint8_t remembered) {
    const int lane = place >> 4;
    const std::uint64_t lane_mask = kLane << (16 * lane);
    const std::uint64_t in_lane = h.live & lane_mask;
    if (remembered != 0xFF) {
      const int from_top = std::popcount(in_lane & ~((std::uint64_t{2} << place) - 1));
      if ((remembered >> 4) == lane && (remembered & 15) == from_top) {
        return 1000;
      }
    }
    const std::uint64_t top = std::uint64_t{1} << top_place(in_lane);
    int score = 0;
    if ((top & h.mine) != 0) {
      score = (std::uint64_t{1} << place) == top ? 60 : 20 - (place & 15);
    } else if ((top & h.partners) != 0) {
      score = 50 - (place & 15);
    } else {
      score = 25 - (place & 15);
    }
    score += 4 * std::popcount(h.opponents & lane_mask);  // many cards to follow with: few ruffs (measured)
    if (((h.ruffed >> lane) & 1U) != 0) {
      score -= 40;
    } else if (((h.partner_ruffs >> lane) & 1U) != 0) {
      score += 25;
    }
    return score;
  }

  // A card's place in the order when following to the trick in progress.
  [[nodiscard]] int follow_score(const PlayState& s, const Holdings& h, Card c, int place) const {
    int score = 0;
    const bool winning_now = ours(s.best_seat) == h.team;
    const int strength = strength_if_played(s, c);
    const bool beats = strength > s.best_strength;
    if (strength < 0) {
      score = discard_score(h.mine, h.live, place);
    } else if (winning_now) {
      score = 100 - strength;  // the team wins it so far: play low
    } else if (beats) {
      // Takes it from the other team: surely, if no opponent after can beat it.
      const std::uint64_t follow = h.later_opponents & (kLane << (16 * static_cast<int>(s.led_suit)));
      const std::uint64_t trumps_after = h.later_opponents & (kLane << (16 * static_cast<int>(s.trump)));
      const std::uint64_t above = ~((std::uint64_t{2} << place) - 1);
      const bool sure = s.trumps.contains(c) ? (trumps_after & above) == 0 || follow != 0
                                             : (follow & above) == 0 && (follow != 0 || trumps_after == 0);
      score = (sure ? 300 : 200) - strength;
    } else {
      score = 100 - strength - (s.trumps.contains(c) ? 50 : 0);
    }
    if (points) {
      const int pv = r.card_points[static_cast<std::size_t>(c.index())];
      score += (winning_now || beats) ? pv : -pv;
    }
    return score;
  }

  // The moves worth trying, best guess first (DDS's ideas, simplified):
  // the lead the table remembers, then the card that last cut off at this
  // depth; leads from suits the team holds the top of (the top card, or a
  // low one to a partner's), low leads elsewhere, suits the opponents
  // hold many cards of or a partner can ruff first, suits an opponent can
  // ruff last; following, the lowest card that takes the trick from the
  // other team (the higher if nobody after can beat it), else the lowest;
  // a discard, the lowest card of a long suit, keeping a guard or a bare
  // winner.
  // `pruned`: the equal cards left out (effective layout).
  int order(const PlayState& s, CardSet moves, std::uint8_t remembered, Card killer, std::array<Move, 24>& out,
            std::uint64_t& pruned) const {
    const CardSet distinct = dd_distinct_moves(s, moves);
    pruned = effective((moves - distinct).bits(), s.trump);
    const Holdings h = holdings(s);
    int n = 0;
    for (const Card c : distinct) {
      const int place = place_of(c, s.trump);
      int score = s.count == 0 ? lead_score(h, place, remembered) : follow_score(s, h, c, place);
      if (s.count == 0 && c == killer && score < 1000) {
        score += 30;
      }
      out[static_cast<std::size_t>(n++)] = Move{c, score};
    }
    // Insertion sort, stable: a hand's moves are few.
    for (int i = 1; i < n; ++i) {
      const Move m = out[static_cast<std::size_t>(i)];
      int j = i - 1;
      while (j >= 0 && out[static_cast<std::size_t>(j)].score < m.score) {
        out[static_cast<std::size_t>(j + 1)] = out[static_cast<std::size_t>(j)];
        --j;
      }
      out[static_cast<std::size_t>(j + 1)] = m;
    }
    return n;
  }

  [[nodiscard]] std::uint8_t remember(const PlayState& s, Card c) const {
    const int place = place_of(c, s.trump);
    const int lane = place >> 4;
    const auto lane_live = (effective(in_play(s).bits(), s.trump) >> (16 * lane)) & kLane;
    const int from_top = std::popcount(lane_live & ~((std::uint64_t{2} << (place & 15)) - 1));
    return static_cast<std::uint8_t>(lane << 4 | from_top);
  }

  // Whether the side can still make `need` from `s` (the trick in progress,
  // carrying `trick_points` so far, counted with the tricks to come).
  // `relevant`: the cards (effective layout) whose ranks decided it; every
  // position that agrees on them decides alike (dd_table.h).
  bool reaches(const PlayState& s, int need, int trick_points, std::uint64_t& relevant) {
    relevant = 0;
    if (need <= 0) {
      return true;
    }
    if (aborted) {
      return false;
    }
    ++nodes;
    if (budget != 0 && nodes > budget) {
      aborted = true;
      return false;
    }
    const int most_left = most(s, trick_points);
    if (need > most_left) {
      return false;
    }
    const CardSet moves = legal_plays(s);
    if (moves.empty()) {
      return false;  // the hand is over for want of cards (a faulty record's uneven hands)
    }
    DdLayout at;
    std::uint64_t hash = 0;
    std::uint8_t remembered = 0xFF;
    if (s.count == 0) {
      std::uint64_t cards = 0;
      const int sure = sure_for_leader(s, cards);
      if (ours(s.leader) ? sure >= need : most_left - sure < need) {
        relevant = cards;
        return ours(s.leader);
      }
      cards = 0;
      if (top_trumps(s, true, cards) >= need) {
        relevant = cards;
        return true;
      }
      cards = 0;
      if (most_left - top_trumps(s, false, cards) < need) {
        relevant = cards;
        return false;
      }
      at = layout_of(s);
      hash = at.shape.hash();
      const auto found = table.find(at, hash, need);
      if (found.decided >= 0) {
        ++stats.table_hits;
        relevant = found.relevant;
        return found.decided == 1;
      }
      remembered = found.best;
    }
    const int seat = s.to_play();
    const bool maximise = ours(seat);
    std::array<Move, 24> list;
    std::uint64_t pruned = 0;
    const auto depth = static_cast<std::size_t>(std::min(s.trick * s.players + s.count, 127));
    const int n = order(s, moves, remembered, killers[depth], list, pruned);
    bool result = !maximise;
    Card decided = list[0].card;
    // Per suit, the cards shown small: below every card whose rank decided
    // the line of a card of that suit already tried, which was itself one
    // (DDS: one small card a hand and suit is searched). Counting cards are
    // never small: what they carry differs.
    std::array<std::uint16_t, 4> small{};
    for (int i = 0; i < n; ++i) {
      const Card c = list[static_cast<std::size_t>(i)].card;
      const int place = place_of(c, s.trump);
      const bool plain = !points || r.card_points[static_cast<std::size_t>(c.index())] == 0;
      if (plain && ((static_cast<unsigned>(small[static_cast<std::size_t>(place >> 4)]) >> static_cast<unsigned>(place & 15)) & 1U) != 0) {
        continue;
      }
      PlayState next = s;
      apply_play(next, seat, c);
      int next_need = need;
      int next_points = trick_points + (points ? r.card_points[static_cast<std::size_t>(c.index())] : 0);
      std::uint64_t won_by_rank = 0;
      if (next.trick_complete()) {
        won_by_rank = rank_that_won(next);
        const int winner = finish_trick(next);
        if (ours(winner)) {
          next_need -= points ? r.per_trick + next_points : 1;
        }
        next_points = 0;
      }
      std::uint64_t below = 0;
      const bool got = reaches(next, next_need, next_points, below);
      if (aborted) {
        return false;
      }
      if (got == maximise) {
        killers[depth] = c;
        result = got;
        decided = c;
        relevant = below | won_by_rank;
        break;
      }
      relevant |= below | won_by_rank;
      const std::uint64_t lane_rel = ((below | won_by_rank) >> (place & ~15)) & kLane;
      const int threshold = lane_rel == 0 ? 16 : std::countr_zero(lane_rel);
      if (plain && (place & 15) < threshold) {
        small[static_cast<std::size_t>(place >> 4)] |= static_cast<std::uint16_t>((1U << threshold) - 1);
      }
    }
    if (result != maximise) {
      relevant |= equal_runs_that_count(s, pruned, relevant);
    }
    if (s.count == 0) {
      if (points) {
        relevant |= effective(counting.bits(), s.trump) & at.live;
      }
      if (s.trick == 0 && r.first_lead == FirstLead::kCard) {
        relevant |= std::uint64_t{1} << place_of(r.first_lead_card, s.trump);
      }
      relevant &= at.live;
      table.store(at, hash, relevant, need, result, result == maximise ? remember(s, decided) : 0xFF,
                  s.hands[static_cast<std::size_t>(s.leader)].size());
    }
    return result;
  }

  // The runs of equal cards of the player due: for each card tried that
  // stands for lower cards left out, its place and its run's lowest card's
  // (effective layout).
  struct Run {
    std::int8_t top = 0;
    std::int8_t low = 0;
  };
  int runs_of(const PlayState& s, std::uint64_t pruned, std::array<Run, 16>& out) const {
    if (pruned == 0) {
      return 0;
    }
    const std::uint64_t live = effective((in_play(s) | trick_so_far(s)).bits(), s.trump);
    int n = 0;
    for (std::uint64_t q = pruned; q != 0;) {
      // The highest pruned card left: its run's card tried is the next live card up that is not pruned.
      const int high = top_place(q);
      const std::uint64_t lane = kLane << (high & ~15);
      const std::uint64_t up = live & lane & ~((std::uint64_t{2} << high) - 1) & ~pruned;
      int low = high;
      q &= ~(std::uint64_t{1} << high);
      // Down the run: pruned cards with no other live card between.
      for (;;) {
        const std::uint64_t below = live & lane & ((std::uint64_t{1} << low) - 1);
        if (below == 0 || (q >> top_place(below) & 1U) == 0) {
          break;
        }
        low = top_place(below);
        q &= ~(std::uint64_t{1} << low);
      }
      out[static_cast<std::size_t>(n++)] = Run{static_cast<std::int8_t>(std::countr_zero(up)),
                                                static_cast<std::int8_t>(low)};
    }
    return n;
  }

  // Every move failed, and the proof covers the equal cards left out only
  // where they are still equal to the card tried: where that card's rank
  // counted (it is at or above the lowest card of its suit in `relevant`),
  // the lowest card of its run counts too. Below that, the card tried was a
  // small card, and so is any card of its run.
  [[nodiscard]] std::uint64_t equal_runs_that_count(const PlayState& s, std::uint64_t pruned,
                                                    std::uint64_t relevant) const {
    std::array<Run, 16> runs;
    const int n = runs_of(s, pruned, runs);
    std::uint64_t out = 0;
    for (int i = 0; i < n; ++i) {
      const Run& run = runs[static_cast<std::size_t>(i)];
      const std::uint64_t rel = relevant & (kLane << (run.top & ~15));
      if (rel != 0 && run.top >= std::countr_zero(rel)) {
        out |= std::uint64_t{1} << run.low;
      }
    }
    return out;
  }

  // The cards of the complete trick in `s` whose ranks decided it: its
  // winner where another card of its suit was played (else any card of the
  // suit would have won), and under play.must_overtrump every trump played
  // (which trumps were legal went by their ranks).
  [[nodiscard]] std::uint64_t rank_that_won(const PlayState& s) const {
    const int w = current_winner(s);
    Card winner;
    for (int i = 0; i < s.count; ++i) {
      if (s.seats[static_cast<std::size_t>(i)] == w) {
        winner = s.cards[static_cast<std::size_t>(i)];
      }
    }
    const Suit suit = effective_suit(winner, s.trump);
    std::uint64_t out = 0;
    bool contested = false;
    for (int i = 0; i < s.count; ++i) {
      const Card c = s.cards[static_cast<std::size_t>(i)];
      if (c != winner && effective_suit(c, s.trump) == suit) {
        contested = true;
      }
      if (r.must_overtrump && s.trumps.contains(c)) {
        out |= std::uint64_t{1} << place_of(c, s.trump);
      }
    }
    if (contested) {
      out |= std::uint64_t{1} << place_of(winner, s.trump);
    }
    return out;
  }
};

DdSolver::DdSolver(const Ruleset& rules, DdTable& table) : rules_(&rules), table_(&table) {
  if (table.impl().rules != &rules) {
    table.clear();
    table.impl().rules = &rules;
  }
}

std::optional<bool> DdSolver::reaches(const DdPosition& pos, SeatMask side, int target) {
  Search search(*rules_, table_->impl(), side, max_nodes_, stats_);
  const int need = target - dd_won(pos, side);
  std::uint64_t relevant = 0;
  const bool got =
      search.reaches(pos.play, need, search.points ? points_of(*rules_, trick_so_far(pos.play)) : 0, relevant);
  stats_.nodes += search.nodes;
  if (search.aborted) {
    return std::nullopt;
  }
  return got;
}

std::optional<int> DdSolver::value(const DdPosition& pos, SeatMask side) {
  // A first guess: the side's share of what is still in play, by its seats.
  const int seats = std::popcount(static_cast<unsigned>(side));
  const int share = dd_still_in_play(pos) * seats / std::max(1, pos.play.players);
  return value(pos, side, dd_won(pos, side) + share);
}

std::optional<int> DdSolver::value(const DdPosition& pos, SeatMask side, int guess) {
  // Zero-window probes from the guess: up while the side reaches, down
  // while it does not, by steps that double, then halving between. A probe
  // below the value is cheap and one far above it too; those next to it
  // are the work, so a guess near the value (the value before a card, in a
  // trace) saves most of it.
  const int won = dd_won(pos, side);
  int lo = won;                                // reached
  int hi = won + dd_still_in_play(pos);        // the most it could be
  const std::uint64_t start = stats_.nodes;
  const std::uint64_t budget = max_nodes_;
  auto probe = [&](int target) -> std::optional<bool> {
    const std::uint64_t used = stats_.nodes - start;
    if (budget != 0 && used >= budget) {
      return std::nullopt;
    }
    max_nodes_ = budget == 0 ? 0 : budget - used;
    const auto got = reaches(pos, side, target);
    max_nodes_ = budget;
    return got;
  };
  int step = 1;
  int next = std::clamp(guess, lo, hi);
  bool bracketing = true;
  while (lo < hi) {
    if (!bracketing || next <= lo || next > hi) {
      next = lo + (hi - lo + 1) / 2;
      bracketing = false;
    }
    const auto got = probe(next);
    if (!got) {
      return std::nullopt;
    }
    if (*got) {
      lo = next;
      next = lo + step;
    } else {
      hi = next - 1;
      next = hi - step + 1;
    }
    step = counts_points(*rules_) ? step * 2 : 1;  // tricks: one at a time (measured: fewest nodes)
  }
  return lo;
}

}  // namespace trickref
