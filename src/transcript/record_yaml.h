// The one writer of YAML records (transcript.md): what `simulate --out`
// (transcript/writer.h), `record` (record/draft.h), `import` and `new`
// (sheet/) write goes through it. It knows the record's layout: the game's
// keys at the margin, `hands` a block list whose items are block maps, a
// hand's lists (plucks, shows, tricks) block lists of flow values, maps of
// names and cards flow collections. Every text is written as one function
// quotes it (yaml_scalar, yaml/scalar.h); the key names are
// transcript/record_keys.h's.
//
// The writers differ in one way, kept as they have always written it: a
// name longer than kImplicitKeyBytes as a map's key is written as an
// explicit key (`? NAME`) by `record` and `new`, as a plain key by
// `simulate --out` and `import` (LongNames).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <initializer_list>
#include <vector>

#include "cards/card.h"
#include "yaml/scalar.h"

namespace trickref {

// YAML reads a key written plain (an implicit key) only up to 1,024
// characters; a key longer than this many bytes is written explicitly
// (`? KEY`), which has no limit, where the writer says so (LongNames).
inline constexpr std::size_t kImplicitKeyBytes = 1000;

enum class LongNames : std::uint8_t {
  kPlain,     // every name key written plain (simulate --out, import)
  kExplicit,  // past kImplicitKeyBytes, `? NAME` (record, new)
};

class RecordYaml {
 public:
  explicit RecordYaml(std::string& out, LongNames long_names = LongNames::kPlain)
      : out_(out), long_names_(long_names) {}

  // ---------------------------------------------------------- block layout
  // `# text` at the current indentation.
  void comment(std::string_view text);
  // `key: value` (`key:` when value is empty) at the current indentation,
  // with `# comment` at the record's comment margin when one is given.
  void entry(std::string_view key, std::string_view value, std::string_view comment = {});
  // An entry keyed by a name (already a scalar): written as LongNames says.
  void name_entry(std::string_view name, std::string_view value);
  // `key:` (and its comment); what follows is inside it, until close().
  void open(std::string_view key, std::string_view comment = {});
  void close();
  // A block list's item that is a map: its first entry starts `- `; an
  // item with no entry is written `- {}`.
  void begin_item();
  void end_item();
  // A block list's item that is one (flow) value: `- value`.
  void item(std::string_view value);
  // A line holding only `# comment`, at the comment margin.
  void margin_comment(std::string_view comment);

  // ------------------------------------------------------------ flow values
  // `[a, b, c]` of values already written.
  [[nodiscard]] static std::string flow_list(const std::vector<std::string>& items);
  // `{k1: v1, k2: v2}` of fixed keys (record_keys.h) and values already written.
  [[nodiscard]] static std::string flow_map(std::initializer_list<std::pair<std::string_view, std::string_view>> entries);
  // `[AS, 10H]`: cards as listed.
  [[nodiscard]] static std::string cards(const std::vector<Card>& cards);
  // Appends the key of a flow map's entry keyed by a name (already a
  // scalar) and its colon: `Ann: `, or, as LongNames says, `? NAME : `.
  void append_name_key(std::string& out, std::string_view name) const;
  // `{Ann: 3, Bob: 5}`: name(k) (a name already a scalar) keying value(k)
  // (text), for k below n; `{}` when n is 0.
  template <class NameAt, class ValueAt>
  [[nodiscard]] std::string name_map(std::size_t n, NameAt name, ValueAt value) const {
    std::string out = "{";
    for (std::size_t k = 0; k < n; ++k) {
      if (k > 0) {
        out += ", ";
      }
      append_name_key(out, name(k));
      out += value(k);
    }
    out += '}';
    return out;
  }

 private:
  void start_line();

  std::string& out_;
  LongNames long_names_;
  std::size_t indent_ = 0;
  bool item_open_ = false;  // begin_item() and no entry since
};

}  // namespace trickref
