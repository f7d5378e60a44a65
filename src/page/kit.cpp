#include "page/kit.h"

#include <cassert>
#include <cmath>

#include <fmt/format.h>

#include "base/text.h"

namespace trickref::page {

std::string esc(std::string_view s) { return html_text(s); }

std::string head(std::string_view generator, std::string_view title, std::string_view style) {
  return fmt::format(
      "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
      "<meta name=\"generator\" content=\"{}\">\n<title>{}</title>\n<style>{}</style>\n</head>\n<body>\n",
      generator, esc(title), style);
}

std::string_view colour(std::size_t i, std::size_t size) {
  assert(size >= 2 && size <= kPalette.size());
  const std::size_t at = i % size;
  return at + 1 == size ? kPalette.back() : kPalette[at];
}

std::string num(double x) {
  std::string s = fmt::format("{:.1f}", x);
  if (s.size() > 2 && s.ends_with(".0")) {
    s.resize(s.size() - 2);
  }
  return s == "-0" ? "0" : s;
}

std::vector<double> ticks(double lo, double hi) {
  const double range = hi - lo;
  if (!(range > 0)) {
    return {lo};
  }
  double step = std::pow(10.0, std::floor(std::log10(range)) - 1);
  for (int i = 0; range / step > 5; ++i) {
    step *= (i % 3 == 1) ? 2.5 : 2;
  }
  std::vector<double> out;
  for (double t = std::ceil(lo / step) * step; t <= hi + step * 1e-9; t += step) {
    out.push_back(std::abs(t) < step * 1e-9 ? 0.0 : t);
  }
  return out;
}

std::string legend(const std::vector<LegendEntry>& entries) {
  std::string out = "<ul class=\"legend\">";
  for (const auto& e : entries) {
    out += fmt::format("<li><span class=\"swatch\" style=\"background:{}\"></span>{}</li>", e.colour, e.html);
  }
  return out + "</ul>\n";
}

std::string stylesheet(std::initializer_list<std::string_view> rules) {
  std::string out = "\n";
  for (const std::string_view r : rules) {
    assert(r.ends_with('\n'));
    out += r;
  }
  return out;
}

std::string table_rules(const TableStyle& t) {
  return fmt::format(
      "table{{border-collapse:separate;border-spacing:0;{}font-variant-numeric:tabular-nums}}\n"
      "th,td{{padding:{};border-bottom:1px solid #ddd;text-align:right;white-space:nowrap;background:#fff}}\n"
      "thead th{{background:#eef4f9;font-weight:600{}}}\n",
      t.full_width ? "width:100%;" : "", t.padding, t.heads_at_bottom ? ";vertical-align:bottom" : "");
}

std::string legend_rules(std::string_view margin) {
  return fmt::format(
      ".legend{{list-style:none;padding:0;margin:{};display:flex;flex-wrap:wrap;gap:.2rem 1rem}}\n"
      ".swatch{{display:inline-block;width:.9em;height:.9em;border-radius:2px;margin-right:.35em;"
      "vertical-align:-.1em}}\n",
      margin);
}

std::string chart_text_rules(std::string_view grid, std::string_view text) {
  return fmt::format("svg .grid line{{stroke:{};stroke-width:1}}\nsvg text{{fill:{}}}\n", grid, text);
}

}  // namespace trickref::page
