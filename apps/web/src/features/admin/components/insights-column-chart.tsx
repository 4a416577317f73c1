import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

export interface ColumnBar {
  /** Unique and shown under the first and last bar (a day or a week's start). */
  key: string;
  /** What the bar says to a screen reader or on hover: the key and every figure. */
  label: string;
  /** One value per series, stacked bottom up in the order of `series`. */
  values: number[];
}

interface Props {
  /** Describes the whole chart (its role="img" name). */
  label: string;
  series: { name: string; colour: string }[];
  bars: ColumnBar[];
}

/** Width of one bar's slot in viewBox units; the drawing stretches to the card's width. */
const SLOT = 10;
const HEIGHT = 100;

/**
 * Vertical bars as inline SVG, stacked when there are several series. The SVG stretches without
 * keeping its aspect ratio (so 7 and 366 bars both fill the card); that is why every text sits in
 * HTML around it and not inside, where it would be distorted.
 */
export function InsightsColumnChart({ label, series, bars }: Props) {
  const { i18n } = useTranslation();
  const max = Math.max(1, ...bars.map((bar) => bar.values.reduce((sum, value) => sum + value, 0)));
  const width = Math.max(bars.length, 1) * SLOT;
  // Thin bars need no gap; with few bars a gap keeps them apart.
  const gap = bars.length > 120 ? 0 : 2;
  const first = bars[0];
  const last = bars.at(-1);

  return (
    <Stack spacing={1}>
      {series.length > 1 && (
        <Stack
          component="ul"
          direction="row"
          spacing={2}
          sx={{ listStyle: 'none', m: 0, p: 0, flexWrap: 'wrap' }}
        >
          {series.map((item) => (
            <Stack
              component="li"
              key={item.name}
              direction="row"
              spacing={0.75}
              sx={{ alignItems: 'center' }}
            >
              <Box sx={{ width: 12, height: 12, borderRadius: 0.5, bgcolor: item.colour }} aria-hidden />
              <Typography variant="body2">{item.name}</Typography>
            </Stack>
          ))}
        </Stack>
      )}
      <Stack direction="row" spacing={1}>
        <Stack sx={{ justifyContent: 'space-between', textAlign: 'right', minWidth: 24 }} aria-hidden>
          <Typography variant="caption" color="text.secondary">
            {max.toLocaleString(i18n.language)}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            0
          </Typography>
        </Stack>
        <Box sx={{ flexGrow: 1, minWidth: 0, borderLeft: 1, borderBottom: 1, borderColor: 'divider' }}>
          <svg
            role="img"
            aria-label={label}
            viewBox={`0 0 ${width} ${HEIGHT}`}
            preserveAspectRatio="none"
            width="100%"
            height="180"
            style={{ display: 'block' }}
          >
            <title>{label}</title>
            {bars.map((bar, index) => {
              let top = HEIGHT;
              return (
                <g key={bar.key} data-bar={bar.key}>
                  <title>{bar.label}</title>
                  {/* Catches the pointer over the whole slot, so that short bars show their title too. */}
                  <rect x={index * SLOT} y={0} width={SLOT} height={HEIGHT} fill="transparent" />
                  {bar.values.map((value, part) => {
                    const height = (value / max) * HEIGHT;
                    top -= height;
                    return value > 0 ? (
                      <rect
                        key={part}
                        x={index * SLOT + gap / 2}
                        y={top}
                        width={SLOT - gap}
                        height={height}
                        fill={series[part]?.colour}
                      />
                    ) : null;
                  })}
                </g>
              );
            })}
          </svg>
        </Box>
      </Stack>
      {first && last && (
        <Stack direction="row" sx={{ justifyContent: 'space-between', pl: 4 }} aria-hidden>
          <Typography variant="caption" color="text.secondary">
            {first.key}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {last.key}
          </Typography>
        </Stack>
      )}
    </Stack>
  );
}
