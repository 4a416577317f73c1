import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
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
import { compactJson, fullJson } from '../lib/audit-values';
import { catalogueHref } from '../lib/catalogue-paths';
import { AdminPagination } from '../components/admin-pagination';
import { PhoneStackedTable } from '../../../shared/ui/phone-stacked-table';
import { AdminTableHead, EmptyTableRow } from '../components/admin-table-parts';

const COLUMNS = ['at', 'actor', 'action', 'target', 'change'] as const;

function Target({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation();
  const text = t(`admin.audit.targets.${entry.targetType}`, { id: entry.targetId });
  // Assets have a page to look at, categories their place in the catalogue administration; users
  // have none outside this screen.
  const to =
    entry.targetType === 'asset'
      ? assetPath(entry.targetId)
      : entry.targetType === 'node'
        ? catalogueHref(entry.targetId)
        : null;
  return to ? (
    <Link component={RouterLink} to={to}>
      {text}
    </Link>
  ) : (
    <>{text}</>
  );
}

/** Issue 6 `/admin/audit`: who did what to whom, newest first, paged by the server. */
export default function AuditPage() {
  const { t, i18n } = useTranslation();
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
          <PhoneStackedTable
            label={t('admin.audit.label')}
            columnHeadings={COLUMNS.map((column) => t(`admin.audit.columns.${column}`))}
          >
            <Table size="small" aria-label={t('admin.audit.label')}>
              <AdminTableHead columns={COLUMNS} label={(column) => t(`admin.audit.columns.${column}`)} />
              <TableBody>
                {audit.data.entries.length === 0 ? (
                  <EmptyTableRow colSpan={COLUMNS.length}>
                    <Typography color="text.secondary">{t('admin.audit.empty')}</Typography>
                  </EmptyTableRow>
                ) : (
                  audit.data.entries.map((entry) => (
                    <TableRow key={entry.id} data-entry-id={entry.id}>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>
                        {formatDateTime(entry.at, i18n.language)}
                      </TableCell>
                      <TableCell sx={{ wordBreak: 'break-all' }}>{entry.actor.email}</TableCell>
                      <TableCell>{t(`admin.audit.actions.${entry.action}`)}</TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>
                        <Target entry={entry} />
                      </TableCell>
                      <TableCell>
                        <Box
                          component="code"
                          title={`${fullJson(entry.before)} → ${fullJson(entry.after)}`}
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
          </PhoneStackedTable>
          <AdminPagination
            total={audit.data.total}
            page={page}
            limit={limit}
            onPageChange={setPage}
            onLimitChange={setLimit}
          />
        </>
      )}
    </Stack>
  );
}
