import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BadgeButton } from './badge-button';
import { CartQuickView } from './cart-quick-view';
import { ProfileMenu } from './profile-menu';
import { useHeaderEntries } from './use-header-entries';

/** Desktop badges (orders, messages, downloads, cart) and the profile menu. */
export function HeaderActions() {
  const { t } = useTranslation();
  const entries = useHeaderEntries();
  const [cartAnchor, setCartAnchor] = useState<HTMLElement | null>(null);

  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
      {entries.map(({ id, labelKey, Icon, count, to }) =>
        id === 'cart' ? (
          <BadgeButton
            key={id}
            label={t(labelKey)}
            count={count}
            icon={<Icon />}
            onClick={(event) => setCartAnchor(event.currentTarget)}
          />
        ) : (
          <BadgeButton key={id} label={t(labelKey)} count={count} icon={<Icon />} to={to} />
        ),
      )}
      <CartQuickView anchorEl={cartAnchor} onClose={() => setCartAnchor(null)} />
      <ProfileMenu />
    </Stack>
  );
}
