import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getStoredUser } from '../../shared/auth/user-store';
import { i18n } from '../../shared/i18n';
import { getPreference } from '../../shared/preferences';
import { currentUrl, renderApp, testUser } from '../testing/render-app';

// Lazy pages load through dynamic imports, which are slow when the whole suite runs in parallel.

beforeEach(() => {
  // jsdom implements neither scrolling nor a reachable API; every call fails like an offline server.
  vi.stubGlobal('scrollTo', vi.fn());
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.reject(new TypeError('offline'))),
  );
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('route guards', () => {
  it('sends a guest to /login and remembers where they wanted to go', async () => {
    const { router } = renderApp('/cart?view=list');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(new URLSearchParams(router.state.location.search).get('from')).toBe('/cart?view=list');
  });

  it('guards the home page too', async () => {
    const { router } = renderApp('/');
    await waitFor(() => expect(currentUrl(router)).toBe('/login?from=%2F'));
  });

  it('sends a user without jde or super-user rights from /orders home', async () => {
    const { router } = renderApp('/orders', { user: testUser() });
    expect(await screen.findByRole('heading', { name: 'Welcome, Anna!' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
  });

  it('sends a guest on an order route to /login', async () => {
    const { router } = renderApp('/order/add');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('lets an internal user reach /orders, with the reduced order menu', async () => {
    const { router } = renderApp('/orders', { user: testUser({ jde: true }) });
    expect(await screen.findByRole('heading', { name: 'Orders' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/orders');
    // The order navigation's code comes with the order pages'.
    const orderNav = await screen.findByRole('navigation', { name: 'Order navigation' });
    expect(within(orderNav).getByRole('link', { name: 'Current orders' }).getAttribute('href')).toBe(
      '/orders',
    );
    expect(within(orderNav).getByRole('link', { name: 'Create order' }).getAttribute('href')).toBe(
      '/order/add',
    );
    expect(within(orderNav).getByRole('link', { name: 'Back' }).getAttribute('href')).toBe('/');
  });

  it('lets a super user reach an order detail step', async () => {
    renderApp('/order/42/1', { user: testUser({ isSuperUser: true }) });
    // The detail page itself: offline, it cannot load the order.
    expect(await screen.findByText('The order could not be loaded.')).toBeTruthy();
  });

  it('treats a non-numeric order id as unknown', async () => {
    renderApp('/order/abc/1', { user: testUser({ jde: true }) });
    expect(await screen.findByRole('heading', { name: 'No route for /order/abc/1' })).toBeTruthy();
  });
});

describe('unknown paths', () => {
  it("shows 'No route for' followed by the path", async () => {
    renderApp('/x/y');
    expect(await screen.findByRole('heading', { name: 'No route for /x/y' })).toBeTruthy();
  });

  it('treats a non-numeric category id as unknown, even for guests', async () => {
    const { router } = renderApp('/kaffee');
    expect(await screen.findByRole('heading', { name: 'No route for /kaffee' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/kaffee');
  });

  it('treats a non-numeric asset id as unknown', async () => {
    renderApp('/asset/abc', { user: testUser() });
    expect(await screen.findByRole('heading', { name: 'No route for /asset/abc' })).toBeTruthy();
  });

  it('opens a numeric category for a signed-in user', async () => {
    renderApp('/123', { user: testUser() });
    expect(await screen.findByRole('heading', { name: 'Category' })).toBeTruthy();
  });
});

describe('language and country from the URL', () => {
  it('/fr switches the language and lands on /', async () => {
    const { router } = renderApp('/fr', { user: testUser() });
    expect(await screen.findByRole('heading', { name: 'Bienvenue, Anna !' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expect(i18n.language).toBe('fr');
    expect(localStorage.getItem('lang')).toBe('fr');
  });

  it('/en keeps the query on its way home', async () => {
    const { router } = renderApp('/en?c=ch', { user: testUser() });
    await screen.findByRole('heading', { name: 'Welcome, Anna!' });
    expect(currentUrl(router)).toBe('/?c=ch');
    expect(getPreference('country')).toBe('switzerland');
  });

  it('?c=at sets the country preference, shown in the drawer', async () => {
    renderApp('/?c=at', { user: testUser() });
    await screen.findByRole('heading', { name: 'Welcome, Anna!' });
    expect(getPreference('country')).toBe('austria');
    // The select's code follows the drawer.
    expect((await screen.findByRole('combobox', { name: 'Country' })).textContent).toContain('Austria');
  });

  it('?c= works on public routes and ignores unknown values', async () => {
    renderApp('/imprint?c=ch');
    await waitFor(() => expect(getPreference('country')).toBe('switzerland'));
    renderApp('/imprint?c=xx');
    await waitFor(() => expect(getPreference('country')).toBe('switzerland'));
  });
});

describe('signed-in layout', () => {
  it('shows the user name cut at 23 characters with initials', async () => {
    renderApp('/', { user: testUser({ firstname: 'Maximiliane-Theresa', lastname: 'Schwarzenberger' }) });
    await screen.findByRole('heading', { name: 'Welcome, Maximiliane-Theresa!' });
    const drawer = screen.getAllByRole('complementary', { name: 'Side menu' })[0]!;
    expect(within(drawer).getByText('Maximiliane-Theresa Sch…')).toBeTruthy();
    expect(within(drawer).getByText('MS')).toBeTruthy();
  });

  it('disables badge buttons at zero and shows the order badge only with order rights', async () => {
    renderApp('/', { user: testUser() });
    await screen.findByRole('heading', { name: 'Welcome, Anna!' });
    for (const name of ['Messages', 'Downloads', 'Cart']) {
      // aria-disabled rather than disabled: still reachable by keyboard, with a hint why (issue 19).
      expect(screen.getByRole('button', { name }).getAttribute('aria-disabled')).toBe('true');
    }
    expect(screen.queryByRole('button', { name: 'Orders' })).toBeNull();
  });

  it('shows the order badge to internal users', async () => {
    renderApp('/', { user: testUser({ jde: true }) });
    await screen.findByRole('heading', { name: 'Welcome, Anna!' });
    expect(screen.getByRole('button', { name: 'Orders' })).toBeTruthy();
  });

  it('hides the login link in the footer when signed in', async () => {
    renderApp('/', { user: testUser() });
    await screen.findByRole('heading', { name: 'Welcome, Anna!' });
    expect(screen.queryByRole('link', { name: 'Log in' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Imprint' })).toBeTruthy();
  });

  it('logs out through the profile menu even when the server is unreachable', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/cart', { user: testUser() });
    await user.click(await screen.findByRole('button', { name: 'Profile menu' }));
    // The open menu's code arrives with the click.
    await user.click(await screen.findByRole('menuitem', { name: 'Log out' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/login'));
    expect(getStoredUser()).toBeNull();
    expect(fetch).toHaveBeenCalledWith('/api/user/logout', expect.objectContaining({ method: 'POST' }));
  });

  it('sets the page title with the product name', async () => {
    renderApp('/messages', { user: testUser() });
    await screen.findByRole('heading', { name: 'Messages' });
    await waitFor(() => expect(document.title).toBe('Mediabox – Messages'));
  });
});

describe('public layout', () => {
  it('shows the login link when logged out', async () => {
    renderApp('/x');
    await screen.findByRole('heading', { name: 'No route for /x' });
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
  });
});
