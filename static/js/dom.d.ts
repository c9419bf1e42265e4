// For the compiler only (tsconfig.json): what the page's code finds in the
// page's globals. A lookup of the page's markup is the DOM's own (Element |
// null), or find.js's, which checks the element's kind and says what is missing.
interface Window {
  /** The one meeting point with Python at start-up (static/js/handshake.js, web/main.py). */
  seahaven?: {
    /** True once every listener is in place and the strings are in. */
    loaded: boolean;
    /** The page object, for the tests and the console. */
    page: import("./create-page.js").Page;
    /** JSON text: what the first game depends on (controller first_game). */
    startup(): string;
    /** Python hands over its engine and, as JSON text, what to tell the player about the first game. */
    boot(engine: (name: string, args: string) => string, notes: string | null): void;
  };
  /** The input on the early board before the page's script ran (entries/early-board.js, board/early-input.js). */
  seahavenEarly?: {
    /** The view the early board drew: what its places let go until the engine is ready. */
    view: import("./saving/bounds.js").StoredView;
    /** The deal the early board drew as a new one (its code), or null. */
    dealt: string | null;
    events: Event[];
    stop(kind: "pointer" | "key"): void;
  };
}
/** The load guard's strings in every language, written before it by the build (tools/generate.py load_guard). */
declare const LOAD_STRINGS: Record<string, Record<string, string>>;
/** What the page requests after its first paint, written before late-start.js by the build (tools/generate.py late_start). */
declare const LATE_FILES: [kind: "modulepreload" | "fetch" | "module", href: string, low: boolean][];
