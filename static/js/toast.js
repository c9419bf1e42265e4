// A short message that does not block play (the element #toast, in the dock
// over the bottom of the board). Screen readers hear it through the page's
// live region (a11y.js). toast(text, ms) returns a function that takes that
// message away early, and only that one ("Thinking…" goes when its answer
// comes, not over the answer that replaced it). The dock never covers a
// control: shown over one (the review's buttons, a bar), it rises above it.

// What a player may press: a message must never lie over one.
const CONTROLS = "button, a.button, input, select, [role=button]";

const overlaps = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

// The boxes of the visible controls outside `dock` (a dialog's count only when it is not modal: a modal one lies above the dock).
function controlBoxes(doc, dock) {
  const boxes = [];
  for (const el of doc.querySelectorAll(CONTROLS)) {
    if (dock.contains(el) || el.closest("dialog:modal, [popover]:not(:popover-open)")) continue;
    const box = el.getBoundingClientRect();
    if (box.width && box.height && el.checkVisibility()) boxes.push(box);
  }
  return boxes;
}

// Lift `dock` (position: fixed, bottom-anchored) above every control it lies over.
export function clearControls(dock) {
  dock.style.bottom = "";
  const boxes = controlBoxes(dock.ownerDocument, dock);
  for (let tries = 0; tries < boxes.length; tries++) {
    const mine = Array.from(dock.children, (el) => el.getBoundingClientRect()).filter((r) => r.width && r.height);
    const hit = boxes.filter((box) => mine.some((r) => overlaps(r, box)));
    if (!hit.length) return;
    const top = Math.min(...hit.map((box) => box.top));
    const below = innerHeight - dock.getBoundingClientRect().bottom;
    const lift = dock.getBoundingClientRect().bottom - top + 8;
    dock.style.bottom = `${below + lift}px`;
  }
}

export function createToast(el) {
  let timer = 0;
  let shown = 0; // which message is on screen
  const dock = el.closest(".dock");
  if (dock) addEventListener("resize", () => !el.hidden && clearControls(dock));
  return (text, ms = 2600) => {
    const mine = ++shown;
    el.textContent = text;
    el.hidden = false;
    if (dock) clearControls(dock);
    clearTimeout(timer);
    const hide = () => {
      if (shown !== mine) return;
      clearTimeout(timer);
      el.hidden = true;
      if (dock) dock.style.bottom = "";
    };
    timer = setTimeout(hide, ms);
    return hide;
  };
}
