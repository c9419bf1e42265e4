// The one reader and writer of the browser's storage: JSON values under
// "seahaven.*" keys. Storage that refuses an access is reported in `failure`
// and the caller tries again later: "full" (no room for a write), "refused"
// (any other error: Safari and Firefox throw these in passing, under memory
// pressure or in a private window) or "denied" (a SecurityError: the browser's
// settings or mode deny this page any storage); a write that succeeds clears
// it, and a failure is warned of once while it lasts. A value that is not JSON, or
// longer than the reader allows, is ignored with a console warning; a record
// its reader refuses is kept aside (keepAside: under "<key>.aside", never
// wiped by the write that replaces it). Pure apart from the storage it is
// given, so it is tested without a browser.

// What read() gives for a value longer than the limit asked: it is not parsed.
export class Oversized {
  /** @param {number} length */
  constructor(length) {
    this.length = length;
  }
}

// What read() gives for a value that is not JSON: not a record, but not nothing either.
export class Unparsed {}

// Whether an error thrown by setItem means "no space left" (Chromium and
// Safari: QuotaExceededError; Firefox: NS_ERROR_DOM_QUOTA_REACHED).
/** @param {any} err what was thrown */
export function isQuotaError(err) {
  return Boolean(err) && (err.name === "QuotaExceededError" || err.name === "NS_ERROR_DOM_QUOTA_REACHED");
}

// Whether a stored record says it is of a format newer than `version`: such
// a record is kept as it is (never replaced) and the page plays without it.
/** @param {import("./bounds.js").Stored} data @param {number} version */
export function fromNewerVersion(data, version) {
  return typeof data === "object" && data !== null && Number.isFinite(data.v) && data.v > version;
}

// storage: () → a Storage (localStorage); a function, because merely reading
// window.localStorage throws where storage is denied.
/** @param {() => Storage} storage @param {{warn?: (message: string) => void}} [options] */
export function createStore(storage, { warn = console.warn } = {}) {
  /** @type {null | "full" | "refused" | "denied"} */
  let failure = null; // why the last access failed, until a write succeeds
  let warned = ""; // the failure last warned of: the same one again, retried, is not

  /** @param {string} action @param {string} key @param {any} err what was thrown */
  function fail(action, key, err) {
    failure = action === "save" && isQuotaError(err) ? "full" : err && err.name === "SecurityError" ? "denied" : "refused";
    const said = `seahaven: could not ${action} ${key}: ${err && err.message}`;
    if (said !== warned) warn(said);
    warned = said;
  }

  return {
    get failure() {
      return failure;
    },
    // The parsed value under `key`, or null when there is none; `refused`
    // (null unless given) when storage refuses to read; an Oversized when it is
    // longer than `limit` characters, an Unparsed when it is not JSON.
    /**
     * @param {string} key
     * @param {{limit?: number, refused?: import("./bounds.js").Stored}} [options]
     * @returns {import("./bounds.js").Stored}
     */
    read(key, { limit = Infinity, refused = null } = {}) {
      let raw;
      try {
        raw = storage().getItem(key);
      } catch (err) {
        fail("read", key, err);
        return refused;
      }
      if (raw === null) return null;
      if (raw.length > limit) {
        warn(`seahaven: ignoring saved ${key}: ${raw.length} characters, more than the ${limit} it may have`);
        return new Oversized(raw.length);
      }
      try {
        return JSON.parse(raw);
      } catch (err) {
        warn(`seahaven: ignoring saved ${key}: not JSON (${/** @type {Error} */ (err).message})`);
        return new Unparsed();
      }
    },
    // The text stored under `key`, as it is (null when there is none; `refused`,
    // null unless given, when storage refuses to read): telling whether a
    // value changed costs no parsing.
    /**
     * @template const R
     * @param {string} key
     * @param {{refused?: R}} [options]
     * @returns {string | null | R}
     */
    text(key, { refused = /** @type {R} */ (null) } = {}) {
      try {
        return storage().getItem(key);
      } catch (err) {
        fail("read", key, err);
        return refused;
      }
    },
    // Store `value` as JSON; false when storage refused it (`failure` says why).
    /** @param {string} key @param {unknown} value */
    write(key, value) {
      try {
        storage().setItem(key, JSON.stringify(value));
        failure = null;
        warned = "";
        return true;
      } catch (err) {
        fail("save", key, err);
        return false;
      }
    },
    // Copy what is under `key`, as it is, to "<key>.aside" (replacing an
    // earlier one): a record that could not be used is kept for a later
    // version, or a person, to look at, and the page writes a new one. False
    // when there was nothing to keep or storage refused.
    /** @param {string} key */
    keepAside(key) {
      let raw;
      try {
        raw = storage().getItem(key);
        if (raw === null) return false;
        storage().setItem(`${key}.aside`, raw);
        warn(`seahaven: ${key} could not be used; it is kept as it was under ${key}.aside`);
        return true;
      } catch (err) {
        if (isQuotaError(err)) warn(`seahaven: no room to keep ${key} aside: it will be replaced`);
        else fail("keep aside", key, err);
        return false;
      }
    },
    // Remove what is under `key`; false when storage refused.
    /** @param {string} key */
    remove(key) {
      try {
        storage().removeItem(key);
        return true;
      } catch (err) {
        fail("remove", key, err);
        return false;
      }
    },
  };
}
