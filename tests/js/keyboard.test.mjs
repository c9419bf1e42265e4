// The keyboard's pure parts (static/js/board/keyboard.js): which command a key
// names on any layout, and where an arrow leads on the board.
import assert from "node:assert/strict";
import { test } from "node:test";
import { letterOf, pageKeyAction, stepFrom } from "../../static/js/board/keyboard.js";

const key = (k, more = {}) => ({ key: k, code: "", ctrlKey: false, metaKey: false, altKey: false, shiftKey: false, ...more });

test("letters name the page's commands, as on the ? dialog", () => {
  const names = { u: "undo", r: "redo", n: "newGame", h: "hint", s: "showMe", f: "finish", "?": "keys" };
  for (const [k, command] of Object.entries(names)) assert.equal(pageKeyAction(key(k), false), command, k);
  assert.equal(pageKeyAction(key("U"), false), "undo"); // Caps Lock
  assert.equal(pageKeyAction(key("x"), false), null);
});

test("Ctrl+Z undoes, Ctrl+Y and Ctrl+Shift+Z redo; other modifiers leave the key alone", () => {
  assert.equal(pageKeyAction(key("z", { ctrlKey: true }), false), "undo");
  assert.equal(pageKeyAction(key("z", { metaKey: true }), false), "undo");
  assert.equal(pageKeyAction(key("Z", { ctrlKey: true, shiftKey: true }), false), "redo");
  assert.equal(pageKeyAction(key("y", { ctrlKey: true }), false), "redo");
  assert.equal(pageKeyAction(key("z", { ctrlKey: true, altKey: true }), false), null);
  assert.equal(pageKeyAction(key("u", { altKey: true }), false), null);
  assert.equal(pageKeyAction(key("U", { shiftKey: true }), false), null);
});

test("a layout of another script keeps every command by the key's place", () => {
  assert.equal(letterOf({ key: "г", code: "KeyU" }), "u"); // Russian: the U key
  assert.equal(pageKeyAction(key("г", { code: "KeyU" }), false), "undo");
  assert.equal(letterOf({ key: "a", code: "KeyQ" }), "a"); // AZERTY: its own letter
});

test("digits focus columns, 0 the tenth; Escape lets go of a card held, only then", () => {
  assert.equal(pageKeyAction(key("3"), false), "t3");
  assert.equal(pageKeyAction(key("0"), false), "t10");
  assert.equal(pageKeyAction(key("&", { code: "Digit1" }), false), "t1"); // AZERTY's 1
  assert.equal(pageKeyAction(key("Escape"), true), "drop");
  assert.equal(pageKeyAction(key("Escape"), false), null);
});

test("arrows move along a row, and up or down to the nearest place of the other", () => {
  const top = ["c1", "c2", "f1", "f2"];
  const x = { c1: 10, c2: 30, f1: 70, f2: 90, t1: 5, t2: 15, t3: 25, t4: 35, t5: 45, t6: 55, t7: 65, t8: 75, t9: 85, t10: 95 };
  const centreX = (name) => x[name];
  assert.equal(stepFrom("ArrowRight", "t3", top, centreX), "t4");
  assert.equal(stepFrom("ArrowLeft", "t1", top, centreX), "t1");
  assert.equal(stepFrom("End", "t3", top, centreX), "t10");
  assert.equal(stepFrom("Home", "f2", top, centreX), "c1");
  assert.equal(stepFrom("ArrowUp", "t8", top, centreX), "f1");
  assert.equal(stepFrom("ArrowDown", "c2", top, centreX), "t3"); // 25 and 35 are as near: the first
  assert.equal(stepFrom("ArrowUp", "c1", top, centreX), "c1");
});
