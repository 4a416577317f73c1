import { LANGUAGES, type Language } from '@mediabox/contract';
import { languageOfFile, mergeTrees, type TranslationTree } from './merge-trees';

/**
 * Every language at once, bundled: for tests (translation checks, and a test setup that switches
 * languages synchronously). The app itself loads one language at a time (load-translations.ts).
 */
const files = import.meta.glob<{ default: TranslationTree }>('./locales/*/*.json', { eager: true });

export function resourcesByLanguage(): Record<Language, TranslationTree> {
  const result = Object.fromEntries(LANGUAGES.map((lang) => [lang, {}])) as Record<Language, TranslationTree>;
  for (const [file, module] of Object.entries(files)) {
    const lang = languageOfFile(file) as Language | undefined;
    if (lang && lang in result) mergeTrees(result[lang], module.default);
  }
  return result;
}
