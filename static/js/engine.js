// The page's side of the engine (web/controller.py under MicroPython): every
// intent is one synchronous call, JSON in and JSON out. Python hands over its
// function through the start-up handshake (handshake.js); until then the page
// can draw nothing and asks nothing.
export function createEngine() {
  let call = null;
  return {
    get connected() {
      return call !== null;
    },
    // fn(name, argsJSON) → answerJSON, from web/main.py.
    connect(fn) {
      call = fn;
    },
    // The controller's answer as an object: {ok, view, move, error, …}.
    call(name, args = {}) {
      if (!call) throw new Error(`seahaven: the engine is not ready for ${name}`);
      return JSON.parse(call(name, JSON.stringify(args)));
    },
  };
}

// Randomness for a new deal, from the browser (the engine's own is MicroPython's).
export function entropy() {
  const words = crypto.getRandomValues(new Uint32Array(2));
  return words[0] * 8 + (words[1] & 7);
}
