import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';

interface DeleteListDialogProps {
  open: boolean;
  name: string;
  pending: boolean;
  onYes: () => void;
  onNo: () => void;
}

/** Deleting a list asks first: it is gone for everyone it is shared with too. */
export function DeleteListDialog({ open, name, pending, onYes, onNo }: DeleteListDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onNo} aria-labelledby="delete-list-title" maxWidth="xs" fullWidth>
      <DialogTitle id="delete-list-title" sx={{ overflowWrap: 'anywhere' }}>
        {t('lists.deleteTitle', { name })}
      </DialogTitle>
      <DialogContent>
        <DialogContentText>{t('lists.deleteText')}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onNo} autoFocus>
          {t('lists.cancel')}
        </Button>
        <Button variant="contained" color="error" onClick={onYes} disabled={pending}>
          {t('lists.delete')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
