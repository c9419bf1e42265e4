// A short message that does not block play (the element #toast, in the dock
// over the bottom of the board). Screen readers hear it through the page's
// live region (a11y.js). toast(text, ms) returns a function that takes that
// message away early, and only that one ("Thinking…" goes when its answer
// comes, not over the answer that replaced it). The message on screen told
// again only stays up longer: a tap refused twice is not said twice.
//
// The dock never covers a control: it is kept over the board itself (centred
// on it, no wider, above its bottom edge), so the review's panel below the
// board on a phone, or beside it on a landscape phone, stays clear; and should
// a control still lie under it, it rises above that control.

// What a player may press: a message must never lie over one.
const CONTROLS = "button, a.button, input, select, [role=button]";
const MARGIN = 12;

const overlaps = (/** @type {DOMRect} */ a, /** @type {DOMRect} */ b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

// The boxes of the visible controls outside `dock` (not those of a modal dialog, which lies above it).
/** @param {Document} doc @param {Element} dock */
function controlBoxes(doc, dock) {
  const boxes = [];
  for (const el of doc.querySelectorAll(CONTROLS)) {
    if (dock.contains(el) || el.closest("dialog:modal")) continue;
    const box = el.getBoundingClientRect();
    if (box.width && box.height && el.checkVisibility()) boxes.push(box);
  }
  return boxes;
}

// Put `dock` (position: fixed) over the bottom of `board`, then above any control it still covers.
/** @param {HTMLElement} dock @param {Element} board */
export function placeDock(dock, board) {
  const style = dock.style;
  const r = board.getBoundingClientRect();
  const atFoot = r.bottom >= innerHeight - 1; // the board reaches the foot of the window: the stylesheet's place
  style.left = `${r.left + r.width / 2}px`;
  style.maxWidth = `${Math.max(0, r.width - 2 * MARGIN)}px`;
  style.bottom = atFoot ? "" : `${innerHeight - r.bottom + MARGIN}px`;
  const shown = () => Array.from(dock.children, (el) => el.getBoundingClientRect()).filter((b) => b.width && b.height);
  // Nothing shown in the dock covers nothing: the controls' boxes (the
  // review's hundred marks among them) are not read as the board resizes.
  if (!shown().length) return;
  const boxes = controlBoxes(dock.ownerDocument, dock);
  for (let tries = 0; tries < boxes.length; tries++) {
    const mine = shown();
    const hit = boxes.filter((box) => mine.some((b) => overlaps(b, box)));
    if (!hit.length) return;
    style.bottom = `${innerHeight - Math.min(...hit.map((box) => box.top)) + 8}px`;
  }
}

/** @param {HTMLElement} el @returns {(text: string, ms?: number) => () => void} */
export function createToast(el) {
  let timer = 0;
  let shown = 0; // which message is on screen
  const dock = /** @type {HTMLElement | null} */ (el.closest(".dock"));
  const board = el.ownerDocument.getElementById("board");
  const place = () => dock && board && placeDock(dock, board);
  // The board changes its size when the window does, or the review opens beside or below it.
  // Its border box, which placeDock reads: its content box changes with the padding its own
  // layout sets (board.js), after this observer was told, and WebKit reports that as an error.
  if (dock && board && typeof ResizeObserver === "function") {
    new ResizeObserver(place).observe(board, { box: "border-box" });
  }
  return (text, ms = 2600) => {
    const again = !el.hidden && el.textContent === text;
    const mine = again ? shown : ++shown;
    if (!again) {
      el.textContent = text;
      el.hidden = false;
      place();
    }
    clearTimeout(timer);
    const hide = () => {
      if (shown !== mine) return;
      clearTimeout(timer);
      el.hidden = true;
    };
    timer = setTimeout(hide, ms);
    return hide;
  };
}
