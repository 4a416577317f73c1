import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';

interface RevokeLinkDialogProps {
  /** The recipient whose link is to be revoked; null when the dialog is closed. */
  recipient: string | null;
  onYes: () => void;
  onNo: () => void;
}

/** Revoking cannot be undone (issue 20.2): the sender confirms it, with the recipient named. */
export function RevokeLinkDialog({ recipient, onYes, onNo }: RevokeLinkDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={recipient !== null}
      onClose={onNo}
      aria-labelledby="revoke-link-title"
      aria-describedby="revoke-link-text"
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id="revoke-link-title">{t('messages.links.revokeDialog.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText id="revoke-link-text" sx={{ overflowWrap: 'anywhere' }}>
          {t('messages.links.revokeDialog.text', { email: recipient ?? '' })}
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onNo} autoFocus>
          {t('messages.links.revokeDialog.cancel')}
        </Button>
        <Button variant="contained" color="error" onClick={onYes}>
          {t('messages.links.revokeDialog.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
