import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ADMIN_PAGE_SIZE, AUDIT_ACTIONS, type AuditAction, type AuditEntry } from '@mediabox/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { assetPath } from '../../../shared/routing/paths';
import { formatDateTime } from '../../../shared/text/format';
import { PageLoading } from '../../../shared/ui/page-loading';
import { useAudit } from '../api/admin-api';
import { compactJson } from '../lib/audit-values';

const PAGE_SIZES = [25, ADMIN_PAGE_SIZE, 100];
const COLUMNS = ['at', 'actor', 'action', 'target', 'change'] as const;
const PAGE_LABELS = {
  first: 'admin.paging.firstPage',
  previous: 'admin.paging.previousPage',
  next: 'admin.paging.nextPage',
  last: 'admin.paging.lastPage',
} as const;

function Target({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation();
  const text = t(`admin.audit.targets.${entry.targetType}`, { id: entry.targetId });
  // Assets have a page to look at; users have none outside this screen.
  return entry.targetType === 'asset' ? (
    <Link component={RouterLink} to={assetPath(entry.targetId)}>
      {text}
    </Link>
  ) : (
    <>{text}</>
  );
}

/** Issue 6 `/admin/audit`: who did what to whom, newest first, paged by the server. */
export default function AuditPage() {
  const { t } = useTranslation();
  const [action, setAction] = useState<AuditAction | ''>('');
  const [page, setPage] = useState(0);
  const [limit, setLimit] = useState(ADMIN_PAGE_SIZE);
  const audit = useAudit({ action: action || undefined, offset: page * limit, limit });

  return (
    <Stack spacing={2}>
      <TextField
        size="small"
        select
        label={t('admin.audit.actionFilter')}
        value={action}
        onChange={(event) => {
          setAction(event.target.value as AuditAction | '');
          setPage(0);
        }}
        sx={{ maxWidth: 320 }}
      >
        <MenuItem value="">{t('admin.audit.allActions')}</MenuItem>
        {AUDIT_ACTIONS.map((id) => (
          <MenuItem key={id} value={id}>
            {t(`admin.audit.actions.${id}`)}
          </MenuItem>
        ))}
      </TextField>
      {audit.isPending ? (
        <PageLoading />
      ) : audit.isError ? (
        <Alert severity="error">{t('admin.loadFailed')}</Alert>
      ) : (
        <>
          <TableContainer>
            <Table size="small" aria-label={t('admin.audit.label')}>
              <TableHead>
                <TableRow>
                  {COLUMNS.map((column) => (
                    <TableCell key={column} sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}>
                      {t(`admin.audit.columns.${column}`)}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {audit.data.entries.length === 0 ? (
                  <TableRow>
                    <TableCell colSpan={COLUMNS.length} sx={{ py: 4, textAlign: 'center' }}>
                      <Typography color="text.secondary">{t('admin.audit.empty')}</Typography>
                    </TableCell>
                  </TableRow>
                ) : (
                  audit.data.entries.map((entry) => (
                    <TableRow key={entry.id} data-entry-id={entry.id}>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(entry.at)}</TableCell>
                      <TableCell sx={{ wordBreak: 'break-all' }}>{entry.actor.email}</TableCell>
                      <TableCell>{t(`admin.audit.actions.${entry.action}`)}</TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>
                        <Target entry={entry} />
                      </TableCell>
                      <TableCell>
                        <Box
                          component="code"
                          sx={{ fontSize: '0.8rem', wordBreak: 'break-all', color: 'text.secondary' }}
                        >
                          {`${compactJson(entry.before)} → ${compactJson(entry.after)}`}
                        </Box>
                      </TableCell>
                    </TableRow>
                  ))
                )}
              </TableBody>
            </Table>
          </TableContainer>
          <TablePagination
            component="div"
            count={audit.data.total}
            page={page}
            rowsPerPage={limit}
            rowsPerPageOptions={PAGE_SIZES}
            onPageChange={(_event, next) => setPage(next)}
            onRowsPerPageChange={(event) => {
              setLimit(Number(event.target.value));
              setPage(0);
            }}
            labelRowsPerPage={t('admin.paging.rowsPerPage')}
            labelDisplayedRows={({ from, to, count }) => t('admin.paging.displayedRows', { from, to, count })}
            getItemAriaLabel={(type) => t(PAGE_LABELS[type])}
          />
        </>
      )}
    </Stack>
  );
}
