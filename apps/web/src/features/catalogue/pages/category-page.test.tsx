import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getPreference } from '../../../shared/preferences';
import { asset, assets, node } from '../testing/fixtures';
import { installIntersectionObserver } from '../testing/intersection-observer';
import { renderRoutes } from '../testing/render-catalogue';
import { apiError, stubApi } from '../../../shared/testing/stub-api';
import CategoryPage from './category-page';

// Rendering MUI pages in jsdom is slow on the shared 2-core machines.
vi.setConfig({ testTimeout: 20_000 });

const routes = [{ path: '/:nodeId', element: <CategoryPage /> }];

const roastCoffee = node(20, '010 Röstkaffee', {
  name: { de: '010 Röstkaffee', en: '010 Roast coffee', fr: '010 Café torréfié' },
});
const category = {
  node: roastCoffee,
  children: [node(22, 'Ganze Bohne'), node(21, 'Gemahlen')],
  // As the server answers it: from the root down to the node itself.
  breadcrumb: [node(1, 'Deutschland', { parentId: null }), node(2, 'Kaffee'), roastCoffee],
};

function stubCategory() {
  return stubApi({
    'GET /api/node/20': { body: category },
    'GET /api/assets/20': {
      body: {
        results: [asset(1, { removalRequested: true }), ...assets(2, 2)],
        numberTotal: 3,
      },
    },
  });
}

beforeEach(() => installIntersectionObserver());
afterEach(() => vi.unstubAllGlobals());

describe('category page (spec 2.3)', () => {
  it('shows the name without its prefix, the count, the breadcrumb and subcategories', async () => {
    const api = stubCategory();
    renderRoutes(routes, '/20');
    expect(await screen.findByRole('heading', { level: 1, name: 'Roast coffee' })).toBeTruthy();
    expect(await screen.findByText('3 assets in Roast coffee')).toBeTruthy();
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(
      within(crumbs)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/', '/2']);
    const subcategories = screen.getByRole('navigation', { name: 'Subcategories' });
    expect(
      within(subcategories)
        .getAllByRole('link')
        .map((link) => [link.getAttribute('href'), link.textContent]),
    ).toEqual([
      ['/22', 'Ganze Bohne0 assets'],
      ['/21', 'Gemahlen0 assets'],
    ]);
    expect(api.callsTo('GET', '/api/assets/20')[0]!.url.search).toBe('?offset=0&limit=200');
  });

  it('counts a top category by its subcategories instead of calling it empty (issue 19.5)', async () => {
    const coffee = node(2, 'Kaffee', { hasChildren: true, totalAssetCount: 130 });
    stubApi({
      'GET /api/node/2': {
        body: {
          node: coffee,
          children: [
            node(20, 'Ganze Bohne', { totalAssetCount: 1, pictureTicket: '/api/file/7/thumb?exp=1&sig=x' }),
            node(21, 'Gemahlen', { totalAssetCount: 129 }),
          ],
          breadcrumb: [node(1, 'Deutschland', { parentId: null }), coffee],
        },
      },
      'GET /api/assets/2': { body: { results: [], numberTotal: 0 } },
    });
    renderRoutes(routes, '/2');
    expect(await screen.findByText('130 assets in the subcategories of Kaffee')).toBeTruthy();
    const subcategories = screen.getByRole('navigation', { name: 'Subcategories' });
    expect(within(subcategories).getByRole('link', { name: 'Ganze Bohne 1 asset' })).toBeTruthy();
    expect(within(subcategories).getByRole('link', { name: 'Gemahlen 129 assets' })).toBeTruthy();
    expect(subcategories.querySelector('img')?.getAttribute('src')).toBe('/api/file/7/thumb?exp=1&sig=x');
    expect(screen.queryByText('This category contains no assets.')).toBeNull();
  });

  it('shows grid cards with name, disabled cart buttons, download menu and the removal border', async () => {
    stubCategory();
    const { user } = renderRoutes(routes, '/20');
    const card = await screen.findByRole('article', { name: 'Coffee 1' });
    expect(card.getAttribute('data-removal-requested')).toBe('true');
    expect(within(card).getByText('Removal requested')).toBeTruthy();
    expect(getComputedStyle(card).borderWidth).toBe('2px');
    expect(
      screen.getByRole('article', { name: 'Coffee 2' }).getAttribute('data-removal-requested'),
    ).toBeNull();

    const thumb = card.querySelector('img')!;
    // The first screenful of thumbnails decides the first paint: loaded at once and first.
    expect(thumb.getAttribute('loading')).toBe('eager');
    expect(thumb.getAttribute('fetchpriority')).toBe('high');
    expect(
      (within(card).getByRole('button', { name: 'Add Coffee 1 to cart' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    expect((screen.getByRole('button', { name: 'Add all' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Remove all' }) as HTMLButtonElement).disabled).toBe(true);

    await user.click(within(card).getByRole('button', { name: 'Downloads for Coffee 1' }));
    // The menu's code arrives with the first click.
    const items = within(await screen.findByRole('menu')).getAllByRole('menuitem');
    expect(items.map((item) => [item.textContent, item.getAttribute('href')])).toEqual([
      ['Image (web, JPEG)JPEG · 2000 × 1500 px', '/api/files/1/original?sig=abc'],
      ['Print file (TIFF, CMYK)TIFF · 2000 × 1500 px', '/api/files/1/print?sig=abc'],
    ]);
  });

  it('switches to the list view, remembers it, and shows upload times to the minute in the reader’s locale', async () => {
    stubCategory();
    const { user } = renderRoutes(routes, '/20');
    await screen.findByRole('article', { name: 'Coffee 1' });
    await user.click(screen.getByRole('button', { name: 'List view' }));
    expect(getPreference('view')).toBe('list');

    const table = await screen.findByRole('table', { name: 'Assets in Roast coffee' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Name', 'Upload date', 'Downloads', 'Cart']);
    const row = within(table).getAllByRole('row')[1]!;
    // Fixture upload time 14:07:09 → hours and minutes, day first (en-GB; issue 19.7).
    expect(within(row).getByText('05/03/2026, 14:07')).toBeTruthy();
    expect(
      within(row).getByRole('link', { name: 'Download Print file (TIFF, CMYK) of Coffee 1' }),
    ).toBeTruthy();
    expect(row.getAttribute('data-removal-requested')).toBe('true');
  });

  it('still names the page when the category cannot be loaded', async () => {
    stubApi({
      'GET /api/node/20': apiError(404, 'errors.notFound'),
      'GET /api/assets/20': apiError(404, 'errors.notFound'),
    });
    renderRoutes(routes, '/20');
    expect(await screen.findByText('The category could not be loaded.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Category' })).toBeTruthy();
  });

  it('windows long lists: thousands of assets, a few dozen cards in the DOM', async () => {
    stubApi({
      'GET /api/node/20': { body: category },
      'GET /api/assets/20': { body: { results: assets(1, 200), numberTotal: 5000 } },
    });
    renderRoutes(routes, '/20');
    await screen.findByText('5000 assets in Roast coffee');
    const cards = await screen.findAllByRole('article');
    expect(cards.length).toBeGreaterThan(0);
    expect(cards.length).toBeLessThan(60);
    const list = screen.getByRole('list', { name: 'Assets in Roast coffee' });
    expect(within(list).getAllByRole('listitem')[0]!.getAttribute('aria-setsize')).toBe('200');
  });
});
