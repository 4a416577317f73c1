import type { Asset, ProductViewsRequest } from '@mediabox/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { asset, searchAnswer } from '../testing/fixtures';
import { installIntersectionObserver } from '../testing/intersection-observer';
import { renderRoutes, WhereAmI } from '../testing/render-catalogue';
import { stubApi } from '../../../shared/testing/stub-api';
import SearchPage from './search-page';

/** Issue 22.7: the search's product view (the default), its switcher, its cart menu and the toggle. */
vi.setConfig({ testTimeout: 20_000 });

const COFFEE = '04006067084218';
const view = (id: number, category: number | null, gtin: string | null = COFFEE): Asset =>
  asset(id, {
    gtin,
    customFields:
      category === null ? [] : [{ fieldId: 102, name: { de: 'Bildkategorie' }, value: String(category) }],
  });

// The search matched the back (1), a file without GTIN (2) and the front (3) of the coffee.
const hits = [view(1, 5), view(2, null, null), view(3, 1)];
// The product has a left view (4) too, which the search did not match.
const allViews = [view(3, 1), view(4, 2), view(1, 5)];

const routes = [
  {
    path: '/search/:query',
    element: (
      <>
        <SearchPage />
        <WhereAmI />
      </>
    ),
  },
];

function stubSearch() {
  let cart: number[] = [];
  return stubApi({
    'POST /api/search/': { body: searchAnswer({ results: hits, numberTotal: 3 }) },
    'POST /api/products/views': (body) => ({
      body: {
        products: (body as ProductViewsRequest).gtins.map((gtin) => ({
          gtin,
          views: allViews,
          viewCount: 3,
        })),
      },
    }),
    'GET /api/cart/all': () => ({ body: { assetIds: cart, count: cart.length } }),
    'PUT /api/cart/': (body) => {
      const request = body as { assetId?: number; assetIds?: number[] };
      cart = [...cart, ...(request.assetIds ?? [request.assetId!])];
      return { body: { assetIds: cart, count: cart.length } };
    },
  });
}

/** The status bar's text (the infinite footer is a status too). */
const statusText = () =>
  screen.getAllByRole('status').find((element) => element.textContent?.includes('results for'))?.textContent;

const coffeeCard = () => screen.findByRole('article', { name: `Coffee 1, GTIN ${COFFEE}` });

beforeEach(() => installIntersectionObserver());
afterEach(() => vi.unstubAllGlobals());

describe('search results as products', () => {
  it('shows one card per GTIN by default, with its views from the server and both counts', async () => {
    const api = stubSearch();
    renderRoutes(routes, '/search/kaffee');
    const card = await coffeeCard();
    expect(await within(card).findByText('3 views')).toBeTruthy();
    expect(within(card).getByText(`GTIN ${COFFEE}`)).toBeTruthy();
    // The file without GTIN keeps its own card; the coffee's front is not a card of its own.
    expect(screen.getByRole('article', { name: 'Coffee 2' })).toBeTruthy();
    expect(screen.queryByRole('article', { name: 'Coffee 3' })).toBeNull();
    expect(statusText()).toContain('3 results for “kaffee” · 1 product');
    expect(api.callsTo('POST', '/api/products/views').map((call) => call.body)).toEqual([
      { gtins: [COFFEE], rootId: 1 },
    ]);
    expect(screen.getByRole('button', { name: 'Products' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('switches the shown view and opens the asset page of the chosen one', async () => {
    stubSearch();
    const { user } = renderRoutes(routes, '/search/kaffee');
    const card = await coffeeCard();
    // The matched view first: the back.
    expect(within(card).getByRole('link', { name: 'Coffee 1' }).getAttribute('href')).toBe('/asset/1');
    const switcher = await within(card).findByRole('group', { name: 'Views of Coffee 1' });
    const left = within(switcher).getByRole('button', { name: 'Show view: Left side (C2C1)' });
    await user.click(left);
    const shown = await screen.findByRole('article', { name: `Coffee 4, GTIN ${COFFEE}` });
    expect(within(shown).getByRole('link', { name: 'Coffee 4' }).getAttribute('href')).toBe('/asset/4');
    expect(left.getAttribute('aria-pressed')).toBe('true');
    // Keyboard: the view buttons are in the tab order and Enter chooses.
    within(shown).getByRole('button', { name: 'Show view: Front with perspective (C1C1)' }).focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('article', { name: `Coffee 3, GTIN ${COFFEE}` })).toBeTruthy();
  });

  it('adds every view to the cart, or only the views picked in its menu', async () => {
    const api = stubSearch();
    const { user } = renderRoutes(routes, '/search/kaffee');
    const card = await coffeeCard();
    await user.click(within(card).getByRole('button', { name: 'Choose views for the cart: Coffee 1' }));
    await user.click(await screen.findByRole('menuitemcheckbox', { name: /Back \(C7C1\)/ }));
    expect(screen.getByRole('menuitemcheckbox', { name: /Back \(C7C1\)/ }).getAttribute('aria-checked')).toBe(
      'false',
    );
    await user.keyboard('{Escape}');
    const add = await within(card).findByRole('button', { name: 'Add to cart (2 views)' });
    await waitFor(() => expect((add as HTMLButtonElement).disabled).toBe(false));
    await user.click(add);
    await waitFor(() =>
      expect(api.callsTo('PUT', '/api/cart/').map((call) => call.body)).toEqual([{ assetIds: [3, 4] }]),
    );
    expect(await within(card).findByRole('button', { name: 'Remove from cart (2 views)' })).toBeTruthy();
  });

  it('selects the picked views of a product with its checkbox, and removes them again', async () => {
    stubSearch();
    const { user } = renderRoutes(routes, '/search/kaffee');
    const card = await coffeeCard();
    await user.click(within(card).getByRole('button', { name: 'Choose views for the cart: Coffee 1' }));
    await user.click(await screen.findByRole('menuitemcheckbox', { name: /Back \(C7C1\)/ }));
    await user.keyboard('{Escape}');
    const checkbox = within(card).getByRole('checkbox', { name: 'Select: Coffee 1' });
    await user.click(checkbox);
    // The product stands for its two picked views (front and left), not for the card's matched back.
    expect(await screen.findByText('2 selected')).toBeTruthy();
    expect((checkbox as HTMLInputElement).checked).toBe(true);
    await user.click(checkbox);
    await waitFor(() => expect(screen.queryByText('2 selected')).toBeNull());
    expect((checkbox as HTMLInputElement).checked).toBe(false);
  });

  it('keeps the files view in the address and shows a card per file there', async () => {
    stubSearch();
    const { user } = renderRoutes(routes, '/search/kaffee');
    await coffeeCard();
    await user.click(screen.getByRole('button', { name: 'Files' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/search/kaffee?view=files'));
    expect(await screen.findByRole('article', { name: 'Coffee 3' })).toBeTruthy();
    expect(screen.getByRole('article', { name: 'Coffee 1' })).toBeTruthy();
    expect(statusText()).not.toContain('product');
    await user.click(screen.getByRole('button', { name: 'Products' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/search/kaffee'));
    expect(await coffeeCard()).toBeTruthy();
  });

  it('opens in the files view from a link that asks for it', async () => {
    stubSearch();
    renderRoutes(routes, '/search/kaffee?view=files');
    expect(await screen.findByRole('article', { name: 'Coffee 3' })).toBeTruthy();
    expect(screen.queryByRole('article', { name: `Coffee 1, GTIN ${COFFEE}` })).toBeNull();
  });
});
