import CloseIcon from '@mui/icons-material/Close';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { EMAIL_MAX_LENGTH, type ListShare } from '@mediabox/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

interface ShareListDialogProps {
  open: boolean;
  shares: readonly ListShare[];
  pending: boolean;
  /** Resolves after a successful share, so the field is emptied only then. */
  onShare: (email: string) => Promise<unknown>;
  onUnshare: (userId: number) => void;
  onClose: () => void;
}

/** The owner shares a list read-only by address and sees, and can end, its current shares. */
export function ShareListDialog({
  open,
  shares,
  pending,
  onShare,
  onUnshare,
  onClose,
}: ShareListDialogProps) {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) return;
    onShare(email.trim()).then(
      () => setEmail(''),
      () => undefined,
    );
  };
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="share-list-title" maxWidth="sm" fullWidth>
      <DialogTitle id="share-list-title">{t('lists.shareTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t('lists.shareText')}</DialogContentText>
        <Stack
          component="form"
          onSubmit={submit}
          noValidate
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ alignItems: { sm: 'flex-start' } }}
        >
          <TextField
            type="email"
            size="small"
            fullWidth
            label={t('lists.shareEmail')}
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            slotProps={{ htmlInput: { maxLength: EMAIL_MAX_LENGTH, autoComplete: 'off' } }}
          />
          <Button
            type="submit"
            variant="contained"
            disabled={!email.trim() || pending}
            sx={{ flexShrink: 0 }}
          >
            {t('lists.shareAdd')}
          </Button>
        </Stack>
        <Typography variant="subtitle2" component="h3" sx={{ mt: 3 }}>
          {t('lists.sharedWith')}
        </Typography>
        {shares.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t('lists.notShared')}
          </Typography>
        ) : (
          <List dense>
            {shares.map((share) => (
              <ListItem
                key={share.userId}
                disableGutters
                secondaryAction={
                  <IconButton
                    edge="end"
                    aria-label={t('lists.unshare', { name: share.name })}
                    onClick={() => onUnshare(share.userId)}
                  >
                    <CloseIcon fontSize="small" />
                  </IconButton>
                }
              >
                <ListItemText
                  primary={share.name}
                  secondary={share.email}
                  slotProps={{ secondary: { sx: { overflowWrap: 'anywhere' } } }}
                />
              </ListItem>
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>{t('lists.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
