// Writes to the page made only when they change what is there: the browser
// restyles (and lays out again) an element whose text, attribute or inline
// style is written, even with the value it had. A move then restyles only
// what it changed (the board's places, the toolbar, the names a screen reader
// hears), and laying out a board that already fits costs nothing.

/** An attribute (null: none). @param {Element} el @param {string} name @param {string | null} value */
export function setAttr(el, name, value) {
  if (el.getAttribute(name) === value) return;
  if (value === null) el.removeAttribute(name);
  else el.setAttribute(name, value);
}

/** An inline style property (null: none). @param {HTMLElement} el @param {string} name @param {string | null} value */
export function setStyle(el, name, value) {
  if (value === null) {
    if (el.style.getPropertyValue(name)) el.style.removeProperty(name);
  } else if (el.style.getPropertyValue(name) !== value) el.style.setProperty(name, value);
}

/**
 * The element's text: where it is one text node already, that node's data is
 * changed (textContent would replace the node, and the browser would build
 * its layout object again, a noticeable part of a tap's handler: bench/taps.py).
 * @param {Element} el @param {string} text
 */
export function setText(el, text) {
  const only = el.firstChild;
  if (only && only === el.lastChild && only.nodeType === Node.TEXT_NODE) {
    const node = /** @type {Text} */ (only);
    if (node.data !== text) node.data = text;
  } else if (el.textContent !== text) el.textContent = text;
}
