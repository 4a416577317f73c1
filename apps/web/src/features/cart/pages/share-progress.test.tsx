import type { BundleProgress, ShareContentsAnswer, ShareFile } from '@mediabox/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, LANGUAGE_STORAGE_KEY } from '../../../shared/i18n';
import { stubApi } from '../../../shared/testing/stub-api';
import { renderCartRoute } from '../testing/render-cart';
import DownloadLinkPage from './download-link-page';

vi.setConfig({ testTimeout: 30_000 });

const FILENAME = 'Zq3_abcdefghijklmnopqr.zip';
const ZIP_URL = `/api/download/${FILENAME}`;
const route = { path: '/download/:filename', element: <DownloadLinkPage /> };

const ORIGINAL: ShareFile = {
  position: 0,
  name: 'Espresso.tif',
  assetNames: { de: 'Espresso', en: 'Espresso', fr: 'Espresso' },
  gtin: null,
  mediaType: 1200,
  width: null,
  height: null,
  size: 1_048_576,
  status: 'available',
  preset: null,
  failure: null,
  url: `${ZIP_URL}/file/0`,
  thumbUrl: null,
};
const SHOP = { de: 'Onlineshop', en: 'Online shop', fr: 'Boutique en ligne' };
const CONVERTED: ShareFile = {
  ...ORIGINAL,
  position: 1,
  name: 'Espresso_shop.jpg',
  mediaType: 1100,
  width: 1000,
  height: 1000,
  size: 0,
  status: 'preparing',
  preset: SHOP,
  url: `${ZIP_URL}/file/1`,
};
const FAILED: ShareFile = {
  ...CONVERTED,
  position: 2,
  name: 'Crema_shop.jpg',
  assetNames: { de: 'Crema', en: 'Crema', fr: 'Crema' },
  status: 'failed',
  failure: 'media.errors.tooLarge',
  url: null,
};

const contents = (progress: BundleProgress, files: ShareFile[]): ShareContentsAnswer => ({
  validUntil: '2026-12-10T12:00:00.000Z',
  lang: 'de',
  tracked: false,
  zip: { url: ZIP_URL, size: progress.ready ? 1_572_864 : 0 },
  progress,
  files,
});

const MAKING: BundleProgress = { done: 3, total: 12, failed: 0, ready: false };
const DONE: BundleProgress = { done: 12, total: 12, failed: 1, ready: true };

beforeEach(() => {
  localStorage.removeItem(LANGUAGE_STORAGE_KEY);
});
afterEach(async () => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.removeItem(LANGUAGE_STORAGE_KEY);
  await i18n.changeLanguage('en');
});

describe('a share page while its converted files are made (issue 21.4)', () => {
  it('shows the progress and preparing/failed files without downloads, then offers the zip and starts it when ready', async () => {
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(new URL(this.href).pathname);
    });
    let ready = false;
    const api = stubApi({
      // The zip answers 409 download.errors.preparing until every file is made or failed.
      [`HEAD ${ZIP_URL}`]: () => ({ status: ready ? 200 : 409 }),
      [`GET ${ZIP_URL}/progress`]: () => {
        const answer = api.callsTo('GET', `${ZIP_URL}/progress`).length >= 2 ? DONE : MAKING;
        ready = answer.ready;
        return { body: answer };
      },
      [`GET ${ZIP_URL}/contents`]: () => ({
        body: ready
          ? contents(DONE, [ORIGINAL, { ...CONVERTED, status: 'available', size: 204_800 }, FAILED])
          : contents(MAKING, [ORIGINAL, CONVERTED, FAILED]),
      }),
    });
    renderCartRoute(route, `/download/${FILENAME}`, { user: null });

    expect(await screen.findByRole('heading', { name: 'Ihre Dateien werden erstellt.' })).toBeTruthy();
    expect(await screen.findByText('Dateien werden erstellt: 3 von 12')).toBeTruthy();
    expect(
      screen.getByRole('progressbar', { name: 'Fortschritt der Dateien' }).getAttribute('aria-valuenow'),
    ).toBe('25');
    // No zip until ready: neither the list's link nor the manual button.
    expect(screen.queryByRole('link', { name: /Alle als ZIP/ })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Herunterladen' })).toBeNull();
    expect((screen.getByRole('button', { name: 'Herunterladen' }) as HTMLButtonElement).disabled).toBe(true);

    const rows = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(within(rows[0]!).getByRole('link', { name: 'Espresso.tif herunterladen' })).toBeTruthy();
    expect(within(rows[1]!).getByText('Vorgabe: Onlineshop')).toBeTruthy();
    expect(within(rows[1]!).getByText('Wird erstellt')).toBeTruthy();
    expect(within(rows[1]!).queryByRole('link')).toBeNull();
    expect(within(rows[2]!).getByText('Nicht erstellt')).toBeTruthy();
    expect(within(rows[2]!).getByText('Das Bild ist zu groß, um es zu verarbeiten.')).toBeTruthy();
    expect(within(rows[2]!).queryByRole('link')).toBeNull();
    expect(clicked).toEqual([]);

    // Ready: the contents are asked for again, the zip is offered and the download starts by itself.
    expect(await screen.findByRole('link', { name: 'Alle als ZIP (1,5 MB)' })).toBeTruthy();
    await waitFor(() => expect(clicked).toEqual([ZIP_URL]));
    expect(screen.getByRole('heading', { name: 'Ihr Download startet automatisch.' })).toBeTruthy();
    expect(screen.queryByText(/Dateien werden erstellt:/)).toBeNull();
    const done = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(within(done[1]!).getByRole('link', { name: 'Espresso_shop.jpg herunterladen' })).toBeTruthy();
    // The failed file stays listed with its reason and is not counted in the zip.
    expect(screen.getByText(/^2 Dateien \(1 nicht erstellt\)/)).toBeTruthy();
    expect(api.callsTo('GET', `${ZIP_URL}/contents`)).toHaveLength(2);
  });

  it('names a failure it has no words for in general terms', async () => {
    await i18n.changeLanguage('en');
    stubApi({
      [`HEAD ${ZIP_URL}`]: { status: 200 },
      [`GET ${ZIP_URL}/contents`]: {
        body: { ...contents(DONE, [{ ...FAILED, failure: 'media.errors.somethingNew' }]), lang: 'en' },
      },
    });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderCartRoute(route, `/download/${FILENAME}`, { user: null });
    expect(await screen.findByText('The file could not be made.')).toBeTruthy();
    expect(screen.getByText('Preset: Online shop')).toBeTruthy();
  });
});
