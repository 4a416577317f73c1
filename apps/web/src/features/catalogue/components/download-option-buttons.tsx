import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Asset } from '@mediabox/contract';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../shared/i18n/use-language';
import { downloadOptions } from '../lib/download-options';
import { formatFileSize } from '../lib/format';

/**
 * Spec 2.5 download options where the table does not fit (a phone): one full-width button per file,
 * saying what it downloads and how big it is, so the page's main action is in reach of a thumb.
 */
export function DownloadOptionButtons({ asset }: { asset: Asset }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  return (
    <Stack component="ul" spacing={1} sx={{ p: 0, m: 0, listStyle: 'none' }}>
      {downloadOptions(asset, lang, t).map((option) => (
        <li key={option.key}>
          <Button
            variant="outlined"
            fullWidth
            href={option.href}
            download={option.fileName}
            startIcon={<FileDownloadOutlinedIcon />}
            sx={{ justifyContent: 'flex-start', textAlign: 'left', textTransform: 'none', py: 1 }}
          >
            <span>
              <Typography component="span" variant="body2" sx={{ display: 'block', fontWeight: 600 }}>
                {t('asset.downloads.downloadNamed', { type: option.label })}
              </Typography>
              <Typography
                component="span"
                variant="caption"
                sx={{ display: 'block', color: 'text.secondary' }}
              >
                {`${option.detail} · ${formatFileSize(option.fileSize, lang)}`}
              </Typography>
            </span>
          </Button>
        </li>
      ))}
    </Stack>
  );
}
