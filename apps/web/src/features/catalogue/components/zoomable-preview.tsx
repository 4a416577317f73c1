import AddIcon from '@mui/icons-material/Add';
import FitScreenIcon from '@mui/icons-material/FitScreen';
import RemoveIcon from '@mui/icons-material/Remove';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { PREVIEW_RETRIES } from '@mediabox/contract';
import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { RetryingImage } from '../../../shared/ui/retrying-image';
import { retryDelayMs, withRetryParam } from '../../../shared/ui/retry-url';
import {
  actualSizeScale,
  FIT,
  maxScale,
  PAN_FRACTION,
  panBy,
  wheelFactor,
  zoomAround,
  zoomBy,
  ZOOM_STEP,
  type Viewport,
  type ZoomView,
} from '../lib/zoom-view';

interface ZoomablePreviewProps {
  /** The preview: the first paint, loaded at once. */
  previewSrc: string | null;
  /** The zoom rendition (asset.zoomPreview): fetched only once the user zooms in. */
  zoomSrc: string | null;
  alt: string;
  /** The original's pixel size, for "100 %". */
  pixelWidth: number | null;
  pixelHeight: number | null;
}

/**
 * The asset page's picture with zoom (issue 22.6): wheel and pinch zoom around the pointer, drag
 * pans, double-click toggles fit and 100 %, buttons and keys (+, −, 0, arrows) do the same. CSS
 * transforms and pointer events only, no library. The preview stays the first paint (LCP); the large
 * zoom rendition is requested at the first zoom and laid over the preview once it has loaded.
 */
export function ZoomablePreview({ previewSrc, zoomSrc, alt, pixelWidth, pixelHeight }: ZoomablePreviewProps) {
  const { t } = useTranslation();
  const viewportRef = useRef<HTMLDivElement>(null);
  const [view, setView] = useState<ZoomView>(FIT);
  const [zoomed, setZoomed] = useState(false);
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const pinchDistance = useRef<number | null>(null);

  const measure = (): Viewport => {
    const rect = viewportRef.current?.getBoundingClientRect();
    return { width: rect?.width ?? 0, height: rect?.height ?? 0 };
  };
  const limits = () => {
    const viewport = measure();
    const actual = actualSizeScale({ width: pixelWidth, height: pixelHeight }, viewport);
    return { viewport, actual, max: maxScale(actual) };
  };
  const apply = (next: (current: ZoomView, viewport: Viewport, max: number) => ZoomView) => {
    const { viewport, max } = limits();
    setView((current) => next(current, viewport, max));
  };
  const pointIn = (clientX: number, clientY: number) => {
    const rect = viewportRef.current?.getBoundingClientRect();
    return { x: clientX - (rect?.left ?? 0), y: clientY - (rect?.top ?? 0) };
  };

  // React's wheel listener is passive: the page would scroll as well. A native one may prevent it.
  useEffect(() => {
    const element = viewportRef.current;
    if (!element) return;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const at = pointIn(event.clientX, event.clientY);
      apply((current, viewport, max) =>
        zoomAround(current, current.scale * wheelFactor(event.deltaY), at, viewport, max),
      );
    };
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => element.removeEventListener('wheel', onWheel);
  });

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    event.currentTarget.setPointerCapture?.(event.pointerId);
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    pinchDistance.current = null;
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const previous = pointers.current.get(event.pointerId);
    if (!previous) return;
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    const [a, b] = [...pointers.current.values()];
    if (a && b) {
      // Two fingers: the change of their distance zooms around their midpoint.
      const distance = Math.hypot(a.x - b.x, a.y - b.y);
      const before = pinchDistance.current;
      pinchDistance.current = distance;
      if (before && distance > 0) {
        const at = pointIn((a.x + b.x) / 2, (a.y + b.y) / 2);
        apply((current, viewport, max) =>
          zoomAround(current, (current.scale * distance) / before, at, viewport, max),
        );
      }
      return;
    }
    const dx = event.clientX - previous.x;
    const dy = event.clientY - previous.y;
    apply((current, viewport, max) => panBy(current, dx, dy, viewport, max));
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    pointers.current.delete(event.pointerId);
    pinchDistance.current = null;
  };

  const onDoubleClick = (event: { clientX: number; clientY: number }) => {
    const { viewport, actual, max } = limits();
    const at = pointIn(event.clientX, event.clientY);
    setView((current) => (current.scale > 1 ? FIT : zoomAround(current, actual, at, viewport, max)));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const { viewport } = limits();
    const panX = viewport.width * PAN_FRACTION;
    const panY = viewport.height * PAN_FRACTION;
    const actions: Record<string, (current: ZoomView, port: Viewport, max: number) => ZoomView> = {
      '+': (current, port, max) => zoomBy(current, ZOOM_STEP, port, max),
      '=': (current, port, max) => zoomBy(current, ZOOM_STEP, port, max),
      '-': (current, port, max) => zoomBy(current, 1 / ZOOM_STEP, port, max),
      '0': () => FIT,
      // An arrow moves the view: the picture moves the other way.
      ArrowLeft: (current, port, max) => panBy(current, panX, 0, port, max),
      ArrowRight: (current, port, max) => panBy(current, -panX, 0, port, max),
      ArrowUp: (current, port, max) => panBy(current, 0, panY, port, max),
      ArrowDown: (current, port, max) => panBy(current, 0, -panY, port, max),
    };
    const action = actions[event.key];
    if (!action) return;
    event.preventDefault();
    apply(action);
  };

  // The first zoom asks for the large rendition; it stays loaded when the user goes back to fit.
  if (view.scale > 1 && !zoomed) setZoomed(true);
  const percent = Math.round(view.scale * 100);
  return (
    <Box>
      <Box
        ref={viewportRef}
        role="group"
        tabIndex={0}
        aria-label={t('assetZoom.viewer')}
        aria-describedby="asset-zoom-help"
        data-testid="zoom-viewport"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        onDoubleClick={onDoubleClick}
        onKeyDown={onKeyDown}
        // The browser's own image dragging would steal the pointer from panning.
        onDragStart={(event) => event.preventDefault()}
        sx={{
          position: 'absolute',
          inset: 0,
          overflow: 'hidden',
          // Pinch and drag are ours inside the picture; the page still scrolls around it.
          touchAction: 'none',
          cursor: view.scale > 1 ? 'grab' : 'zoom-in',
          '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: -3 },
        }}
      >
        <Box
          data-testid="zoom-frame"
          style={{ transform: `translate(${view.x}px, ${view.y}px) scale(${view.scale})` }}
          sx={{ position: 'absolute', inset: 0, transformOrigin: '0 0', willChange: 'transform' }}
        >
          <RetryingImage src={previewSrc} alt={alt} eager />
          {zoomed && zoomSrc && <ZoomLayer src={zoomSrc} />}
        </Box>
      </Box>
      <Paper
        elevation={2}
        sx={{ position: 'absolute', right: 8, bottom: 8, display: 'flex', alignItems: 'center', px: 0.5 }}
      >
        <IconButton
          size="small"
          aria-label={t('assetZoom.out')}
          disabled={view.scale <= 1}
          onClick={() => apply((current, port, max) => zoomBy(current, 1 / ZOOM_STEP, port, max))}
        >
          <RemoveIcon fontSize="small" />
        </IconButton>
        <Typography variant="caption" aria-live="polite" sx={{ minWidth: 44, textAlign: 'center' }}>
          {t('assetZoom.level', { percent })}
        </Typography>
        <IconButton
          size="small"
          aria-label={t('assetZoom.in')}
          onClick={() => apply((current, port, max) => zoomBy(current, ZOOM_STEP, port, max))}
        >
          <AddIcon fontSize="small" />
        </IconButton>
        <IconButton
          size="small"
          aria-label={t('assetZoom.fit')}
          disabled={view.scale <= 1}
          onClick={() => setView(FIT)}
        >
          <FitScreenIcon fontSize="small" />
        </IconButton>
      </Paper>
      <Typography id="asset-zoom-help" sx={visuallyHidden}>
        {t('assetZoom.help')}
      </Typography>
    </Box>
  );
}

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/**
 * The zoom rendition over the preview, invisible until loaded (no blank flash while it downloads).
 * It may still be being made (404 previewPending): retried like the preview, and until then the
 * preview, enlarged, is what the user sees.
 */
function ZoomLayer({ src }: { src: string }) {
  const [attempt, setAttempt] = useState(0);
  const [loaded, setLoaded] = useState(false);
  const [waiting, setWaiting] = useState(false);
  useEffect(() => {
    if (!waiting) return;
    const timer = window.setTimeout(
      () => {
        setAttempt((old) => old + 1);
        setWaiting(false);
      },
      retryDelayMs(attempt + 1),
    );
    return () => window.clearTimeout(timer);
  }, [waiting, attempt]);
  if (waiting && attempt >= PREVIEW_RETRIES) return null;
  return (
    <Box
      component="img"
      data-testid="zoom-layer"
      src={withRetryParam(src, attempt)}
      alt=""
      aria-hidden
      decoding="async"
      draggable={false}
      onLoad={() => setLoaded(true)}
      onError={() => setWaiting(true)}
      sx={{
        position: 'absolute',
        inset: 0,
        width: '100%',
        height: '100%',
        objectFit: 'contain',
        opacity: loaded && !waiting ? 1 : 0,
      }}
    />
  );
}
