#include "transcript/transcript.h"

namespace trickref {
namespace {

// Each field as a new one has it.
template <class... Field>
void as_new(Field&... field) {
  ((field = {}), ...);
}

// Each text or list emptied, its storage kept.
template <class... List>
void cleared(List&... list) {
  (list.clear(), ...);
}

}  // namespace

// Every field is named, so that a field added to HandRec stops this from
// compiling until it is handled here (a new HandRec for every hand cost 2%
// of reading an archive).
void HandRec::clear_for_reuse() {
  auto& [number_, loc_, dealer_, deal_, deal_loc_, deal_seat_locs_, kitty_, kitty_loc_, plucks_, plucks_loc_, trump_,
         trump_bad_, trump_loc_, discard_, discard_loc_, shows_, shows_loc_, tricks_, tricks_loc_, taken_, score_,
         bids_, bids_loc_, contract_, contract_bad_, partner_, partner_bad_, points_, points_loc_, trump_by_,
         revoke_claim_, revoke_claim_bad_, early_court_, streak_, game_keys_, begun_] = *this;
  // Kept: deal_, deal_seat_locs_, kitty_, plucks_, discard_, tricks_, taken_, score_.
  cleared(game_keys_);
  as_new(number_, loc_, dealer_, deal_loc_, kitty_loc_, plucks_loc_, trump_, trump_bad_, trump_loc_, discard_loc_,
         shows_, shows_loc_, tricks_loc_, bids_, bids_loc_, contract_, contract_bad_, partner_, partner_bad_, points_,
         points_loc_, trump_by_, revoke_claim_, revoke_claim_bad_, early_court_, streak_, begun_);
}

// Every field is named, as in the hand's.
void Game::clear_for_reuse() {
  auto& [file_, index_, loc_, ruleset_ref_, ruleset_loc_, id_, event_, date_, notes_, players_, player_locs_, hands_,
         result_, teams_, teams_loc_, in_progress_, status_loc_] = *this;
  cleared(file_, id_, event_, date_, notes_, players_, player_locs_);  // hands_: kept whole
  as_new(index_, loc_, ruleset_ref_, ruleset_loc_, result_, teams_, teams_loc_, in_progress_, status_loc_);
}

}  // namespace trickref
