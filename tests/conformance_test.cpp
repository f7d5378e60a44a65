// Conformance suite, run against every built-in ruleset:
// - seeded random legal games referee clean at every level of detail, in
//   YAML and in JSON;
// - in every state reached, check_play accepts exactly the cards of
//   legal_plays (the legality oracle);
// - invariants: every card of the deck dealt once and played once a hand,
//   tricks add up to the hand size, the quotas add up to the tricks.
#include <algorithm>
#include <numeric>

#include <gtest/gtest.h>

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
        if (!hands[h].void_hand) {
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
      std::array<CardSet, kMaxPlayers> start{};
      for (std::size_t t = 0; t < h.tricks.size(); ++t) {
        for (std::size_t i = 0; i < h.tricks[t].size(); ++i) {
          start[static_cast<std::size_t>((h.leaders[t] + static_cast<int>(i)) % rules->players)].insert(h.tricks[t][i]);
        }
      }
      PlayState s = start_play(*rules, h.trump, start, h.leaders[0]);
      for (std::size_t t = 0; t < h.tricks.size(); ++t) {
        ASSERT_EQ(s.leader, h.leaders[t]);
        for (Card played : h.tricks[t]) {
          const CardSet legal = legal_plays(s);
          ASSERT_FALSE(legal.empty());
          for (Card c : rules->deck | CardSet::jokers() | CardSet::of(Card::of(Suit::kHearts, 0))) {
            ASSERT_EQ(!check_play(s, s.to_play(), c), legal.contains(c))
                << "card " << to_string(c) << " trick " << t << " legal " << to_string(legal);
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

}  // namespace
}  // namespace trickref
