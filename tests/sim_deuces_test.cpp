// simulate under Call Deuces (call-deuces.md): the random bots' calls and
// picks, the heuristic bot's discard and its play for or against the
// contract (scenarios built card by card), what each seat knows of the sides,
// every choice among the machine's legal options, the contract statistics and
// their clustered intervals against hand computations, the transcripts
// written at each level of detail (written and refereed back, and the same
// output whatever --jobs is: sim_round_trip_test.cpp), and the figures the
// bots' page quotes (seeded, so exact).
#include <algorithm>
#include <array>
#include <map>
#include <filesystem>
#include <fstream>
#include <numeric>
#include <sstream>

#include <unistd.h>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "engine/hand.h"
#include "engine/play.h"
#include "engine/playout.h"
#include "sim/bots.h"
#include "sim/render.h"
#include "sim/simulate.h"
#include "sim/stats.h"
#include "support/test_support.h"
#include "transcript/writer.h"

namespace trickref {
namespace {

using test::c;
using test::cards;

// --- random -----------------------------------------------------------------

// A random seat's call: a pass or the lowest legal bid, with equal chance; the
// lowest bid where it may not pass; a pass when no bid is left. The engine
// draws for bare random seats itself (random_call); a random bot asked
// directly (SeatPolicy::call) answers the same from the same numbers.
TEST(DeucesRandom, CallsPassOrTheLowestBidWithEqualChance) {
  PlayoutRng rng(2026);
  PlayoutRng same(2026);
  const auto bot = sim::make_bot("random");
  HandView v;
  int passes = 0;
  constexpr int kCalls = 20000;
  for (int i = 0; i < kCalls; ++i) {
    const int lo = 15 + i % 19;
    const int call = random_call(true, lo, 33, rng);
    ASSERT_TRUE(call == 0 || call == lo) << call;
    passes += call == 0 ? 1 : 0;
    ASSERT_EQ(bot->call(v, true, lo, 33, same), call);
  }
  // 20,000 fair coin flips: 10,000 ± 1.96 · 70.7 at 95%; this seed gives a count within.
  EXPECT_GE(passes, 9800);
  EXPECT_LE(passes, 10200);
  EXPECT_EQ(random_call(false, 21, 33, rng), 21) << "may not pass: the lowest bid";
  EXPECT_EQ(random_call(true, 34, 33, rng), 0) << "no bid left: a pass";
}

// Discards and plays: uniform over the options given (the machine's legal lists).
TEST(DeucesRandom, DiscardsAndPlaysAreUniformOverTheOptions) {
  const auto bot = sim::make_bot("random");
  const auto rules = test::builtin("call-deuces");
  HandView v;
  v.rules = rules.get();
  PlayoutRng rng(7);
  const CardSet options = cards({"5C", "KD", "2H", "9S", "BJ"});
  std::map<int, int> discards;
  std::map<int, int> plays;
  const PlayState s = start_play(*rules, Suit::kSpades, {}, 0);
  constexpr int kDraws = 50000;
  for (int i = 0; i < kDraws; ++i) {
    const Card d = bot->discard(v, Suit::kSpades, options, rng);
    const Card p = bot->play(v, s, options, rng);
    ASSERT_TRUE(options.contains(d));
    ASSERT_TRUE(options.contains(p));
    ++discards[d.index()];
    ++plays[p.index()];
  }
  for (Card o : options) {
    // 10,000 expected each; ± 3% is over 3.5 standard deviations.
    EXPECT_NEAR(discards[o.index()], kDraws / 5, 300) << to_string(o);
    EXPECT_NEAR(plays[o.index()], kDraws / 5, 300) << to_string(o);
  }
}

// --- the heuristic's discard -------------------------------------------------

// The bidder's 15 cards after taking the kitty, spades trump.
HandView bidder_view(const Ruleset& r, CardSet hand) {
  HandView v;
  v.rules = &r;
  v.seat = 0;
  v.bidder = 0;
  v.bid = 18;
  v.hand = hand;
  return v;
}

TEST(DeucesHeuristic, DiscardsFivesForTheBidderThenVoidsAShortSuit) {
  const auto rules = test::builtin("call-deuces");
  sim::HeuristicBot bot;
  PlayoutRng rng(1);
  const CardSet hand =
      cards({"BJ", "AS", "KS", "9S", "4S", "AH", "KH", "QH", "5H", "3H", "5D", "7D", "8C", "6C", "2C"});
  HandView v = bidder_view(*rules, hand);
  // The fives' points are the bidder's once laid away (scoring.discard_to: bidder).
  const Card first = bot.discard(v, Suit::kSpades, hand, rng);
  EXPECT_EQ(first, c("5D"));
  v.hand.erase(first);
  v.discard.insert(first);
  EXPECT_EQ(bot.discard(v, Suit::kSpades, v.hand, rng), c("5H"));
  // Where the discard's points are lost, the fives are kept: the short
  // diamonds go (a void), then the lowest club; trumps, aces and kings stay.
  Ruleset lost = *rules;
  lost.discard_to = DiscardTo::kNobody;
  HandView w = bidder_view(lost, hand);
  const Card one = bot.discard(w, Suit::kSpades, hand, rng);
  EXPECT_EQ(one, c("7D"));
  w.hand.erase(one);
  EXPECT_EQ(bot.discard(w, Suit::kSpades, w.hand, rng), c("2C"));
  // Only trumps and high cards left to choose from: the lowest trump goes last of all.
  EXPECT_EQ(bot.discard(v, Suit::kSpades, cards({"BJ", "4S", "AH", "KH"}), rng), c("KH"));
  EXPECT_EQ(bot.discard(v, Suit::kSpades, cards({"BJ", "4S", "AS"}), rng), c("4S"));
}

// The driver offers the bots only what the machine lets go
// (discard_pool less forbidden_discards): under kitty.discard_forbid no bot
// lays away a counting card, a trump or a joker.
TEST(DeucesHeuristic, ForbiddenDiscardsAreNeverMade) {
  const auto builtin = test::builtin("call-deuces");
  for (const int which : {0, 1, 2}) {
    Ruleset r = *builtin;
    r.discard_forbid.points = which == 0;
    r.discard_forbid.trumps = which == 1;
    r.discard_forbid.jokers = which == 2;
    for (const char* bot : {"heuristic", "random"}) {
      std::vector<std::unique_ptr<SeatPolicy>> owned;
      std::vector<SeatPolicy*> seats;
      for (int s = 0; s < r.players; ++s) {
        owned.push_back(sim::make_bot(bot));
        seats.push_back(owned.back().get());
      }
      int discards = 0;
      for (std::uint64_t seed = 1; seed <= 10; ++seed) {
        PlayoutOptions po;
        po.seed = seed;
        po.max_hands = 30;
        for (const PlayedHand& h : play_game(r, seats, po).hands) {
          if (h.bidder < 0) {
            continue;
          }
          ++discards;
          for (Card d : h.discard) {
            EXPECT_FALSE(which == 0 && r.card_points[static_cast<std::size_t>(d.index())] > 0) << to_string(d);
            EXPECT_FALSE(which == 1 && trump_mask(h.trump).contains(d)) << to_string(d);
            EXPECT_FALSE(which == 2 && d.is_joker()) << to_string(d);
          }
        }
      }
      EXPECT_GT(discards, 50) << bot;
    }
  }
}

// --- the heuristic's play ------------------------------------------------------

// A trick in progress under call-deuces, spades trump: Ann (seat 0) bid;
// `hands` are what each seat holds now, `plays` the trick so far from `leader`.
struct DeucesTrick {
  std::shared_ptr<const Ruleset> rules = test::builtin("call-deuces");
  PlayState s;
  DeucesTrick(const std::array<CardSet, kMaxPlayers>& hands, int leader, std::initializer_list<const char*> plays) {
    s = start_play(*rules, Suit::kSpades, hands, leader);
    for (const char* p : plays) {
      apply_play(s, s.to_play(), c(p));
    }
  }
  // What the heuristic bot due to play plays, the partner card (2S) having
  // been played by `shown` (-1: not yet).
  Card heuristic(int shown = -1) const {
    HandView v;
    v.rules = rules.get();
    v.seat = s.to_play();
    v.hand = s.hands[static_cast<std::size_t>(v.seat)];
    v.bidder = 0;
    v.bid = 18;
    v.partner_card = c("2S");
    v.partner_shown = shown;
    sim::HeuristicBot bot;
    PlayoutRng rng(1);
    const CardSet legal = legal_plays(s);
    const Card card = bot.play(v, s, legal, rng);
    EXPECT_TRUE(legal.contains(card)) << to_string(card);
    return card;
  }
};

// Cat holds the two of trump, so she knows she partners Ann. Ann's KH wins;
// Dan is still to play and could ruff. Cat does not overtake with AH, and
// keeps 5H off a trick that is not safe. Holding no 2S (a defender), Cat
// takes the trick with AH: Bob's 5D lies on it.
TEST(DeucesHeuristic, APartnerDoesNotOvertakeTheBidder) {
  const CardSet cat = cards({"AH", "5H", "4H", "9C"});
  const std::array<CardSet, kMaxPlayers> partner{cards({"KH", "AC"}), cards({"5D", "7C"}), cat | cards({"2S"}),
                                                 cards({"6H", "AS"})};
  EXPECT_EQ(DeucesTrick(partner, 0, {"KH", "5D"}).heuristic(), c("4H"));
  const std::array<CardSet, kMaxPlayers> defender{cards({"KH", "AC"}), cards({"5D", "7C"}), cat | cards({"3S"}),
                                                  cards({"6H", "2S"})};
  EXPECT_EQ(DeucesTrick(defender, 0, {"KH", "5D"}).heuristic(), c("AH"));
  // With no points on the trick, the defender ducks low and keeps its five.
  EXPECT_EQ(DeucesTrick(defender, 0, {"KH", "7C"}).heuristic(), c("4H"));
}

// Cat, last to play, partners Ann, whose AH wins: a trick nobody can take
// from them gets her five. A defender in her place keeps it.
TEST(DeucesHeuristic, FivesGoOnTricksTheSideIsSureToWin) {
  const std::array<CardSet, kMaxPlayers> partner{cards({"AH", "AC"}), cards({"4H", "7C"}),
                                                 cards({"KH", "6H", "5H", "2S"}), cards({"3H", "9S"})};
  EXPECT_EQ(DeucesTrick(partner, 3, {"3H", "AH", "4H"}).heuristic(), c("5H"));
  const std::array<CardSet, kMaxPlayers> defender{cards({"AH", "AC"}), cards({"4H", "7C"}),
                                                  cards({"KH", "6H", "5H", "3S"}), cards({"3H", "2S"})};
  EXPECT_EQ(DeucesTrick(defender, 3, {"3H", "AH", "4H"}).heuristic(), c("6H"));
}

// Dan, a defender, last to play: Bob's AH wins. Once Cat has played the two
// of trump, Dan knows Bob is on his side and gives him the five; before
// that, Bob could be the partner, and Dan keeps it.
TEST(DeucesHeuristic, DefendersLearnTheSidesWhenThePartnerCardIsPlayed) {
  const std::array<CardSet, kMaxPlayers> hands{cards({"4H", "AC"}), cards({"AH", "7C"}), cards({"3H", "9C"}),
                                               cards({"6H", "5H", "QS"})};
  EXPECT_EQ(DeucesTrick(hands, 0, {"4H", "AH", "3H"}).heuristic(2), c("5H"));
  EXPECT_EQ(DeucesTrick(hands, 0, {"4H", "AH", "3H"}).heuristic(-1), c("6H"));
  // Ann played the two herself (solo): everyone else is on one side.
  EXPECT_EQ(DeucesTrick(hands, 0, {"4H", "AH", "3H"}).heuristic(0), c("5H"));
}

// Leading: a side-suit winner nobody can beat comes first; with none, the
// bidding side draws trumps with a trump nobody can beat, while a defender
// leads low, keeping its five.
TEST(DeucesHeuristic, LeadsSureWinnersAndTheBiddingSideDrawsTrumps) {
  // Every heart above the ten is out of play but Ann's: her 10H cannot be beaten in hearts.
  std::array<CardSet, kMaxPlayers> hands{cards({"10H", "BJ", "5C", "3C"}), cards({"4C"}), cards({"7D"}),
                                         cards({"8D"})};
  DeucesTrick t(hands, 0, {});
  t.s.played = cards({"AH", "KH", "QH", "JH"});
  EXPECT_EQ(t.heuristic(), c("10H"));
  hands[0] = cards({"BJ", "5C", "3C", "9D", "6D"});
  EXPECT_EQ(DeucesTrick(hands, 0, {}).heuristic(), c("BJ")) << "the bidder draws trumps";
  hands[1] = cards({"BJ", "5C", "3C", "9D", "6D"});
  hands[0] = cards({"4C"});
  EXPECT_EQ(DeucesTrick(hands, 1, {}).heuristic(), c("3C")) << "a defender leads low from a short suit";
}

// What every heuristic seat was shown of the partner card in play is what
// the table saw: nobody before it was played, its player after.
class PartnerSpy final : public SeatPolicy {
 public:
  PartnerSpy(std::unique_ptr<SeatPolicy> inner, int& holder) : holder_(holder), inner_(std::move(inner)) {}
  Card give(const HandView& v, int pluckee, CardSet options, PlayoutRng& rng) override {
    return inner_->give(v, pluckee, options, rng);
  }
  Suit name_trump(const HandView& v, PlayoutRng& rng) override { return inner_->name_trump(v, rng); }
  int call(const HandView& v, bool may_pass, int lo, int hi, PlayoutRng& rng) override {
    const int bid = inner_->call(v, may_pass, lo, hi, rng);
    bad += (bid == 0 && !may_pass) || (bid != 0 && (bid < lo || bid > hi)) ? 1 : 0;
    ++calls;
    return bid;
  }
  Card discard(const HandView& v, Suit trump, CardSet options, PlayoutRng& rng) override {
    const Card d = inner_->discard(v, trump, options, rng);
    bad += options.contains(d) && v.seat == v.bidder ? 0 : 1;
    return d;
  }
  Card play(const HandView& v, const PlayState& s, CardSet legal, PlayoutRng& rng) override {
    bad += legal == legal_plays(s) ? 0 : 1;
    const Card card = *v.partner_card;
    const bool played = s.played.contains(card);
    shown_wrong += played == (v.partner_shown >= 0) ? 0 : 1;
    if (!played && v.hand.contains(card)) {
      holder_ = v.seat;  // the seat that will play it (shared by the table's spies)
    }
    if (played && v.partner_shown != holder_) {
      ++shown_wrong;
    }
    const Card out = inner_->play(v, s, legal, rng);
    bad += legal.contains(out) ? 0 : 1;
    ++plays;
    return out;
  }
  int bad = 0;
  int shown_wrong = 0;
  int calls = 0;
  int plays = 0;

 private:
  int& holder_;
  std::unique_ptr<SeatPolicy> inner_;
};

TEST(DeucesHeuristic, EveryChoiceIsLegalAndThePartnerCardIsSeenWhenPlayed) {
  for (const std::string name : {"call-deuces", "call-deuces-5"}) {
    const auto rules = test::builtin(name);
    for (const char* bot : {"heuristic", "random"}) {
      std::vector<std::unique_ptr<PartnerSpy>> owned;
      std::vector<SeatPolicy*> seats;
      int holder = -1;
      for (int s = 0; s < rules->players; ++s) {
        owned.push_back(std::make_unique<PartnerSpy>(sim::make_bot(bot), holder));
        seats.push_back(owned.back().get());
      }
      for (std::uint64_t seed = 1; seed <= 4; ++seed) {
        PlayoutOptions po;
        po.seed = seed;
        (void)play_game(*rules, seats, po);
      }
      for (const auto& spy : owned) {
        EXPECT_EQ(spy->bad, 0) << name << " " << bot;
        EXPECT_EQ(spy->shown_wrong, 0) << name << " " << bot;
        EXPECT_GT(spy->calls, 20);
        EXPECT_GT(spy->plays, 100);
      }
    }
  }
}

// --- statistics ----------------------------------------------------------------

// Three games of hands: values per game (y) over items (n): 3/4, 1/2, 6/6.
// R = 10/12; residuals y - R n: 3 - 10/3 = -1/3, 1 - 5/3 = -2/3, 6 - 5 = 1;
// their squares sum to 1/9 + 4/9 + 1 = 14/9; v = 3/2 · 14/9 / 144 = 7/432;
// half-width 1.959964 · sqrt(7/432) = 0.2494912.
TEST(DeucesStats, ClusteredIntervalMatchesHandComputation) {
  sim::ClusteredMean m;
  m.add_game(3, 4);
  m.add_game(1, 2);
  m.add_game(6, 6);
  const auto i = m.interval(false);
  EXPECT_NEAR(i.estimate, 10.0 / 12.0, 1e-12);
  EXPECT_NEAR(i.low, 10.0 / 12.0 - 0.2494912, 1e-6);
  EXPECT_NEAR(i.high, 10.0 / 12.0 + 0.2494912, 1e-6);
  EXPECT_EQ(i.n, 12);
  EXPECT_DOUBLE_EQ(m.interval(true).high, 1.0) << "a rate's interval stays within [0, 1]";
  // A game with no items is a cluster with nothing in it: it changes the
  // games' count only (G / (G - 1) = 4/3 instead of 3/2).
  sim::ClusteredMean with_empty = m;
  with_empty.add_game(0, 0);
  EXPECT_NEAR(with_empty.interval(false).high - i.estimate, 1.959964 * std::sqrt(4.0 / 3.0 * 14.0 / 9.0 / 144.0),
              1e-6);
  // Merged in any order, the same figures.
  sim::ClusteredMean a;
  a.add_game(6, 6);
  sim::ClusteredMean b;
  b.add_game(3, 4);
  b.add_game(1, 2);
  a.merge(b);
  EXPECT_EQ(a.interval(false).low, i.low);
  sim::ClusteredMean one;
  one.add_game(5, 2);
  EXPECT_DOUBLE_EQ(one.interval(false).low, 2.5) << "one game: the estimate alone";
  EXPECT_EQ(sim::ClusteredMean().interval(true).n, 0);
}

// The contract figures against the games themselves.
TEST(DeucesStats, ContractFiguresAddUp) {
  const auto rules = test::builtin("call-deuces");
  sim::SimulateOptions o;
  o.seed = 21;
  o.games = 40;
  o.bots = {"heuristic", "random", "random", "random"};
  const auto stats = sim::simulate({{"call-deuces", rules}}, o);
  const auto& s = stats[0];
  ASSERT_TRUE(s.contracts);
  ASSERT_TRUE(s.points);
  std::int64_t hands = 0;
  std::int64_t voids = 0;
  std::int64_t bids = 0;
  std::int64_t made = 0;
  std::int64_t solo = 0;
  std::int64_t solo_made = 0;
  std::int64_t side = 0;
  for (std::int64_t g = 0; g < o.games; ++g) {
    const PlayedGame game = sim::simulate_game(*rules, o.bots, o, g, false);
    for (const auto& h : game.hands) {
      ++hands;
      if (h.bidder < 0) {
        ++voids;
        continue;
      }
      bids += h.bid;
      const int mine = h.points[static_cast<std::size_t>(h.bidder)] +
                       (h.partner < 0 ? 0 : h.points[static_cast<std::size_t>(h.partner)]);
      EXPECT_EQ(h.side_points, mine);
      EXPECT_EQ(h.made, mine >= h.bid);
      made += h.made ? 1 : 0;
      solo += h.partner < 0 ? 1 : 0;
      solo_made += h.partner < 0 && h.made ? 1 : 0;
      side += mine;
    }
  }
  EXPECT_EQ(s.hands, hands);
  EXPECT_EQ(s.all_pass.items(), hands);
  EXPECT_EQ(s.all_pass.sum(), voids);
  EXPECT_EQ(s.all_pass.games(), o.games);
  const std::int64_t contracts = hands - voids;
  EXPECT_EQ(s.winning_bid.items(), contracts);
  EXPECT_EQ(s.winning_bid.sum(), bids);
  EXPECT_EQ(s.made.sum(), made);
  EXPECT_EQ(s.solo.sum(), solo);
  EXPECT_EQ(s.solo_made.items(), solo);
  EXPECT_EQ(s.solo_made.sum(), solo_made);
  EXPECT_EQ(s.bidding_side_points.sum(), side);
  EXPECT_EQ(s.defender_points.sum(), 33 * contracts - side) << "a hand's points total 33";
  EXPECT_EQ(s.tricks[0].items(), contracts) << "a void hand plays no trick";
  EXPECT_EQ(s.unfinished.trials(), o.games);
}

TEST(DeucesStats, ReportRowsInTextJsonAndCsv) {
  const auto text = test::run_cli({"simulate", "--rules", "call-deuces", "--games", "30", "--seed", "3"});
  ASSERT_EQ(text.exit_code, 0) << text.err;
  EXPECT_NE(text.out.find("figures over hands clustered by game (`trickref explain simulate`)\n"),
            std::string::npos)
      << text.out;
  for (const char* row : {"unfinished share", "hands per game", "all passed (hand void)", "winning bid",
                          "contracts made", "solo contracts", "solo contracts made", "points: bidding side",
                          "points: defenders", "wins: seat 4 (heuristic)", "wins: left+2 of first dealer"}) {
    EXPECT_NE(text.out.find(row), std::string::npos) << row;
  }
  const auto json = test::run_cli({"simulate", "--rules", "call-deuces", "--games", "30", "--seed", "3", "--format",
                                   "json"});
  ASSERT_EQ(json.exit_code, 0);
  const auto j = nlohmann::json::parse(json.out);
  EXPECT_EQ(j["intervals"]["contracts"], "clustered by game");
  const auto& r = j["rulesets"][0];
  for (const char* key : {"all_pass", "winning_bid", "made", "solo", "solo_made", "points_bidding_side",
                          "points_defenders"}) {
    ASSERT_TRUE(r["contracts"].contains(key)) << key;
    const auto& cell = r["contracts"][key];
    const double estimate = cell.contains("rate") ? cell["rate"].get<double>() : cell["mean"].get<double>();
    EXPECT_LE(cell["low"].get<double>(), estimate) << key;
    EXPECT_GE(cell["high"].get<double>(), estimate) << key;
  }
  EXPECT_NEAR(r["contracts"]["points_bidding_side"]["mean"].get<double>() +
                  r["contracts"]["points_defenders"]["mean"].get<double>(),
              33.0, 1e-5);
  const auto csv = test::run_cli({"simulate", "--rules", "call-deuces", "--games", "30", "--seed", "3", "--format",
                                  "csv"});
  EXPECT_NE(csv.out.find("\ncall-deuces,contracts.winning_bid,"), std::string::npos) << csv.out;
  // A report of quota games alone has no contract rows.
  const auto pluck = test::run_cli({"simulate", "--rules", "pluck", "--games", "5"});
  EXPECT_EQ(pluck.out.find("winning bid"), std::string::npos);
  EXPECT_NE(pluck.out.find("figures over hands clustered by game (`trickref explain simulate`)\n"), std::string::npos);
}

// --- transcripts -------------------------------------------------------------------

// A seeded game under call-deuces played to 10 (two hands: everyone passed,
// then an auction Bob won at 18, with Cat's two of diamonds, set), written
// at each level of detail: the calls with their callers implied, the
// contract (`none` for the void hand, which has no trump, partner, tricks,
// taken or points), the partner by name, the tricks taken and each player's
// points; at the sheet level the contract, partner, taken, points and score
// only (transcript.md, "Keys for the partnership and auction games").
TEST(DeucesWriter, WritesTheAuctionAndTheContractAtEveryLevel) {
  Ruleset r = *test::builtin("call-deuces");
  r.end_value = 10;
  sim::SimulateOptions o;
  o.seed = 13;
  o.max_hands = 3;
  const PlayedGame game = sim::simulate_game(r, {"heuristic", "random", "random", "random"}, o, 11, true);
  const std::vector<std::string> players = {"Ann", "Bob", "Cat", "Dan"};
  auto yaml = [&](Detail d) {
    WriteOptions wo;
    wo.detail = d;
    return to_yaml(game, r, "call-deuces-10.yaml", players, wo);
  };
  const std::string head = "game: call-deuces-10.yaml\nplayers: [Ann, Bob, Cat, Dan]\nhands:\n";
  const std::string result = "result:\n  winner: Ann\n  score: {Ann: 15, Bob: -18, Cat: -18, Dan: 8}\n";
  EXPECT_EQ(yaml(Detail::kSheet), head +
                                      "  - dealer: Dan\n"
                                      "    contract: none\n"
                                      "    score: {Ann: 0, Bob: 0, Cat: 0, Dan: 0}\n"
                                      "  - dealer: Ann\n"
                                      "    contract: {bidder: Bob, bid: 18}\n"
                                      "    partner: Cat\n"
                                      "    taken: {Ann: 5, Bob: 2, Cat: 3, Dan: 3}\n"
                                      "    points: {Ann: 15, Bob: 7, Cat: 3, Dan: 8}\n"
                                      "    score: {Ann: 15, Bob: -18, Cat: -18, Dan: 8}\n" +
                                      result);
  const std::string auction_void = "    bids: [pass, pass, pass, pass]\n"
                                   "    contract: none\n"
                                   "    score: {Ann: 0, Bob: 0, Cat: 0, Dan: 0}\n";
  const std::string auction = "    bids: [15, 16, 17, pass, 18, pass, pass]\n"
                              "    contract: {bidder: Bob, bid: 18}\n"
                              "    trump: D\n";
  const std::string tricks = "    partner: Cat\n"
                             "    tricks:\n"
                             "      - [4S, 2S, KS, 3S]\n"
                             "      - [8S, 6S, 10S, 5S]\n"
                             "      - [AC, 6C, JC, 2C]\n"
                             "      - [2H, 3H, JH, KH]\n"
                             "      - [4C, 5C, 3C, 10C]\n"
                             "      - [9C, 7C, 8C, KC]\n"
                             "      - [7H, 6H, 10H, 8H]\n"
                             "      - [7S, JS, AS, QH]\n"
                             "      - [AD, 5D, LJ, 9D]\n"
                             "      - [9S, 3D, AH, JD]\n"
                             "      - [4H, 8D, 5H, 9H]\n"
                             "      - [10D, 6D, 2D, 4D]\n"
                             "      - [QD, QC, KD, 7D]\n";
  const std::string totals = "    taken: {Ann: 5, Bob: 2, Cat: 3, Dan: 3}\n"
                             "    points: {Ann: 15, Bob: 7, Cat: 3, Dan: 8}\n"
                             "    score: {Ann: 15, Bob: -18, Cat: -18, Dan: 8}\n";
  EXPECT_EQ(yaml(Detail::kExchange), head + "  - dealer: Dan\n" + auction_void + "  - dealer: Ann\n" + auction +
                                         "    partner: Cat\n" + totals + result);
  EXPECT_EQ(yaml(Detail::kPlays),
            head + "  - dealer: Dan\n" + auction_void + "  - dealer: Ann\n" + auction + tricks + totals + result);
  EXPECT_EQ(yaml(Detail::kFull), head +
                                     "  - dealer: Dan\n"
                                     "    deal:\n"
                                     "      Ann: [BJ, LJ, AS, QS, 2H, 7D, 6D, 2D, QC, 10C, 9C, 6C, 3C]\n"
                                     "      Bob: [10S, 9S, 6S, 3S, 10H, 5H, 3H, 8D, 3D, AC, JC, 4C, 2C]\n"
                                     "      Cat: [KS, JS, 4S, QH, JH, 9H, 8H, 6H, QD, 10D, 9D, KC, 7C]\n"
                                     "      Dan: [7S, 5S, 2S, AH, KH, 7H, 4H, KD, JD, 5D, 4D, 8C, 5C]\n"
                                     "    kitty: [8S, AD]\n" +
                                     auction_void +
                                     "  - dealer: Ann\n"
                                     "    deal:\n"
                                     "      Ann: [LJ, 9S, 7S, 6S, 3S, KH, 10H, QD, 10D, 8D, 7C, 4C, 2C]\n"
                                     "      Bob: [BJ, QS, JS, 10S, 4S, 8H, 5H, 2H, 6D, 3D, AC, QC, 8C]\n"
                                     "      Cat: [AS, 5S, 2S, AH, 9H, 7H, 3H, AD, KD, 2D, KC, 6C, 3C]\n"
                                     "      Dan: [KS, 8S, QH, JH, 6H, 4H, JD, 7D, 5D, 4D, JC, 10C, 9C]\n"
                                     "    kitty: [9D, 5C]\n" +
                                     auction + "    discard: [BJ, QS]\n" + tricks + totals + result);
  WriteOptions wo;
  wo.detail = Detail::kExchange;
  EXPECT_EQ(to_json(game, r, "call-deuces-10.yaml", players, wo).dump(),
            R"({"game":"call-deuces-10.yaml","players":["Ann","Bob","Cat","Dan"],"hands":[)"
            R"({"dealer":"Dan","bids":["pass","pass","pass","pass"],"contract":"none",)"
            R"("score":{"Ann":0,"Bob":0,"Cat":0,"Dan":0}},)"
            R"({"dealer":"Ann","bids":[15,16,17,"pass",18,"pass","pass"],"contract":{"bidder":"Bob","bid":18},)"
            R"("trump":"D","partner":"Cat","taken":{"Ann":5,"Bob":2,"Cat":3,"Dan":3},)"
            R"("points":{"Ann":15,"Bob":7,"Cat":3,"Dan":8},"score":{"Ann":15,"Bob":-18,"Cat":-18,"Dan":8}}],)"
            R"("result":{"winner":"Ann","score":{"Ann":15,"Bob":-18,"Cat":-18,"Dan":8}}})");
  // A solo bidder's partner is `none`.
  for (std::int64_t g = 0; g < 40; ++g) {
    const PlayedGame other = sim::simulate_game(r, {"random", "random", "random", "random"}, o, g, true);
    for (std::size_t k = 0; k < other.hands.size(); ++k) {
      if (other.hands[k].bidder >= 0 && other.hands[k].partner < 0) {
        WriteOptions sheet;
        sheet.detail = Detail::kSheet;
        EXPECT_NE(to_yaml(other, r, "x", players, sheet).find("    partner: none\n"), std::string::npos);
        return;
      }
    }
  }
  ADD_FAILURE() << "no solo contract in 40 games";
}

// --- the figures docs/bots.md quotes ---------------------------------------------

// A heuristic bot seated with three random ones wins at least half of 2,000
// games (an unfinished game is not won). Seeded: the same games every run.
// (That random games finish within the default --max-hands: SimFinish,
// sim_kinds_test.cpp.)
TEST(DeucesFigures, TheHeuristicBotWinsHalf) {
  const auto rules = test::builtin("call-deuces");
  sim::SimulateOptions o;
  o.seed = 2026;
  o.games = 2000;
  o.jobs = 2;
  o.bots = {"heuristic", "random", "random", "random"};
  const auto h = sim::simulate({{"call-deuces", rules}}, o);
  const std::int64_t wins = h[0].wins_by_bot[0].successes();
  std::cout << "heuristic: " << wins << " wins of " << h[0].games << " games (" << h[0].finished << " finished)\n";
  EXPECT_GE(wins * 2, h[0].games);
}

}  // namespace
}  // namespace trickref
