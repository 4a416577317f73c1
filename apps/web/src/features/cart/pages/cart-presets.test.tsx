import type { BundleProgress } from '@mediabox/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../shared/i18n';
import { preset, presetChoice } from '../../../shared/testing/presets';
import { stubApi } from '../../../shared/testing/stub-api';
import { asset, cartAnswer, summaryOf } from '../testing/fixtures';
import { renderCartRoute } from '../testing/render-cart';
import CartPage from './cart-page';

// Rendering MUI pages in jsdom is slow on the shared 2-core machines.
vi.setConfig({ testTimeout: 30_000 });

const route = { path: '/cart', element: <CartPage /> };

const SHOP = preset(1);
const PRINT = preset(
  2,
  { de: 'Druck', en: 'Print', fr: 'Impression' },
  { format: 'tiff', colourSpace: 'cmyk', dpi: 300, size: { mode: 'fit', width: 3000, height: 3000 } },
);
const MARKETPLACE = preset(3, { de: 'Marktplatz', en: 'Marketplace', fr: 'Place de marché' });
const SOCIAL = preset(4, { de: 'Social Media', en: 'Social media', fr: 'Réseaux sociaux' });
const PRESETS = [SHOP, PRINT, MARKETPLACE, SOCIAL];

/** One item per verdict kind: every line the cart can show for a chosen preset (issue 21.3). */
const CART = cartAnswer(
  [asset(1), asset(2), asset(3)],
  { 1: [1100], 2: [1100] },
  {
    1: [
      presetChoice(SHOP, {
        verdicts: [
          {
            kind: 'upscaled',
            source: { width: 800, height: 800 },
            needed: { width: 1000, height: 1000 },
            enlarged: true,
          },
          { kind: 'alphaFlattened', background: '#ffffff' },
        ],
      }),
      presetChoice(PRINT, {
        output: { format: 'tiff', width: 3000, height: 2250, colourSpace: 'cmyk', dpi: 300 },
        verdicts: [{ kind: 'colourConverted', from: 'srgb', to: 'cmyk' }],
      }),
    ],
    2: [
      presetChoice(SHOP, {
        refused: true,
        verdicts: [
          {
            kind: 'upscaled',
            source: { width: 800, height: 800 },
            needed: { width: 1000, height: 1000 },
            enlarged: false,
          },
        ],
      }),
      presetChoice(MARKETPLACE, {
        verdicts: [
          { kind: 'rasterised', width: 2000, height: 2000 },
          { kind: 'colourConverted', from: 'b-w', to: 'srgb' },
        ],
      }),
    ],
    3: [
      presetChoice(SOCIAL, {
        verdicts: [
          {
            kind: 'upscaled',
            source: { width: 500, height: 500 },
            needed: { width: 1080, height: 1080 },
            enlarged: false,
          },
        ],
      }),
      presetChoice(MARKETPLACE),
    ],
  },
);

function stubCart(extra: Parameters<typeof stubApi>[0] = {}) {
  return stubApi({
    'GET /api/cart/': { body: CART },
    'GET /api/cart/all': { body: summaryOf(CART) },
    'GET /api/presets': { body: { presets: PRESETS } },
    'PUT /api/cart/': { body: summaryOf(CART) },
    'DELETE /api/cart/': { body: summaryOf(CART) },
    ...extra,
  });
}

/** The lines under one preset of one item, as the user reads them. */
const linesOf = (assetId: number, presetId: number) => {
  const row = document.querySelector(`[data-preset-choice="${assetId}:${presetId}"]`) as HTMLElement;
  return within(row)
    .getAllByRole('listitem')
    .map((line) => line.textContent);
};

let userAgent: ReturnType<typeof vi.spyOn> | undefined;
beforeEach(async () => {
  userAgent = vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 (X11; Linux x86_64)');
  await i18n.changeLanguage('de');
});
afterEach(async () => {
  userAgent?.mockRestore();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('presets in the cart (issue 21.2, 21.3)', () => {
  it('shows each chosen preset with its planned output and its verdicts in German, a refused one greyed', async () => {
    stubCart();
    renderCartRoute(route, '/cart');
    await screen.findByRole('table', { name: 'Medien im Warenkorb' });
    await screen.findByText('Transparenz wird auf #ffffff gelegt');

    const shop = document.querySelector('[data-preset-choice="1:1"]') as HTMLElement;
    expect(shop.textContent).toContain('Onlineshop');
    expect(shop.textContent).toContain('1000 × 1000 px · JPEG · sRGB · 72 dpi');
    expect(linesOf(1, 1)).toEqual([
      'Wird vergrößert: Quelle 800 × 800 px, Vorgabe braucht 1000 × 1000 px',
      'Transparenz wird auf #ffffff gelegt',
    ]);
    expect(document.querySelector('[data-preset-choice="1:2"]')!.textContent).toContain(
      '3000 × 2250 px · TIFF · CMYK · 300 dpi',
    );
    expect(linesOf(1, 2)).toEqual(['Farben werden umgerechnet: RGB → CMYK']);
    expect(linesOf(2, 1)).toEqual([
      'Wird nicht geliefert: Quelle 800 × 800 px, Vorgabe verlangt 1000 × 1000 px und vergrößert nicht',
    ]);
    expect(linesOf(2, 3)).toEqual([
      'Vektor wird gerastert: 2000 × 2000 px',
      'Farben werden umgerechnet: Graustufen → RGB',
    ]);
    expect(linesOf(3, 4)).toEqual([
      'Kleiner als verlangt geliefert: Quelle 500 × 500 px, Vorgabe verlangt 1080 × 1080 px',
    ]);
    expect(linesOf(3, 3)).toEqual(['Passt']);
    // The refused preset is told apart by more than words: its line is marked as refused.
    expect(
      document.querySelector('[data-preset-choice="2:1"] [data-verdict]')!.getAttribute('data-verdict'),
    ).toBe('refused');

    // Five converted files (the refused one brings none), whose size is not known yet.
    expect(screen.getByText('3 Artikel · 3 MB + 5 aufbereitete Dateien')).toBeTruthy();
    // Item 3 has no original format, but its presets bring files: no "no format" hint.
    expect(screen.queryByText(/Kein Format gewählt/)).toBeNull();
  });

  it('adds a preset to one item from its menu and removes one with its ×', async () => {
    const api = stubCart();
    const { user } = renderCartRoute(route, '/cart');
    await screen.findByText('Transparenz wird auf #ffffff gelegt');

    await user.click(screen.getByRole('button', { name: 'Vorgabe hinzufügen: Kaffee 1' }));
    const menu = await screen.findByRole('menu');
    // Only the presets the item does not have yet.
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Marktplatz', 'Social Media']);
    await user.click(within(menu).getByRole('menuitem', { name: 'Social Media' }));
    await waitFor(() => expect(api.callsTo('PUT', '/api/cart/')).toHaveLength(1));
    expect(api.callsTo('PUT', '/api/cart/')[0]!.body).toEqual({ assetId: 1, preset: 4 });

    await user.click(screen.getByRole('button', { name: 'Vorgabe Druck für Kaffee 1 entfernen' }));
    await waitFor(() => expect(api.callsTo('DELETE', '/api/cart/')).toHaveLength(1));
    expect(api.callsTo('DELETE', '/api/cart/')[0]!.body).toEqual({ assetId: 1, preset: 2 });
  });

  it('says that a retired preset delivers nothing, and removes its choice with its ×', async () => {
    const withRetired = cartAnswer(
      [asset(1)],
      { 1: [1100] },
      {},
      {
        1: [{ presetId: 9, name: { de: 'Altes Format', en: 'Old format', fr: 'Ancien format' } }],
      },
    );
    const api = stubCart({ 'GET /api/cart/': { body: withRetired } });
    const { user } = renderCartRoute(route, '/cart');
    const row = await screen.findByText('Diese Vorgabe gibt es nicht mehr: dafür wird nichts geliefert.');
    expect(row.closest('[data-preset-choice="1:9"]')?.textContent).toContain('Altes Format');

    await user.click(screen.getByRole('button', { name: 'Vorgabe Altes Format für Kaffee 1 entfernen' }));
    await waitFor(() => expect(api.callsTo('DELETE', '/api/cart/')).toHaveLength(1));
    expect(api.callsTo('DELETE', '/api/cart/')[0]!.body).toEqual({ assetId: 1, preset: 9 });
  });

  it('chooses a preset for all items at once, and takes it off all of them', async () => {
    const api = stubCart();
    const { user } = renderCartRoute(route, '/cart');
    await screen.findByText('Transparenz wird auf #ffffff gelegt');

    await user.click(screen.getByRole('button', { name: 'Vorgabe für alle' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Druck allen hinzufügen' }));
    await waitFor(() => expect(api.callsTo('PUT', '/api/cart/')).toHaveLength(1));
    expect(api.callsTo('PUT', '/api/cart/')[0]!.body).toEqual({ assetIds: [1, 2, 3], preset: 2 });

    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Vorgabe für alle' }));
    const menu = await screen.findByRole('menu');
    // Only presets some item has can be taken off.
    expect(within(menu).queryByRole('menuitem', { name: 'Social Media von allen entfernen' })).toBeTruthy();
    await user.click(within(menu).getByRole('menuitem', { name: 'Onlineshop von allen entfernen' }));
    await waitFor(() => expect(api.callsTo('DELETE', '/api/cart/')).toHaveLength(1));
    expect(api.callsTo('DELETE', '/api/cart/')[0]!.body).toEqual({ assetIds: [1, 2, 3], preset: 1 });
  });
});

describe('a download with converted files (issue 21.4)', () => {
  const FILENAME = 'AAAAAAAAAAAAAAAAAAAAAA.zip';

  it('polls the progress, shows "3 von 12", then opens the link once ready and tells the failed file', async () => {
    const answers: BundleProgress[] = [
      { done: 3, total: 12, failed: 0, ready: false },
      { done: 12, total: 12, failed: 1, ready: true },
    ];
    const api = stubCart({
      'GET /api/cart/download': { body: { filename: FILENAME } },
      [`GET /api/download/${FILENAME}/progress`]: () => ({ body: answers.shift() ?? answers.at(-1) }),
      [`GET /api/download/${FILENAME}/link`]: { body: { url: `/api/download/${FILENAME}?u=7&sig=x` } },
    });
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      const url = new URL(this.href);
      clicked.push(url.pathname + url.search);
    });
    const { user } = renderCartRoute(route, '/cart');
    await screen.findByText('Transparenz wird auf #ffffff gelegt');

    await user.click(screen.getByRole('button', { name: 'Herunterladen' }));
    expect(await screen.findByText('Dateien werden erstellt: 3 von 12')).toBeTruthy();
    const bar = screen.getByRole('progressbar', { name: 'Fortschritt der Dateien' });
    expect(bar.getAttribute('aria-valuenow')).toBe('25');
    // Nothing is downloaded before every file is made.
    expect(clicked).toEqual([]);

    await waitFor(() => expect(clicked).toEqual([`/api/download/${FILENAME}?u=7&sig=x`]));
    expect(api.callsTo('GET', `/api/download/${FILENAME}/progress`)).toHaveLength(2);
    expect(await screen.findByText('1 Datei konnte nicht erstellt werden.')).toBeTruthy();
    expect(screen.queryByText(/Dateien werden erstellt/)).toBeNull();
  });
});

describe('presets in the cart on a phone (issue 21.2, 19.1)', () => {
  it('shows the presets and verdicts in each card and counts their files in the bottom bar', async () => {
    // Every media query matches: the page takes the narrow layout.
    vi.stubGlobal(
      'matchMedia',
      vi.fn((query: string) => ({
        matches: true,
        media: query,
        addEventListener: vi.fn(),
        removeEventListener: vi.fn(),
        addListener: vi.fn(),
        removeListener: vi.fn(),
      })),
    );
    await i18n.changeLanguage('en');
    stubCart();
    renderCartRoute(route, '/cart');
    const list = await screen.findByRole('list', { name: 'Assets in the cart' });
    const card = within(list).getByRole('listitem', { name: 'Coffee 2' });
    expect(
      await within(card).findByText(
        'Not delivered: source 800 × 800 px, preset asks for 1000 × 1000 px and does not enlarge',
      ),
    ).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Remove preset Online shop for Coffee 2' })).toBeTruthy();
    const bar = screen.getByRole('region', { name: 'Cart actions' });
    expect(within(bar).getByText('3 items · 3 MB + 5 prepared files')).toBeTruthy();
  });
});
