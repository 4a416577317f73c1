import { ErrorCodes, PASSWORD_MIN_LENGTH } from '@mediabox/contract';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { deleteAccount } from '../api/accounts-api';

interface Props {
  open: boolean;
  onClose: () => void;
  onDeleted: () => void;
}

/** Asks for the password before the account is deleted (spec 2.9); the parent remounts it per opening. */
export function DeleteAccountDialog({ open, onClose, onDeleted }: Props) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const request = useMutation({ mutationFn: deleteAccount, onSuccess: onDeleted });
  // Spec 5: enabled at the minimum password length; shorter cannot be anyone's password.
  const canDelete = password.length >= PASSWORD_MIN_LENGTH && !request.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (canDelete) request.mutate(password);
  };

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="delete-account-title" fullWidth maxWidth="xs">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="delete-account-title">{t('profile.delete.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t('profile.delete.text')}</DialogContentText>
          <TextField
            label={t('profile.delete.password')}
            type="password"
            autoComplete="current-password"
            fullWidth
            autoFocus
            value={password}
            onChange={(event) => {
              setPassword(event.target.value);
              request.reset();
            }}
            // Spec 8: any failure reads "invalid password".
            error={request.isError}
            helperText={request.isError ? t(ErrorCodes.passwordError) : undefined}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose}>{t('profile.delete.cancel')}</Button>
          <Button type="submit" variant="contained" color="error" disabled={!canDelete}>
            {t('profile.delete.confirm')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
