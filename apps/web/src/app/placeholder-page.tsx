import ConstructionRoundedIcon from '@mui/icons-material/ConstructionRounded';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../shared/ui/use-page-title';

/** Stands in for screens that later issues build, so every route of spec 2.1 already leads somewhere. */
export function PlaceholderPage({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  usePageTitle(titleKey);
  return (
    <Paper
      variant="outlined"
      sx={{ maxWidth: 560, mx: 'auto', mt: { xs: 2, md: 6 }, p: { xs: 3, md: 5 }, textAlign: 'center' }}
    >
      <ConstructionRoundedIcon color="primary" sx={{ fontSize: 56, mb: 2 }} aria-hidden />
      <Typography variant="overline" color="primary" sx={{ display: 'block', fontWeight: 600 }}>
        {t('placeholder.title')}
      </Typography>
      <Typography variant="h5" component="h1" gutterBottom>
        {t(titleKey)}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('placeholder.text')}
      </Typography>
      <Button component={RouterLink} to="/" variant="contained">
        {t('common.toHome')}
      </Button>
    </Paper>
  );
}
