import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Download, Message } from '@mediabox/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../shared/ui/use-page-title';
import { isMobileDevice } from '../lib/is-mobile-device';
import { BundlePanel } from './bundle-panel';

/** The frame both /messages and /downloads share: heading, loading, error, empty text or the panels. */
export function BundleListPage({
  section,
  query,
}: {
  section: 'messages' | 'downloads';
  query: UseQueryResult<(Download | Message)[]>;
}) {
  const { t } = useTranslation();
  usePageTitle(`${section}.pageTitle`);
  const mobile = isMobileDevice();

  return (
    <Stack spacing={2}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 600, color: 'primary.dark' }}>
        {t(`${section}.heading`)}
      </Typography>
      <Typography color="text.secondary">{t(`${section}.intro`)}</Typography>
      {query.isPending ? (
        <Stack sx={{ alignItems: 'center', py: 4 }}>
          <CircularProgress size={28} aria-label={t('common.loading')} />
        </Stack>
      ) : query.isError ? (
        <Alert severity="error">{t(`${section}.error`)}</Alert>
      ) : query.data.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
          <Typography color="text.secondary">{t(`${section}.empty`)}</Typography>
        </Paper>
      ) : (
        <div>
          {query.data.map((bundle) => (
            <BundlePanel key={bundle._id} bundle={bundle} mobile={mobile} />
          ))}
        </div>
      )}
    </Stack>
  );
}
