// The languages the game and its help speak, each named in its own language,
// the default first: the one place they are declared. Each needs
// static/i18n/<code>.json and pages/help/<code>.toml. The build reads this
// object too (tools/manifest.py), so it stays written as JSON.
export const LANGUAGE_NAMES = {
  "en": "English",
  "es": "Español",
  "it": "Italiano",
  "pt": "Português",
  "sv": "Svenska",
  "fr": "Français",
  "de": "Deutsch"
};

export const LANGUAGES = Object.keys(LANGUAGE_NAMES);
