// Property tests (rapidcheck): random legal games referee clean at every
// level of detail; every single-card mutation of a clean record is either
// reported or leaves a record the rules allow, decided by replaying it
// through the engine's legal lists; a record the tool writes loads back as
// the same record. Case counts are fixed here (not RC_PARAMS) so the suite's
// time stays bounded; a failure prints the seed to reproduce it.
#include <rapidcheck.h>

#include <array>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "engine/play.h"
#include "engine/playout.h"
#include "ruleset/ruleset_loader.h"
#include "support/test_support.h"
#include "transcript/transcript_loader.h"
#include "transcript/writer.h"
#include "yaml/tree.h"

namespace trickref {
namespace {

const std::vector<std::string>& names() {
  static const std::vector<std::string> n = test::refereed_builtins();
  return n;
}
// The players' names for a ruleset's number of seats.
std::vector<std::string> seat_names(const Ruleset& rules) {
  static const std::vector<std::string> all = {"Ann", "Bob", "Cat", "Dan", "Eve", "Fay"};
  return {all.begin(), all.begin() + rules.players};
}

// Runs `property` for `cases` generated cases, failing the test with rapidcheck's report.
template <class Property>
void check(int cases, Property&& property) {
  rc::detail::TestParams params;
  params.maxSuccess = cases;
  params.maxSize = 100;
  params.seed = 20261121;
  const auto result = rc::detail::checkTestable(std::forward<Property>(property), rc::detail::TestMetadata{}, params);
  if (!result.template is<rc::detail::SuccessResult>()) {
    std::ostringstream ss;
    rc::detail::printResultMessage(result, ss);
    FAIL() << ss.str();
  }
}

PlayedGame random_game(const Ruleset& rules, std::uint64_t seed, int dealer, int max_hands) {
  PlayoutOptions po;
  po.seed = seed;
  po.first_dealer = dealer;
  po.max_hands = max_hands;
  po.hands_no_target = 3;
  return play_random_game(rules, po);
}

bool has_error(const std::vector<GameReport>& games) {
  for (const auto& g : games) {
    for (const auto& d : g.diagnostics) {
      if (d.severity == Severity::kError) {
        return true;
      }
    }
  }
  return false;
}

TEST(Property, RandomLegalGamesRefereeCleanAtEveryLevel) {
  check(100, [] {
    const auto name = *rc::gen::elementOf(names());
    const auto seed = *rc::gen::inRange<std::uint64_t>(1, 1'000'000'000);
    const int dealer = *rc::gen::inRange(0, 3);
    const auto detail = *rc::gen::element(Detail::kSheet, Detail::kExchange, Detail::kPlays, Detail::kFull);
    const bool json = *rc::gen::arbitrary<bool>();
    const auto rules = test::builtin(name);
    const PlayedGame game = random_game(*rules, seed, dealer, 8);
    WriteOptions wo;
    wo.detail = detail;
    const std::string text = json ? to_json(game, *rules, name, seat_names(*rules), wo).dump() : to_yaml(game, *rules, name, seat_names(*rules), wo);
    const auto reports = test::validate_yaml(text, json ? "t.json" : "t.yaml");
    RC_ASSERT(reports.size() == 1U);
    RC_ASSERT(test::diagnostics_text(reports) == std::string());
    RC_ASSERT(reports[0].result.has_value());
    RC_ASSERT(reports[0].result->hands.size() == game.hands.size());
  });
}

// Replays hand `h` of `game` as recorded through the engine, from the cards
// each seat played (the hands at the start of play): true when every card
// is in the engine's legal list when it is played.
bool plays_legal(const Ruleset& rules, const PlayedHand& h) {
  // Seats by replay: the leader of each trick follows from the cards as played.
  std::array<CardSet, kMaxPlayers> held{};
  {
    PlayState s = start_play(rules, h.trump, held, h.leaders[0]);
    for (const auto& trick : h.tricks) {
      for (const Card c : trick) {
        held[static_cast<std::size_t>(s.to_play())].insert(c);
        apply_play(s, s.to_play(), c);
      }
      (void)finish_trick(s);
    }
  }
  for (int p = 0; p < rules.players; ++p) {
    if (held[static_cast<std::size_t>(p)].size() != rules.hand_size) {
      return false;  // a card played twice, or by two seats
    }
  }
  PlayState s = start_play(rules, h.trump, held, h.leaders[0]);
  for (const auto& trick : h.tricks) {
    for (const Card c : trick) {
      if (!legal_plays(s).contains(c)) {
        return false;
      }
      apply_play(s, s.to_play(), c);
    }
    (void)finish_trick(s);
  }
  return true;
}

TEST(Property, EverySingleCardMutationIsReportedOrAllowed) {
  check(150, [] {
    const auto name = *rc::gen::elementOf(names());
    const auto seed = *rc::gen::inRange<std::uint64_t>(1, 1'000'000'000);
    const auto rules = test::builtin(name);
    PlayedGame game = random_game(*rules, seed, 0, 3);
    RC_PRE(!game.hands.empty());
    const auto h = static_cast<std::size_t>(*rc::gen::inRange<std::size_t>(0, game.hands.size()));
    PlayedHand& hand = game.hands[h];
    const auto t = *rc::gen::inRange<std::size_t>(0, hand.tricks.size());
    const auto i = *rc::gen::inRange<std::size_t>(0, hand.tricks[t].size());
    const Card original = hand.tricks[t][i];
    std::vector<Card> deck;
    for (const Card c : rules->deck) {
      if (c != original) {
        deck.push_back(c);
      }
    }
    const Card replacement = *rc::gen::elementOf(deck);
    // Either the card alone changes, or it changes places with the same
    // card elsewhere in the hand (a different choice by whoever played it).
    const bool swap = *rc::gen::arbitrary<bool>();
    for (auto& trick : hand.tricks) {
      for (Card& c : trick) {
        if (swap && c == replacement) {
          c = original;
        }
      }
    }
    hand.tricks[t][i] = replacement;
    const bool allowed = plays_legal(*rules, hand);
    const auto detail = *rc::gen::element(Detail::kPlays, Detail::kFull);
    WriteOptions wo;
    wo.detail = detail;
    wo.scores = false;  // the figures would follow from the mutated play
    const std::string yaml = to_yaml(game, *rules, name, seat_names(*rules), wo);
    const auto reports = test::validate_yaml(yaml);
    RC_LOG() << yaml;
    if (!allowed) {
      RC_ASSERT(has_error(reports));
    }
  });
}

TEST(Property, AWrittenRecordLoadsBackAsTheSameRecord) {
  check(100, [] {
    const auto name = *rc::gen::elementOf(names());
    const auto seed = *rc::gen::inRange<std::uint64_t>(1, 1'000'000'000);
    const auto rules = test::builtin(name);
    const PlayedGame game = random_game(*rules, seed, *rc::gen::inRange(0, 3), 6);
    WriteOptions wo;
    wo.id = "g-" + std::to_string(seed);
    const bool json = *rc::gen::arbitrary<bool>();
    const std::string text =
        json ? to_json(game, *rules, name, seat_names(*rules), wo).dump(2) : to_yaml(game, *rules, name, seat_names(*rules), wo);
    YamlReader reader(text, Limits{});
    Document doc;
    DiagnosticSink sink("t");
    RC_ASSERT(reader.next(doc, sink));
    const Game loaded = load_game(doc.root(), "t", 0, sink);
    RC_ASSERT(sink.diagnostics().empty());
    RC_ASSERT(loaded.ruleset_ref == std::optional<std::string>(name));
    RC_ASSERT(loaded.id == wo.id);
    RC_ASSERT(loaded.players == seat_names(*rules));
    RC_ASSERT(loaded.hands.size() == game.hands.size());
    auto same_cards = [](const std::vector<CardRef>& refs, const std::vector<Card>& cards) {
      if (refs.size() != cards.size()) {
        return false;
      }
      for (std::size_t k = 0; k < refs.size(); ++k) {
        if (!refs[k].card || *refs[k].card != cards[k]) {
          return false;
        }
      }
      return true;
    };
    auto set_of = [](const std::vector<CardRef>& refs) {
      CardSet s;
      for (const auto& r : refs) {
        if (r.card) {
          s.insert(*r.card);
        }
      }
      return s;
    };
    for (std::size_t k = 0; k < game.hands.size(); ++k) {
      const PlayedHand& want = game.hands[k];
      const HandRec& got = loaded.hands[k];
      RC_ASSERT(got.dealer.has_value() && got.dealer->seat == want.dealer);
      if (rules->has_auction()) {
        // The calls as made, in order (a pass is 0 in the played game).
        RC_ASSERT(got.bids.has_value() && got.bids->size() == want.bids.size());
        for (std::size_t c = 0; c < want.bids.size(); ++c) {
          const CallRec& call = (*got.bids)[c];
          RC_ASSERT(call.kind == (want.bids[c].second > 0 ? CallRec::kBid : CallRec::kPass));
          if (call.kind == CallRec::kBid) {
            RC_ASSERT(call.bid == want.bids[c].second);
          }
        }
        if (want.bidder < 0) {
          RC_ASSERT(!got.tricks.has_value() && !got.trump.has_value());  // a void hand: nothing more
          continue;
        }
        RC_ASSERT(got.partner.has_value());
        RC_ASSERT(got.partner->player.has_value() == (want.partner >= 0));
        if (got.partner->player) {
          RC_ASSERT(got.partner->player->seat == want.partner);
        }
        RC_ASSERT(got.points.has_value() && got.points->complete());
        for (int p = 0; p < rules->players; ++p) {
          RC_ASSERT(*got.points->values[static_cast<std::size_t>(p)] == want.points[static_cast<std::size_t>(p)]);
        }
      }
      RC_ASSERT(got.trump == std::optional<Suit>(want.trump));
      RC_ASSERT(got.deal.has_value());
      for (int p = 0; p < rules->players; ++p) {
        RC_ASSERT(set_of((*got.deal)[static_cast<std::size_t>(p)]) == want.deal[static_cast<std::size_t>(p)]);
      }
      RC_ASSERT(got.tricks.has_value() && got.tricks->size() == want.tricks.size());
      for (std::size_t t = 0; t < want.tricks.size(); ++t) {
        RC_ASSERT(same_cards((*got.tricks)[t].cards, want.tricks[t]));
      }
      if (rules->has_quotas() && (k > 0 || !want.plucks.empty())) {
        RC_ASSERT(got.plucks.has_value() && got.plucks->size() == want.plucks.size());
        for (std::size_t q = 0; q < want.plucks.size(); ++q) {
          const PluckRec& pr = (*got.plucks)[q];
          RC_ASSERT(pr.by.seat == want.plucks[q].by);
          RC_ASSERT(pr.from.seat == want.plucks[q].from);
          RC_ASSERT(pr.gives.card == std::optional<Card>(want.plucks[q].gives));
        }
      }
      RC_ASSERT(got.taken.has_value() && got.taken->complete());
      for (int p = 0; p < rules->players; ++p) {
        RC_ASSERT(*got.taken->values[static_cast<std::size_t>(p)] == want.taken[static_cast<std::size_t>(p)]);
      }
    }
  });
}

}  // namespace
}  // namespace trickref
