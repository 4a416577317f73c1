import type { Order } from '@mediabox/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getPreference } from '../../../shared/preferences';
import { order } from '../testing/order-fixtures';
import { renderOrderRoutes, testUser, WhereAmI } from '../testing/render-order-page';
import { stubApi } from '../../../shared/testing/stub-api';
import OrdersPage from './orders-page';

// Rendering MUI tables in jsdom is slow on the shared 2-core machines.
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => vi.unstubAllGlobals());

const page = (
  <>
    <OrdersPage />
    <WhereAmI />
  </>
);
const routes = [
  { path: '/orders', element: page },
  { path: '/orders/:step', element: page },
  { path: '/order/:id/:step', element: <WhereAmI /> },
];

function renderList(orders: Order[], url = '/orders', user = testUser({ jde: true })) {
  const api = stubApi({ 'GET /api/order': { body: { orders } } });
  return { api, ...renderOrderRoutes(routes, url, { user }) };
}

/** The body rows' first cells (the article names), in the order shown. */
async function shownNames(): Promise<string[]> {
  const table = await screen.findByRole('table');
  const rows = within(table).getAllByRole('row').slice(1);
  return rows.map((row) => row.querySelector('td')?.textContent ?? '');
}

const location = () => screen.getByTestId('location').textContent;
const selectedTab = () => screen.getByRole('tab', { selected: true }).textContent;

const mixed = [
  order(1, { status: 'new' }),
  order(2, { status: 'new' }),
  order(3, { status: 'pending' }),
  order(4, { status: 'rejected' }),
  order(5, { status: 'accepted' }),
  order(6, { status: 'accepted' }),
  order(7, { status: 'accepted' }),
  order(8, { status: 'completed' }),
];

describe('orders list tabs (spec 2.10)', () => {
  it('counts each status on its tab, the all tab counting every order', async () => {
    renderList(mixed, '/orders', testUser({ isSuperUser: true }));
    await screen.findByRole('table');
    const tabs = await screen.findAllByRole('tab');
    await waitFor(() =>
      expect(tabs.map((tab) => tab.textContent)).toEqual([
        'In progress2',
        'Ready for review1',
        'Rejected1',
        'Accepted3',
        'Show all8',
        'Completed1',
      ]),
    );
  });

  it('shows only the orders of the tab in the address, without a status column', async () => {
    renderList(mixed, '/orders/3');
    expect(await shownNames()).toEqual(['Kaffee 5', 'Kaffee 6', 'Kaffee 7']);
    expect(screen.getByRole('table', { name: 'Orders: Accepted' })).toBeTruthy();
    expect(screen.queryByRole('columnheader', { name: 'Status' })).toBeNull();
  });

  it('shows every order on the all tab, completed ones too, with a status icon each (issue 19)', async () => {
    renderList(mixed, '/orders/4', testUser({ isSuperUser: true }));
    const table = await screen.findByRole('table', { name: 'Orders: Show all' });
    expect(within(table).getAllByRole('row')).toHaveLength(9);
    expect(within(table).getByRole('columnheader', { name: 'Status' })).toBeTruthy();
    const statuses = within(table)
      .getAllByRole('img')
      .map((icon) => icon.getAttribute('aria-label'))
      .filter((label) => label !== 'Germany');
    expect(statuses).toEqual([
      'In progress',
      'In progress',
      'Ready for review',
      'Rejected',
      'Accepted',
      'Accepted',
      'Accepted',
      'Completed',
    ]);
  });

  it('opens tab 0 on /orders and navigates to /orders/{step} on a tab change', async () => {
    const { user } = renderList(mixed);
    expect(await shownNames()).toEqual(['Kaffee 1', 'Kaffee 2']);
    expect(selectedTab()).toContain('In progress');
    await user.click(screen.getByRole('tab', { name: /Rejected/ }));
    await waitFor(() => expect(location()).toBe('/orders/2'));
    expect(await shownNames()).toEqual(['Kaffee 4']);
  });

  it('shows the completed tab to super users only; others asking for it get tab 0', async () => {
    renderList(mixed, '/orders/5');
    expect(await shownNames()).toEqual(['Kaffee 1', 'Kaffee 2']);
    expect(selectedTab()).toContain('In progress');
    expect(screen.queryByRole('tab', { name: /Completed/ })).toBeNull();
  });

  it('lets super users open the completed tab', async () => {
    renderList(mixed, '/orders/5', testUser({ isSuperUser: true }));
    expect(await shownNames()).toEqual(['Kaffee 8']);
    expect(selectedTab()).toBe('Completed1');
  });

  it("says 'No orders' when a tab is empty", async () => {
    renderList([order(1, { status: 'new' })], '/orders/1');
    expect(await screen.findByText('No orders')).toBeTruthy();
  });

  it('shows date, creator and country flags', async () => {
    renderList([
      order(1, {
        createdAt: new Date(2026, 2, 5, 23, 30).toISOString(),
        username: 'max@example.com',
        de: true,
        at: true,
        ch: true,
        country: 'de,at,ch',
      }),
    ]);
    const table = await screen.findByRole('table');
    const cells = [...within(table).getAllByRole('row')[1]!.querySelectorAll('td')];
    expect(cells.map((cell) => cell.textContent)).toEqual([
      'Kaffee 1',
      'ART-1',
      '4006067084211',
      '05/03/2026',
      'max@example.com',
      'GermanyAustriaSwitzerland',
    ]);
    expect(
      within(cells[5]!)
        .getAllByRole('img')
        .map((flag) => flag.getAttribute('aria-label')),
    ).toEqual(['Germany', 'Austria', 'Switzerland']);
  });
});

describe('orders table sorting and paging', () => {
  it('sorts by name ascending first, numbers as numbers, and toggles with the column header', async () => {
    const orders = [order(10), order(2), order(1, { name: 'affogato' })];
    const { user } = renderList(orders);
    expect(await shownNames()).toEqual(['affogato', 'Kaffee 2', 'Kaffee 10']);

    await user.click(screen.getByRole('button', { name: 'Article' }));
    expect(await shownNames()).toEqual(['Kaffee 10', 'Kaffee 2', 'affogato']);

    await user.click(screen.getByRole('button', { name: 'Created on' }));
    // order(n) is created on the n-th of March.
    expect(await shownNames()).toEqual(['affogato', 'Kaffee 2', 'Kaffee 10']);
    expect(screen.getByRole('columnheader', { name: 'Created on' }).getAttribute('aria-sort')).toBe(
      'ascending',
    );
    await user.click(screen.getByRole('button', { name: 'Created on' }));
    expect(await shownNames()).toEqual(['Kaffee 10', 'Kaffee 2', 'affogato']);
  });

  it('shows 10 rows first, pages on, and remembers another page size as rowsPerPage', async () => {
    const twelve = Array.from({ length: 12 }, (_, index) => order(index + 1));
    const { user, unmount } = renderList(twelve);
    expect(await shownNames()).toHaveLength(10);
    expect(screen.getByText('1–10 of 12')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await shownNames()).toEqual(['Kaffee 11', 'Kaffee 12']);

    await user.click(screen.getByRole('combobox', { name: /Rows per page/ }));
    await user.click(await screen.findByRole('option', { name: '5' }));
    await waitFor(async () => expect(await shownNames()).toHaveLength(5));
    expect(getPreference('rowsPerPage')).toBe(5);
    expect(localStorage.getItem('rowsPerPage')).toBe('5');

    unmount();
    renderList(twelve);
    expect(await shownNames()).toEqual(['Kaffee 1', 'Kaffee 2', 'Kaffee 3', 'Kaffee 4', 'Kaffee 5']);
  });
});

describe('opening an order', () => {
  it('opens /order/{id}/0 on a row click', async () => {
    const { user } = renderList([order(1), order(2)]);
    await screen.findByRole('table');
    await user.click(screen.getByRole('cell', { name: 'Kaffee 2' }));
    await waitFor(() => expect(location()).toBe('/order/2/0'));
  });

  it('opens the focused row on Enter', async () => {
    const { user } = renderList([order(1), order(2)]);
    await screen.findByRole('table');
    const row = screen.getByRole('cell', { name: 'Kaffee 1' }).closest('tr')!;
    expect(row.tabIndex).toBe(0);
    row.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(location()).toBe('/order/1/0'));
  });
});
