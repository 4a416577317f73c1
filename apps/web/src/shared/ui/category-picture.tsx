import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/**
 * The 4:3 picture of a category card (home page, subcategory cards): the category's picture, or its
 * icon on the cream ground while it has none. Decorative: the card's text names the category.
 * `eager` for the cards of the first screen, whose pictures decide the first paint.
 */
export function CategoryPicture({
  ticket,
  placeholder,
  eager = false,
}: {
  ticket: string | null | undefined;
  placeholder: ReactNode;
  eager?: boolean;
}) {
  const fill = { position: 'absolute', inset: 0 } as const;
  return (
    <Box sx={{ position: 'relative', aspectRatio: '4 / 3', bgcolor: 'secondary.light' }}>
      {ticket ? (
        <Box
          component="img"
          src={ticket}
          alt=""
          loading={eager ? 'eager' : 'lazy'}
          fetchPriority={eager ? 'high' : 'auto'}
          decoding="async"
          sx={{ ...fill, width: '100%', height: '100%', objectFit: 'contain' }}
        />
      ) : (
        <Box aria-hidden sx={{ ...fill, display: 'grid', placeItems: 'center', color: 'primary.main' }}>
          {placeholder}
        </Box>
      )}
    </Box>
  );
}
