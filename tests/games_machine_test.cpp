// The hand machine's phases and policies for the auction and partnership
// games (call-deuces.md, court-piece.md), pinned in the engine: the phase
// order each ruleset gives, the auction's turns, ends and faults, the
// bidder's kitty and discard, the partner found by the two of trump, card
// points and the contract, early courts, streaks, the dealer by the hand's
// result, the end of a race and `bidder_first`; then whole games played by
// the bots through the same machine, checked against the rules' totals.
#include <gtest/gtest.h>

#include <numeric>

#include "engine/game.h"
#include "engine/hand.h"
#include "engine/play.h"
#include "engine/playout.h"
#include "sim/bots.h"
#include "support/test_support.h"

namespace trickref {
namespace {

using test::c;

std::vector<Phase> phases_of(const std::string& name) {
  const PhaseList l = hand_phases(*test::builtin(name));
  return {l.begin(), l.end()};
}

using P = Phase;

TEST(GamePhases, EachRulesetGivesItsOrder) {
  EXPECT_EQ(phases_of("pluck"), (std::vector<Phase>{P::kDeal, P::kExchange, P::kTrump, P::kPlay, P::kCount}));
  EXPECT_EQ(phases_of("nine-five-two"),
            (std::vector<Phase>{P::kDeal, P::kExchange, P::kTrump, P::kKitty, P::kPlay, P::kCount}));
  EXPECT_EQ(phases_of("call-deuces"), (std::vector<Phase>{P::kDeal, P::kAuction, P::kKitty, P::kTrump, P::kDiscard,
                                                          P::kPlay, P::kCount}));
  EXPECT_EQ(phases_of("call-deuces-5"), phases_of("call-deuces"));
  EXPECT_EQ(phases_of("court-piece"), (std::vector<Phase>{P::kDeal, P::kTrump, P::kDealRest, P::kPlay, P::kCount}));
}

TEST(GamePhases, TheTrumpCallerIsTheRulesChoice) {
  const auto cp = test::builtin("court-piece");
  GameState g = start_game(*cp);
  HandState h;
  start_hand(h, g, 1, 2);  // Cat deals: Dan names trump
  EXPECT_EQ(trump_chooser(h), 3);
  EXPECT_EQ(check_trump(h, 3), std::nullopt);
  const auto v = check_trump(h, 1);
  ASSERT_TRUE(v);
  EXPECT_EQ(v->code, Code::kWrongTrumpCaller);
  EXPECT_EQ(v->seat, 1);
  EXPECT_EQ(v->other, 3);
  const auto any = test::builtin("sergeant-major-program");
  GameState ga = start_game(*any);
  HandState ha;
  start_hand(ha, ga, 1, 0);
  EXPECT_EQ(check_trump(ha, 2), std::nullopt) << "trump.chooser: any checks nobody";
}

// ------------------------------------------------------------------ auction

struct Table {
  explicit Table(const Ruleset& rules, int dealer = 0) : r(rules), g(start_game(r)) {
    start_hand(h, g, 1, dealer);
  }
  // One call: the faults it breaks (codes), then made.
  std::vector<Code> call(int seat, std::optional<int> bid) {
    std::vector<Violation> v;
    check_call(h, seat, bid, v);
    apply_call(h, seat, bid);
    std::vector<Code> out;
    out.reserve(v.size());
    for (const auto& x : v) {
      out.push_back(x.code);
    }
    return out;
  }
  Ruleset r;
  GameState g;
  HandState h;
};

const std::vector<Code> kClean;
constexpr std::nullopt_t kPass = std::nullopt;

TEST(Auction, CallsGoLeftSkippingPassesUntilOneBidStands) {
  Table t(*test::builtin("call-deuces"));  // Ann deals: Bob calls first
  EXPECT_EQ(t.h.auction.turn, 1);
  EXPECT_EQ(t.call(1, 16), kClean);
  EXPECT_EQ(t.call(2, kPass), kClean);
  EXPECT_EQ(t.call(3, 19), kClean);
  EXPECT_EQ(t.h.auction.turn, 0);
  EXPECT_EQ(t.call(0, kPass), kClean);
  EXPECT_EQ(t.h.auction.turn, 1) << "Cat passed for good: the call goes from Ann to Bob";
  EXPECT_FALSE(t.h.auction.over());
  EXPECT_EQ(t.call(1, kPass), kClean);
  EXPECT_TRUE(t.h.auction.over());
  EXPECT_TRUE(has_contract(t.h));
  EXPECT_EQ(t.h.auction.bidder, 3);
  EXPECT_EQ(t.h.auction.high, 19);
  EXPECT_EQ(kitty_taker(t.h), 3);
  EXPECT_EQ(trump_chooser(t.h), 3);
  EXPECT_EQ(check_trump(t.h, 0)->other, 3) << "the bidder names trump";

  Table u(*test::builtin("call-deuces"));
  EXPECT_EQ(u.call(1, kPass), kClean);
  EXPECT_EQ(u.call(2, 16), kClean);
  EXPECT_EQ(u.call(3, kPass), kClean);
  EXPECT_EQ(u.call(0, 17), kClean);
  EXPECT_EQ(u.h.auction.turn, 2) << "Bob passed for good: the call skips him";
  EXPECT_EQ(u.call(1, 18), std::vector<Code>{Code::kBidOutOfTurn}) << "Bob bids again after passing";
  EXPECT_EQ(u.h.auction.bidder, 1) << "the record stands: he is back in, holding 18";
}

TEST(Auction, LegalCallsAndTheirFaults) {
  Table t(*test::builtin("call-deuces"));
  CallOptions o = legal_calls(t.h);
  EXPECT_TRUE(o.pass);
  EXPECT_EQ(o.lo, 15);
  EXPECT_EQ(o.hi, 33);
  EXPECT_EQ(t.call(2, 17), std::vector<Code>{Code::kBidOutOfTurn}) << "Bob is due, not Cat";
  EXPECT_EQ(t.h.auction.turn, 3) << "the call counts for Cat and the turn passes on from her";
  EXPECT_EQ(t.call(3, 17), std::vector<Code>{Code::kBidTooLow});
  EXPECT_EQ(t.h.auction.bidder, 2) << "an equal bid does not take the contract without bidding.hold";
  EXPECT_EQ(t.call(0, 34), std::vector<Code>{Code::kBidRange});
  EXPECT_EQ(t.h.auction.high, 34) << "a number out of range still counts as a bid of that value";
  EXPECT_TRUE(t.h.auction.over()) << "a bid of max or more ends the auction";
  EXPECT_EQ(t.call(1, 14), (std::vector<Code>{Code::kBidOutOfTurn, Code::kBidRange}))
      << "after the end: out of turn, and out of range besides";
  EXPECT_EQ(t.h.auction.bidder, 0);
}

TEST(Auction, HoldLetsALaterCallerEqualTheBid) {
  Table t(*test::builtin("call-deuces"));
  t.r.bidding.hold = true;
  t.h.rules = &t.r;
  EXPECT_EQ(t.call(1, 17), kClean);
  EXPECT_EQ(legal_calls(t.h).lo, 17);
  EXPECT_EQ(t.call(2, 17), kClean);
  EXPECT_EQ(t.h.auction.bidder, 2);
}

TEST(Auction, EveryonePassingVoidsTheHand) {
  Table t(*test::builtin("call-deuces"));
  for (int seat : {1, 2, 3, 0}) {
    EXPECT_EQ(t.call(seat, kPass), kClean);
  }
  EXPECT_TRUE(t.h.auction.over());
  EXPECT_TRUE(t.h.void_hand);
  EXPECT_FALSE(has_contract(t.h));
}

TEST(Auction, DealerMustBidAfterThreePasses) {
  Ruleset r = *test::builtin("call-deuces");
  r.bidding.all_pass = AllPass::kDealerMustBid;
  Table t(r);
  for (int seat : {1, 2, 3}) {
    EXPECT_EQ(t.call(seat, kPass), kClean);
  }
  EXPECT_FALSE(legal_calls(t.h).pass);
  EXPECT_EQ(legal_calls(t.h).lo, 15);
  EXPECT_EQ(t.call(0, kPass), std::vector<Code>{Code::kBidAllPass});
  EXPECT_TRUE(t.h.void_hand) << "the record stands: the hand is void as any all-pass hand";
}

TEST(Auction, OnceAroundEachCallsOnceTheDealerLast) {
  Ruleset r = *test::builtin("call-deuces");
  r.bidding.style = BiddingStyle::kOnceAround;
  Table t(r, 2);  // Cat deals: Dan, Ann, Bob, Cat
  EXPECT_EQ(t.call(3, 33), kClean);
  EXPECT_FALSE(t.h.auction.over()) << "a bid of max does not cut the round short";
  EXPECT_EQ(t.call(0, kPass), kClean);
  EXPECT_EQ(t.call(1, kPass), kClean);
  EXPECT_EQ(t.h.auction.turn, 2);
  EXPECT_EQ(t.call(2, kPass), kClean);
  EXPECT_TRUE(t.h.auction.over());
  EXPECT_EQ(t.h.auction.bidder, 3);
}

TEST(Auction, WithoutFinalPassesTheAuctionEndsAfterThreePassesInARow) {
  Ruleset r = *test::builtin("call-deuces");
  r.bidding.pass_is_final = false;
  Table t(r);
  EXPECT_EQ(t.call(1, 16), kClean);
  EXPECT_EQ(t.call(2, kPass), kClean);
  EXPECT_EQ(t.call(3, kPass), kClean);
  EXPECT_EQ(t.call(0, 17), kClean);
  EXPECT_EQ(t.call(1, kPass), kClean);
  EXPECT_EQ(t.call(2, 18), kClean) << "Cat passed, and may bid again when the call comes round";
  for (int seat : {3, 0, 1}) {
    EXPECT_EQ(t.call(seat, kPass), kClean);
  }
  EXPECT_TRUE(t.h.auction.over());
  EXPECT_EQ(t.h.auction.bidder, 2);
  EXPECT_EQ(t.h.auction.high, 18);
}

// --------------------------------------------------- kitty, discard, partner

// Call Deuces with Ann dealing, the 54 cards dealt in deck order (Ann the
// first 13, ...) and the last two to the kitty; Dan wins the auction at 19.
struct Deuces : Table {
  explicit Deuces(const Ruleset& rules) : Table(rules) {
    std::array<CardSet, kMaxPlayers> hands{};
    CardSet kitty;
    int k = 0;
    for (Card card : r.deck) {
      if (k < 52) {
        hands[static_cast<std::size_t>(k / 13)].insert(card);
      } else {
        kitty.insert(card);
      }
      ++k;
    }
    apply_deal(h, hands, kitty);
    call(1, kPass);
    call(2, kPass);
    call(3, 19);
    call(0, kPass);
  }
  int holder(Card card) const {
    for (int s = 0; s < 4; ++s) {
      if (h.hands[static_cast<std::size_t>(s)].contains(card)) {
        return s;
      }
    }
    return -1;
  }
};

TEST(Partner, TheHolderOfTheTwoOfTrumpIsThePartner) {
  Deuces d(*test::builtin("call-deuces"));
  ASSERT_EQ(d.h.auction.bidder, 3);
  take_kitty(d.h);
  EXPECT_EQ(d.h.hands[3].size(), 15);
  // Trump is named: the partner card is the two of that suit.
  for (const Suit trump : {Suit::kClubs, Suit::kDiamonds, Suit::kHearts, Suit::kSpades}) {
    HandState h = d.h;
    apply_trump(h, trump);
    EXPECT_EQ(partner_card(h), Card::of(trump, 0));
    const int holder = d.holder(Card::of(trump, 0));
    // Discard two cards that are not the partner card.
    CardSet discard;
    for (Card card : h.hands[3]) {
      if (discard.size() < 2 && card != partner_card(h)) {
        discard.insert(card);
      }
    }
    apply_kitty(h, discard);
    EXPECT_EQ(h.hands[3].size(), 13);
    start_play(h, first_leader(h, true));
    EXPECT_EQ(h.play.leader, 3) << "the bidder leads";
    EXPECT_EQ(h.partner, holder == 3 ? -1 : holder) << to_string(partner_card(h));
  }
}

TEST(Partner, TheBidderIsSoloHoldingOrDiscardingIt) {
  Deuces d(*test::builtin("call-deuces"));
  take_kitty(d.h);
  // Trump is a suit whose two Dan holds: solo.
  HandState h = d.h;
  Suit own = Suit::kClubs;
  for (const Suit s : {Suit::kClubs, Suit::kDiamonds, Suit::kHearts, Suit::kSpades}) {
    if (h.hands[3].contains(Card::of(s, 0))) {
      own = s;
    }
  }
  const bool dan_holds_a_two = h.hands[3].contains(Card::of(own, 0));
  if (dan_holds_a_two) {
    apply_trump(h, own);
    apply_kitty(h, CardSet());
    start_play(h, 3);
    EXPECT_EQ(h.partner, -1);
  }
  // Trump is hearts; Dan gives the two of hearts away in the discard.
  HandState k = d.h;
  apply_trump(k, Suit::kHearts);
  const int holder = d.holder(c("2H"));
  if (holder == 3) {
    EXPECT_EQ(check_discard(k, c("2H")), std::nullopt) << "solo_by_discard: true";
    apply_kitty(k, CardSet::of(c("2H")));
    start_play(k, 3);
    EXPECT_EQ(k.partner, -1);
  } else {
    EXPECT_EQ(check_discard(k, c("2H"))->clause, Clause::kDiscardNotHeld);
  }
  EXPECT_TRUE(dan_holds_a_two || holder == 3) << "the deal in deck order gives Dan a two";
}

TEST(Discard, ForbiddenCardsAreADiscardFault) {
  Ruleset r = *test::builtin("call-deuces");
  r.discard_forbid.points = true;
  r.solo_by_discard = false;
  Deuces d(r);
  take_kitty(d.h);
  apply_trump(d.h, Suit::kSpades);
  // Dan holds the last 13 of the deck order plus the kitty (the jokers).
  const CardSet held = d.h.hands[3];
  ASSERT_TRUE(held.contains(Card::big_joker()));
  EXPECT_EQ(check_discard(d.h, Card::big_joker()), std::nullopt) << "jokers are not forbidden here";
  EXPECT_EQ(check_discard(d.h, c("2C"))->clause, Clause::kDiscardNotHeld) << "Ann holds 2C";
  for (Card five : {c("5C"), c("5D"), c("5H"), c("5S")}) {
    if (held.contains(five)) {
      EXPECT_EQ(check_discard(d.h, five)->clause, Clause::kDiscardForbidden) << to_string(five);
    }
  }
  if (held.contains(c("2S"))) {
    EXPECT_EQ(check_discard(d.h, c("2S"))->clause, Clause::kDiscardPartnerCard);
  }
  EXPECT_TRUE(forbidden_discards(d.h).contains(c("2S")));
  EXPECT_TRUE(forbidden_discards(d.h).contains(c("5H")));
  EXPECT_FALSE(forbidden_discards(d.h).contains(c("6H")));
}

// ------------------------------------------------------------ card points

HandTally contract(int bidder, int bid, int partner, std::array<int, 4> points) {
  HandTally t;
  t.players = 4;
  t.bidder = bidder;
  t.bid = bid;
  t.partner = partner;
  std::copy(points.begin(), points.end(), t.points.begin());
  return t;
}

std::vector<long long> scored(const Ruleset& r, const HandTally& t) {
  const GameState g = start_game(r);
  std::vector<long long> out;
  out.reserve(4);
  for (int s = 0; s < 4; ++s) {
    out.push_back(hand_points(g, t, s));
  }
  return out;
}

TEST(CardPoints, TheContractMadeOrSet) {
  Ruleset r = *test::builtin("call-deuces");
  // transcript.md's example: Dan bid 19, Bob held 2H; 3, 12, 4 and 14 points.
  EXPECT_EQ(scored(r, contract(3, 19, 1, {3, 12, 4, 14})), (std::vector<long long>{3, 26, 4, 26}));
  EXPECT_EQ(scored(r, contract(3, 27, 1, {3, 12, 4, 14})), (std::vector<long long>{3, -27, 4, -27}));
  EXPECT_EQ(scored(r, contract(3, 19, -1, {3, 12, 4, 20})), (std::vector<long long>{3, 12, 4, 40}))
      << "solo made: doubled";
  EXPECT_EQ(scored(r, contract(3, 21, -1, {3, 12, 4, 20})), (std::vector<long long>{3, 12, 4, -21}))
      << "solo set: the loss is not doubled";
  r.made = ScoringMade::kOwnPoints;
  EXPECT_EQ(scored(r, contract(3, 19, 1, {3, 12, 4, 14})), (std::vector<long long>{3, 12, 4, 14}));
  r.made = ScoringMade::kBid;
  EXPECT_EQ(scored(r, contract(3, 19, 1, {3, 12, 4, 14})), (std::vector<long long>{3, 19, 4, 19}));
  r.set = ScoringSet::kMinusBidBidderOnly;
  r.defenders = Defenders::kNone;
  EXPECT_EQ(scored(r, contract(3, 27, 1, {3, 12, 4, 14})), (std::vector<long long>{0, 0, 0, -27}));
  HandTally none = contract(-1, 0, -1, {0, 0, 0, 0});
  none.void_hand = true;
  EXPECT_EQ(scored(r, none), (std::vector<long long>{0, 0, 0, 0}));
}

TEST(CardPoints, BidderFirstGoesOutBeforeDefenders) {
  Ruleset r = *test::builtin("call-deuces");
  r.tie = TieRule::kBidderFirst;
  GameState g = start_game(r);
  g.score = {160, 140, 170, 120};
  const HandTally t = contract(0, 20, 2, {});
  EXPECT_TRUE(game_ends(g, t));
  std::array<int, kMaxPlayers> w{};
  ASSERT_EQ(game_winners(g, t, w), 1);
  EXPECT_EQ(w[0], 0) << "the bidder goes out first, though Cat scored more";
  r.tie = TieRule::kContinue;
  EXPECT_EQ(game_winners(g, t, w), 1);
  EXPECT_EQ(w[0], 2);
}

// ----------------------------------------------------------------- courts

// A Court Piece hand (Ann deals, so Bob names trump) whose tricks were won,
// in order, by `winners`; the hand ends where the machine says.
struct Courts {
  explicit Courts(const Ruleset& rules) : r(rules), g(start_game(r)) {}
  HandTally hand(int dealer, const std::vector<int>& winners, bool* ended_early = nullptr) {
    HandState h;
    start_hand(h, g, g.hands + 1, dealer);
    apply_trump(h, Suit::kSpades);
    h.play.taken = {};
    int t = 0;
    bool early = false;
    for (const int w : winners) {
      h.play.won_by[static_cast<std::size_t>(t)] = static_cast<std::uint8_t>(w);
      ++h.play.taken[static_cast<std::size_t>(w)];
      h.play.trick = ++t;
      if (hand_ends_after_trick(h)) {
        end_hand_at(h, t);
        early = true;
        break;
      }
    }
    if (ended_early != nullptr) {
      *ended_early = early;
    }
    const HandTally tally_ = tally(h, tricks_counted(h));
    count_hand(g, tally_);
    return tally_;
  }
  Ruleset r;
  GameState g;
};

const std::vector<int> kSevenToAnnAndCat = {0, 2, 0, 0, 2, 2, 0};

TEST(CourtsHand, AnEarlyCourtEndsTheHandUnlessPlayedOn) {
  Courts cp(*test::builtin("court-piece"));
  bool early = false;
  const HandTally t = cp.hand(1, {0, 2, 0, 0, 2, 2, 0, 1, 1, 1, 1, 1, 1}, &early);
  EXPECT_TRUE(early) << "`either`: the machine stops (a record shows the choice)";
  EXPECT_EQ(t.early_court_side, 0);
  EXPECT_EQ(t.winner_side, 0);
  EXPECT_FALSE(t.all_tricks);
  EXPECT_EQ(cp.g.score[0], 1);
  EXPECT_EQ(cp.g.score[2], 1) << "partners share the side's courts";
  EXPECT_EQ(cp.g.score[1], 0);

  Courts on(*test::builtin("court-piece"));
  on.r.after_early_court = AfterEarlyCourt::kPlayOn;
  std::vector<int> all13(13, 2);
  const HandTally all = on.hand(1, all13, &early);
  EXPECT_FALSE(early);
  EXPECT_TRUE(all.all_tricks);
  EXPECT_EQ(on.g.score[0], 52) << "all thirteen after an early court: 52 instead of 1";
  const HandTally lost = on.hand(2, {0, 2, 0, 0, 2, 2, 0, 1, 3, 1, 1, 1, 1}, &early);
  EXPECT_EQ(lost.early_court_side, 0);
  EXPECT_EQ(on.g.score[0], 53) << "failing the 52 costs nothing";
}

TEST(CourtsHand, TrumpCallerSideOnlyAndMajority) {
  Courts cp(*test::builtin("court-piece"));
  cp.r.early_court_side = EarlyCourtSide::kTrumpCaller;  // Ann deals: Bob calls trump
  cp.r.stop_at_majority = true;
  bool early = false;
  const HandTally t = cp.hand(0, kSevenToAnnAndCat, &early);
  EXPECT_TRUE(early) << "not an early court (Bob's side called), but a majority";
  EXPECT_EQ(t.early_court_side, -1);
  EXPECT_EQ(t.winner_side, 0);
  EXPECT_EQ(cp.g.score[0], 0) << "an ordinary win: no court";
  const HandTally split = cp.hand(0, {1, 0, 1, 3, 0, 3, 1, 2, 3, 1, 0, 0, 0}, &early);
  EXPECT_TRUE(early);
  EXPECT_EQ(split.winner_side, 1);
  EXPECT_EQ(split.taken[1] + split.taken[3], 7) << "Bob & Dan reached 7 at trick 10, and the hand ended there";
  EXPECT_EQ(split.taken[0] + split.taken[2], 3);
}

TEST(CourtsHand, SevenHandsInARowScoreACourt) {
  Courts cp(*test::builtin("court-piece"));
  const std::vector<int> bob_side = {1, 0, 3, 1, 3, 2, 1, 3, 1, 0, 0, 2, 3};  // 8 to 5
  for (int n = 1; n <= 6; ++n) {
    cp.hand(0, bob_side);
    EXPECT_EQ(cp.g.streak_side, 1);
    EXPECT_EQ(cp.g.streak, n);
    EXPECT_EQ(cp.g.score[1], 0);
  }
  cp.hand(0, bob_side);
  EXPECT_EQ(cp.g.score[1], 1);
  EXPECT_EQ(cp.g.score[3], 1);
  EXPECT_EQ(cp.g.streak_side, 1);
  EXPECT_EQ(cp.g.streak, 0) << "after a streak court: that side with count 0";
  cp.hand(0, kSevenToAnnAndCat);
  EXPECT_EQ(cp.g.streak_side, 0);
  EXPECT_EQ(cp.g.streak, 1);
  cp.r.early_court_in_streak = false;
  cp.hand(0, bob_side);
  cp.hand(0, kSevenToAnnAndCat);
  EXPECT_EQ(cp.g.streak_side, 1) << "an early court leaves the streak as it was";
  EXPECT_EQ(cp.g.streak, 1);
  EXPECT_EQ(cp.g.score[0], 2);
}

TEST(CourtsHand, ARevokeForfeitGivesTheOpponentsTheHandAndACourt) {
  Courts cp(*test::builtin("court-piece"));
  HandState h;
  start_hand(h, cp.g, 1, 0);
  h.play.taken = {3, 0, 1, 0};
  h.play.trick = 4;
  for (int t = 0; t < 4; ++t) {
    h.play.won_by[static_cast<std::size_t>(t)] = static_cast<std::uint8_t>(t == 2 ? 2 : 0);
  }
  end_hand_at(h, 4);
  h.forfeit_side = 0;  // Ann revoked at trick 4
  const HandTally t = tally(h, tricks_counted(h));
  EXPECT_EQ(t.winner_side, 1);
  count_hand(cp.g, t);
  EXPECT_EQ(cp.g.score[1], 1);
  EXPECT_EQ(cp.g.score[0], 0);
  EXPECT_EQ(next_dealer(cp.g, 0), 2) << "rule 1: the dealer's side forfeited: the dealer's partner deals";
  EXPECT_EQ(next_dealer(cp.g, 1), 2) << "rule 1: the opponents forfeited: the next player deals";
}

TEST(CourtsDealer, TheFourRulesOfByResult) {
  const auto kept = test::builtin("court-piece");  // held: the reference below must outlive the call
  const Ruleset& base = *kept;
  auto after = [&](int dealer, const std::vector<int>& winners, const Ruleset& r) {
    Courts cp(r);
    cp.hand(dealer, winners);
    return next_dealer(cp.g, dealer);
  };
  const std::vector<int> ann_side = {0, 1, 2, 3, 0, 2, 0, 2, 1, 0, 2, 0, 3};  // 8 to 5, no court
  EXPECT_EQ(after(0, ann_side, base), 1) << "rule 2: the dealer's side won: next(D)";
  EXPECT_EQ(after(1, ann_side, base), 1) << "rule 4: the opponents won without a court: D again";
  EXPECT_EQ(after(1, kSevenToAnnAndCat, base), 3) << "rule 3: the opponents won a court: P(D)";
  EXPECT_EQ(after(0, kSevenToAnnAndCat, base), 1) << "rule 2: the dealer's side won a court: next(D)";
  Ruleset house = base;
  house.after_dealer_court = AfterDealerCourt::kDealerPartner;
  house.after_caller_court = AfterCallerCourt::kSameDealer;
  EXPECT_EQ(after(0, kSevenToAnnAndCat, house), 2);
  EXPECT_EQ(after(1, kSevenToAnnAndCat, house), 1);
  EXPECT_EQ(after(1, {0, 1, 2, 3, 0, 1, 2, 3, 1, 3, 0, 2}, base), 1) << "level on 12 tricks: nobody won, D again";
}

TEST(CourtsEnd, TheFirstSideToSevenCourtsAndMoreWins) {
  Courts cp(*test::builtin("court-piece-race"));
  HandTally last;
  cp.g.score = {6, 6, 6, 6};
  EXPECT_FALSE(game_ends(cp.g, last));
  cp.g.score = {7, 6, 7, 6};
  EXPECT_TRUE(game_ends(cp.g, last)) << "partners level with each other are one side in the best place";
  std::array<int, kMaxPlayers> w{};
  ASSERT_EQ(game_winners(cp.g, last, w), 2);
  EXPECT_EQ(w[0], 0);
  EXPECT_EQ(w[1], 2);
  cp.g.score = {8, 8, 8, 8};
  EXPECT_FALSE(game_ends(cp.g, last)) << "both at N or more and level: play on";
}

// ------------------------------------------------------ whole games by bots


PlayedGame bots_game(const Ruleset& r, std::uint64_t seed) {
  PlayoutOptions po;
  po.seed = seed;
  po.hands_no_target = 12;
  return play_random_game(r, po);
}

TEST(GamesByBots, CallDeucesHandsTotalTheirPointsAndScoreByTheContract) {
  for (const char* name : {"call-deuces", "call-deuces-5"}) {
    const auto kept = test::builtin(name);
    const Ruleset& r = *kept;
    const int total = name == std::string("call-deuces") ? 33 : 30;
    int hands = 0;
    int voids = 0;
    int solos = 0;
    for (std::uint64_t seed = 1; seed <= 40; ++seed) {
      const PlayedGame g = bots_game(r, seed);
      ASSERT_FALSE(g.hands.empty());
      std::vector<long long> before(static_cast<std::size_t>(r.players), 0);
      for (const auto& h : g.hands) {
        ++hands;
        if (h.bidder < 0) {
          ++voids;
          EXPECT_TRUE(h.tricks.empty());
          EXPECT_EQ(h.score, before) << "a void hand scores nothing";
          continue;
        }
        ASSERT_EQ(static_cast<int>(h.points.size()), r.players);
        EXPECT_EQ(std::accumulate(h.points.begin(), h.points.end(), 0), total) << name << " seed " << seed;
        EXPECT_EQ(h.discard.size(), 2);
        EXPECT_EQ(static_cast<int>(h.tricks.size()), r.hand_size);
        EXPECT_EQ(h.leaders[0], h.bidder) << "the bidder leads";
        // The partner held the two of trump at the start of play.
        const Card two = Card::of(h.trump, 0);
        int holder = -1;
        for (std::size_t t = 0; t < h.tricks.size(); ++t) {
          for (std::size_t i = 0; i < h.tricks[t].size(); ++i) {
            if (h.tricks[t][i] == two) {
              holder = (h.leaders[t] + static_cast<int>(i)) % r.players;
            }
          }
        }
        EXPECT_EQ(h.partner, holder == h.bidder ? -1 : holder);
        solos += h.partner < 0 ? 1 : 0;
        // Scored by the contract, from the points.
        HandTally t;
        t.players = r.players;
        t.bidder = h.bidder;
        t.bid = h.bid;
        t.partner = h.partner;
        std::copy(h.points.begin(), h.points.end(), t.points.begin());
        const GameState gs = start_game(r);
        for (int s = 0; s < r.players; ++s) {
          EXPECT_EQ(h.score[static_cast<std::size_t>(s)] - before[static_cast<std::size_t>(s)], hand_points(gs, t, s));
        }
        before = h.score;
      }
      if (g.finished) {
        const long long top = *std::max_element(g.score.begin(), g.score.end());
        EXPECT_GE(top, r.end_value);
        ASSERT_EQ(g.winners.size(), 1U);
        EXPECT_EQ(g.score[static_cast<std::size_t>(g.winners[0])], top);
      }
    }
    EXPECT_GT(hands, 100);
    EXPECT_GT(voids, 0) << "random bots pass half the time: some hands are void";
    EXPECT_GT(solos, 0);
  }
}

TEST(GamesByBots, CourtPieceSidesShareCourtsAndDealersFollowTheResult) {
  for (const char* name : {"court-piece", "court-piece-race"}) {
    const auto kept = test::builtin(name);
    const Ruleset& r = *kept;
    int early = 0;
    for (std::uint64_t seed = 1; seed <= 40; ++seed) {
      const PlayedGame g = bots_game(r, seed);
      for (std::size_t k = 0; k < g.hands.size(); ++k) {
        const auto& h = g.hands[k];
        EXPECT_EQ(h.score[0], h.score[2]);
        EXPECT_EQ(h.score[1], h.score[3]);
        EXPECT_EQ(h.leaders[0], (h.dealer + 1) % 4) << "left of the dealer leads";
        if (h.early_court_side >= 0) {
          ++early;
          EXPECT_EQ(h.tricks.size(), 7U) << "`either`: a bot stops at the early court";
          EXPECT_EQ(h.winner_side, h.early_court_side);
        } else {
          EXPECT_EQ(h.tricks.size(), 13U);
        }
        if (k + 1 < g.hands.size()) {
          const int d = h.dealer;
          const int next = g.hands[k + 1].dealer;
          const bool own = h.winner_side == d % 2;
          const long long courts = h.score[static_cast<std::size_t>(h.winner_side)] -
                                   (k == 0 ? 0 : g.hands[k - 1].score[static_cast<std::size_t>(h.winner_side)]);
          const int expected = own ? (d + 1) % 4 : courts > 0 ? (d + 2) % 4 : d;
          EXPECT_EQ(next, expected) << name << " seed " << seed << " hand " << k + 1;
        }
      }
      if (r.end == GameEnd::kTarget && g.finished) {
        const auto& s = g.score;
        EXPECT_TRUE((s[0] >= 7 && s[0] > s[1]) || (s[1] >= 7 && s[1] > s[0]));
      }
    }
    EXPECT_GT(early, 0);
  }
}

TEST(GamesByBots, TheSameSeedPlaysTheSameGame) {
  for (const char* name : {"call-deuces", "court-piece-race"}) {
    const PlayedGame a = bots_game(*test::builtin(name), 17);
    const PlayedGame b = bots_game(*test::builtin(name), 17);
    ASSERT_EQ(a.hands.size(), b.hands.size());
    for (std::size_t k = 0; k < a.hands.size(); ++k) {
      EXPECT_EQ(a.hands[k].tricks, b.hands[k].tricks);
      EXPECT_EQ(a.hands[k].bids, b.hands[k].bids);
      EXPECT_EQ(a.hands[k].score, b.hands[k].score);
    }
  }
}

}  // namespace
}  // namespace trickref

namespace trickref {
namespace {

// Court Piece games the bots play: simulate's report (no quota figures),
// and their transcripts referee clean.
TEST(GamesByBots, CourtPieceTranscriptsValidateClean) {
  const auto sim = test::run_cli({"simulate", "--rules", "court-piece-race", "--games", "20", "--seed", "4"});
  EXPECT_EQ(sim.exit_code, 0) << sim.err;
  EXPECT_NE(sim.out.find("court-piece-race"), std::string::npos);
  EXPECT_EQ(sim.out.find("made quota"), std::string::npos) << "no quotas: no row";
  for (const char* rules : {"court-piece", "court-piece-race"}) {
    const std::string file = testing::TempDir() + "cp-" + rules + ".jsonl";
    const auto out = test::run_cli({"simulate", "--rules", rules, "--games", "3", "--seed", "4", "--out", file});
    ASSERT_EQ(out.exit_code, 0) << out.err;
    const auto v = test::run_cli({"validate", file});
    EXPECT_EQ(v.exit_code, 0) << v.out;
    EXPECT_NE(v.out.find("3 games: 0 errors, 0 warnings"), std::string::npos) << v.out;
  }
}

// Call Deuces games the bots play are written out and referee clean, at
// every level, as YAML and as JSON Lines.
TEST(GamesByBots, CallDeucesTranscriptsValidateClean) {
  for (const char* rules : {"call-deuces", "call-deuces-5"}) {
    for (const char* level : {"sheet", "exchange", "plays", "full"}) {
      for (const char* ext : {".yaml", ".jsonl"}) {
        const std::string file = testing::TempDir() + "cd-" + rules + "-" + level + ext;
        const auto sim = test::run_cli(
            {"simulate", "--rules", rules, "--games", "3", "--seed", "11", "--out", file, "--detail", level});
        ASSERT_EQ(sim.exit_code, 0) << sim.err;
        const auto v = test::run_cli({"validate", file});
        EXPECT_EQ(v.exit_code, 0) << rules << " " << level << ext << "\n" << v.out;
        EXPECT_NE(v.out.find("3 games: 0 errors, 0 warnings"), std::string::npos) << v.out;
      }
    }
  }
}

}  // namespace
}  // namespace trickref

namespace trickref {
namespace {

CardSet hand_of(std::initializer_list<const char*> tokens) {
  CardSet out;
  for (const char* t : tokens) {
    out.insert(*parse_card(t));
  }
  return out;
}

// The heuristic bot bids on what it expects its side to take: a hand of top
// trumps, side aces and fives opens; a hand of low cards passes; it never
// bids past its estimate, and bids when it may not pass.
TEST(HeuristicBidding, BidsOnTheHandsValue) {
  const auto rules = test::builtin("call-deuces");
  const CardSet strong = hand_of({"BJ", "LJ", "AS", "KS", "QS", "JS", "10S", "5S", "AH", "AD", "AC", "5H", "5D"});
  const CardSet weak = hand_of({"2C", "3C", "4D", "6D", "7H", "8H", "9S", "3S", "4S", "6C", "7C", "2D", "3H"});
  // Tricks 7 (BJ LJ A K a whole one each, Q J 10 5 three quarters) + 3 side aces; fives 15 x 0.66; a
  // partner's half share of 33 / 4.
  EXPECT_EQ(sim::expected_points(*rules, strong), 24);
  EXPECT_EQ(sim::expected_points(*rules, weak), 7);
  sim::HeuristicBot bot;
  PlayoutRng rng(1);
  HandView v;
  v.rules = rules.get();
  v.hand = strong;
  EXPECT_EQ(bot.call(v, true, 15, 33, rng), 15) << "the lowest bid that is legal, within its estimate";
  EXPECT_EQ(bot.call(v, true, 25, 33, rng), 0) << "past its estimate: a pass";
  v.hand = weak;
  EXPECT_EQ(bot.call(v, true, 15, 33, rng), 0);
  EXPECT_EQ(bot.call(v, false, 15, 33, rng), 15) << "the dealer who must bid bids the least";
  EXPECT_EQ(bot.call(v, true, 34, 33, rng), 0) << "no bid left";
}

}  // namespace
}  // namespace trickref
