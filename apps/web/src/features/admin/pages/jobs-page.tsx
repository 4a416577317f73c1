import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { ADMIN_PAGE_SIZE, JOB_STATES, type AdminJob, type JobState } from '@mediabox/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { formatDateTime } from '../../../shared/text/format';
import { PageLoading } from '../../../shared/ui/page-loading';
import { useSnackbar } from '../../../shared/ui/snackbar';
import { useJobs, useRetryJob } from '../api/admin-api';
import { AdminPagination } from '../components/admin-pagination';
import { JobError } from '../components/job-error';
import { JobLanes } from '../components/job-lanes';
import { errorKeys } from '../lib/admin-errors';
import { jobNameKey, jobStateOf } from '../lib/jobs';
import { PhoneStackedTable } from '../../../shared/ui/phone-stacked-table';
import { AdminTableHead, EmptyTableRow } from '../components/admin-table-parts';

/** Failed jobs can be run again; waiting ones show when they run, or that they run now. */
const COLUMNS = {
  failed: ['name', 'attempts', 'failedAt', 'lastError', 'actions'],
  waiting: ['name', 'attempts', 'runAt', 'lastError'],
} as const satisfies Record<JobState, readonly string[]>;

/** The job's name, its technical name and id (the log names it `Job #id`), and whether it recurs. */
function JobName({ job, label }: { job: AdminJob; label: string }) {
  const { t } = useTranslation();
  const known = label !== job.name;
  return (
    <Stack spacing={0.25}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Box component="span" sx={{ fontWeight: 500 }}>
          {label}
        </Box>
        {job.recurring && <Chip size="small" variant="outlined" label={t('admin.jobs.recurring')} />}
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
        {known ? `${job.name} · #${job.id}` : `#${job.id}`}
      </Typography>
    </Stack>
  );
}

/** Instead of its run time: a job a runner holds right now is not waiting, whatever its list. */
function RunningNow() {
  const { t } = useTranslation();
  return <Chip size="small" color="info" label={t('admin.jobs.running')} />;
}

/** One state's jobs, paged by the server; keyed by the state, so each starts on its first page. */
function JobsList({ state }: { state: JobState }) {
  const { t, i18n } = useTranslation();
  const snackbar = useSnackbar();
  const [page, setPage] = useState(0);
  const [limit, setLimit] = useState(ADMIN_PAGE_SIZE);
  const jobs = useJobs({ state, offset: page * limit, limit });
  const retry = useRetryJob();
  // A job run again leaves the failed list: when that emptied the last page, go back to the last
  // page that still has rows, which asks the server for it.
  const lastPage = jobs.data ? Math.max(0, Math.ceil(jobs.data.total / limit) - 1) : page;
  if (page > lastPage) setPage(lastPage);
  const columns = COLUMNS[state];
  const labelOf = (job: AdminJob) => {
    const key = jobNameKey(job.name);
    return key ? t(key) : job.name;
  };

  const runAgain = (job: AdminJob) =>
    retry.mutate(job.id, {
      onSuccess: ({ outcome }) =>
        snackbar.show(`admin.jobs.${outcome}`, outcome === 'retried' ? 'success' : 'info', {
          name: labelOf(job),
          id: job.id,
        }),
    });

  if (jobs.isPending) return <PageLoading />;
  if (jobs.isError) return <Alert severity="error">{t('admin.loadFailed')}</Alert>;

  return (
    <>
      {/* What the installation lacks (Ghostscript for EPS previews): the server says it with the list. */}
      {jobs.data.notices?.map((notice) => (
        <Alert key={notice} severity="warning">
          {t(`admin.jobs.notices.${notice}`)}
        </Alert>
      ))}
      <JobLanes lanes={jobs.data.lanes} />
      <Typography variant="body2" color="text.secondary">
        {t(`admin.jobs.hints.${state}`)}
      </Typography>
      {retry.isError && (
        <Alert severity="error" onClose={() => retry.reset()}>
          {t(errorKeys(retry.error))}
        </Alert>
      )}
      <PhoneStackedTable
        label={t(`admin.jobs.labels.${state}`)}
        columnHeadings={columns.map((column) => t(`admin.jobs.columns.${column}`))}
      >
        <Table size="small" aria-label={t(`admin.jobs.labels.${state}`)}>
          <AdminTableHead columns={columns} label={(column) => t(`admin.jobs.columns.${column}`)} />
          <TableBody>
            {jobs.data.jobs.length === 0 ? (
              <EmptyTableRow colSpan={columns.length}>
                <Typography color="text.secondary">{t(`admin.jobs.empty.${state}`)}</Typography>
              </EmptyTableRow>
            ) : (
              jobs.data.jobs.map((job) => {
                const label = labelOf(job);
                const at = state === 'failed' ? job.failedAt : job.runAt;
                return (
                  <TableRow key={job.id} data-job-id={job.id}>
                    <TableCell sx={{ minWidth: 200 }}>
                      <JobName job={job} label={label} />
                    </TableCell>
                    <TableCell
                      sx={{ whiteSpace: 'nowrap' }}
                    >{`${job.attempts} / ${job.maxAttempts}`}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      {job.running ? <RunningNow /> : at ? formatDateTime(at, i18n.language) : '–'}
                    </TableCell>
                    <TableCell sx={{ minWidth: 240, maxWidth: 480 }}>
                      <JobError error={job.lastError} />
                    </TableCell>
                    {state === 'failed' && (
                      <TableCell>
                        <Button
                          size="small"
                          variant="outlined"
                          disabled={retry.isPending}
                          onClick={() => runAgain(job)}
                          aria-label={t('admin.jobs.retryOne', { name: label, id: job.id })}
                          sx={{ whiteSpace: 'nowrap' }}
                        >
                          {t('admin.jobs.retry')}
                        </Button>
                      </TableCell>
                    )}
                  </TableRow>
                );
              })
            )}
          </TableBody>
        </Table>
      </PhoneStackedTable>
      <AdminPagination
        total={jobs.data.total}
        page={page}
        limit={limit}
        onPageChange={setPage}
        onLimitChange={setLimit}
      />
    </>
  );
}

/**
 * Issue 7 `/admin/jobs`: background jobs (mail, previews, search index, clean-ups), the failed ones
 * with their last error and a way to run them again, or those waiting to run. The state is kept in
 * the address (`?state=waiting`), so a link opens the same list.
 */
export default function JobsPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const state = jobStateOf(search.get('state'));

  const choose = (next: JobState) => {
    const params = new URLSearchParams(search);
    if (next === 'failed') params.delete('state');
    else params.set('state', next);
    setSearch(params);
  };

  return (
    <Stack spacing={2}>
      <ToggleButtonGroup
        size="small"
        exclusive
        value={state}
        aria-label={t('admin.jobs.stateLabel')}
        onChange={(_event, next: JobState | null) => next && choose(next)}
        sx={{ alignSelf: 'flex-start' }}
      >
        {JOB_STATES.map((id) => (
          <ToggleButton key={id} value={id} sx={{ px: 2 }}>
            {t(`admin.jobs.states.${id}`)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <JobsList key={state} state={state} />
    </Stack>
  );
}
