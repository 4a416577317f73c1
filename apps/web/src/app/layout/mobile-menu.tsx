import MoreVertIcon from '@mui/icons-material/MoreVert';
import IconButton from '@mui/material/IconButton';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deferredComponent } from '../../shared/ui/deferred-component';

// Like the profile menu, the open menu's code comes shortly after start, or on the first click.
const useMobileMenuPopup = deferredComponent(() => import('./mobile-menu-popup'));

/** Below the md breakpoint the badges and the profile menu fold into one overflow menu (spec 2.2). */
export function MobileMenu() {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const MobileMenuPopup = useMobileMenuPopup(Boolean(anchor));

  return (
    <>
      <IconButton
        color="inherit"
        aria-label={t('AppBar.more')}
        aria-haspopup="menu"
        aria-expanded={Boolean(anchor)}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <MoreVertIcon />
      </IconButton>
      {MobileMenuPopup && <MobileMenuPopup anchor={anchor} onClose={() => setAnchor(null)} />}
    </>
  );
}
