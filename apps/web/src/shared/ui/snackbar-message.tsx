import CloseIcon from '@mui/icons-material/Close';
import Alert, { type AlertColor } from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Snackbar, { type SnackbarCloseReason } from '@mui/material/Snackbar';
import { SNACKBAR_AUTO_HIDE_MS } from '@mediabox/contract';
import { useTranslation } from 'react-i18next';

interface SnackbarMessageProps {
  open: boolean;
  text: string;
  severity: AlertColor;
  onClose: (event?: unknown, reason?: SnackbarCloseReason) => void;
  /** An optional button next to the text, already translated. */
  action?: { label: string; run: () => void };
}

/** The message at the bottom of the page; hides itself after 6 s (spec 8, 9). */
export default function SnackbarMessage({ open, text, severity, onClose, action }: SnackbarMessageProps) {
  const { t } = useTranslation();
  return (
    <Snackbar
      open={open}
      autoHideDuration={SNACKBAR_AUTO_HIDE_MS}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      <Alert
        onClose={onClose}
        closeText={t('common.close')}
        severity={severity}
        variant="filled"
        sx={{ width: '100%', alignItems: 'center' }}
        // Alert's own close button disappears once an action is given, so the action brings one along.
        action={
          action && (
            <>
              <Button color="inherit" size="small" onClick={action.run} sx={{ fontWeight: 600 }}>
                {action.label}
              </Button>
              <IconButton color="inherit" size="small" aria-label={t('common.close')} onClick={onClose}>
                <CloseIcon fontSize="small" />
              </IconButton>
            </>
          )
        }
      >
        {text}
      </Alert>
    </Snackbar>
  );
}
