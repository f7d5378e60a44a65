// The referee's reading of a hand (referee/reading.h), apart from any
// judging: who played each card, the leaders, a trick written from the
// wrong seat, the card meant for a mistyped token, the tricks proven held
// and legal as written, and a first leader nobody can know.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "base/diagnostic.h"
#include "engine/game.h"
#include "engine/hand.h"
#include "engine/playout.h"
#include "referee/reading.h"
#include "support/test_support.h"
#include "transcript/transcript_loader.h"
#include "transcript/writer.h"
#include "yaml/tree.h"

namespace trickref {
namespace {

// A random Pluck game, written with every detail, read back as a record.
struct ReadingFixture {
  std::shared_ptr<const Ruleset> rules = test::builtin("pluck");
  PlayedGame played;
  std::string yaml;

  ReadingFixture() {
    PlayoutOptions po;
    po.seed = 42;
    played = play_random_game(*rules, po);
    WriteOptions wo;
    wo.detail = Detail::kFull;
    yaml = to_yaml(played, *rules, "pluck", {"Ann", "Bob", "Cat"}, wo);
  }
};

// The game of `text`, as the loader reads it.
Game load(const std::string& text) {
  YamlReader reader(text, Limits{});
  DiagnosticSink sink("t.yaml");
  Document doc;
  EXPECT_TRUE(reader.next(doc, sink));
  return load_game(doc.root(), "t.yaml", 0, sink);
}

// The hand machine at hand 1 of `game`, the recorded deal applied (when
// there is one) and trump named: where the referee reads the plays.
HandState at_play(const Ruleset& r, const GameState& g, const HandRec& h) {
  HandState m;
  start_hand(m, g, h.number, h.dealer->seat);
  if (h.deal) {
    std::array<CardSet, kMaxPlayers> hands{};
    for (std::size_t s = 0; s < h.deal->size(); ++s) {
      for (const auto& c : (*h.deal)[s]) {
        hands[s].insert(*c.card);
      }
    }
    apply_deal(m, hands, CardSet());
  }
  apply_trump(m, *h.trump);
  (void)r;
  return m;
}

TEST(HandReading, ReadsEveryPlayAsWrittenWhereEachIsHeldAndLegal) {
  const ReadingFixture f;
  const Game game = load(f.yaml);
  const GameState g = start_game(*f.rules);
  const HandRec& h = game.hands.at(0);
  const HandState m = at_play(*f.rules, g, h);
  HandReading reading(*f.rules, 3);
  reading.start_hand(h.dealer->seat, g);
  ASSERT_TRUE(reading.attribute(h, m));
  EXPECT_FALSE(reading.first_leader_unknown());
  ASSERT_EQ(reading.plays().size(), 51U);
  EXPECT_TRUE(reading.legal().read_all);
  for (std::size_t t = 0; t < h.tricks->size(); ++t) {
    EXPECT_TRUE(reading.legal().proven(t)) << "trick " << t + 1;
    EXPECT_EQ(reading.rotations()[t], 0);
  }
  // Each play is by the seat dealt the card, the first lead by the holder of 2C.
  for (const Play& p : reading.plays()) {
    EXPECT_TRUE(m.hands[static_cast<std::size_t>(p.seat)].contains(p.card)) << to_string(p.card);
  }
  EXPECT_EQ(reading.plays().front().card, test::c("2C"));
  EXPECT_TRUE(m.hands[static_cast<std::size_t>(reading.leaders().front())].contains(test::c("2C")));
  EXPECT_EQ(reading.leaders(), f.played.hands[0].leaders);
  EXPECT_TRUE(reading.meant().empty());
}

TEST(HandReading, FindsATrickWrittenFromTheWrongSeat) {
  const ReadingFixture f;
  Game game = load(f.yaml);
  HandRec& h = game.hands.at(0);
  // Trick 3 written from the second player on.
  auto& cards = (*h.tricks)[2].cards;
  std::rotate(cards.begin(), cards.begin() + 1, cards.end());
  const GameState g = start_game(*f.rules);
  const HandState m = at_play(*f.rules, g, h);
  HandReading reading(*f.rules, 3);
  reading.start_hand(h.dealer->seat, g);
  ASSERT_TRUE(reading.attribute(h, m));
  EXPECT_FALSE(reading.legal().proven(2));
  EXPECT_EQ(reading.rotations()[2], 2) << "the leader's card is written last";
  EXPECT_EQ(reading.plays().size(), 51U);
}

TEST(HandReading, ReadsAMistypedTokenAsTheOneCardThatFits) {
  const ReadingFixture f;
  Game game = load(f.yaml);
  HandRec& h = game.hands.at(0);
  CardRef& slip = (*h.tricks)[4].cards[1];
  const Card meant = *slip.card;
  slip.card.reset();
  slip.text = TokenText("zz");
  const GameState g = start_game(*f.rules);
  const HandState m = at_play(*f.rules, g, h);
  HandReading reading(*f.rules, 3);
  reading.start_hand(h.dealer->seat, g);
  ASSERT_TRUE(reading.attribute(h, m));
  ASSERT_EQ(reading.meant().size(), 1U);
  EXPECT_EQ(reading.meant().front().trick, 4);
  EXPECT_EQ(reading.meant().front().index, 1);
  EXPECT_EQ(reading.meant().front().card, meant);
  ASSERT_NE(reading.meant_entry(4, 1), nullptr);
  EXPECT_EQ(reading.meant_entry(4, 0), nullptr);
}

TEST(HandReading, WithoutADealNobodyCanBeKnownToLeadTheTwoOfClubs) {
  const ReadingFixture f;
  Game game = load(f.yaml);
  HandRec& h = game.hands.at(0);
  h.deal.reset();
  const GameState g = start_game(*f.rules);
  const HandState m = at_play(*f.rules, g, h);
  HandReading reading(*f.rules, 3);
  reading.start_hand(h.dealer->seat, g);
  EXPECT_FALSE(reading.attribute(h, m));
  EXPECT_TRUE(reading.first_leader_unknown());
  // Named, the leader is taken as recorded.
  h.tricks->front().leader = PlayerRef{};
  h.tricks->front().leader->seat = f.played.hands[0].leaders.front();
  EXPECT_TRUE(reading.attribute(h, m));
  EXPECT_EQ(reading.leaders().front(), f.played.hands[0].leaders.front());
  EXPECT_EQ(reading.plays().size(), 51U);
}

}  // namespace
}  // namespace trickref
