import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { BundleProgress } from '@mediabox/contract';
import { useTranslation } from 'react-i18next';
import type { CartDownloadStatus } from '../hooks/use-cart-files';
import { MakingProgress } from './making-progress';

/**
 * Tells that a cart download is on its way (issue 19.13): preparing a large bundle takes a moment,
 * and nothing else on the page changes. The live region is always there, so a screen reader
 * announces each new text. While converted files are made (issue 21.4) it shows how many of all
 * are done, with a bar that fills as they are.
 */
export function DownloadStatus({
  status,
  progress = null,
}: {
  status: CartDownloadStatus;
  progress?: BundleProgress | null;
}) {
  const { t } = useTranslation();
  const making = status === 'preparing' && progress !== null && !progress.ready;
  return (
    <Stack
      role="status"
      direction="row"
      spacing={1}
      sx={{ alignItems: 'center', minHeight: 24, ...(making && { flex: '1 1 200px', maxWidth: 360 }) }}
    >
      {making && <MakingProgress progress={progress} sx={{ flex: 1, minWidth: 0 }} />}
      {!making && status === 'preparing' && <CircularProgress size={16} aria-hidden />}
      {!making && status !== 'idle' && (
        <Typography variant="body2" color="text.secondary">
          {t(status === 'preparing' ? 'cart.download.preparing' : 'cart.download.started')}
        </Typography>
      )}
    </Stack>
  );
}
