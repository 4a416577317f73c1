import Chip, { type ChipProps } from '@mui/material/Chip';
import type { UserState } from '@mediabox/contract';
import { useTranslation } from 'react-i18next';

const COLORS: Record<UserState, ChipProps['color']> = {
  pendingConfirmation: 'default',
  waitingApproval: 'warning',
  active: 'success',
  deactivated: 'default',
  rejected: 'error',
};

export function UserStateChip({ state }: { state: UserState }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      color={COLORS[state]}
      variant={state === 'active' ? 'filled' : 'outlined'}
      label={t(`admin.states.${state}`)}
    />
  );
}
