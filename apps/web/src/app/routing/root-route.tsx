import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigate, useNavigation } from 'react-router';
import { setApiNavigator } from '../../shared/api/client';
import { useConsentSync } from '../../shared/consent';
import { useTracking } from '../../shared/tracking';
import { deferredComponent } from '../../shared/ui/deferred-component';
import { ConsentBar } from '../layout/consent-bar';
import { applyCountryQuery } from './route-loaders';

// The first page is shown by the hydrate fallback; the bar is for later navigations, so its code can follow.
const useNavigationProgress = deferredComponent(() => import('./navigation-progress'));

/** Top of the route tree: wiring that every page needs, whatever its layout. */
export function RootRoute() {
  const navigate = useNavigate();
  const navigation = useNavigation();
  const { search } = useLocation();
  const loading = navigation.state === 'loading';
  const NavigationProgress = useNavigationProgress(loading);

  // The API client sends the user to /login on 401/403 (spec 8) through the router, not a reload.
  useEffect(() => {
    setApiNavigator((path) => void navigate(path));
  }, [navigate]);

  useEffect(() => applyCountryQuery(search), [search]);
  // After the country query: a page view records the country it applied.
  useTracking();
  useConsentSync();

  return (
    <>
      {/* Lazy pages load before a navigation commits; this bar shows that something is happening. */}
      {loading && NavigationProgress && <NavigationProgress />}
      <Outlet />
      <ConsentBar />
      <ScrollRestoration />
    </>
  );
}
