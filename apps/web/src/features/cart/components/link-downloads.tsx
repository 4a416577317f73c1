import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { LinkDownload } from '@mediabox/contract';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/text/format';

/**
 * What a recipient took through their link (issue 20.2), newest first: the file's delivered name
 * or "all as ZIP", when (DD.MM.YYYY HH:mm in German), and whether its last byte went out.
 */
export function LinkDownloads({ downloads, label }: { downloads: readonly LinkDownload[]; label: string }) {
  const { t, i18n } = useTranslation();
  if (downloads.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        {t('messages.links.noDownloads')}
      </Typography>
    );
  }
  return (
    <Box component="ul" aria-label={label} sx={{ m: 0, pl: 2.5 }}>
      {downloads.map((download, index) => (
        <Typography component="li" variant="body2" key={`${download.at}-${index}`}>
          <Box
            component="span"
            sx={{ fontFamily: download.name ? 'monospace' : undefined, overflowWrap: 'anywhere' }}
          >
            {download.name ?? t('messages.links.allAsZip')}
          </Box>
          {' · '}
          {formatDateTime(download.at, i18n.language)}
          {' · '}
          {/* Words, not a colour: an unfinished download must read as such to everyone. */}
          {t(download.complete ? 'messages.links.complete' : 'messages.links.incomplete')}
        </Typography>
      ))}
    </Box>
  );
}
