// The card and place names of the notation (design §5), for drawing and
// naming only: which card a code is, which suit a foundation holds. No rule.
export const RANKS = "A23456789TJQK";
export const SUITS = "SHDC"; // also the foundations' order: f1 spades … f4 clubs
/** @type {Record<string, string>} */
export const SUIT_SYMBOL = { S: "♠", H: "♥", D: "♦", C: "♣" };

// "f2" → "H": the suit a foundation holds.
/** @param {string} place */
export function foundationSuit(place) {
  return SUITS[Number(place.slice(1)) - 1];
}

// "7H" → 7, "KS" → 13.
/** @param {string} card */
export function rankNumber(card) {
  return RANKS.indexOf(card[0]) + 1;
}
