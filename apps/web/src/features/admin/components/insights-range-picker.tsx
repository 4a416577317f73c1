import Button from '@mui/material/Button';
import ButtonGroup from '@mui/material/ButtonGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { QUICK_RANGES, quickRange, quickRangeOf, type InsightsRange } from '../lib/insights-range';

interface Props {
  range: InsightsRange;
  onChange: (range: InsightsRange) => void;
}

/**
 * From and to as date inputs plus quick choices ending today. Nothing is checked here: the server
 * owns the range rules (order, at most 366 days) and its error is shown translated.
 */
export function InsightsRangePicker({ range, onChange }: Props) {
  const { t } = useTranslation();
  const active = quickRangeOf(range);

  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
      <Stack direction="row" spacing={2}>
        <TextField
          type="date"
          size="small"
          label={t('insights.range.from')}
          value={range.from}
          onChange={(event) => onChange({ ...range, from: event.target.value })}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          type="date"
          size="small"
          label={t('insights.range.to')}
          value={range.to}
          onChange={(event) => onChange({ ...range, to: event.target.value })}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </Stack>
      <ButtonGroup size="small" aria-label={t('insights.range.quick')}>
        {QUICK_RANGES.map((choice) => (
          <Button
            key={choice}
            variant={choice === active ? 'contained' : 'outlined'}
            aria-pressed={choice === active}
            onClick={() => onChange(quickRange(choice))}
          >
            {t(`insights.range.quickRanges.${choice}`)}
          </Button>
        ))}
      </ButtonGroup>
    </Stack>
  );
}
