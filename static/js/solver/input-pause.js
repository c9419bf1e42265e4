// A pause in the player's input: work the player does not wait for, but which
// holds the main thread for tens of milliseconds on a phone (starting the
// solver's worker: PyScript makes it in one task, then its answers and the
// solver's "ready" are handled), waits for one, so a tap in the first seconds
// of a game never waits behind it (bench/taps.py).
//
// createInputPause(doc, {quietMs, latestMs}) → pause(): a Promise resolved once
// no pointer or key has been pressed for `quietMs`, or `latestMs` after it was
// asked for at the latest (a player who never stops still gets the solver).
/** @param {Document} doc @param {{quietMs?: number, latestMs?: number, now?: () => number}} [options] */
export function createInputPause(doc, { quietMs = 400, latestMs = 3000, now = () => performance.now() } = {}) {
  let last = -Infinity; // when the last pointer or key was pressed
  const pressed = () => {
    last = now();
  };
  for (const type of ["pointerdown", "keydown"]) doc.addEventListener(type, pressed, { capture: true, passive: true });

  return function pause() {
    const asked = now();
    return new Promise((resolve) => {
      const check = () => {
        const at = now();
        const wait = Math.min(quietMs - (at - last), latestMs - (at - asked));
        if (wait <= 0) resolve(undefined);
        else setTimeout(check, wait);
      };
      check();
    });
  };
}
