import CloudDownloadOutlinedIcon from '@mui/icons-material/CloudDownloadOutlined';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { usePageTitle } from '../../../shared/ui/use-page-title';
import { ShareContents } from '../components/share-contents';
import { useBundleContents } from '../hooks/use-bundle-contents';
import { useBundleLink } from '../hooks/use-bundle-link';
import { useLinkLanguage } from '../hooks/use-link-language';

/**
 * Spec 2.8 `/download/{filename}`, for guests and signed-in users alike: loading, then the download
 * starts by itself; a button starts it by hand. An unknown or expired link reads 'Ungültiger Link'.
 * Issue 20.1: below, the share page lists what the link holds, file by file, with its validity, in
 * the sender's language (`?lang=`) or the recipient's pick of the footer's language switch.
 * Issue 20.2: a link its sender revoked says so, and offers no file.
 * Issue 21.4: while the bundle's converted files are made, the page says how many are done (asking
 * every second), the download waits, and it starts by itself once they are.
 */
export default function DownloadLinkPage() {
  const { t } = useTranslation();
  usePageTitle('download.pageTitle');
  const filename = useParams().filename ?? '';
  const { state, url, progress } = useBundleLink(filename);
  const preparing = state === 'preparing';
  const contents = useBundleContents(filename, state === 'valid' || preparing, !preparing);
  useLinkLanguage(contents.data?.lang);

  const manualButton = preparing ? (
    <Button variant="contained" size="large" startIcon={<CloudDownloadOutlinedIcon />} disabled>
      {t('download.button')}
    </Button>
  ) : (
    <Button variant="contained" size="large" startIcon={<CloudDownloadOutlinedIcon />} href={url} download="">
      {t('download.button')}
    </Button>
  );
  const contentsView = contents.data && (
    <ShareContents
      contents={contents.data}
      progress={preparing ? (progress ?? contents.data.progress) : undefined}
    />
  );

  return (
    <Paper
      variant="outlined"
      sx={{
        maxWidth: contents.data ? 880 : 560,
        mx: 'auto',
        mt: { xs: 2, md: 6 },
        p: { xs: 2, sm: 3, md: 5 },
      }}
    >
      <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center' }}>
        {state === 'checking' && (
          <>
            <CircularProgress aria-label={t('download.checking')} />
            <Typography>{t('download.checking')}</Typography>
          </>
        )}
        {preparing && (
          <>
            <Typography variant="h5" component="h1">
              {t('conversions.share.heading')}
            </Typography>
            <Typography color="text.secondary">{t('conversions.share.wait')}</Typography>
            {manualButton}
            {contentsView}
            {contents.isError && (
              <Typography color="text.secondary" role="alert">
                {t('download.contentsError')}
              </Typography>
            )}
          </>
        )}
        {state === 'valid' && (
          <>
            <Typography variant="h5" component="h1">
              {t('download.started')}
            </Typography>
            <Typography color="text.secondary">{t('download.manual')}</Typography>
            {manualButton}
            {contentsView}
            {contents.isError && (
              <Typography color="text.secondary" role="alert">
                {t('download.contentsError')}
              </Typography>
            )}
          </>
        )}
        {(state === 'invalid' || state === 'expired') && (
          <>
            <LinkOffIcon color="error" sx={{ fontSize: 56 }} aria-hidden />
            <Typography variant="h5" component="h1">
              {t('download.errors.invalidLink')}
            </Typography>
            {state === 'expired' && (
              <Typography color="text.secondary">{t('download.errors.expired')}</Typography>
            )}
          </>
        )}
        {state === 'revoked' && (
          <>
            <LinkOffIcon color="error" sx={{ fontSize: 56 }} aria-hidden />
            <Typography variant="h5" component="h1">
              {t('download.errors.revoked')}
            </Typography>
          </>
        )}
        {state === 'unreachable' && (
          <>
            <Typography variant="h5" component="h1">
              {t('download.pageTitle')}
            </Typography>
            <Typography color="text.secondary" role="alert">
              {t('download.errors.check')}
            </Typography>
            {manualButton}
          </>
        )}
      </Stack>
    </Paper>
  );
}
