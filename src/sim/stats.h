// Confidence-interval arithmetic for `simulate`. Accumulators hold integer
// sums only, so merging the per-thread accumulators in any order gives the
// same figures, bit for bit: --jobs cannot change the output.
//  - a proportion (rate of making quota, win rate, ...) gets the Wilson
//    score interval;
//  - a mean (hands per game, tricks, margin, ...) gets the normal interval,
//    mean ± z·s/√n with the sample standard deviation s (n - 1).
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

}  // namespace trickref::sim
