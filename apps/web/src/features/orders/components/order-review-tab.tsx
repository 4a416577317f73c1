import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Order, OrderReview } from '@mediabox/contract';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/client';
import { formatDateTime } from '../../../shared/text/format';
import { useSnackbar } from '../../../shared/ui/snackbar';
import { useReviewOrder } from '../api/orders-api';
import { corrections } from '../lib/order-history';

/**
 * Spec 2.10 Freigabe & Korrekturen: approve, or untick and describe the correction (required). The
 * corrections asked for so far stand above the form, so the creator sees what to fix.
 */
export function OrderReviewTab({ order }: { order: Order }) {
  const { t, i18n } = useTranslation();
  const snackbar = useSnackbar();
  const review = useReviewOrder(order._id);
  const [approve, setApprove] = useState(true);
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const previous = useMemo(() => corrections(order.history), [order.history]);
  const missingComment = !approve && comment.trim() === '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (missingComment) return;
    setError(null);
    const body: OrderReview = approve
      ? { status: 'accepted' }
      : { status: 'rejected', comment: comment.trim() };
    review.mutate(body, {
      onSuccess: () => {
        snackbar.show(approve ? 'orders.review.accepted' : 'orders.review.rejected');
        setApprove(true);
        setComment('');
      },
      onError: (err) => {
        const code = err instanceof ApiError ? err.code : '';
        setError(code && i18n.exists(code) ? code : 'orders.review.failed');
      },
    });
  };

  return (
    <Stack spacing={3} sx={{ maxWidth: 720 }}>
      <Box component="section" aria-labelledby="order-corrections">
        <Typography id="order-corrections" variant="h6" component="h2" gutterBottom>
          {t('orders.review.corrections')}
        </Typography>
        {previous.length === 0 ? (
          <Typography color="text.secondary">{t('orders.review.noCorrections')}</Typography>
        ) : (
          <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {previous.map((entry, index) => (
              <Paper component="li" key={index} variant="outlined" sx={{ p: 2 }}>
                <Typography variant="caption" color="text.secondary" component="p">
                  <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt, i18n.language)}</time> ·{' '}
                  {entry.username}
                </Typography>
                <Typography sx={{ whiteSpace: 'pre-line' }}>{entry.context.comment}</Typography>
              </Paper>
            ))}
          </Stack>
        )}
      </Box>
      <Box component="form" noValidate onSubmit={submit}>
        <Stack spacing={2}>
          <Typography color="text.secondary">
            {t('orders.review.status', { status: t(`orders.status.${order.status}`) })}
          </Typography>
          <FormControlLabel
            control={<Checkbox checked={approve} onChange={(event) => setApprove(event.target.checked)} />}
            label={t('orders.review.approve')}
          />
          {!approve && (
            <TextField
              label={t('orders.review.comment')}
              helperText={t('orders.review.commentHelp')}
              value={comment}
              onChange={(event) => setComment(event.target.value)}
              required
              multiline
              minRows={3}
              autoFocus
            />
          )}
          {error && <Alert severity="error">{t(error)}</Alert>}
          <Box>
            <Button
              type="submit"
              variant="contained"
              color={approve ? 'primary' : 'error'}
              disabled={missingComment || review.isPending}
            >
              {t(approve ? 'orders.review.accept' : 'orders.review.reject')}
            </Button>
          </Box>
        </Stack>
      </Box>
    </Stack>
  );
}
