import type { AdminTakedownsAnswer } from '@mediabox/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../shared/testing/stub-api';
import { takedownChange } from '../testing/admin-fixtures';
import { renderAdminPage } from '../testing/render-admin-page';
import TakedownsPage from './takedowns-page';

// Rendering MUI tables in jsdom is slow on the shared 2-core machines.
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => vi.unstubAllGlobals());

/** Stubs the list; sending mails everyone pending and leaves nobody waiting. */
function renderTakedowns(initial: AdminTakedownsAnswer) {
  let answer = initial;
  const api = stubApi({
    'GET /api/admin/takedowns': () => ({ body: answer }),
    'POST /api/admin/takedowns/send': () => {
      const mailed = answer.pendingPeople;
      answer = {
        pendingPeople: 0,
        changes: answer.changes.map((change) => ({ ...change, mailed: change.told })),
      };
      return { body: { mailed } };
    },
  });
  return { api, ...renderAdminPage(<TakedownsPage />, '/admin/takedowns') };
}

describe('takedowns', () => {
  it('lists each change with the asset, what happened, when, and how many were told and mailed', async () => {
    renderTakedowns({
      changes: [
        takedownChange(1, { told: 12, mailed: 3 }),
        takedownChange(2, { kind: 'replaced', mediaType: 1200, told: 0, assetName: { de: 'Tee' } }),
      ],
      pendingPeople: 9,
    });
    const table = await screen.findByRole('table', { name: 'Latest withdrawals and replaced files' });
    const [first, second] = within(table).getAllByRole('row').slice(1);
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(cells(first!)).toEqual(['Coffee 1', 'Withdrawn', expect.any(String), '12', '3']);
    // English falls back to the German name; the media type is named in English.
    expect(cells(second!)).toEqual([
      'Tee',
      'New version of “Print file (TIFF, CMYK)”',
      expect.any(String),
      '0',
      '0',
    ]);
    expect(screen.getByText('9 people are waiting for tonight’s digest.')).toBeTruthy();
  });

  it('mails everyone pending now, after a confirmation, and tells how many mails went out', async () => {
    const { api, user } = renderTakedowns({ changes: [takedownChange(1)], pendingPeople: 12 });
    await user.click(await screen.findByRole('button', { name: 'Notify now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send the takedown mails now?' });
    expect(api.callsTo('POST', '/api/admin/takedowns/send')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Send now' }));
    expect(await screen.findByText('12 e-mails sent.')).toBeTruthy();
    expect(api.callsTo('POST', '/api/admin/takedowns/send')).toHaveLength(1);
    // The list is asked anew: nobody waits any more, so there is nothing to send.
    expect(await screen.findByText('Nobody is waiting for a takedown mail.')).toBeTruthy();
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Notify now' }) as HTMLButtonElement).disabled).toBe(true),
    );
  });

  it('says so when nothing has been withdrawn or replaced', async () => {
    renderTakedowns({ changes: [], pendingPeople: 0 });
    expect(await screen.findByText('No asset has been withdrawn or replaced yet.')).toBeTruthy();
  });
});
