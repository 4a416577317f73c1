import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { BundleProgress, ShareContentsAnswer } from '@mediabox/contract';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../shared/i18n/use-language';
import { formatDate, formatFileSize } from '../../../shared/text/format';
import { MakingProgress } from './making-progress';
import { ShareFileList } from './share-file-list';

/**
 * The share page's contents (issue 20.1): how long the link works, the zip's exact size, the files.
 * Issue 20.3: withdrawn files are listed but not counted, since the zip no longer holds them; issue
 * 20.2: at a recipient's own link, one sentence tells what the sender learns of it. Issue 21.4: while
 * converted files are made, how many are done instead of the zip (whose size is not known yet);
 * failed conversions are not counted, the zip leaves them out.
 */
export function ShareContents({
  contents,
  progress = contents.progress,
}: {
  contents: ShareContentsAnswer;
  /** The latest progress, when the page asks for it more often than for the contents. */
  progress?: BundleProgress;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const withdrawn = contents.files.filter((file) => file.status === 'withdrawn').length;
  const failed = contents.files.filter((file) => file.status === 'failed').length;
  const inZip = contents.files.length - withdrawn - failed;
  return (
    <Stack spacing={1} sx={{ width: '100%', pt: 2 }}>
      <Typography>{t('download.validUntil', { date: formatDate(contents.validUntil, lang) })}</Typography>
      <Typography variant="h6" component="h2">
        {t('download.contents')}
      </Typography>
      <Typography color="text.secondary">
        {t('download.fileCount', { count: inZip })}
        {withdrawn > 0 && <> ({t('download.withdrawnCount', { count: withdrawn })})</>}
        {failed > 0 && <> ({t('conversions.share.failedCount', { count: failed })})</>}
        {inZip > 0 && progress.ready && (
          <>
            {' · '}
            <Link href={contents.zip.url} download="">
              {t('download.allAsZip', { size: formatFileSize(contents.zip.size, lang) })}
            </Link>
          </>
        )}
      </Typography>
      {!progress.ready && <MakingProgress role="status" progress={progress} sx={{ maxWidth: 480 }} />}
      <ShareFileList files={contents.files} />
      {contents.tracked && (
        <Typography variant="body2" color="text.secondary" sx={{ pt: 1 }}>
          {t('download.tracked')}
        </Typography>
      )}
    </Stack>
  );
}
