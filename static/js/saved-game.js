// The game in progress as stored (key "seahaven.game"): a versioned record of
// the engine's save() data and the clock's seconds. Reading checks the shape
// only; the engine replays and validates the game itself (web/controller.py
// first_game). Pure, so it is tested without a browser.
export const GAME_KEY = "seahaven.game";
const VERSION = 1;

const isObject = (x) => typeof x === "object" && x !== null && !Array.isArray(x);

// The record to store for the engine's save() data and the seconds played.
export function gameRecord(save, elapsed) {
  return { v: VERSION, game: save, elapsed };
}

// {game, elapsed} from a stored value, or null (with a warning) when it is not a record of this version.
export function readGameRecord(data, warn = console.warn) {
  if (data === null || data === undefined) return null;
  if (!isObject(data) || data.v !== VERSION) {
    warn(`seahaven: ignoring the saved game: not version ${VERSION} of the format`);
    return null;
  }
  if (!isObject(data.game)) {
    warn("seahaven: ignoring the saved game: no game in it");
    return null;
  }
  let elapsed = data.elapsed;
  if (!Number.isFinite(elapsed) || elapsed < 0) {
    warn("seahaven: ignoring the saved game's time: not a number of seconds");
    elapsed = 0;
  }
  return { game: data.game, elapsed };
}

const sameList = (a, b) => Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => x === b[i]);

// Whether two save() records are the same game: deal, moves and redo list.
export function sameGame(a, b) {
  return (
    isObject(a) &&
    isObject(b) &&
    a.code === b.code &&
    a.start === b.start &&
    sameList(a.moves, b.moves) &&
    sameList(a.undone, b.undone)
  );
}
