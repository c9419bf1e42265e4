// How often the game explains a gesture that did nothing (a single tap that
// cannot send a card home but a double tap would move, a drag of a card that
// cannot be lifted): the first few times in a page session, then now and then,
// so a player learns it without being told at every tap. Pure, tested in Node.
export const FIRST_TIPS = 3;
export const TIP_EVERY = 10;

// One kind of tip: due() counts one occasion and says whether to tell it this time.
export function createTip({ first = FIRST_TIPS, every = TIP_EVERY } = {}) {
  let occasions = 0;
  return {
    due() {
      occasions += 1;
      return occasions <= first || (occasions - first) % every === 0;
    },
  };
}
