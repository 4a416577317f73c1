import type { AdminRecipientLink } from '@mediabox/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, stubApi, type StubAnswer } from '../../../shared/testing/stub-api';
import { adminLink, hoursAgo } from '../testing/admin-fixtures';
import { renderAdminPage } from '../testing/render-admin-page';
import LinksPage from './links-page';

// Rendering MUI tables in jsdom is slow on the shared 2-core machines.
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => vi.unstubAllGlobals());

/** Stubs the list, whose link turns revoked once its revocation was posted. */
function renderLinks(
  initial: AdminRecipientLink[],
  { total = initial.length, revoke }: { total?: number; revoke?: StubAnswer } = {},
) {
  let links = initial;
  const api = stubApi({
    'GET /api/admin/links': () => ({ body: { links, total } }),
    'POST /api/links/alice/revoke': () => {
      if (revoke) return revoke;
      links = links.map((link) =>
        link.name === 'alice' ? { ...link, state: 'revoked', revokedAt: new Date().toISOString() } : link,
      );
      return { body: { link: links.find((link) => link.name === 'alice') } };
    },
  });
  return { api, ...renderAdminPage(<LinksPage />, '/admin/links') };
}

/** The query strings of the list calls so far, as plain objects. */
const listQueries = (api: ReturnType<typeof stubApi>) =>
  api.callsTo('GET', '/api/admin/links').map((call) => Object.fromEntries(call.url.searchParams));

const rowOf = (recipient: string) => screen.getByText(recipient).closest('tr')!;

describe('shared links', () => {
  it('shows each recipient with sender, subject, state, activity and the newest download', async () => {
    const { api } = renderLinks([
      adminLink('alice', {
        downloads: [
          { kind: 'file', name: '04006067084218_C1C1.jpg', at: hoursAgo(2), complete: false },
          { kind: 'zip', name: null, at: hoursAgo(4), complete: true },
        ],
      }),
      adminLink('bob', {
        state: 'revoked',
        revokedAt: hoursAgo(1),
        firstOpenedAt: null,
        lastActivityAt: null,
      }),
      adminLink('carol', { state: 'expired' }),
    ]);
    const table = await screen.findByRole('table', { name: 'Shared links' });
    const cells = within(within(table).getAllByRole('row')[1]!).getAllByRole('cell');
    expect(cells.map((cell) => cell.textContent).slice(0, 3)).toEqual([
      'alice@agency.example',
      'Anna Beispielanna.beispiel@example.com',
      'Packshots Kaffee3 articles',
    ]);
    expect(cells[3]!.textContent).toMatch(/^\d\d\/\d\d\/\d{4},\s\d\d:\d\dvalid until \d\d\/\d\d\/\d{4}$/);
    expect(cells[4]!.textContent).toBe('ActiveRevoke link');
    expect(cells[5]!.textContent).toMatch(/^opened .+last active .+$/);
    expect(cells[6]!.textContent).toMatch(
      /^2 downloadsnewest: 04006067084218_C1C1\.jpg, .+ \(not completed\)$/,
    );
    const bob = within(rowOf('bob@agency.example')).getAllByRole('cell');
    expect(bob[4]!.textContent).toMatch(/^Revoked.+/);
    expect(bob[5]!.textContent).toBe('not opened yet');
    expect(bob[6]!.textContent).toBe('none');
    expect(within(rowOf('carol@agency.example')).getAllByRole('cell')[4]!.textContent).toBe('Expired');
    // A revoked or expired link cannot be revoked (again); an active one can.
    expect(within(rowOf('bob@agency.example')).queryByRole('button')).toBeNull();
    expect(within(rowOf('carol@agency.example')).queryByRole('button')).toBeNull();
    expect(screen.getByRole('button', { name: 'Revoke link for alice@agency.example' })).toBeTruthy();
    expect(listQueries(api)[0]).toEqual({ offset: '0', limit: '50' });
  });

  it('counts a full list of downloads as "20+"', async () => {
    const downloads = Array.from({ length: 20 }, () => ({
      kind: 'zip' as const,
      name: null,
      at: hoursAgo(1),
      complete: true,
    }));
    renderLinks([adminLink('alice', { downloads })]);
    expect(await screen.findByText('20+ downloads')).toBeTruthy();
    expect(screen.getByText(/^newest: all as ZIP, /)).toBeTruthy();
  });

  it('sends the search as q, once the typing pauses, from the first page', async () => {
    const { api, user } = renderLinks([adminLink('alice')], { total: 120 });
    await user.click(await screen.findByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(listQueries(api).at(-1)).toEqual({ offset: '50', limit: '50' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search (recipient or sender e-mail)' }), 'anna@');
    await waitFor(() => expect(listQueries(api).at(-1)).toEqual({ q: 'anna@', offset: '0', limit: '50' }));
    // Debounced: one call for the whole word, not one per key.
    expect(listQueries(api).filter((query) => query.q !== undefined)).toHaveLength(1);
  });

  it('revokes a link only after a confirmation, then shows it revoked', async () => {
    const { api, user } = renderLinks([adminLink('alice'), adminLink('bob')]);
    await user.click(await screen.findByRole('button', { name: 'Revoke link for alice@agency.example' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke link?' });
    expect(within(dialog).getByText(/^alice@agency\.example can no longer download/)).toBeTruthy();
    expect(api.callsTo('POST', '/api/links/alice/revoke')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('The link of alice@agency.example has been revoked.')).toBeTruthy();
    expect(api.callsTo('POST', '/api/links/alice/revoke')).toHaveLength(1);
    // The list is asked anew: the link is revoked and offers no second revocation.
    await waitFor(() =>
      expect(within(rowOf('alice@agency.example')).getAllByRole('cell')[4]!.textContent).toMatch(/^Revoked/),
    );
    expect(screen.queryByRole('button', { name: 'Revoke link for alice@agency.example' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Revoke link for bob@agency.example' })).toBeTruthy();
  });

  it('shows a refused revocation in the dialog', async () => {
    const { user } = renderLinks([adminLink('alice')], {
      revoke: apiError(404, 'messages.errors.linkNotFound'),
    });
    await user.click(await screen.findByRole('button', { name: 'Revoke link for alice@agency.example' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke link?' });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    // Its own text once the messages feature has one, the general sentence until then.
    expect(await within(dialog).findByRole('alert')).toBeTruthy();
  });
});
