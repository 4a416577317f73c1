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
import { failureText, ShareFileChips } from './share-file-chips';

/** The first rows fill a phone's first screen: their thumbnails load at once, the rest when scrolled to. */
const EAGER_ROWS = 4;

/** The download button's width, kept by a withdrawn row too so that the columns stay in line. */
const BUTTON_SIZE = 40;

/**
 * The files of a share page (issue 20.1), each under the name it has in the zip, with what tells it
 * apart (asset, GTIN, format, pixels, size) and its own download. Issue 20.3: a withdrawn file stays
 * listed, greyed, with no download (the server gives it no URL); a replaced one says that the link
 * now delivers its new version. Issue 21.4: a converted file names its preset; one still being made
 * says so, one that failed says why, and neither has a download yet.
 */
export function ShareFileList({ files }: { files: readonly ShareFile[] }) {
  const { t, i18n } = useTranslation();
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
          // A file still being made has no size yet (0); a failed one never gets one.
          file.status === 'preparing' || file.status === 'failed' ? null : formatFileSize(file.size, lang),
        ].filter(Boolean);
        const withdrawn = file.status === 'withdrawn';
        // Not downloadable, and not in the zip (yet): shown greyed like a withdrawn file.
        const unavailable = withdrawn || file.status === 'preparing' || file.status === 'failed';
        return (
          <Stack
            component="li"
            key={file.position}
            direction="row"
            spacing={2}
            sx={{ alignItems: 'center', py: 1.5, borderTop: 1, borderColor: 'divider', textAlign: 'left' }}
          >
            <Box sx={{ opacity: unavailable ? 0.4 : 1, filter: unavailable ? 'grayscale(1)' : undefined }}>
              <CartThumbnail src={file.thumbUrl} size={64} eager={index < EAGER_ROWS} />
            </Box>
            {/* Greyed by the secondary text colour, not a fainter one: it must stay readable (contrast). */}
            <Box sx={{ flex: 1, minWidth: 0, color: unavailable ? 'text.secondary' : undefined }}>
              <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{file.name}</Typography>
              <ShareFileChips file={file} />
              {file.status === 'failed' && (
                <Typography variant="body2" color="error" sx={{ overflowWrap: 'anywhere' }}>
                  {failureText(file.failure, t, (key) => i18n.exists(key))}
                </Typography>
              )}
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {file.assetNames[lang]}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {facts.join(' · ')}
              </Typography>
            </Box>
            {unavailable || file.url === null ? (
              <Box sx={{ width: BUTTON_SIZE, flexShrink: 0 }} />
            ) : (
              <IconButton
                component="a"
                href={file.url}
                download=""
                aria-label={t('download.downloadFile', { name: file.name })}
                color="primary"
              >
                <FileDownloadOutlinedIcon />
              </IconButton>
            )}
          </Stack>
        );
      })}
    </Box>
  );
}
