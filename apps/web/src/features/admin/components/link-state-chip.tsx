import Chip, { type ChipProps } from '@mui/material/Chip';
import type { RecipientLink } from '@mediabox/contract';
import { useTranslation } from 'react-i18next';

type LinkState = RecipientLink['state'];

const COLORS: Record<LinkState, ChipProps['color']> = {
  active: 'success',
  revoked: 'error',
  expired: 'default',
};

/** Whether a recipient's link still opens its files: active, revoked by the sender, or expired. */
export function LinkStateChip({ state }: { state: LinkState }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      color={COLORS[state]}
      variant={state === 'active' ? 'filled' : 'outlined'}
      label={t(`admin.links.states.${state}`)}
    />
  );
}
