import { SEARCH_PAGE_SIZE, type SearchRequest, type TrackRequest } from '@mediabox/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveConsent } from '../../../shared/consent';
import { setPreference } from '../../../shared/preferences';
import { tracker } from '../../../shared/tracking';
import { SearchFilter } from '../components/search-filter';
import { assets, node, searchAnswer } from '../testing/fixtures';
import {
  FakeIntersectionObserver,
  installIntersectionObserver,
  intersect,
} from '../testing/intersection-observer';
import { renderRoutes, WhereAmI } from '../testing/render-catalogue';
import { apiError, stubApi, type StubAnswer } from '../../../shared/testing/stub-api';
import SearchPage from './search-page';

// Rendering MUI pages in jsdom is slow on the shared 2-core machines.
vi.setConfig({ testTimeout: 20_000 });

const page = (path = '/search/:query') => [
  {
    path,
    element: (
      <>
        <SearchFilter />
        <SearchPage />
        <WhereAmI />
      </>
    ),
  },
];

beforeEach(() => installIntersectionObserver());
afterEach(() => {
  tracker.clear();
  vi.unstubAllGlobals();
});

/** 120 hits in three pages of 50, 50 and 20, as the server pages them. */
function pagedSearch(total = 120, gate?: Promise<void>) {
  return async (body: unknown) => {
    const { offset = 0 } = body as SearchRequest;
    if (offset > 0 && gate) await gate;
    const count = Math.max(0, Math.min(SEARCH_PAGE_SIZE, total - offset));
    return {
      body: searchAnswer({
        results: assets(offset + 1, count).map((hit, index) => ({ ...hit, score: 10 - index / 10 })),
        numberTotal: total,
        hasNextPage: offset + count < total,
        currentPage: offset / SEARCH_PAGE_SIZE,
        facets: [
          { nodeId: 14, name: { de: 'Tee', en: 'Tea', fr: 'Thé' }, count: 20 },
          { nodeId: 12, name: { de: 'Kaffee', en: 'Coffee', fr: 'Café' }, count: 100 },
        ],
      }),
    };
  };
}

const sentinel = () => screen.getByTestId('infinite-sentinel');

describe('search page', () => {
  it('loads 50, then offset 50 once the sentinel comes within 1000 px, until no more results', async () => {
    let open: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const api = stubApi({ 'POST /api/search/': pagedSearch(120, gate) });
    renderRoutes(page(), '/search/kaffee+bohnen');

    expect(await screen.findByText('50 results for “kaffee bohnen” of 120 in total')).toBeTruthy();
    const searches = () => api.callsTo('POST', '/api/search/').map((call) => call.body as SearchRequest);
    // The page's request and the drawer filter's (same key) are one request.
    expect(searches()).toEqual([{ query: 'kaffee bohnen', offset: 0, limit: 50, rootId: 1 }]);

    const observer = FakeIntersectionObserver.instances.find((o) => o.elements.has(sentinel()))!;
    expect(observer.options.rootMargin).toBe('0px 0px 1000px 0px');

    intersect(sentinel());
    expect(await screen.findByText('Loading more results …')).toBeTruthy();
    open();
    expect(await screen.findByText('100 results for “kaffee bohnen” of 120 in total')).toBeTruthy();
    expect(searches()[1]).toMatchObject({ offset: 50, limit: 50 });

    await waitFor(() =>
      expect(FakeIntersectionObserver.instances.some((o) => o.elements.has(sentinel()))).toBe(true),
    );
    intersect(sentinel());
    expect(await screen.findByText('No more results.')).toBeTruthy();
    expect(screen.getByText('120 results for “kaffee bohnen”')).toBeTruthy();
    expect(searches().map((body) => body.offset)).toEqual([0, 50, 100]);
  });

  it('searches in the root of the chosen country', async () => {
    setPreference('country', 'switzerland');
    const api = stubApi({ 'POST /api/search/': pagedSearch(3) });
    renderRoutes(page(), '/search/tasse');
    await screen.findByText('3 results for “tasse”');
    expect(api.callsTo('POST', '/api/search/')[0]!.body).toMatchObject({ rootId: 658 });
    expect(screen.getByText('No more results.')).toBeTruthy();
  });

  it('shows the loading and no-results messages', async () => {
    let answer: (value: { body: unknown }) => void = () => undefined;
    stubApi({ 'POST /api/search/': () => new Promise((resolve) => (answer = resolve)) });
    renderRoutes(page(), '/search/zzz');
    expect((await screen.findAllByText('Searching …')).length).toBeGreaterThan(0);
    answer({ body: searchAnswer() });
    expect(await screen.findByText('No results for “zzz”.')).toBeTruthy();
    expect(screen.queryByText('Searching …')).toBeNull();
  });

  it('hides the results when the search fails', async () => {
    stubApi({ 'POST /api/search/': apiError(500, 'errors.internal') });
    renderRoutes(page(), '/search/kaffee');
    expect(await screen.findByText('The search failed. Please try again.')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Results for “kaffee”' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('says when the results match only some of the words (issue 22.3)', async () => {
    stubApi({
      'POST /api/search/': {
        body: searchAnswer({
          results: assets(1, 2),
          numberTotal: 2,
          partial: { usedWords: ['espresso'], droppedWords: ['foto'] },
        }),
      },
    });
    renderRoutes(page(), '/search/espresso+foto');
    expect(
      await screen.findByText('No result with every word; showing results for “espresso”. Left out: foto'),
    ).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Results for “espresso foto”' })).toBeTruthy();
  });

  it('renders the relevance bar in the list view', async () => {
    setPreference('view', 'list');
    stubApi({ 'POST /api/search/': pagedSearch(2) });
    renderRoutes(page(), '/search/kaffee');
    const table = await screen.findByRole('table', { name: 'Results for “kaffee”' });
    expect(table).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Relevance' })).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Relevance 100 %' })).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Relevance 99 %' })).toBeTruthy();
  });
});

describe('drawer search filter (spec 2.2)', () => {
  it('lists top categories alphabetically with their hit counts', async () => {
    stubApi({ 'POST /api/search/': pagedSearch() });
    renderRoutes(page(), '/search/kaffee');
    // The filter's own checkboxes (the result cards have selection checkboxes too).
    const group = await screen.findByRole('group', { name: 'Filter by category' });
    const boxes = await within(group).findAllByRole('checkbox');
    expect(boxes.map((box) => box.closest('label')?.textContent)).toEqual(['Coffee (100)', 'Tea (20)']);
  });

  it('keeps the choice in the URL and sends it with the search, one request per filter', async () => {
    const api = stubApi({ 'POST /api/search/': pagedSearch() });
    const { user } = renderRoutes(page(), '/search/kaffee');
    await user.click(await screen.findByRole('checkbox', { name: 'Tea (20)' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/search/kaffee?cat=14'));
    await user.click(screen.getByRole('checkbox', { name: 'Coffee (100)' }));
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/search/kaffee?cat=12%2C14'),
    );
    await waitFor(() =>
      expect(
        api.callsTo('POST', '/api/search/').map((call) => (call.body as SearchRequest).categories),
      ).toEqual([undefined, [14], [12, 14]]),
    );
    expect((screen.getByRole('checkbox', { name: 'Tea (20)' }) as HTMLInputElement).checked).toBe(true);

    await user.click(screen.getByRole('checkbox', { name: 'Tea (20)' }));
    await user.click(screen.getByRole('checkbox', { name: 'Coffee (100)' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/search/kaffee'));
  });

  it('is absent away from the search route', async () => {
    stubApi({ 'GET /api/node/1': { body: { node: node(1, 'Deutschland'), children: [], breadcrumb: [] } } });
    renderRoutes([{ path: '/', element: <SearchFilter /> }], '/');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('group', { name: 'Filter by category' })).toBeNull();
    expect(vi.mocked(fetch)).not.toHaveBeenCalled();
  });
});

describe('search tracking', () => {
  it('leaves searches to the server: the app reports the page view only', async () => {
    saveConsent(true);
    const api = stubApi({ 'POST /api/search/': pagedSearch(120), 'POST /api/track': { status: 204 } });
    const { user } = renderRoutes(page(), '/search/kaffee+bohnen');
    await screen.findByText('50 results for “kaffee bohnen” of 120 in total');
    await user.click(await screen.findByRole('checkbox', { name: 'Tea (20)' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/search/')).toHaveLength(2));
    tracker.flush();
    const events = api.callsTo('POST', '/api/track').flatMap((call) => (call.body as TrackRequest).events);
    expect(events.map((event) => event.type)).not.toContain('search');
  });

  it('reports nothing without consent', async () => {
    const api = stubApi({ 'POST /api/search/': pagedSearch(3) });
    renderRoutes(page(), '/search/tasse');
    await screen.findByText('3 results for “tasse”');
    tracker.flush();
    expect(api.callsTo('POST', '/api/track')).toEqual([]);
  });
});

describe('empty searches and country switches (issue 19.6, 19.13)', () => {
  /** Hits only in `rootId` and only without a category filter. */
  const hitsOnlyIn =
    (rootId: number) =>
    (body: unknown): StubAnswer | Promise<StubAnswer> => {
      const request = body as SearchRequest;
      return request.rootId === rootId && !request.categories
        ? pagedSearch(3)(body)
        : { body: searchAnswer() };
    };
  const topCategories = (rootId: number, ids: number[]) => ({
    body: { node: node(rootId, 'Root'), children: ids.map((id) => node(id, `Top ${id}`)), breadcrumb: [] },
  });

  it('drops the category ids of another country from the URL and shows the results', async () => {
    setPreference('country', 'austria');
    const api = stubApi({
      'POST /api/search/': hitsOnlyIn(123),
      'GET /api/node/123': topCategories(123, [130]),
    });
    renderRoutes(page(), '/search/kaffee?cat=12');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/search/kaffee'));
    expect(await screen.findByText('3 results for “kaffee”')).toBeTruthy();
    expect((api.callsTo('POST', '/api/search/').at(-1)!.body as SearchRequest).categories).toBeUndefined();
  });

  it('says when the filter hides every hit and removes the filter on request', async () => {
    setPreference('country', 'germany');
    stubApi({ 'POST /api/search/': hitsOnlyIn(1), 'GET /api/node/1': topCategories(1, [12, 14]) });
    const { user } = renderRoutes(page(), '/search/kaffee?cat=14');
    expect(await screen.findByText('0 results with your filters')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Search in all countries' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Remove filters' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/search/kaffee'));
    expect(await screen.findByText('3 results for “kaffee”')).toBeTruthy();
  });

  it('offers the countries with hits when nothing is found, and searches there when chosen', async () => {
    setPreference('country', 'germany');
    const api = stubApi({
      'POST /api/search/': hitsOnlyIn(123),
      'POST /api/search/countries': {
        body: {
          countries: [
            { rootId: 1, numberTotal: 0, totalIsEstimate: false },
            { rootId: 123, numberTotal: 3, totalIsEstimate: false },
            { rootId: 658, numberTotal: 0, totalIsEstimate: false },
          ],
        },
      },
    });
    const { user } = renderRoutes(page(), '/search/melange');
    expect(await screen.findByText('No results for “melange”.')).toBeTruthy();
    expect(api.callsTo('POST', '/api/search/countries')).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Search in all countries' }));
    expect(api.callsTo('POST', '/api/search/countries')[0]!.body).toEqual({ query: 'melange' });
    await user.click(await screen.findByRole('button', { name: 'Austria: 3 results' }));
    expect(await screen.findByText('3 results for “melange”')).toBeTruthy();
    expect(api.callsTo('POST', '/api/search/').at(-1)!.body).toMatchObject({ rootId: 123 });
  });

  it('says so when no other country has hits either', async () => {
    setPreference('country', 'germany');
    stubApi({
      'POST /api/search/': { body: searchAnswer() },
      'POST /api/search/countries': {
        body: {
          countries: [1, 123, 658].map((rootId) => ({ rootId, numberTotal: 0, totalIsEstimate: false })),
        },
      },
    });
    const { user } = renderRoutes(page(), '/search/zzz');
    await user.click(await screen.findByRole('button', { name: 'Search in all countries' }));
    expect(await screen.findByText('No results in the other countries either.')).toBeTruthy();
  });
});
