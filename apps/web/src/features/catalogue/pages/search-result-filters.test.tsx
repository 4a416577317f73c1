import type { FilterCounts, SearchRequest } from '@mediabox/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tracker } from '../../../shared/tracking';
import { stubApi } from '../../../shared/testing/stub-api';
import { assets, searchAnswer } from '../testing/fixtures';
import { installIntersectionObserver } from '../testing/intersection-observer';
import { renderRoutes, WhereAmI } from '../testing/render-catalogue';
import SearchPage from './search-page';

// Rendering MUI pages in jsdom is slow on the shared 2-core machines.
vi.setConfig({ testTimeout: 20_000 });

const page = [
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

const COUNTS: FilterCounts = {
  mediaTypes: { '1100': 7, '1200': 3 },
  views: { C1C1: 4 },
  orientation: { portrait: 2, landscape: 4, square: 1 },
  gtin: { with: 5, without: 2 },
  newest: 6,
  estimate: false,
};

beforeEach(() => installIntersectionObserver());
afterEach(() => {
  tracker.clear();
  vi.unstubAllGlobals();
});

const location = () => screen.getByTestId('location').textContent;

describe('search result filters (issue 22.2)', () => {
  function stub() {
    return stubApi({
      'POST /api/search/': () => ({
        body: searchAnswer({ results: assets(1, 7), numberTotal: 7, filterCounts: COUNTS }),
      }),
    });
  }
  const searches = (api: ReturnType<typeof stub>) =>
    api.callsTo('POST', '/api/search/').map((call) => call.body as SearchRequest);

  it('reads filters and sort from the URL into the request, and shows the counts', async () => {
    const api = stub();
    renderRoutes(
      page,
      '/search/kaffee?orient=square,portrait&gtin=with&new=1&from=2026-01-01&sort=name&fmt=1200,42',
    );
    expect(await screen.findByRole('button', { name: 'Landscape (4)' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Square (1)' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'With GTIN (5)' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'New (30 days) (6)' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(searches(api)[0]).toEqual({
      query: 'kaffee',
      offset: 0,
      limit: 50,
      rootId: 1,
      // The unknown media type 42 is dropped rather than sent.
      filters: {
        mediaTypes: [1200],
        orientation: ['portrait', 'square'],
        gtin: 'with',
        newerThanDays: 30,
        dateFrom: '2026-01-01',
      },
      sort: 'name',
    });
  });

  it('puts a choice in the URL (a new history entry), lists format counts, and resets', async () => {
    const api = stub();
    const view = renderRoutes(page, '/search/kaffee');
    fireEvent.click(await screen.findByRole('button', { name: 'Landscape (4)' }));
    await waitFor(() => expect(location()).toBe('/search/kaffee?orient=landscape'));
    await waitFor(() => expect(searches(api).at(-1)?.filters).toEqual({ orientation: ['landscape'] }));

    fireEvent.click(screen.getByRole('button', { name: 'Format' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('Image (web, JPEG) (7)')).toBeTruthy();
    fireEvent.click(within(menu).getByText('Print file (TIFF, CMYK) (3)'));
    await waitFor(() => expect(location()).toBe('/search/kaffee?orient=landscape&fmt=1200'));
    fireEvent.keyDown(menu, { key: 'Escape' });

    expect(screen.getByRole('button', { name: 'Format (1)' })).toBeTruthy();

    // Back restores the previous filters (their answer comes from the cache).
    const sent = searches(api).length;
    await view.router.navigate(-1);
    await waitFor(() => expect(location()).toBe('/search/kaffee?orient=landscape'));
    expect(await screen.findByRole('button', { name: 'Format' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Landscape (4)' }).getAttribute('aria-pressed')).toBe('true');
    expect(searches(api)).toHaveLength(sent);

    fireEvent.click(screen.getByRole('button', { name: 'Reset filters' }));
    await waitFor(() => expect(location()).toBe('/search/kaffee'));
    expect(screen.getByRole('button', { name: 'Landscape (4)' }).getAttribute('aria-pressed')).toBe('false');
    expect(screen.queryByRole('button', { name: 'Reset filters' })).toBeNull();
    // Every request with filters carried them; the unfiltered one did not.
    expect(searches(api)[0]?.filters).toBeUndefined();
  });
});
