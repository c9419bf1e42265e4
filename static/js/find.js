// The page's lookups of its own markup (index.html, the dialogs it holds): an
// element the code needs is there and of the kind it uses, or the page says
// at once which selector failed, not later "cannot read properties of null"
// somewhere else. Typed: the element comes back as its class says.

/**
 * The element `selector` matches in `root`, which must be a `kind`.
 * @template {Element} T
 * @param {ParentNode} root
 * @param {string} selector
 * @param {{new (): T}} kind the element's class: HTMLElement, HTMLButtonElement, HTMLDialogElement…
 * @returns {T}
 */
export function find(root, selector, kind) {
  const found = root.querySelector(selector);
  if (found instanceof kind) return found;
  throw new Error(
    found ? `"${selector}" is a <${found.localName}>, not an ${kind.name}` : `no element matches "${selector}"`,
  );
}
