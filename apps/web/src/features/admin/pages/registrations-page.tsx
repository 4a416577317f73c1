import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { Registration } from '@mediabox/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/text/format';
import { PageLoading } from '../../../shared/ui/page-loading';
import { useSnackbar } from '../../../shared/ui/snackbar';
import { useApproveRegistration, useRegistrations, useRejectRegistration } from '../api/admin-api';
import { RejectDialog } from '../components/reject-dialog';
import { errorKeys } from '../lib/admin-errors';
import { isOverdue, waitingHours } from '../lib/waiting-time';
import { PhoneStackedTable } from '../../../shared/ui/phone-stacked-table';
import { EmptyTableRow } from '../components/admin-table-parts';

const fullName = (person: { firstname: string; lastname: string }) =>
  `${person.firstname} ${person.lastname}`.trim();

const COLUMNS = [
  'name',
  'company',
  'email',
  'contactPerson',
  'internal',
  'confirmedAt',
  'waiting',
  'actions',
] as const;

/** Issue 6 `/admin/registrations`: confirmed registrations waiting for a super user's decision. */
export default function RegistrationsPage() {
  const { t, i18n } = useTranslation();
  const snackbar = useSnackbar();
  const registrations = useRegistrations();
  const approve = useApproveRegistration();
  const reject = useRejectRegistration();
  const [rejecting, setRejecting] = useState<Registration | null>(null);

  const approveOne = (registration: Registration) =>
    approve.mutate(registration.userId, {
      onSuccess: () =>
        snackbar.show('admin.registrations.approved', 'success', { name: fullName(registration) }),
    });

  const rejectOne = (reason: string) => {
    if (!rejecting) return;
    const name = fullName(rejecting);
    reject.mutate(
      { id: rejecting.userId, reason },
      {
        onSuccess: () => {
          setRejecting(null);
          snackbar.show('admin.registrations.rejected', 'success', { name });
        },
      },
    );
  };

  if (registrations.isPending) return <PageLoading />;
  if (registrations.isError) return <Alert severity="error">{t('admin.loadFailed')}</Alert>;
  const rows = registrations.data.registrations;

  return (
    <>
      {/* A row action has no dialog to show its failure in: it stays above the table until closed. */}
      {approve.isError && (
        <Alert severity="error" sx={{ mb: 2 }} onClose={() => approve.reset()}>
          {t(errorKeys(approve.error))}
        </Alert>
      )}
      <PhoneStackedTable
        label={t('admin.registrations.label')}
        columnHeadings={COLUMNS.map((column) => t(`admin.registrations.columns.${column}`))}
      >
        <Table size="small" aria-label={t('admin.registrations.label')}>
          <TableHead>
            <TableRow>
              {COLUMNS.map((column) => (
                <TableCell key={column} sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}>
                  {t(`admin.registrations.columns.${column}`)}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.length === 0 ? (
              <EmptyTableRow colSpan={COLUMNS.length}>
                <Typography color="text.secondary">{t('admin.registrations.empty')}</Typography>
              </EmptyTableRow>
            ) : (
              rows.map((registration) => {
                const hours = waitingHours(registration.confirmedAt ?? registration.createdAt);
                const overdue = isOverdue(hours);
                return (
                  <TableRow key={registration.userId} data-user-id={registration.userId}>
                    <TableCell sx={{ fontWeight: 500 }}>{fullName(registration)}</TableCell>
                    <TableCell>{registration.company}</TableCell>
                    <TableCell sx={{ wordBreak: 'break-all' }}>{registration.email}</TableCell>
                    <TableCell>{registration.contactPerson}</TableCell>
                    <TableCell>{t(registration.jde ? 'admin.yes' : 'admin.no')}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      {registration.confirmedAt
                        ? formatDateTime(registration.confirmedAt, i18n.language)
                        : '–'}
                    </TableCell>
                    <TableCell
                      data-overdue={overdue}
                      sx={{
                        whiteSpace: 'nowrap',
                        ...(overdue && { color: 'error.main', fontWeight: 600 }),
                      }}
                    >
                      {t('admin.registrations.waitingFor', { count: hours })}
                    </TableCell>
                    <TableCell>
                      <Stack direction="row" spacing={1}>
                        <Button
                          size="small"
                          variant="contained"
                          disabled={approve.isPending}
                          onClick={() => approveOne(registration)}
                          aria-label={t('admin.registrations.approveOne', { name: fullName(registration) })}
                        >
                          {t('admin.registrations.approve')}
                        </Button>
                        <Button
                          size="small"
                          color="error"
                          onClick={() => {
                            reject.reset();
                            setRejecting(registration);
                          }}
                          aria-label={t('admin.registrations.rejectOne', { name: fullName(registration) })}
                        >
                          {t('admin.registrations.reject')}
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
      <RejectDialog
        name={rejecting ? fullName(rejecting) : null}
        pending={reject.isPending}
        error={reject.isError ? errorKeys(reject.error) : null}
        onReject={rejectOne}
        onCancel={() => setRejecting(null)}
      />
    </>
  );
}
