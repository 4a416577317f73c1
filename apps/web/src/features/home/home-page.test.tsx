import type { CatalogueNode } from '@mediabox/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setStoredUser } from '../../shared/auth/user-store';
import { setPreference } from '../../shared/preferences';
import { testUser } from '../../shared/testing/test-user';
import HomePage from './home-page';

vi.setConfig({ testTimeout: 20_000 });

const category = (
  id: number,
  de: string,
  en: string,
  pictureTicket: string | null = null,
): CatalogueNode => ({
  id,
  name: { de, en, fr: de },
  parentId: 123,
  rootId: 123,
  hasChildren: true,
  assetCount: 0,
  totalAssetCount: 0,
  pictureTicket,
});

function stubNode(children: CatalogueNode[]) {
  const fetchStub = vi.fn(async () =>
    Response.json({ node: category(123, 'Österreich', 'Austria'), children, breadcrumb: [] }),
  );
  vi.stubGlobal('fetch', fetchStub);
  return fetchStub;
}

function renderHome() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/', element: <HomePage /> }], { initialEntries: ['/'] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  setStoredUser(null);
});

describe('home page (spec 2.1)', () => {
  it('shows a card per category of the country root, sorted by German name, with pictures', async () => {
    setPreference('country', 'austria');
    const fetchStub = stubNode([
      category(3, 'Tee', 'Tea', '/api/files/3/thumb?sig=x'),
      category(2, 'Zubehör', 'Accessories'),
      category(1, '010 Kaffee', '010 Coffee', '/api/files/1/thumb?sig=x'),
    ]);
    renderHome();
    const list = await screen.findByRole('list', { name: 'Categories' });
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Coffee', '/1'],
      ['Tea', '/3'],
      ['Accessories', '/2'],
    ]);
    const picture = links[0]!.querySelector('img')!;
    expect(picture.getAttribute('src')).toBe('/api/files/1/thumb?sig=x');
    // Pictures of the first screen decide the first paint: loaded at once and first.
    expect(picture.getAttribute('loading')).toBe('eager');
    expect(picture.getAttribute('fetchpriority')).toBe('high');
    expect(fetchStub).toHaveBeenCalledWith('/api/node/123', expect.anything());
  });

  it('keeps the welcome and explains an empty catalogue, with whom to ask', async () => {
    stubNode([]);
    renderHome();
    expect(
      await screen.findByRole('heading', { name: 'Your categories will appear here soon' }),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome!' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Write to us.' }).getAttribute('href')).toBe('/contact');
    expect(screen.queryByRole('link', { name: 'Add categories and files' })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows a super user of an empty country the way to the catalogue administration', async () => {
    setPreference('country', 'switzerland');
    setStoredUser(testUser({ firstname: 'Eva', isSuperUser: true }));
    stubNode([]);
    renderHome();
    expect(
      await screen.findByRole('heading', { name: 'The catalogue for Switzerland is still empty' }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add categories and files' }).getAttribute('href')).toBe(
      '/admin/catalogue',
    );
    expect(screen.queryByRole('link', { name: 'Write to us.' })).toBeNull();
  });
});
