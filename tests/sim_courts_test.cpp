// simulate under Court Piece (court-piece.md): the random bots' trump and
// play-on choices; the trump caller seeing only the first five cards and
// the heuristic's trump from them; the heuristic's play for its side
// (scenarios built card by card: not overtaking a partner who cannot lose
// the trick, second hand low, drawing trumps, cashing winners, leading to
// the partner's strength), every choice among the machine's legal options
// and what the table is shown of the play; playing on after an early court;
// a game of the hands recorded ending in a draw or for the better side; the
// courts statistics against the games themselves and their report rows; the
// transcripts written at each level (written and refereed back, and the same
// output whatever --jobs is: sim_round_trip_test.cpp); and the figures the
// bots' page quotes (seeded, so exact).
#include <algorithm>
#include <array>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>

#include <unistd.h>

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "engine/game.h"
#include "engine/hand.h"
#include "engine/play.h"
#include "engine/playout.h"
#include "sim/bots.h"
#include "sim/render.h"
#include "sim/simulate.h"
#include "support/test_support.h"
#include "transcript/writer.h"

namespace trickref {
namespace {

using test::c;
using test::cards;

// --- random -----------------------------------------------------------------

// Trump: any of the four suits with equal chance, whatever the cards seen;
// after an early court, play on or stop with equal chance.
TEST(CourtsRandom, NamesAnySuitAndPlaysOnHalfTheTime) {
  const auto bot = sim::make_bot("random");
  const auto rules = test::builtin("court-piece");
  HandView v;
  v.rules = rules.get();
  v.hand = cards({"AS", "KS", "QS", "JS", "10S"});
  PlayoutRng rng(5);
  std::map<Suit, int> named;
  int on = 0;
  constexpr int kDraws = 40000;
  const PlayState s = start_play(*rules, Suit::kSpades, {}, 0);
  for (int i = 0; i < kDraws; ++i) {
    ++named[bot->name_trump(v, rng)];
    on += bot->play_on(v, s, rng) ? 1 : 0;
  }
  for (int suit = 0; suit < kSuitCount; ++suit) {
    // 10,000 expected each; ± 300 is over 3.4 standard deviations.
    EXPECT_NEAR(named[static_cast<Suit>(suit)], kDraws / 4, 300) << suit;
  }
  EXPECT_NEAR(on, kDraws / 2, 350);
}

// --- trump from the first five cards ----------------------------------------------

// Length first, then high cards (ace 8, king 4, queen 2, jack 1), then the
// highest card; only where trump is named from the first part of a deal
// (deal.before_trump); elsewhere the heuristic's trump is as it always was.
TEST(CourtsTrump, TheHeuristicNamesTheLongestSuitOfItsFiveThenTheStrongest) {
  EXPECT_EQ(sim::trump_from_first_cards(cards({"AS", "2C", "3C", "4D", "5H"})), Suit::kClubs)
      << "two small clubs before a lone ace";
  EXPECT_EQ(sim::trump_from_first_cards(cards({"AS", "KS", "QC", "JC", "4D"})), Suit::kSpades)
      << "two each: ace and king before queen and jack";
  EXPECT_EQ(sim::trump_from_first_cards(cards({"AH", "3H", "KD", "QD", "JD"})), Suit::kDiamonds)
      << "three before two: length first";
  EXPECT_EQ(sim::trump_from_first_cards(cards({"10H", "8H", "9D", "7D", "2C"})), Suit::kHearts)
      << "no high cards: the highest card";
  const auto court = test::builtin("court-piece");
  const auto pluck = test::builtin("pluck");
  sim::HeuristicBot bot;
  PlayoutRng rng(1);
  HandView v;
  v.hand = cards({"AS", "2C", "3C", "4D", "5H"});
  v.rules = court.get();
  EXPECT_EQ(bot.name_trump(v, rng), Suit::kClubs);
  v.rules = pluck.get();
  EXPECT_EQ(bot.name_trump(v, rng), Suit::kSpades) << "Pluck's rule: length counts double, an ace 3";
}

// Records what each trump caller was shown and named, passing every other
// choice through.
class TrumpSpy final : public SeatPolicy {
 public:
  struct Seen {
    int seat;
    int dealer;
    CardSet hand;
    Suit named;
  };
  TrumpSpy(std::unique_ptr<SeatPolicy> inner, std::vector<Seen>& log) : inner_(std::move(inner)), log_(log) {}
  Card give(const HandView& v, int pluckee, CardSet options, PlayoutRng& rng) override {
    return inner_->give(v, pluckee, options, rng);
  }
  Suit name_trump(const HandView& v, PlayoutRng& rng) override {
    const Suit s = inner_->name_trump(v, rng);
    log_.push_back({v.seat, v.dealer, v.hand, s});
    return s;
  }
  Card discard(const HandView& v, Suit trump, CardSet options, PlayoutRng& rng) override {
    return inner_->discard(v, trump, options, rng);
  }
  Card play(const HandView& v, const PlayState& s, CardSet legal, PlayoutRng& rng) override {
    return inner_->play(v, s, legal, rng);
  }
  bool play_on(const HandView& v, const PlayState& s, PlayoutRng& rng) override { return inner_->play_on(v, s, rng); }

 private:
  std::unique_ptr<SeatPolicy> inner_;
  std::vector<Seen>& log_;
};

// The player left of the dealer names trump having seen five of its
// thirteen cards, and the heuristic's choice is the one those five give.
TEST(CourtsTrump, TheCallerSeesOnlyItsFirstFiveCards) {
  const auto rules = test::builtin("court-piece");
  std::vector<TrumpSpy::Seen> log;
  std::vector<std::unique_ptr<TrumpSpy>> owned;
  std::vector<SeatPolicy*> seats;
  for (int s = 0; s < 4; ++s) {
    owned.push_back(std::make_unique<TrumpSpy>(sim::make_bot("heuristic"), log));
    seats.push_back(owned.back().get());
  }
  std::size_t hands = 0;
  for (std::uint64_t seed = 1; seed <= 5; ++seed) {
    PlayoutOptions po;
    po.seed = seed;
    po.hands_no_target = 8;
    const PlayedGame g = play_game(*rules, seats, po);
    ASSERT_EQ(log.size(), hands + g.hands.size());
    for (const PlayedHand& h : g.hands) {
      const auto& seen = log[hands++];
      EXPECT_EQ(seen.dealer, h.dealer);
      EXPECT_EQ(seen.seat, (h.dealer + 1) % 4) << "left of the dealer names trump";
      EXPECT_EQ(h.trump_by, seen.seat);
      EXPECT_EQ(seen.hand.size(), 5);
      EXPECT_EQ(seen.hand - h.deal[static_cast<std::size_t>(seen.seat)], CardSet()) << "five of its own cards";
      EXPECT_EQ(seen.named, sim::trump_from_first_cards(seen.hand));
      EXPECT_EQ(h.trump, seen.named);
    }
  }
  EXPECT_EQ(hands, 40U);
}

// --- the heuristic's play for its side -------------------------------------------

// A trick in progress under court-piece, spades trump: Ann (seat 0) and Cat
// (2) against Bob (1) and Dan (3). `hands` are what each seat holds now,
// `plays` the trick so far from `leader`; `played` cards gone in earlier
// tricks; `seen` what the table has seen of the play (voids, leads, wins).
struct CourtTrick {
  std::shared_ptr<const Ruleset> rules = test::builtin("court-piece");
  PlayState s;
  HandView seen;
  CourtTrick(const std::array<CardSet, kMaxPlayers>& hands, int leader, std::initializer_list<const char*> plays,
             CardSet played = CardSet()) {
    s = start_play(*rules, Suit::kSpades, hands, leader);
    s.played = played;
    for (const char* p : plays) {
      apply_play(s, s.to_play(), c(p));
    }
  }
  Card heuristic() const {
    HandView v = seen;
    v.rules = rules.get();
    v.seat = s.to_play();
    v.partner = (v.seat + 2) % 4;
    v.hand = s.hands[static_cast<std::size_t>(v.seat)];
    sim::HeuristicBot bot;
    PlayoutRng rng(1);
    const CardSet legal = legal_plays(s);
    const Card card = bot.play(v, s, legal, rng);
    EXPECT_TRUE(legal.contains(card)) << to_string(card);
    return card;
  }
};

// Every spade but those held is out of play: nobody can trump.
CardSet spades_gone_but(CardSet held) { return CardSet::suit(Suit::kSpades) - held; }

// Cat leads QH, Dan follows; Ann holds AH and 6H, Bob is still to play.
// With KH gone and no trump left, Cat cannot lose the trick: Ann keeps her
// ace. With KH out of sight, Bob may take Cat's queen: Ann takes the trick
// with the ace, which nobody can beat.
TEST(CourtsHeuristic, DoesNotOvertakeAPartnerWhoCannotLoseTheTrick) {
  const std::array<CardSet, kMaxPlayers> hands{cards({"AH", "6H", "2C"}), cards({"3D", "4C"}), cards({"QH", "9C"}),
                                               cards({"3H", "5C"})};
  const CardSet gone = spades_gone_but(CardSet()) | cards({"KH"});
  EXPECT_EQ(CourtTrick(hands, 2, {"QH", "3H"}, gone).heuristic(), c("6H"));
  EXPECT_EQ(CourtTrick(hands, 2, {"QH", "3H"}, spades_gone_but(CardSet())).heuristic(), c("AH"));
  // Last to play, its partner winning: never over it, whatever it holds.
  const std::array<CardSet, kMaxPlayers> last{cards({"AH", "6H"}), cards({"4H", "4C"}), cards({"KH", "9C"}),
                                              cards({"5H", "5C"})};
  EXPECT_EQ(CourtTrick(last, 1, {"4H", "KH", "5H"}).heuristic(), c("6H"));
}

// Bob shows he has no hearts (void) and may hold a trump: Cat's QH may be
// trumped, and so may Ann's ace: no card of Ann's is sure, so she keeps it.
TEST(CourtsHeuristic, AnOpponentKnownVoidMayTrump) {
  const std::array<CardSet, kMaxPlayers> hands{cards({"AH", "6H", "2C"}), cards({"3D", "4C"}), cards({"QH", "9C"}),
                                               cards({"3H", "5C"})};
  CourtTrick t(hands, 2, {"QH", "3H"}, cards({"KH"}));
  t.seen.void_in[1] = static_cast<std::uint8_t>(1U << static_cast<unsigned>(Suit::kHearts));
  EXPECT_EQ(t.heuristic(), c("6H"));
  // Not known to lack hearts, Bob is taken to follow: the ace is sure.
  EXPECT_EQ(CourtTrick(hands, 2, {"QH", "3H"}, cards({"KH"})).heuristic(), c("6H"))
      << "Cat's queen cannot lose either: KH is gone, AH is Ann's";
  EXPECT_EQ(CourtTrick(hands, 2, {"QH", "3H"}).heuristic(), c("AH")) << "KH out of sight: Bob may beat the queen";
}

// Second to play, with the partner last: low, unless a card nobody still to
// play can beat wins the trick. Third, against an opponent winning, its best
// card of the suit (or a low trump when out of it). Last: the cheapest winner.
TEST(CourtsHeuristic, SecondHandLowThirdHandHighLastTheCheapestWinner) {
  // Dan leads 4H; Ann is second, Bob third, Cat last.
  const std::array<CardSet, kMaxPlayers> second{cards({"KH", "6H", "2C"}), cards({"9H", "4C"}),
                                                cards({"3H", "9C"}), cards({"4H", "5C"})};
  EXPECT_EQ(CourtTrick(second, 3, {"4H"}).heuristic(), c("6H")) << "AH out of sight: the king is not sure";
  EXPECT_EQ(CourtTrick(second, 3, {"4H"}, cards({"AH"})).heuristic(), c("KH")) << "AH gone: the king is sure";
  // Cat leads 3H, Dan wins it so far with 9H; Ann is third, Bob last.
  std::array<CardSet, kMaxPlayers> third{cards({"KH", "QH", "6H"}), cards({"4H", "4C"}), cards({"3H", "9C"}),
                                         cards({"9H", "5C"})};
  EXPECT_EQ(CourtTrick(third, 2, {"3H", "9H"}).heuristic(), c("KH")) << "third hand high";
  third[0] = cards({"7S", "2S", "2C"});
  EXPECT_EQ(CourtTrick(third, 2, {"3H", "9H"}).heuristic(), c("2S")) << "out of hearts: the lowest trump";
  // Bob leads 9H, Cat 3H, Dan 4H: Bob wins so far; Ann is last.
  std::array<CardSet, kMaxPlayers> last{cards({"KH", "QH", "10H"}), cards({"9H", "4C"}), cards({"3H", "9C"}),
                                        cards({"4H", "5C"})};
  EXPECT_EQ(CourtTrick(last, 1, {"9H", "3H", "4H"}).heuristic(), c("10H")) << "last: the cheapest winner";
  last[0] = cards({"8H", "6H", "2C"});
  EXPECT_EQ(CourtTrick(last, 1, {"9H", "3H", "4H"}).heuristic(), c("6H")) << "no winner: the cheapest card";
}

// Leading: a trump nobody can beat while an opponent may hold trumps; then
// a side-suit card nobody can beat, unless an opponent is known to lack its
// suit and may trump; then a low card of a suit the partner has won a trick
// in (or led, or lacks while it may hold a trump); otherwise a low card of a
// short side suit.
TEST(CourtsHeuristic, LeadsDrawTrumpsCashWinnersThenFindThePartner) {
  const std::array<CardSet, kMaxPlayers> hands{cards({"AS", "3S", "AD", "9H", "4H", "KC", "2C"}),
                                               cards({"4C"}), cards({"5C"}), cards({"6C"})};
  EXPECT_EQ(CourtTrick(hands, 0, {}).heuristic(), c("AS")) << "draw trumps";
  EXPECT_EQ(CourtTrick(hands, 0, {}, spades_gone_but(cards({"AS", "3S"}))).heuristic(), c("AD"))
      << "no trump left out: cash the side winner";
  CourtTrick voids(hands, 0, {});
  voids.seen.void_in[1] = static_cast<std::uint8_t>(1U << static_cast<unsigned>(Suit::kSpades));
  voids.seen.void_in[3] = voids.seen.void_in[1];
  EXPECT_EQ(voids.heuristic(), c("AD")) << "Bob and Dan have shown they hold no trump";
  // No trump that wins: the diamond ace is cashed unless Bob may trump it.
  const std::array<CardSet, kMaxPlayers> side{cards({"3S", "AD", "9H", "4H", "KC", "2C"}), cards({"4C"}),
                                              cards({"5C"}), cards({"6C"})};
  CourtTrick cash(side, 0, {});
  EXPECT_EQ(cash.heuristic(), c("AD"));
  cash.seen.void_in[1] = static_cast<std::uint8_t>(1U << static_cast<unsigned>(Suit::kDiamonds));
  EXPECT_EQ(cash.heuristic(), c("2C")) << "Bob lacks diamonds and may trump: a low card of the short suit";
  // Nothing to cash: to the partner's suits.
  const std::array<CardSet, kMaxPlayers> low{cards({"9H", "4H", "KC", "3C", "8D", "7D", "2D"}), cards({"4C"}),
                                             cards({"5C"}), cards({"6C"})};
  CourtTrick partner(low, 0, {}, spades_gone_but(CardSet()));
  EXPECT_EQ(partner.heuristic(), c("2D")) << "nothing known: a low card of the short suit";
  partner.seen.won_in[2] = static_cast<std::uint8_t>(1U << static_cast<unsigned>(Suit::kClubs));
  EXPECT_EQ(partner.heuristic(), c("3C")) << "to the clubs the partner won a trick in";
  partner.seen.won_in[2] = 0;
  partner.seen.led[2] = static_cast<std::uint8_t>(1U << static_cast<unsigned>(Suit::kHearts));
  EXPECT_EQ(partner.heuristic(), c("4H")) << "to the suit the partner led";
}

// A partner that lacks a suit and may hold a trump can win it: a low card
// of it; not where an opponent is known to lack it as well (and may overtrump).
TEST(CourtsHeuristic, LeadsASuitThePartnerCanTrump) {
  const std::array<CardSet, kMaxPlayers> hands{cards({"9H", "4H", "KC", "3C", "8D", "7D", "2D"}), cards({"4C"}),
                                               cards({"5C"}), cards({"6C"})};
  CourtTrick t(hands, 0, {}, cards({"AS", "KS"}));
  EXPECT_EQ(t.heuristic(), c("2D"));
  t.seen.void_in[2] = static_cast<std::uint8_t>(1U << static_cast<unsigned>(Suit::kHearts));
  EXPECT_EQ(t.heuristic(), c("4H"));
  t.seen.void_in[3] = static_cast<std::uint8_t>(1U << static_cast<unsigned>(Suit::kHearts));
  EXPECT_EQ(t.heuristic(), c("2D")) << "Dan may overtrump: back to the short suit";
}

// --- every choice legal; what the table is shown ---------------------------------

// Checks every call against the machine: a play among legal_plays, the
// partner opposite, what the table saw true of the hands (a seat shown to
// lack a suit holds none of it; a seat shown to have led a suit has played
// a card of it), and play_on asked only after an early court by the side
// of the seat asked.
class TableSpy final : public SeatPolicy {
 public:
  explicit TableSpy(std::unique_ptr<SeatPolicy> inner) : inner_(std::move(inner)) {}
  Card give(const HandView& v, int pluckee, CardSet options, PlayoutRng& rng) override {
    return inner_->give(v, pluckee, options, rng);
  }
  Suit name_trump(const HandView& v, PlayoutRng& rng) override {
    bad += v.partner == (v.seat + 2) % 4 ? 0 : 1;
    return inner_->name_trump(v, rng);
  }
  Card discard(const HandView& v, Suit trump, CardSet options, PlayoutRng& rng) override {
    return inner_->discard(v, trump, options, rng);
  }
  Card play(const HandView& v, const PlayState& s, CardSet legal, PlayoutRng& rng) override {
    bad += legal == legal_plays(s) ? 0 : 1;
    bad += v.partner == (v.seat + 2) % 4 ? 0 : 1;
    bad += v.hand == s.hands[static_cast<std::size_t>(v.seat)] ? 0 : 1;
    for (int o = 0; o < 4; ++o) {
      for (int suit = 0; suit < kSuitCount; ++suit) {
        const CardSet of_suit = follow_mask(static_cast<Suit>(suit), s.trump);
        const auto bit = 1U << static_cast<unsigned>(suit);
        if ((v.void_in[static_cast<std::size_t>(o)] & bit) != 0) {
          ++voids;
          bad += s.hands[static_cast<std::size_t>(o)].intersects(of_suit) ? 1 : 0;
        }
        if ((v.led[static_cast<std::size_t>(o)] & bit) != 0 || (v.won_in[static_cast<std::size_t>(o)] & bit) != 0) {
          ++shown;
          bad += s.played.intersects(of_suit) ? 0 : 1;
        }
      }
    }
    const Card out = inner_->play(v, s, legal, rng);
    bad += legal.contains(out) ? 0 : 1;
    ++plays;
    return out;
  }
  bool play_on(const HandView& v, const PlayState& s, PlayoutRng& rng) override {
    bad += s.trick == 7 && s.count == 0 && s.leader == v.seat ? 0 : 1;
    for (int t = 0; t < 7; ++t) {
      bad += s.won_by[static_cast<std::size_t>(t)] % 2 == v.seat % 2 ? 0 : 1;
    }
    ++asked;
    return inner_->play_on(v, s, rng);
  }
  int bad = 0;
  int plays = 0;
  int voids = 0;
  int shown = 0;
  int asked = 0;

 private:
  std::unique_ptr<SeatPolicy> inner_;
};

TEST(CourtsHeuristic, EveryChoiceIsLegalAndTheTableIsShownWhatHappened) {
  for (const char* name : {"court-piece", "court-piece-race"}) {
    const auto rules = test::builtin(name);
    for (const char* bot : {"heuristic", "random"}) {
      std::vector<std::unique_ptr<TableSpy>> owned;
      std::vector<SeatPolicy*> seats;
      for (int s = 0; s < 4; ++s) {
        owned.push_back(std::make_unique<TableSpy>(sim::make_bot(bot)));
        seats.push_back(owned.back().get());
      }
      for (std::uint64_t seed = 1; seed <= 3; ++seed) {
        PlayoutOptions po;
        po.seed = seed;
        po.max_hands = 40;
        po.hands_no_target = 20;
        (void)play_game(*rules, seats, po);
      }
      int asked = 0;
      for (const auto& spy : owned) {
        EXPECT_EQ(spy->bad, 0) << name << " " << bot;
        EXPECT_GT(spy->plays, 300) << name << " " << bot;
        EXPECT_GT(spy->voids, 0);
        EXPECT_GT(spy->shown, 0);
        asked += spy->asked;
      }
      EXPECT_GT(asked, 0) << name << " " << bot << ": some early court was taken";
    }
  }
}

// --- playing on after an early court ----------------------------------------------

// A court-piece hand, Ann dealing (Bob names trump), whose first tricks were
// won in order by `winners`.
HandState hand_won_by(const Ruleset& r, const std::vector<int>& winners) {
  const GameState g = start_game(r);
  HandState h;
  start_hand(h, g, 1, 0);
  apply_trump(h, Suit::kSpades);
  int t = 0;
  for (const int w : winners) {
    h.play.won_by[static_cast<std::size_t>(t)] = static_cast<std::uint8_t>(w);
    ++h.play.taken[static_cast<std::size_t>(w)];
    h.play.trick = ++t;
  }
  return h;
}

TEST(CourtsPlayOn, TheWinnersMayChooseOnlyAtAnEarlyCourtUnderEither) {
  Ruleset r = *test::builtin("court-piece");
  const std::vector<int> seven = {0, 2, 0, 0, 2, 2, 0};
  EXPECT_TRUE(may_play_on(hand_won_by(r, seven)));
  EXPECT_TRUE(hand_ends_after_trick(hand_won_by(r, seven))) << "the machine ends it unless they play on";
  EXPECT_FALSE(may_play_on(hand_won_by(r, {0, 2, 0, 0, 2, 2}))) << "six tricks";
  EXPECT_FALSE(may_play_on(hand_won_by(r, {0, 2, 0, 1, 2, 2, 0}))) << "not all seven";
  std::vector<int> eight = seven;
  eight.push_back(0);
  EXPECT_FALSE(may_play_on(hand_won_by(r, eight))) << "asked once, at the seventh trick";
  r.after_early_court = AfterEarlyCourt::kAbandon;
  EXPECT_FALSE(may_play_on(hand_won_by(r, seven)));
  r.after_early_court = AfterEarlyCourt::kPlayOn;
  EXPECT_FALSE(may_play_on(hand_won_by(r, seven))) << "always played on: nothing to choose";
  EXPECT_FALSE(hand_ends_after_trick(hand_won_by(r, seven)));
}

// The heuristic always plays on (failing costs nothing); random bots do
// both; under `abandon` every early court ends the hand, under `play_on` none.
TEST(CourtsPlayOn, BotsChooseAndTheHouseRulesDecide) {
  const auto builtin = test::builtin("court-piece");
  auto early_hands = [&](const Ruleset& r, const char* bot, int& stopped, int& on) {
    stopped = 0;
    on = 0;
    for (std::int64_t g = 0; g < 40; ++g) {
      sim::SimulateOptions o;
      o.seed = 3;
      o.hands_no_target = 20;
      const PlayedGame game = sim::simulate_game(r, {bot, bot, bot, bot}, o, g, true);
      for (const PlayedHand& h : game.hands) {
        if (h.early_court_side >= 0) {
          EXPECT_EQ(static_cast<int>(h.tricks.size()), h.tricks_played);
          (h.tricks_played == 7 ? stopped : on) += 1;
          EXPECT_TRUE(h.tricks_played == 7 || h.tricks_played == 13);
          int others = 0;  // tricks of the side that lost the early court
          for (std::size_t s = 0; s < 4; ++s) {
            others += static_cast<int>(s % 2) == h.early_court_side ? 0 : h.taken[s];
          }
          EXPECT_EQ(h.all_tricks, h.tricks_played == 13 && others == 0);
        }
      }
    }
  };
  int stopped = 0;
  int on = 0;
  early_hands(*builtin, "heuristic", stopped, on);
  EXPECT_EQ(stopped, 0);
  EXPECT_GT(on, 10);
  early_hands(*builtin, "random", stopped, on);
  EXPECT_GT(stopped, 0);
  EXPECT_GT(on, 0);
  Ruleset abandon = *builtin;
  abandon.after_early_court = AfterEarlyCourt::kAbandon;
  early_hands(abandon, "heuristic", stopped, on);
  EXPECT_GT(stopped, 10);
  EXPECT_EQ(on, 0);
  Ruleset play_on = *builtin;
  play_on.after_early_court = AfterEarlyCourt::kPlayOn;
  early_hands(play_on, "random", stopped, on);
  EXPECT_EQ(stopped, 0);
  EXPECT_GT(on, 0);
}

// --- the end of a game of the hands recorded ------------------------------------------

TEST(CourtsEnd, TheHandsRecordedEndInADrawOrForTheSideWithMoreCourts) {
  // The rule itself is the machine's (decided_by_record_end, shared with the
  // referee); here, the games the playout plays by it.
  const auto court = test::builtin("court-piece");
  GameState g = start_game(*court);
  std::array<int, kMaxPlayers> w{};
  int count = -1;
  g.score = {2, 2, 2, 2};
  ASSERT_TRUE(decided_by_record_end(g, w, count));
  EXPECT_EQ(count, 0) << "level: a draw";
  g.score = {1, 3, 1, 3};
  ASSERT_TRUE(decided_by_record_end(g, w, count));
  ASSERT_EQ(count, 2);
  EXPECT_EQ(w[0], 1);
  EXPECT_EQ(w[1], 3);
  const auto noscore = test::builtin("pluck-noscore");  // held: the game state points at it
  GameState p = start_game(*noscore);
  EXPECT_FALSE(decided_by_record_end(p, w, count)) << "rules.md: a game of the hands recorded never finishes";
  const auto race = test::builtin("court-piece-race");
  EXPECT_FALSE(decided_by_record_end(start_game(*race), w, count))
      << "a race ends at its target";
  // Played: after the hands asked for, finished; the side with more courts
  // wins, or nobody.
  int draws = 0;
  for (std::int64_t i = 0; i < 30; ++i) {
    sim::SimulateOptions o;
    o.seed = 8;
    o.hands_no_target = 6;
    const PlayedGame game = sim::simulate_game(*court, {"heuristic", "random", "random", "heuristic"}, o, i, false);
    ASSERT_EQ(game.hands.size(), 6U);
    EXPECT_TRUE(game.finished);
    const long long a = game.score[0];
    const long long b = game.score[1];
    if (a == b) {
      ++draws;
      EXPECT_TRUE(game.winners.empty());
    } else {
      EXPECT_EQ(game.winners, (a > b ? std::vector<int>{0, 2} : std::vector<int>{1, 3}));
    }
  }
  EXPECT_GT(draws, 0);
}


// --- transcripts -------------------------------------------------------------------

// A seeded court-piece game of four hands (Ann & Cat against Bob & Dan; a
// heuristic and a random bot on each side), written at each level of
// detail: who named trump beside trump; the tricks of each hand, only seven
// where the side that took them all stopped at its early court (hand 3);
// `taken` per player; the running courts per side (one player of each);
// the streak; on a sheet (and at the exchange level, with no tricks) the
// `early_court` of hand 1, which Bob & Dan took and played on without taking
// every trick; and the result, a draw at one court each (no winner).
TEST(CourtsWriter, WritesTrumpByTricksTakenCourtsAndStreakAtEveryLevel) {
  const auto rules = test::builtin("court-piece");
  sim::SimulateOptions o;
  o.seed = 216;
  o.hands_no_target = 4;
  const PlayedGame game = sim::simulate_game(*rules, {"heuristic", "random", "random", "heuristic"}, o, 3, true);
  ASSERT_EQ(game.hands.size(), 4U);
  EXPECT_EQ(game.hands[0].early_court_side, 1);
  EXPECT_EQ(game.hands[0].tricks_played, 13) << "played on";
  EXPECT_FALSE(game.hands[0].all_tricks);
  EXPECT_EQ(game.hands[2].tricks_played, 7) << "stopped at the early court";
  EXPECT_TRUE(game.finished);
  EXPECT_TRUE(game.winners.empty()) << "a draw";
  const std::vector<std::string> players = {"Ann", "Bob", "Cat", "Dan"};
  auto yaml = [&](Detail d) {
    WriteOptions wo;
    wo.detail = d;
    return to_yaml(game, *rules, "court-piece", players, wo);
  };
  EXPECT_EQ(yaml(Detail::kSheet), R"(game: court-piece
players: [Ann, Bob, Cat, Dan]
hands:
  - dealer: Dan
    early_court: Bob
    taken: {Ann: 1, Bob: 4, Cat: 0, Dan: 8}
    score: {Ann: 0, Bob: 1}
    streak: {Bob: 1}
  - dealer: Ann
    taken: {Ann: 2, Bob: 3, Cat: 2, Dan: 6}
    score: {Ann: 0, Bob: 1}
    streak: {Bob: 2}
  - dealer: Ann
    taken: {Ann: 2, Bob: 0, Cat: 5, Dan: 0}
    score: {Ann: 1, Bob: 1}
    streak: {Ann: 1}
  - dealer: Bob
    taken: {Ann: 1, Bob: 3, Cat: 7, Dan: 2}
    score: {Ann: 1, Bob: 1}
    streak: {Ann: 2}
result:
  winner: []
  score: {Ann: 1, Bob: 1}
)");
  EXPECT_EQ(yaml(Detail::kExchange), R"(game: court-piece
players: [Ann, Bob, Cat, Dan]
hands:
  - dealer: Dan
    trump_by: Ann
    trump: H
    early_court: Bob
    taken: {Ann: 1, Bob: 4, Cat: 0, Dan: 8}
    score: {Ann: 0, Bob: 1}
    streak: {Bob: 1}
  - dealer: Ann
    trump_by: Bob
    trump: D
    taken: {Ann: 2, Bob: 3, Cat: 2, Dan: 6}
    score: {Ann: 0, Bob: 1}
    streak: {Bob: 2}
  - dealer: Ann
    trump_by: Bob
    trump: S
    taken: {Ann: 2, Bob: 0, Cat: 5, Dan: 0}
    score: {Ann: 1, Bob: 1}
    streak: {Ann: 1}
  - dealer: Bob
    trump_by: Cat
    trump: S
    taken: {Ann: 1, Bob: 3, Cat: 7, Dan: 2}
    score: {Ann: 1, Bob: 1}
    streak: {Ann: 2}
result:
  winner: []
  score: {Ann: 1, Bob: 1}
)");
  WriteOptions wo;
  wo.detail = Detail::kExchange;
  EXPECT_EQ(to_json(game, *rules, "court-piece", players, wo).dump(),
            R"({"game":"court-piece","players":["Ann","Bob","Cat","Dan"],"hands":[{"dealer":"Dan","trump_by":"Ann","trump":"H","early_court":"Bob","taken":{"Ann":1,"Bob":4,"Cat":0,"Dan":8},"score":{"Ann":0,"Bob":1},"streak":{"Bob":1}},{"dealer":"Ann","trump_by":"Bob","trump":"D","taken":{"Ann":2,"Bob":3,"Cat":2,"Dan":6},"score":{"Ann":0,"Bob":1},"streak":{"Bob":2}},{"dealer":"Ann","trump_by":"Bob","trump":"S","taken":{"Ann":2,"Bob":0,"Cat":5,"Dan":0},"score":{"Ann":1,"Bob":1},"streak":{"Ann":1}},{"dealer":"Bob","trump_by":"Cat","trump":"S","taken":{"Ann":1,"Bob":3,"Cat":7,"Dan":2},"score":{"Ann":1,"Bob":1},"streak":{"Ann":2}}],"result":{"winner":[],"score":{"Ann":1,"Bob":1}}})");
  const std::string plays = R"(game: court-piece
players: [Ann, Bob, Cat, Dan]
hands:
  - dealer: Dan
    trump_by: Ann
    trump: H
    tricks:
      - [2S, 7S, 4S, 3S]
      - [6S, JS, AS, 9S]
      - [AC, 5C, 8C, QC]
      - [KC, 7C, 6C, 2C]
      - [JC, 10C, 6H, 4C]
      - [AH, 7H, 4H, 2H]
      - [10H, 3H, KH, 5H]
      - [9C, QH, AD, 2D]
      - [6D, 5D, 3D, 8D]
      - [JH, 9H, 5S, QD]
      - [3C, 10D, 7D, 4D]
      - [8S, QS, KS, 10S]
      - [KD, 9D, 8H, JD]
    taken: {Ann: 1, Bob: 4, Cat: 0, Dan: 8}
    score: {Ann: 0, Bob: 1}
    streak: {Bob: 1}
  - dealer: Ann
    trump_by: Bob
    trump: D
    tricks:
      - [10H, 6H, 3H, JH]
      - [AH, 6C, QH, 3D]
      - [3C, 5C, 7C, AC]
      - [2H, 7D, 4H, JC]
      - [KC, 8C, 4C, 8S]
      - [7S, 3S, 4S, AS]
      - [10S, QS, 6S, KS]
      - [2C, 2S, 9C, 4D]
      - [9S, 5S, 2D, 10D]
      - [10C, 8D, AD, JD]
      - [JS, 9H, QC, 5H]
      - [9D, 5D, QD, 7H]
      - [KD, 8H, 6D, KH]
    taken: {Ann: 2, Bob: 3, Cat: 2, Dan: 6}
    score: {Ann: 0, Bob: 1}
    streak: {Bob: 2}
  - dealer: Ann
    trump_by: Bob
    trump: S
    tricks:
      - [QH, AH, 4H, 3H]
      - [3S, 7S, 9S, 4S]
      - [AD, 7D, 6D, 9D]
      - [KH, 9H, 2S, 7H]
      - [KS, 10S, 6S, JS]
      - [6C, 4C, 3C, 2C]
      - [QC, 5C, 7C, 10C]
    taken: {Ann: 2, Bob: 0, Cat: 5, Dan: 0}
    score: {Ann: 1, Bob: 1}
    streak: {Ann: 1}
  - dealer: Bob
    trump_by: Cat
    trump: S
    tricks:
      - [JS, 5S, 8S, 3S]
      - [KD, 5D, 6D, 10D]
      - [QD, 8D, JD, 7D]
      - [2D, 6S, 9S, 9D]
      - [2H, 10H, 8H, 3C]
      - [7S, AS, 10S, 3H]
      - [2S, KS, 5H, KC]
      - [AC, QC, 8C, 2C]
      - [4C, 6H, 5C, JC]
      - [4D, 6C, 7H, AD]
      - [KH, 4H, 7C, 9H]
      - [AH, 4S, 9C, JH]
      - [QS, 10C, QH, 3D]
    taken: {Ann: 1, Bob: 3, Cat: 7, Dan: 2}
    score: {Ann: 1, Bob: 1}
    streak: {Ann: 2}
result:
  winner: []
  score: {Ann: 1, Bob: 1}
)";
  EXPECT_EQ(yaml(Detail::kPlays), plays);
  // The full level: the same with each hand's deal after its dealer.
  const std::array<std::string, 4> deals = {
      R"(    deal:
      Ann: [QS, 9S, 2S, QH, 9H, 5H, 2H, JD, 10D, 6D, 10C, 7C, 5C]
      Bob: [KS, 7S, 6S, 5S, AH, 10H, 6H, AD, KD, 7D, 5D, 8C, 6C]
      Cat: [JS, 10S, 4S, 7H, 3H, QD, 9D, 4D, 3D, 2D, QC, 4C, 2C]
      Dan: [AS, 8S, 3S, KH, JH, 8H, 4H, 8D, AC, KC, JC, 9C, 3C]
)",
      R"(    deal:
      Ann: [9S, 6S, 3S, AH, JH, 8H, 7H, 5H, 4H, 8D, 4D, 8C, 5C]
      Bob: [KS, JS, 5S, 4S, 10H, AD, 9D, 6D, JC, 7C, 6C, 4C, 2C]
      Cat: [AS, 10S, 8S, 2S, KH, QH, 9H, 6H, 2H, JD, 5D, 2D, AC]
      Dan: [QS, 7S, 3H, KD, QD, 10D, 7D, 3D, KC, QC, 10C, 9C, 3C]
)",
      R"(    deal:
      Ann: [9S, 6S, KH, 10H, 6H, 5H, 3H, AD, 8D, 2D, 8C, 7C, 3C]
      Bob: [JS, 4S, QH, JH, 9H, 2H, 7D, 5D, 4D, JC, 10C, 9C, 2C]
      Cat: [AS, KS, 8S, 5S, 3S, 2S, AH, KD, 6D, 3D, AC, QC, 6C]
      Dan: [QS, 10S, 7S, 8H, 7H, 4H, QD, JD, 10D, 9D, KC, 5C, 4C]
)",
      R"(    deal:
      Ann: [9S, 8S, QH, JH, 9H, 7H, 6H, 5H, 3H, 2H, JD, 6D, QC]
      Bob: [7S, 3S, AH, KH, 10H, AD, 10D, 9D, 7D, 3D, KC, 8C, 5C]
      Cat: [AS, QS, JS, 4S, 2S, 8H, 4H, KD, QD, 4D, 2D, JC, 2C]
      Dan: [KS, 10S, 6S, 5S, 8D, 5D, AC, 10C, 9C, 7C, 6C, 4C, 3C]
)"};
  std::string full;
  std::size_t at = 0;
  for (const std::string& deal : deals) {
    const std::size_t hand = plays.find("  - dealer: ", at);
    const std::size_t line_end = plays.find('\n', hand) + 1;
    full += plays.substr(at, line_end - at) + deal;
    at = line_end;
  }
  full += plays.substr(at);
  EXPECT_EQ(yaml(Detail::kFull), full);
}

// --- statistics ----------------------------------------------------------------

// The courts figures against the games themselves, and each hand's courts
// against the running scores: an early court 1, all the tricks 52 instead,
// a streak court 1, per side.
TEST(CourtsStats, FiguresAddUpAndMatchTheScores) {
  for (const char* name : {"court-piece", "court-piece-race"}) {
    const auto rules = test::builtin(name);
    sim::SimulateOptions o;
    o.seed = 17;
    o.games = 60;
    o.bots = {"heuristic", "random", "random", "heuristic"};
    const auto stats = sim::simulate({{name, rules}}, o);
    const auto& s = stats[0];
    ASSERT_TRUE(s.courts);
    ASSERT_TRUE(s.fixed_sides);
    EXPECT_EQ(s.sides, 2);
    EXPECT_EQ(s.side_index, (std::vector<int>{0, 1, 0, 1}));
    std::int64_t hands = 0;
    std::int64_t early = 0;
    std::int64_t all = 0;
    std::int64_t streak = 0;
    std::int64_t caller_won = 0;
    std::int64_t decided = 0;
    std::int64_t finished = 0;
    std::int64_t draws = 0;
    std::array<std::int64_t, 2> side_wins{};
    std::array<std::int64_t, 2> first_dealer_side_wins{};
    for (std::int64_t g = 0; g < o.games; ++g) {
      const PlayedGame game = sim::simulate_game(*rules, o.bots, o, g, false);
      std::array<long long, 4> before{};
      for (const PlayedHand& h : game.hands) {
        ++hands;
        std::array<long long, 2> courts{};
        if (h.early_court_side >= 0) {
          (h.all_tricks ? all : early) += 1;
          courts[static_cast<std::size_t>(h.early_court_side)] += h.all_tricks ? 52 : 1;
        }
        if (h.streak_court_side >= 0) {
          ++streak;
          courts[static_cast<std::size_t>(h.streak_court_side)] += 1;
          EXPECT_EQ(h.streak_court_side, h.winner_side);
          EXPECT_EQ(h.streak, 0) << "after a streak court: that side with count 0";
          EXPECT_EQ(h.streak_side, h.winner_side);
        }
        for (std::size_t p = 0; p < 4; ++p) {
          EXPECT_EQ(h.score[p] - before[p], courts[p % 2]) << name << " game " << g;
          before[p] = h.score[p];
        }
        if (h.winner_side >= 0) {
          ++decided;
          caller_won += h.trump_by % 2 == h.winner_side ? 1 : 0;
        }
      }
      if (game.finished) {
        ++finished;
        if (game.winners.empty()) {
          ++draws;
        } else {
          const int side = game.winners[0] % 2;
          ++side_wins[static_cast<std::size_t>(side)];
          const int first = static_cast<int>(g % 4);  // seat g mod 4 deals first
          ++first_dealer_side_wins[side == first % 2 ? 0 : 1];
        }
      }
    }
    EXPECT_EQ(s.hands, hands);
    EXPECT_EQ(s.early_courts.sum(), early);
    EXPECT_EQ(s.early_courts.items(), hands);
    EXPECT_EQ(s.all_tricks_courts.sum(), all);
    EXPECT_EQ(s.streak_courts.sum(), streak);
    EXPECT_EQ(s.hands_per_court.sum(), hands);
    EXPECT_EQ(s.hands_per_court.items(), early + all + streak);
    EXPECT_EQ(s.trump_side_wins.sum(), caller_won);
    EXPECT_EQ(s.trump_side_wins.items(), decided);
    EXPECT_EQ(s.trump_side_wins.games(), o.games);
    EXPECT_EQ(s.finished, finished);
    EXPECT_EQ(s.draws.successes(), draws);
    EXPECT_EQ(s.draws.trials(), finished);
    EXPECT_EQ(s.wins_by_side[0].successes(), side_wins[0]);
    EXPECT_EQ(s.wins_by_side[1].successes(), side_wins[1]);
    EXPECT_EQ(s.wins_by_side_seat[0].successes(), first_dealer_side_wins[0]);
    EXPECT_EQ(s.wins_by_side_seat[1].successes(), first_dealer_side_wins[1]);
    EXPECT_EQ(s.shared_wins, 0) << "partners winning together are one side";
    EXPECT_GT(early, 0) << name;
    EXPECT_GT(streak, 0) << name;
  }
}

// Partners' scores are one side's: the margin is the best side's courts over
// the other's, not 0 between partners; a draw is decided in the last hand
// only when a side led before it.
TEST(CourtsStats, MarginBySideAndDrawsDecidedInTheLastHand) {
  const auto rules = test::builtin("court-piece");
  sim::RulesetStats s(*rules);
  PlayedGame g;
  g.finished = true;
  g.winners = {1, 3};
  g.score = {1, 4, 1, 4};
  g.hands.resize(2);
  for (PlayedHand& h : g.hands) {
    h.taken = {4, 3, 3, 3};
  }
  g.hands[0].score = {1, 1, 1, 1};
  g.hands[1].score = g.score;
  s.add(g, 0);
  EXPECT_EQ(s.margin.sum(), 3);
  EXPECT_TRUE(sim::decided_in_last_hand(g));
  PlayedGame draw = g;
  draw.winners.clear();
  draw.score = {2, 2, 2, 2};
  draw.hands[1].score = draw.score;
  EXPECT_FALSE(sim::decided_in_last_hand(draw)) << "level going in, level at the end";
  draw.hands[0].score = {2, 1, 2, 1};
  EXPECT_TRUE(sim::decided_in_last_hand(draw)) << "Ann & Cat led going in";
  s.add(draw, 0);
  EXPECT_EQ(s.margin.sum(), 3);
  EXPECT_EQ(s.draws.successes(), 1);
  EXPECT_EQ(s.wins_by_side[1].successes(), 1);
  EXPECT_EQ(s.wins_by_side[1].trials(), 2);
}

TEST(CourtsStats, ReportRowsInTextJsonAndCsv) {
  const std::vector<std::string> base{"simulate", "--rules", "court-piece", "--rules", "court-piece-race",
                                      "--games", "40", "--seed", "3", "--bots", "heuristic,random,random,heuristic"};
  const auto text = test::run_cli(base);
  ASSERT_EQ(text.exit_code, 0) << text.err;
  EXPECT_NE(text.out.find("figures over hands clustered by game (`trickref explain simulate`)\n"),
            std::string::npos)
      << text.out;
  for (const char* row : {"unfinished (after 1000 hands)", "early courts per 100 hands",
                          "all-tricks courts per 100 hands", "streak courts per 100 hands", "hands per court",
                          "trump caller's side wins the hand", "wins: side of first dealer",
                          "wins: side of left of first dealer", "wins: seats 1 & 3 (heuristic, random)",
                          "wins: seats 2 & 4 (random, heuristic)", "draws"}) {
    EXPECT_NE(text.out.find(row), std::string::npos) << row;
  }
  // Rows no ruleset of the report has (no quotas, no plucks) are left out of the text.
  for (const char* row : {"made quota", "plucks per hand"}) {
    EXPECT_EQ(text.out.find(row), std::string::npos) << row;
  }
  std::vector<std::string> json_args = base;
  json_args.insert(json_args.end(), {"--format", "json"});
  const auto json = test::run_cli(json_args);
  ASSERT_EQ(json.exit_code, 0);
  const auto j = nlohmann::json::parse(json.out);
  EXPECT_EQ(j["intervals"]["courts"], "clustered by game");
  EXPECT_EQ(j["max_hands"], 1000);
  for (const auto& r : j["rulesets"]) {
    for (const char* key : {"early_per_100_hands", "all_tricks_per_100_hands", "streak_per_100_hands"}) {
      const auto& cell = r.at("courts").at(key);
      ASSERT_TRUE(cell.contains("per_100_hands")) << key << cell.dump();
      EXPECT_LE(cell["low"].get<double>(), cell["per_100_hands"].get<double>()) << key;
      EXPECT_GE(cell["high"].get<double>(), cell["per_100_hands"].get<double>()) << key;
    }
    // (at(): a key missing is a failure, not a crash)
    EXPECT_TRUE(r.at("courts").at("hands_per_court").contains("mean"));
    EXPECT_EQ(r.at("made_quota").at("dealer"), nlohmann::json({{"n", 0}})) << "JSON keeps every key";
    EXPECT_TRUE(r.at("courts").at("trump_caller_side_wins_hand").contains("rate"));
    const double draws = r.at("draws").at("rate").get<double>();
    EXPECT_NEAR(r.at("wins_by_side").at("first_dealer").at("rate").get<double>() +
                    r.at("wins_by_side").at("left_of_first_dealer").at("rate").get<double>() + draws,
                1.0, 1e-5);
    EXPECT_NEAR(r.at("wins_by_bot_side").at("1_3").at("rate").get<double>() +
                    r.at("wins_by_bot_side").at("2_4").at("rate").get<double>() + draws,
                1.0, 1e-5);
  }
  EXPECT_EQ(j.at("rulesets").at(1).at("draws").at("rate"), 0.0) << "a race is never drawn";
  std::vector<std::string> csv_args = base;
  csv_args.insert(csv_args.end(), {"--format", "csv"});
  const auto csv = test::run_cli(csv_args);
  EXPECT_NE(csv.out.find("\ncourt-piece-race,courts.early_per_100_hands,"), std::string::npos) << csv.out;
  EXPECT_NE(csv.out.find("\ncourt-piece,wins_by_bot_side.1_3,"), std::string::npos);
  // A report without a courts game has none of these rows.
  const auto deuces = test::run_cli({"simulate", "--rules", "call-deuces", "--games", "5"});
  for (const char* row : {"courts", "draws", "wins: side of", "wins: seats"}) {
    EXPECT_EQ(deuces.out.find(row), std::string::npos) << row;
  }
  // Beside one, `-` where a ruleset has no courts or no fixed sides.
  const auto mixed = test::run_cli({"simulate", "--rules", "court-piece", "--rules", "call-deuces", "--games", "5"});
  ASSERT_EQ(mixed.exit_code, 0) << mixed.err;
  const auto row = mixed.out.find("wins: seats 1 & 3 (heuristic)");
  ASSERT_NE(row, std::string::npos) << mixed.out;
  const std::string line = mixed.out.substr(row, mixed.out.find('\n', row) - row);
  EXPECT_EQ(line.back(), '-') << line;
  EXPECT_NE(mixed.out.find("figures over hands clustered by game"), std::string::npos);
}

// --- the figures docs/bots.md quotes ---------------------------------------------

// A side of two heuristic bots beats two random bots in at least 90% of
// race games, seated either way (an unfinished game is not won). Seeded:
// the same games every run. (That random races finish within the default
// --max-hands: SimFinish, sim_kinds_test.cpp.)
TEST(CourtsFigures, HeuristicSidesWinRaces) {
  const auto rules = test::builtin("court-piece-race");
  sim::SimulateOptions o;
  o.seed = 2026;
  o.jobs = 2;
  for (const std::vector<std::string>& bots : {std::vector<std::string>{"heuristic", "random", "heuristic", "random"},
                                               std::vector<std::string>{"random", "heuristic", "random", "heuristic"}}) {
    o.bots = bots;
    o.games = 300;
    const auto h = sim::simulate({{"court-piece-race", rules}}, o);
    const std::size_t side = bots[0] == "heuristic" ? 0 : 1;
    const std::int64_t wins = h[0].wins_by_side[side].successes();
    std::cout << "heuristic side: " << wins << " wins of " << h[0].games << " games\n";
    EXPECT_GE(wins * 10, h[0].games * 9);
  }
}

}  // namespace
}  // namespace trickref
