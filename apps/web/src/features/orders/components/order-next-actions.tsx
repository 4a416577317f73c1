import type { Order, OrderReview } from '@mediabox/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/client';
import { useStoredUser } from '../../../shared/auth/user-store';
import { useSnackbar } from '../../../shared/ui/snackbar';
import { useReviewOrder } from '../api/orders-api';
import { ACTION_STATUS, nextActionsOf, type OrderAction } from '../lib/order-steps';
import { CompleteOrderDialog } from './complete-order-dialog';
import { CorrectionDialog } from './correction-dialog';

const DONE_TEXTS: Record<OrderAction, string> = {
  toReview: 'orders.actions.sentToReview',
  accept: 'orders.actions.accepted',
  requestCorrection: 'orders.actions.rejected',
  complete: 'orders.actions.completed',
};

/**
 * The buttons that move the order on from where it is (issue 19), instead of a status list that
 * could skip the review. Asking for a correction needs its text, completing offers the mail.
 */
export function OrderNextActions({ order }: { order: Order }) {
  const { t, i18n } = useTranslation();
  const snackbar = useSnackbar();
  const superUser = useStoredUser()?.isSuperUser ?? false;
  const review = useReviewOrder(order._id);
  const [dialog, setDialog] = useState<'requestCorrection' | 'complete' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const actions = nextActionsOf(order.status, { isSuperUser: superUser });
  if (actions.length === 0) return null;

  const run = (action: OrderAction, extra: Omit<OrderReview, 'status'> = {}) => {
    setError(null);
    review.mutate(
      { status: ACTION_STATUS[action], ...extra },
      {
        onSuccess: () => {
          setDialog(null);
          snackbar.show(DONE_TEXTS[action]);
        },
        onError: (err) => {
          const code = err instanceof ApiError ? err.code : '';
          setError(code && i18n.exists(code) ? code : 'orders.actions.failed');
        },
      },
    );
  };
  const open = (which: 'requestCorrection' | 'complete') => {
    setError(null);
    setDialog(which);
  };
  const busy = review.isPending;

  return (
    <Box role="group" aria-label={t('orders.actions.label')} sx={{ display: 'grid', gap: 1.5 }}>
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
        {actions.includes('toReview') && (
          <Button variant="contained" onClick={() => run('toReview')} disabled={busy}>
            {t('orders.actions.toReview')}
          </Button>
        )}
        {actions.includes('accept') && (
          <Button variant="contained" onClick={() => run('accept')} disabled={busy}>
            {t('orders.actions.accept')}
          </Button>
        )}
        {actions.includes('requestCorrection') && (
          <Button variant="outlined" color="error" onClick={() => open('requestCorrection')} disabled={busy}>
            {t('orders.actions.requestCorrection')}
          </Button>
        )}
        {actions.includes('complete') && (
          <Button variant="contained" onClick={() => open('complete')} disabled={busy}>
            {t('orders.actions.complete')}
          </Button>
        )}
      </Box>
      {error && dialog === null && <Alert severity="error">{t(error)}</Alert>}
      {dialog === 'requestCorrection' && (
        <CorrectionDialog
          open
          pending={busy}
          error={error}
          onSend={(comment) => run('requestCorrection', { comment })}
          onCancel={() => setDialog(null)}
        />
      )}
      {dialog === 'complete' && (
        <CompleteOrderDialog
          open
          notify={order.notify}
          pending={busy}
          error={error}
          onComplete={(notify) => run('complete', { notify })}
          onCancel={() => setDialog(null)}
        />
      )}
    </Box>
  );
}
