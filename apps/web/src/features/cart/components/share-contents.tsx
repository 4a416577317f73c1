import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ShareContentsAnswer } from '@mediabox/contract';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../shared/i18n/use-language';
import { formatDate, formatFileSize } from '../../../shared/text/format';
import { ShareFileList } from './share-file-list';

/**
 * The share page's contents (issue 20.1): how long the link works, the zip's exact size, the files.
 * Issue 20.3: withdrawn files are listed but not counted, since the zip no longer holds them; issue
 * 20.2: at a recipient's own link, one sentence tells what the sender learns of it.
 */
export function ShareContents({ contents }: { contents: ShareContentsAnswer }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const withdrawn = contents.files.filter((file) => file.status === 'withdrawn').length;
  const inZip = contents.files.length - withdrawn;
  return (
    <Stack spacing={1} sx={{ width: '100%', pt: 2 }}>
      <Typography>{t('download.validUntil', { date: formatDate(contents.validUntil, lang) })}</Typography>
      <Typography variant="h6" component="h2">
        {t('download.contents')}
      </Typography>
      <Typography color="text.secondary">
        {t('download.fileCount', { count: inZip })}
        {withdrawn > 0 && <> ({t('download.withdrawnCount', { count: withdrawn })})</>}
        {inZip > 0 && (
          <>
            {' · '}
            <Link href={contents.zip.url} download="">
              {t('download.allAsZip', { size: formatFileSize(contents.zip.size, lang) })}
            </Link>
          </>
        )}
      </Typography>
      <ShareFileList files={contents.files} />
      {contents.tracked && (
        <Typography variant="body2" color="text.secondary" sx={{ pt: 1 }}>
          {t('download.tracked')}
        </Typography>
      )}
    </Stack>
  );
}
