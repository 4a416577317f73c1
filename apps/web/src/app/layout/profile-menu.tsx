import AccountCircleOutlinedIcon from '@mui/icons-material/AccountCircleOutlined';
import IconButton from '@mui/material/IconButton';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deferredComponent } from '../../shared/ui/deferred-component';
import { HintTooltip } from '../../shared/ui/hint-tooltip';

// The menu itself is code no first render needs: it arrives shortly after start, or on the first click.
const useProfileMenuPopup = deferredComponent(() => import('./profile-menu-popup'));

/** Spec 2.2 profile menu: profile, language de/en/fr, logout. */
export function ProfileMenu() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  // Looked up when the menu positions itself: the button is mounted anew once its hint arrives.
  const button = useRef<HTMLButtonElement>(null);
  const ProfileMenuPopup = useProfileMenuPopup(open);

  return (
    <>
      <HintTooltip title={t('AppBar.profile.menu')}>
        <IconButton
          ref={button}
          color="inherit"
          aria-label={t('AppBar.profile.menu')}
          aria-haspopup="menu"
          aria-expanded={open}
          onClick={() => setOpen(true)}
        >
          <AccountCircleOutlinedIcon />
        </IconButton>
      </HintTooltip>
      {ProfileMenuPopup && (
        <ProfileMenuPopup
          open={open}
          anchor={() => button.current ?? document.body}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}
