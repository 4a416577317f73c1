import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

interface CorrectionDialogProps {
  open: boolean;
  pending: boolean;
  /** Translation key of a failed request, if any. */
  error: string | null;
  onSend: (comment: string) => void;
  onCancel: () => void;
}

/**
 * "Korrektur anfordern": a rejection always says what to correct (spec 4), so the text is required.
 * Mounted only while open, so each request starts with an empty text.
 */
export function CorrectionDialog({ open, pending, error, onSend, onCancel }: CorrectionDialogProps) {
  const { t } = useTranslation();
  const [comment, setComment] = useState('');
  const missing = comment.trim() === '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!missing && !pending) onSend(comment.trim());
  };

  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby="order-correction-title" maxWidth="sm" fullWidth>
      <form onSubmit={submit} noValidate>
        <DialogTitle id="order-correction-title">{t('orders.actions.correctionTitle')}</DialogTitle>
        <DialogContent>
          <TextField
            label={t('orders.review.comment')}
            helperText={t('orders.review.commentHelp')}
            value={comment}
            onChange={(event) => setComment(event.target.value)}
            required
            multiline
            minRows={3}
            autoFocus
            fullWidth
            margin="dense"
          />
          {error && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {t(error)}
            </Alert>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onCancel}>{t('orders.actions.cancel')}</Button>
          <Button type="submit" variant="contained" color="error" disabled={missing || pending}>
            {t('orders.actions.correctionSend')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
