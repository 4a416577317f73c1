import LinearProgress from '@mui/material/LinearProgress';
import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigate, useNavigation } from 'react-router';
import { setApiNavigator } from '../../shared/api/client';
import { useConsentSync } from '../../shared/consent';
import { useTracking } from '../../shared/tracking';
import { ConsentBar } from '../layout/consent-bar';
import { applyCountryQuery } from './route-loaders';

/** Top of the route tree: wiring that every page needs, whatever its layout. */
export function RootRoute() {
  const navigate = useNavigate();
  const navigation = useNavigation();
  const { search } = useLocation();

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
      {navigation.state === 'loading' && (
        <LinearProgress
          color="secondary"
          sx={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: (theme) => theme.zIndex.appBar + 2 }}
        />
      )}
      <Outlet />
      <ConsentBar />
      <ScrollRestoration />
    </>
  );
}
