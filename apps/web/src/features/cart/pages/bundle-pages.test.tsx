import { screen, waitFor, within } from '@testing-library/react';
import type { BundleProgress } from '@mediabox/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { download, message } from '../testing/fixtures';
import { renderCartRoute } from '../testing/render-cart';
import { apiError, stubApi } from '../../../shared/testing/stub-api';
import DownloadsPage from './downloads-page';
import MessagesPage from './messages-page';

vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const messagesRoute = { path: '/messages', element: <MessagesPage /> };
const downloadsRoute = { path: '/downloads', element: <DownloadsPage /> };

describe('messages (spec 2.7)', () => {
  it('shows a panel per message with date, recipient, articles and size; details on expanding', async () => {
    stubApi({
      'GET /api/messages/': { body: { messages: [message(2), message(1, { email: 'b@example.com' })] } },
    });
    const { user } = renderCartRoute(messagesRoute, '/messages');
    const summaries = await screen.findAllByRole('button', { expanded: false });
    expect(summaries).toHaveLength(2);
    const first = summaries[0]!;
    expect(first.textContent).toBe('05/03/2026, 09:07To agentur@example.com2 articles · 3 MB');

    await user.click(first);
    const details = document.getElementById(first.getAttribute('aria-controls')!)!;
    expect(within(details).getByText('Valid until 19/03/2026, 09:07')).toBeTruthy();
    expect(within(details).getByText('Bilder für die Kampagne')).toBeTruthy();
    expect(within(details).getByText(/hier die Bilder/)).toBeTruthy();
    const link = within(details).getByRole('link', { name: 'Download' });
    expect(link.getAttribute('href')).toBe(`/api/download/${message(2).filename}`);

    // Articles expand to their file names.
    expect(within(details).queryByText('kaffee-2.tif')).toBeNull();
    await user.click(within(details).getByRole('button', { name: 'Kaffee 2' }));
    const files = within(details).getByRole('list', { name: 'Files of Kaffee 2' });
    expect(
      within(files)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['kaffee-2.jpg', 'kaffee-2.tif']);
  });

  it('says when there are none, and when they cannot be loaded', async () => {
    stubApi({ 'GET /api/messages/': { body: { messages: [] } } });
    const view = renderCartRoute(messagesRoute, '/messages');
    expect(await screen.findByText('You have no messages.')).toBeTruthy();
    view.unmount();
    stubApi({ 'GET /api/messages/': apiError(500, 'errors.internal') });
    renderCartRoute(messagesRoute, '/messages');
    expect(await screen.findByText('The messages could not be loaded.')).toBeTruthy();
  });
});

describe('downloads (spec 2.7)', () => {
  it('shows date, articles with size, validity and the download button', async () => {
    stubApi({ 'GET /api/downloads/': { body: { downloads: [download(5, { filesize: 512 })] } } });
    const { user } = renderCartRoute(downloadsRoute, '/downloads');
    const summary = await screen.findByRole('button', { expanded: false });
    expect(summary.textContent).toBe('05/03/2026, 09:072 articles · 512 B');
    await user.click(summary);
    expect(screen.getByText('Valid until 19/03/2026, 09:07')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download' }).getAttribute('href')).toBe(
      `/api/download/${download(5).filename}`,
    );
  });

  it('waits for a bundle whose converted files are still being made, showing how far, then downloads', async () => {
    const { filename } = download(5);
    const answers: BundleProgress[] = [
      { done: 1, total: 4, failed: 0, ready: false },
      { done: 4, total: 4, failed: 0, ready: true },
    ];
    const api = stubApi({
      'GET /api/downloads/': { body: { downloads: [download(5)] } },
      [`GET /api/download/${filename}/progress`]: () => ({ body: answers.shift() ?? answers.at(-1) }),
      [`GET /api/download/${filename}/link`]: { body: { url: `/api/download/${filename}?u=7&sig=x` } },
    });
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      const url = new URL(this.href);
      clicked.push(url.pathname + url.search);
    });
    const { user } = renderCartRoute(downloadsRoute, '/downloads');
    await user.click(await screen.findByRole('button', { expanded: false }));
    await user.click(screen.getByRole('link', { name: 'Download' }));
    expect(await screen.findByText('Making files: 1 of 4')).toBeTruthy();
    expect(clicked).toEqual([]);
    await waitFor(() => expect(clicked).toEqual([`/api/download/${filename}?u=7&sig=x`]));
    expect(api.callsTo('GET', `/api/download/${filename}/progress`)).toHaveLength(2);
    expect(screen.queryByText(/Making files/)).toBeNull();
  });

  it('disables the download button on mobile devices', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 (Linux; Android 14) Mobile');
    stubApi({ 'GET /api/downloads/': { body: { downloads: [download(5)] } } });
    const { user } = renderCartRoute(downloadsRoute, '/downloads');
    await user.click(await screen.findByRole('button', { expanded: false }));
    expect(screen.queryByRole('link', { name: 'Download' })).toBeNull();
    expect((screen.getByRole('button', { name: 'Download' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
