import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setPreference } from '../../../shared/preferences';
import { asset, assets, node } from '../testing/fixtures';
import { installIntersectionObserver } from '../testing/intersection-observer';
import { renderRoutes } from '../testing/render-catalogue';
import { apiError, stubApi, type StubAnswer } from '../../../shared/testing/stub-api';
import AssetPage from './asset-page';
import CategoryPage from './category-page';

/**
 * The catalogue's cart controls (spec 2.3, 2.5, 7.3) through use-cart-actions: they follow a change
 * at once and end up showing what the server answered.
 */
vi.setConfig({ testTimeout: 20_000 });

const routes = [
  { path: '/:nodeId', element: <CategoryPage /> },
  { path: '/asset/:id', element: <AssetPage /> },
];
const category = { node: node(20, 'Espresso'), children: [], breadcrumb: [node(20, 'Espresso')] };

/** A cart kept by the stub like the server keeps it; `hold` delays its answers to changes. */
function serverCart(initial: number[], hold?: Promise<void>) {
  let ids = [...initial];
  const summary = (): StubAnswer => ({ body: { assetIds: ids, count: ids.length } });
  const change = (body: unknown, add: boolean) => {
    const request = body as { assetId?: number; assetIds?: number[] };
    const changed = request.assetIds ?? [request.assetId!];
    ids = add
      ? [...ids, ...changed.filter((id) => !ids.includes(id))]
      : ids.filter((id) => !changed.includes(id));
  };
  return {
    'GET /api/cart/all': summary,
    'PUT /api/cart/': async (body: unknown) => {
      await hold;
      change(body, true);
      return summary();
    },
    'DELETE /api/cart/': async (body: unknown) => {
      await hold;
      change(body, false);
      return summary();
    },
  };
}

function stubCatalogue(cart: ReturnType<typeof serverCart> | Record<string, StubAnswer>) {
  return stubApi({
    'GET /api/node/20': { body: category },
    'GET /api/assets/20': { body: { results: assets(1, 3), numberTotal: 3 } },
    'GET /api/asset/5': { body: { data: asset(5) } },
    ...cart,
  });
}

const isDisabled = (element: HTMLElement) => (element as HTMLButtonElement).disabled;

beforeEach(() => installIntersectionObserver());
afterEach(() => vi.unstubAllGlobals());

describe('cart buttons in the catalogue', () => {
  it('adds from a grid card at once and keeps it after the server answers', async () => {
    let release!: () => void;
    const hold = new Promise<void>((done) => (release = done));
    const api = stubCatalogue(serverCart([2], hold));
    const { user } = renderRoutes(routes, '/20');
    const card = await screen.findByRole('article', { name: 'Coffee 1' });
    const add = await within(card).findByRole('button', { name: 'Add Coffee 1 to cart' });
    await waitFor(() => expect(isDisabled(add)).toBe(false));
    expect(
      within(screen.getByRole('article', { name: 'Coffee 2' })).getByRole('button', {
        name: 'Remove Coffee 2 from cart',
      }),
    ).toBeTruthy();

    await user.click(add);
    expect(within(card).getByRole('button', { name: 'Remove Coffee 1 from cart' })).toBeTruthy();
    release();
    await waitFor(() =>
      expect(api.callsTo('PUT', '/api/cart/').map((call) => call.body)).toEqual([{ assetId: 1 }]),
    );
    await new Promise((done) => setTimeout(done, 50));
    expect(within(card).getByRole('button', { name: 'Remove Coffee 1 from cart' })).toBeTruthy();

    await user.click(within(card).getByRole('button', { name: 'Remove Coffee 1 from cart' }));
    expect(await within(card).findByRole('button', { name: 'Add Coffee 1 to cart' })).toBeTruthy();
    expect(api.callsTo('DELETE', '/api/cart/').map((call) => call.body)).toEqual([{ assetId: 1 }]);
  });

  it('shows what the server says when it refuses a change', async () => {
    stubCatalogue({
      'GET /api/cart/all': { body: { assetIds: [], count: 0 } },
      'PUT /api/cart/': apiError(400, 'cart.errors.tooLarge'),
    });
    const { user } = renderRoutes(routes, '/20');
    const card = await screen.findByRole('article', { name: 'Coffee 1' });
    const add = await within(card).findByRole('button', { name: 'Add Coffee 1 to cart' });
    await waitFor(() => expect(isDisabled(add)).toBe(false));
    await user.click(add);
    expect(await screen.findByText('The cart is full. Please remove some assets first.')).toBeTruthy();
    expect(await within(card).findByRole('button', { name: 'Add Coffee 1 to cart' })).toBeTruthy();
  });

  it('adds all and removes all assets of the page, sending only what changes', async () => {
    const api = stubCatalogue(serverCart([2]));
    const { user } = renderRoutes(routes, '/20');
    const addAll = await screen.findByRole('button', { name: 'Add all' });
    await waitFor(() => expect(isDisabled(addAll)).toBe(false));
    await user.click(addAll);
    await waitFor(() =>
      expect(api.callsTo('PUT', '/api/cart/').map((call) => call.body)).toEqual([{ assetIds: [1, 3] }]),
    );
    // The confirmation counts what arrived and what was there already (issue 19).
    expect(await screen.findByText('2 assets added to the cart; 1 was already in it.')).toBeTruthy();
    for (const id of [1, 2, 3]) {
      const card = screen.getByRole('article', { name: `Coffee ${id}` });
      expect(await within(card).findByRole('button', { name: `Remove Coffee ${id} from cart` })).toBeTruthy();
    }
    await user.click(addAll);
    expect(await screen.findByText('All 3 assets are already in the cart.')).toBeTruthy();
    expect(api.callsTo('PUT', '/api/cart/')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Remove all' }));
    await waitFor(() =>
      expect(api.callsTo('DELETE', '/api/cart/').map((call) => call.body)).toEqual([{ assetIds: [1, 2, 3] }]),
    );
    expect(await screen.findAllByRole('button', { name: /^Add Coffee \d to cart$/ })).toHaveLength(3);
  });

  it('adds from the list view and from the asset page', async () => {
    setPreference('view', 'list');
    const api = stubCatalogue(serverCart([]));
    const { user, router } = renderRoutes(routes, '/20');
    const table = await screen.findByRole('table');
    const add = await within(table).findByRole('button', { name: 'Add Coffee 3 to cart' });
    await waitFor(() => expect(isDisabled(add)).toBe(false));
    await user.click(add);
    expect(await within(table).findByRole('button', { name: 'Remove Coffee 3 from cart' })).toBeTruthy();

    await router.navigate('/asset/5');
    // The asset page's button says what it does; the page is the asset's, so no name is needed.
    const addHere = await screen.findByRole('button', { name: 'Add to cart' });
    await user.click(addHere);
    expect(await screen.findByRole('button', { name: 'Remove from cart' })).toBeTruthy();
    expect(api.callsTo('PUT', '/api/cart/').map((call) => call.body)).toEqual([
      { assetId: 3 },
      { assetId: 5 },
    ]);
    // Every addition is confirmed, with the way to the cart in the message.
    expect(await screen.findByText('1 asset added to the cart.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Go to cart' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/cart'));
  });
});
