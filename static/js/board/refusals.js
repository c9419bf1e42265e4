// The words of a tap that moved nothing, for the pointer (input.js) and the
// keyboard's Enter (keyboard.js) alike: the engine's reason, by its refusal
// key (web/controller.py tap: the card its foundation needs first, or why it
// has nowhere to go), with what a double tap would do instead. Every refused
// tap says why; the toast shows a sentence once, and the same sentence again
// only keeps it up (toast.js; a11y.js reads it once), so a player who taps a
// lot is not talked at. No rule lives here: what a covered card's tap says
// comes from the view's `lift`.
import { cardShort, placeName, refusal, t } from "../i18n.js";

/** @typedef {import("#build/engine-api.js").Refused} Refused */
/** @typedef {import("#build/engine-api.js").View} View */

/**
 * What a refused single tap on a top card (or an empty place, a foundation) says.
 * @param {Refused} answer the engine's refusal of the tap, with its `double`
 * @param {View} view the state the tap was refused in
 * @returns {string} nothing once the game is won
 */
export function tapWords(answer, view) {
  if (view.won) return "";
  const { error, double } = answer;
  if (double && error.key === "tap-nothing") {
    const { card, need } = /** @type {{card: string, need: string}} */ (error.params);
    return t("tip.doubleTap", { card: cardShort(card), need: cardShort(need), to: placeName(double.to) });
  }
  if (error.key === "tap-foundation" && view.finish) return t("tip.finish", { finish: t("finish.button") });
  return refusal(error);
}

/**
 * What a single tap on a card under the top of its column says: a tap sends
 * only a top card home; a double tap there moves the run from it, when the
 * cards above it are its run (else only the top run lifts).
 * @param {View} view
 * @param {string} place the column
 * @param {number} count the tapped card and the cards on it
 * @returns {string}
 */
export function coveredTapWords(view, place, count) {
  if (view.won) return "";
  const cards = view.places[place];
  const lift = view.lift[place] || 0;
  if (count <= lift) return t("tip.tapRun", { count, card: cardShort(cards[cards.length - count]) });
  return t("tip.lift", { count: lift, card: cardShort(cards[cards.length - lift]) });
}
