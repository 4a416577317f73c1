import CloudDownloadOutlinedIcon from '@mui/icons-material/CloudDownloadOutlined';
import DeleteSweepOutlinedIcon from '@mui/icons-material/DeleteSweepOutlined';
import ListAltOutlinedIcon from '@mui/icons-material/ListAltOutlined';
import SendOutlinedIcon from '@mui/icons-material/SendOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface CartActionRules {
  mobile: boolean;
  loading: boolean;
  empty: boolean;
  anyFile: boolean;
}

/**
 * Spec 5: download and list are disabled on mobile devices, while loading, or when no cart item has
 * files; send is disabled when the cart is empty. Clearing an empty cart would do nothing either.
 */
export function cartActionState({ mobile, loading, empty, anyFile }: CartActionRules) {
  const fileReason = mobile
    ? 'cart.hints.mobile'
    : !anyFile && !loading && !empty
      ? 'cart.hints.noFiles'
      : '';
  const filesDisabled = mobile || loading || !anyFile;
  return {
    download: { disabled: filesDisabled, reason: fileReason },
    list: { disabled: filesDisabled, reason: fileReason },
    send: { disabled: empty, reason: '' },
    clear: { disabled: empty || loading, reason: '' },
  };
}

export type CartActionKey = keyof ReturnType<typeof cartActionState>;

interface CartActionsBarProps extends CartActionRules {
  onDownload: () => void;
  onList: () => void;
  onSend: () => void;
  onClear: () => void;
  /** The buttons to show; all four unless a phone's bottom bar holds the others. */
  actions?: CartActionKey[];
}

export function CartActionsBar({
  onDownload,
  onList,
  onSend,
  onClear,
  actions = ['download', 'list', 'send', 'clear'],
  ...rules
}: CartActionsBarProps) {
  const { t } = useTranslation();
  const state = cartActionState(rules);
  const action = (
    key: CartActionKey,
    icon: ReactNode,
    onClick: () => void,
    variant: 'contained' | 'outlined' = 'outlined',
  ) => (
    <Tooltip key={key} title={state[key].reason ? t(state[key].reason) : ''}>
      {/* A disabled button fires no events; the span lets the tooltip still explain it. */}
      <span>
        <Button
          variant={variant}
          color={key === 'clear' ? 'error' : 'primary'}
          startIcon={icon}
          disabled={state[key].disabled}
          onClick={onClick}
        >
          {t(`cart.actions.${key}`)}
        </Button>
      </span>
    </Tooltip>
  );
  return (
    <Stack
      role="group"
      aria-label={t('cart.actions.label')}
      direction="row"
      useFlexGap
      spacing={1}
      sx={{ flexWrap: 'wrap' }}
    >
      {actions.includes('download') &&
        action('download', <CloudDownloadOutlinedIcon />, onDownload, 'contained')}
      {actions.includes('list') && action('list', <ListAltOutlinedIcon />, onList)}
      {actions.includes('send') && action('send', <SendOutlinedIcon />, onSend)}
      {actions.includes('clear') && action('clear', <DeleteSweepOutlinedIcon />, onClear)}
    </Stack>
  );
}
