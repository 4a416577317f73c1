import type { TrackRequest } from '@mediabox/contract';
import { act, render } from '@testing-library/react';
import { StrictMode } from 'react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveConsent } from '../consent';
import { i18n } from '../i18n';
import { setPreference } from '../preferences';
import { stubApi } from '../testing/stub-api';
import { tracker } from './tracking-queue';
import { useTracking } from './use-tracking';

function Root() {
  useTracking();
  return <Outlet />;
}

function renderRouter(url: string) {
  const router = createMemoryRouter([{ element: <Root />, children: [{ path: '*', element: null }] }], {
    initialEntries: [url],
  });
  render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
  return router;
}

const sentEvents = (api: ReturnType<typeof stubApi>) =>
  api.callsTo('POST', '/api/track').flatMap((call) => (call.body as TrackRequest).events);

afterEach(async () => {
  tracker.clear();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('page views', () => {
  it('records each route change once, as its path with the current country and language', async () => {
    saveConsent(true);
    setPreference('country', 'switzerland');
    const api = stubApi({ 'POST /api/track': { status: 204 } });
    const router = renderRouter('/asset/42?c=ch#files');

    // The same page with another query (a filter, a country) is no new view.
    await act(() => router.navigate('/asset/42?view=list'));
    await act(() => i18n.changeLanguage('fr'));
    await act(() => router.navigate('/search/kaffee+bohnen'));
    await act(() => router.navigate('/download/Qm9udXM.zip'));
    tracker.flush();

    expect(sentEvents(api)).toEqual([
      { type: 'pageView', path: '/asset/42', country: 'ch', lang: 'en' },
      { type: 'pageView', path: '/search', country: 'ch', lang: 'fr' },
      { type: 'pageView', path: '/download', country: 'ch', lang: 'fr' },
    ]);
  });

  it('sends nothing without consent', async () => {
    const api = stubApi({ 'POST /api/track': { status: 204 } });
    const router = renderRouter('/');
    await act(() => router.navigate('/cart'));
    tracker.flush();
    expect(api.calls).toEqual([]);
  });
});
