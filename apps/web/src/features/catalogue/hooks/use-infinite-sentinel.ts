import { INFINITE_SCROLL_THRESHOLD_PX } from '@mediabox/contract';
import { useEffect, useRef } from 'react';

interface Options {
  /** Whether another page exists and none is being fetched. */
  canLoad: boolean;
  onLoad: () => void;
  /** Changes after every page, so a sentinel that is still near the viewport asks again. */
  loadedCount: number;
}

/**
 * Spec 2.4: more results load when the page end is within 1000 px. A sentinel element after the
 * results is watched with that root margin. An IntersectionObserver only reports changes, so it is
 * created anew after each page: its first report then says whether the end is still close.
 */
export function useInfiniteSentinel<T extends HTMLElement>({ canLoad, onLoad, loadedCount }: Options) {
  const ref = useRef<T | null>(null);
  const load = useRef(onLoad);
  load.current = onLoad;

  useEffect(() => {
    const element = ref.current;
    if (!element || !canLoad || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) load.current();
      },
      { rootMargin: `0px 0px ${INFINITE_SCROLL_THRESHOLD_PX}px 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [canLoad, loadedCount]);

  return ref;
}
