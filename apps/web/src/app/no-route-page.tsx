import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../shared/ui/use-page-title';
import { PublicFrame } from './layout/public-layout';

/** Spec 2.1: any other path shows 'No route for' followed by the path (the prefix is translated). */
export function NoRouteMessage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  usePageTitle('noRouteTitle');
  return (
    <Stack spacing={3} sx={{ alignItems: 'center', textAlign: 'center', py: 6 }}>
      <Typography variant="h6" component="h1" sx={{ wordBreak: 'break-all' }}>
        {`${t('noRoute')} ${pathname}`}
      </Typography>
      <Button component={RouterLink} to="/" variant="outlined">
        {t('common.toHome')}
      </Button>
    </Stack>
  );
}

export function NoRoutePage() {
  return (
    <PublicFrame>
      <NoRouteMessage />
    </PublicFrame>
  );
}
