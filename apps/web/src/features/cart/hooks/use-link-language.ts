import { LANGUAGES, type Language } from '@mediabox/contract';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { LANGUAGE_STORAGE_KEY, setLanguage } from '../../../shared/i18n';

const isLanguage = (value: string | null | undefined): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

/**
 * A mailed link carries the sender's language (`?lang=en`): the recipient starts in it, else in the
 * link's own language once the contents tell it (issue 20.2: a recipient's link knows the language
 * it was sent in), unless they have chosen a language on this device before (their own choice wins;
 * the switch is on the page).
 */
export function useLinkLanguage(linkLanguage?: Language): void {
  const [params] = useSearchParams();
  const fromAddress = params.get('lang');
  const lang = isLanguage(fromAddress) ? fromAddress : linkLanguage;
  useEffect(() => {
    if (isLanguage(lang) && !localStorage.getItem(LANGUAGE_STORAGE_KEY)) setLanguage(lang);
  }, [lang]);
}
