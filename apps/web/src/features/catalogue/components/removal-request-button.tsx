import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/client';
import { useSnackbar } from '../../../shared/ui/snackbar';
import { useRemovalRequest } from '../api/catalogue-api';

/** Spec 2.1 / 7.2: ask for an asset's removal, after a confirmation; success shows snack.removed. */
export function RemovalRequestButton({ assetId, requested }: { assetId: number; requested: boolean }) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const titleId = useId();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const removal = useRemovalRequest(assetId);

  const confirm = () =>
    removal.mutate(reason, {
      onSuccess: () => {
        setOpen(false);
        snackbar.show('snack.removed');
      },
    });

  return (
    <>
      {/* A rare step, not what people come for: a quiet text button below the main actions. */}
      <Button
        variant="text"
        size="small"
        startIcon={<DeleteOutlineIcon />}
        disabled={requested}
        sx={{ color: 'text.secondary', textTransform: 'none' }}
        onClick={() => {
          removal.reset();
          setOpen(true);
        }}
      >
        {t(requested ? 'catalogue.removalRequested' : 'asset.removal.button')}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby={titleId} fullWidth maxWidth="sm">
        <DialogTitle id={titleId}>{t('asset.removal.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t('asset.removal.text')}</DialogContentText>
          <TextField
            label={t('asset.removal.reason')}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            multiline
            minRows={2}
            fullWidth
            slotProps={{ htmlInput: { maxLength: 1000 } }}
          />
          {removal.isError && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {t(removal.error instanceof ApiError ? removal.error.code : 'errors.internal')}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{t('asset.removal.cancel')}</Button>
          <Button color="error" variant="contained" onClick={confirm} disabled={removal.isPending}>
            {t('asset.removal.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
