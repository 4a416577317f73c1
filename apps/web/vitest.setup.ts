import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { initI18n } from './src/shared/i18n';

initI18n('en');
afterEach(() => {
  cleanup();
  localStorage.clear();
});
