// A question dialog built in code (for features that own their dialog): a
// title, a text that describes it, and a row of buttons, wired for screen
// readers (aria-labelledby / aria-describedby). `buttons` lists each button's
// data-testid; the last one is the primary choice.
/** @param {Document} doc @param {string} name @param {string[]} buttons */
export function questionDialog(doc, name, buttons) {
  /** @type {<K extends keyof HTMLElementTagNameMap>(tag: K, props: Partial<HTMLElementTagNameMap[K]>) => HTMLElementTagNameMap[K]} */
  const make = (tag, props) => Object.assign(doc.createElement(tag), props);
  const dialog = make("dialog", { id: `${name}-dialog` });
  dialog.dataset.testid = name;
  dialog.setAttribute("aria-labelledby", `${name}-title`);
  dialog.setAttribute("aria-describedby", `${name}-text`);
  const title = make("h2", { id: `${name}-title` });
  const text = make("p", { id: `${name}-text` });
  const row = make("div", { className: "buttons" });
  const made = buttons.map((testid, i) => {
    const button = make("button", { type: "button" });
    if (i === buttons.length - 1) button.className = "primary";
    button.dataset.testid = testid;
    return button;
  });
  row.append(...made);
  dialog.append(title, text, row);
  doc.body.append(dialog);
  return { dialog, title, text, buttons: made };
}
