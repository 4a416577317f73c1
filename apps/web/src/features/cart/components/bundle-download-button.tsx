import CloudDownloadOutlinedIcon from '@mui/icons-material/CloudDownloadOutlined';
import Button from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import type { MouseEvent } from 'react';
import { bundleFileUrl, downloadAddress } from '../api/bundle-link';
import { downloadUrl } from '../../../shared/ui/save-blob';

/**
 * Spec 2.7: downloads a bundle; disabled on mobile devices. A plain link to the zip, so the browser
 * streams it to disk (the server sends it as an attachment) instead of the app holding it in memory.
 */
export function BundleDownloadButton({ filename, mobile }: { filename: string; mobile: boolean }) {
  const { t } = useTranslation();
  return (
    <Tooltip title={mobile ? t('bundles.mobileHint') : ''}>
      <span>
        {mobile ? (
          <Button variant="contained" startIcon={<CloudDownloadOutlinedIcon />} disabled>
            {t('bundles.download')}
          </Button>
        ) : (
          <Button
            variant="contained"
            startIcon={<CloudDownloadOutlinedIcon />}
            href={bundleFileUrl(filename)}
            download=""
            onClick={(event: MouseEvent) => {
              // The plain link stays as the href (open in new tab, copy link); a click downloads
              // through the link signed for the user, so the download counts as theirs.
              event.preventDefault();
              void downloadAddress(filename).then(downloadUrl);
            }}
          >
            {t('bundles.download')}
          </Button>
        )}
      </span>
    </Tooltip>
  );
}
