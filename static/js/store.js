// The one reader and writer of the browser's storage: JSON values under
// "seahaven.*" keys. Storage that throws (private mode, disabled, quota) is
// reported once through `onBroken` and the page goes on without it; a value
// that is not JSON is ignored with a console warning. Pure apart from the
// storage it is given, so it is tested without a browser.

// storage: () → a Storage (localStorage); a function, because merely reading
// window.localStorage throws where storage is denied.
export function createStore(storage, { warn = console.warn, onBroken = () => {} } = {}) {
  let broken = false;

  function fail(action, key, err) {
    warn(`seahaven: could not ${action} ${key}: ${err && err.message}`);
    if (broken) return;
    broken = true;
    onBroken(err);
  }

  return {
    get broken() {
      return broken;
    },
    // The parsed value under `key`, or null when there is none or it is unreadable.
    read(key) {
      let raw;
      try {
        raw = storage().getItem(key);
      } catch (err) {
        fail("read", key, err);
        return null;
      }
      if (raw === null) return null;
      try {
        return JSON.parse(raw);
      } catch (err) {
        warn(`seahaven: ignoring saved ${key}: not JSON (${err.message})`);
        return null;
      }
    },
    // Store `value` as JSON; false when storage refused it.
    write(key, value) {
      try {
        storage().setItem(key, JSON.stringify(value));
        return true;
      } catch (err) {
        fail("save", key, err);
        return false;
      }
    },
  };
}
