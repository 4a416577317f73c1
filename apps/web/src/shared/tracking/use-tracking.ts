import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { trackPageView } from './track-events';
import { tracker } from './tracking-queue';

/**
 * Runs the tracking queue for the app's lifetime and reports a page view for every route change.
 * Only the path counts as a change: a filter or country in the query string is the same page.
 */
export function useTracking(): void {
  const { pathname } = useLocation();
  const tracked = useRef<string | null>(null);

  useEffect(() => tracker.start(), []);

  useEffect(() => {
    // Strict mode runs effects twice; one view per path change.
    if (tracked.current === pathname) return;
    tracked.current = pathname;
    trackPageView(pathname);
  }, [pathname]);
}
