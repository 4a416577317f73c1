import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useWindowedRows } from './use-windowed-rows';

/** A container scrolled `scrolled` px past the viewport's top. */
function container(scrolled: { px: number }) {
  const element = document.createElement('div');
  vi.spyOn(element, 'getBoundingClientRect').mockImplementation(() => ({ top: -scrolled.px }) as DOMRect);
  return { current: element };
}

describe('useWindowedRows', () => {
  beforeEach(() => {
    vi.spyOn(window, 'innerHeight', 'get').mockReturnValue(1000);
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
      callback(0);
      return 1;
    });
  });
  afterEach(() => vi.restoreAllMocks());

  it('follows the scroll position (the move is a transition, it still arrives)', () => {
    const scrolled = { px: 0 };
    const ref = container(scrolled);
    const { result } = renderHook(() =>
      useWindowedRows(ref, { rowCount: 1000, rowHeight: 100, overscan: 2 }),
    );
    expect(result.current).toMatchObject({ start: 0, end: 12, padTop: 0 });
    scrolled.px = 50_000;
    act(() => void window.dispatchEvent(new Event('scroll')));
    expect(result.current).toMatchObject({ start: 498, end: 512, padTop: 49_800, padBottom: 48_800 });
  });

  it('catches up with the scroll position when more rows load, and at once for a new row height', () => {
    const scrolled = { px: 5_000 };
    const ref = container(scrolled);
    const { result, rerender } = renderHook(
      ({ rowCount, rowHeight }) => useWindowedRows(ref, { rowCount, rowHeight, overscan: 2 }),
      { initialProps: { rowCount: 40, rowHeight: 100 } },
    );
    // Only 40 rows: the window ends with them.
    expect(result.current).toMatchObject({ start: 40, end: 40 });
    act(() => rerender({ rowCount: 200, rowHeight: 100 }));
    expect(result.current).toMatchObject({ start: 48, end: 62 });
    rerender({ rowCount: 200, rowHeight: 200 });
    expect(result.current).toMatchObject({ start: 23, end: 32 });
  });
});
