import CategoryOutlinedIcon from '@mui/icons-material/CategoryOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

/**
 * A country root without categories (a new portal, or DEMO=false): the root itself always exists
 * (issue 16), so this is a state to explain, not an error. Super users can fill it and get the way
 * to the catalogue administration; everybody else learns that content will follow and whom to ask.
 */
export function EmptyCatalogue({ country, canManage }: { country: string; canManage: boolean }) {
  const { t } = useTranslation();
  return (
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
        {canManage ? t('home.emptyAdminTitle', { country }) : t('home.emptyTitle')}
      </Typography>
      <Typography color="text.secondary" sx={{ maxWidth: 460, mx: 'auto' }}>
        {canManage ? t('home.emptyAdminText') : t('home.emptyText', { country })}
      </Typography>
      {canManage ? (
        <Button component={RouterLink} to="/admin/catalogue" variant="contained" sx={{ mt: 3 }}>
          {t('home.emptyAdminAction')}
        </Button>
      ) : (
        <Typography color="text.secondary" sx={{ mt: 2 }}>
          {t('home.emptyQuestions')}{' '}
          <Link component={RouterLink} to="/contact">
            {t('home.emptyContact')}
          </Link>
        </Typography>
      )}
    </Paper>
  );
}
