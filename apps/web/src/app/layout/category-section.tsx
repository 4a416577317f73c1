import CategoryOutlinedIcon from '@mui/icons-material/CategoryOutlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** The category menu of spec 2.2; empty until the catalogue feature fills it. */
export function CategorySection() {
  const { t } = useTranslation();
  return (
    <Box component="nav" aria-labelledby="drawer-categories-heading" sx={{ px: 2, py: 1.5 }}>
      <Typography
        id="drawer-categories-heading"
        variant="overline"
        color="text.secondary"
        component="h2"
        sx={{ display: 'block', mb: 1 }}
      >
        {t('drawer.categories')}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', color: 'text.secondary' }}>
        <CategoryOutlinedIcon fontSize="small" aria-hidden />
        <Typography variant="body2">{t('drawer.categoriesEmpty')}</Typography>
      </Box>
    </Box>
  );
}
