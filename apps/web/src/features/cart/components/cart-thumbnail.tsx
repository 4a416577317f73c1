import Box from '@mui/material/Box';
import { RetryingImage } from '../../../shared/ui/retrying-image';

/** A cart item's thumbnail, square. Decorative: the item's name stands next to it. */
export function CartThumbnail({
  src,
  size,
  eager = false,
}: {
  src: string | null;
  size: number;
  eager?: boolean;
}) {
  return (
    <Box
      sx={{
        position: 'relative',
        width: size,
        height: size,
        flexShrink: 0,
        borderRadius: 1,
        overflow: 'hidden',
        bgcolor: 'grey.50',
      }}
    >
      <RetryingImage src={src} alt="" eager={eager} />
    </Box>
  );
}
