import { isEmail, type Language } from '@mediabox/contract';
import Alert from '@mui/material/Alert';
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
import { requestPasswordReset } from '../api/accounts-api';
import { apiErrorText } from '../lib/error-text';

/** The login page remounts this dialog (key) on every opening, so each one starts fresh. */
interface Props {
  open: boolean;
  /** Pre-filled from the login form so nobody types the address twice. */
  initialEmail: string;
  onClose: () => void;
}

export function ForgotPasswordDialog({ open, initialEmail, onClose }: Props) {
  const { t, i18n } = useTranslation();
  const [email, setEmail] = useState(initialEmail);
  const [touched, setTouched] = useState(false);
  const request = useMutation({ mutationFn: requestPasswordReset });
  const valid = isEmail(email.trim());
  const sent = request.isSuccess;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!valid || request.isPending) return;
    // The mail is written in the language the visitor is reading now.
    request.mutate({ username: email.trim(), lang: i18n.language as Language });
  };

  // The server's message is a translation key; our own success text covers any other wording.
  const successText = request.data ? t([request.data.message, 'forgotPassword.success']) : '';

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="forgot-password-title" fullWidth maxWidth="xs">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="forgot-password-title">{t('forgotPassword.title')}</DialogTitle>
        <DialogContent>
          {sent ? (
            <Alert severity="success">{successText}</Alert>
          ) : (
            <>
              <DialogContentText sx={{ mb: 2 }}>{t('forgotPassword.text')}</DialogContentText>
              <TextField
                label={t('forgotPassword.email')}
                type="email"
                autoComplete="email"
                fullWidth
                autoFocus
                value={email}
                onChange={(event) => setEmail(event.target.value)}
                onBlur={() => setTouched(true)}
                error={touched && !valid}
                helperText={touched && !valid ? t('forgotPassword.errors.invalidEmail') : undefined}
              />
              {request.isError && (
                <Alert severity="error" sx={{ mt: 2 }}>
                  {apiErrorText(t, request.error, 'forgotPassword.errors.generic')}
                </Alert>
              )}
            </>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          {sent ? (
            <Button variant="contained" onClick={onClose}>
              {t('forgotPassword.close')}
            </Button>
          ) : (
            <>
              <Button onClick={onClose}>{t('forgotPassword.cancel')}</Button>
              <Button type="submit" variant="contained" disabled={!valid || request.isPending}>
                {t('forgotPassword.submit')}
              </Button>
            </>
          )}
        </DialogActions>
      </form>
    </Dialog>
  );
}
