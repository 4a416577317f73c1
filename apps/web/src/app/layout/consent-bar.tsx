import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { saveConsent, useConsent } from '../../shared/consent';

/**
 * Spec 1's consent bar: asks visitors who have not decided yet, on every page, without blocking
 * it. Sticky rather than fixed, so at the end of a page it sits below the footer instead of
 * covering its links. It is the app's only first-visit prompt, the login page included (issue 19:
 * a dialog there and a bar elsewhere asked the same thing twice, differently). Like spec 2.9's
 * dialog it has no close button: it goes only once a decision is saved, and until then nothing is
 * tracked.
 */
export function ConsentBar() {
  const { t } = useTranslation();
  const decision = useConsent();
  if (decision !== null) return null;

  return (
    <Paper
      component="section"
      aria-labelledby="consent-bar-title"
      elevation={8}
      square
      sx={{
        position: 'sticky',
        bottom: 0,
        // Above the page and the desktop drawer, below dialogs and snackbars.
        zIndex: (theme) => theme.zIndex.drawer + 1,
        borderTop: 1,
        borderColor: 'divider',
      }}
    >
      <Container maxWidth="lg">
        <Stack
          direction={{ xs: 'column', md: 'row' }}
          spacing={2}
          sx={{ py: 2, alignItems: { xs: 'stretch', md: 'center' } }}
        >
          <Box sx={{ flex: 1 }}>
            <Typography id="consent-bar-title" variant="subtitle2" component="h2">
              {t('consentBar.title')}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('consentBar.text')}{' '}
              <Link component={RouterLink} to="/privacy">
                {t('consentBar.privacy')}
              </Link>
              {' · '}
              <Link component={RouterLink} to="/cookies">
                {t('consentBar.cookies')}
              </Link>
            </Typography>
          </Box>
          {/* Both answers weigh the same: declining must be as easy as accepting. */}
          <Stack direction="row" spacing={1} sx={{ flexShrink: 0, justifyContent: 'flex-end' }}>
            <Button variant="outlined" onClick={() => saveConsent(false)}>
              {t('consentBar.decline')}
            </Button>
            <Button variant="contained" onClick={() => saveConsent(true)}>
              {t('consentBar.accept')}
            </Button>
          </Stack>
        </Stack>
      </Container>
    </Paper>
  );
}
