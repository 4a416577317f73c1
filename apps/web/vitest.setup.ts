import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { initI18n } from './src/shared/i18n';
import { resourcesByLanguage } from './src/shared/i18n/all-translations';

// All languages bundled, so that tests switch languages without waiting for downloads.
await initI18n('en', resourcesByLanguage());
// findBy… and waitFor give up after 5 s rather than 1 s: on a busy two-core machine a lazy chunk or a
// stubbed answer can take longer than a second to show, and a passing test does not wait longer.
configure({ asyncUtilTimeout: 5000 });
afterEach(() => {
  cleanup();
  localStorage.clear();
});
