import { useLayoutEffect, useState, type RefObject } from 'react';

/**
 * Whether an element's content is larger than the element, so that it scrolls. Watched with a
 * ResizeObserver on the element and its content: rows that load later or a narrower window count.
 */
export function useScrolls(ref: RefObject<HTMLElement | null>): boolean {
  const [scrolls, setScrolls] = useState(false);
  useLayoutEffect(() => {
    const element = ref.current;
    // jsdom (unit tests) has no layout and no ResizeObserver: nothing scrolls there.
    if (!element || typeof ResizeObserver === 'undefined') return;
    const measure = () =>
      setScrolls(element.scrollWidth > element.clientWidth || element.scrollHeight > element.clientHeight);
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    for (const child of Array.from(element.children)) observer.observe(child);
    measure();
    return () => observer.disconnect();
  }, [ref]);
  return scrolls;
}
