import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

interface CompleteOrderDialogProps {
  open: boolean;
  /** The order's notify flag: what the checkbox starts with. */
  notify: boolean;
  pending: boolean;
  error: string | null;
  onComplete: (notify: boolean) => void;
  onCancel: () => void;
}

/** "Abschließen": completing is where spec 4's notify option belongs (mail to creator and vertretung). */
export function CompleteOrderDialog({
  open,
  notify: initialNotify,
  pending,
  error,
  onComplete,
  onCancel,
}: CompleteOrderDialogProps) {
  const { t } = useTranslation();
  const [notify, setNotify] = useState(initialNotify);
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby="order-complete-title" maxWidth="xs" fullWidth>
      <DialogTitle id="order-complete-title">{t('orders.actions.completeTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('orders.actions.completeText')}</DialogContentText>
        <FormControlLabel
          sx={{ mt: 1 }}
          control={<Checkbox checked={notify} onChange={(event) => setNotify(event.target.checked)} />}
          label={t('orderForm.notify')}
        />
        <FormHelperText sx={{ mt: 0 }}>{t('orderForm.notifyHint')}</FormHelperText>
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {t(error)}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onCancel}>{t('orders.actions.cancel')}</Button>
        <Button variant="contained" onClick={() => onComplete(notify)} disabled={pending}>
          {t('orders.actions.complete')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
