import type { AdminJobLane } from '@mediabox/contract';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/**
 * The queue of each lane of background work (issue 16): mail, search index, previews and
 * housekeeping each have their own workers, so a long preview queue is visible here and is no
 * reason to worry about mail.
 */
export function JobLanes({ lanes }: { lanes: AdminJobLane[] }) {
  const { t } = useTranslation();
  return (
    <Box component="section" aria-label={t('admin.jobs.lanes.title')}>
      <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' } }}>
        {lanes.map((lane) => (
          <Paper key={lane.lane} variant="outlined" sx={{ p: 1.5 }} data-lane={lane.lane}>
            <Typography variant="subtitle2" component="h3">
              {t(`admin.jobs.lanes.names.${lane.lane}`)}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('admin.jobs.lanes.summary', {
                waiting: lane.waiting,
                running: lane.running,
                workers: lane.workersPerInstance,
              })}
            </Typography>
          </Paper>
        ))}
      </Box>
    </Box>
  );
}
