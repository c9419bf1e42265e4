// A finger lifted while it still moves (a quick drop) would end in what
// Chromium takes for a fling, even on a board with `touch-action: none`, which
// stops the scroll but not the fling: the next tap anywhere then only "stops"
// that fling, and the browser drops its click (an Undo or a Hint tapped right
// after a drop did nothing). Claiming the board's touch moves, which never
// scroll nor zoom it, leaves the browser no gesture to make of them; pointer
// events, which the board's input reads, come before them and still do.

/**
 * Claim the touch moves of a press that began on `root`.
 * @param {HTMLElement} root
 * @returns {() => void} undoes it
 */
export function claimTouchMoves(root) {
  /** @param {TouchEvent} e */
  const claim = (e) => {
    if (e.cancelable) e.preventDefault();
  };
  root.addEventListener("touchmove", claim, { passive: false });
  return () => root.removeEventListener("touchmove", claim);
}
