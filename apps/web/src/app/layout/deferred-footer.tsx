import { deferredComponent } from '../../shared/ui/deferred-component';

const useFooter = deferredComponent<object>(() =>
  import('./footer').then(({ Footer }) => ({ default: Footer })),
);

/**
 * The footer, fetched right after the first render rather than with the first download: it sits
 * below the content, so no first paint waits for it, and its language switch and links keep the
 * first download within its budget (issue 7's 200 kB).
 */
export function DeferredFooter() {
  const Footer = useFooter(true);
  return Footer ? <Footer /> : null;
}
