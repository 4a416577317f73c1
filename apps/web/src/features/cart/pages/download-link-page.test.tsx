import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../shared/i18n';
import { renderCartRoute, testUser } from '../testing/render-cart';
import { deferred, stubApi, type StubAnswer } from '../../../shared/testing/stub-api';
import DownloadLinkPage from './download-link-page';

vi.setConfig({ testTimeout: 20_000 });

const FILENAME = 'Zq3_abcdefghijklmnopqr.zip';
const FILE_URL = `/api/download/${FILENAME}`;
const route = { path: '/download/:filename', element: <DownloadLinkPage /> };

let clicked: string[];
beforeEach(() => {
  clicked = [];
  // jsdom does not navigate; record where the page sends the browser instead.
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const url = new URL(this.href);
    clicked.push(url.pathname + url.search);
  });
});
afterEach(async () => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('download by link (spec 2.8)', () => {
  it('checks the link while showing loading, then starts the download once, with a manual button', async () => {
    const head = deferred<StubAnswer>();
    const api = stubApi({ [`HEAD ${FILE_URL}`]: () => head.promise });
    renderCartRoute(route, `/download/${FILENAME}`, { user: null });
    expect(await screen.findByText('Checking the link …')).toBeTruthy();
    expect(clicked).toEqual([]);

    head.resolve({ status: 200 });
    expect(await screen.findByRole('heading', { name: 'Your download starts automatically.' })).toBeTruthy();
    await waitFor(() => expect(clicked).toEqual([FILE_URL]));
    const manual = screen.getByRole('link', { name: 'Download' });
    expect(manual.getAttribute('href')).toBe(FILE_URL);
    // A guest link: no token is sent, none is needed.
    expect(api.callsTo('HEAD', FILE_URL)[0]!.headers.authorization).toBeUndefined();
    expect(clicked).toHaveLength(1);
  });

  it('downloads through the link signed for a signed-in user, so it counts as theirs', async () => {
    const signed = `${FILE_URL}?u=7&exp=1795338000&sig=${'s'.repeat(43)}`;
    const api = stubApi({
      [`HEAD ${FILE_URL}`]: { status: 200 },
      [`GET ${FILE_URL}/link`]: { body: { url: signed } },
    });
    renderCartRoute(route, `/download/${FILENAME}`, { user: testUser() });
    await waitFor(() => expect(clicked).toEqual([signed]));
    expect(api.callsTo('GET', `${FILE_URL}/link`)[0]!.headers.authorization).toBe('Bearer test-token');
  });

  it('falls back to the plain link when the signed one cannot be had', async () => {
    stubApi({ [`HEAD ${FILE_URL}`]: { status: 200 }, [`GET ${FILE_URL}/link`]: { status: 401 } });
    renderCartRoute(route, `/download/${FILENAME}`, { user: testUser() });
    await waitFor(() => expect(clicked).toEqual([FILE_URL]));
  });

  it("shows 'Ungültiger Link' for an unknown link in German, and starts nothing", async () => {
    await i18n.changeLanguage('de');
    stubApi({ [`HEAD ${FILE_URL}`]: { status: 404 } });
    renderCartRoute(route, `/download/${FILENAME}`, { user: null });
    expect(await screen.findByRole('heading', { name: 'Ungültiger Link' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Herunterladen' })).toBeNull();
    expect(clicked).toEqual([]);
  });

  it('shows the invalid-link text for an expired link, with the reason', async () => {
    stubApi({ [`HEAD ${FILE_URL}`]: { status: 410 } });
    renderCartRoute(route, `/download/${FILENAME}`, { user: null });
    expect(await screen.findByRole('heading', { name: 'Invalid link' })).toBeTruthy();
    expect(screen.getByText(/has expired/)).toBeTruthy();
    expect(clicked).toEqual([]);
  });

  it('does not ask the server about a name no bundle can have', async () => {
    const api = stubApi({});
    renderCartRoute(route, '/download/..%2Fsecret.txt', { user: null });
    expect(await screen.findByRole('heading', { name: 'Invalid link' })).toBeTruthy();
    expect(api.calls).toEqual([]);
  });

  it('offers the manual button when the link cannot be checked', async () => {
    stubApi({ [`HEAD ${FILE_URL}`]: { status: 503 } });
    renderCartRoute(route, `/download/${FILENAME}`, { user: null });
    expect(await screen.findByText('The link could not be checked. Please try again.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download' }).getAttribute('href')).toBe(FILE_URL);
    expect(clicked).toEqual([]);
  });
});
