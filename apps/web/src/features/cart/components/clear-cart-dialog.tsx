import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';

interface ClearCartDialogProps {
  open: boolean;
  pending: boolean;
  onYes: () => void;
  onNo: () => void;
}

/** Spec 4 "Cart clear: button, then confirmation, then clear or cancel". */
export function ClearCartDialog({ open, pending, onYes, onNo }: ClearCartDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onNo} aria-labelledby="clear-cart-title" maxWidth="xs" fullWidth>
      <DialogTitle id="clear-cart-title">{t('cart.clearDialog.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('cart.clearDialog.text')}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onNo} autoFocus>
          {t('cart.clearDialog.no')}
        </Button>
        <Button variant="contained" color="error" onClick={onYes} disabled={pending}>
          {t('cart.clearDialog.yes')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
