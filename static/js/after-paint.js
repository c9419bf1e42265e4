// Run `fn` once the frame that shows the latest change has been painted: work
// the player does not see (saving, the winnable mark, what a screen reader is
// told) then never delays a move on screen. Calls with the same `fn` before
// that frame run it once; everything asked for before the frame runs in one
// task after it, in the order asked (one frame callback and one timer for all
// of it, not one each).
/** @type {Set<() => void>} */
const waiting = new Set();

// Call `fn`; if it throws, the error is reported (as an uncaught one) and the caller goes on.
/** @param {() => void} fn */
export function callReporting(fn) {
  try {
    fn();
  } catch (err) {
    queueMicrotask(() => {
      throw err;
    });
  }
}

function runAll() {
  const due = [...waiting];
  waiting.clear(); // what is asked for while these run waits for the next frame
  for (const fn of due) callReporting(fn); // the others still run
}

/** @param {() => void} fn */
export function afterPaint(fn) {
  if (waiting.has(fn)) return;
  waiting.add(fn);
  if (waiting.size > 1) return; // the frame callback is already asked for
  if (document.hidden) setTimeout(runAll, 0); // no frames while hidden
  else requestAnimationFrame(() => setTimeout(runAll, 0));
}
