import type { AdminUser } from '@mediabox/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, stubApi, type StubAnswer } from '../../../shared/testing/stub-api';
import { adminUser } from '../testing/admin-fixtures';
import { renderAdminPage } from '../testing/render-admin-page';
import UsersPage from './users-page';

// Rendering MUI tables in jsdom is slow on the shared 2-core machines.
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => vi.unstubAllGlobals());

function renderUsers(
  users: AdminUser[] = [adminUser(1), adminUser(2, { state: 'deactivated', isSuperUser: true })],
  {
    total = users.length,
    patch,
    sso = {},
  }: { total?: number; patch?: StubAnswer; sso?: Parameters<typeof stubApi>[0] } = {},
) {
  const api = stubApi({
    'GET /api/admin/users': () => ({ body: { users, total } }),
    'PATCH /api/admin/users/1': patch ?? { body: { user: users[0] } },
    ...sso,
  });
  return { api, ...renderAdminPage(<UsersPage />, '/admin/users') };
}

/** The query strings of the list calls so far, as plain objects. */
const listQueries = (api: ReturnType<typeof stubApi>) =>
  api.callsTo('GET', '/api/admin/users').map((call) => Object.fromEntries(call.url.searchParams));

describe('users list', () => {
  it('shows state, flags, last login and downloads, asking for the first page', async () => {
    const { api } = renderUsers([adminUser(1, { downloadCount: 12, jde: true })]);
    const table = await screen.findByRole('table', { name: 'Users' });
    const cells = within(within(table).getAllByRole('row')[1]!).getAllByRole('cell');
    expect(cells.map((cell) => cell.textContent).slice(0, 4)).toEqual([
      'Berta Muster 1',
      'user1@example.com',
      'Muster AG',
      'Active',
    ]);
    expect(
      (screen.getByRole('switch', { name: 'Berta Muster 1 is internal' }) as HTMLInputElement).checked,
    ).toBe(true);
    expect(cells[6]!.textContent).toBe('never');
    expect(cells[7]!.textContent).toBe('12');
    expect(listQueries(api)[0]).toEqual({ offset: '0', limit: '50' });
  });

  it('shows how each account signs in (issue 23)', async () => {
    renderUsers([
      adminUser(1, { signInMethod: 'sso' }),
      adminUser(2, { signInMethod: 'both' }),
      adminUser(3),
    ]);
    const table = await screen.findByRole('table', { name: 'Users' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[8]!.textContent)).toEqual([
      'Company account',
      'Password and company account',
      'Password',
    ]);
  });

  it('lets a super user require the company account for staff, after a confirmation (issue 23)', async () => {
    let requiredForStaff = false;
    const settings = () => ({ body: { configured: true, label: 'Nordstern ID', requiredForStaff } });
    const { api, user } = renderUsers(undefined, {
      sso: {
        'GET /api/admin/sso': settings,
        'PUT /api/admin/sso': () => {
          requiredForStaff = true;
          return settings();
        },
      },
    });
    const toggle = await screen.findByRole('switch', { name: 'Staff sign in with Nordstern ID only' });
    expect((toggle as HTMLInputElement).checked).toBe(false);
    await user.click(toggle);
    const dialog = await screen.findByRole('dialog', { name: 'Require sign-in with Nordstern ID?' });
    expect(api.callsTo('PUT', '/api/admin/sso')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Require' }));
    expect(await screen.findByText('Staff now sign in with Nordstern ID only.')).toBeTruthy();
    expect(api.callsTo('PUT', '/api/admin/sso')[0]!.body).toEqual({ requiredForStaff: true });
    await waitFor(() => expect((toggle as HTMLInputElement).checked).toBe(true));
  });

  it('keeps the setting when the confirmation is cancelled, and shows none without a provider', async () => {
    const configured = renderUsers(undefined, {
      sso: {
        'GET /api/admin/sso': { body: { configured: true, label: 'Nordstern ID', requiredForStaff: true } },
      },
    });
    const toggle = await screen.findByRole('switch', { name: 'Staff sign in with Nordstern ID only' });
    await configured.user.click(toggle);
    const dialog = await screen.findByRole('dialog', { name: 'Allow staff passwords again?' });
    await configured.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(configured.api.callsTo('PUT', '/api/admin/sso')).toHaveLength(0);
    expect((toggle as HTMLInputElement).checked).toBe(true);
    configured.unmount();

    renderUsers(undefined, {
      sso: { 'GET /api/admin/sso': { body: { configured: false, label: null, requiredForStaff: false } } },
    });
    await screen.findByRole('table', { name: 'Users' });
    expect(screen.queryByRole('switch', { name: /sign in with/ })).toBeNull();
  });

  it('sends search, state and company filters in the query string', async () => {
    const { api, user } = renderUsers();
    await screen.findByRole('table');
    await user.type(screen.getByRole('searchbox', { name: 'Search (name, e-mail, company)' }), 'berta');
    await waitFor(() =>
      expect(listQueries(api).at(-1)).toEqual({ query: 'berta', offset: '0', limit: '50' }),
    );
    // Debounced: one call for the whole word, not one per key.
    expect(listQueries(api).filter((query) => query.query !== undefined)).toHaveLength(1);

    await user.click(screen.getByRole('combobox', { name: 'State' }));
    await user.click(await screen.findByRole('option', { name: 'Waiting for approval' }));
    await waitFor(() => expect(listQueries(api).at(-1)).toMatchObject({ state: 'waitingApproval' }));

    await user.type(screen.getByRole('textbox', { name: 'Company (exact)' }), 'Muster AG');
    await waitFor(() =>
      expect(listQueries(api).at(-1)).toEqual({
        query: 'berta',
        state: 'waitingApproval',
        company: 'Muster AG',
        offset: '0',
        limit: '50',
      }),
    );
  });

  it('pages on the server with the total it answered', async () => {
    const { api, user } = renderUsers(undefined, { total: 120 });
    expect(await screen.findByText('1–50 of 120')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(listQueries(api).at(-1)).toEqual({ offset: '50', limit: '50' }));
    expect(await screen.findByText('51–100 of 120')).toBeTruthy();
  });

  it('deactivates only after a confirmation, with PATCH {active: false}', async () => {
    const { api, user } = renderUsers();
    await user.click(await screen.findByRole('button', { name: 'Deactivate Berta Muster 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate user?' });
    expect(api.callsTo('PATCH', '/api/admin/users/1')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('Change to Berta Muster 1 saved.')).toBeTruthy();
    expect(api.callsTo('PATCH', '/api/admin/users/1')[0]!.body).toEqual({ active: false });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The list is asked anew after the change.
    expect(api.callsTo('GET', '/api/admin/users').length).toBeGreaterThanOrEqual(2);
  });

  it('offers reactivation for a deactivated user', async () => {
    const { user } = renderUsers();
    await user.click(await screen.findByRole('button', { name: 'Reactivate Berta Muster 2' }));
    expect(await screen.findByRole('dialog', { name: 'Reactivate user?' })).toBeTruthy();
  });

  it('shows the 409 of a self-deactivation translated in the dialog', async () => {
    const { user } = renderUsers(undefined, { patch: apiError(409, 'admin.errors.selfChange') });
    await user.click(await screen.findByRole('button', { name: 'Deactivate Berta Muster 1' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(
      await within(dialog).findByText(
        'You can neither deactivate yourself nor remove your own super-user rights.',
      ),
    ).toBeTruthy();
  });

  it('toggles the internal flag at once and the super-user flag after a confirmation', async () => {
    const { api, user } = renderUsers();
    await user.click(await screen.findByRole('switch', { name: 'Berta Muster 1 is internal' }));
    await waitFor(() => expect(api.callsTo('PATCH', '/api/admin/users/1')).toHaveLength(1));
    expect(api.callsTo('PATCH', '/api/admin/users/1')[0]!.body).toEqual({ jde: true });

    await user.click(screen.getByRole('switch', { name: 'Berta Muster 1 is a super user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Grant super-user rights?' });
    await user.click(within(dialog).getByRole('button', { name: 'Grant rights' }));
    await waitFor(() => expect(api.callsTo('PATCH', '/api/admin/users/1')).toHaveLength(2));
    expect(api.callsTo('PATCH', '/api/admin/users/1')[1]!.body).toEqual({ isSuperUser: true });
  });

  it('shows a refused flag change translated above the table', async () => {
    const { user } = renderUsers(undefined, { patch: apiError(404, 'admin.errors.userNotFound') });
    await user.click(await screen.findByRole('switch', { name: 'Berta Muster 1 is internal' }));
    expect((await screen.findByRole('alert')).textContent).toContain('User not found');
  });
});
