import { ErrorCodes, LANGUAGES } from '@mediabox/contract';
import { describe, expect, it } from 'vitest';
import { translationAt } from '../testing/translation-keys';
import { resourcesByLanguage } from './all-translations';

/**
 * Codes the app never shows: a refused tracking batch is dropped without a word (shared/tracking),
 * so its codes are for API users and logs only.
 */
const NEVER_SHOWN = new Set<string>([ErrorCodes.trackingInvalidPath, ErrorCodes.trackingTooManyEvents]);

describe('error code texts', () => {
  const resources = resourcesByLanguage();

  it.each(LANGUAGES)('has a text for every error code the API can answer in %s', (lang) => {
    const missing = Object.values(ErrorCodes).filter(
      (code) => !NEVER_SHOWN.has(code) && typeof translationAt(resources[lang], code) !== 'string',
    );
    expect(missing).toEqual([]);
  });
});
