// The lists of the games loaded before, kept for the next: a batch of games
// (a JSON Lines archive holds thousands of one shape) reuses them rather
// than allocating and freeing every list of cards anew. Scratch, passed in
// by value to each load (load_game): one a thread, owned by whoever loads
// (batch.cpp keeps one a worker); the record read is the same with or
// without it.
#pragma once

#include <cstddef>
#include <optional>
#include <utility>
#include <vector>

#include "transcript/transcript.h"

namespace trickref {

// Lists of one kind kept from the game read before, handed out again in
// the order they were kept: a game reads its lists in the order the one
// before it did, so each list gets the storage of the same list of the game
// before, and the lists lie in memory in the order they are read.
template <class T>
class KeptLists {
 public:
  // A list, empty, with the capacity it had (none if none is left).
  std::vector<T> take() {
    if (next_ == lists_.size()) {
      return {};
    }
    return std::move(lists_[next_++]);
  }
  // The lists kept from here on take the places of the lists taken, in
  // order; a list not taken again stays kept (after them), not freed.
  void restart() {
    next_ = 0;
    put_ = 0;
  }
  // Empties `v` and keeps its storage.
  void keep(std::vector<T>& v) {
    if (v.capacity() == 0) {
      return;
    }
    v.clear();
    if (put_ < lists_.size()) {
      if (lists_[put_].capacity() != 0 && lists_.size() < kMost) {
        std::vector<T> later = std::move(lists_[put_]);  // a list not taken: kept further on
        lists_.push_back(std::move(later));
      }
      lists_[put_++] = std::move(v);
    } else if (lists_.size() < kMost) {
      lists_.push_back(std::move(v));
      ++put_;
    }
  }

 private:
  // At most this many lists of a kind are kept (a game of a thousand hands is not kept whole).
  static constexpr std::size_t kMost = 8192;
  std::vector<std::vector<T>> lists_;
  std::size_t next_ = 0;  // the next list take() gives
  std::size_t put_ = 0;   // the place keep() fills next
};

class LoadScratch {
 public:
  // Empties `g` (a game load_game gave, done with), keeping the storage of
  // its lists for the games loaded next with this scratch. `g` is left
  // with no hands.
  void recycle(Game& g);

  // The lists recycle() kept, for a loader filling a Game to take: each
  // comes empty, with the capacity it had. A list of cards of a trick's
  // size (`few`, up to kFewCards) and a longer one (a deal's) are kept apart.
  static constexpr std::size_t kFewCards = 8;
  [[nodiscard]] std::vector<CardRef> card_list(bool few) { return (few ? few_cards_ : cards_).take(); }
  [[nodiscard]] std::vector<TrickRec> trick_list() { return tricks_.take(); }
  [[nodiscard]] std::vector<std::vector<CardRef>> deal_list() { return deals_.take(); }
  [[nodiscard]] std::vector<PluckRec> pluck_list() { return plucks_.take(); }
  [[nodiscard]] std::vector<Loc> loc_list() { return locs_.take(); }
  [[nodiscard]] std::vector<HandRec> hand_list() { return hands_.take(); }
  // A map of numbers (`taken`, `score`) with a slot for each of `players`, none filled.
  [[nodiscard]] SeatNumbers seat_numbers(std::size_t players);

 private:
  void keep_cards(std::vector<CardRef>& v) { (v.capacity() <= kFewCards ? few_cards_ : cards_).keep(v); }
  void keep_numbers(std::optional<SeatNumbers>& n);
  void keep_hand(HandRec& h);

  // Lists of cards by size: a trick's few (up to kFewCards), a deal's more.
  KeptLists<CardRef> few_cards_;
  KeptLists<CardRef> cards_;
  KeptLists<TrickRec> tricks_;
  KeptLists<std::vector<CardRef>> deals_;
  KeptLists<PluckRec> plucks_;
  KeptLists<Loc> locs_;
  KeptLists<std::optional<long long>> numbers_;
  KeptLists<HandRec> hands_;
};

}  // namespace trickref
