import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useStoredUser } from '../../shared/auth/user-store';
import { usePreference } from '../../shared/preferences';
import { usePageTitle } from '../../shared/ui/use-page-title';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@mediabox/contract';
import { useRootCategories } from './api/use-root-categories';
import { CategoryCards } from './components/category-cards';
import { EmptyCatalogue } from './components/empty-catalogue';

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
        <EmptyCatalogue country={t(`countries.${country}`)} canManage={user?.isSuperUser === true} />
      )}
    </Stack>
  );
}
