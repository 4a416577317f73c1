import type { InsightsAnswer } from '@mediabox/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, stubApi } from '../../../shared/testing/stub-api';
import { addDays } from '../lib/insights-range';
import { renderAdminPage } from '../testing/render-admin-page';
import InsightsPage from './insights-page';

// Rendering MUI in jsdom is slow on the shared 2-core machines.
vi.setConfig({ testTimeout: 20_000 });

// Only Date is faked: promises and timers of queries and user events keep running.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-22T10:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** An answer shaped like the server's: every day of the range, day n has n internal downloads. */
function answer(from: string, to: string, changes: Partial<InsightsAnswer> = {}): InsightsAnswer {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return {
    from,
    to,
    downloadsPerDay: days.map((day, index) => ({ day, internal: index + 1, external: 2, guest: 0 })),
    topAssets: [
      { assetId: 31, name: 'Kaffee Crema 1 kg', downloads: 40 },
      { assetId: 7, name: 'Logo', downloads: 1 },
    ],
    topSearches: [{ query: 'espresso', count: 12, avgResults: 4.5 }],
    zeroResultSearches: [{ query: 'tee', count: 3 }],
    activeUsersPerCountry: [
      { country: 'de', users: 5 },
      { country: 'unknown', users: 1 },
    ],
    registrationsPerWeek: [{ weekStart: '2026-10-19', count: 2 }],
    totals: { downloads: 1234, searches: 56, pageViews: 789, registrations: 2 },
    ...changes,
  };
}

function renderInsights(
  url = '/admin/insights',
  changes: Partial<InsightsAnswer> = {},
  routes: Parameters<typeof stubApi>[0] = {},
) {
  const api = stubApi({
    'GET /api/admin/insights': (_body, requestUrl) => ({
      body: answer(requestUrl.searchParams.get('from')!, requestUrl.searchParams.get('to')!, changes),
    }),
    ...routes,
  });
  return { api, ...renderAdminPage(<InsightsPage />, url) };
}

const requests = (api: ReturnType<typeof stubApi>) =>
  api.callsTo('GET', '/api/admin/insights').map((call) => Object.fromEntries(call.url.searchParams));

describe('insights', () => {
  it('asks for the last 30 days (UTC, today included) and shows the totals', async () => {
    const { api } = renderInsights();
    const totals = await screen.findByRole('list', { name: 'Totals of the period' });
    expect(requests(api)).toEqual([{ from: '2026-10-24', to: '2026-11-22' }]);
    expect(
      within(totals)
        .getAllByRole('listitem')
        .map((card) => card.textContent),
    ).toEqual(['Downloads1,234', 'Page views789', 'Searches56', 'Registrations2']);
    // Whom the figures cover (issue 19.14).
    expect(
      screen.getByText(
        'Page views and searches are counted only for users who agreed to usage statistics; downloads are always counted.',
      ),
    ).toBeTruthy();
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe('2026-10-24');
    expect((screen.getByLabelText('To') as HTMLInputElement).value).toBe('2026-11-22');
    expect(screen.getByRole('button', { name: '30 days' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('takes the range from the address, so a link can be shared', async () => {
    const { api } = renderInsights('/admin/insights?from=2026-01-01&to=2026-01-31');
    await screen.findByRole('list', { name: 'Totals of the period' });
    expect(requests(api)).toEqual([{ from: '2026-01-01', to: '2026-01-31' }]);
  });

  it('puts a quick choice into the address and asks for it', async () => {
    const { api, user, router } = renderInsights();
    await screen.findByRole('list', { name: 'Totals of the period' });
    await user.click(screen.getByRole('button', { name: '7 days' }));
    await waitFor(() => expect(requests(api).at(-1)).toEqual({ from: '2026-11-16', to: '2026-11-22' }));
    expect(router.state.location.search).toBe('?from=2026-11-16&to=2026-11-22');

    await user.click(screen.getByRole('button', { name: '12 months' }));
    await waitFor(() => expect(requests(api).at(-1)).toEqual({ from: '2025-11-23', to: '2026-11-22' }));
    expect(router.state.location.search).toBe('?from=2025-11-23&to=2026-11-22');
  });

  it('draws one stacked bar per day, each with its figures as title', async () => {
    renderInsights('/admin/insights?from=2026-11-01&to=2026-11-07');
    const chart = await screen.findByRole('img', { name: /^Stacked bars of downloads per day/ });
    expect(chart.getAttribute('aria-label')).toContain(
      'from 2026-11-01 to 2026-11-07 (7 days, 1234 downloads)',
    );
    const bars = chart.querySelectorAll('g[data-bar]');
    expect(bars).toHaveLength(7);
    expect(bars[0]!.querySelector('title')?.textContent).toBe('2026-11-01: 1 internal, 2 external, 0 guest');
    // Internal and external have downloads, guest none: two coloured parts plus the hover area.
    expect(bars[0]!.querySelectorAll('rect')).toHaveLength(3);
    expect(screen.getByText('Internal')).toBeTruthy();
    expect(screen.getByText('Guest')).toBeTruthy();
  });

  it('offers every chart as a table', async () => {
    const { user } = renderInsights('/admin/insights?from=2026-11-01&to=2026-11-03');
    const section = (await screen.findByRole('heading', { name: 'Downloads per day' })).closest('section')!;
    await user.click(within(section).getByRole('button', { name: 'As table' }));
    const rows = within(within(section).getByRole('table', { name: 'Downloads per day' })).getAllByRole(
      'row',
    );
    expect(rows.map((row) => row.textContent)).toEqual([
      'DayInternalExternalGuest',
      '2026-11-01120',
      '2026-11-02220',
      '2026-11-03320',
    ]);
    expect(within(section).queryByRole('img')).toBeNull();
  });

  it('ranks the top lists; assets link to their page', async () => {
    renderInsights();
    const assets = await screen.findByRole('list', { name: 'Most downloaded assets' });
    const link = within(assets).getByRole('link', { name: 'Kaffee Crema 1 kg' });
    expect(link.getAttribute('href')).toBe('/asset/31');
    expect(within(assets).getAllByRole('listitem')[1]!.textContent).toBe('2.Logo1 download');
    const searches = screen.getByRole('list', { name: 'Top searches' });
    expect(searches.textContent).toBe('1.espresso12 searches · avg. 4.5 results');
    expect(screen.getByRole('list', { name: 'Searches without results' }).textContent).toBe(
      '1.tee3 searches',
    );
    const countries = screen.getByRole('img', { name: 'Horizontal bars of active users per country' });
    expect([...countries.querySelectorAll('g > title')].map((title) => title.textContent)).toEqual([
      'Germany: 5 active users',
      'Unknown: 1 active user',
    ]);
  });

  it('fetches a series as CSV with the bearer token and saves it', async () => {
    const { api, user } = renderInsights(
      '/admin/insights',
      {},
      {
        'GET /api/admin/insights/top-assets.csv': {
          raw: { bytes: '\uFEFFasset,downloads\r\n', type: 'text/csv' },
        },
      },
    );
    const saved: string[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:csv', revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(`${this.download} ${this.href}`);
    });
    await user.click(await screen.findByRole('button', { name: 'Download Most downloaded assets as CSV' }));
    await waitFor(() => expect(saved).toEqual(['mediabox-top-assets-2026-10-24-2026-11-22.csv blob:csv']));
    const [call] = api.callsTo('GET', '/api/admin/insights/top-assets.csv');
    expect(Object.fromEntries(call!.url.searchParams)).toEqual({ from: '2026-10-24', to: '2026-11-22' });
    expect(call!.headers.authorization).toBe('Bearer test-token');
    click.mockRestore();
  });

  it('shows the server error of an invalid range translated', async () => {
    stubApi({ 'GET /api/admin/insights': apiError(400, 'insights.errors.invalidRange') });
    renderAdminPage(<InsightsPage />, '/admin/insights?from=2026-11-30&to=2026-11-01');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The period is invalid: “From” must not be after “To”, and it may cover at most 366 days.',
    );
    // The picker stays, so the range can be corrected.
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe('2026-11-30');
  });

  it('says so when the range has no data', async () => {
    renderInsights('/admin/insights', {
      topAssets: [],
      topSearches: [],
      zeroResultSearches: [],
      activeUsersPerCountry: [],
      registrationsPerWeek: [],
      totals: { downloads: 0, searches: 0, pageViews: 0, registrations: 0 },
    });
    expect(await screen.findByText('There is no data in this period.')).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
  });
});
