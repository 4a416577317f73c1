import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { currentUrl, renderApp, testUser } from '../testing/render-app';

vi.setConfig({ testTimeout: 20_000 });

const coffee = (id: number) => ({ id, name: { de: `Kaffee ${id}`, en: `Coffee ${id}` }, files: [] });

/** Only the calls the header makes answer; everything else is a 404, as from an empty server. */
const answers: Record<string, unknown> = {
  '/api/cart/all': { assetIds: [3, 4], count: 2 },
  '/api/messages/': {
    messages: [
      {
        _id: 1,
        created: '2026-03-05T09:07:00Z',
        validUntil: '2026-03-19T09:07:00Z',
        items: [],
        filesize: 0,
        filename: 'a.zip',
        email: 'a@example.com',
        subject: '',
        text: '',
      },
    ],
  },
  '/api/downloads/': { downloads: [] },
  '/api/cart/': { items: [coffee(3), coffee(4)], cartItems: [] },
  '/api/order/count': { count: 3 },
};

beforeEach(() => {
  vi.stubGlobal('scrollTo', vi.fn());
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const body = answers[String(input)];
      return new Response(JSON.stringify(body ?? { error: { code: 'errors.notFound', message: '' } }), {
        status: body ? 200 : 404,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('header badges (spec 2.2)', () => {
  it('counts the cart and messages, disables downloads at zero, and opens the cart quick view', async () => {
    const { router } = renderApp('/', { user: testUser() });
    // The name carries the number the badge shows.
    const cart = await screen.findByRole('button', { name: 'Cart: 2' });
    expect(cart.getAttribute('aria-disabled')).toBeNull();
    expect(cart.textContent).toContain('2');
    // Enabled badges with a target are links.
    const messages = await screen.findByRole('link', { name: 'Messages: 1' });
    expect(messages.getAttribute('href')).toBe('/messages');
    expect(messages.textContent).toContain('1');
    // Disabled for the mouse, but still in the tab order, so its hint can say why (issue 19).
    const downloads = screen.getByRole('button', { name: 'Downloads' }) as HTMLButtonElement;
    expect(downloads.getAttribute('aria-disabled')).toBe('true');
    expect(downloads.disabled).toBe(false);
    expect(downloads.tabIndex).toBe(0);
    expect(downloads.getAttribute('href')).toBeNull();

    await userEvent.setup().click(cart);
    const preview = await screen.findByRole('presentation');
    // The quick view's code and the cart's contents both arrive after the click.
    await within(preview).findByRole('link', { name: 'Coffee 3' });
    const links = within(preview).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Coffee 3', '/asset/3'],
      ['Coffee 4', '/asset/4'],
      ['Go to cart', '/cart'],
    ]);
    await userEvent.setup().click(links[2]!);
    await waitFor(() => expect(currentUrl(router)).toBe('/cart'));
  });

  it('counts orders for internal users (spec 6)', async () => {
    renderApp('/', { user: testUser({ jde: true }) });
    const orders = await screen.findByRole('link', { name: 'Orders: 3' });
    expect(orders.getAttribute('href')).toBe('/orders');
    expect(orders.textContent).toContain('3');
  });

  it('does not ask for the order count without order rights', async () => {
    renderApp('/', { user: testUser() });
    await screen.findByRole('button', { name: /^Cart/ });
    await waitFor(() => expect(fetch).toHaveBeenCalledWith('/api/cart/all', expect.anything()));
    expect(vi.mocked(fetch).mock.calls.map(([input]) => String(input))).not.toContain('/api/order/count');
    expect(screen.queryByRole('link', { name: 'Orders' })).toBeNull();
  });
});
