import type { TooltipProps } from '@mui/material/Tooltip';
import { deferredComponent } from './deferred-component';

// MUI's tooltip brings Popper.js; a hint is only wanted once someone hovers, not for the first paint.
const useTooltip = deferredComponent(() => import('@mui/material/Tooltip'));

/**
 * A hover and focus hint; until its code has arrived (shortly after start) the child shows alone.
 * The child is then mounted anew inside the tooltip: a popup anchored at it finds it through a ref
 * at positioning time (profile-menu.tsx), never through an element kept from a click.
 * `describeChild` keeps the child's own name and reads the hint as its description instead.
 */
export function HintTooltip({
  title,
  children,
  describeChild,
}: Pick<TooltipProps, 'title' | 'children' | 'describeChild'>) {
  const Tooltip = useTooltip();
  return Tooltip ? (
    <Tooltip title={title} describeChild={describeChild}>
      {children}
    </Tooltip>
  ) : (
    children
  );
}
