import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Order } from '@mediabox/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/text/format';
import { corrections } from '../lib/order-history';

/**
 * Spec 2.10 Freigabe & Korrekturen: the corrections asked for so far, so the creator sees what to
 * fix. Approving and asking for a correction are the order's next actions above the tabs.
 */
export function OrderReviewTab({ order }: { order: Order }) {
  const { t, i18n } = useTranslation();
  const previous = useMemo(() => corrections(order.history), [order.history]);

  return (
    <Box component="section" aria-labelledby="order-corrections" sx={{ maxWidth: 720 }}>
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
  );
}
