// The page's own words in English, French and Portuguese (assets/words/<language>.json), and the
// language chosen: it also goes to the service as Accept-Language, so refusals come in it too.

/** @typedef {"en" | "fr" | "pt"} Language */

/** @type {readonly Language[]} */
export const LANGUAGES = ["en", "fr", "pt"];
const STORAGE_KEY = "restart-language";

/** @type {Record<string, string>} */
let words = {};
/** @type {Language} */
let language = "en";

/**
 * @param {string | null | undefined} value
 * @returns {value is Language}
 */
function isLanguage(value) {
  return LANGUAGES.some((known) => known === value);
}

/** The language asked for before: stored, else the browser's first one we speak, else English. */
export function initialLanguage() {
  const stored = localStorage.getItem(STORAGE_KEY);
  if (isLanguage(stored)) return stored;
  for (const tag of navigator.languages) {
    const primary = tag.split("-")[0]?.toLowerCase();
    if (isLanguage(primary)) return primary;
  }
  return "en";
}

/** @param {Language} chosen */
export async function useLanguage(chosen) {
  const response = await fetch(`/play/assets/words/${chosen}.json`);
  if (!response.ok) throw new Error(`no words for ${chosen}`);
  words = /** @type {Record<string, string>} */ (await response.json());
  language = chosen;
  localStorage.setItem(STORAGE_KEY, chosen);
  document.documentElement.lang = chosen;
}

export function currentLanguage() {
  return language;
}

/**
 * The words for `key`, or `fallback` where the page has none: a bot level or an event type the service
 * added after this page was written (the contract's sets of them are open).
 * @param {string} key
 * @param {string} fallback
 * @param {Record<string, string | number>} [values]
 */
export function wordsOr(key, fallback, values = {}) {
  return key in words ? t(key, values) : fallback;
}

/**
 * The words for `key`, with each `{name}` replaced.
 * @param {string} key
 * @param {Record<string, string | number>} [values]
 */
export function t(key, values = {}) {
  const template = words[key] ?? key;
  return template.replace(/\{(\w+)\}/g, (whole, name) => {
    const value = values[name];
    return value === undefined ? whole : String(value);
  });
}

/** Put the words into every element of the static page marked `data-word`. */
export function translateStaticPage() {
  for (const element of document.querySelectorAll("[data-word]")) {
    const key = element.getAttribute("data-word");
    if (key) element.textContent = t(key);
  }
}
