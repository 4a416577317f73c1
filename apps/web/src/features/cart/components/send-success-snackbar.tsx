import Alert from '@mui/material/Alert';
import Snackbar, { type SnackbarCloseReason } from '@mui/material/Snackbar';
import { SNACKBAR_AUTO_HIDE_MS } from '@mediabox/contract';
import { useTranslation } from 'react-i18next';

/**
 * Spec 8 "Send success: 'cart.sendForm.successTitle'". Its own snackbar rather than the app's, because
 * its closing resets the send state (spec 4), which the shared one does not report.
 */
export function SendSuccessSnackbar({
  open,
  recipients,
  onClose,
}: {
  open: boolean;
  /** How many recipients got their own link (issue 20.2). */
  recipients: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const close = (_event?: unknown, reason?: SnackbarCloseReason) => {
    if (reason !== 'clickaway') onClose();
  };
  return (
    <Snackbar
      open={open}
      autoHideDuration={SNACKBAR_AUTO_HIDE_MS}
      onClose={close}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      <Alert onClose={close} severity="success" variant="filled" sx={{ width: '100%' }}>
        <div>{t('cart.sendForm.successTitle')}</div>
        {recipients > 0 && <div>{t('cart.sendForm.sentLinks', { count: recipients })}</div>}
      </Alert>
    </Snackbar>
  );
}
