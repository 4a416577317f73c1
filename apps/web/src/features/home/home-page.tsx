import CategoryOutlinedIcon from '@mui/icons-material/CategoryOutlined';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useStoredUser } from '../../shared/auth/user-store';
import { usePreference } from '../../shared/preferences';
import { usePageTitle } from '../../shared/ui/use-page-title';

/** Home (spec 2.1 `/`): a welcome, and the place where the catalogue's category cards will appear. */
export default function HomePage() {
  const { t } = useTranslation();
  const user = useStoredUser();
  const [country] = usePreference('country');
  usePageTitle('nav.home');

  return (
    <Stack spacing={3} sx={{ maxWidth: 1100, mx: 'auto' }}>
      <Box>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 600, color: 'primary.dark' }}>
          {user?.firstname ? t('home.welcome', { name: user.firstname }) : t('home.welcomeAnonymous')}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {t('home.intro')}
        </Typography>
      </Box>
      <Paper
        variant="outlined"
        sx={{
          p: { xs: 4, md: 6 },
          textAlign: 'center',
          borderStyle: 'dashed',
          borderColor: 'secondary.dark',
          bgcolor: 'secondary.light',
        }}
      >
        <Box
          aria-hidden
          sx={{
            width: 72,
            height: 72,
            mx: 'auto',
            mb: 2,
            borderRadius: '50%',
            display: 'grid',
            placeItems: 'center',
            bgcolor: 'secondary.main',
            color: 'primary.main',
          }}
        >
          <CategoryOutlinedIcon sx={{ fontSize: 36 }} />
        </Box>
        <Typography variant="h6" component="h2" gutterBottom>
          {t('home.emptyTitle')}
        </Typography>
        <Typography color="text.secondary" sx={{ maxWidth: 460, mx: 'auto' }}>
          {t('home.emptyText', { country: t(`countries.${country}`) })}
        </Typography>
      </Paper>
    </Stack>
  );
}
