import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The contract's limit for a rejection reason. */
const REASON_MAX = 1000;

interface RejectDialogProps {
  /** Who is rejected ("Anna Beispiel"); the dialog is closed when null. */
  name: string | null;
  pending: boolean;
  error: string[] | null;
  onReject: (reason: string) => void;
  onCancel: () => void;
}

/** Rejecting a registration: the reason is optional and goes into the mail to the applicant. */
export function RejectDialog({ name, pending, error, onReject, onCancel }: RejectDialogProps) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [shownFor, setShownFor] = useState(name);
  // Another applicant starts with an empty reason.
  if (shownFor !== name) {
    setShownFor(name);
    setReason('');
  }
  return (
    <Dialog open={name !== null} onClose={onCancel} aria-labelledby="reject-title" maxWidth="sm" fullWidth>
      <DialogTitle id="reject-title">{t('admin.registrations.rejectDialog.title', { name })}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t('admin.registrations.rejectDialog.text')}</DialogContentText>
        <TextField
          label={t('admin.registrations.rejectDialog.reason')}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          multiline
          minRows={3}
          fullWidth
          slotProps={{ htmlInput: { maxLength: REASON_MAX } }}
        />
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {t(error)}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onCancel}>{t('admin.actions.cancel')}</Button>
        <Button variant="contained" color="error" onClick={() => onReject(reason)} disabled={pending}>
          {t('admin.registrations.reject')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
