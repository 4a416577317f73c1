import { PRODUCT_NAME } from '@mediabox/contract';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Sets the document title to "Mediabox – <page>" (spec 9: the title prefix is the product name).
 * `key` is a translation key; `values` are its interpolation values. Re-runs on a language change.
 */
export function usePageTitle(key?: string, values?: Record<string, string | number>): void {
  const { t, i18n } = useTranslation();
  const page = key ? t(key, values) : '';
  useEffect(() => {
    document.title = page ? `${PRODUCT_NAME} – ${page}` : PRODUCT_NAME;
  }, [page, i18n.language]);
}
