// The composition root's rule: each feature is started once every service it
// needs (a name in `needs`) has been given by another's init (which returns
// them by name), in the list's order otherwise. Nothing else depends on that
// order: what must happen in order when an answer is shown is the page's
// pipeline (create-page.js), and events are for listeners that may come in
// any order, so a list in any order makes the same page (a test shuffles it).

/**
 * What features give one another, by name: a feature's init returns some of
 * them, and takes those its `needs` names.
 * @typedef {ReturnType<typeof import("../deals/replace.js").init>
 *   & {cascade: ReturnType<typeof import("../board/win-cascade.js").init>}
 *   & {early: ReturnType<typeof import("../board/early-input.js").init>}
 *   & ReturnType<typeof import("../saving/storage.js").init>
 *   & ReturnType<typeof import("../deals/daily.js").init>} Services
 */

/**
 * @typedef {object} Feature
 * @property {string} name
 * @property {(page: import("../create-page.js").Page, services: Services) => (Partial<Services> | void)} init
 * @property {string[]} [needs] the services its init takes
 */

/**
 * Start `features` on `page`; returns the services they gave.
 * @param {import("../create-page.js").Page} page
 * @param {Feature[]} features
 * @returns {Partial<Services>}
 */
export function compose(page, features) {
  /** @type {Partial<Services>} */
  const services = {};
  let waiting = [...features];
  while (waiting.length) {
    const ready = waiting.find((feature) => (feature.needs || []).every((name) => name in services));
    if (!ready) throw new Error(`seahaven: no feature gives what ${waiting.map((f) => f.name).join(", ")} need`);
    waiting = waiting.filter((feature) => feature !== ready);
    // Its `needs` are in `services` (checked above): what it takes is there.
    Object.assign(services, ready.init(page, /** @type {Services} */ (services)) || {});
  }
  return services;
}
