import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deferredComponent } from '../../shared/ui/deferred-component';
import { BadgeButton } from './badge-button';
import { ProfileMenu } from './profile-menu';
import { useHeaderEntries } from './use-header-entries';

// The quick view is code no first render needs: it comes shortly after start, or on the first click.
const useCartQuickView = deferredComponent(() => import('./cart-quick-view'));

/** Only from md up; below, these fold into the overflow menu (mobile-menu.tsx). */
const desktopOnly = { display: { xs: 'none', md: 'flex' } };

/**
 * The badges (orders, messages, downloads, cart) and the profile menu. The cart stays in the bar at
 * every width: on a phone, too, the count is what shows that an addition arrived (issue 19).
 */
export function HeaderActions() {
  const { t } = useTranslation();
  const entries = useHeaderEntries();
  const [cartOpen, setCartOpen] = useState(false);
  // Looked up when the quick view positions itself: the button is mounted anew once its hint arrives.
  const cartButton = useRef<HTMLButtonElement>(null);
  const CartQuickView = useCartQuickView(cartOpen);

  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
      {entries.map(({ id, labelKey, emptyKey, neutral, Icon, count, to }) => (
        <Box key={id} sx={id === 'cart' ? { display: 'flex' } : desktopOnly}>
          <BadgeButton
            label={t(labelKey)}
            emptyHint={t(emptyKey)}
            neutral={neutral}
            count={count}
            icon={<Icon />}
            {...(id === 'cart' ? { buttonRef: cartButton, onClick: () => setCartOpen(true) } : { to })}
          />
        </Box>
      ))}
      {CartQuickView && (
        <CartQuickView
          open={cartOpen}
          anchor={() => cartButton.current ?? document.body}
          onClose={() => setCartOpen(false)}
        />
      )}
      <Box sx={desktopOnly}>
        <ProfileMenu />
      </Box>
    </Stack>
  );
}
