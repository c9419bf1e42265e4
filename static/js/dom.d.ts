// For the compiler only (tsconfig.json): what the page's code looks up by a
// selector is the element the page's own markup puts there (index.html),
// so a lookup is not checked against a tag; everything else is.
interface ParentNode {
  querySelector(selectors: string): any;
}
interface EventTarget {
  closest?(selectors: string): any;
}
interface Window {
  /** The one meeting point with Python at start-up (static/js/handshake.js). */
  seahaven: any;
  /** The input on the early board before the page's script ran (entries/early-board.js, board/early-input.js). */
  seahavenEarly?: { view: any; dealt: string | null; events: Event[]; stop(kind: "pointer" | "key"): void };
}
/** The load guard's strings in every language, written before it by the build (tools/generate.py load_guard). */
declare const LOAD_STRINGS: Record<string, Record<string, string>>;
/** What the page requests after its first paint, written before late-start.js by the build (tools/generate.py late_start). */
declare const LATE_FILES: [kind: "modulepreload" | "fetch" | "module", href: string, low: boolean][];
