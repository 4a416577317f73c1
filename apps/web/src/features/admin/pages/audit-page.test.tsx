import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../shared/testing/stub-api';
import { auditEntry } from '../testing/admin-fixtures';
import { renderAdminPage } from '../testing/render-admin-page';
import AuditPage from './audit-page';

// Rendering MUI tables in jsdom is slow on the shared 2-core machines.
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => vi.unstubAllGlobals());

function renderAudit(total = 2) {
  const api = stubApi({
    'GET /api/admin/audit': {
      body: {
        entries: [
          auditEntry(2),
          auditEntry(1, {
            action: 'removal.confirm',
            targetType: 'asset',
            targetId: 31,
            actor: { userId: null, email: 'cli' },
            before: null,
            after: { withdrawn: true },
          }),
          auditEntry(3, {
            action: 'node.create',
            targetType: 'node',
            targetId: 13,
            before: null,
            after: { parentId: 10, name: { de: 'Röstung', en: 'Roast', fr: 'Torréfaction' } },
          }),
          auditEntry(4, {
            action: 'job.retry',
            targetType: 'job',
            targetId: 5,
            before: { name: 'mail.send', failedAt: '2026-11-22T09:00:00.000Z', lastError: 'timeout' },
            after: { failedAt: null },
          }),
        ],
        total,
      },
    },
  });
  return { api, ...renderAdminPage(<AuditPage />, '/admin/audit') };
}

const queries = (api: ReturnType<typeof stubApi>) =>
  api.callsTo('GET', '/api/admin/audit').map((call) => Object.fromEntries(call.url.searchParams));

describe('audit log', () => {
  it('shows who did what to whom, with the change as compact JSON', async () => {
    renderAudit();
    const table = await screen.findByRole('table', { name: 'Administration log' });
    const [first, second, third, fourth] = within(table).getAllByRole('row').slice(1);
    const cells = within(first!)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells.slice(1)).toEqual([
      'anna.beispiel@example.com',
      'User deactivated',
      'User #12',
      '{"active":true} → {"active":false}',
    ]);
    expect(within(second!).getByText('Removal request confirmed')).toBeTruthy();
    expect(within(second!).getByRole('link', { name: 'Asset #31' }).getAttribute('href')).toBe('/asset/31');
    expect(within(second!).getByText('– → {"withdrawn":true}')).toBeTruthy();
    // Catalogue entries: a category links to its place in the catalogue administration.
    expect(within(third!).getByText('Category created')).toBeTruthy();
    expect(within(third!).getByRole('link', { name: 'Category #13' }).getAttribute('href')).toBe(
      '/admin/catalogue?node=13',
    );
    // A job has no page of its own: the jobs section names it by the same number.
    expect(within(fourth!).getByText('Job run again')).toBeTruthy();
    expect(within(fourth!).getByText('Job #5')).toBeTruthy();
    expect(within(fourth!).queryByRole('link')).toBeNull();
  });

  it('filters by action and pages on the server', async () => {
    const { api, user } = renderAudit(130);
    expect(await screen.findByText('1–50 of 130')).toBeTruthy();
    expect(queries(api)[0]).toEqual({ offset: '0', limit: '50' });
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(queries(api).at(-1)).toEqual({ offset: '50', limit: '50' }));

    await user.click(screen.getByRole('combobox', { name: 'Action' }));
    await user.click(await screen.findByRole('option', { name: 'Registration rejected' }));
    // A new filter starts on the first page.
    await waitFor(() =>
      expect(queries(api).at(-1)).toEqual({ action: 'registration.reject', offset: '0', limit: '50' }),
    );
  });
});
