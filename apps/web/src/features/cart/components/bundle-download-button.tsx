import CloudDownloadOutlinedIcon from '@mui/icons-material/CloudDownloadOutlined';
import Button from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { useState, type MouseEvent } from 'react';
import type { BundleProgress } from '@mediabox/contract';
import { bundleFileUrl, downloadAddress } from '../api/bundle-link';
import { waitUntilReady } from '../api/bundle-progress';
import { downloadUrl } from '../../../shared/ui/save-blob';
import { MakingProgress } from './making-progress';

/**
 * Spec 2.7: downloads a bundle; disabled on mobile devices. A plain link to the zip, so the browser
 * streams it to disk (the server sends it as an attachment) instead of the app holding it in memory.
 * A sent bundle's converted files may still be being made (issue 21.4): the click waits for them,
 * showing how far they are, and then downloads.
 */
export function BundleDownloadButton({ filename, mobile }: { filename: string; mobile: boolean }) {
  const { t } = useTranslation();
  const [progress, setProgress] = useState<BundleProgress | null>(null);
  const download = async () => {
    try {
      await waitUntilReady(filename, (answer) => setProgress(answer.ready ? null : answer));
    } finally {
      setProgress(null);
    }
    downloadUrl(await downloadAddress(filename));
  };
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
              if (!progress) void download();
            }}
          >
            {t('bundles.download')}
          </Button>
        )}
        {progress && <MakingProgress progress={progress} sx={{ mt: 1 }} />}
      </span>
    </Tooltip>
  );
}
