import type { CartAnswer } from '@mediabox/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../shared/i18n';
import { preset, presetChoice } from '../../../shared/testing/presets';
import { stubApi } from '../../../shared/testing/stub-api';
import { asset, node } from '../testing/fixtures';
import { renderRoutes, WhereAmI } from '../testing/render-catalogue';
import AssetPage from './asset-page';

// Rendering MUI pages in jsdom is slow on the shared 2-core machines.
vi.setConfig({ testTimeout: 20_000 });

const routes = [
  { path: '/asset/:id', element: <AssetPage /> },
  { path: '/cart', element: <WhereAmI /> },
];

const SHOP = preset(1);
const PRINT = preset(
  2,
  { de: 'Druck', en: 'Print', fr: 'Impression' },
  { format: 'tiff', colourSpace: 'cmyk', dpi: 300, size: { mode: 'fit', width: 3000, height: 3000 } },
);
const ASSET = asset(5, { name: { de: 'Krönung Classic 500 g' } });

/** The cart as the server keeps it: unchoosing a preset takes it off the entry, which stays. */
function stubAssetPage(inCart: CartAnswer | null) {
  let contents = inCart;
  return stubApi({
    'GET /api/asset/5': { body: { data: ASSET } },
    'GET /api/node/20': {
      body: { node: node(20, 'Röstkaffee'), children: [], breadcrumb: [] },
    },
    'GET /api/assets/20': { body: { results: [ASSET], numberTotal: 1 } },
    'GET /api/presets': { body: { presets: [SHOP, PRINT] } },
    'GET /api/cart/all': { body: inCart ? { assetIds: [5], count: 1 } : { assetIds: [], count: 0 } },
    'GET /api/cart/': () => ({ body: contents ?? { items: [], cartItems: [] } }),
    'PUT /api/cart/': { body: { assetIds: [5], count: 1 } },
    'DELETE /api/cart/': (body) => {
      const { preset: presetId } = body as { preset: number };
      contents = contents && {
        items: contents.items,
        cartItems: contents.cartItems.map((entry) => ({
          ...entry,
          presets: entry.presets.filter((choice) => choice.presetId !== presetId),
        })),
      };
      return { body: { assetIds: [5], count: 1 } };
    },
  });
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('presets on the asset page (issue 21.2)', () => {
  it('lists the active presets with what they make, and adds one to the cart with the way there', async () => {
    await i18n.changeLanguage('de');
    const api = stubAssetPage(null);
    const { user } = renderRoutes(routes, '/asset/5');

    const section = await screen.findByRole('region', { name: 'Für Kanäle aufbereiten' });
    const rows = await within(section).findAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      'OnlineshopJPEG · 1000 × 1000 px · sRGBIn den Warenkorb',
      'DruckTIFF · max. 3000 × 3000 px · CMYKIn den Warenkorb',
    ]);
    // Not in the cart: its contents are not asked for.
    expect(api.callsTo('GET', '/api/cart/')).toEqual([]);

    const toggle = within(section).getByRole('button', { name: 'In den Warenkorb: Onlineshop' });
    await waitFor(() => expect((toggle as HTMLButtonElement).disabled).toBe(false));
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    await user.click(toggle);
    await waitFor(() => expect(api.callsTo('PUT', '/api/cart/')).toHaveLength(1));
    expect(api.callsTo('PUT', '/api/cart/')[0]!.body).toEqual({ assetId: 5, preset: 1 });

    expect(await screen.findByText('Vorgabe für 1 Medium gewählt.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Zum Warenkorb' }));
    expect((await screen.findByTestId('location')).textContent).toBe('/cart');
  });

  it('shows a preset chosen for this asset as chosen, and unchooses it', async () => {
    const contents: CartAnswer = {
      items: [ASSET],
      cartItems: [{ id: 5, files: [], presets: [presetChoice(PRINT)], retiredPresets: [] }],
    };
    const api = stubAssetPage(contents);
    const { user } = renderRoutes(routes, '/asset/5');

    const section = await screen.findByRole('region', { name: 'Prepared for channels' });
    // Chosen once the cart's contents are known: the name says so, as the pressed state does.
    const print = await within(section).findByRole('button', { name: 'In the cart: Print' });
    expect(print.getAttribute('aria-pressed')).toBe('true');
    expect(print.textContent).toBe('In the cart');
    const shop = within(section).getByRole('button', { name: 'Add to cart: Online shop' });
    expect(shop.getAttribute('aria-pressed')).toBe('false');

    await user.click(print);
    await waitFor(() => expect(api.callsTo('DELETE', '/api/cart/')).toHaveLength(1));
    expect(api.callsTo('DELETE', '/api/cart/')[0]!.body).toEqual({ assetId: 5, preset: 2 });
    // Unchosen at once; the asset itself stays in the cart.
    await waitFor(() => expect(print.getAttribute('aria-pressed')).toBe('false'));
    expect(print.getAttribute('aria-label')).toBe('Add to cart: Print');
    expect(screen.queryByText(/Preset chosen for/)).toBeNull();
  });

  it('shows no section when no preset is active', async () => {
    stubApi({
      'GET /api/asset/5': { body: { data: ASSET } },
      'GET /api/presets': { body: { presets: [] } },
      'GET /api/cart/all': { body: { assetIds: [], count: 0 } },
    });
    renderRoutes(routes, '/asset/5');
    await screen.findByRole('heading', { level: 1, name: 'Krönung Classic 500 g' });
    await waitFor(() => expect(screen.queryByText('Prepared for channels')).toBeNull());
  });
});
