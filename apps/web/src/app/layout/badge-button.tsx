import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import type { MouseEvent, ReactNode, Ref } from 'react';
import { Link as RouterLink } from 'react-router';
import { HintTooltip } from '../../shared/ui/hint-tooltip';

interface BadgeButtonProps {
  label: string;
  count: number;
  icon: ReactNode;
  /** Either a link target or a click handler (the cart opens its quick view). */
  to?: string;
  onClick?: (event: MouseEvent<HTMLElement>) => void;
  /** The button itself, e.g. to anchor a popup at it. */
  buttonRef?: Ref<HTMLButtonElement>;
}

/** A header icon with a count; disabled at zero (spec 2.2). */
export function BadgeButton({ label, count, icon, to, onClick, buttonRef }: BadgeButtonProps) {
  const disabled = count === 0;
  const linkProps = to && !disabled ? { component: RouterLink, to } : {};
  return (
    <HintTooltip title={label}>
      {/* A disabled button fires no events; the span lets the tooltip still explain it. */}
      <span>
        <IconButton
          ref={buttonRef}
          color="inherit"
          aria-label={label}
          disabled={disabled}
          onClick={onClick}
          {...linkProps}
        >
          <Badge badgeContent={count} color="secondary" max={99}>
            {icon}
          </Badge>
        </IconButton>
      </span>
    </HintTooltip>
  );
}
