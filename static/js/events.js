// The page's events: features tell each other what happened instead of
// calling into each other. A listener that throws is reported and the others
// still run (EventTarget's rule). Works in Node too.
export function createEvents() {
  const target = new EventTarget();
  return {
    // fn(detail); options as addEventListener's ({ once: true }).
    on(type, fn, options) {
      target.addEventListener(type, (e) => fn(e.detail), options);
    },
    emit(type, detail = {}) {
      target.dispatchEvent(new CustomEvent(type, { detail }));
    },
  };
}
