import { APPROVAL_PROMISE_HOURS, ErrorCodes } from '@mediabox/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/client';
import { confirmEmail } from '../api/accounts-api';
import { apiErrorText } from '../lib/error-text';
import { LinkOutcome } from './link-status';

/** The confirm button of a checked link, then the outcome. */
export function ConfirmEmailPanel({ uuid }: { uuid: string }) {
  const { t } = useTranslation();
  const request = useMutation({ mutationFn: () => confirmEmail(uuid) });

  if (request.isSuccess && request.data.success) {
    return <LinkOutcome severity="success" text={t('confirm.success', { hours: APPROVAL_PROMISE_HOURS })} />;
  }
  // Confirmed in another tab (or by a double click) between check and click: no error either.
  if (request.error instanceof ApiError && request.error.code === ErrorCodes.confirmAlreadyDone) {
    return <LinkOutcome severity="info" text={t(ErrorCodes.confirmAlreadyDone)} />;
  }
  // The link can expire or be used in another tab between check and click.
  const expired =
    (request.isSuccess && !request.data.success) ||
    (request.error instanceof ApiError && request.error.status === 404);
  if (expired) return <LinkOutcome severity="error" text={t(ErrorCodes.confirmLinkInvalid)} />;

  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Typography>{t('confirm.text')}</Typography>
      {request.isError && (
        <Alert severity="error">{apiErrorText(t, request.error, 'confirm.errors.generic')}</Alert>
      )}
      <Button
        variant="contained"
        size="large"
        onClick={() => request.mutate()}
        disabled={request.isPending}
        sx={{ justifySelf: 'center' }}
      >
        {t('confirm.submit')}
      </Button>
    </Box>
  );
}
