import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@mediabox/contract';
import { useTranslation } from 'react-i18next';

/** The active interface language as one of the contract's languages, to pick from `{ de, en, fr }` names. */
export function useLanguage(): Language {
  const { i18n } = useTranslation();
  const lang = (i18n.resolvedLanguage ?? i18n.language ?? DEFAULT_LANGUAGE).slice(0, 2);
  return (LANGUAGES as readonly string[]).includes(lang) ? (lang as Language) : DEFAULT_LANGUAGE;
}
