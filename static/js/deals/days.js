// Days as the daily deal counts them: UTC dates written "2026-12-24"
// (design §8), the day before, the months of the statistics' calendar, and
// a day's name in a language. Pure, so it is tested without a browser.
const DAY_MS = 86400000;
const SHAPE = /^\d{4}-\d{2}-\d{2}$/;

const msOf = (/** @type {string} */ date) => Date.parse(`${date}T00:00:00Z`);
const textOf = (/** @type {number} */ ms) => new Date(ms).toISOString().slice(0, 10);

// Today's date in UTC (`now`: milliseconds since 1970, Date.now() by default).
export function today(now = Date.now()) {
  return textOf(now);
}

// Whether `text` is a day of the calendar written YYYY-MM-DD (by arithmetic:
// a statistics file holds a thousand dates, and a Date for each costs a phone
// tens of milliseconds).
/** @param {unknown} text @returns {text is string} */
export function isDate(text) {
  if (typeof text !== "string" || !SHAPE.test(text)) return false;
  const [year, month, day] = [text.slice(0, 4), text.slice(5, 7), text.slice(8)].map(Number);
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const length = month === 2 ? (leap ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31;
  return month >= 1 && month <= 12 && day >= 1 && day <= length;
}

// The date `n` days after `date` (before, for a negative n).
/** @param {string} date @param {number} n */
export function addDays(date, n) {
  return textOf(msOf(date) + n * DAY_MS);
}

// 0 = Monday … 6 = Sunday.
/** @param {string} date */
export function weekday(date) {
  return (new Date(msOf(date)).getUTCDay() + 6) % 7;
}

/** A month: its year, and its number 1–12. @typedef {{year: number, month: number}} Month */

// The month of a date: {year, month} (month 1–12).
/** @param {string} date @returns {Month} */
export function monthOf(date) {
  return { year: Number(date.slice(0, 4)), month: Number(date.slice(5, 7)) };
}

// The month `n` months after {year, month}.
/** @param {Month} month @param {number} n @returns {Month} */
export function addMonths({ year, month }, n) {
  const index = year * 12 + (month - 1) + n;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

// The first date of a month.
/** @param {Month} month */
export function firstDate({ year, month }) {
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-01`;
}

// Every date of a month, in order.
/** @param {Month} month */
export function monthDates(month) {
  const first = firstDate(month);
  /** @type {string[]} */
  const dates = [];
  for (let date = first; monthOf(date).month === month.month; date = addDays(date, 1)) dates.push(date);
  return dates;
}

/** @type {Map<string, Intl.DateTimeFormat>} */
const dayFormats = new Map(); // language → its Intl.DateTimeFormat of a day (a calendar names 31 days at once)

// "24 December" as `lang` writes a day of the month.
/** @param {string} date @param {string} lang */
export function dayName(date, lang) {
  let format = dayFormats.get(lang);
  if (!format) dayFormats.set(lang, (format = new Intl.DateTimeFormat(lang, { day: "numeric", month: "long", timeZone: "UTC" })));
  return format.format(msOf(date));
}
