import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { initI18n } from './src/shared/i18n';
import { resourcesByLanguage } from './src/shared/i18n/all-translations';

// All languages bundled, so that tests switch languages without waiting for downloads.
await initI18n('en', resourcesByLanguage());
afterEach(() => {
  cleanup();
  localStorage.clear();
});
