import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@mediabox/contract';
import i18next, { type BackendModule, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { loadTranslations } from './load-translations';

export const LANGUAGE_STORAGE_KEY = 'lang';

/** The app's i18next instance (its own, so that a test can start a fresh module with a fresh one). */
const i18n = i18next.createInstance();

const isLanguage = (code: string): code is Language => (LANGUAGES as readonly string[]).includes(code);

/** Stored choice first; otherwise the host ending decides (spec 2.1): German hosts German, others English. */
export function initialLanguage(): Language {
  const stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
  if (stored && isLanguage(stored)) return stored;
  const host = window.location.hostname;
  if (host === 'localhost' || host === '127.0.0.1' || /\.(de|at|ch)$/.test(host)) return DEFAULT_LANGUAGE;
  return 'en';
}

/** Stores the choice and switches; i18next shows the new language once its translations have arrived. */
export function setLanguage(lang: Language): void {
  localStorage.setItem(LANGUAGE_STORAGE_KEY, lang);
  document.documentElement.lang = lang;
  void i18n.changeLanguage(lang);
}

/** i18next asks for a language's translations the first time it needs them (start, switch). */
const translationBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read: (language, _namespace, callback) => {
    if (!isLanguage(language)) return callback(null, {});
    loadTranslations(language).then(
      (tree) => callback(null, tree),
      (error: unknown) => callback(error instanceof Error ? error : String(error), false),
    );
  },
};

/**
 * Missing translations fall back to German, the default text (spec 8). Every language has every key
 * (locales.test.ts), so the German file is fetched only the first time a key turns out missing,
 * instead of with every English or French visit; until then there is nothing to fall back to.
 */
let germanFallback = false;
const fallbackLanguages = (code: string): Language[] =>
  germanFallback && code !== DEFAULT_LANGUAGE ? [DEFAULT_LANGUAGE] : [];

function fetchGermanFallback(): void {
  if (germanFallback || i18n.language === DEFAULT_LANGUAGE) return;
  germanFallback = true;
  void i18n.loadLanguages(DEFAULT_LANGUAGE);
}

/**
 * Starts i18next in `lang`; resolves once its translations are there. `resources` (tests) gives
 * all translations up front instead of loading them.
 */
export async function initI18n(lang: Language = initialLanguage(), resources?: Record<Language, object>) {
  document.documentElement.lang = lang;
  const bundled: Resource | undefined =
    resources && Object.fromEntries(LANGUAGES.map((l) => [l, { translation: resources[l] }]));
  await i18n
    .use(translationBackend)
    .use(initReactI18next)
    .init({
      resources: bundled,
      lng: lang,
      // Ask for the translations now, ahead of the page's code and data, not a task later.
      initAsync: false,
      fallbackLng: fallbackLanguages,
      saveMissing: true,
      missingKeyHandler: fetchGermanFallback,
      interpolation: { escapeValue: false },
      returnNull: false,
      // Components render again when translations arrive (the German fallback, a switched language).
      react: { bindI18nStore: 'added' },
    });
  return i18n;
}

export { i18n };
