import { ErrorCodes, ResetPasswordForm } from '@mediabox/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useCallback, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/client';
import { resetPassword } from '../api/accounts-api';
import { apiErrorText, apiFieldCodes } from '../lib/error-text';
import { fieldIssues } from '../lib/field-issues';
import { useFormFields } from '../hooks/use-form-fields';
import { LinkOutcome } from './link-status';

type Field = 'password' | 'passwordRepeat';

/** New password twice for a checked reset link (spec 2.9, 5). */
export function ResetPasswordFormPanel({ uuid }: { uuid: string }) {
  const { t } = useTranslation();
  const validate = useCallback(
    (values: Record<Field, string>) => fieldIssues<Field>(ResetPasswordForm, values),
    [],
  );
  const form = useFormFields<Field>(
    { password: '', passwordRepeat: '' },
    { validate, translate: (code) => t([code, 'passwordreset.errors.generic']) },
  );
  const request = useMutation({
    mutationFn: () => resetPassword(uuid, form.values.password, form.values.passwordRepeat),
    onError: (error) => form.setServerIssues(apiFieldCodes(error)),
  });

  if (request.isSuccess && request.data.success) {
    return <LinkOutcome severity="success" text={t('passwordreset.success')} />;
  }
  const expired =
    (request.isSuccess && !request.data.success) ||
    (request.error instanceof ApiError && request.error.status === 404);
  if (expired) return <LinkOutcome severity="error" text={t(ErrorCodes.resetLinkInvalid)} />;

  // Spec 5: disabled when empty or invalid.
  const canSubmit = form.valid && form.values.passwordRepeat !== '' && !request.isPending;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (canSubmit) request.mutate();
  };

  return (
    <Box component="form" onSubmit={submit} noValidate sx={{ display: 'grid', gap: 2 }}>
      <Typography color="text.secondary">{t('passwordreset.text')}</Typography>
      <TextField
        label={t('passwordreset.password')}
        type="password"
        autoComplete="new-password"
        required
        autoFocus
        {...form.bind('password', t('passwordreset.passwordHint'))}
      />
      <TextField
        label={t('passwordreset.passwordRepeat')}
        type="password"
        autoComplete="new-password"
        required
        {...form.bind('passwordRepeat')}
      />
      {request.isError && (
        <Alert severity="error">{apiErrorText(t, request.error, 'passwordreset.errors.generic')}</Alert>
      )}
      <Button type="submit" variant="contained" size="large" disabled={!canSubmit}>
        {t('passwordreset.submit')}
      </Button>
    </Box>
  );
}
