// The game in progress, kept in localStorage under a versioned key: saved
// after every change drawn (hub "state" events) and when the page is hidden,
// read back at start-up. app.js hands `savedGame()` to the engine, which
// replays and validates it (web/controller.py first_game); anything unreadable
// here is ignored with a console warning and the page starts a fresh game.
import { afterPaint, hub } from "./hub.js";
import { t } from "./i18n.js";

const KEY = "seahaven.game";
const VERSION = 1;

const isObject = (x) => typeof x === "object" && x !== null && !Array.isArray(x);

let storageBroken = false;

// Storage that throws (private mode, storage disabled, quota): one warning and
// one short notice per page; the game goes on without being saved.
function broken(action, key, err) {
  console.warn(`seahaven: could not ${action} ${key}: ${err && err.message}`);
  if (storageBroken) return;
  storageBroken = true;
  // Told once the board is up, which page.js allows only after the strings are in.
  const tell = () => hub.toast && hub.toast(t("storage.unavailable"), 5000);
  if (hub.view) tell();
  else hub.addEventListener("ready", () => setTimeout(tell, 0), { once: true });
}

// The parsed value under `key`, or null when there is none or it is not JSON.
export function readStored(key) {
  let raw;
  try {
    raw = localStorage.getItem(key);
  } catch (err) {
    broken("read", key, err);
    return null;
  }
  if (raw === null) return null;
  try {
    return JSON.parse(raw);
  } catch (err) {
    console.warn(`seahaven: ignoring saved ${key}: not JSON (${err.message})`);
    return null;
  }
}

export function writeStored(key, value) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
    return true;
  } catch (err) {
    broken("save", key, err);
    return false;
  }
}

function readSaved() {
  const data = readStored(KEY);
  if (data === null) return null;
  if (!isObject(data) || data.v !== VERSION) {
    console.warn(`seahaven: ignoring the saved game: not version ${VERSION} of the format`);
    return null;
  }
  if (!isObject(data.game)) {
    console.warn("seahaven: ignoring the saved game: no game in it");
    return null;
  }
  let elapsed = data.elapsed;
  if (!Number.isFinite(elapsed) || elapsed < 0) {
    console.warn("seahaven: ignoring the saved game's time: not a number of seconds");
    elapsed = 0;
  }
  return { game: data.game, elapsed };
}

const saved = readSaved();

// The engine's save() data for web/controller.py first_game, or null.
export function savedGame() {
  return saved ? saved.game : null;
}

const sameList = (a, b) => Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => x === b[i]);

function sameGame(a, b) {
  return (
    isObject(a) &&
    isObject(b) &&
    a.code === b.code &&
    a.start === b.start &&
    sameList(a.moves, b.moves) &&
    sameList(a.undone, b.undone)
  );
}

let started = false;
let last = "";

export function saveNow() {
  if (!started) return;
  let answer;
  try {
    answer = hub.engine("save");
  } catch (err) {
    console.warn(`seahaven: the game could not be saved: ${err.message}`);
    return;
  }
  if (!answer || !answer.ok) return;
  const record = { v: VERSION, game: answer.save, elapsed: hub.clock.seconds() };
  const text = JSON.stringify(record);
  if (text === last) return;
  if (writeStored(KEY, record)) last = text;
}

hub.addEventListener("ready", () => {
  started = true;
  // The engine restored the saved game (not the URL's other deal, nor a fresh
  // one because the save was corrupt): its clock goes on from the saved time.
  if (saved && sameGame(hub.engine("save").save, saved.game)) {
    hub.clock.elapsed = saved.elapsed * 1000;
  }
  afterPaint(saveNow);
});
hub.addEventListener("state", () => afterPaint(saveNow));
addEventListener("pagehide", saveNow);
document.addEventListener("visibilitychange", () => document.hidden && saveNow());
// The clock runs between moves: keep its saved value fresh too.
setInterval(saveNow, 15000);
