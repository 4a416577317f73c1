import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutline';
import EditNoteIcon from '@mui/icons-material/EditNote';
import HighlightOffIcon from '@mui/icons-material/HighlightOff';
import HourglassTopIcon from '@mui/icons-material/HourglassTop';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import type { SvgIconComponent } from '@mui/icons-material';
import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import type { OrderStatus } from '@mediabox/contract';
import { useTranslation } from 'react-i18next';

const ICONS: Record<OrderStatus, { Icon: SvgIconComponent; color: string }> = {
  new: { Icon: EditNoteIcon, color: 'info.main' },
  pending: { Icon: HourglassTopIcon, color: 'warning.main' },
  rejected: { Icon: HighlightOffIcon, color: 'error.main' },
  accepted: { Icon: CheckCircleOutlineIcon, color: 'success.main' },
  completed: { Icon: TaskAltIcon, color: 'text.secondary' },
};

/** The status column of the all tab (spec 2.10): an icon, named by its tooltip and for screen readers. */
export function OrderStatusIcon({ status }: { status: OrderStatus }) {
  const { t } = useTranslation();
  const { Icon, color } = ICONS[status];
  const label = t(`orders.status.${status}`);
  return (
    <Tooltip title={label}>
      <Box component="span" role="img" aria-label={label} sx={{ display: 'inline-flex', color }}>
        <Icon fontSize="small" aria-hidden />
      </Box>
    </Tooltip>
  );
}
