import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../shared/i18n';
import { setPreference } from '../../../shared/preferences';
import { node } from '../testing/fixtures';
import { renderRoutes } from '../testing/render-catalogue';
import { stubApi } from '../../../shared/testing/stub-api';
import { testUser } from '../../../shared/testing/test-user';
import { CategoryMenu } from './category-menu';

// Rendering MUI pages in jsdom is slow on the shared 2-core machines.
vi.setConfig({ testTimeout: 20_000 });

const root = (id: number, children: ReturnType<typeof node>[]) => ({
  body: { node: node(id, 'Root', { parentId: null }), children, breadcrumb: [] },
});

const germany = root(1, [
  node(12, 'Tee', { name: { de: 'Tee', en: 'Tea', fr: 'Thé' } }),
  node(11, 'Kaffeevollautomaten und Zubehör', {
    name: { de: 'Kaffeevollautomaten und Zubehör', en: 'Fully automatic coffee machines', fr: 'Machines' },
  }),
  node(13, '010 Aktionen', {
    name: { de: '010 Aktionen', en: '010 Promotions and seasonal campaigns', fr: '010 Actions' },
    hasChildren: true,
  }),
]);

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

const entries = () =>
  within(screen.getByRole('list'))
    .getAllByRole('link')
    .map((link) => link.textContent);

describe('drawer category menu (spec 2.2)', () => {
  it('lists the root’s categories alphabetically, cut at 25 or 30 with a hidden prefix', async () => {
    stubApi({ 'GET /api/node/1': germany });
    renderRoutes([{ path: '/', element: <CategoryMenu /> }], '/');
    await screen.findByRole('link', { name: 'Tea' });
    expect(entries()).toEqual(['Promotions and seasonal ca…', 'Fully automatic coffee ma…', 'Tea']);
    expect(screen.getByRole('link', { name: 'Tea' }).getAttribute('href')).toBe('/12');
  });

  it('sorts by the name in the current language', async () => {
    stubApi({ 'GET /api/node/1': germany });
    await i18n.changeLanguage('de');
    renderRoutes([{ path: '/', element: <CategoryMenu /> }], '/');
    await screen.findByRole('link', { name: 'Tee' });
    expect(entries()).toEqual(['Aktionen', 'Kaffeevollautomaten und Z…', 'Tee']);
  });

  it('says when a country has no categories yet, and shows a super user where to add them', async () => {
    stubApi({ 'GET /api/node/1': root(1, []) });
    const first = renderRoutes([{ path: '/', element: <CategoryMenu /> }], '/');
    await screen.findByText('No categories yet.');
    expect(screen.queryByRole('link', { name: 'Add categories' })).toBeNull();
    first.unmount();

    renderRoutes([{ path: '/', element: <CategoryMenu /> }], '/', { user: testUser({ isSuperUser: true }) });
    const link = await screen.findByRole('link', { name: 'Add categories' });
    expect(link.getAttribute('href')).toBe('/admin/catalogue');
  });

  it('follows the country and fetches each node only once', async () => {
    const api = stubApi({
      'GET /api/node/1': germany,
      'GET /api/node/123': root(123, [node(200, 'Melange')]),
      'GET /api/node/13': root(13, [node(14, 'Ostern')]),
    });
    const { user } = renderRoutes([{ path: '/', element: <CategoryMenu /> }], '/');
    await user.click(
      await screen.findByRole('button', { name: 'Show subcategories of Promotions and seasonal ca…' }),
    );
    expect(await screen.findByRole('link', { name: 'Ostern' })).toBeTruthy();
    await user.click(
      screen.getByRole('button', { name: 'Hide subcategories of Promotions and seasonal ca…' }),
    );
    await user.click(
      screen.getByRole('button', { name: 'Show subcategories of Promotions and seasonal ca…' }),
    );
    await screen.findByRole('link', { name: 'Ostern' });

    setPreference('country', 'austria');
    expect(await screen.findByRole('link', { name: 'Melange' })).toBeTruthy();
    setPreference('country', 'germany');
    await screen.findByRole('link', { name: 'Tea' });
    await waitFor(() =>
      expect(api.calls.map((call) => call.path)).toEqual(['/api/node/1', '/api/node/13', '/api/node/123']),
    );
  });

  it('marks the open category', async () => {
    stubApi({ 'GET /api/node/1': germany });
    renderRoutes([{ path: '/:nodeId', element: <CategoryMenu /> }], '/12');
    expect((await screen.findByRole('link', { name: 'Tea' })).getAttribute('aria-current')).toBe('page');
  });
});
