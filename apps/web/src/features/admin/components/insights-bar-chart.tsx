import { useTheme } from '@mui/material/styles';

export interface HorizontalBar {
  key: string;
  name: string;
  value: number;
  /** What the bar says to a screen reader or on hover. */
  label: string;
}

interface Props {
  /** Describes the whole chart (its role="img" name). */
  label: string;
  bars: HorizontalBar[];
  colour: string;
}

const WIDTH = 400;
const ROW = 28;
const NAME_WIDTH = 120;
const VALUE_WIDTH = 48;

/**
 * Horizontal bars as inline SVG with names and figures inside: the viewBox keeps its aspect ratio
 * (few rows, e.g. countries), so text is scaled, never distorted.
 */
export function InsightsBarChart({ label, bars, colour }: Props) {
  const theme = useTheme();
  const max = Math.max(1, ...bars.map((bar) => bar.value));
  const track = WIDTH - NAME_WIDTH - VALUE_WIDTH;
  const height = Math.max(bars.length, 1) * ROW;

  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${WIDTH} ${height}`}
      width="100%"
      style={{ display: 'block', maxWidth: 640, fontFamily: theme.typography.fontFamily }}
    >
      <title>{label}</title>
      {bars.map((bar, index) => {
        const y = index * ROW;
        return (
          <g key={bar.key} data-bar={bar.key}>
            <title>{bar.label}</title>
            <text
              x={NAME_WIDTH - 8}
              y={y + ROW / 2}
              textAnchor="end"
              dominantBaseline="central"
              fontSize={12}
            >
              {bar.name}
            </text>
            <rect
              x={NAME_WIDTH}
              y={y + 5}
              width={Math.max((bar.value / max) * track, bar.value > 0 ? 2 : 0)}
              height={ROW - 10}
              rx={2}
              fill={colour}
            />
            <text
              x={WIDTH - VALUE_WIDTH + 6}
              y={y + ROW / 2}
              dominantBaseline="central"
              fontSize={12}
              fill={theme.palette.text.secondary}
            >
              {bar.value}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
