// The composition root's rule: each feature is started once every service it
// needs (a name in `needs`) has been given by another's init (which returns
// them by name), in the list's order otherwise. Nothing else depends on that
// order: what must happen in order when an answer is shown is the page's
// pipeline (create-page.js), and events are for listeners that may come in
// any order, so a list in any order makes the same page (a test shuffles it).

/**
 * @typedef {object} Feature
 * @property {string} name
 * @property {(page: import("../create-page.js").Page, services: Record<string, any>) => (Record<string, any> | void)} init
 * @property {string[]} [needs] the services its init takes
 */

/**
 * Start `features` on `page`; returns the services they gave.
 * @param {import("../create-page.js").Page} page
 * @param {Feature[]} features
 * @returns {Record<string, any>}
 */
export function compose(page, features) {
  /** @type {Record<string, any>} */
  const services = {};
  let waiting = [...features];
  while (waiting.length) {
    const ready = waiting.find((feature) => (feature.needs || []).every((name) => name in services));
    if (!ready) throw new Error(`seahaven: no feature gives what ${waiting.map((f) => f.name).join(", ")} need`);
    waiting = waiting.filter((feature) => feature !== ready);
    Object.assign(services, ready.init(page, services) || {});
  }
  return services;
}
