// Nothing wrong passes as clean: clean records of small seeded games, at the
// deal, plays and sheet levels, each given one mistake a scorer makes (a card
// given to the wrong player, two cards swapped, a wrong return, a wrong
// figure, a missing or an extra card, a wrong dealer). Whether the mutated
// record proves a fault is decided apart from the referee, by an oracle that
// looks for any legal game the record could be (below): where none exists
// the referee must report an error; where one does, it must report none
// (rules.md §4: report only what the record proves).
//
// The oracle walks the hand machine's generators (legal_gives, due_return,
// legal_plays, tricks_counted, count_hand), never the referee's checks or its
// reading of a record; where the level hides what it needs, it searches: the
// deal is the cards each player plays (attributed from the first leader and
// the trick winners it works out itself), worked back through the plucks.
// The games are a small Pluck (15 cards, 5 a player), where that is cheap.
//
// What a level cannot prove is listed in docs/referee.md, "What each level
// of a record can prove" (the table of mistakes by level); the test keeps to the rest.
#include <algorithm>
#include <bit>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <map>
#include <fstream>
#include <numeric>
#include <optional>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "engine/game.h"
#include "engine/hand.h"
#include "engine/playout.h"
#include "ruleset/ruleset_loader.h"
#include "support/small_rulesets.h"
#include "support/test_support.h"
#include "transcript/writer.h"

namespace trickref {
namespace {

const std::vector<std::string> kPlayers = {"Ann", "Bob", "Cat"};

// A Pluck of 15 cards (2C 3C 9C AC, 4D 8D KD, 5H 10H QH, 6S 7S JS QS KS), 5 a
// player, quotas 2/2/1, to 3 points: every hand quick to search.
std::string tiny_pluck_path() {
  return test::small_ruleset("tiny-pluck", "pluck",
                      test::cards({"2C", "3C", "9C", "AC", "4D", "8D", "KD", "5H", "10H", "QH", "6S", "7S", "JS",
                                   "QS", "KS"}),
                      "deal:\n  hand_size: 5\nquotas: {dealer: 2, left: 2, right: 1}\ngame:\n  end: {target: 3}\n");
}

// A Nine Five Two of 14 cards, 4 a player and 2 in the kitty (the dealer
// takes them and discards 2, and shows the plucked suit's higher ones),
// quotas 2/1/1, to 3 points.
std::string tiny_nine_five_two_path() {
  return test::small_ruleset("tiny-nine-five-two", "nine-five-two",
                      test::cards({"3C", "6C", "10C", "AC", "4D", "5D", "JD", "2H", "9H", "KH", "7S", "8S", "QS",
                                   "AS"}),
                      "deal:\n  hand_size: 4\n  kitty: 2\nkitty:\n  discard: 2\n"
                      "quotas: {dealer: 2, left: 1, right: 1}\ngame:\n  end: {target: 3}\n");
}

enum class Mistake { kWrongPlayer, kSwap, kWrongReturn, kWrongFigure, kMissingCard, kExtraCard, kWrongDealer };
constexpr std::array kMistakes = {Mistake::kWrongPlayer, Mistake::kSwap,       Mistake::kWrongReturn,
                                  Mistake::kWrongFigure, Mistake::kMissingCard, Mistake::kExtraCard,
                                  Mistake::kWrongDealer};
const char* name_of(Detail level) {
  return level == Detail::kFull ? "deal" : level == Detail::kPlays ? "plays" : "sheet";
}
const char* name_of(Mistake m) {
  switch (m) {
    case Mistake::kWrongPlayer: return "a card given to the wrong player";
    case Mistake::kSwap: return "two cards swapped";
    case Mistake::kWrongReturn: return "a wrong return";
    case Mistake::kWrongFigure: return "a wrong figure";
    case Mistake::kMissingCard: return "a missing card";
    case Mistake::kExtraCard: return "an extra card";
    case Mistake::kWrongDealer: return "a wrong dealer";
  }
  return "";
}

// ------------------------------------------------------------ the mistakes
// Applies mistake `m` to `g` as a scorer would make it at `level`, choosing
// where with `pick`. False when the game has no place for it at that level.
bool make_mistake(PlayedGame& g, Mistake m, Detail level, std::uint32_t pick) {
  auto nth = [&](std::size_t n) { return static_cast<std::size_t>(pick % std::max<std::size_t>(n, 1)); };
  PlayedHand& h = g.hands[nth(g.hands.size())];
  const bool deal = level == Detail::kFull;
  const bool plays = level == Detail::kFull || level == Detail::kPlays;
  switch (m) {
    case Mistake::kWrongPlayer: {  // a card written under another player
      if (deal) {
        const auto a = nth(3);
        const auto b = (a + 1 + pick / 7 % 2) % 3;
        const Card c = *h.deal[a].begin();
        h.deal[a].erase(c);
        h.deal[b].insert(c);
        return true;
      }
      if (!plays || h.tricks.size() < 2) {
        return false;
      }
      // The card written in the trick of another player's turn: one trick's
      // card moved into another trick.
      auto& t1 = h.tricks[nth(h.tricks.size())];
      auto& t2 = h.tricks[(nth(h.tricks.size()) + 1) % h.tricks.size()];
      std::swap(t1[pick / 3 % t1.size()], t2[pick / 5 % t2.size()]);
      return true;
    }
    case Mistake::kSwap: {  // two cards swapped between players
      if (deal) {
        const auto a = nth(3);
        const auto b = (a + 1) % 3;
        const Card ca = *h.deal[a].begin();
        const Card cb = h.deal[b].highest();
        h.deal[a].erase(ca);
        h.deal[b].erase(cb);
        h.deal[a].insert(cb);
        h.deal[b].insert(ca);
        return true;
      }
      if (!plays || h.tricks.empty()) {
        return false;
      }
      auto& t = h.tricks[nth(h.tricks.size())];
      const std::size_t i = pick / 3 % t.size();
      std::swap(t[i], t[(i + 1) % t.size()]);
      return true;
    }
    case Mistake::kWrongReturn: {
      if (level == Detail::kSheet) {
        return false;
      }
      for (auto& hand : g.hands) {
        for (auto& p : hand.plucks) {
          if (p.gets) {
            // Another card of the deck, not the one given.
            std::vector<Card> others;
            for (int s = 0; s < 3; ++s) {
              for (Card c : hand.deal[static_cast<std::size_t>(s)]) {
                if (c != *p.gets && c != p.gives) {
                  others.push_back(c);
                }
              }
            }
            if (!others.empty()) {
              p.gets = others[nth(others.size())];
              return true;
            }
          }
        }
      }
      return false;
    }
    case Mistake::kWrongFigure: {
      const auto s = nth(3);
      if (pick / 3 % 2 == 0) {
        h.taken[s] += 1;
      } else {
        h.score[s] += 1;
      }
      return true;
    }
    case Mistake::kMissingCard:
    case Mistake::kExtraCard: {
      const bool missing = m == Mistake::kMissingCard;
      if (plays && !h.tricks.empty() && (!deal || pick / 3 % 2 == 0)) {
        auto& t = h.tricks[nth(h.tricks.size())];
        if (missing) {
          t.erase(t.begin() + static_cast<std::ptrdiff_t>(pick / 5 % t.size()));
        } else {
          t.push_back(h.tricks[(nth(h.tricks.size()) + 1) % h.tricks.size()].front());
        }
        return true;
      }
      if (!deal) {
        return false;
      }
      const auto a = nth(3);
      if (missing) {
        h.deal[a].erase(*h.deal[a].begin());
      } else {
        h.deal[a].insert(*h.deal[(a + 1) % 3].begin());
      }
      return true;
    }
    case Mistake::kWrongDealer: {
      if (g.hands.size() < 2) {
        return false;
      }
      PlayedHand& later = g.hands[1 + nth(g.hands.size() - 1)];
      later.dealer = (later.dealer + 1 + static_cast<int>(pick / 7 % 2)) % 3;
      return true;
    }
  }
  return false;
}

// -------------------------------------------------------------- the oracle
// Whether some legal game of `r` is what `g` records at `level`: every card
// of the deal dealt once, each pluck owed and in turn, the card given one
// the rules allow and the card given back the one they require, every play
// legal, and the figures the game's own.
class Oracle {
 public:
  explicit Oracle(const Ruleset& r) : r_(r) {}

  bool legal(const PlayedGame& g, Detail level) const {
    GameState game = start_game(r_);
    int prev = -1;
    for (std::size_t i = 0; i < g.hands.size(); ++i) {
      const PlayedHand& h = g.hands[i];
      if (prev >= 0 && h.dealer != next_dealer(game, prev)) {
        return false;
      }
      HandState m;
      start_hand(m, game, static_cast<int>(i) + 1, h.dealer);
      std::array<int, kMaxPlayers> taken{};
      if (level == Detail::kSheet) {
        if (!sheet_taken(h, taken)) {
          return false;
        }
      } else {
        // Any deal the level leaves open that makes the hand legal.
        bool found = false;
        for (const Dealt& d : level == Detail::kFull ? std::vector<Dealt>{Dealt{h.deal, h.kitty, h.discard}}
                                                     : deals_from_plays(h)) {
          HandState tried = m;
          if (hand_legal(h, d, tried, level != Detail::kFull) && figures_match(h, tried, taken)) {
            m = tried;
            found = true;
            break;
          }
        }
        if (!found) {
          return false;
        }
      }
      count_hand(game, tally(m, taken));
      for (int s = 0; s < 3; ++s) {
        if (h.score[static_cast<std::size_t>(s)] != game.score[static_cast<std::size_t>(s)]) {
          return false;
        }
      }
      prev = h.dealer;
    }
    return true;
  }

 private:
  struct Dealt {
    std::array<CardSet, kMaxPlayers> hands{};
    CardSet kitty;
    CardSet discard;
  };

  // A score sheet: the tricks taken add up to the hand's, none below zero.
  bool sheet_taken(const PlayedHand& h, std::array<int, kMaxPlayers>& taken) const {
    int sum = 0;
    for (int s = 0; s < 3; ++s) {
      const int t = h.taken[static_cast<std::size_t>(s)];
      if (t < 0) {
        return false;
      }
      taken[static_cast<std::size_t>(s)] = t;
      sum += t;
    }
    return sum == r_.hand_size;
  }

  bool figures_match(const PlayedHand& h, const HandState& m, std::array<int, kMaxPlayers>& taken) const {
    taken = tricks_counted(m);
    for (int s = 0; s < 3; ++s) {
      if (h.taken[static_cast<std::size_t>(s)] != taken[static_cast<std::size_t>(s)]) {
        return false;
      }
    }
    return true;
  }

  // The trick's winner among its cards (the highest trump, else the
  // highest card of the suit led), worked out here from the cards alone.
  static std::size_t winner(const std::vector<Card>& t, Suit trump) {
    std::size_t best = 0;
    for (std::size_t i = 1; i < t.size(); ++i) {
      const Card b = t[best];
      const Card c = t[i];
      const bool beats = c.suit() == b.suit() ? c.rank() > b.rank() : c.suit() == trump;
      if (beats) {
        best = i;
      }
    }
    return best;
  }

  // Without the deal: each player's hand at play is the cards they play
  // (each trick from its leader: the first as recorded, or as the rules
  // seat it), worked back through the kitty (any cards of the dealer's, the
  // discard being the cards nobody played) and the plucks to the deal.
  std::vector<Dealt> deals_from_plays(const PlayedHand& h) const {
    if (static_cast<int>(h.tricks.size()) != r_.hand_size) {
      return {};
    }
    std::array<CardSet, kMaxPlayers> hold{};
    int leader = r_.first_lead == FirstLead::kCard ? h.leaders.front()
                                                   : first_leader(r_, h.dealer, hold, false, -1);
    CardSet played;
    for (const auto& t : h.tricks) {
      if (t.size() != 3) {
        return {};
      }
      for (std::size_t k = 0; k < 3; ++k) {
        auto& s = hold[static_cast<std::size_t>((leader + static_cast<int>(k)) % 3)];
        if (played.contains(t[k])) {
          return {};
        }
        s.insert(t[k]);
        played.insert(t[k]);
      }
      leader = (leader + static_cast<int>(winner(t, h.trump))) % 3;
    }
    std::vector<Dealt> out;
    const CardSet discard = r_.deck - played;
    const auto dealer = static_cast<std::size_t>(h.dealer);
    const CardSet pool = hold[dealer] | discard;
    auto add = [&](CardSet kitty) {
      Dealt d{hold, kitty, r_.kitty > 0 ? discard : CardSet()};
      d.hands[dealer] = r_.kitty > 0 ? pool - kitty : hold[dealer];
      for (auto it = h.plucks.rbegin(); it != h.plucks.rend(); ++it) {
        auto& by = d.hands[static_cast<std::size_t>(it->by)];
        auto& from = d.hands[static_cast<std::size_t>(it->from)];
        if (it->gets) {
          if (!by.contains(*it->gets)) {
            return;  // the plucker's card, never played by them
          }
          by.erase(*it->gets);
          from.insert(*it->gets);
        }
        if (!from.contains(it->gives)) {
          return;
        }
        from.erase(it->gives);
        by.insert(it->gives);
      }
      out.push_back(d);
    };
    if (r_.kitty == 0) {
      add(CardSet());
      return out;
    }
    // Every kitty the dealer could have taken: r_.kitty cards of the pool.
    std::vector<Card> cards(pool.begin(), pool.end());
    for (std::uint32_t mask = 0; mask < (1U << cards.size()); ++mask) {
      if (std::popcount(mask) != r_.kitty) {
        continue;
      }
      CardSet kitty;
      for (std::size_t i = 0; i < cards.size(); ++i) {
        if ((mask >> i & 1U) != 0) {
          kitty.insert(cards[i]);
        }
      }
      add(kitty);
    }
    return out;
  }

  // Whether the record's shows are the ones the rules require.
  bool shows_match(const PlayedHand& h, const HandState& m) const {
    for (int by = 0; by < 3; ++by) {
      CardSet shown;
      for (const auto& [to, cards] : h.shows) {
        if (to == by) {
          shown |= cards;
        }
      }
      if (required_shows(m, by) != shown) {
        return false;
      }
    }
    return true;
  }

  // The hand dealt `d` and played as recorded, through the generators.
  bool hand_legal(const PlayedHand& h, const Dealt& d, HandState& m, bool leader_written) const {
    CardSet all = d.kitty;
    if (static_cast<int>(d.kitty.size()) != r_.kitty) {
      return false;
    }
    for (int s = 0; s < 3; ++s) {
      const CardSet& dealt = d.hands[static_cast<std::size_t>(s)];
      if (static_cast<int>(dealt.size()) != r_.hand_size || !(all & dealt).empty()) {
        return false;
      }
      all |= dealt;
    }
    if (all != r_.deck) {
      return false;
    }
    apply_deal(m, d.hands, d.kitty);
    // The plucks: each one a turn the rules give, as the playout takes them.
    std::array<bool, kMaxPlayers> given_up{};
    for (const auto& p : h.plucks) {
      if (check_pluck_turn(m, p.by, p.from)) {
        return false;
      }
      if (!legal_gives(m, p.by, p.from).contains(p.gives) || due_return(m, p.from, p.gives) != p.gets) {
        return false;
      }
      apply_pluck(m, p.by, p.from, p.gives, p.gets);
    }
    if (next_pluck(m, given_up).by >= 0) {
      return false;  // an owed pluck not made
    }
    apply_trump(m, h.trump);
    if (kitty_taker(m) >= 0) {
      const CardSet pool = discard_pool(m) - forbidden_discards(m);
      if (static_cast<int>(d.discard.size()) != r_.kitty_discard || !(d.discard - pool).empty()) {
        return false;
      }
      apply_kitty(m, d.discard);
      if (r_.show_kitty && !shows_match(h, m)) {
        return false;
      }
    }
    start_play(m, first_leader(m, true));
    if (leader_written && r_.first_lead == FirstLead::kCard && h.leaders.front() != m.play.leader) {
      return false;
    }
    for (const auto& t : h.tricks) {
      if (t.size() != 3) {
        return false;
      }
      for (const Card c : t) {
        if (!legal_plays(m.play).contains(c)) {
          return false;
        }
        apply_play(m.play, m.play.to_play(), c);
      }
      finish_trick(m);
    }
    return static_cast<int>(h.tricks.size()) == r_.hand_size;
  }

  const Ruleset& r_;
};

// ------------------------------------------------------------------- the test

struct Found {
  int proven = 0;    // mutated records the oracle finds no legal game for
  int caught = 0;    // of those, with an error from the referee
  int possible = 0;  // mutated records some legal game could be
  int quiet = 0;     // of those, without one
};

class MistakesOf : public ::testing::TestWithParam<std::string> {};

TEST_P(MistakesOf, EveryMistakeARecordProvesIsAnErrorAndNoOtherIs) {
  const std::string path = GetParam() == "pluck" ? tiny_pluck_path() : tiny_nine_five_two_path();
  RulesetCatalog catalog;
  const auto& loaded = catalog.resolve(path);
  ASSERT_TRUE(loaded.ruleset) << (loaded.diagnostics.empty() ? path : loaded.diagnostics[0].message);
  const Ruleset& r = *loaded.ruleset;
  const Oracle oracle(r);
  std::map<std::pair<int, int>, Found> table;
  std::string failures;
  int shown = 0;
  for (std::uint64_t seed = 1; seed <= 12; ++seed) {
    PlayoutOptions po;
    po.seed = seed * 104729 + 7;
    po.first_dealer = static_cast<int>(seed % 3);
    const PlayedGame clean = play_random_game(r, po);
    for (const Detail level : {Detail::kFull, Detail::kPlays, Detail::kSheet}) {
      ASSERT_TRUE(oracle.legal(clean, level)) << "seed " << po.seed << ": the oracle refuses a clean game";
      for (const Mistake m : kMistakes) {
        for (std::uint32_t pick = 0; pick < 3; ++pick) {
          PlayedGame g = clean;
          if (!make_mistake(g, m, level, static_cast<std::uint32_t>(seed * 31 + pick * 11))) {
            continue;
          }
          WriteOptions wo;
          wo.detail = level;
          const std::string yaml = to_yaml(g, r, path, kPlayers, wo);
          const auto games = test::validate_yaml(yaml);
          bool error = false;
          for (const auto& rep : games) {
            error = error || std::any_of(rep.diagnostics.begin(), rep.diagnostics.end(),
                                         [](const Diagnostic& d) { return d.severity == Severity::kError; });
          }
          const bool proven = !oracle.legal(g, level);
          Found& f = table[{static_cast<int>(m), static_cast<int>(level)}];
          (proven ? f.proven : f.possible) += 1;
          (proven ? f.caught : f.quiet) += proven == error ? 1 : 0;
          if (proven != error && shown++ < 6) {
            failures += fmt::format("\n{} at the {} level (seed {}, pick {}): the oracle says {}, the referee {}\n{}{}",
                                    name_of(m), name_of(level), po.seed, pick,
                                    proven ? "proven" : "possible", error ? "errs" : "is clean", yaml,
                                    test::diagnostics_text(games));
          }
        }
      }
    }
  }
  std::string summary;
  for (const auto& [key, f] : table) {
    summary += fmt::format("{} at the {} level: {} proven, {} caught; {} possible, {} clean\n",
                           name_of(static_cast<Mistake>(key.first)), name_of(static_cast<Detail>(key.second)),
                           f.proven, f.caught, f.possible, f.quiet);
  }
  EXPECT_EQ(failures, "") << summary;
  if (std::getenv("TRICKREF_SHOW_TABLE") != nullptr) {
    std::printf("%s", summary.c_str());
  }

}

INSTANTIATE_TEST_SUITE_P(Tiny, MistakesOf, ::testing::Values("pluck", "nine-five-two"),
                         [](const auto& p) { return std::string(p.param == "pluck" ? "pluck" : "nine_five_two"); });

}  // namespace
}  // namespace trickref
