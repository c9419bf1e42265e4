// The one polite live region: everything said aloud to a screen reader
// (moves, refusals, the score, the win, every toast) goes through it.
/** @param {HTMLElement} body @returns {(text: string) => void} say `text` */
export function createAnnouncer(body) {
  const region = body.ownerDocument.createElement("div");
  region.id = "announcer";
  region.className = "visually-hidden";
  region.dataset.testid = "announcer";
  region.setAttribute("role", "status");
  region.setAttribute("aria-live", "polite");
  region.setAttribute("aria-atomic", "true");
  body.append(region);

  /** @type {string[]} */
  let pending = [];
  let timer = 0;
  // Everything said in the same moment is joined into one message; the region
  // is emptied first so that the same words twice are still read twice.
  return (text) => {
    if (!text) return;
    pending.push(text);
    if (timer) return;
    region.textContent = "";
    timer = setTimeout(() => {
      region.textContent = pending.join(". ");
      pending = [];
      timer = 0;
    }, 60);
  };
}
