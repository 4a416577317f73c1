import Stack from '@mui/material/Stack';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deferredComponent } from '../../shared/ui/deferred-component';
import { BadgeButton } from './badge-button';
import { ProfileMenu } from './profile-menu';
import { useHeaderEntries } from './use-header-entries';

// The quick view is code no first render needs: it comes shortly after start, or on the first click.
const useCartQuickView = deferredComponent(() => import('./cart-quick-view'));

/** Desktop badges (orders, messages, downloads, cart) and the profile menu. */
export function HeaderActions() {
  const { t } = useTranslation();
  const entries = useHeaderEntries();
  const [cartOpen, setCartOpen] = useState(false);
  // Looked up when the quick view positions itself: the button is mounted anew once its hint arrives.
  const cartButton = useRef<HTMLButtonElement>(null);
  const CartQuickView = useCartQuickView(cartOpen);

  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
      {entries.map(({ id, labelKey, Icon, count, to }) =>
        id === 'cart' ? (
          <BadgeButton
            key={id}
            label={t(labelKey)}
            count={count}
            icon={<Icon />}
            buttonRef={cartButton}
            onClick={() => setCartOpen(true)}
          />
        ) : (
          <BadgeButton key={id} label={t(labelKey)} count={count} icon={<Icon />} to={to} />
        ),
      )}
      {CartQuickView && (
        <CartQuickView
          open={cartOpen}
          anchor={() => cartButton.current ?? document.body}
          onClose={() => setCartOpen(false)}
        />
      )}
      <ProfileMenu />
    </Stack>
  );
}
