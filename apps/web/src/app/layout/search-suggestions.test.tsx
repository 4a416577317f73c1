import type { SuggestAnswer } from '@mediabox/contract';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../shared/testing/stub-api';
import { SearchBox } from './search-box';

const answer: SuggestAnswer = {
  assets: [
    { id: 7, name: 'Jacobs Krönung 500 g', gtin: '04000417020009', thumbUrl: '/api/file/1/thumb?sig=x' },
    { id: 8, name: 'Jacobs Krönung 1 kg', gtin: null, thumbUrl: null },
  ],
  categories: [{ id: 11, name: 'Kaffeebohnen', path: ['Kaffee'] }],
};

function renderSearchBox() {
  const routes = [
    { path: '/', element: <SearchBox /> },
    { path: '/search/:query', element: <SearchBox /> },
    { path: '/asset/:id', element: <SearchBox /> },
    { path: '/:nodeId', element: <SearchBox /> },
  ];
  const router = createMemoryRouter(routes, { initialEntries: ['/'] });
  render(<RouterProvider router={router} />);
  return router;
}

/** Types, waits for the debounce and the popup. */
async function typeAndWaitForSuggestions(text: string) {
  const user = userEvent.setup();
  const box = screen.getByRole('combobox', { name: 'Search' });
  await user.type(box, text);
  await screen.findByRole('listbox', { name: 'Suggestions' }, { timeout: 3000 });
  return { user, box };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('SearchBox suggestions (issue 22.3)', () => {
  it('asks for suggestions after the pause and lists assets (name, GTIN) and categories (path)', async () => {
    const api = stubApi({ 'GET /api/search/suggest': { body: answer } });
    renderSearchBox();
    const { box } = await typeAndWaitForSuggestions('jacobs kr');
    const [call] = api.callsTo('GET', '/api/search/suggest');
    expect(call?.url.searchParams.get('q')).toBe('jacobs kr');
    expect(call?.url.searchParams.get('lang')).toBe('en');
    expect(call?.url.searchParams.get('rootId')).toBe('1');
    expect(box.getAttribute('aria-expanded')).toBe('true');
    const options = screen.getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Jacobs Krönung 500 gGTIN 04000417020009',
      'Jacobs Krönung 1 kg',
      'KaffeebohnenKaffee',
    ]);
    expect(screen.getByRole('group', { name: 'Assets' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Categories' })).toBeTruthy();
  });

  it('walks the options with the arrow keys and opens the highlighted asset with Enter', async () => {
    stubApi({ 'GET /api/search/suggest': { body: answer } });
    const router = renderSearchBox();
    const { user, box } = await typeAndWaitForSuggestions('jacobs');
    expect(box.getAttribute('aria-activedescendant')).toBeNull();
    await user.keyboard('{ArrowDown}{ArrowDown}');
    const second = screen.getAllByRole('option')[1]!;
    expect(box.getAttribute('aria-activedescendant')).toBe(second.id);
    expect(second.getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{ArrowUp}{ArrowUp}');
    // Up from the first wraps round to the last, the category.
    expect(box.getAttribute('aria-activedescendant')).toBe(screen.getAllByRole('option')[2]!.id);
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(router.state.location.pathname).toBe('/asset/8');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('opens a category with Enter', async () => {
    stubApi({ 'GET /api/search/suggest': { body: answer } });
    const router = renderSearchBox();
    const { user } = await typeAndWaitForSuggestions('kaff');
    await user.keyboard('{ArrowUp}{Enter}');
    expect(router.state.location.pathname).toBe('/11');
  });

  it('closes with Escape, and Enter without a highlighted option searches as before', async () => {
    stubApi({ 'GET /api/search/suggest': { body: answer } });
    const router = renderSearchBox();
    const { user, box } = await typeAndWaitForSuggestions('jacobs');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(box.getAttribute('aria-expanded')).toBe('false');
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('listbox')).toBeTruthy();
    await user.keyboard('{Escape}{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/search/jacobs'));
  });

  it('shows nothing for an empty answer or a failed call', async () => {
    const api = stubApi({ 'GET /api/search/suggest': { status: 500, body: {} } });
    renderSearchBox();
    const user = userEvent.setup();
    const box = screen.getByRole('combobox', { name: 'Search' });
    await user.type(box, 'kaffee');
    await waitFor(() => expect(api.callsTo('GET', '/api/search/suggest')).toHaveLength(1), { timeout: 3000 });
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(box.getAttribute('aria-expanded')).toBe('false');
  });
});
