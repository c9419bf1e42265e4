// Run `fn` once the frame that shows the latest change has been painted: work
// the player does not see (saving, the winnable mark) then never delays a move
// on screen. Calls with the same `fn` before that frame run it once.
const waiting = new Set();

export function afterPaint(fn) {
  if (waiting.has(fn)) return;
  waiting.add(fn);
  const run = () => {
    waiting.delete(fn);
    fn();
  };
  if (document.hidden) setTimeout(run, 0); // no frames while hidden
  else requestAnimationFrame(() => setTimeout(run, 0));
}
