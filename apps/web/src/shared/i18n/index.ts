import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@mediabox/contract';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';

/**
 * Translations are one folder per language; each feature owns one JSON file in it (common.json,
 * accounts.json, legal.json, …). All files of a language are deep-merged into one resource, so keys
 * such as `signup.step1.errors.mailExists` (which the server also sends as error codes) work with a
 * plain `t(code)`.
 */
type Leaf = string | Leaf[] | { [key: string]: Leaf };
type Tree = { [key: string]: Leaf };

const files = import.meta.glob<{ default: Tree }>('./locales/*/*.json', { eager: true });

export function mergeTrees(target: Tree, source: Tree): Tree {
  for (const [key, value] of Object.entries(source)) {
    const existing = target[key];
    // Arrays (lists of paragraphs) are leaves: copied as they are, never merged index by index.
    if (isTree(value) && isTree(existing)) mergeTrees(existing, value);
    else target[key] = isTree(value) ? mergeTrees({}, value) : value;
  }
  return target;
}

function isTree(value: Leaf | undefined): value is Tree {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function resourcesByLanguage(): Record<Language, Tree> {
  const result = Object.fromEntries(LANGUAGES.map((lang) => [lang, {}])) as Record<Language, Tree>;
  for (const [file, module] of Object.entries(files)) {
    const lang = /\/locales\/(\w+)\//.exec(file)?.[1] as Language | undefined;
    if (lang && lang in result) mergeTrees(result[lang], module.default);
  }
  return result;
}

export const LANGUAGE_STORAGE_KEY = 'lang';

/** Stored choice first; otherwise the host ending decides (spec 2.1): German hosts German, others English. */
export function initialLanguage(): Language {
  const stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
  if (stored && (LANGUAGES as readonly string[]).includes(stored)) return stored as Language;
  const host = window.location.hostname;
  if (host === 'localhost' || host === '127.0.0.1' || /\.(de|at|ch)$/.test(host)) return DEFAULT_LANGUAGE;
  return 'en';
}

export function setLanguage(lang: Language): void {
  localStorage.setItem(LANGUAGE_STORAGE_KEY, lang);
  document.documentElement.lang = lang;
  // Before initI18n runs, storing the choice is enough: initI18n reads it.
  if (i18n.isInitialized) void i18n.changeLanguage(lang);
}

export function initI18n(lang: Language = initialLanguage()) {
  const resources = resourcesByLanguage();
  document.documentElement.lang = lang;
  void i18n.use(initReactI18next).init({
    resources: Object.fromEntries(LANGUAGES.map((l) => [l, { translation: resources[l] }])),
    lng: lang,
    // Missing translations fall back to German, the default text (spec 8).
    fallbackLng: DEFAULT_LANGUAGE,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return i18n;
}

export { i18n };
