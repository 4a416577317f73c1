import type { PendingRemovalRequest } from '@mediabox/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../shared/testing/stub-api';
import { removalRequest } from '../testing/admin-fixtures';
import { renderAdminPage } from '../testing/render-admin-page';
import RemovalsPage from './removals-page';

// Rendering MUI tables in jsdom is slow on the shared 2-core machines.
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => vi.unstubAllGlobals());

/**
 * Stubs the list, which loses a request once it is decided either way; a confirmation answers how
 * many downloaders will be told (`told`).
 */
function renderRemovals(initial: PendingRemovalRequest[], told = 12) {
  let open = initial;
  const decide = (url: URL) => {
    const id = Number(url.pathname.split('/')[4]);
    open = open.filter((request) => request.assetId !== id);
    return { body: url.pathname.endsWith('/confirm') ? { success: true, told } : { success: true } };
  };
  const api = stubApi({
    'GET /api/admin/removal-requests': () => ({ body: { requests: open, total: open.length } }),
    'POST /api/admin/removal-requests/31/confirm': (_body, url) => decide(url),
    'POST /api/admin/removal-requests/31/dismiss': (_body, url) => decide(url),
  });
  return { api, ...renderAdminPage(<RemovalsPage />, '/admin/removals') };
}

describe('removal requests', () => {
  it('lists the asset with a link and thumbnail, who asked, why and when', async () => {
    renderRemovals([
      removalRequest(31, { thumbTicket: '/api/file/5/thumb?exp=1&sig=a' }),
      removalRequest(32, { requestedBy: null }),
    ]);
    const link = await screen.findByRole('link', { name: 'Coffee 31' });
    expect(link.getAttribute('href')).toBe('/asset/31');
    const [first, second] = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(first!.querySelector('img')?.getAttribute('src')).toBe('/api/file/5/thumb?exp=1&sig=a');
    expect(within(first!).getByText('rita@example.com')).toBeTruthy();
    expect(within(first!).getByText('Veraltetes Motiv')).toBeTruthy();
    expect(second!.querySelector('img')).toBeNull();
    expect(within(second!).getByText('Deleted account')).toBeTruthy();
  });

  it('withdraws the asset only after the confirmation', async () => {
    const { api, user } = renderRemovals([removalRequest(31)]);
    await user.click(await screen.findByRole('button', { name: 'Withdraw Coffee 31' }));
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw asset?' });
    expect(within(dialog).getByText(/^The asset will be withdrawn: Coffee 31/)).toBeTruthy();
    expect(api.callsTo('POST', '/api/admin/removal-requests/31/confirm')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('Coffee 31 has been withdrawn – 12 people will be told.')).toBeTruthy();
    expect(api.callsTo('POST', '/api/admin/removal-requests/31/confirm')).toHaveLength(1);
    expect(await screen.findByText('No open removal requests')).toBeTruthy();
  });

  it.each([
    [1, 'Coffee 31 has been withdrawn – 1 person will be told.'],
    [0, 'Coffee 31 has been withdrawn – nobody had downloaded it.'],
  ])('says how many people will hear of the withdrawal (%i)', async (told, text) => {
    const { user } = renderRemovals([removalRequest(31)], told);
    await user.click(await screen.findByRole('button', { name: 'Withdraw Coffee 31' }));
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw asset?' });
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText(text)).toBeTruthy();
  });

  it('dismisses a request at once', async () => {
    const { api, user } = renderRemovals([removalRequest(31)]);
    await user.click(
      await screen.findByRole('button', { name: 'Dismiss the removal request for Coffee 31' }),
    );
    expect(await screen.findByText('The removal request for Coffee 31 has been dismissed.')).toBeTruthy();
    await waitFor(() =>
      expect(api.callsTo('POST', '/api/admin/removal-requests/31/dismiss')).toHaveLength(1),
    );
    expect(api.callsTo('POST', '/api/admin/removal-requests/31/confirm')).toHaveLength(0);
    expect(await screen.findByText('No open removal requests')).toBeTruthy();
  });
});
