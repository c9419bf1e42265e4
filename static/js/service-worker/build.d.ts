// What tools/sw.py writes before sw.js's source when it builds the site's sw.js.

/** This build's version: a hash of the whole precache list. */
declare const VERSION: string;
/** Every file the game needs offline, relative to the site's root, with its revision (the start of its SHA-256). */
declare const PRECACHE: readonly (readonly [path: string, revision: string])[];
