import ImageOutlinedIcon from '@mui/icons-material/ImageOutlined';
import Box from '@mui/material/Box';
import { PREVIEW_RETRIES } from '@mediabox/contract';
import { useEffect, useState } from 'react';
import { retryDelayMs, withRetryParam } from './retry-url';

interface RetryingImageProps {
  /** A ticket URL, or null while the thumbnail is still being made. */
  src: string | null;
  alt: string;
  /**
   * Loaded at once and ahead of other requests: the page's main content (the asset page's large
   * preview) or the first screenful of a grid, which decide the first paint. Lazy otherwise.
   */
  eager?: boolean;
}

/**
 * An image that fills its (fixed aspect) parent and retries while the server still answers 404
 * (spec 7.4 / 9: up to 15 retries), with backoff and a cache-busting parameter. Without a URL, or
 * after the last retry, a neutral placeholder keeps the layout steady.
 */
export function RetryingImage({ src, alt, eager = false }: RetryingImageProps) {
  const [state, setState] = useState({ src, attempt: 0, waiting: false, failed: false });
  // A new URL (another asset, a refreshed ticket) starts over.
  if (state.src !== src) setState({ src, attempt: 0, waiting: false, failed: false });

  useEffect(() => {
    if (!state.waiting) return;
    const timer = window.setTimeout(
      () => setState((old) => ({ ...old, attempt: old.attempt + 1, waiting: false })),
      retryDelayMs(state.attempt + 1),
    );
    return () => window.clearTimeout(timer);
  }, [state.waiting, state.attempt]);

  const onError = () =>
    setState((old) =>
      old.attempt >= PREVIEW_RETRIES ? { ...old, failed: true } : { ...old, waiting: true },
    );

  const fill = { position: 'absolute', inset: 0, width: '100%', height: '100%' } as const;
  if (!src || state.failed) {
    // A decorative picture (empty alt, its name is written beside it) leaves a decorative
    // placeholder: role="img" without a name is an error for screen readers (axe role-img-alt).
    const named = alt === '' ? { 'aria-hidden': true } : { role: 'img', 'aria-label': alt };
    return (
      <Box
        {...named}
        sx={{ ...fill, display: 'grid', placeItems: 'center', color: 'text.disabled', bgcolor: 'grey.100' }}
      >
        <ImageOutlinedIcon fontSize="large" aria-hidden />
      </Box>
    );
  }
  return (
    <Box
      component="img"
      src={withRetryParam(src, state.attempt)}
      alt={alt}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : 'auto'}
      decoding="async"
      onError={onError}
      sx={{ ...fill, objectFit: 'contain', opacity: state.waiting ? 0 : 1 }}
    />
  );
}
