import { LANGUAGES } from '@mediabox/contract';
import { describe, expect, it } from 'vitest';
import { resourcesByLanguage } from './all-translations';
import { loadTranslations } from './load-translations';

describe('loadTranslations', () => {
  it.each(LANGUAGES)('loads all of %s, as the bundled resources have it', async (lang) => {
    expect(await loadTranslations(lang)).toEqual(resourcesByLanguage()[lang]);
  });
});
