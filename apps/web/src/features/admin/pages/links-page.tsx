import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ADMIN_PAGE_SIZE, type AdminRecipientLink } from '@mediabox/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoading } from '../../../shared/ui/page-loading';
import { PhoneStackedTable } from '../../../shared/ui/phone-stacked-table';
import { useSnackbar } from '../../../shared/ui/snackbar';
import type { LinksRequest } from '../api/admin-keys';
import { useAdminLinks, useRevokeLink } from '../api/links-api';
import { AdminPagination } from '../components/admin-pagination';
import { AdminTableHead, EmptyTableRow } from '../components/admin-table-parts';
import { ConfirmDialog } from '../components/confirm-dialog';
import { LINK_COLUMNS, LinkRow } from '../components/link-row';
import { useDebouncedValue } from '../hooks/use-debounced-value';
import { errorKeys } from '../lib/admin-errors';

/** Issue 20.2 `/admin/links`: every recipient's link of every sent cart, with its activity, newest first. */
export default function LinksPage() {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const [limit, setLimit] = useState(ADMIN_PAGE_SIZE);
  const [revoking, setRevoking] = useState<AdminRecipientLink | null>(null);
  // The dialog keeps its last link while it fades out, so its text does not go blank on closing.
  const [asked, setAsked] = useState<AdminRecipientLink | null>(null);
  const q = useDebouncedValue(search.trim());

  // A new search starts on the first page; kept in state so the page resets in the same render.
  const filterKey = `${q}|${limit}`;
  const [shownFilter, setShownFilter] = useState(filterKey);
  if (shownFilter !== filterKey) {
    setShownFilter(filterKey);
    setPage(0);
  }
  const request: LinksRequest = { q, offset: page * limit, limit };
  const links = useAdminLinks(request);
  const revoke = useRevokeLink();
  const columns = LINK_COLUMNS.map((column) => t(`admin.links.columns.${column}`));

  const confirm = () => {
    if (!revoking) return;
    const { recipient } = revoking;
    revoke.mutate(revoking.name, {
      onSuccess: () => {
        setRevoking(null);
        snackbar.show('admin.links.revoked', 'success', { recipient });
      },
    });
  };

  return (
    <Stack spacing={2}>
      <TextField
        size="small"
        type="search"
        label={t('admin.links.search')}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        sx={{ maxWidth: 440 }}
      />
      {links.isPending ? (
        <PageLoading />
      ) : links.isError ? (
        <Alert severity="error">{t('admin.loadFailed')}</Alert>
      ) : (
        <>
          <PhoneStackedTable label={t('admin.links.label')} columnHeadings={columns}>
            <Table size="small" aria-label={t('admin.links.label')}>
              <AdminTableHead columns={LINK_COLUMNS} label={(column) => t(`admin.links.columns.${column}`)} />
              <TableBody>
                {links.data.links.length === 0 ? (
                  <EmptyTableRow colSpan={LINK_COLUMNS.length}>
                    <Typography color="text.secondary">{t('admin.links.empty')}</Typography>
                  </EmptyTableRow>
                ) : (
                  links.data.links.map((link) => (
                    <LinkRow
                      key={link.name}
                      link={link}
                      onRevoke={() => {
                        revoke.reset();
                        setRevoking(link);
                        setAsked(link);
                      }}
                    />
                  ))
                )}
              </TableBody>
            </Table>
          </PhoneStackedTable>
          <AdminPagination
            total={links.data.total}
            page={page}
            limit={limit}
            onPageChange={setPage}
            onLimitChange={setLimit}
          />
        </>
      )}
      <ConfirmDialog
        open={revoking !== null}
        title={t('admin.links.revokeDialog.title')}
        text={asked ? t('admin.links.revokeDialog.text', { recipient: asked.recipient }) : ''}
        confirmLabel={t('admin.links.revokeDialog.yes')}
        pending={revoke.isPending}
        error={revoking && revoke.isError ? errorKeys(revoke.error) : null}
        onConfirm={confirm}
        onCancel={() => {
          setRevoking(null);
          revoke.reset();
        }}
      />
    </Stack>
  );
}
