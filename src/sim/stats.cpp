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

Interval ClusteredMean::interval(bool rate, double z) const {
  Interval out;
  out.n = n_;
  if (n_ == 0) {
    return out;
  }
  const long double r = static_cast<long double>(y_) / static_cast<long double>(n_);
  out.estimate = static_cast<double>(r);
  out.low = out.estimate;
  out.high = out.estimate;
  if (games_ < 2) {
    return out;
  }
  // Σ(y − R·n)² = Σy² − 2R·Σyn + R²·Σn², in long double: the sums are exact integers.
  const long double residual = static_cast<long double>(yy_) - 2.0L * r * static_cast<long double>(yn_) +
                               r * r * static_cast<long double>(nn_);
  const long double g = static_cast<long double>(games_);
  const long double n = static_cast<long double>(n_);
  const long double var = std::max(residual, 0.0L) * g / ((g - 1.0L) * n * n);
  const double half = z * std::sqrt(static_cast<double>(var));
  out.low = out.estimate - half;
  out.high = out.estimate + half;
  if (rate) {
    out.low = std::max(0.0, out.low);
    out.high = std::min(1.0, out.high);
  }
  return out;
}

void PairedClusteredMean::merge(const PairedClusteredMean& o) {
  games_ += o.games_;
  ya_ += o.ya_;
  na_ += o.na_;
  yb_ += o.yb_;
  nb_ += o.nb_;
  yaya_ += o.yaya_;
  nana_ += o.nana_;
  yana_ += o.yana_;
  ybyb_ += o.ybyb_;
  nbnb_ += o.nbnb_;
  ybnb_ += o.ybnb_;
  yayb_ += o.yayb_;
  yanb_ += o.yanb_;
  nayb_ += o.nayb_;
  nanb_ += o.nanb_;
}

Interval PairedClusteredMean::difference(double z) const {
  Interval out;
  if (na_ == 0 || nb_ == 0) {
    return out;
  }
  out.n = games_;
  using L = long double;
  const L na = static_cast<L>(na_);
  const L nb = static_cast<L>(nb_);
  const L ra = static_cast<L>(ya_) / na;
  const L rb = static_cast<L>(yb_) / nb;
  out.estimate = static_cast<double>(rb - ra);
  out.low = out.estimate;
  out.high = out.estimate;
  if (games_ < 2) {
    return out;
  }
  // Σe² expanded into the integer sums: the two ratios' own residual sums
  // (as in ClusteredMean::interval) less twice their cross product.
  const L aa = static_cast<L>(yaya_) - 2.0L * ra * static_cast<L>(yana_) + ra * ra * static_cast<L>(nana_);
  const L bb = static_cast<L>(ybyb_) - 2.0L * rb * static_cast<L>(ybnb_) + rb * rb * static_cast<L>(nbnb_);
  const L ab = static_cast<L>(yayb_) - ra * static_cast<L>(nayb_) - rb * static_cast<L>(yanb_) +
               ra * rb * static_cast<L>(nanb_);
  const L sum_sq = bb / (nb * nb) + aa / (na * na) - 2.0L * ab / (na * nb);
  const L g = static_cast<L>(games_);
  const L var = std::max(sum_sq, 0.0L) * g / (g - 1.0L);
  const double half = z * std::sqrt(static_cast<double>(var));
  out.low = out.estimate - half;
  out.high = out.estimate + half;
  return out;
}

}  // namespace trickref::sim
