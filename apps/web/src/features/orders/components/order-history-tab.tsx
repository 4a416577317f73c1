import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Order } from '@mediabox/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTimeSeconds } from '../../../shared/text/format';
import { describeEntry, groupHistory } from '../lib/order-history';

const DOT = 12;

/**
 * Spec 2.10 Verlauf: a vertical timeline, newest first. MUI core has no timeline, so this is an
 * ordered list whose items draw a line and a dot: screen readers get the list and its length.
 */
export function OrderHistoryTab({ order }: { order: Order }) {
  const { t, i18n } = useTranslation();
  const groups = useMemo(() => groupHistory(order.history), [order.history]);

  if (groups.length === 0) return <Typography color="text.secondary">{t('orders.history.empty')}</Typography>;
  return (
    <Box component="ol" aria-label={t('orders.history.label')} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {groups.map((group) => (
        <Box
          component="li"
          key={group.key}
          sx={{
            position: 'relative',
            pl: 4,
            pb: 3,
            // The line runs from this dot to the next; the last item has none below it.
            '&::before': {
              content: '""',
              position: 'absolute',
              left: DOT / 2 - 1,
              top: DOT,
              bottom: 0,
              width: 2,
              bgcolor: 'divider',
            },
            '&:last-of-type::before': { display: 'none' },
            '&::after': {
              content: '""',
              position: 'absolute',
              left: 0,
              top: 4,
              width: DOT,
              height: DOT,
              borderRadius: '50%',
              bgcolor: 'primary.main',
            },
          }}
        >
          <Typography component="h2" variant="subtitle2" sx={{ lineHeight: 1.6 }}>
            <time dateTime={group.createdAt}>{formatDateTimeSeconds(group.createdAt, i18n.language)}</time>
            <Box component="span" sx={{ color: 'text.secondary', fontWeight: 400 }}>
              {' · '}
              {group.username}
            </Box>
          </Typography>
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {group.entries.map((entry, index) => {
              const { text, note } = describeEntry(i18n, entry);
              return (
                <Box component="li" key={index} sx={{ mt: 0.5 }}>
                  <Typography variant="body2">{text}</Typography>
                  {note && (
                    <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'pre-line' }}>
                      {note}
                    </Typography>
                  )}
                </Box>
              );
            })}
          </Box>
        </Box>
      ))}
    </Box>
  );
}
