import { SEARCH_PAGE_SIZE, type SearchRequest } from '@mediabox/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setStoredUser } from '../../../shared/auth/user-store';
import { setPreference } from '../../../shared/preferences';
import { stubApi, type StubAnswer } from '../../../shared/testing/stub-api';
import { assets, node, searchAnswer } from '../testing/fixtures';
import { installIntersectionObserver, intersect } from '../testing/intersection-observer';
import { renderRoutes, testUser, WhereAmI } from '../testing/render-catalogue';
import { MoreFromContainer } from '../components/more-from-container';
import CategoryPage from './category-page';
import SearchPage from './search-page';

/** Selecting results (issue 22.1): checkboxes, ranges, keys, "select all N" and the bar's actions. */
vi.setConfig({ testTimeout: 30_000 });

const routes = [
  { path: '/:nodeId', element: <CategoryPage /> },
  { path: '/search/:query', element: <SearchPage /> },
  { path: '/asset/:id', element: <WhereAmI /> },
  { path: '/more', element: <MoreFromContainer containerId={20} currentId={1} /> },
];
const category = { node: node(20, 'Espresso'), children: [], breadcrumb: [node(20, 'Espresso')] };

function stubCategory(
  total = 4,
  more: Record<string, StubAnswer | ((body: unknown) => StubAnswer)> = {},
  loaded = Math.min(total, 4),
) {
  return stubApi({
    'GET /api/node/20': { body: category },
    'GET /api/assets/20': { body: { results: assets(1, loaded), numberTotal: total } },
    'GET /api/cart/all': { body: { assetIds: [], count: 0 } },
    ...more,
  });
}

const box = (name: string) => screen.findByRole('checkbox', { name: `Select: ${name}` });
const isChecked = async (name: string) => ((await box(name)) as HTMLInputElement).checked;
const bar = () => screen.findByRole('region', { name: 'Selection' });
const cards = () => [...document.querySelectorAll<HTMLElement>('[data-result-index]')];

beforeEach(() => installIntersectionObserver());
afterEach(() => vi.unstubAllGlobals());

describe('selecting results', () => {
  it('toggles a card with its checkbox and shows the bar while anything is selected', async () => {
    stubCategory();
    const { user } = renderRoutes(routes, '/20');
    await user.click(await box('Coffee 2'));
    expect(await isChecked('Coffee 2')).toBe(true);
    expect(within(await bar()).getByText('1 selected')).toBeTruthy();
    await user.click(await box('Coffee 2'));
    expect(await isChecked('Coffee 2')).toBe(false);
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Selection' })).toBeNull());
  });

  it('selects the range between the last click and a Shift-click, in result order', async () => {
    stubCategory();
    const { user } = renderRoutes(routes, '/20');
    await user.click(await box('Coffee 4'));
    await user.keyboard('{Shift>}');
    await user.click(await box('Coffee 2'));
    await user.keyboard('{/Shift}');
    expect(
      await Promise.all(['Coffee 1', 'Coffee 2', 'Coffee 3', 'Coffee 4'].map((name) => isChecked(name))),
    ).toEqual([false, true, true, true]);
    expect(within(await bar()).getByText('3 selected')).toBeTruthy();
  });

  it('selects the loaded results with Ctrl-A in the results and clears with Escape', async () => {
    stubCategory();
    const { user } = renderRoutes(routes, '/20');
    await box('Coffee 1');
    act(() => cards()[0]!.focus());
    await user.keyboard('{Control>}a{/Control}');
    expect(within(await bar()).getByText('4 selected')).toBeTruthy();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Selection' })).toBeNull());
    expect(await isChecked('Coffee 3')).toBe(false);
  });

  it('moves with the arrow keys across the grid’s columns, selects with Space and opens with Enter', async () => {
    stubCategory(10, {}, 10);
    const { user } = renderRoutes(routes, '/20');
    await box('Coffee 10');
    // The results are one tab stop: the first card.
    expect(cards().map((card) => card.tabIndex)).toEqual([0, -1, -1, -1, -1, -1, -1, -1, -1, -1]);
    act(() => cards()[0]!.focus());
    // jsdom lays nothing out: the grid assumes 960 px, four columns.
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(cards()[1]);
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(cards()[5]);
    await user.keyboard('{ArrowDown}{ArrowDown}');
    // No card below the third row's second one: it stays.
    expect(document.activeElement).toBe(cards()[9]);
    await user.keyboard('{ArrowUp}{ArrowLeft}');
    expect(document.activeElement).toBe(cards()[4]);
    expect(cards()[4]!.tabIndex).toBe(0);
    expect(cards()[0]!.tabIndex).toBe(-1);
    await user.keyboard(' ');
    expect(await isChecked('Coffee 5')).toBe(true);
    await user.keyboard('{Home}');
    expect(document.activeElement).toBe(cards()[0]);
    await user.keyboard('{Enter}');
    expect((await screen.findByTestId('location')).textContent).toBe('/asset/1');
  });

  it('selects all N matches through the ids route and says when only the first 10,000 came', async () => {
    const api = stubCategory(12_000, {
      'GET /api/assets/20/ids': {
        body: {
          ids: Array.from({ length: 10_000 }, (_, index) => index + 1),
          numberTotal: 12_000,
          totalIsEstimate: false,
          truncated: true,
        },
      },
    });
    const { user } = renderRoutes(routes, '/20');
    await user.click(await box('Coffee 1'));
    await user.click(within(await bar()).getByRole('button', { name: 'Select all 12,000 results' }));
    expect(await within(await bar()).findByText('First 10,000 of 12,000 selected')).toBeTruthy();
    expect(api.callsTo('GET', '/api/assets/20/ids')).toHaveLength(1);
    expect(await isChecked('Coffee 4')).toBe(true);
  });

  it('keeps the selection when the next page of a search loads, and asks the ids of exactly that search', async () => {
    const search = (body: unknown): StubAnswer => {
      const { offset = 0 } = body as SearchRequest;
      return {
        body: searchAnswer({
          results: assets(offset + 1, SEARCH_PAGE_SIZE),
          numberTotal: 200,
          hasNextPage: true,
          currentPage: offset / SEARCH_PAGE_SIZE,
        }),
      };
    };
    const api = stubApi({
      'POST /api/search/': search,
      'GET /api/cart/all': { body: { assetIds: [], count: 0 } },
      'POST /api/search/ids': {
        body: { ids: [1, 2, 3], numberTotal: 3, totalIsEstimate: false, truncated: false },
      },
    });
    const { user } = renderRoutes(routes, '/search/kaffee');
    await user.click(await box('Coffee 2'));
    intersect(screen.getByTestId('infinite-sentinel'));
    await waitFor(() => expect(api.callsTo('POST', '/api/search/')).toHaveLength(2));
    await screen.findByText(/100 results/);
    expect(await isChecked('Coffee 2')).toBe(true);
    expect(within(await bar()).getByText('1 selected')).toBeTruthy();
    await user.click(within(await bar()).getByRole('button', { name: 'Select all 200 results' }));
    expect(await within(await bar()).findByText('3 selected')).toBeTruthy();
    expect(api.callsTo('POST', '/api/search/ids')[0]!.body).toEqual({ query: 'kaffee', rootId: 1 });
  });

  it('adds the selection to the cart with a format, to a list, and downloads it as a zip', async () => {
    const api = stubCategory(4, {
      'PUT /api/cart/': { body: { assetIds: [1, 3], count: 2, skipped: [] } },
      'GET /api/presets': { body: { presets: [] } },
      'GET /api/lists': {
        body: { own: [{ id: 9, name: 'Messe', itemCount: 0, shared: false }], sharedWithMe: [] },
      },
      'PUT /api/lists/9/items': {
        body: { list: { id: 9, name: 'Messe', itemCount: 2 }, items: [], shares: [] },
      },
      'POST /api/download/assets': { body: { filename: 'AAAAAAAAAAAAAAAAAAAAAA.zip' } },
      'GET /api/download/AAAAAAAAAAAAAAAAAAAAAA.zip/link': {
        body: { url: '/api/download/AAAAAAAAAAAAAAAAAAAAAA.zip?u=7' },
      },
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { user } = renderRoutes(routes, '/20');
    await user.click(await box('Coffee 1'));
    await user.click(await box('Coffee 3'));

    await user.click(within(await bar()).getByRole('button', { name: 'Add to cart' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Print file (TIFF, CMYK)' }));
    await waitFor(() => expect(api.callsTo('PUT', '/api/cart/')).toHaveLength(1));
    expect(api.callsTo('PUT', '/api/cart/')[0]!.body).toEqual({ assetIds: [1, 3], format: 1200 });

    await user.click(within(await bar()).getByRole('button', { name: 'Add to list' }));
    await user.click(await screen.findByRole('menuitem', { name: /Messe/ }));
    await waitFor(() => expect(api.callsTo('PUT', '/api/lists/9/items')).toHaveLength(1));
    expect(api.callsTo('PUT', '/api/lists/9/items')[0]!.body).toEqual({ assetIds: [1, 3] });

    await user.click(within(await bar()).getByRole('button', { name: 'Download as ZIP' }));
    await user.click(await screen.findByRole('menuitem', { name: 'All formats' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(api.callsTo('POST', '/api/download/assets')[0]!.body).toEqual({ assetIds: [1, 3] });
    click.mockRestore();
  });

  it('refuses more than the cart holds with the cart’s message, without asking the server', async () => {
    const api = stubCategory(2000, {
      'GET /api/assets/20/ids': {
        body: {
          ids: Array.from({ length: 2000 }, (_, index) => index + 1),
          numberTotal: 2000,
          totalIsEstimate: false,
          truncated: false,
        },
      },
      'GET /api/presets': { body: { presets: [] } },
    });
    const { user } = renderRoutes(routes, '/20');
    await user.click(await box('Coffee 1'));
    await user.click(within(await bar()).getByRole('button', { name: 'Select all 2,000 results' }));
    await within(await bar()).findByText('2,000 selected');
    await user.click(within(await bar()).getByRole('button', { name: 'Add to cart' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Main format' }));
    expect(await screen.findByText(/The cart is full/)).toBeTruthy();
    expect(api.callsTo('PUT', '/api/cart/')).toHaveLength(0);
  });

  it('works the same in the list view', async () => {
    setPreference('view', 'list');
    stubCategory();
    const { user } = renderRoutes(routes, '/20');
    await user.click(await box('Coffee 1'));
    expect(within(await bar()).getByText('1 selected')).toBeTruthy();
    setPreference('view', 'grid');
  });

  it('offers no selection to guests', async () => {
    stubCategory();
    renderRoutes(routes, '/20', { user: testUser() });
    await box('Coffee 1');
    act(() => setStoredUser(null));
    await waitFor(() => expect(screen.queryByRole('checkbox', { name: 'Select: Coffee 1' })).toBeNull());
  });

  it('selects in the asset page’s “more from this category” strip, all N being the category', async () => {
    const api = stubCategory(30, {
      'GET /api/assets/20/ids': {
        body: { ids: [1, 2, 3, 4, 5], numberTotal: 5, totalIsEstimate: false, truncated: false },
      },
    });
    const { user } = renderRoutes(routes, '/more');
    await user.click(await box('Coffee 3'));
    expect(within(await bar()).getByText('1 selected')).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: 'Select: Coffee 1' })).toBeNull();
    await user.click(within(await bar()).getByRole('button', { name: 'Select all 30 results' }));
    expect(await within(await bar()).findByText('5 selected')).toBeTruthy();
    expect(api.callsTo('GET', '/api/assets/20/ids')).toHaveLength(1);
  });
});
