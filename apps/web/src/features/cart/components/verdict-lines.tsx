import BlockIcon from '@mui/icons-material/Block';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutline';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { CartPresetChoice } from '@mediabox/contract';
import { useTranslation } from 'react-i18next';
import { verdictLines, type VerdictLine } from '../lib/verdict-text';

const ICONS: Record<VerdictLine['tone'], typeof BlockIcon> = {
  fine: CheckCircleOutlineIcon,
  warning: WarningAmberIcon,
  refused: BlockIcon,
};
const COLOURS = { fine: 'success', warning: 'warning', refused: 'error' } as const;

/**
 * The verdicts of one chosen preset (issue 21.3), one short line each with an icon, before anything
 * is made. The icon only repeats what the words say, so it is hidden from screen readers.
 */
export function VerdictLines({ choice }: { choice: CartPresetChoice }) {
  const { t } = useTranslation();
  return (
    <Stack component="ul" spacing={0.25} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {verdictLines(choice, t).map((line) => {
        const Icon = ICONS[line.tone];
        return (
          <Stack
            component="li"
            key={line.key}
            direction="row"
            spacing={0.5}
            sx={{ alignItems: 'flex-start' }}
            data-verdict={line.tone}
          >
            <Icon fontSize="small" color={COLOURS[line.tone]} aria-hidden sx={{ mt: '1px' }} />
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {t(line.key, line.values)}
            </Typography>
          </Stack>
        );
      })}
    </Stack>
  );
}
