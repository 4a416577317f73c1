import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** A search whose category filter hides every hit says so, with the way out (issue 19.6). */
export function FilteredEmpty({ onRemoveFilters }: { onRemoveFilters: () => void }) {
  const { t } = useTranslation();
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1.5}
      sx={{ alignItems: 'center', justifyContent: 'center', py: 4 }}
    >
      <Typography color="text.secondary">{t('search.filteredEmpty')}</Typography>
      <Button variant="outlined" onClick={onRemoveFilters}>
        {t('search.removeFilters')}
      </Button>
    </Stack>
  );
}
