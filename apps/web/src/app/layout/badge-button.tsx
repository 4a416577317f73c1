import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import type { MouseEvent, ReactNode, Ref } from 'react';
import { Link as RouterLink } from 'react-router';
import { HintTooltip } from '../../shared/ui/hint-tooltip';

interface BadgeButtonProps {
  label: string;
  count: number;
  icon: ReactNode;
  /** Why the button does nothing at zero, e.g. 'Ihr Warenkorb ist noch leer.' */
  emptyHint: string;
  /** A plain number (how many there are) rather than a colored badge that asks for attention. */
  neutral?: boolean;
  /** Either a link target or a click handler (the cart opens its quick view). */
  to?: string;
  onClick?: (event: MouseEvent<HTMLElement>) => void;
  /** The button itself, e.g. to anchor a popup at it. */
  buttonRef?: Ref<HTMLButtonElement>;
}

/** Larger counts show as '99+'. */
const MAX_SHOWN = 99;

// Messages and downloads are lists, not unread items: their number sits quietly in the bar's own color.
const neutralBadge = {
  '& .MuiBadge-badge': { bgcolor: 'transparent', color: 'inherit', border: 1, borderColor: 'currentColor' },
};

/**
 * A header icon with a count; disabled at zero (spec 2.2). Disabled by aria-disabled rather than
 * `disabled`, so keyboard users can still reach it and hear from its hint why it does nothing.
 */
export function BadgeButton(props: BadgeButtonProps) {
  const { label, count, icon, emptyHint, neutral, to, onClick, buttonRef } = props;
  const disabled = count === 0;
  const action = disabled ? {} : to ? { component: RouterLink, to } : { onClick };
  const shown = count > MAX_SHOWN ? `${MAX_SHOWN}+` : String(count);
  // The name holds the number the badge shows (WCAG 2.5.3: what is seen is part of what is heard).
  // Not "(5)": axe and speech input drop parentheticals, and the number would not count as named.
  const name = disabled ? label : `${label}: ${shown}`;
  return (
    <HintTooltip title={disabled ? emptyHint : name} describeChild={disabled}>
      <IconButton
        ref={buttonRef}
        color="inherit"
        aria-label={name}
        aria-disabled={disabled || undefined}
        sx={disabled ? { opacity: 0.6, cursor: 'default' } : undefined}
        {...action}
      >
        {/* No badge at zero: MUI would keep a hidden '0' (or the last number) in the button's text. */}
        {disabled ? (
          icon
        ) : (
          <Badge badgeContent={shown} color="secondary" sx={neutral ? neutralBadge : undefined}>
            {icon}
          </Badge>
        )}
      </IconButton>
    </HintTooltip>
  );
}
