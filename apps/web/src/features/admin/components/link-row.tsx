import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { LINK_DOWNLOADS_SHOWN, type AdminRecipientLink, type LinkDownload } from '@mediabox/contract';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime } from '../../../shared/text/format';
import { LinkStateChip } from './link-state-chip';

/**
 * The columns of the links table, in the order `LinkRow` fills them. Related facts share a cell on
 * two lines (subject and articles, sending and validity, first and last activity, the state and its
 * revocation), so the table fits beside the side menu at 1366 px instead of scrolling sideways.
 */
export const LINK_COLUMNS = [
  'recipient',
  'sender',
  'subject',
  'sent',
  'state',
  'activity',
  'downloads',
] as const;

/** A second, quieter line under a cell's main text. */
function Secondary({ children }: { children: string }) {
  return (
    <Typography variant="body2" color="text.secondary">
      {children}
    </Typography>
  );
}

/** Addresses break anywhere only when they must, not letter by letter. */
const ADDRESS = { overflowWrap: 'anywhere', minWidth: 130 } as const;

/** A date and time that wraps as a whole ("geöffnet" above "26.11.2026 12:00"), never inside. */
const moment = (value: string, lang: string) => formatDateTime(value, lang).replace(/ /g, '\u00a0');

/** One recipient's link: who got what from whom, and what they did with it. */
export function LinkRow({ link, onRevoke }: { link: AdminRecipientLink; onRevoke: () => void }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return (
    <TableRow data-link={link.name}>
      <TableCell sx={{ ...ADDRESS, fontWeight: 500 }}>{link.recipient}</TableCell>
      <TableCell sx={ADDRESS}>
        <div>{link.sender.name}</div>
        <Secondary>{link.sender.email}</Secondary>
      </TableCell>
      <TableCell sx={{ minWidth: 130, overflowWrap: 'anywhere' }}>
        <div>{link.subject}</div>
        <Secondary>{t('admin.links.items', { count: link.itemCount })}</Secondary>
      </TableCell>
      <TableCell sx={{ minWidth: 110 }}>
        <div>{moment(link.createdAt, lang)}</div>
        {link.lastSentAt !== link.createdAt && (
          <Secondary>{t('admin.links.sentAgain', { at: moment(link.lastSentAt, lang) })}</Secondary>
        )}
        <Secondary>{t('admin.links.validUntil', { date: formatDate(link.validUntil, lang) })}</Secondary>
      </TableCell>
      <TableCell>
        <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
          <LinkStateChip state={link.state} />
          {link.revokedAt && <Secondary>{formatDate(link.revokedAt, lang)}</Secondary>}
          {link.state === 'active' && (
            <Button
              size="small"
              color="error"
              onClick={onRevoke}
              aria-label={t('admin.links.revokeOne', { recipient: link.recipient })}
              sx={{ px: 0.5, minWidth: 0 }}
            >
              {t('admin.links.revoke')}
            </Button>
          )}
        </Stack>
      </TableCell>
      <TableCell sx={{ minWidth: 120 }}>
        {link.firstOpenedAt ? (
          <>
            <div>{t('admin.links.opened', { at: moment(link.firstOpenedAt, lang) })}</div>
            {link.lastActivityAt && (
              <Secondary>
                {t('admin.links.lastActivity', { at: moment(link.lastActivityAt, lang) })}
              </Secondary>
            )}
          </>
        ) : (
          <Secondary>{t('admin.links.notOpened')}</Secondary>
        )}
      </TableCell>
      <TableCell sx={{ minWidth: 150, overflowWrap: 'anywhere' }}>
        <DownloadsSummary downloads={link.downloads} />
      </TableCell>
    </TableRow>
  );
}

/**
 * How many downloads, and the newest: which file (or the zip), when, and whether it finished. The
 * answer carries only the newest LINK_DOWNLOADS_SHOWN, so a full list reads "20+".
 */
function DownloadsSummary({ downloads }: { downloads: readonly LinkDownload[] }) {
  const { t, i18n } = useTranslation();
  const newest = downloads[0];
  if (!newest) return <Secondary>{t('admin.links.noDownloads')}</Secondary>;
  const count = downloads.length >= LINK_DOWNLOADS_SHOWN ? `${downloads.length}+` : String(downloads.length);
  return (
    <Stack spacing={0.25}>
      <span>{t('admin.links.downloadCount', { count: downloads.length, shown: count })}</span>
      <Secondary>
        {t(newest.complete ? 'admin.links.newest' : 'admin.links.newestIncomplete', {
          name: newest.name ?? t('admin.links.allAsZip'),
          at: moment(newest.at, i18n.language),
        })}
      </Secondary>
    </Stack>
  );
}
