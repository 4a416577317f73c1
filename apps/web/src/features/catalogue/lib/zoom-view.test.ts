import { describe, expect, it } from 'vitest';
import { actualSizeScale, clampView, FIT, panBy, wheelFactor, zoomAround, zoomBy } from './zoom-view';

const viewport = { width: 800, height: 600 };

describe('zoom view arithmetic (issue 22.6)', () => {
  it('keeps the point under the pointer in place', () => {
    const view = zoomAround(FIT, 2, { x: 200, y: 150 }, viewport, 8);
    expect(view).toEqual({ scale: 2, x: -200, y: -150 });
    // The picture point at (100, 75) of the frame is still at (200, 150) on screen.
    expect(100 * view.scale + view.x).toBe(0);
    expect(200 * 2 + view.x).toBe(200);
  });

  it('never zooms below fit or above the maximum, and never pans the picture out of sight', () => {
    expect(zoomBy(FIT, 0.5, viewport, 8)).toEqual(FIT);
    expect(zoomBy({ scale: 6, x: 0, y: 0 }, 2, viewport, 8).scale).toBe(8);
    expect(clampView({ scale: 2, x: 100, y: -5000 }, viewport, 8)).toEqual({ scale: 2, x: 0, y: -600 });
    expect(panBy(FIT, 50, 50, viewport, 8)).toEqual(FIT);
  });

  it('finds the scale where one pixel of the zoom rendition is one screen pixel', () => {
    // 4000 x 3000 shown as 3000 x 2250 at most; fitted into 800 x 600 it is 0.2 of the source.
    expect(actualSizeScale({ width: 4000, height: 3000 }, viewport)).toBeCloseTo(3.75);
    expect(actualSizeScale({ width: null, height: null }, viewport)).toBe(2);
    expect(actualSizeScale({ width: 400, height: 300 }, viewport)).toBe(1);
  });

  it('zooms in on wheel up and out on wheel down', () => {
    expect(wheelFactor(-100)).toBeGreaterThan(1);
    expect(wheelFactor(100)).toBeLessThan(1);
  });
});
