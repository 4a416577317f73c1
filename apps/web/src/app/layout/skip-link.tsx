import Link from '@mui/material/Link';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';

/** The id of each layout's <main>, the skip link's target. */
export const MAIN_CONTENT_ID = 'main-content';

/** Lets the <main> take focus from a script without joining the tab order. */
export const mainFocusProps = { id: MAIN_CONTENT_ID, tabIndex: -1 } as const;

/**
 * WCAG 2.4.1: the first thing Tab reaches, so keyboard users can pass the top bar and the drawer.
 * Hidden off screen until focused. Focus is moved by hand: following '#main-content' would only
 * scroll, and the router would treat the hash as a navigation.
 */
export function SkipLink() {
  const { t } = useTranslation();
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    document.getElementById(MAIN_CONTENT_ID)?.focus();
  };
  return (
    <Link
      href={`#${MAIN_CONTENT_ID}`}
      onClick={skip}
      sx={(theme) => ({
        position: 'absolute',
        left: theme.spacing(1),
        top: theme.spacing(1),
        zIndex: theme.zIndex.tooltip + 1,
        px: 2,
        py: 1,
        borderRadius: 1,
        bgcolor: 'background.paper',
        color: 'primary.dark',
        fontWeight: 600,
        boxShadow: theme.shadows[4],
        transform: 'translateY(-200%)',
        '&:focus': { transform: 'none' },
      })}
    >
      {t('AppBar.skipToContent')}
    </Link>
  );
}
