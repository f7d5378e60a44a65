// Confidence-interval arithmetic for `simulate`. Accumulators hold integer
// sums only, so merging the per-thread accumulators in any order gives the
// same figures, bit for bit: --jobs cannot change the output.
//  - a proportion (rate of making quota, win rate, ...) gets the Wilson
//    score interval;
//  - a mean (hands per game, tricks, margin, ...) gets the normal interval,
//    mean ± z·s/√n with the sample standard deviation s (n - 1);
//  - a mean or rate over the hands of many games, where the hands of one
//    game are not independent samples (the same players, one running score),
//    is a ratio of game totals (a ClusteredMean): the estimate is over all
//    hands, and its interval comes from the games' totals, each game one
//    sample (the linearised variance of a ratio estimator);
//  - the difference between two rulesets' figures over the same games (the
//    same seeds: paired) is a difference of two such ratios, its interval
//    from the games' paired totals (a PairedClusteredMean).
// z = 1.959963984540054, a 95% two-sided interval.
#pragma once

#include <cstdint>

namespace trickref::sim {

inline constexpr double kZ95 = 1.959963984540054;

struct Interval {
  double estimate = 0;  // the proportion or the mean; 0 with no samples
  double low = 0;
  double high = 0;
  std::int64_t n = 0;  // samples
};

class Proportion {
 public:
  void add(bool success) {
    successes_ += success ? 1 : 0;
    ++trials_;
  }
  void add(std::int64_t successes, std::int64_t trials) {
    successes_ += successes;
    trials_ += trials;
  }
  void merge(const Proportion& o) { add(o.successes_, o.trials_); }
  [[nodiscard]] std::int64_t successes() const { return successes_; }
  [[nodiscard]] std::int64_t trials() const { return trials_; }
  // Wilson score interval; the estimate is the observed proportion.
  [[nodiscard]] Interval wilson(double z = kZ95) const;

 private:
  std::int64_t successes_ = 0;
  std::int64_t trials_ = 0;
};

class Mean {
 public:
  void add(std::int64_t x) {
    ++n_;
    sum_ += x;
    sum_sq_ += x * x;
  }
  void merge(const Mean& o) {
    n_ += o.n_;
    sum_ += o.sum_;
    sum_sq_ += o.sum_sq_;
  }
  [[nodiscard]] std::int64_t n() const { return n_; }
  [[nodiscard]] std::int64_t sum() const { return sum_; }
  // mean ± z·s/√n; with fewer than two samples the interval is the mean alone.
  [[nodiscard]] Interval normal(double z = kZ95) const;

 private:
  std::int64_t n_ = 0;
  std::int64_t sum_ = 0;
  std::int64_t sum_sq_ = 0;
};

// A mean of values (a rate: values 0 and 1) over items that come in
// clusters, here the hands of a game: game g adds y_g, the sum of its values,
// over n_g items (n_g may be 0). The estimate is R = Σy / Σn, over all items;
// its variance is estimated from the G games' totals, each one sample:
//   v = G / (G − 1) · Σ (y_g − R·n_g)² / (Σn)²,
// the interval R ± z·√v (for a rate, cut to [0, 1]). With fewer than two
// games the interval is the estimate alone; with no items, n = 0.
class ClusteredMean {
 public:
  void add_game(std::int64_t sum, std::int64_t items) {
    ++games_;
    y_ += sum;
    n_ += items;
    yy_ += sum * sum;
    nn_ += items * items;
    yn_ += sum * items;
  }
  void merge(const ClusteredMean& o) {
    games_ += o.games_;
    y_ += o.y_;
    n_ += o.n_;
    yy_ += o.yy_;
    nn_ += o.nn_;
    yn_ += o.yn_;
  }
  [[nodiscard]] std::int64_t games() const { return games_; }
  [[nodiscard]] std::int64_t sum() const { return y_; }
  [[nodiscard]] std::int64_t items() const { return n_; }
  // `rate`: the values are 0 or 1, so the interval is cut to [0, 1].
  [[nodiscard]] Interval interval(bool rate, double z = kZ95) const;

 private:
  std::int64_t games_ = 0;
  std::int64_t y_ = 0;
  std::int64_t n_ = 0;
  std::int64_t yy_ = 0;
  std::int64_t nn_ = 0;
  std::int64_t yn_ = 0;
};

// What one game adds to a figure: the sum of its values and how many there
// are (a game-level figure: its value and 1, or 0 and 0 where the game does
// not count, as an unfinished game in a win rate).
struct Tally {
  std::int64_t sum = 0;
  std::int64_t items = 0;
};

// The paired difference D = R_b − R_a of two ratios over the same G games
// (R = Σy / Σn, as in ClusteredMean; a: the first ruleset, b: another),
// each game one sample of both. Linearised, game g contributes
//   e_g = (y_bg − R_b·n_bg) / N_b − (y_ag − R_a·n_ag) / N_a   (N = Σn),
// and v = G / (G − 1) · Σ e_g², the interval D ± z·√v: what a game's deal
// does to both rulesets cancels out of e_g. Kept as integer sums of the
// products, so merging is exact in any order.
class PairedClusteredMean {
 public:
  void add_game(Tally a, Tally b) {
    ++games_;
    ya_ += a.sum;
    na_ += a.items;
    yb_ += b.sum;
    nb_ += b.items;
    yaya_ += a.sum * a.sum;
    nana_ += a.items * a.items;
    yana_ += a.sum * a.items;
    ybyb_ += b.sum * b.sum;
    nbnb_ += b.items * b.items;
    ybnb_ += b.sum * b.items;
    yayb_ += a.sum * b.sum;
    yanb_ += a.sum * b.items;
    nayb_ += a.items * b.sum;
    nanb_ += a.items * b.items;
  }
  void merge(const PairedClusteredMean& o);
  [[nodiscard]] std::int64_t games() const { return games_; }
  // The difference b − a and its interval; n counts the games. With no item
  // on either side, n = 0 (no difference); with fewer than two games, the
  // interval is the difference alone.
  [[nodiscard]] Interval difference(double z = kZ95) const;

 private:
  std::int64_t games_ = 0;
  std::int64_t ya_ = 0;
  std::int64_t na_ = 0;
  std::int64_t yb_ = 0;
  std::int64_t nb_ = 0;
  std::int64_t yaya_ = 0;
  std::int64_t nana_ = 0;
  std::int64_t yana_ = 0;
  std::int64_t ybyb_ = 0;
  std::int64_t nbnb_ = 0;
  std::int64_t ybnb_ = 0;
  std::int64_t yayb_ = 0;
  std::int64_t yanb_ = 0;
  std::int64_t nayb_ = 0;
  std::int64_t nanb_ = 0;
};

}  // namespace trickref::sim
