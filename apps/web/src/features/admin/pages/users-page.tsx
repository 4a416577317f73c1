import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  ADMIN_PAGE_SIZE,
  USER_STATES,
  type AdminUser,
  type AdminUserUpdate,
  type UserState,
} from '@mediabox/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/text/format';
import { PageLoading } from '../../../shared/ui/page-loading';
import { useSnackbar } from '../../../shared/ui/snackbar';
import { useUpdateUser, useUsers } from '../api/admin-api';
import type { UsersRequest } from '../api/admin-keys';
import { ConfirmDialog } from '../components/confirm-dialog';
import { SsoSettingsPanel } from '../components/sso-settings-panel';
import { UserStateChip } from '../components/user-state-chip';
import { useDebouncedValue } from '../hooks/use-debounced-value';
import { errorKeys } from '../lib/admin-errors';
import { AdminPagination } from '../components/admin-pagination';
import { PhoneStackedTable } from '../../../shared/ui/phone-stacked-table';
import { AdminTableHead, EmptyTableRow } from '../components/admin-table-parts';

const COLUMNS = [
  'name',
  'email',
  'company',
  'state',
  'internal',
  'superUser',
  'lastLogin',
  'downloads',
  // Issue 23: password, company account (SSO) or both.
  'signIn',
  'actions',
] as const;

/** A change that needs a yes first: deactivation, reactivation and super-user rights. */
interface PendingChange {
  user: AdminUser;
  update: AdminUserUpdate;
  /** admin.users.confirm.<kind>.{title,text,yes} */
  kind: 'deactivate' | 'reactivate' | 'grantSuperUser' | 'revokeSuperUser';
}

const fullName = (user: AdminUser) => `${user.firstname} ${user.lastname}`.trim();

/** Issue 6 `/admin/users`: every account, filtered and paged by the server. */
export default function UsersPage() {
  const { t, i18n } = useTranslation();
  const snackbar = useSnackbar();
  const [search, setSearch] = useState('');
  const [company, setCompany] = useState('');
  const [state, setState] = useState<UserState | ''>('');
  const [page, setPage] = useState(0);
  const [limit, setLimit] = useState(ADMIN_PAGE_SIZE);
  const [pending, setPending] = useState<PendingChange | null>(null);
  // The dialog keeps its last question while it fades out, so it does not go blank on closing.
  const [asked, setAsked] = useState<PendingChange | null>(null);
  const query = useDebouncedValue(search.trim());
  const companyQuery = useDebouncedValue(company.trim());

  const request: UsersRequest = {
    query: query || undefined,
    state: state || undefined,
    company: companyQuery || undefined,
    offset: page * limit,
    limit,
  };
  const users = useUsers(request);
  // After a change shrank the list (a deactivation under a state filter), go back to the last page
  // that still has rows, which asks the server for it.
  const lastPage = users.data ? Math.max(0, Math.ceil(users.data.total / limit) - 1) : page;
  if (page > lastPage) setPage(lastPage);
  const update = useUpdateUser();

  // Any new filter starts on the first page; kept in state so the page resets in the same render.
  const filterKey = `${query}|${companyQuery}|${state}|${limit}`;
  const [shownFilter, setShownFilter] = useState(filterKey);
  if (shownFilter !== filterKey) {
    setShownFilter(filterKey);
    setPage(0);
  }

  const apply = (user: AdminUser, change: AdminUserUpdate, onDone?: () => void) => {
    update.mutate(
      { id: user.userId, update: change },
      {
        onSuccess: () => {
          onDone?.();
          snackbar.show('admin.users.saved', 'success', { name: fullName(user) });
        },
      },
    );
  };
  const ask = (change: PendingChange) => {
    update.reset();
    setPending(change);
    setAsked(change);
  };
  const cancel = () => {
    setPending(null);
    // A refusal shown in the dialog must not reappear above the table.
    update.reset();
  };

  return (
    <Stack spacing={2}>
      <SsoSettingsPanel />
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        <TextField
          size="small"
          type="search"
          label={t('admin.users.search')}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          sx={{ minWidth: 260 }}
        />
        <TextField
          size="small"
          select
          label={t('admin.users.stateFilter')}
          value={state}
          onChange={(event) => setState(event.target.value as UserState | '')}
          sx={{ minWidth: 220 }}
        >
          <MenuItem value="">{t('admin.users.allStates')}</MenuItem>
          {USER_STATES.map((id) => (
            <MenuItem key={id} value={id}>
              {t(`admin.states.${id}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          label={t('admin.users.companyFilter')}
          value={company}
          onChange={(event) => setCompany(event.target.value)}
          sx={{ minWidth: 220 }}
        />
      </Stack>
      {/* Flag switches have no dialog to show a refusal in: it stays above the table until closed. */}
      {update.isError && !pending && (
        <Alert severity="error" onClose={() => update.reset()}>
          {t(errorKeys(update.error))}
        </Alert>
      )}
      {users.isPending ? (
        <PageLoading />
      ) : users.isError ? (
        <Alert severity="error">{t('admin.loadFailed')}</Alert>
      ) : (
        <>
          <PhoneStackedTable
            label={t('admin.users.label')}
            columnHeadings={COLUMNS.map((column) => t(`admin.users.columns.${column}`))}
          >
            <Table size="small" aria-label={t('admin.users.label')}>
              <AdminTableHead columns={COLUMNS} label={(column) => t(`admin.users.columns.${column}`)} />
              <TableBody>
                {users.data.users.length === 0 ? (
                  <EmptyTableRow colSpan={COLUMNS.length}>
                    <Typography color="text.secondary">{t('admin.users.empty')}</Typography>
                  </EmptyTableRow>
                ) : (
                  users.data.users.map((user) => {
                    const name = fullName(user);
                    const active = user.state !== 'deactivated';
                    return (
                      <TableRow key={user.userId} data-user-id={user.userId}>
                        <TableCell sx={{ fontWeight: 500 }}>{name}</TableCell>
                        <TableCell sx={{ wordBreak: 'break-all' }}>{user.email}</TableCell>
                        <TableCell>{user.company}</TableCell>
                        <TableCell>
                          <UserStateChip state={user.state} />
                        </TableCell>
                        <TableCell>
                          <Switch
                            size="small"
                            checked={user.jde}
                            disabled={update.isPending}
                            onChange={() => apply(user, { jde: !user.jde })}
                            slotProps={{ input: { 'aria-label': t('admin.users.internalOf', { name }) } }}
                          />
                        </TableCell>
                        <TableCell>
                          <Switch
                            size="small"
                            checked={user.isSuperUser}
                            disabled={update.isPending}
                            onChange={() =>
                              ask({
                                user,
                                update: { isSuperUser: !user.isSuperUser },
                                kind: user.isSuperUser ? 'revokeSuperUser' : 'grantSuperUser',
                              })
                            }
                            slotProps={{ input: { 'aria-label': t('admin.users.superUserOf', { name }) } }}
                          />
                        </TableCell>
                        <TableCell sx={{ whiteSpace: 'nowrap' }}>
                          {user.lastLoginAt
                            ? formatDateTime(user.lastLoginAt, i18n.language)
                            : t('admin.users.never')}
                        </TableCell>
                        <TableCell sx={{ textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>
                          {user.downloadCount}
                        </TableCell>
                        <TableCell sx={{ whiteSpace: 'nowrap' }}>
                          {t(`admin.users.signInMethods.${user.signInMethod ?? 'password'}`)}
                        </TableCell>
                        <TableCell>
                          <Button
                            size="small"
                            color={active ? 'error' : 'primary'}
                            onClick={() =>
                              ask({
                                user,
                                update: { active: !active },
                                kind: active ? 'deactivate' : 'reactivate',
                              })
                            }
                            aria-label={t(`admin.users.${active ? 'deactivateOne' : 'reactivateOne'}`, {
                              name,
                            })}
                          >
                            {t(`admin.users.${active ? 'deactivate' : 'reactivate'}`)}
                          </Button>
                        </TableCell>
                      </TableRow>
                    );
                  })
                )}
              </TableBody>
            </Table>
          </PhoneStackedTable>
          <AdminPagination
            total={users.data.total}
            page={Math.min(page, lastPage)}
            limit={limit}
            onPageChange={setPage}
            onLimitChange={setLimit}
          />
        </>
      )}
      <ConfirmDialog
        open={pending !== null}
        title={asked ? t(`admin.users.confirm.${asked.kind}.title`) : ''}
        text={asked ? t(`admin.users.confirm.${asked.kind}.text`, { name: fullName(asked.user) }) : ''}
        confirmLabel={asked ? t(`admin.users.confirm.${asked.kind}.yes`) : ''}
        pending={update.isPending}
        error={pending && update.isError ? errorKeys(update.error) : null}
        onConfirm={() => pending && apply(pending.user, pending.update, () => setPending(null))}
        onCancel={cancel}
      />
    </Stack>
  );
}
