import { darken, lighten, type Theme } from '@mui/material/styles';

/**
 * The search box sits on the primary top bar. It is a darker well rather than a lighter one: white
 * text and a light placeholder then keep 4.5:1 (WCAG 1.4.3) in every state, where a translucent
 * white well left the placeholder at 3.6:1 and the typed text at 3.6:1 while focused.
 * All colors are opaque so their contrast can be checked (search-box-colors.test.ts).
 */
export function searchBoxColors(theme: Theme) {
  const bar = theme.palette.primary.main;
  return {
    text: theme.palette.common.white,
    placeholder: lighten(bar, 0.75),
    rest: darken(bar, 0.18),
    hover: darken(bar, 0.26),
    focus: darken(bar, 0.32),
  };
}
