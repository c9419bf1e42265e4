// The toolbar is one row of fixed height (on a landscape phone, a rail down
// the side: game.css): it never wraps, so the board never moves. What does not
// fit goes into the menu (#menu, a popover opened by the ☰ button): first the
// numbers, grown with the cards on a large screen, go back to their phone size
// (.snug), then the labels give way to glyphs, then the controls marked data-fold leave the row,
// lowest number first, and come back when there is room again (a wider window,
// a shorter language). The numbers keep the width of their largest values
// (game.css), so a growing score or clock never refits the row; the game's
// code does, when another deal's is shown. The menu's own entries (anything
// put into .menu) always stay in it.
import { EVENT } from "../events.js";
import { find } from "../find.js";

// The row's fit for the page under `root`: a function that fits it now. Each
// foldable control's place in the row is kept by a marker (a comment) it goes
// back after; markers an earlier fit left (the early board's, early-board.js)
// are found again, so the controls it folded come home.
/** @param {ParentNode} root the page's document, or its root element */
export function createFit(root) {
  const bar = find(root, ".toolbar", HTMLElement);
  const menu = find(root, "#menu", HTMLElement);
  const toggle = find(root, "[data-testid=menu]", HTMLElement);
  const foldable = Array.from(/** @type {NodeListOf<HTMLElement>} */ (bar.querySelectorAll("[data-fold]"))).sort(
    (a, b) => Number(a.dataset.fold) - Number(b.dataset.fold),
  );
  /** @type {Map<string, Node>} */
  const marks = new Map();
  const walker = document.createTreeWalker(bar, NodeFilter.SHOW_COMMENT);
  while (walker.nextNode()) marks.set(/** @type {Comment} */ (walker.currentNode).data, walker.currentNode);
  /** @type {Map<Element, Node>} the marker each foldable control goes back after */
  const home = new Map();
  for (const el of foldable) {
    let mark = marks.get(`fold:${el.dataset.testid}`);
    if (!mark) {
      mark = document.createComment(`fold:${el.dataset.testid}`);
      el.before(mark);
    }
    home.set(el, mark);
  }
  const markOf = (/** @type {Element} */ el) => /** @type {Node} */ (home.get(el));
  const inRowOrder = (/** @type {Element} */ a, /** @type {Element} */ b) =>
    markOf(a).compareDocumentPosition(markOf(b)) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1;
  const overflows = () => bar.scrollWidth > bar.clientWidth + 0.5 || bar.scrollHeight > bar.clientHeight + 0.5 || intoPadding();
  // Chromium leaves a flex container's end padding out of its scroll size, so
  // a control reaching into it (the safe area under a phone's home indicator,
  // at the end of a rail) is found by the boxes of the row's children.
  function intoPadding() {
    const style = getComputedStyle(bar);
    const box = bar.getBoundingClientRect();
    const right = box.right - parseFloat(style.paddingRight) - parseFloat(style.borderRightWidth);
    const bottom = box.bottom - parseFloat(style.paddingBottom) - parseFloat(style.borderBottomWidth);
    for (const child of bar.children) {
      const r = child.getBoundingClientRect();
      if (r.width && (r.right > right + 0.5 || r.bottom > bottom + 0.5)) return true;
    }
    return false;
  }
  // What the fit depends on besides the stylesheet and the row's size: the
  // fonts, and the text of every control and label in the row, or its absence,
  // wherever the last fit put it (the numbers keep their width: above). Read
  // without laying the page out.
  const content = () => [
    document.fonts ? document.fonts.status : "",
    ...Array.from(bar.querySelectorAll("button, a, dt"), (el) => (/** @type {HTMLElement} */ (el).hidden ? "" : el.textContent)).sort(),
  ].join("\n");

  // The row's size as a fit records it: "width×height", in whole pixels.
  const sizeOf = (/** @type {number} */ width, /** @type {number} */ height) => `${Math.round(width)}×${Math.round(height)}`;

  // Fits the row, unless it is fitted already for what it holds and, given
  // (`box`: its border box as a ResizeObserver reports it), for that size: by
  // this page or by the early board (data-fitted-for, data-fitted-at). Only a
  // ResizeObserver tells of a new size, and reading the size elsewhere would
  // lay the page out: a phone's start asked for five fits of the same row,
  // each a layout of its own.
  /** @param {ResizeObserverSize | null} [box] */
  return function fit(box = null) {
    const holds = content();
    if (bar.dataset.fittedFor === holds && (box === null || sizeOf(box.inlineSize, box.blockSize) === bar.dataset.fittedAt)) return;
    const focused = /** @type {HTMLElement | null} */ (document.activeElement);
    for (const el of foldable) if (markOf(el).nextSibling !== el) /** @type {ChildNode} */ (markOf(el)).after(el); // only what was folded moves
    bar.classList.remove("compact", "snug");
    toggle.hidden = menu.children.length === 0;
    const long = overflows();
    // The size it is fitted at, in the layout that found it long or not.
    bar.dataset.fittedAt = sizeOf(bar.offsetWidth, bar.offsetHeight);
    bar.dataset.fittedFor = holds;
    if (long) bar.classList.add("snug");
    if (overflows()) {
      bar.classList.add("compact");
      toggle.hidden = false;
      const folded = [];
      for (const el of foldable) {
        if (!overflows()) break;
        el.remove();
        folded.push(el);
      }
      // The menu lists them in the row's order, before its own entries.
      menu.prepend(...folded.sort(inRowOrder));
    }
    toggle.hidden = menu.children.length === 0;
    if (focused && focused.isConnected && focused !== document.activeElement) focused.focus();
  };
}

/** @param {import("../create-page.js").Page} page */
export function init(page) {
  const bar = find(page.root, ".toolbar", HTMLElement);
  const menu = find(page.root, "#menu", HTMLElement);
  const toggle = find(page.root, "[data-testid=menu]", HTMLElement);
  const fitRow = createFit(page.root);
  // A first visit's row is fitted around "…" before the deal's code is in:
  // the row is fitted again when the code it was fitted around changes.
  const code = find(page.root, "[data-testid=game-code]", HTMLElement);
  /** @type {string | null} */
  let fitted = null;
  /** @param {ResizeObserverSize | null} [box] */
  const fit = (box = null) => {
    fitted = code.textContent;
    fitRow(box);
  };

  // The open menu hangs from its button: below it in a row, beside it in a rail.
  menu.addEventListener("beforetoggle", (e) => {
    if (/** @type {ToggleEvent} */ (e).newState !== "open") return;
    const r = toggle.getBoundingClientRect();
    const rail = bar.clientHeight > bar.clientWidth;
    Object.assign(menu.style, rail
      ? { left: `${r.right + 6}px`, right: "auto", top: "auto", bottom: `${Math.max(8, innerHeight - r.bottom)}px` }
      : { left: "auto", right: `${Math.max(8, innerWidth - r.right)}px`, top: `${r.bottom + 6}px`, bottom: "auto" });
  });
  // Choosing an entry closes the menu (a dialog it opens takes the focus),
  // except one marked data-menu-stays, which shows its progress in place.
  menu.addEventListener("click", (e) => {
    const entry = e.target instanceof Element ? e.target.closest("button, a") : null;
    if (entry && !entry.hasAttribute("data-menu-stays")) menu.hidePopover();
  });

  new ResizeObserver(([entry]) => fit(entry.borderBoxSize[0])).observe(bar);
  page.events.on(EVENT.language, () => fit());
  page.events.on(EVENT.state, () => {
    if (code.textContent !== fitted) fit();
  });
  if (document.fonts) document.fonts.ready.then(() => fit());
  fit();
}
