import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface RankedItem {
  key: string;
  /** The entry's name; may be a link. */
  name: ReactNode;
  value: number;
  /** Extra figure after the count (e.g. mean results of a search). */
  detail?: string;
}

interface Props {
  label: string;
  items: RankedItem[];
  colour: string;
  /** Translation key of the count's unit, with `count` (e.g. `insights.units.downloads`). */
  unit: string;
}

/**
 * A top list: rank, name, count in words and a small bar relative to the first entry. An ordered
 * list carries the ranking for screen readers; the bar is decoration (the figure is in the text).
 */
export function InsightsRankedList({ label, items, colour, unit }: Props) {
  const { t } = useTranslation();
  const max = Math.max(1, ...items.map((item) => item.value));
  if (items.length === 0) {
    return <Typography color="text.secondary">{t('insights.noEntries')}</Typography>;
  }
  return (
    <Box component="ol" aria-label={label} sx={{ m: 0, p: 0, listStyle: 'none' }}>
      {items.map((item, index) => (
        <Box component="li" key={item.key} sx={{ py: 0.75, borderBottom: 1, borderColor: 'divider' }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline' }}>
            <Typography variant="body2" color="text.secondary" sx={{ minWidth: 24 }}>
              {`${index + 1}.`}
            </Typography>
            <Typography variant="body2" sx={{ flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
              {item.name}
            </Typography>
            <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>
              {t(unit, { count: item.value })}
              {item.detail && (
                <Typography component="span" variant="body2" color="text.secondary">
                  {` · ${item.detail}`}
                </Typography>
              )}
            </Typography>
          </Stack>
          <svg
            width="100%"
            height="6"
            viewBox="0 0 100 6"
            preserveAspectRatio="none"
            aria-hidden
            focusable="false"
          >
            <rect x={0} y={0} width={100} height={6} rx={1} fill="rgba(0,0,0,0.06)" />
            <rect x={0} y={0} width={(item.value / max) * 100} height={6} rx={1} fill={colour} />
          </svg>
        </Box>
      ))}
    </Box>
  );
}
