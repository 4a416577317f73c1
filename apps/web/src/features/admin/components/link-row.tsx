import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { LINK_DOWNLOADS_SHOWN, type AdminRecipientLink, type LinkDownload } from '@mediabox/contract';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/text/format';
import { LinkStateChip } from './link-state-chip';

/** The columns of the links table, in the order `LinkRow` fills them. */
export const LINK_COLUMNS = [
  'recipient',
  'sender',
  'subject',
  'items',
  'sent',
  'state',
  'firstOpened',
  'lastActivity',
  'downloads',
  'validUntil',
  'actions',
] as const;

/** A second, quieter line under a cell's main text. */
function Secondary({ children }: { children: string }) {
  return (
    <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
      {children}
    </Typography>
  );
}

/** One recipient's link: who got what from whom, and what they did with it. */
export function LinkRow({ link, onRevoke }: { link: AdminRecipientLink; onRevoke: () => void }) {
  const { t, i18n } = useTranslation();
  const date = (value: string | null) => (value ? formatDateTime(value, i18n.language) : '–');
  const resent = link.lastSentAt !== link.createdAt;
  return (
    <TableRow data-link={link.name}>
      <TableCell sx={{ fontWeight: 500, wordBreak: 'break-all' }}>{link.recipient}</TableCell>
      <TableCell>
        <div>{link.sender.name}</div>
        <Secondary>{link.sender.email}</Secondary>
      </TableCell>
      <TableCell sx={{ minWidth: 140, overflowWrap: 'anywhere' }}>{link.subject}</TableCell>
      <TableCell sx={{ textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>{link.itemCount}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        <div>{date(link.createdAt)}</div>
        {resent && <Secondary>{t('admin.links.sentAgain', { at: date(link.lastSentAt) })}</Secondary>}
      </TableCell>
      <TableCell>
        <LinkStateChip state={link.state} />
        {link.revokedAt && <Secondary>{date(link.revokedAt)}</Secondary>}
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{date(link.firstOpenedAt)}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{date(link.lastActivityAt)}</TableCell>
      <TableCell sx={{ minWidth: 160 }}>
        <DownloadsSummary downloads={link.downloads} />
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{date(link.validUntil)}</TableCell>
      <TableCell>
        {link.state === 'active' && (
          <Button
            size="small"
            color="error"
            onClick={onRevoke}
            aria-label={t('admin.links.revokeOne', { recipient: link.recipient })}
          >
            {t('admin.links.revoke')}
          </Button>
        )}
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
  if (!newest) return <Typography color="text.secondary">{t('admin.links.noDownloads')}</Typography>;
  const count = downloads.length >= LINK_DOWNLOADS_SHOWN ? `${downloads.length}+` : String(downloads.length);
  return (
    <Stack spacing={0.25}>
      <span>{t('admin.links.downloadCount', { count: downloads.length, shown: count })}</span>
      <Secondary>
        {t(newest.complete ? 'admin.links.newest' : 'admin.links.newestIncomplete', {
          name: newest.name ?? t('admin.links.allAsZip'),
          at: formatDateTime(newest.at, i18n.language),
        })}
      </Secondary>
    </Stack>
  );
}
