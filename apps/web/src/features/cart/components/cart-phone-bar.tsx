import CloudDownloadOutlinedIcon from '@mui/icons-material/CloudDownloadOutlined';
import ListAltOutlinedIcon from '@mui/icons-material/ListAltOutlined';
import SendOutlinedIcon from '@mui/icons-material/SendOutlined';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { BundleProgress } from '@mediabox/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CartDownloadStatus } from '../hooks/use-cart-files';
import type { CartTotals } from '../lib/cart-totals';
import { cartActionState, type CartActionRules } from './cart-actions-bar';
import { CartTotalsText } from './cart-totals-text';
import { DownloadStatus } from './download-status';

interface CartPhoneBarProps extends CartActionRules {
  totals: CartTotals;
  downloadStatus: CartDownloadStatus;
  /** While a download's converted files are made (issue 21.4). */
  downloadProgress?: BundleProgress | null;
  onDownload: () => void;
  onList: () => void;
  onSend: () => void;
}

/**
 * The phone's cart actions (issue 19.1): a bar stuck to the bottom of the screen, so download,
 * list and send stay in reach below a long list of cards. Same rules as the desktop buttons; a
 * touch screen shows no tooltip, so the reason a button is off is written out.
 */
export function CartPhoneBar({
  totals,
  downloadStatus,
  downloadProgress = null,
  onDownload,
  onList,
  onSend,
  ...rules
}: CartPhoneBarProps) {
  const { t } = useTranslation();
  const state = cartActionState(rules);
  const reason = state.download.reason;

  const action = (key: 'download' | 'list' | 'send', icon: ReactNode, onClick: () => void) => (
    <Button
      key={key}
      variant={key === 'download' ? 'contained' : 'outlined'}
      size="small"
      disabled={state[key].disabled}
      onClick={onClick}
      // Icon above the label and sentence case ("HERUNTERLADEN" is wider than a third of the
      // bar): three buttons side by side fit 390 px in every language.
      sx={{
        flex: 1,
        minWidth: 0,
        flexDirection: 'column',
        gap: 0.25,
        px: 0.5,
        fontSize: '0.8125rem',
        textTransform: 'none',
      }}
    >
      {icon}
      {t(`cart.actions.${key}`)}
    </Button>
  );

  return (
    <Paper
      component="section"
      aria-label={t('cart.actions.label')}
      elevation={8}
      sx={{
        position: 'sticky',
        bottom: 0,
        // Above the cards, below dialogs and snackbars.
        zIndex: (theme) => theme.zIndex.appBar - 1,
        p: 1.5,
      }}
    >
      <Stack
        direction="row"
        useFlexGap
        spacing={1}
        // The longer status texts (French) go below the totals rather than past the screen's edge.
        sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', mb: 1 }}
      >
        <CartTotalsText totals={totals} sx={{ fontWeight: 600 }} />
        <DownloadStatus status={downloadStatus} progress={downloadProgress} />
      </Stack>
      <Stack direction="row" spacing={1}>
        {action('download', <CloudDownloadOutlinedIcon fontSize="small" />, onDownload)}
        {action('list', <ListAltOutlinedIcon fontSize="small" />, onList)}
        {action('send', <SendOutlinedIcon fontSize="small" />, onSend)}
      </Stack>
      {reason && (
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
          {t(reason)}
        </Typography>
      )}
    </Paper>
  );
}
