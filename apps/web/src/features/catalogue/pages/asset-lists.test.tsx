import type { ListAnswer } from '@mediabox/contract';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../shared/i18n';
import { stubApi } from '../../../shared/testing/stub-api';
import { asset, node } from '../testing/fixtures';
import { renderRoutes } from '../testing/render-catalogue';
import AssetPage from './asset-page';

// Rendering MUI pages in jsdom is slow on the shared 2-core machines.
vi.setConfig({ testTimeout: 20_000 });

const ASSET = asset(5, { name: { de: 'Krönung Classic 500 g' } });

const answerOf = (id: number, name: string): ListAnswer => ({
  list: { id, name, itemCount: 1, updatedAt: '2026-11-27T10:00:00.000Z', owner: 'Erika Muster' },
  mine: true,
  items: [],
  shares: [],
});

function stubAssetPage() {
  return stubApi({
    'GET /api/asset/5': { body: { data: ASSET } },
    'GET /api/node/20': { body: { node: node(20, 'Röstkaffee'), children: [], breadcrumb: [] } },
    'GET /api/assets/20': { body: { results: [ASSET], numberTotal: 1 } },
    'GET /api/presets': { body: { presets: [] } },
    'GET /api/cart/all': { body: { assetIds: [], count: 0 } },
    'GET /api/lists': {
      body: {
        own: [
          {
            id: 7,
            name: 'Messe Frühjahr 2027',
            itemCount: 2,
            updatedAt: '2026-11-27T10:00:00Z',
            owner: 'Ich',
          },
        ],
        shared: [],
      },
    },
    'PUT /api/lists/7/items': { body: answerOf(7, 'Messe Frühjahr 2027') },
    'POST /api/lists': { status: 201, body: answerOf(8, 'Neuheiten') },
    'PUT /api/lists/8/items': { body: answerOf(8, 'Neuheiten') },
  });
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('"Zur Liste hinzufügen" on the asset page (issue 22.4)', () => {
  it('adds the asset to one of my lists', async () => {
    await i18n.changeLanguage('de');
    const api = stubAssetPage();
    const { user } = renderRoutes([{ path: '/asset/:id', element: <AssetPage /> }], '/asset/5');
    await user.click(await screen.findByRole('button', { name: 'Zur Liste hinzufügen' }));
    await user.click(await screen.findByRole('menuitem', { name: /Messe Frühjahr 2027/ }));
    expect(await screen.findByText('Zur Liste „Messe Frühjahr 2027“ hinzugefügt.')).toBeTruthy();
    expect(api.callsTo('PUT', '/api/lists/7/items')[0]!.body).toEqual({ assetIds: [5] });
  });

  it('makes a new list with the asset in it', async () => {
    await i18n.changeLanguage('en');
    const api = stubAssetPage();
    const { user } = renderRoutes([{ path: '/asset/:id', element: <AssetPage /> }], '/asset/5');
    await user.click(await screen.findByRole('button', { name: 'Add to list' }));
    await user.click(await screen.findByRole('menuitem', { name: 'New list …' }));
    await user.type(await screen.findByLabelText('Name of the list'), 'Neuheiten');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(api.callsTo('PUT', '/api/lists/8/items')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/lists')[0]!.body).toEqual({ name: 'Neuheiten' });
    expect(await screen.findByText('Added to the list “Neuheiten”.')).toBeTruthy();
  });
});
