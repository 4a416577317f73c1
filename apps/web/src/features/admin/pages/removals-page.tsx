import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { PendingRemovalRequest } from '@mediabox/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { localizedName } from '../../../shared/cart/asset-name';
import { assetPath } from '../../../shared/routing/paths';
import { formatDateTime } from '../../../shared/text/format';
import { PageLoading } from '../../../shared/ui/page-loading';
import { RetryingImage } from '../../../shared/ui/retrying-image';
import { useSnackbar } from '../../../shared/ui/snackbar';
import { useDecideRemoval, useRemovalRequests } from '../api/admin-api';
import { ConfirmDialog } from '../components/confirm-dialog';
import { errorKeys } from '../lib/admin-errors';
import { PhoneStackedTable } from '../../../shared/ui/phone-stacked-table';
import { AdminTableHead, EmptyTableRow } from '../components/admin-table-parts';

const COLUMNS = ['asset', 'requestedBy', 'reason', 'requestedAt', 'actions'] as const;

/** Issue 6 `/admin/removals`: users' requests to withdraw an asset, oldest first. */
export default function RemovalsPage() {
  const { t, i18n } = useTranslation();
  const snackbar = useSnackbar();
  const requests = useRemovalRequests();
  const decide = useDecideRemoval();
  const [confirming, setConfirming] = useState<PendingRemovalRequest | null>(null);
  // The dialog keeps its last asset while it fades out, so its text does not go blank on closing.
  const [asked, setAsked] = useState<PendingRemovalRequest | null>(null);
  const nameOf = (request: PendingRemovalRequest) => localizedName(request.name, i18n.language);

  const confirm = () => {
    if (!confirming) return;
    const name = nameOf(confirming);
    decide.mutate(
      { assetId: confirming.assetId, decision: 'confirm' },
      {
        onSuccess: (told) => {
          setConfirming(null);
          snackbar.show('admin.takedowns.withdrawnTold', 'success', { name, count: told });
        },
      },
    );
  };
  // Dismissing changes nothing on the asset, so it needs no second question.
  const dismiss = (request: PendingRemovalRequest) =>
    decide.mutate(
      { assetId: request.assetId, decision: 'dismiss' },
      { onSuccess: () => snackbar.show('admin.removals.dismissed', 'success', { name: nameOf(request) }) },
    );

  if (requests.isPending) return <PageLoading />;
  if (requests.isError) return <Alert severity="error">{t('admin.loadFailed')}</Alert>;
  const rows = requests.data.requests;

  return (
    <>
      {decide.isError && !confirming && (
        <Alert severity="error" sx={{ mb: 2 }} onClose={() => decide.reset()}>
          {t(errorKeys(decide.error))}
        </Alert>
      )}
      <PhoneStackedTable
        label={t('admin.removals.label')}
        columnHeadings={COLUMNS.map((column) => t(`admin.removals.columns.${column}`))}
      >
        <Table size="small" aria-label={t('admin.removals.label')}>
          <AdminTableHead columns={COLUMNS} label={(column) => t(`admin.removals.columns.${column}`)} />
          <TableBody>
            {rows.length === 0 ? (
              <EmptyTableRow colSpan={COLUMNS.length}>
                <Typography color="text.secondary">{t('admin.removals.empty')}</Typography>
              </EmptyTableRow>
            ) : (
              rows.map((request) => {
                const name = nameOf(request);
                const by = request.requestedBy;
                return (
                  <TableRow key={request.assetId} data-asset-id={request.assetId}>
                    <TableCell>
                      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
                        {request.thumbTicket && (
                          <Box sx={{ position: 'relative', width: 48, height: 48, flexShrink: 0 }}>
                            <RetryingImage src={request.thumbTicket} alt="" />
                          </Box>
                        )}
                        <Link component={RouterLink} to={assetPath(request.assetId)} sx={{ fontWeight: 500 }}>
                          {name}
                        </Link>
                      </Stack>
                    </TableCell>
                    <TableCell>
                      {by ? (
                        <>
                          <div>{`${by.firstname} ${by.lastname}`.trim()}</div>
                          <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
                            {by.email}
                          </Typography>
                        </>
                      ) : (
                        <Typography color="text.secondary">{t('admin.removals.deletedAccount')}</Typography>
                      )}
                    </TableCell>
                    <TableCell sx={{ maxWidth: 360, whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                      {request.reason}
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      {formatDateTime(request.requestedAt, i18n.language)}
                    </TableCell>
                    <TableCell>
                      <Stack direction="row" spacing={1}>
                        <Button
                          size="small"
                          variant="contained"
                          color="error"
                          onClick={() => {
                            decide.reset();
                            setConfirming(request);
                            setAsked(request);
                          }}
                          aria-label={t('admin.removals.confirmOne', { name })}
                        >
                          {t('admin.removals.confirm')}
                        </Button>
                        <Button
                          size="small"
                          disabled={decide.isPending}
                          onClick={() => dismiss(request)}
                          aria-label={t('admin.removals.dismissOne', { name })}
                        >
                          {t('admin.removals.dismiss')}
                        </Button>
                      </Stack>
                    </TableCell>
                  </TableRow>
                );
              })
            )}
          </TableBody>
        </Table>
      </PhoneStackedTable>
      <ConfirmDialog
        open={confirming !== null}
        title={t('admin.removals.confirmDialog.title')}
        text={asked ? t('admin.removals.confirmDialog.text', { name: nameOf(asked) }) : ''}
        confirmLabel={t('admin.removals.confirmDialog.yes')}
        pending={decide.isPending}
        error={confirming && decide.isError ? errorKeys(decide.error) : null}
        onConfirm={confirm}
        onCancel={() => {
          setConfirming(null);
          // A refusal shown in the dialog must not reappear above the table.
          decide.reset();
        }}
      />
    </>
  );
}
