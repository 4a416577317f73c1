import Alert, { type AlertColor } from '@mui/material/Alert';
import Snackbar, { type SnackbarCloseReason } from '@mui/material/Snackbar';
import { SNACKBAR_AUTO_HIDE_MS } from '@mediabox/contract';

interface SnackbarMessageProps {
  open: boolean;
  text: string;
  severity: AlertColor;
  onClose: (event?: unknown, reason?: SnackbarCloseReason) => void;
}

/** The message at the bottom of the page; hides itself after 6 s (spec 8, 9). */
export default function SnackbarMessage({ open, text, severity, onClose }: SnackbarMessageProps) {
  return (
    <Snackbar
      open={open}
      autoHideDuration={SNACKBAR_AUTO_HIDE_MS}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      <Alert onClose={onClose} severity={severity} variant="filled" sx={{ width: '100%' }}>
        {text}
      </Alert>
    </Snackbar>
  );
}
