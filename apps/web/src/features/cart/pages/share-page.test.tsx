import type { ShareContentsAnswer } from '@mediabox/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, LANGUAGE_STORAGE_KEY } from '../../../shared/i18n';
import { stubApi } from '../../../shared/testing/stub-api';
import { renderCartRoute } from '../testing/render-cart';
import DownloadLinkPage from './download-link-page';

vi.setConfig({ testTimeout: 20_000 });

const FILENAME = 'Zq3_abcdefghijklmnopqr.zip';
const ZIP_URL = `/api/download/${FILENAME}`;
const route = { path: '/download/:filename', element: <DownloadLinkPage /> };

const CONTENTS: ShareContentsAnswer = {
  // Noon UTC: the same calendar day in every test machine's time zone.
  validUntil: '2026-12-10T12:00:00.000Z',
  zip: { url: ZIP_URL, size: 1_572_864 },
  files: [
    {
      position: 0,
      name: '04006067084218_C1C1_s01_v01.jpg',
      assetNames: { de: 'Caffè Crema', en: 'Coffee cream', fr: 'Caffè Crema' },
      gtin: '04006067084218',
      mediaType: 1100,
      width: 800,
      height: 600,
      size: 524_288,
      url: `${ZIP_URL}/file/0`,
      thumbUrl: '/api/file/1/thumb?exp=1&sig=s',
    },
    {
      position: 2,
      name: 'Espresso.tif',
      assetNames: { de: 'Espresso', en: 'Espresso', fr: 'Espresso' },
      gtin: null,
      mediaType: 1200,
      width: null,
      height: null,
      size: 1_048_576,
      url: `${ZIP_URL}/file/2`,
      thumbUrl: null,
    },
  ],
};

beforeEach(() => {
  // jsdom does not navigate: the automatic download is not what this test is about.
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  localStorage.removeItem(LANGUAGE_STORAGE_KEY);
});
afterEach(async () => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.removeItem(LANGUAGE_STORAGE_KEY);
  await i18n.changeLanguage('en');
});

const stubValidLink = () =>
  stubApi({
    [`HEAD ${ZIP_URL}`]: { status: 200 },
    [`GET ${ZIP_URL}/contents`]: { body: CONTENTS },
  });

describe('share page at a download link (issue 20.1)', () => {
  it('lists each file with its zip name, asset, GTIN, format, pixels, size and own download, for a guest', async () => {
    await i18n.changeLanguage('de');
    const api = stubValidLink();
    renderCartRoute(route, `/download/${FILENAME}`, { user: null });

    expect(await screen.findByText('Gültig bis 10.12.2026')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Ihr Download startet automatisch.' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Herunterladen' }).getAttribute('href')).toBe(ZIP_URL);
    expect(screen.getByRole('link', { name: 'Alle als ZIP (1,5 MB)' }).getAttribute('href')).toBe(ZIP_URL);

    const rows = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]!.textContent).toContain('04006067084218_C1C1_s01_v01.jpg');
    expect(rows[0]!.textContent).toContain('Caffè Crema');
    expect(rows[0]!.textContent).toContain('GTIN 04006067084218 · Bild (Web, JPEG) · 800 × 600 px · 512 KB');
    expect(rows[1]!.textContent).toContain('Druckdaten (TIFF, CMYK) · 1 MB');
    expect(screen.getByRole('link', { name: 'Espresso.tif herunterladen' }).getAttribute('href')).toBe(
      `${ZIP_URL}/file/2`,
    );
    // A guest's page: nothing is sent with a token.
    expect(api.callsTo('GET', `${ZIP_URL}/contents`)[0]!.headers.authorization).toBeUndefined();
  });

  it("starts in the sender's language from the link, and follows a switch of language", async () => {
    stubValidLink();
    renderCartRoute(route, `/download/${FILENAME}?lang=fr`, { user: null });
    expect(await screen.findByText('Valable jusqu’au 10/12/2026')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Tout en ZIP (1,5 Mo)' })).toBeTruthy();

    // The footer's switch (outside this page) changes the language; the page follows.
    await act(() => i18n.changeLanguage('en'));
    expect(await screen.findByText('Valid until 10/12/2026')).toBeTruthy();
    await waitFor(() => expect(screen.getByText('Coffee cream')).toBeTruthy());
  });

  it('keeps the zip download when the list cannot be loaded', async () => {
    stubApi({ [`HEAD ${ZIP_URL}`]: { status: 200 }, [`GET ${ZIP_URL}/contents`]: { status: 503 } });
    renderCartRoute(route, `/download/${FILENAME}`, { user: null });
    expect(
      await screen.findByText('The contents could not be loaded. The ZIP download still works.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download' }).getAttribute('href')).toBe(ZIP_URL);
  });
});
