import { ErrorCodes, LoginRequest, type StoredUser } from '@mediabox/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ApiError } from '../../../shared/api/client';
import { login } from '../api/accounts-api';
import { ForgotPasswordDialog } from './forgot-password-dialog';

/** Login answers that tell the state of the account (waiting for a step) rather than a mistake. */
const ACCOUNT_STATE_NOTICES: readonly string[] = [ErrorCodes.notActivated, ErrorCodes.notVerified];
const accountStateNotice = (code: string): string | undefined =>
  ACCOUNT_STATE_NOTICES.includes(code) ? code : undefined;

interface Props {
  onLoggedIn: (user: StoredUser) => void;
}

export function LoginForm({ onLoggedIn }: Props) {
  const { t, i18n } = useTranslation();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [usernameTouched, setUsernameTouched] = useState(false);
  const [forgotOpen, setForgotOpen] = useState(false);
  const [forgotKey, setForgotKey] = useState(0);
  const request = useMutation({ mutationFn: login, onSuccess: onLoggedIn });

  // Spec 5: non-empty username and password and a valid e-mail; the contract says exactly that.
  const parsed = LoginRequest.safeParse({ username, password });
  const emailInvalid =
    usernameTouched && username !== '' && !LoginRequest.shape.username.safeParse(username).success;

  // An account that waits for its confirmation or approval is no wrong input: a notice, not a red field.
  const notice = request.error instanceof ApiError ? accountStateNotice(request.error.code) : undefined;
  const fieldError = request.isError && notice === undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (parsed.success && !request.isPending) request.mutate(parsed.data);
  };

  const openForgot = () => {
    setForgotKey((key) => key + 1);
    setForgotOpen(true);
  };

  return (
    <>
      <Box component="form" onSubmit={submit} noValidate sx={{ display: 'grid', gap: 2 }}>
        <TextField
          label={t('login.email')}
          type="email"
          autoComplete="username"
          autoFocus
          value={username}
          onChange={(event) => setUsername(event.target.value)}
          onBlur={() => setUsernameTouched(true)}
          error={emailInvalid}
          helperText={emailInvalid ? t('login.errors.invalidEmail') : undefined}
        />
        <TextField
          label={t('login.password')}
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={fieldError}
          helperText={fieldError ? loginErrorText(request.error) : undefined}
        />
        {notice && <Alert severity="info">{t(notice)}</Alert>}
        <Box sx={{ textAlign: 'right', mt: -1 }}>
          <Link component="button" type="button" variant="body2" onClick={openForgot}>
            {t('login.forgotPassword')}
          </Link>
        </Box>
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={!parsed.success || request.isPending}
        >
          {t('login.submit')}
        </Button>
        <Divider sx={{ my: 1 }} />
        <Typography variant="body2" color="text.secondary" textAlign="center">
          {t('login.noAccount')}
        </Typography>
        <Button component={RouterLink} to="/signup" variant="outlined">
          {t('login.signup')}
        </Button>
      </Box>
      <ForgotPasswordDialog
        key={forgotKey}
        open={forgotOpen}
        initialEmail={username}
        onClose={() => setForgotOpen(false)}
      />
    </>
  );

  /** Spec 8: the translated server message, else the status text. */
  function loginErrorText(error: Error): string {
    if (error instanceof ApiError) {
      if (i18n.exists(error.code)) return t(error.code);
      return error.message || t('login.errors.generic');
    }
    return t('login.errors.generic');
  }
}
