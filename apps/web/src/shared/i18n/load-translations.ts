import type { Language } from '@mediabox/contract';
import { languageOfFile, mergeTrees, type TranslationTree } from './merge-trees';

/**
 * Only the language in use is downloaded: each language's files are one chunk of their own (grouped
 * in vite.config.ts), fetched when i18next first needs that language.
 */
const files = import.meta.glob<{ default: TranslationTree }>('./locales/*/*.json');

export async function loadTranslations(lang: Language): Promise<TranslationTree> {
  const loaders = Object.entries(files).filter(([file]) => languageOfFile(file) === lang);
  const modules = await Promise.all(loaders.map(([, load]) => load()));
  return modules.reduce<TranslationTree>((tree, module) => mergeTrees(tree, module.default), {});
}
