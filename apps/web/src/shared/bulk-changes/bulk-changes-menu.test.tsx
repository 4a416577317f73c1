import type { BulkChangeAnswer, BulkChangeProgress } from '@mediabox/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setStoredUser } from '../auth/user-store';
import { i18n } from '../i18n';
import { apiError, stubApi } from '../testing/stub-api';
import { testUser } from '../testing/test-user';
import { BulkChangesMenu } from './index';

// MUI dialogs in jsdom are slow on the shared 2-core machines.
vi.setConfig({ testTimeout: 20_000 });
configure({ asyncUtilTimeout: 5000 });

const progress = (changes: Partial<BulkChangeProgress> = {}): BulkChangeProgress => ({
  id: 3,
  kind: 'move',
  state: 'running',
  total: 3,
  done: 0,
  changed: 0,
  undone: 0,
  keptLaterEdits: 0,
  skipped: [],
  createdAt: '2026-11-27T10:00:00.000Z',
  finishedAt: null,
  undoableUntil: null,
  ...changes,
});
const answer = (changes: Partial<BulkChangeProgress> = {}): { body: BulkChangeAnswer } => ({
  body: { bulkChange: progress(changes) },
});
const finished = (changes: Partial<BulkChangeProgress> = {}) =>
  answer({
    state: 'done',
    done: 3,
    changed: 2,
    skipped: [{ reason: 'unchanged', count: 1, assetIds: [3] }],
    finishedAt: new Date().toISOString(),
    undoableUntil: new Date(Date.now() + 10 * 60 * 1000).toISOString(),
    ...changes,
  });

const TREE = {
  nodes: [
    { id: 1, parentId: null, rootId: 1, name: { de: 'Deutschland', en: 'Germany', fr: 'Allemagne' } },
    { id: 20, parentId: 1, rootId: 1, name: { de: 'Tee', en: 'Tea', fr: 'Thé' } },
  ].map((node) => ({ ...node, assetCount: 0, totalAssetCount: 0, withdrawnCount: 0 })),
};

function renderMenu({ superUser = true, assetIds = [1, 2, 3] } = {}) {
  setStoredUser(testUser({ isSuperUser: superUser }));
  const onDone = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <QueryClientProvider client={client}>
      <BulkChangesMenu assetIds={assetIds} onDone={onDone} />
    </QueryClientProvider>,
  );
  return { ...view, onDone, user: userEvent.setup({ delay: null }) };
}

beforeEach(async () => {
  await i18n.changeLanguage('de');
});
afterEach(async () => {
  vi.unstubAllGlobals();
  setStoredUser(null);
  await i18n.changeLanguage('en');
});

describe('BulkChangesMenu (issue 22.5)', () => {
  it('renders nothing for users who are not super users', () => {
    const { container } = renderMenu({ superUser: false });
    expect(container.innerHTML).toBe('');
  });

  it('moves the selection after a confirmation naming the count, shows progress, then offers the undo', async () => {
    let polls = 0;
    const api = stubApi({
      'GET /api/admin/catalogue/tree': { body: TREE },
      'POST /api/admin/bulk': { status: 201, ...answer() },
      'GET /api/admin/bulk/3': () => (++polls === 1 ? answer({ done: 1 }) : finished()),
      'POST /api/admin/bulk/3/undo': answer({ state: 'undoing', done: 3, changed: 2 }),
    });
    const { user, onDone } = renderMenu();
    await user.click(screen.getByRole('button', { name: 'Sammeländerung' }));
    await user.click(await screen.findByRole('menuitem', { name: 'In andere Kategorie verschieben …' }));
    const picker = await screen.findByRole('combobox', { name: 'Ziel-Kategorie' });
    await user.type(picker, 'Tee');
    await user.click(await screen.findByRole('option', { name: 'Deutschland › Tee' }));
    await user.click(screen.getByRole('button', { name: 'Weiter' }));
    expect(screen.getByText('3 Medien verschieben nach „Deutschland › Tee“?')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '3 Medien ändern' }));

    expect(api.callsTo('POST', '/api/admin/bulk')[0]!.body).toEqual({
      assetIds: [1, 2, 3],
      change: { kind: 'move', containerId: 20 },
    });
    expect(await screen.findByRole('progressbar', { name: 'Fortschritt' })).toBeTruthy();
    expect(await screen.findByText('2 Medien geändert, 1 unverändert.', {}, { timeout: 8000 })).toBeTruthy();
    expect(onDone).toHaveBeenCalledTimes(1);

    await user.click(screen.getByRole('button', { name: 'Rückgängig' }));
    expect(api.callsTo('POST', '/api/admin/bulk/3/undo')).toHaveLength(1);
  });

  it('tells after an undo how many assets keep an edit made since the change', async () => {
    stubApi({
      'GET /api/admin/catalogue/tree': { body: TREE },
      'POST /api/admin/bulk': { status: 201, ...answer() },
      'GET /api/admin/bulk/3': finished(),
      'POST /api/admin/bulk/3/undo': answer({
        state: 'undone',
        done: 3,
        changed: 2,
        undone: 2,
        keptLaterEdits: 1,
      }),
    });
    const { user } = renderMenu();
    await user.click(screen.getByRole('button', { name: 'Sammeländerung' }));
    await user.click(await screen.findByRole('menuitem', { name: 'In andere Kategorie verschieben …' }));
    await user.type(await screen.findByRole('combobox', { name: 'Ziel-Kategorie' }), 'Tee');
    await user.click(await screen.findByRole('option', { name: 'Deutschland › Tee' }));
    await user.click(screen.getByRole('button', { name: 'Weiter' }));
    await user.click(screen.getByRole('button', { name: '3 Medien ändern' }));
    await user.click(await screen.findByRole('button', { name: 'Rückgängig' }, { timeout: 8000 }));
    expect(
      await screen.findByText(
        'Rückgängig gemacht: 1 Medium wie vorher. 1 Medium wurde seitdem bearbeitet und bleibt so.',
      ),
    ).toBeTruthy();
  });

  it('withdraws without inputs, and shows a refusal in the dialog', async () => {
    const api = stubApi({
      'POST /api/admin/bulk': apiError(400, 'bulkChanges.errors.unknownAssets'),
    });
    const { user } = renderMenu({ assetIds: [4, 5] });
    await user.click(screen.getByRole('button', { name: 'Sammeländerung' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Zurückziehen …' }));
    expect(await screen.findByText(/^2 Medien zurückziehen\?/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '2 Medien ändern' }));
    expect(
      await screen.findByText('Einige der ausgewählten Medien gibt es nicht mehr. Es wurde nichts geändert.'),
    ).toBeTruthy();
    expect(api.callsTo('POST', '/api/admin/bulk')[0]!.body).toEqual({
      assetIds: [4, 5],
      change: { kind: 'withdraw' },
    });
  });

  it('sends keywords split at spaces', async () => {
    const api = stubApi({
      'POST /api/admin/bulk': { status: 201, ...finished({ kind: 'addKeywords' }) },
    });
    const { user } = renderMenu({ assetIds: [7] });
    await user.click(screen.getByRole('button', { name: 'Sammeländerung' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Schlagwörter hinzufügen …' }));
    await user.type(await screen.findByRole('textbox', { name: 'Schlagwörter' }), ' bio  fair ');
    await user.click(screen.getByRole('button', { name: 'Weiter' }));
    expect(screen.getByText('Schlagwörter „bio, fair“ zu 1 Medium hinzufügen?')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '1 Medium ändern' }));
    await waitFor(() =>
      expect(api.callsTo('POST', '/api/admin/bulk')[0]!.body).toEqual({
        assetIds: [7],
        change: { kind: 'addKeywords', keywords: ['bio', 'fair'] },
      }),
    );
  });

  it('sends only the custom fields filled in, and shows why an undo was refused', async () => {
    const api = stubApi({
      'POST /api/admin/bulk': { status: 201, ...finished({ kind: 'setFields' }) },
      'POST /api/admin/bulk/3/undo': apiError(409, 'bulkChanges.errors.undoExpired'),
    });
    const { user } = renderMenu({ assetIds: [7] });
    await user.click(screen.getByRole('button', { name: 'Sammeländerung' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Benutzerdefinierte Felder setzen …' }));
    await user.type(await screen.findByRole('textbox', { name: 'Version' }), '2');
    await user.click(screen.getByRole('button', { name: 'Weiter' }));
    await user.click(screen.getByRole('button', { name: '1 Medium ändern' }));
    await user.click(await screen.findByRole('button', { name: 'Rückgängig' }));
    expect(api.callsTo('POST', '/api/admin/bulk')[0]!.body).toEqual({
      assetIds: [7],
      change: { kind: 'setFields', fields: { 103: '2' } },
    });
    expect(
      await screen.findByText(
        /Eine Sammeländerung kann nur innerhalb von 10 Minuten rückgängig gemacht werden/,
      ),
    ).toBeTruthy();
  });
});
