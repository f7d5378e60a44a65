#include "score/names.h"

#include <algorithm>
#include <cstdint>
#include <map>
#include <optional>
#include <tuple>
#include <unordered_map>

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

namespace {

constexpr std::uint64_t kBase = 0x100000001B3ULL;

// The polynomial hashes of a folded name's prefixes (mod 2^64): h[i] of its
// first i code points, and pw[i] = kBase^i.
struct Prefixes {
  std::vector<std::uint64_t> h;
  std::vector<std::uint64_t> pw;
  explicit Prefixes(const std::u32string& f) : h(f.size() + 1, 0), pw(f.size() + 1, 1) {
    for (std::size_t i = 0; i < f.size(); ++i) {
      h[i + 1] = h[i] * kBase + static_cast<std::uint64_t>(f[i]) + 1;
      pw[i + 1] = pw[i] * kBase;
    }
  }
  [[nodiscard]] std::uint64_t whole() const { return h.back(); }
  // The hash of the name without its code point at `i`.
  [[nodiscard]] std::uint64_t without(std::size_t i) const {
    const std::size_t n = h.size() - 1;
    const std::uint64_t tail = h[n] - h[i + 1] * pw[n - 1 - i];
    return h[i] * pw[n - 1 - i] + tail;
  }
};

// A deletion at a place, for names of one length that differ at that place.
std::uint64_t at_place(std::uint64_t hash, std::size_t i) {
  return hash ^ ((static_cast<std::uint64_t>(i) + 1) * 0x9E3779B97F4A7C15ULL);
}

bool share_a_game(const std::vector<int>& a, const std::vector<int>& b) {
  std::size_t i = 0;
  std::size_t j = 0;
  while (i < a.size() && j < b.size()) {
    if (a[i] == b[j]) {
      return true;
    }
    (a[i] < b[j] ? i : j) += 1;
  }
  return false;
}

}  // namespace

std::vector<SimilarNames> similar_names(const std::vector<std::vector<std::string>>& games, std::size_t* examined) {
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
  std::vector<Name> names;
  names.reserve(played.size());
  for (const auto& [name, list] : played) {
    names.push_back(Name{&name, folded_name(name), &list});
  }
  // Whether `a` is kept over `b`: more games, then alphabetically first.
  auto keeps = [&](std::uint32_t a, std::uint32_t b) {
    const std::size_t na = names[a].games->size();
    const std::size_t nb = names[b].games->size();
    return na > nb || (na == nb && *names[a].text < *names[b].text);
  };
  // Names are bucketed by hashes of their folded text and of it less one
  // code point, so that look-alikes meet in a bucket (a change at a place:
  // the same deletion at that place; a letter added: one's deletion is the
  // other's whole) and no pair of names is compared unless a bucket holds both.
  std::unordered_map<std::uint64_t, std::vector<std::uint32_t>> whole;    // the folded text
  std::unordered_map<std::uint64_t, std::vector<std::uint32_t>> placed;   // less one, at its place
  std::unordered_map<std::uint64_t, std::vector<std::uint32_t>> dropped;  // less one, any place
  for (std::uint32_t k = 0; k < names.size(); ++k) {
    const Prefixes p(names[k].folded);
    whole[p.whole()].push_back(k);
    for (std::size_t i = 0; i < names[k].folded.size(); ++i) {
      placed[at_place(p.without(i), i)].push_back(k);
      auto& d = dropped[p.without(i)];
      if (d.empty() || d.back() != k) {  // "Dann" less either n is one entry
        d.push_back(k);
      }
    }
  }
  // Each bucket best first: a name may be kept over another only by one before it.
  for (auto* map : {&whole, &placed, &dropped}) {
    for (auto& [hash, ids] : *map) {
      std::sort(ids.begin(), ids.end(), keeps);
    }
  }
  std::size_t count = 0;
  std::vector<SimilarNames> out;
  for (std::uint32_t x = 0; x < names.size(); ++x) {
    const Name& nx = names[x];
    std::optional<std::uint32_t> best;
    bool best_same = false;
    std::size_t left = kMaxLookAlikeCandidates;
    // Scans a bucket's names kept over x, up to the first that is alike and
    // never sat with x; `alike` checks a name of the bucket (hashes may collide).
    auto scan = [&](const std::vector<std::uint32_t>* ids, bool same, auto alike) {
      if (ids == nullptr) {
        return;
      }
      for (const std::uint32_t y : *ids) {
        if (left == 0 || !keeps(y, x) || (best && !keeps(y, *best))) {
          return;
        }
        --left;
        ++count;
        if (alike(names[y]) && !share_a_game(*nx.games, *names[y].games)) {
          best = y;
          best_same = same;
          return;
        }
      }
    };
    auto find = [](const auto& map, std::uint64_t key) {
      const auto it = map.find(key);
      return it == map.end() ? nullptr : &it->second;
    };
    const Prefixes p(nx.folded);
    scan(find(whole, p.whole()), true, [&](const Name& y) { return y.folded == nx.folded; });
    const std::size_t n = nx.folded.size();
    auto one_edit_long = [&](const Name& y) {
      return y.folded != nx.folded && std::max(y.folded.size(), n) >= 4 && one_edit(y.folded, nx.folded);
    };
    for (std::size_t i = 0; i < n && n >= 4; ++i) {
      const std::uint64_t less = p.without(i);
      scan(find(placed, at_place(less, i)), false, one_edit_long);  // a letter changed
      if (i == 0 || nx.folded[i] != nx.folded[i - 1]) {             // "Dann" less either n: one look
        scan(find(whole, less), false, one_edit_long);              // one letter fewer
      }
    }
    scan(find(dropped, p.whole()), false, one_edit_long);  // one letter more
    if (best) {
      const Name& keep = names[*best];
      out.push_back(SimilarNames{*keep.text, *nx.text, static_cast<int>(keep.games->size()),
                                 static_cast<int>(nx.games->size()), best_same});
    }
  }
  if (examined != nullptr) {
    *examined = count;
  }
  std::sort(out.begin(), out.end(), [](const SimilarNames& x, const SimilarNames& y) {
    return std::tie(x.keep, x.merge) < std::tie(y.keep, y.merge);
  });
  return out;
}

}  // namespace trickref
