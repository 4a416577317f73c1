import { LANGUAGES, type Language } from '@mediabox/contract';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { LANGUAGE_STORAGE_KEY, setLanguage } from '../../../shared/i18n';

const isLanguage = (value: string | null): value is Language =>
  value !== null && (LANGUAGES as readonly string[]).includes(value);

/**
 * A mailed link carries the sender's language (`?lang=en`): the recipient starts in it, unless they
 * have chosen a language on this device before (their own choice wins; the switch is on the page).
 */
export function useLinkLanguage(): void {
  const [params] = useSearchParams();
  const lang = params.get('lang');
  useEffect(() => {
    if (isLanguage(lang) && !localStorage.getItem(LANGUAGE_STORAGE_KEY)) setLanguage(lang);
  }, [lang]);
}
