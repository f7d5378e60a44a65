// Conformance suite, run against every built-in ruleset:
// - seeded random legal games referee clean at every level of detail, in
//   YAML and in JSON;
// - in every state reached, check_play and plays_clean accept exactly the
//   cards of legal_plays (the legality oracle), and, where a hand has an
//   auction and a bidder's discard, check_call and check_discard accept exactly the
//   calls of legal_calls and the cards the taker may discard;
// - invariants: every card of the deck dealt once and played once a hand,
//   tricks add up to the hand size, the quotas add up to the tricks.
#include <algorithm>
#include <numeric>
#include <random>

#include <gtest/gtest.h>

#include "engine/hand.h"
#include "engine/playout.h"
#include "referee/referee.h"
#include "ruleset/ruleset_loader.h"
#include "support/test_support.h"
#include "transcript/writer.h"

namespace trickref {
namespace {

std::vector<std::string> all_builtins() { return RulesetCatalog().builtin_names(); }

class Conformance : public ::testing::TestWithParam<std::string> {
 protected:
  std::shared_ptr<const Ruleset> rules = test::builtin(GetParam());
  const std::vector<std::string> all_players = {"Ann", "Bob", "Cat", "Dan", "Eve"};
  const std::vector<std::string> players{all_players.begin(), all_players.begin() + rules->players};
};

TEST_P(Conformance, RulesetNumbersAddUp) {
  EXPECT_EQ(rules->hand_size * rules->players + rules->kitty, rules->deck.size());
  if (rules->has_quotas()) {
    EXPECT_EQ(std::accumulate(rules->quotas.begin(), rules->quotas.end(), 0), rules->tricks_per_hand());
  }
}

TEST_P(Conformance, RandomLegalGamesRefereeCleanAtEveryLevel) {
  if (const auto missing = unrefereed(*rules)) {
    // Not refereed yet: the game gets one `ruleset` error that says so, and nothing else.
    PlayoutOptions po;
    const std::string yaml = to_yaml(play_random_game(*rules, po), *rules, GetParam(), players, WriteOptions{});
    const auto games = test::validate_yaml(yaml);
    ASSERT_EQ(games.size(), 1U);
    const auto codes = test::codes(games[0]);
    EXPECT_EQ(std::count(codes.begin(), codes.end(), "ruleset"), 1);
    EXPECT_NE(test::diagnostics_text(games).find(std::string(*missing) + ", which the referee does not read"),
              std::string::npos)
        << test::diagnostics_text(games);
    return;
  }
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    PlayoutOptions po;
    po.seed = seed * 7919 + 13;
    po.first_dealer = static_cast<int>(seed % 3);
    const PlayedGame game = play_random_game(*rules, po);
    ASSERT_FALSE(game.hands.empty());
    for (Detail d : {Detail::kSheet, Detail::kExchange, Detail::kPlays, Detail::kFull}) {
      WriteOptions wo;
      wo.detail = d;
      const std::string yaml = to_yaml(game, *rules, GetParam(), players, wo);
      const auto from_yaml = test::validate_yaml(yaml);
      ASSERT_EQ(from_yaml.size(), 1U);
      EXPECT_EQ(test::diagnostics_text(from_yaml), "") << "seed " << po.seed << ", detail "
                                                       << static_cast<int>(d) << "\n" << yaml;
      ASSERT_TRUE(from_yaml[0].result);
      // The referee's figures are the game's own.
      const auto& hands = from_yaml[0].result->hands;
      ASSERT_EQ(hands.size(), game.hands.size());
      for (std::size_t h = 0; h < hands.size(); ++h) {
        const PlayedHand& played = game.hands[h];
        if (hands[h].auction) {
          // The contract, the partner and the points are the game's own; a
          // hand everyone passed has none of them (call-deuces.md §4).
          EXPECT_EQ(hands[h].void_hand, played.bidder < 0);
          if (played.bidder < 0) {
            EXPECT_FALSE(hands[h].taken);
            EXPECT_FALSE(hands[h].points);
            EXPECT_FALSE(hands[h].partner);
            EXPECT_FALSE(hands[h].made);
          } else {
            EXPECT_EQ(hands[h].bidder, played.bidder);
            EXPECT_EQ(hands[h].bid, played.bid);
            EXPECT_EQ(hands[h].partner, played.partner);
            ASSERT_TRUE(hands[h].points);
            EXPECT_EQ(*hands[h].points, played.points);
            EXPECT_EQ(std::accumulate(played.points.begin(), played.points.end(), 0),
                      rules->hand_size * rules->per_trick + 20)
                << "a hand's points total 33 (30 with five players): the tricks and the four fives";
          }
        }
        if (hands[h].courts) {
          // Tricks per side, as many as the hand had (court-piece.md §3.3).
          ASSERT_TRUE(hands[h].side_taken);
          const auto& sides = from_yaml[0].result->sides;
          ASSERT_EQ(sides.size(), hands[h].side_taken->size());
          for (std::size_t k = 0; k < sides.size(); ++k) {
            int won = 0;
            for (int seat : sides[k]) {
              won += played.taken[static_cast<std::size_t>(seat)];
            }
            EXPECT_EQ((*hands[h].side_taken)[k], won);
          }
          EXPECT_EQ(hands[h].tricks_played, played.tricks_played);
        } else if (!hands[h].void_hand) {
          ASSERT_TRUE(hands[h].taken);
          EXPECT_EQ(*hands[h].taken, played.taken);
        }
        ASSERT_TRUE(hands[h].score);
        EXPECT_EQ(*hands[h].score, played.score);
      }
      EXPECT_EQ(from_yaml[0].result->outcome.finished, game.finished);
      EXPECT_EQ(from_yaml[0].result->outcome.winners, game.winners);
      // The same game as JSON referees the same.
      const auto from_json = test::validate_yaml(to_json(game, *rules, GetParam(), players, wo).dump(), "t.json");
      EXPECT_EQ(test::diagnostics_text(from_json), "");
      EXPECT_EQ(from_json[0].result->outcome.winners, game.winners);
    }
  }
}

// The cards each seat held when play began: every card of the hand's
// tricks, given to the seat that played it.
std::array<CardSet, kMaxPlayers> held_at_first_lead(const PlayedHand& h, int players) {
  std::array<CardSet, kMaxPlayers> start{};
  for (std::size_t t = 0; t < h.tricks.size(); ++t) {
    for (std::size_t i = 0; i < h.tricks[t].size(); ++i) {
      start[static_cast<std::size_t>((h.leaders[t] + static_cast<int>(i)) % players)].insert(h.tricks[t][i]);
    }
  }
  return start;
}

TEST_P(Conformance, CheckPlayAgreesWithLegalPlaysInEveryReachedState) {
  std::mt19937_64 rng(99);
  long states = 0;
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    PlayoutOptions po;
    po.seed = seed;
    const PlayedGame game = play_random_game(*rules, po);
    for (const auto& h : game.hands) {
      if (h.tricks.empty()) {
        EXPECT_EQ(h.bidder, -1) << "only a hand everyone passed plays no trick";
        ASSERT_FALSE(h.bids.empty());
        continue;
      }
      // Replay the hand from the hands held at the start of play.
      const std::array<CardSet, kMaxPlayers> start = held_at_first_lead(h, rules->players);
      PlayState s = start_play(*rules, h.trump, start, h.leaders[0]);
      for (std::size_t t = 0; t < h.tricks.size(); ++t) {
        ASSERT_EQ(s.leader, h.leaders[t]);
        for (Card played : h.tricks[t]) {
          const CardSet legal = legal_plays(s);
          ASSERT_FALSE(legal.empty());
          for (Card c : rules->deck | CardSet::jokers() | CardSet::of(Card::of(Suit::kHearts, 0))) {
            ASSERT_EQ(!check_play(s, s.to_play(), c), legal.contains(c))
                << "card " << to_string(c) << " trick " << t << " legal " << to_string(legal);
            ASSERT_EQ(plays_clean(s, s.to_play(), c), legal.contains(c))
                << "plays_clean: card " << to_string(c) << " trick " << t << " legal " << to_string(legal);
          }
          ++states;
          apply_play(s, s.to_play(), played);
        }
        finish_trick(s);
      }
      // Every card held at the start was played exactly once; a hand that
      // ended early (an early court, a majority) counts the tricks it had.
      CardSet all;
      int total = 0;
      for (int p = 0; p < rules->players; ++p) {
        all |= start[static_cast<std::size_t>(p)];
        total += start[static_cast<std::size_t>(p)].size();
        EXPECT_TRUE(s.hands[static_cast<std::size_t>(p)].empty());
      }
      const int tricks = static_cast<int>(h.tricks.size());
      EXPECT_LE(tricks, rules->tricks_per_hand());
      EXPECT_EQ(total, tricks * rules->players);
      EXPECT_EQ(all, s.played);
      EXPECT_EQ(std::accumulate(h.taken.begin(), h.taken.end(), 0), tricks);
      // The deal used every card of the deck once.
      CardSet dealt = h.kitty;
      int dealt_count = h.kitty.size();
      for (int p = 0; p < rules->players; ++p) {
        dealt |= h.deal[static_cast<std::size_t>(p)];
        dealt_count += h.deal[static_cast<std::size_t>(p)].size();
      }
      EXPECT_EQ(dealt, rules->deck);
      EXPECT_EQ(dealt_count, rules->deck.size());
    }
  }
  EXPECT_GT(states, 100);
}

// Walks hands of the ruleset through the machine (run_hand) with random
// legal choices, checking at every call that check_call accepts exactly the
// calls legal_calls offers (every call from pass and min - 2 to max + 2),
// and at the discard that check_discard accepts exactly the cards of the
// pool the rules do not forbid.
struct OracleWalk {
  std::mt19937_64 rng;
  long calls = 0;
  long discards = 0;

  void deal(HandState& h) {
    std::vector<Card> deck(h.rules->deck.begin(), h.rules->deck.end());
    std::shuffle(deck.begin(), deck.end(), rng);
    std::array<CardSet, kMaxPlayers> hands{};
    std::size_t k = 0;
    for (int p = 0; p < h.players; ++p) {
      for (int i = 0; i < h.rules->hand_size; ++i) {
        hands[static_cast<std::size_t>(p)].insert(deck[k++]);
      }
    }
    CardSet kitty;
    for (; k < deck.size(); ++k) {
      kitty.insert(deck[k]);
    }
    apply_deal(h, hands, kitty);
  }
  void auction(HandState& h) {
    const Bidding& b = h.rules->bidding;
    while (!h.auction.over()) {
      const int seat = h.auction.turn;
      const CallOptions legal = legal_calls(h);
      std::vector<std::optional<int>> ok;
      std::vector<Violation> v;
      for (int bid = b.min - 2; bid <= b.max + 2; ++bid) {
        v.clear();
        check_call(h, seat, bid, v);
        const bool allowed = bid >= legal.lo && bid <= legal.hi;
        EXPECT_EQ(v.empty(), allowed) << "bid " << bid << " by seat " << seat;
        if (allowed) {
          ok.emplace_back(bid);
        }
        ++calls;
      }
      v.clear();
      check_call(h, seat, std::nullopt, v);
      EXPECT_EQ(v.empty(), legal.pass) << "pass by seat " << seat;
      if (legal.pass) {
        ok.emplace_back(std::nullopt);
        ok.emplace_back(std::nullopt);  // passes as likely as bids, so auctions end
        ok.emplace_back(std::nullopt);
      }
      ASSERT_FALSE(ok.empty());
      apply_call(h, seat, ok[std::uniform_int_distribution<std::size_t>(0, ok.size() - 1)(rng)]);
    }
  }
  void exchange(HandState&) {}
  void kitty(HandState& h) { take_kitty(h); }
  void trump(HandState& h) { apply_trump(h, static_cast<Suit>(std::uniform_int_distribution<int>(0, 3)(rng))); }
  void deal_rest(HandState&) {}
  void discard(HandState& h) {
    const CardSet pool = discard_pool(h);
    const CardSet allowed = pool - forbidden_discards(h);
    for (Card c : h.rules->deck) {
      EXPECT_EQ(!check_discard(h, c).has_value(), allowed.contains(c)) << to_string(c);
      ++discards;
    }
    EXPECT_FALSE(check_discard_count(h, h.rules->kitty_discard));
    EXPECT_TRUE(check_discard_count(h, h.rules->kitty_discard + 1));
    std::vector<Card> cards(allowed.begin(), allowed.end());
    std::shuffle(cards.begin(), cards.end(), rng);
    CardSet chosen;
    for (int i = 0; i < h.rules->kitty_discard && i < static_cast<int>(cards.size()); ++i) {
      chosen.insert(cards[static_cast<std::size_t>(i)]);
    }
    apply_kitty(h, chosen);
  }
  void play(HandState&) {}
  void count(HandState&) {}
};

// The built-in rulesets whose hands have an auction.
std::vector<std::string> auction_builtins() {
  std::vector<std::string> out;
  for (const auto& name : all_builtins()) {
    if (hand_phases(*test::builtin(name)).has(Phase::kAuction)) {
      out.push_back(name);
    }
  }
  return out;
}

class AuctionConformance : public Conformance {};

TEST_P(AuctionConformance, CheckCallAndCheckDiscardAgreeWithTheLegalOnesInEveryReachedState) {
  OracleWalk walk{std::mt19937_64(7)};
  const GameState g = start_game(*rules);
  HandState h;
  for (int hand = 1; hand <= 200; ++hand) {
    start_hand(h, g, hand, hand % rules->players);
    run_hand(h, walk);
  }
  EXPECT_GT(walk.calls, 10000);
  EXPECT_GT(walk.discards, 5000);
}

INSTANTIATE_TEST_SUITE_P(Builtins, Conformance, ::testing::ValuesIn(all_builtins()),
                         [](const ::testing::TestParamInfo<std::string>& param) {
                           std::string name = param.param;
                           for (char& ch : name) {
                             if (ch == '-') {
                               ch = '_';
                             }
                           }
                           return name;
                         });

INSTANTIATE_TEST_SUITE_P(Builtins, AuctionConformance, ::testing::ValuesIn(auction_builtins()),
                         [](const ::testing::TestParamInfo<std::string>& param) {
                           std::string n = param.param;
                           std::replace(n.begin(), n.end(), '-', '_');
                           return n;
                         });

}  // namespace
}  // namespace trickref
