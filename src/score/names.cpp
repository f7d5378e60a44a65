#include "score/names.h"

#include <algorithm>
#include <map>
#include <tuple>

#include "base/text.h"

namespace trickref {

namespace {

// The base letter of a Latin-1 or Latin Extended-A letter (U+00C0-U+017F),
// lower case; 0 where it has none (×, ÷) or the table does not know it.
char32_t base_letter(char32_t c) {
  // U+00C0-U+00FF: ÀÁÂÃÄÅÆÇÈÉÊËÌÍÎÏÐÑÒÓÔÕÖ×ØÙÚÛÜÝÞß àáâãäåæçèéêëìíîïðñòóôõö÷øùúûüýþÿ
  static constexpr char kLatin1[] = "aaaaaaaceeeeiiiidnooooo\0ouuuuy\0saaaaaaaceeeeiiiidnooooo\0ouuuuy\0y";
  static_assert(sizeof(kLatin1) == 0x40 + 1);
  if (c >= 0xC0 && c <= 0xFF) {
    return static_cast<char32_t>(static_cast<unsigned char>(kLatin1[c - 0xC0]));
  }
  // U+0100-U+017F (ligatures and special letters by their first letter: Œ o, Ł l).
  static constexpr char kExtendedA[] =
      "aaaaaaccccccccddddeeeeeeeeeegggggggghhhhiiiiiiiiiiiijjkkkllllllllllnnnnnnnnnoooooooorrrrrrssssssssttttttuuuuuu"
      "uuuuuuwwyyyzzzzzzs";
  static_assert(sizeof(kExtendedA) == 0x80 + 1);
  if (c >= 0x100 && c <= 0x17F) {
    return static_cast<char32_t>(static_cast<unsigned char>(kExtendedA[c - 0x100]));
  }
  return 0;
}

// Whether a and b are one edit apart (one code point added, dropped or changed).
bool one_edit(const std::u32string& a, const std::u32string& b) {
  const std::u32string& s = a.size() <= b.size() ? a : b;
  const std::u32string& l = a.size() <= b.size() ? b : a;
  if (l.size() - s.size() > 1) {
    return false;
  }
  // Past the common start, the rest must match with one code point skipped
  // in the longer (or, at equal lengths, in both).
  const auto [sd, ld] = std::mismatch(s.begin(), s.end(), l.begin());
  if (sd == s.end()) {
    return true;
  }
  return std::equal(s.size() == l.size() ? sd + 1 : sd, s.end(), ld + 1);
}

}  // namespace

std::u32string folded_name(const std::string& name) {
  std::u32string out;
  for (char32_t c : code_points(name)) {
    if (c >= 'A' && c <= 'Z') {
      c += 'a' - 'A';
    } else if (c >= 0x300 && c <= 0x36F) {
      continue;  // a combining accent (a decomposed "é")
    } else if (const char32_t base = base_letter(c); base != 0) {
      c = base;
    }
    out.push_back(c);
  }
  return out;
}

std::vector<SimilarNames> similar_names(const std::vector<std::vector<std::string>>& games) {
  // Each name's games, in order.
  std::map<std::string, std::vector<int>> played;
  for (std::size_t g = 0; g < games.size(); ++g) {
    for (const auto& p : games[g]) {
      auto& list = played[p];
      if (list.empty() || list.back() != static_cast<int>(g)) {
        list.push_back(static_cast<int>(g));
      }
    }
  }
  struct Name {
    const std::string* text;
    std::u32string folded;
    const std::vector<int>* games;
  };
  // By folded length: only names of equal or next length can be one edit apart.
  std::map<std::size_t, std::vector<Name>> by_length;
  for (const auto& [name, list] : played) {
    std::u32string f = folded_name(name);
    by_length[f.size()].push_back(Name{&name, std::move(f), &list});
  }
  auto share_a_game = [](const std::vector<int>& a, const std::vector<int>& b) {
    std::size_t i = 0;
    std::size_t j = 0;
    while (i < a.size() && j < b.size()) {
      if (a[i] == b[j]) {
        return true;
      }
      (a[i] < b[j] ? i : j) += 1;
    }
    return false;
  };
  std::vector<SimilarNames> out;
  auto consider = [&](const Name& a, const Name& b) {
    const bool same = a.folded == b.folded;
    if (!same && (std::max(a.folded.size(), b.folded.size()) < 4 || !one_edit(a.folded, b.folded))) {
      return;
    }
    if (share_a_game(*a.games, *b.games)) {
      return;  // they sat at one table: two people
    }
    const auto na = static_cast<int>(a.games->size());
    const auto nb = static_cast<int>(b.games->size());
    const bool a_keeps = na > nb || (na == nb && *a.text < *b.text);
    const Name& keep = a_keeps ? a : b;
    const Name& merge = a_keeps ? b : a;
    out.push_back(SimilarNames{*keep.text, *merge.text, static_cast<int>(keep.games->size()),
                               static_cast<int>(merge.games->size()), same});
  };
  for (const auto& [length, names] : by_length) {
    const auto next = by_length.find(length + 1);
    for (std::size_t i = 0; i < names.size(); ++i) {
      for (std::size_t j = i + 1; j < names.size(); ++j) {
        consider(names[i], names[j]);
      }
      if (next != by_length.end()) {
        for (const auto& other : next->second) {
          consider(names[i], other);
        }
      }
    }
  }
  std::sort(out.begin(), out.end(), [](const SimilarNames& x, const SimilarNames& y) {
    return std::tie(x.keep, x.merge) < std::tie(y.keep, y.merge);
  });
  return out;
}

}  // namespace trickref
