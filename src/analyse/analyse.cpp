#include "analyse/analyse.h"

#include <algorithm>
#include <array>

#include <fmt/format.h>

#include "engine/play.h"

namespace trickref {

SeatMask AnalysedSide::mask() const {
  SeatMask m = 0;
  for (const int s : seats) {
    m = static_cast<SeatMask>(m | seat_bit(s));
  }
  return m;
}

std::string not_solved_note(std::uint64_t max_nodes) {
  return fmt::format("not solved within {} nodes (--max-nodes)", max_nodes);
}

std::vector<AnalysedSide> hand_sides(const GameReport& g, const HandSummary& h, const Ruleset& rules,
                                     std::string& why) {
  std::vector<AnalysedSide> out;
  const int n = rules.players;
  if (rules.partnership != Partnership::kNone && g.result && !g.result->sides.empty()) {
    // court-piece.md §3: a majority of the hand's tricks wins it.
    const std::optional<int> target =
        rules.scoring == ScoringKind::kCourts ? std::optional<int>(rules.tricks_per_hand() / 2 + 1) : std::nullopt;
    for (const auto& seats : g.result->sides) {
      AnalysedSide s{seats, target};
      std::sort(s.seats.begin(), s.seats.end());
      out.push_back(std::move(s));
    }
    return out;
  }
  if (h.auction) {
    // call-deuces.md §2.4: the bidder with the holder of the partner card, or alone.
    if (h.void_hand) {
      why = "everyone passed: the hand was not played";
      return out;
    }
    if (!h.bidder) {
      why = "the contract is not known";
      return out;
    }
    if (!h.partner) {
      why = "the bidder's partner is not known";
      return out;
    }
    AnalysedSide bidding{{*h.bidder}, h.bid};
    if (*h.partner >= 0) {
      bidding.seats.push_back(*h.partner);
    }
    std::sort(bidding.seats.begin(), bidding.seats.end());
    AnalysedSide rest{{}, std::nullopt};
    for (int s = 0; s < n; ++s) {
      if (std::find(bidding.seats.begin(), bidding.seats.end(), s) == bidding.seats.end()) {
        rest.seats.push_back(s);
      }
    }
    out.push_back(std::move(bidding));
    out.push_back(std::move(rest));
    return out;
  }
  // Each player alone against the others (the "paranoid" reading).
  for (int s = 0; s < n; ++s) {
    std::optional<int> target;
    if (static_cast<int>(h.quota.size()) == n) {
      target = h.quota[static_cast<std::size_t>(s)];
    }
    out.push_back(AnalysedSide{{s}, target});
  }
  return out;
}

namespace analyse_detail {

// Cards highest first: by rank, then by suit (spades first).
static std::vector<Card> highest_first(CardSet cards) {
  std::vector<Card> out(cards.begin(), cards.end());
  std::sort(out.begin(), out.end(), [](Card a, Card b) {
    return a.rank() != b.rank() ? a.rank() > b.rank() : a.suit() > b.suit();
  });
  return out;
}

// What the solves of one hand share: the positions after each card, the
// values found so far (by position and side), the solver and its table.
class HandSolver {
 public:
  HandSolver(const Ruleset& rules, DdTable& table, std::uint64_t max_nodes, std::vector<AnalysedSide> sides)
      : solver_(rules, table), sides_(std::move(sides)) {
    solver_.set_max_nodes(max_nodes);
    for (const auto& s : sides_) {
      all_ = static_cast<SeatMask>(all_ | s.mask());
    }
  }

  std::vector<DdPosition> pos;
  bool failed = false;

  [[nodiscard]] const std::vector<AnalysedSide>& sides() const { return sides_; }
  [[nodiscard]] std::uint64_t nodes() const { return solver_.stats().nodes; }

  // The value of position `k` for side `side` (0 on failure, with `failed` set).
  int value(std::size_t k, std::size_t side) {
    if (cache_.size() < pos.size()) {
      cache_.resize(pos.size(), std::vector<std::optional<int>>(sides_.size()));
    }
    auto& c = cache_[k][side];
    if (c) {
      return *c;
    }
    const DdPosition& p = pos[k];
    if (dd_still_in_play(p) == 0) {
      c = dd_won(p, sides_[side].mask());
      return *c;
    }
    if (sides_.size() == 2) {
      // The partnership games: the two sides' values sum to what the hand holds.
      if (const auto& other = cache_[k][1 - side]) {
        c = dd_won(p, all_) + dd_still_in_play(p) - *other;
        return *c;
      }
    }
    // Where the side's value at an earlier position is known, it is the
    // solver's guess (DdSolver::value): the value moves by a trick or a
    // few points a card, and a search from near it is far cheaper.
    for (std::size_t e = k; e-- > 0;) {
      if (const auto& guess = cache_[e][side]) {
        c = solver_.value(p, sides_[side].mask(), *guess);
        if (!c) {
          failed = true;
          return 0;
        }
        return *c;
      }
    }
    c = solver_.value(p, sides_[side].mask());
    if (!c) {
      failed = true;
      return 0;
    }
    return *c;
  }

  // Whether playing `card` at position `k` keeps side `side` at `target` or more.
  bool reaches(std::size_t k, Card card, std::size_t side, int target) {
    DdPosition q = pos[k];
    dd_play(q, card);
    if (dd_still_in_play(q) == 0) {
      return dd_won(q, sides_[side].mask()) >= target;
    }
    const auto r = solver_.reaches(q, sides_[side].mask(), target);
    if (!r) {
      failed = true;
      return false;
    }
    return *r;
  }

 private:
  DdSolver solver_;
  std::vector<AnalysedSide> sides_;
  SeatMask all_ = 0;
  std::vector<std::vector<std::optional<int>>> cache_;
};

static std::string seat_list(const GameReport& g, const std::vector<int>& seats) {
  std::string out;
  for (std::size_t i = 0; i < seats.size(); ++i) {
    if (i > 0) {
      out += i + 1 == seats.size() ? " and " : ", ";
    }
    out += g.players[static_cast<std::size_t>(seats[i])];
  }
  return out;
}

// Why the hand has no play to analyse (HandSummary::play absent).
static std::string no_play_note(const HandSummary& h) {
  if (h.void_hand) {
    return "everyone passed: the hand was not played";
  }
  if (!h.trump) {
    return "trump is not known";
  }
  return "no tricks that can be followed are recorded";
}

// The hands at the first lead (a.hands), or why they cannot be known
// (a.note, and false).
static bool hands_at_first_lead(const GameReport& g, const HandPlay& hp, HandAnalysis& a) {
  const Ruleset& r = *g.rules;
  // The cards at the first lead: from the deal (and plucks, kitty, discard),
  // else every card each player went on to play.
  std::vector<int> unknown;
  for (int s = 0; s < r.players; ++s) {
    const auto i = static_cast<std::size_t>(s);
    a.hands.push_back(hp.start.hands[i]);
    if (hp.start.hands[i].size() != r.tricks_per_hand()) {
      unknown.push_back(s);
    }
  }
  if (unknown.empty()) {
    return true;
  }
  const bool from_deal =
      std::all_of(unknown.begin(), unknown.end(), [&](int s) { return hp.known[static_cast<std::size_t>(s)]; });
  a.note = from_deal ? fmt::format("the hands at the first lead are not of {} cards each ({} held {})",
                                   r.tricks_per_hand(), seat_list(g, {unknown.front()}),
                                   hp.start.hands[static_cast<std::size_t>(unknown.front())].size())
                     : fmt::format(
                           "the cards {} held at the first lead cannot be known: the record gives no "
                           "full deal for them and its tricks do not show all {}",
                           seat_list(g, unknown), r.tricks_per_hand());
  a.hands.clear();
  return false;
}

// What each seat has before the first trick: the discard's points, where
// they are the bidder's (call-deuces.md §2.3); zeros otherwise.
static std::array<int, kMaxPlayers> credited_before_play(const HandSummary& h, const Ruleset& r, bool points) {
  std::array<int, kMaxPlayers> credited{};
  if (points && r.discard_to == DiscardTo::kBidder && h.bidder) {
    const HandPlay& hp = *h.play;
    CardSet held;
    for (int s = 0; s < r.players; ++s) {
      held |= hp.start.hands[static_cast<std::size_t>(s)];
    }
    for (const Card c : r.deck - held - hp.start.played) {
      credited[static_cast<std::size_t>(*h.bidder)] += r.card_points[static_cast<std::size_t>(c.index())];
    }
  }
  return credited;
}

// Equal cards (analysis.md §2), one of each group, highest first.
static std::vector<Card> distinct_moves(const PlayState& at) {
  return highest_first(dd_distinct_moves(at, legal_plays(at)));
}

// A hand the budget did not solve: what it is, and why no more is said.
static HandAnalysis unsolved(const HandAnalysis& out, const HandSolver& solve, const AnalyseOptions& options) {
  HandAnalysis f;
  f.number = out.number;
  f.trump = out.trump;
  f.leader = out.leader;
  f.points = out.points;
  f.three_player = out.three_player;
  f.note = not_solved_note(options.max_nodes);
  f.nodes = solve.nodes();
  return f;
}

// The positions after each card, as the referee played them (the record
// stands), appended to solve.pos; how many cards that is (a.note says
// where the trace stops, if it stops early).
static std::size_t replay(const GameReport& g, const HandPlay& hp, HandSolver& solve, HandAnalysis& a) {
  std::size_t played = 0;
  for (const PlayedCard& pc : hp.plays) {
    DdPosition next = solve.pos.back();
    PlayState& s = next.play;
    const auto seat = static_cast<std::size_t>(pc.seat);
    if (pc.trick != s.trick || (s.count > 0 && s.to_play() != pc.seat)) {
      a.note = fmt::format("trick {} is not a whole trick: the trace stops there", pc.trick + 1);
      break;
    }
    if (!s.hands[seat].contains(pc.card)) {
      a.note = fmt::format("trick {}: {} played {}, a card not in their hand: the trace stops there", pc.trick + 1,
                           g.players[seat], to_string(pc.card));
      break;
    }
    if (s.count == 0) {
      s.leader = pc.seat;  // a lead out of turn stands as recorded
    }
    dd_play(next, pc.card);
    solve.pos.push_back(next);
    ++played;
  }
  return played;
}

// The trace: each card's value for its player's side before and after, and
// the cards that kept it. False: the budget ran out.
static bool trace(const HandPlay& hp, std::size_t played, const std::vector<int>& side_of, HandSolver& solve,
                  HandAnalysis& a) {
  for (std::size_t k = 0; k < played; ++k) {
    const PlayedCard& pc = hp.plays[k];
    AnalysedPlay p;
    p.trick = pc.trick + 1;
    p.seat = pc.seat;
    p.card = pc.card;
    p.legal = pc.legal;
    p.side = side_of[static_cast<std::size_t>(pc.seat)];
    const auto side = static_cast<std::size_t>(p.side);
    p.before = solve.value(k, side);
    p.after = solve.value(k + 1, side);
    if (solve.failed) {
      return false;
    }
    for (const Card c : distinct_moves(solve.pos[k].play)) {
      const bool keeps = pc.legal && c == pc.card ? p.after >= p.before : solve.reaches(k, c, side, p.before);
      if (keeps) {
        p.best.push_back(c);
      }
    }
    if (solve.failed) {
      return false;
    }
    a.plays.push_back(std::move(p));
  }
  return true;
}

// The decisive play of a side with a target: its own legal card after which
// its value fell below the target and never came back. Between the
// checkpoints (its own legal cards, every illegal card, the end) only the
// opponents' legal cards move its value, and only upwards, so the highest
// value between two checkpoints is at the later one. False: the budget ran
// out.
static bool decisive_plays(std::size_t side, int target, std::size_t played, HandSolver& solve, HandAnalysis& a) {
  std::vector<std::pair<std::size_t, int>> checks;  // (position, value)
  for (std::size_t k = 0; k < played; ++k) {
    const AnalysedPlay& p = a.plays[k];
    if (!p.legal || static_cast<std::size_t>(p.side) == side) {
      checks.emplace_back(k, solve.value(k, side));
      checks.emplace_back(k + 1, solve.value(k + 1, side));
    }
  }
  checks.emplace_back(played, solve.value(played, side));
  if (solve.failed) {
    return false;
  }
  for (std::size_t k = 0; k < played; ++k) {
    const AnalysedPlay& p = a.plays[k];
    if (!p.legal || static_cast<std::size_t>(p.side) != side || p.before < target || p.after >= target) {
      continue;
    }
    const bool recovered =
        std::any_of(checks.begin(), checks.end(), [&](const auto& c) { return c.first > k + 1 && c.second >= target; });
    if (recovered) {
      continue;
    }
    DecisivePlay d{static_cast<int>(side), static_cast<int>(k), target, {}};
    for (const Card c : distinct_moves(solve.pos[k].play)) {
      const bool in_best = std::find(p.best.begin(), p.best.end(), c) != p.best.end();
      if (in_best || (c != p.card && solve.reaches(k, c, side, target))) {
        d.kept.push_back(c);
      }
    }
    if (solve.failed) {
      return false;
    }
    a.decisive.push_back(std::move(d));
  }
  return true;
}

static HandAnalysis hand(const GameReport& g, std::size_t index, DdTable& table, const AnalyseOptions& options) {
  const HandSummary& h = g.result->hands[index];
  const Ruleset& r = *g.rules;
  HandAnalysis a;
  a.number = h.number;
  a.trump = h.trump;
  a.points = r.scoring == ScoringKind::kPoints;
  if (!h.play) {
    a.note = no_play_note(h);
    return a;
  }
  const HandPlay& hp = *h.play;
  a.leader = hp.start.leader;
  if (!hands_at_first_lead(g, hp, a)) {
    return a;
  }
  std::string why;
  auto sides = hand_sides(g, h, r, why);
  if (sides.empty()) {
    a.note = why;
    return a;
  }
  a.sides = sides;
  a.three_player = r.partnership == Partnership::kNone && !h.auction;
  std::vector<int> side_of(static_cast<std::size_t>(r.players), 0);
  for (std::size_t k = 0; k < sides.size(); ++k) {
    for (const int s : sides[k].seats) {
      side_of[static_cast<std::size_t>(s)] = static_cast<int>(k);
    }
  }

  table.clear();
  HandSolver solve(r, table, options.max_nodes, sides);
  solve.pos.push_back(dd_start(hp.start, credited_before_play(h, r, a.points)));
  for (std::size_t k = 0; k < sides.size(); ++k) {
    a.par.push_back(solve.value(0, k));
  }
  if (solve.failed) {
    return unsolved(a, solve, options);
  }
  a.analysed = true;
  if (options.par_only) {
    a.nodes = solve.nodes();
    return a;
  }
  const std::size_t played = replay(g, hp, solve, a);
  if (!trace(hp, played, side_of, solve, a)) {
    return unsolved(a, solve, options);
  }
  for (std::size_t side = 0; side < sides.size(); ++side) {
    if (sides[side].target && !decisive_plays(side, *sides[side].target, played, solve, a)) {
      return unsolved(a, solve, options);
    }
  }
  a.nodes = solve.nodes();
  return a;
}

}  // namespace analyse_detail

HandAnalysis analyse_hand(const GameReport& g, std::size_t index, DdTable& table, const AnalyseOptions& options) {
  return analyse_detail::hand(g, index, table, options);
}

}  // namespace trickref
