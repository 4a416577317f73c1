import { startTransition, useLayoutEffect, useRef, useState, type RefObject } from 'react';

export interface RowWindow {
  /** First and one-past-last row to render. */
  start: number;
  end: number;
  /** Space standing in for the rows above and below the window. */
  padTop: number;
  padBottom: number;
}

interface Options {
  rowCount: number;
  /** Fixed height of one row in px, gaps included: row math needs no measuring of rendered rows. */
  rowHeight: number;
  /** Rows rendered beyond the viewport on each side, so fast scrolling shows no blank rows. */
  overscan?: number;
}

/**
 * Windowing over the page's own scroll (the layout scrolls the window, not an inner box): only the
 * rows that intersect the viewport, plus `overscan`, are rendered. A grid of thousands of results
 * then keeps a few dozen cards in the DOM. Recomputed on scroll and resize, at most once per frame.
 * A move of the window is a transition: mounting a screenful of new cards (MUI buttons, tooltips,
 * checkboxes) is rendered in slices that leave the browser free to scroll and paint, instead of one
 * task of hundreds of ms on a slow machine while Page Down is held (issue 22.1); the overscan rows
 * cover the frames until it commits.
 */
export function useWindowedRows(
  containerRef: RefObject<HTMLElement | null>,
  { rowCount, rowHeight, overscan = 4 }: Options,
): RowWindow {
  const [range, setRange] = useState<{ start: number; end: number }>(() => ({
    start: 0,
    end: Math.min(rowCount, Math.ceil(window.innerHeight / Math.max(rowHeight, 1)) + overscan),
  }));

  /** The geometry the window was last computed for. */
  const computedFor = useRef<{ rowCount: number; rowHeight: number } | null>(null);

  useLayoutEffect(() => {
    let frame = 0;
    const update = (urgent: boolean) => {
      frame = 0;
      const element = containerRef.current;
      if (!element || rowHeight <= 0) return;
      // Distance from the container's top to the viewport's top and bottom, in container coordinates.
      const top = -element.getBoundingClientRect().top;
      const bottom = top + window.innerHeight;
      const start = Math.max(0, Math.floor(top / rowHeight) - overscan);
      const end = Math.min(rowCount, Math.max(start, Math.ceil(bottom / rowHeight) + overscan));
      const set = () => setRange((old) => (old.start === start && old.end === end ? old : { start, end }));
      if (urgent) set();
      else startTransition(set);
    };
    const schedule = () => {
      if (!frame) frame = window.requestAnimationFrame(() => update(false));
    };
    // The first window, and the one for a new row height or fewer rows, is rendered at once. More
    // rows (a page loaded below) leave the rendered rows right, so catching up with the scroll
    // position waits like a scroll: done at once, it mounted a screenful of cards in the page's render.
    const last = computedFor.current;
    update(!last || last.rowHeight !== rowHeight || rowCount < last.rowCount);
    computedFor.current = { rowCount, rowHeight };
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    return () => {
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      if (frame) window.cancelAnimationFrame(frame);
    };
  }, [containerRef, rowCount, rowHeight, overscan]);

  const start = Math.min(range.start, rowCount);
  const end = Math.min(Math.max(range.end, start), rowCount);
  return { start, end, padTop: start * rowHeight, padBottom: (rowCount - end) * rowHeight };
}
