import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { CartDownloadStatus } from '../hooks/use-cart-files';

/**
 * Tells that a cart download is on its way (issue 19.13): preparing a large bundle takes a moment,
 * and nothing else on the page changes. The live region is always there, so a screen reader
 * announces each new text.
 */
export function DownloadStatus({ status }: { status: CartDownloadStatus }) {
  const { t } = useTranslation();
  return (
    <Stack role="status" direction="row" spacing={1} sx={{ alignItems: 'center', minHeight: 24 }}>
      {status === 'preparing' && <CircularProgress size={16} aria-hidden />}
      {status !== 'idle' && (
        <Typography variant="body2" color="text.secondary">
          {t(status === 'preparing' ? 'cart.download.preparing' : 'cart.download.started')}
        </Typography>
      )}
    </Stack>
  );
}
