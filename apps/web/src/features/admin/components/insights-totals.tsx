import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import Box from '@mui/material/Box';
import type { InsightsAnswer } from '@mediabox/contract';
import { useTranslation } from 'react-i18next';

const TOTALS = ['downloads', 'pageViews', 'searches', 'registrations'] as const;

/** The four sums of the range as cards above the charts. */
export function InsightsTotals({ totals }: { totals: InsightsAnswer['totals'] }) {
  const { t, i18n } = useTranslation();
  return (
    <Box
      component="ul"
      aria-label={t('insights.totals.label')}
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' },
        gap: 2,
        m: 0,
        p: 0,
        listStyle: 'none',
      }}
    >
      {TOTALS.map((id) => (
        <Paper component="li" variant="outlined" key={id} data-total={id} sx={{ p: 2 }}>
          <Typography variant="body2" color="text.secondary">
            {t(`insights.totals.${id}`)}
          </Typography>
          <Typography variant="h5" component="p" sx={{ fontWeight: 600, color: 'primary.dark' }}>
            {totals[id].toLocaleString(i18n.language)}
          </Typography>
        </Paper>
      ))}
    </Box>
  );
}
