import DownloadIcon from '@mui/icons-material/Download';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { InsightsSeries } from '@mediabox/contract';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  /** Translation key of the heading. */
  title: string;
  series: InsightsSeries;
  onCsv: (series: InsightsSeries) => void;
  csvPending: boolean;
  /** The drawing; replaced by `table` when the user asks for the table. */
  chart: ReactNode;
  table: ReactNode;
}

/**
 * The frame of every chart: heading, a table toggle (the figures for screen readers and for anyone
 * who wants exact numbers) and the CSV of its series.
 */
export function InsightsChartCard({ title, series, onCsv, csvPending, chart, table }: Props) {
  const { t } = useTranslation();
  const [asTable, setAsTable] = useState(false);
  const headingId = useId();

  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: 2 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1.5, flexWrap: 'wrap' }}>
        <Typography id={headingId} variant="h6" component="h2" sx={{ flexGrow: 1, fontSize: '1.05rem' }}>
          {t(title)}
        </Typography>
        <Button size="small" aria-pressed={asTable} onClick={() => setAsTable((value) => !value)}>
          {t(asTable ? 'insights.asChart' : 'insights.asTable')}
        </Button>
        <Button
          size="small"
          variant="outlined"
          startIcon={<DownloadIcon />}
          disabled={csvPending}
          onClick={() => onCsv(series)}
          aria-label={t('insights.csvLabel', { title: t(title) })}
        >
          {t('insights.csv')}
        </Button>
      </Stack>
      {asTable ? table : chart}
    </Paper>
  );
}
