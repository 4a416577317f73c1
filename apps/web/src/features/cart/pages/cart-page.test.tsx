import type { CartAnswer } from '@mediabox/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { asset, cartAnswer, summaryOf } from '../testing/fixtures';
import { isChecked, isDisabled, renderCartRoute } from '../testing/render-cart';
import { apiError, deferred, stubApi, type StubAnswer } from '../../../shared/testing/stub-api';
import CartPage from './cart-page';

// Rendering MUI pages in jsdom is slow on the shared 2-core machines.
vi.setConfig({ testTimeout: 20_000 });

const route = { path: '/cart', element: <CartPage /> };
const renderCart = () => renderCartRoute(route, '/cart');
const button = (name: string) => screen.getByRole('button', { name });

/** A cart the stub keeps and changes as the server would, so refetches show the server's truth. */
function serverCart(initial: CartAnswer) {
  let contents = initial;
  const summary = (): StubAnswer => ({ body: summaryOf(contents) });
  const setFormat = (ids: number[], format: number, on: boolean) => {
    const chosen = Object.fromEntries(
      contents.cartItems.map((entry) => {
        const formats = entry.files.map((file) => file.mediaType);
        if (!ids.includes(entry.id)) return [entry.id, formats];
        const others = formats.filter((type) => type !== format);
        return [entry.id, on ? [...others, format] : others];
      }),
    );
    contents = cartAnswer(contents.items, chosen);
  };
  const change = (body: unknown, on: boolean): StubAnswer => {
    const request = body as { assetId?: number; assetIds?: number[]; format?: number };
    const ids = request.assetIds ?? [request.assetId!];
    if (request.format !== undefined) setFormat(ids, request.format, on);
    else if (!on) {
      const kept = contents.items.filter((item) => !ids.includes(item.id));
      const chosen = Object.fromEntries(
        contents.cartItems.map((entry) => [entry.id, entry.files.map((file) => file.mediaType)]),
      );
      contents = cartAnswer(kept, chosen);
    }
    return summary();
  };
  return {
    routes: {
      'GET /api/cart/': () => ({ body: contents }),
      'GET /api/cart/all': summary,
      'PUT /api/cart/': (body: unknown) => change(body, true),
      'DELETE /api/cart/': (body: unknown) => change(body, false),
      'POST /api/cart/clear': () => {
        contents = { items: [], cartItems: [] };
        return summary();
      },
    },
    current: () => contents,
  };
}

let userAgent: ReturnType<typeof vi.spyOn> | undefined;
beforeEach(() => {
  userAgent = vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 (X11; Linux x86_64)');
});
afterEach(() => {
  userAgent?.mockRestore();
  vi.unstubAllGlobals();
});

describe('cart page buttons (spec 5)', () => {
  it('shows the empty message; download, list, send and clear are disabled', async () => {
    stubApi({ 'GET /api/cart/': { body: { items: [], cartItems: [] } } });
    renderCart();
    expect(await screen.findByText(/Your cart is empty/)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    for (const name of ['Download', 'Item list', 'Send', 'Empty cart'])
      expect(isDisabled(button(name))).toBe(true);
  });

  it('disables download and list while no cart item has files, but lets the cart be sent', async () => {
    stubApi({ 'GET /api/cart/': { body: cartAnswer([asset(1), asset(2)], {}) } });
    renderCart();
    await screen.findByRole('table', { name: 'Assets in the cart' });
    expect(isDisabled(button('Download'))).toBe(true);
    expect(isDisabled(button('Item list'))).toBe(true);
    expect(isDisabled(button('Send'))).toBe(false);
    expect(isDisabled(button('Empty cart'))).toBe(false);
  });

  it('downloads in this page, no new window: disabled and "preparing" while the bundle is made, then "starting"', async () => {
    const answer = deferred<StubAnswer>();
    const FILENAME = 'AAAAAAAAAAAAAAAAAAAAAA.zip';
    stubApi({
      'GET /api/cart/': { body: cartAnswer([asset(1)], { 1: [1100] }) },
      'GET /api/cart/download': () => answer.promise,
      [`GET /api/download/${FILENAME}/link`]: { body: { url: `/api/download/${FILENAME}?u=7&sig=x` } },
    });
    const open = vi.fn();
    vi.stubGlobal('open', open);
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      const url = new URL(this.href);
      clicked.push(url.pathname + url.search);
    });
    const { user } = renderCart();
    await screen.findByRole('table');
    expect(isDisabled(button('Download'))).toBe(false);
    expect(isDisabled(button('Item list'))).toBe(false);

    await user.click(button('Download'));
    await waitFor(() => expect(isDisabled(button('Download'))).toBe(true));
    expect(isDisabled(button('Item list'))).toBe(true);
    expect(screen.getByRole('status').textContent).toBe('Preparing the download …');
    answer.resolve({ body: { filename: FILENAME } });
    await waitFor(() => expect(clicked).toEqual([`/api/download/${FILENAME}?u=7&sig=x`]));
    expect(await screen.findByText('Download is starting …')).toBeTruthy();
    await waitFor(() => expect(isDisabled(button('Download'))).toBe(false));
    expect(open).not.toHaveBeenCalled();
    click.mockRestore();
  });

  it('disables download and list on mobile devices', async () => {
    userAgent!.mockReturnValue('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148');
    stubApi({ 'GET /api/cart/': { body: cartAnswer([asset(1)], { 1: [1100] }) } });
    renderCart();
    await screen.findByRole('table');
    expect(isDisabled(button('Download'))).toBe(true);
    expect(isDisabled(button('Item list'))).toBe(true);
    expect(isDisabled(button('Send'))).toBe(false);
  });

  it('saves the item list as artikeluebersicht.xlsx', async () => {
    const api = stubApi({
      'GET /api/cart/': { body: cartAnswer([asset(1)], { 1: [1100] }) },
      'GET /api/cart/list': { raw: { bytes: 'PK', type: 'application/vnd.ms-excel' } },
    });
    const saved: string[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:list', revokeObjectURL: vi.fn() }),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(`${this.download} ${this.href}`);
    });
    const { user } = renderCart();
    await screen.findByRole('table');
    await user.click(button('Item list'));
    await waitFor(() => expect(saved).toEqual(['artikeluebersicht.xlsx blob:list']));
    expect(api.callsTo('GET', '/api/cart/list')).toHaveLength(1);
    click.mockRestore();
  });
});

describe('format checkboxes (spec 2.6, 3)', () => {
  const checkbox = (name: string) => screen.getByRole('checkbox', { name });

  it('keys each checkbox by asset and media type and shows no checkbox for a missing format', async () => {
    stubApi({
      'GET /api/cart/': {
        body: cartAnswer([asset(1), asset(2), asset(3, { printFile: false })], { 1: [1100], 2: [1200] }),
      },
    });
    renderCart();
    const table = await screen.findByRole('table');
    expect(isChecked(checkbox('Image (web, JPEG) of Coffee 1'))).toBe(true);
    expect(isChecked(checkbox('Print file (TIFF, CMYK) of Coffee 1'))).toBe(false);
    expect(isChecked(checkbox('Image (web, JPEG) of Coffee 2'))).toBe(false);
    expect(isChecked(checkbox('Print file (TIFF, CMYK) of Coffee 2'))).toBe(true);
    expect(screen.queryByRole('checkbox', { name: 'Print file (TIFF, CMYK) of Coffee 3' })).toBeNull();
    expect(
      within(table)
        .getAllByRole('checkbox')
        .map((box) => box.closest('[data-choice]')?.getAttribute('data-choice') ?? 'all'),
    ).toEqual(['all', 'all', '1:1100', '1:1200', '2:1100', '2:1200', '3:1100']);
  });

  it('checks and unchecks one format at once and keeps what the server then answers', async () => {
    const server = serverCart(cartAnswer([asset(1), asset(2)], { 1: [1100], 2: [1100] }));
    const hold = deferred<void>();
    const api = stubApi({
      ...server.routes,
      'PUT /api/cart/': async (body) => {
        await hold.promise;
        return server.routes['PUT /api/cart/'](body);
      },
    });
    const { user } = renderCart();
    await screen.findByRole('table');

    await user.click(checkbox('Print file (TIFF, CMYK) of Coffee 2'));
    // Optimistic: checked before the server answers; the other asset's checkbox is untouched.
    expect(isChecked(checkbox('Print file (TIFF, CMYK) of Coffee 2'))).toBe(true);
    expect(isChecked(checkbox('Print file (TIFF, CMYK) of Coffee 1'))).toBe(false);
    hold.resolve();
    await waitFor(() => expect(api.callsTo('GET', '/api/cart/').length).toBeGreaterThan(1));
    expect(api.callsTo('PUT', '/api/cart/').map((call) => call.body)).toEqual([{ assetId: 2, format: 1200 }]);
    expect(isChecked(checkbox('Print file (TIFF, CMYK) of Coffee 2'))).toBe(true);

    await user.click(checkbox('Image (web, JPEG) of Coffee 1'));
    await waitFor(() =>
      expect(api.callsTo('DELETE', '/api/cart/').map((call) => call.body)).toEqual([
        { assetId: 1, format: 1100 },
      ]),
    );
    await waitFor(() => expect(isChecked(checkbox('Image (web, JPEG) of Coffee 1'))).toBe(false));
    // An entry without formats stays in the cart (and in the table).
    expect(screen.getByRole('link', { name: 'Coffee 1' })).toBeTruthy();
    expect(server.current().cartItems.find((entry) => entry.id === 1)?.files).toEqual([]);
  });

  it('explains an item whose last format was unticked, and sums the chosen files', async () => {
    const server = serverCart(cartAnswer([asset(1), asset(2)], { 1: [1100], 2: [1100, 1200] }));
    stubApi(server.routes);
    const { user } = renderCart();
    await screen.findByRole('table');
    // Each fixture file is 1.5 MiB.
    expect(screen.getByText('2 items · 4.5 MB')).toBeTruthy();
    expect(screen.queryByText(/No format chosen/)).toBeNull();

    await user.click(checkbox('Image (web, JPEG) of Coffee 1'));
    expect(await screen.findByText(/^No format chosen: the asset stays in the cart/)).toBeTruthy();
    await waitFor(() => expect(screen.getByText('2 items · 3 MB')).toBeTruthy());
    expect(screen.getByRole('link', { name: 'Coffee 1' })).toBeTruthy();
  });

  it('returns to the server’s state when a change fails', async () => {
    stubApi({
      'GET /api/cart/': { body: cartAnswer([asset(1)], { 1: [1100] }) },
      'GET /api/cart/all': { body: { assetIds: [1], count: 1 } },
      'PUT /api/cart/': apiError(400, 'cart.errors.formatMissing'),
    });
    const { user } = renderCart();
    await screen.findByRole('table');
    await user.click(checkbox('Print file (TIFF, CMYK) of Coffee 1'));
    expect(await screen.findByText('This asset does not have this format.')).toBeTruthy();
    await waitFor(() => expect(isChecked(checkbox('Print file (TIFF, CMYK) of Coffee 1'))).toBe(false));
  });

  it('selects a format for all assets that have it, and clears it for all', async () => {
    const server = serverCart(
      cartAnswer([asset(1), asset(2), asset(3, { printFile: false })], { 1: [1100, 1200] }),
    );
    const api = stubApi(server.routes);
    const { user } = renderCart();
    await screen.findByRole('table');
    const selectAll = checkbox('Choose Print file (TIFF, CMYK) for all assets');
    expect(selectAll.getAttribute('data-indeterminate')).toBe('true');

    await user.click(selectAll);
    await waitFor(() =>
      expect(api.callsTo('PUT', '/api/cart/').map((call) => call.body)).toEqual([
        { assetIds: [2], format: 1200 },
      ]),
    );
    await waitFor(() => expect(isChecked(checkbox('Print file (TIFF, CMYK) of Coffee 2'))).toBe(true));
    expect(isChecked(checkbox('Choose Print file (TIFF, CMYK) for all assets'))).toBe(true);

    await user.click(checkbox('Choose Print file (TIFF, CMYK) for all assets'));
    await waitFor(() =>
      expect(api.callsTo('DELETE', '/api/cart/').map((call) => call.body)).toEqual([
        { assetIds: [1, 2], format: 1200 },
      ]),
    );
    await waitFor(() => expect(isChecked(checkbox('Print file (TIFF, CMYK) of Coffee 1'))).toBe(false));
    expect(isChecked(checkbox('Image (web, JPEG) of Coffee 1'))).toBe(true);
  });

  it('removes a row with its delete control', async () => {
    const server = serverCart(cartAnswer([asset(1), asset(2)], { 1: [1100], 2: [1100] }));
    const api = stubApi(server.routes);
    const { user } = renderCart();
    await screen.findByRole('table');
    await user.click(button('Remove Coffee 1 from the cart'));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Coffee 1' })).toBeNull());
    expect(api.callsTo('DELETE', '/api/cart/').map((call) => call.body)).toEqual([{ assetId: 1 }]);
    expect(screen.getByRole('link', { name: 'Coffee 2' }).getAttribute('href')).toBe('/asset/2');
  });
});

describe('clearing the cart (spec 4)', () => {
  it('asks first: no keeps the cart, yes empties it', async () => {
    const server = serverCart(cartAnswer([asset(1)], { 1: [1100] }));
    const api = stubApi(server.routes);
    const { user } = renderCart();
    await screen.findByRole('table');

    await user.click(button('Empty cart'));
    const dialog = await screen.findByRole('dialog', { name: 'Empty the cart?' });
    await user.click(within(dialog).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('POST', '/api/cart/clear')).toHaveLength(0);
    expect(screen.getByRole('table')).toBeTruthy();

    await user.click(button('Empty cart'));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText(/Your cart is empty/)).toBeTruthy();
    expect(api.callsTo('POST', '/api/cart/clear')).toHaveLength(1);
    expect(await screen.findByText('The cart has been emptied.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe('the cart on a phone (issue 19.1)', () => {
  /** Every media query matches: the page takes the narrow layout. */
  const narrowScreen = () =>
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

  it('shows cards with format chips, explains an item without formats, and keeps the actions in a bottom bar', async () => {
    narrowScreen();
    const server = serverCart(
      cartAnswer([asset(1), asset(2, { printFile: false })], { 1: [1100], 2: [1100] }),
    );
    const api = stubApi(server.routes);
    const { user } = renderCart();
    const list = await screen.findByRole('list', { name: 'Assets in the cart' });
    expect(screen.queryByRole('table')).toBeNull();
    const card = within(list).getByRole('listitem', { name: 'Coffee 1' });
    const web = within(card).getByRole('button', { name: 'Image (web, JPEG) of Coffee 1' });
    const print = within(card).getByRole('button', { name: 'Print file (TIFF, CMYK) of Coffee 1' });
    expect(web.getAttribute('aria-pressed')).toBe('true');
    expect(print.getAttribute('aria-pressed')).toBe('false');
    // Only the formats an asset has.
    expect(within(list).queryByRole('button', { name: 'Print file (TIFF, CMYK) of Coffee 2' })).toBeNull();

    const bar = screen.getByRole('region', { name: 'Cart actions' });
    expect(within(bar).getByText('2 items · 3 MB')).toBeTruthy();
    expect(
      within(bar)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Download', 'Item list', 'Send']);

    await user.click(print);
    await waitFor(() => expect(print.getAttribute('aria-pressed')).toBe('true'));
    await user.click(within(list).getByRole('button', { name: 'Image (web, JPEG) of Coffee 2' }));
    expect(await within(list).findByText(/^No format chosen/)).toBeTruthy();
    expect(api.callsTo('DELETE', '/api/cart/').map((call) => call.body)).toEqual([
      { assetId: 2, format: 1100 },
    ]);
    await waitFor(() => expect(within(bar).getByText('2 items · 3 MB')).toBeTruthy());
  });
});
