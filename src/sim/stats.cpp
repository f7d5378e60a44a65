#include "sim/stats.h"

#include <algorithm>
#include <cmath>

namespace trickref::sim {

Interval Proportion::wilson(double z) const {
  Interval out;
  out.n = trials_;
  if (trials_ == 0) {
    return out;
  }
  const double n = static_cast<double>(trials_);
  const double p = static_cast<double>(successes_) / n;
  const double z2 = z * z;
  const double denom = 1.0 + z2 / n;
  const double centre = (p + z2 / (2.0 * n)) / denom;
  const double half = z * std::sqrt(p * (1.0 - p) / n + z2 / (4.0 * n * n)) / denom;
  out.estimate = p;
  out.low = std::max(0.0, centre - half);
  out.high = std::min(1.0, centre + half);
  return out;
}

Interval Mean::normal(double z) const {
  Interval out;
  out.n = n_;
  if (n_ == 0) {
    return out;
  }
  const double n = static_cast<double>(n_);
  const double mean = static_cast<double>(sum_) / n;
  out.estimate = mean;
  out.low = mean;
  out.high = mean;
  if (n_ < 2) {
    return out;
  }
  // (n·Σx² − (Σx)²) / (n(n − 1)), in long double: the integer sums are exact.
  const long double ln = static_cast<long double>(n_);
  const long double s = static_cast<long double>(sum_);
  const long double var = (ln * static_cast<long double>(sum_sq_) - s * s) / (ln * (ln - 1.0L));
  const double half = z * std::sqrt(static_cast<double>(std::max(var, 0.0L)) / n);
  out.low = mean - half;
  out.high = mean + half;
  return out;
}

}  // namespace trickref::sim
