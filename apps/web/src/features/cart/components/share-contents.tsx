import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ShareContentsAnswer } from '@mediabox/contract';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../shared/i18n/use-language';
import { formatDate, formatFileSize } from '../../../shared/text/format';
import { ShareFileList } from './share-file-list';

/** The share page's contents (issue 20.1): how long the link works, the zip's exact size, the files. */
export function ShareContents({ contents }: { contents: ShareContentsAnswer }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  return (
    <Stack spacing={1} sx={{ width: '100%', pt: 2 }}>
      <Typography>{t('download.validUntil', { date: formatDate(contents.validUntil, lang) })}</Typography>
      <Typography variant="h6" component="h2">
        {t('download.contents')}
      </Typography>
      <Typography color="text.secondary">
        {t('download.fileCount', { count: contents.files.length })} ·{' '}
        <Link href={contents.zip.url} download="">
          {t('download.allAsZip', { size: formatFileSize(contents.zip.size, lang) })}
        </Link>
      </Typography>
      <ShareFileList files={contents.files} />
    </Stack>
  );
}
