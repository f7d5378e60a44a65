// A JSON record read straight into the record model (transcript.h), without
// the located tree JsonReader builds (json_reader.h) and the loader that
// walks it (transcript_loader.h): the way an archive of clean games is read
// near simdjson's speed. simdjson checks the text is UTF-8 (with SIMD
// instructions); the record is then read off the text in one pass, JSON's
// grammar checked as it goes, each value read where it lies.
//
// It takes a record only when it is whole and clean in the shapes trickref
// writes (`simulate --out`, the recorder's JSON, a converted record): the
// keys of Pluck and Nine Five Two games (game, id, event, date, notes,
// players, hands, result; a hand's dealer, deal, kitty, plucks, trump,
// discard, shows, tricks, taken, score), each value of its usual type,
// every name a player and every card a card, strings without escapes, no
// key twice, within the JSON limits. It reports nothing: a record it does
// not take is declined, and the caller reads it through JsonReader and
// load_game, which say what is wrong with it. What it takes is the Game
// load_game would give, value for value and location for location (the
// JsonGameReader tests compare the two on every record they decline or take).
#pragma once

#include <memory>

#include "json/json_reader.h"
#include "transcript/transcript.h"
#include "yaml/tree.h"

namespace trickref {

class JsonGameReader {
 public:
  explicit JsonGameReader(const Limits& limits);
  ~JsonGameReader();
  JsonGameReader(const JsonGameReader&) = delete;
  JsonGameReader& operator=(const JsonGameReader&) = delete;

  // Reads `in` into `game`, over what it holds: the lists of the game read
  // before are filled again in place. True when the record was taken;
  // false when declined, `game` then left empty (Game{}). `file` and
  // `index` are left to the caller.
  [[nodiscard]] bool read(const JsonText& in, Game& game);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace trickref
