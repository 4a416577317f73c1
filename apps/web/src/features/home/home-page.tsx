import CategoryOutlinedIcon from '@mui/icons-material/CategoryOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useStoredUser } from '../../shared/auth/user-store';
import { usePreference } from '../../shared/preferences';
import { usePageTitle } from '../../shared/ui/use-page-title';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@mediabox/contract';
import { useRootCategories } from './api/use-root-categories';
import { CategoryCards } from './components/category-cards';

/** Home (spec 2.1 `/`): a welcome and the category cards of the chosen country's root. */
export default function HomePage() {
  const { t, i18n } = useTranslation();
  const user = useStoredUser();
  const [country] = usePreference('country');
  const categories = useRootCategories(country);
  const lang = (
    (LANGUAGES as readonly string[]).includes(i18n.language) ? i18n.language : DEFAULT_LANGUAGE
  ) as Language;
  usePageTitle('nav.home');
  const children = categories.data?.children ?? [];

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
      {categories.isPending && (
        <CircularProgress aria-label={t('common.loading')} sx={{ alignSelf: 'center' }} />
      )}
      {categories.isError && <Alert severity="error">{t('home.categoriesError')}</Alert>}
      {children.length > 0 && (
        <CategoryCards nodes={children} lang={lang} label={t('home.categoriesTitle')} />
      )}
      {categories.isSuccess && children.length === 0 && (
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
      )}
    </Stack>
  );
}
