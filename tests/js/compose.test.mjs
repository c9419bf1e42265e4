// The composition root's rule (static/js/entries/compose.js): a feature starts
// once the services it needs are given, in the list's order otherwise.
import assert from "node:assert/strict";
import { test } from "node:test";
import { compose } from "../../static/js/entries/compose.js";

const feature = (name, started, { needs = [], gives = {} } = {}) => ({
  name,
  needs,
  init: (page, services) => {
    started.push([name, ...needs.map((n) => services[n])]);
    return gives;
  },
});

test("a feature that needs a service starts after the one that gives it, whatever the order", () => {
  for (const reversed of [false, true]) {
    const started = [];
    const list = [
      feature("stats", started, { needs: ["saver"] }),
      feature("toolbar", started),
      feature("storage", started, { gives: { saver: "the saver" } }),
    ];
    const services = compose({}, reversed ? list.reverse() : list);
    assert.deepEqual(services, { saver: "the saver" });
    assert.deepEqual(started.find(([name]) => name === "stats"), ["stats", "the saver"]);
    assert.ok(started.findIndex(([n]) => n === "storage") < started.findIndex(([n]) => n === "stats"));
  }
});

test("a list whose needs nobody gives is refused, naming who waits", () => {
  assert.throws(() => compose({}, [feature("daily", [], { needs: ["confirmReplace"] })]), /daily/);
});
