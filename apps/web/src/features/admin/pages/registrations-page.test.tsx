import type { Registration } from '@mediabox/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, stubApi, type StubAnswer } from '../../../shared/testing/stub-api';
import { adminUser, hoursAgo, registration } from '../testing/admin-fixtures';
import { renderAdminPage } from '../testing/render-admin-page';
import RegistrationsPage from './registrations-page';

// Rendering MUI tables in jsdom is slow on the shared 2-core machines.
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => vi.unstubAllGlobals());

/** Stubs the list (which shrinks once a registration is decided) and both decisions. */
function renderList(initial: Registration[], decide: StubAnswer = { body: { user: adminUser(1) } }) {
  let waiting = initial;
  const settle = (url: URL) => {
    const id = Number(url.pathname.split('/')[4]);
    waiting = waiting.filter((r) => r.userId !== id);
    return decide;
  };
  const api = stubApi({
    'GET /api/admin/registrations': () => ({ body: { registrations: waiting, total: waiting.length } }),
    'POST /api/admin/registrations/1/approve': (_body, url) => settle(url),
    'POST /api/admin/registrations/1/reject': (_body, url) => settle(url),
  });
  return { api, ...renderAdminPage(<RegistrationsPage />, '/admin/registrations') };
}

const rows = async () =>
  within(await screen.findByRole('table'))
    .getAllByRole('row')
    .slice(1);

describe('registrations waiting for approval', () => {
  it('lists name, company, e-mail, contact person, internal flag and the waiting time', async () => {
    renderList([
      registration(1, { confirmedAt: hoursAgo(26), jde: true }),
      registration(2, { confirmedAt: hoursAgo(3) }),
    ]);
    const [first, second] = await rows();
    const cells = within(first!)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells.slice(0, 5)).toEqual([
      'Berta Muster 1',
      'Muster AG',
      'user1@example.com',
      'Herr Kontakt',
      'Yes',
    ]);
    expect(within(first!).getByText('for 26 h').getAttribute('data-overdue')).toBe('true');
    expect(within(second!).getByText('for 3 h').getAttribute('data-overdue')).toBe('false');
  });

  it('approves with a POST, says so and refreshes the list', async () => {
    const { api, user } = renderList([registration(1)]);
    await user.click(await screen.findByRole('button', { name: 'Approve Berta Muster 1' }));
    expect(await screen.findByText('Berta Muster 1 has been approved.')).toBeTruthy();
    expect(api.callsTo('POST', '/api/admin/registrations/1/approve')).toHaveLength(1);
    expect(await screen.findByText('No open registrations')).toBeTruthy();
    expect(api.callsTo('GET', '/api/admin/registrations').length).toBeGreaterThanOrEqual(2);
  });

  it('rejects without a reason: the reason is optional', async () => {
    const { api, user } = renderList([registration(1)]);
    await user.click(await screen.findByRole('button', { name: 'Reject Berta Muster 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject the registration of Berta Muster 1' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Berta Muster 1 has been rejected.')).toBeTruthy();
    expect(api.callsTo('POST', '/api/admin/registrations/1/reject')[0]!.body).toEqual({});
    expect(await screen.findByText('No open registrations')).toBeTruthy();
  });

  it('sends the reason typed in the dialog', async () => {
    const { api, user } = renderList([registration(1)]);
    await user.click(await screen.findByRole('button', { name: 'Reject Berta Muster 1' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Reason (optional)'), '  Kein Kunde  ');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/admin/registrations/1/reject')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/admin/registrations/1/reject')[0]!.body).toEqual({
      reason: 'Kein Kunde',
    });
  });

  it('shows a refused approval translated', async () => {
    const { user } = renderList([registration(1)], apiError(409, 'admin.errors.notWaitingForApproval'));
    await user.click(await screen.findByRole('button', { name: 'Approve Berta Muster 1' }));
    expect(await screen.findByText('This registration is no longer waiting for approval.')).toBeTruthy();
  });
});
