/**
 * The asset page's zoom (issue 22.6) as plain arithmetic: the picture's frame is shown with
 * `translate(x, y) scale(scale)` from its top-left corner. Scale 1 is "fit" (the whole picture, as
 * the preview first paints); x and y are kept so that the frame always covers the viewport: no
 * dragging the picture out of sight.
 */
export interface ZoomView {
  scale: number;
  x: number;
  y: number;
}

export interface Viewport {
  width: number;
  height: number;
}

export const FIT: ZoomView = { scale: 1, x: 0, y: 0 };

/** One button press or key: 1.5 times, three presses from fit are 3.4x. */
export const ZOOM_STEP = 1.5;

/** Pans by a tenth of the viewport per arrow key. */
export const PAN_FRACTION = 0.1;

/**
 * The scale at which one pixel of the zoom rendition (at most 3000 px long, see the server's
 * zoom-rendition.ts) is one CSS pixel: "100 %". Unknown sizes (or an empty viewport) give 2.
 */
export function actualSizeScale(
  picture: { width: number | null; height: number | null },
  viewport: Viewport,
  zoomEdge = 3000,
): number {
  const { width, height } = picture;
  if (!width || !height || viewport.width <= 0 || viewport.height <= 0) return 2;
  const shrink = Math.min(1, zoomEdge / Math.max(width, height));
  const fitted = Math.min(viewport.width / width, viewport.height / height);
  return Math.max(1, 1 / (fitted / shrink));
}

/** Never smaller than fit; up to twice "100 %" (or 4x for small pictures) to see single pixels. */
export function maxScale(actual: number): number {
  return Math.max(4, actual * 2);
}

export function clampView(view: ZoomView, viewport: Viewport, max: number): ZoomView {
  const scale = Math.min(max, Math.max(1, view.scale));
  const clampAxis = (offset: number, size: number) => Math.min(0, Math.max(size - size * scale, offset));
  return { scale, x: clampAxis(view.x, viewport.width), y: clampAxis(view.y, viewport.height) };
}

/** Zooms to `scale` keeping the point under `at` (viewport coordinates) where it is: wheel, pinch. */
export function zoomAround(
  view: ZoomView,
  scale: number,
  at: { x: number; y: number },
  viewport: Viewport,
  max: number,
): ZoomView {
  const next = Math.min(max, Math.max(1, scale));
  const ratio = next / view.scale;
  return clampView(
    { scale: next, x: at.x - (at.x - view.x) * ratio, y: at.y - (at.y - view.y) * ratio },
    viewport,
    max,
  );
}

/** Buttons and keys zoom around the viewport's centre. */
export function zoomBy(view: ZoomView, factor: number, viewport: Viewport, max: number): ZoomView {
  return zoomAround(
    view,
    view.scale * factor,
    { x: viewport.width / 2, y: viewport.height / 2 },
    viewport,
    max,
  );
}

export function panBy(view: ZoomView, dx: number, dy: number, viewport: Viewport, max: number): ZoomView {
  return clampView({ ...view, x: view.x + dx, y: view.y + dy }, viewport, max);
}

/** A wheel notch (deltaY ±100 in most browsers) zooms by about 1.2; trackpads send smaller deltas. */
export function wheelFactor(deltaY: number): number {
  return Math.exp(-deltaY / 550);
}
