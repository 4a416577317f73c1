import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../shared/testing/stub-api';
import { currentUrl, renderApp, testUser } from '../testing/render-app';

// Lazy pages load through dynamic imports, which are slow when the whole suite runs in parallel.
vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => {
  vi.stubGlobal('scrollTo', vi.fn());
  // Everything else the shell asks for answers 404, which the header treats as "nothing to show".
  stubApi({
    'GET /api/admin/registrations': { body: { registrations: [], total: 2 } },
    'GET /api/admin/removal-requests': { body: { requests: [], total: 1 } },
    'GET /api/admin/jobs': { body: { jobs: [], total: 3, lanes: [] } },
  });
});

afterEach(() => vi.unstubAllGlobals());

describe('administration guard (issue 6)', () => {
  it('sends a guest to /login, remembering the admin page', async () => {
    const { router } = renderApp('/admin/users');
    await waitFor(() => expect(currentUrl(router)).toBe('/login?from=%2Fadmin%2Fusers'));
  });

  it.each([testUser(), testUser({ jde: true })])(
    'sends a user who is not a super user home',
    async (user) => {
      const { router } = renderApp('/admin/registrations', { user });
      expect(await screen.findByRole('heading', { name: 'Welcome, Anna!' })).toBeTruthy();
      expect(router.state.location.pathname).toBe('/');
    },
  );

  it('opens /admin on the registrations, with the counts on their tabs', async () => {
    const { router } = renderApp('/admin', { user: testUser({ isSuperUser: true }) });
    expect(await screen.findByRole('heading', { name: 'Administration' })).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/registrations'));
    await waitFor(() =>
      expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
        'Registrations2',
        'Users',
        'Removal requests1',
        'Catalogue',
        'Shared links',
        'Takedowns',
        'Presets',
        'Background jobs3',
        'Log',
        'Insights',
      ]),
    );
    await waitFor(() =>
      expect(screen.getByRole('tab', { selected: true }).textContent).toBe('Registrations2'),
    );
    await waitFor(() => expect(document.title).toBe('Mediabox – Administration'));
  });

  it.each(['/admin/links', '/admin/takedowns', '/admin/presets'])(
    'keeps %s from a user who is not a super user',
    async (url) => {
      const { router } = renderApp(url, { user: testUser() });
      expect(await screen.findByRole('heading', { name: 'Welcome, Anna!' })).toBeTruthy();
      expect(router.state.location.pathname).toBe('/');
    },
  );

  it.each([
    ['/admin/links', 'Shared links', 'table', 'Shared links'],
    ['/admin/takedowns', 'Takedowns', 'button', 'Notify now'],
    ['/admin/presets', 'Presets', 'table', 'Conversion presets'],
  ] as const)('opens %s under its tab', async (url, tab, role, name) => {
    stubApi({
      'GET /api/admin/links': { body: { links: [], total: 0 } },
      'GET /api/admin/takedowns': { body: { changes: [], pendingPeople: 0 } },
      'GET /api/admin/presets': { body: { presets: [] } },
    });
    renderApp(url, { user: testUser({ isSuperUser: true }) });
    expect(await screen.findByRole(role, { name })).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('tab', { selected: true }).textContent).toBe(tab));
  });

  it('opens the insights at /admin/insights, keeping the range of the link', async () => {
    const { router } = renderApp('/admin/insights?from=2026-01-01&to=2026-01-31', {
      user: testUser({ isSuperUser: true }),
    });
    // The stubbed API has no insights route: its 404 shows inside the tab, under the right tab.
    await waitFor(() => expect(screen.getByRole('tab', { selected: true }).textContent).toBe('Insights'));
    expect((await screen.findByLabelText('From')) as HTMLInputElement).toHaveProperty('value', '2026-01-01');
    expect(router.state.location.search).toBe('?from=2026-01-01&to=2026-01-31');
  });
});

describe('administration menu entry', () => {
  it('is in the profile menu of super users, linking to /admin', async () => {
    const user = userEvent.setup();
    renderApp('/', { user: testUser({ isSuperUser: true }) });
    await user.click(await screen.findByRole('button', { name: 'Profile menu' }));
    // The open menu's code arrives with the click.
    expect((await screen.findByRole('menuitem', { name: 'Administration' })).getAttribute('href')).toBe(
      '/admin',
    );
  });

  it('is missing for everybody else', async () => {
    const user = userEvent.setup();
    renderApp('/', { user: testUser({ jde: true }) });
    await user.click(await screen.findByRole('button', { name: 'Profile menu' }));
    expect(await screen.findByRole('menuitem', { name: 'Log out' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Administration' })).toBeNull();
  });
});
