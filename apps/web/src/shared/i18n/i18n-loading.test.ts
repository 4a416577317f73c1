import { beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * The app's own start (main.tsx), not the tests' bundled one: a fresh module, so a fresh i18next
 * instance that loads its translations on demand.
 */
async function startFresh(lang: 'de' | 'en' | 'fr') {
  vi.resetModules();
  const loading = await import('./load-translations');
  const load = vi.spyOn(loading, 'loadTranslations');
  const { initI18n, setLanguage } = await import('./index');
  const i18n = await initI18n(lang);
  return { i18n, load, setLanguage };
}

beforeEach(() => localStorage.clear());

describe('translations loaded on demand', () => {
  it('starts with the language in use only', async () => {
    const { i18n, load } = await startFresh('fr');
    expect(i18n.t('nav.home')).toBe('Accueil');
    expect(load.mock.calls.map(([lang]) => lang)).toEqual(['fr']);
  });

  it('loads a newly chosen language when switching, and shows it once there', async () => {
    const { i18n, load, setLanguage } = await startFresh('de');
    setLanguage('en');
    await vi.waitFor(() => expect(i18n.language).toBe('en'));
    expect(i18n.t('nav.home')).toBe('Home');
    expect(load.mock.calls.map(([lang]) => lang)).toEqual(['de', 'en']);
    expect(localStorage.getItem('lang')).toBe('en');
  });

  it('fetches German only when a key is missing, then falls back to it', async () => {
    const { i18n, load } = await startFresh('en');
    expect(i18n.t('nav.home')).toBe('Home');
    expect(load.mock.calls.map(([lang]) => lang)).toEqual(['en']);
    // An English text gone missing (a key added in German only).
    const english = i18n.getResourceBundle('en', 'translation') as { nav: Record<string, string> };
    delete english.nav.home;
    expect(i18n.t('nav.home')).toBe('nav.home');
    await vi.waitFor(() => expect(i18n.t('nav.home')).toBe('Startseite'));
    expect(load.mock.calls.map(([lang]) => lang)).toEqual(['en', 'de']);
  });
});
