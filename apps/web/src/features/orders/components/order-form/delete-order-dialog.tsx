import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';

interface DeleteOrderDialogProps {
  open: boolean;
  orderNumber: string;
  pending: boolean;
  failed: boolean;
  onYes: () => void;
  onNo: () => void;
}

/** Spec 2.10 'Auftrag löschen': a yes/no question before the order is deactivated. */
export function DeleteOrderDialog({
  open,
  orderNumber,
  pending,
  failed,
  onYes,
  onNo,
}: DeleteOrderDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onNo} aria-labelledby="delete-order-title" maxWidth="xs" fullWidth>
      <DialogTitle id="delete-order-title">{t('orderForm.basics.deleteDialog.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('orderForm.basics.deleteDialog.text', { orderNumber })}</DialogContentText>
        {failed && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {t('orderForm.basics.deleteFailed')}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onNo} autoFocus>
          {t('orderForm.basics.deleteDialog.no')}
        </Button>
        <Button variant="contained" color="error" onClick={onYes} disabled={pending}>
          {t('orderForm.basics.deleteDialog.yes')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
