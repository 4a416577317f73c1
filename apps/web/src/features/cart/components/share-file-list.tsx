import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MEDIA_TYPES, type MediaType, type ShareFile } from '@mediabox/contract';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../shared/i18n/use-language';
import { formatFileSize } from '../../../shared/text/format';
import { CartThumbnail } from './cart-thumbnail';

/** The first rows fill a phone's first screen: their thumbnails load at once, the rest when scrolled to. */
const EAGER_ROWS = 4;

/**
 * The files of a share page (issue 20.1), each under the name it has in the zip, with what tells it
 * apart (asset, GTIN, format, pixels, size) and its own download.
 */
export function ShareFileList({ files }: { files: readonly ShareFile[] }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, width: '100%' }}>
      {files.map((file, index) => {
        const format = Object.hasOwn(MEDIA_TYPES, file.mediaType)
          ? MEDIA_TYPES[file.mediaType as MediaType].name[lang]
          : null;
        const facts = [
          file.gtin ? `GTIN ${file.gtin}` : null,
          format,
          file.width && file.height ? t('download.pixels', { width: file.width, height: file.height }) : null,
          formatFileSize(file.size, lang),
        ].filter(Boolean);
        return (
          <Stack
            component="li"
            key={file.position}
            direction="row"
            spacing={2}
            sx={{ alignItems: 'center', py: 1.5, borderTop: 1, borderColor: 'divider', textAlign: 'left' }}
          >
            <CartThumbnail src={file.thumbUrl} size={64} eager={index < EAGER_ROWS} />
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{file.name}</Typography>
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {file.assetNames[lang]}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {facts.join(' · ')}
              </Typography>
            </Box>
            <IconButton
              component="a"
              href={file.url}
              download=""
              aria-label={t('download.downloadFile', { name: file.name })}
              color="primary"
            >
              <FileDownloadOutlinedIcon />
            </IconButton>
          </Stack>
        );
      })}
    </Box>
  );
}
