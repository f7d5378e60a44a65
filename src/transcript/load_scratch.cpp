#include "transcript/load_scratch.h"

namespace trickref {

void LoadScratch::keep_numbers(std::optional<SeatNumbers>& n) {
  if (n) {
    numbers_.keep(n->values);
    locs_.keep(n->locs);
  }
}

void LoadScratch::keep_hand(HandRec& h) {
  keep_numbers(h.taken);
  keep_numbers(h.score);
  keep_numbers(h.points);
  keep_numbers(h.streak);
  if (h.deal) {
    for (auto& seat : *h.deal) {
      keep_cards(seat);
    }
    deals_.keep(*h.deal);
  }
  locs_.keep(h.deal_seat_locs);
  if (h.kitty) {
    keep_cards(*h.kitty);
  }
  if (h.discard) {
    keep_cards(*h.discard);
  }
  if (h.plucks) {
    plucks_.keep(*h.plucks);
  }
  if (h.shows) {
    for (auto& show : *h.shows) {
      keep_cards(show.cards);
    }
  }
  if (h.tricks) {
    for (auto& t : *h.tricks) {
      keep_cards(t.cards);
    }
    tricks_.keep(*h.tricks);
  }
}

void LoadScratch::recycle(Game& g) {
  few_cards_.restart();
  cards_.restart();
  tricks_.restart();
  deals_.restart();
  plucks_.restart();
  locs_.restart();
  numbers_.restart();
  hands_.restart();
  for (HandRec& h : g.hands) {
    keep_hand(h);
  }
  hands_.keep(g.hands);
}

SeatNumbers LoadScratch::seat_numbers(std::size_t players) {
  SeatNumbers n;
  n.values = numbers_.take();
  n.values.resize(players);
  n.locs = locs_.take();
  n.locs.resize(players);
  return n;
}

}  // namespace trickref
