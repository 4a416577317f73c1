import { LANGUAGES, type Language } from '@mediabox/contract';
import { i18n, LANGUAGE_STORAGE_KEY } from '../../../shared/i18n';

/**
 * Confirm and reset links carry the language the account signed up with. It is applied for this
 * visit only (not stored) and never over a language the visitor chose themselves.
 */
export function applyLinkLanguage(lang: Language): void {
  const chosen = localStorage.getItem(LANGUAGE_STORAGE_KEY);
  if (chosen && (LANGUAGES as readonly string[]).includes(chosen)) return;
  if (i18n.language === lang) return;
  document.documentElement.lang = lang;
  void i18n.changeLanguage(lang);
}
