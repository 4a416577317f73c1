import type { ShareContentsAnswer, ShareFile } from '@mediabox/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, LANGUAGE_STORAGE_KEY } from '../../../shared/i18n';
import { apiError, stubApi } from '../../../shared/testing/stub-api';
import { renderCartRoute } from '../testing/render-cart';
import DownloadLinkPage from './download-link-page';

vi.setConfig({ testTimeout: 20_000 });

const FILENAME = 'Zq3_abcdefghijklmnopqr.zip';
const ZIP_URL = `/api/download/${FILENAME}`;
const route = { path: '/download/:filename', element: <DownloadLinkPage /> };

const CONTENTS: ShareContentsAnswer = {
  // Noon UTC: the same calendar day in every test machine's time zone.
  validUntil: '2026-12-10T12:00:00.000Z',
  lang: 'de',
  tracked: false,
  zip: { url: ZIP_URL, size: 1_572_864 },
  progress: { done: 2, total: 2, failed: 0, ready: true },
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
      status: 'available',
      preset: null,
      failure: null,
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
      status: 'available',
      preset: null,
      failure: null,
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

const stubValidLink = (contents: ShareContentsAnswer = CONTENTS) =>
  stubApi({
    [`HEAD ${ZIP_URL}`]: { status: 200 },
    [`GET ${ZIP_URL}/contents`]: { body: contents },
  });

const [COFFEE, ESPRESSO] = CONTENTS.files as [ShareFile, ShareFile];

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
    // Not a recipient's own link: nothing is recorded for a sender, so nothing is said about it.
    expect(screen.queryByText(/keine IP-Adresse/)).toBeNull();
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

describe("a recipient's link and its changed files (issue 20.2, 20.3)", () => {
  it('greys a withdrawn file without a download and leaves it out of the count; marks a replaced one', async () => {
    stubValidLink({
      ...CONTENTS,
      lang: 'en',
      files: [
        { ...COFFEE, status: 'withdrawn', url: null, thumbUrl: null },
        { ...ESPRESSO, status: 'replaced' },
      ],
    });
    renderCartRoute(route, `/download/${FILENAME}`, { user: null });

    const rows = within(await screen.findByRole('list')).getAllByRole('listitem');
    expect(within(rows[0]!).getByText('Withdrawn')).toBeTruthy();
    expect(within(rows[0]!).queryByRole('link')).toBeNull();
    expect(screen.queryByRole('link', { name: /04006067084218_C1C1_s01_v01\.jpg/ })).toBeNull();
    expect(within(rows[1]!).getByText('New version')).toBeTruthy();
    expect(within(rows[1]!).getByRole('link', { name: 'Download Espresso.tif' }).getAttribute('href')).toBe(
      `${ZIP_URL}/file/2`,
    );
    // The zip holds only the one that is left.
    expect(screen.getByText(/^1 file \(1 withdrawn\)/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'All as ZIP (1.5 MB)' })).toBeTruthy();
  });

  it('offers no zip when every file was withdrawn', async () => {
    const gone = (file: ShareFile): ShareFile => ({ ...file, status: 'withdrawn', url: null });
    stubValidLink({ ...CONTENTS, lang: 'en', files: [gone(COFFEE), gone(ESPRESSO)] });
    renderCartRoute(route, `/download/${FILENAME}`, { user: null });
    expect(await screen.findByText('0 files (2 withdrawn)')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /All as ZIP/ })).toBeNull();
  });

  it("says in one sentence what the sender sees at a recipient's own link, in the link's language", async () => {
    stubValidLink({ ...CONTENTS, tracked: true, lang: 'fr' });
    renderCartRoute(route, `/download/${FILENAME}`, { user: null });
    // No ?lang= and no choice of the visitor's own: the language the link was sent in.
    expect(
      await screen.findByText(
        'L’expéditeur voit quand ce lien a été ouvert et quels fichiers ont été téléchargés ; aucune adresse IP ni aucun cookie ne sont enregistrés pour cela.',
      ),
    ).toBeTruthy();
  });

  it('prefers ?lang= to the language of the link', async () => {
    stubValidLink({ ...CONTENTS, tracked: true, lang: 'fr' });
    renderCartRoute(route, `/download/${FILENAME}?lang=de`, { user: null });
    expect(await screen.findByText(/^Der Absender sieht, wann dieser Link geöffnet/)).toBeTruthy();
    expect(i18n.language).toBe('de');
  });

  it('shows a revoked link as revoked, with no file and no download', async () => {
    await i18n.changeLanguage('de');
    const clicks = vi.mocked(HTMLAnchorElement.prototype.click);
    const api = stubApi({
      [`HEAD ${ZIP_URL}`]: { status: 410 },
      [`GET ${ZIP_URL}/contents`]: apiError(410, 'download.errors.revoked'),
    });
    renderCartRoute(route, `/download/${FILENAME}`, { user: null });
    expect(
      await screen.findByRole('heading', { name: 'Dieser Link wurde vom Absender widerrufen.' }),
    ).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.queryByRole('list')).toBeNull();
    expect(screen.queryByText('Ungültiger Link')).toBeNull();
    expect(clicks).not.toHaveBeenCalled();
    expect(api.callsTo('GET', ZIP_URL)).toEqual([]);
  });

  it('loads the thumbnails of the first rows at once and the rest lazily', async () => {
    const files = Array.from({ length: 6 }, (_, index) => ({
      ...COFFEE,
      position: index,
      name: `file-${index}.jpg`,
      thumbUrl: `/api/file/${index}/thumb?exp=1&sig=s`,
    }));
    stubValidLink({ ...CONTENTS, files });
    const { container } = renderCartRoute(route, `/download/${FILENAME}`, { user: null });
    await screen.findByText('file-5.jpg');
    const loading = [...container.querySelectorAll('li img')].map((image) => image.getAttribute('loading'));
    expect(loading).toEqual(['eager', 'eager', 'eager', 'eager', 'lazy', 'lazy']);
  });
});
