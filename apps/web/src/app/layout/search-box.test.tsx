import { SEARCH_DEBOUNCE_MS } from '@mediabox/contract';
import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SearchBox } from './search-box';

function renderSearchBox(path = '/') {
  const routes = [
    { path: '/', element: <SearchBox /> },
    { path: '/search/:query', element: <SearchBox /> },
  ];
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('SearchBox', () => {
  it('submits on Enter, lower case with plus signs for spaces', async () => {
    const user = userEvent.setup();
    const router = renderSearchBox();
    await user.type(screen.getByRole('combobox', { name: 'Search' }), '  Kaffee  Bohnen Grün {Enter}');
    expect(router.state.location.pathname).toBe('/search/kaffee+bohnen+gr%C3%BCn');
  });

  it('submits with the search icon', async () => {
    const user = userEvent.setup();
    const router = renderSearchBox();
    await user.type(screen.getByRole('combobox', { name: 'Search' }), 'Logo');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(router.state.location.pathname).toBe('/search/logo');
  });

  it('does not submit empty or blank text', async () => {
    const user = userEvent.setup();
    const router = renderSearchBox();
    const box = screen.getByRole('combobox', { name: 'Search' });
    await user.type(box, '{Enter}');
    await user.type(box, '    {Enter}');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(router.state.location.pathname).toBe('/');
  });

  it('searches as you type after the debounce pause, not before', async () => {
    vi.useFakeTimers();
    const router = renderSearchBox();
    fireEvent.change(screen.getByRole('combobox', { name: 'Search' }), {
      target: { value: 'Espresso Crema' },
    });
    await act(() => {
      vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1);
    });
    expect(router.state.location.pathname).toBe('/');
    await act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(router.state.location.pathname).toBe('/search/espresso+crema');
  });

  it('does not search as you type when only spaces were typed', async () => {
    vi.useFakeTimers();
    const router = renderSearchBox();
    fireEvent.change(screen.getByRole('combobox', { name: 'Search' }), { target: { value: '   ' } });
    await act(() => {
      vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS * 2);
    });
    expect(router.state.location.pathname).toBe('/');
  });

  it('shows the query of the current search page', () => {
    renderSearchBox('/search/kaffee+bohnen');
    expect((screen.getByRole('combobox', { name: 'Search' }) as HTMLInputElement).value).toBe(
      'kaffee bohnen',
    );
  });
});
