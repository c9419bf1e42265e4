// The card and place names of the notation (design §5), for drawing and
// naming only: which card a code is, which suit a foundation holds. No rule.
import { FOUNDATIONS, RANKS, SUITS } from "#build/facts.js";

export { RANKS, SUITS }; // the engine's, in its order (SUITS is the foundations' order too)
/** @type {Record<string, string>} */
export const SUIT_SYMBOL = { S: "♠", H: "♥", D: "♦", C: "♣" };

// "f2" → "H": the suit a foundation holds.
/** @param {string} place */
export function foundationSuit(place) {
  return SUITS[FOUNDATIONS.indexOf(place)];
}

// "7H" → 7, "KS" → 13.
/** @param {string} card */
export function rankNumber(card) {
  return RANKS.indexOf(card[0]) + 1;
}
