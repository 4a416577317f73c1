import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PRODUCT_NAME } from '@mediabox/contract';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSettings } from '../../shared/api/settings';
import { useStoredUser } from '../../shared/auth/user-store';
import { deferredComponent } from '../../shared/ui/deferred-component';
import { LanguageSwitch } from '../../shared/ui/language-switch';

const LINKS = [
  { to: '/imprint', key: 'footer.imprint' },
  { to: '/privacy', key: 'footer.privacy' },
  { to: '/termsofservice', key: 'footer.terms' },
  { to: '/contact', key: 'footer.contact' },
] as const;

// The settings dialog is code no first render needs: it comes shortly after start, or on the first click.
const useTrackingSettingsDialog = deferredComponent(() => import('./tracking-settings-dialog'));

/**
 * Spec 2.2: copyright, legal links, login only when logged out, language switch; plus the tracking
 * settings, so a decision can be changed from every page (spec 1).
 */
export function Footer() {
  const { t } = useTranslation();
  const user = useStoredUser();
  const settings = useSettings();
  // The operator's name comes from the server; the product name stands in until it has loaded.
  const company = settings.data?.companyName ?? PRODUCT_NAME;
  const links = user ? LINKS : [...LINKS, { to: '/login', key: 'footer.login' } as const];
  const [settingsOpen, setSettingsOpen] = useState(false);
  const TrackingSettingsDialog = useTrackingSettingsDialog(settingsOpen);

  return (
    <Box component="footer" sx={{ borderTop: 1, borderColor: 'divider', bgcolor: 'background.paper', mt: 4 }}>
      <Container maxWidth="lg">
        <Stack
          direction={{ xs: 'column', md: 'row' }}
          spacing={{ xs: 1.5, md: 3 }}
          sx={{ py: 2, alignItems: 'center', justifyContent: 'space-between' }}
        >
          <Typography variant="body2" color="text.secondary">
            {t('footer.copyright', { year: new Date().getFullYear(), company })}
          </Typography>
          <Stack
            component="nav"
            aria-label={t('footer.navigation')}
            direction="row"
            spacing={2}
            useFlexGap
            sx={{ flexWrap: 'wrap', justifyContent: 'center' }}
          >
            {links.map((link) => (
              <Link
                key={link.to}
                component={RouterLink}
                to={link.to}
                variant="body2"
                color="text.secondary"
                underline="hover"
              >
                {t(link.key)}
              </Link>
            ))}
            <Link
              component="button"
              type="button"
              variant="body2"
              color="text.secondary"
              underline="hover"
              onClick={() => setSettingsOpen(true)}
            >
              {t('footer.trackingSettings')}
            </Link>
          </Stack>
          <LanguageSwitch />
        </Stack>
      </Container>
      {TrackingSettingsDialog && (
        <TrackingSettingsDialog open={settingsOpen} onClose={() => setSettingsOpen(false)} />
      )}
    </Box>
  );
}
