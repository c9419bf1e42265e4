// The typed lookup (static/js/find.js): the element, or an error naming what failed.
import { test } from "node:test";
import assert from "node:assert/strict";
import { find } from "../../static/js/find.js";

class Element {
  constructor(localName) {
    this.localName = localName;
  }
}
class HTMLButtonElement extends Element {}
const button = new HTMLButtonElement("button");
const span = new Element("span");
const root = { querySelector: (selector) => ({ "#go": button, "#label": span })[selector] ?? null };

test("the element the selector matches, when it is of the kind asked", () => {
  assert.equal(find(root, "#go", HTMLButtonElement), button);
  assert.equal(find(root, "#label", Element), span);
});

test("no element: the error names the selector", () => {
  assert.throws(() => find(root, "#gone", HTMLButtonElement), { message: 'no element matches "#gone"' });
});

test("another kind of element: the error names the selector, the tag and the kind", () => {
  assert.throws(() => find(root, "#label", HTMLButtonElement), {
    message: '"#label" is a <span>, not an HTMLButtonElement',
  });
});
