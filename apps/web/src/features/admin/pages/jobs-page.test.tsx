import type { AdminJob, AdminJobLane } from '@mediabox/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, stubApi, type StubAnswer } from '../../../shared/testing/stub-api';
import { formatDateTime } from '../../../shared/text/format';
import { adminJob, hoursAgo, jobLanes } from '../testing/admin-fixtures';
import { renderAdminPage } from '../testing/render-admin-page';
import JobsPage from './jobs-page';

// Rendering MUI tables in jsdom is slow on the shared 2-core machines.
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => vi.unstubAllGlobals());

const STACK = 'Error: connect ECONNREFUSED 127.0.0.1:25\n    at TCPConnectWrap.afterConnect [as oncomplete]';

const waitingJobs = (): AdminJob[] => [
  adminJob(7, {
    name: 'bundles.cleanup',
    attempts: 0,
    maxAttempts: 3,
    runAt: '2026-11-22T10:30:00.000Z',
    failedAt: null,
    lastError: null,
    recurring: true,
  }),
  adminJob(8, { name: 'search.reindex', attempts: 2, maxAttempts: 10, failedAt: null, lastError: 'timeout' }),
  adminJob(9, {
    name: 'media.renditions',
    attempts: 1,
    maxAttempts: 8,
    runAt: '2026-11-22T09:00:00.000Z',
    failedAt: null,
    lastError: null,
    running: true,
  }),
];

/**
 * Stubs both lists (a failed job leaves its list once it runs again) and the retry of job 5, which
 * answers `retry` when given and otherwise moves the job to the waiting list.
 */
function renderJobs({
  failed = [
    adminJob(5),
    adminJob(6, { name: 'import.nightly', attempts: 3, maxAttempts: 3, lastError: STACK }),
  ],
  retry,
  total,
  notices,
  lanes = () => jobLanes(),
  url = '/admin/jobs',
}: {
  failed?: AdminJob[];
  retry?: StubAnswer;
  total?: number;
  notices?: string[];
  lanes?: () => AdminJobLane[];
  url?: string;
} = {}) {
  let dead = failed;
  const api = stubApi({
    'GET /api/admin/jobs': (_body, requestUrl) => {
      const jobs = requestUrl.searchParams.get('state') === 'waiting' ? waitingJobs() : dead;
      return {
        body: { jobs, total: total ?? jobs.length, lanes: lanes(), ...(notices ? { notices } : {}) },
      };
    },
    'POST /api/admin/jobs/5/retry': () => {
      if (retry) return retry;
      dead = dead.filter((job) => job.id !== 5);
      return { body: { job: adminJob(5, { attempts: 0, failedAt: null }), outcome: 'retried' } };
    },
  });
  return { api, ...renderAdminPage(<JobsPage />, url) };
}

const queries = (api: ReturnType<typeof stubApi>) =>
  api.callsTo('GET', '/api/admin/jobs').map((call) => Object.fromEntries(call.url.searchParams));

const rowOf = async (id: number) => {
  await screen.findByRole('table');
  return document.querySelector(`tr[data-job-id="${id}"]`) as HTMLElement;
};

describe('background jobs', () => {
  it('lists the failed jobs by name, with attempts, time and last error', async () => {
    const { api, user } = renderJobs();
    const table = await screen.findByRole('table', { name: 'Failed background jobs' });
    expect(screen.getByRole('button', { name: 'Failed' }).getAttribute('aria-pressed')).toBe('true');
    expect(queries(api)[0]).toEqual({ state: 'failed', offset: '0', limit: '50' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['Job', 'Attempts', 'Failed on', 'Last error', 'Actions']);

    const mail = await rowOf(5);
    expect(within(mail).getByText('Send e-mail')).toBeTruthy();
    expect(within(mail).getByText('mail.send · #5')).toBeTruthy();
    expect(within(mail).getByText('10 / 10')).toBeTruthy();
    expect(within(mail).getByText('550 5.1.1 Mailbox unavailable')).toBeTruthy();
    expect(within(mail).queryByRole('button', { name: 'Show all' })).toBeNull();

    // A job the app has no name for shows its technical name; a long error its first line.
    const unknown = await rowOf(6);
    expect(within(unknown).getByText('import.nightly')).toBeTruthy();
    expect(within(unknown).getByText('#6')).toBeTruthy();
    const error = within(unknown).getByText('Error: connect ECONNREFUSED 127.0.0.1:25…');
    expect(error.getAttribute('title')).toBe(STACK);
    await user.click(within(unknown).getByRole('button', { name: 'Show all' }));
    expect(within(unknown).getByText(/at TCPConnectWrap\.afterConnect/)).toBeTruthy();
    expect(within(unknown).getByRole('button', { name: 'Show less' })).toBeTruthy();
  });

  it('says so when nothing failed', async () => {
    renderJobs({ failed: [] });
    expect(await screen.findByText('No failed jobs — everything ran.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Run again' })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull(); // no notice when the server gives none
  });

  it('shows what the server says the installation lacks (Ghostscript)', async () => {
    renderJobs({ notices: ['ghostscriptMissing'] });
    await screen.findByRole('table', { name: 'Failed background jobs' });
    expect(screen.getByRole('alert').textContent).toBe(
      'Ghostscript is not installed: EPS previews are placeholders; install the ghostscript package',
    );
  });

  it('switches to the waiting jobs, keeping the choice in the address', async () => {
    const { api, user, router } = renderJobs();
    await screen.findByRole('table', { name: 'Failed background jobs' });
    await user.click(screen.getByRole('button', { name: 'Waiting' }));
    const table = await screen.findByRole('table', { name: 'Waiting background jobs' });
    expect(router.state.location.search).toBe('?state=waiting');
    expect(queries(api).at(-1)).toEqual({ state: 'waiting', offset: '0', limit: '50' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Job', 'Attempts', 'Runs at', 'Last error']);

    const cleanup = await rowOf(7);
    expect(within(cleanup).getByText('Delete expired download bundles')).toBeTruthy();
    expect(within(cleanup).getByText('Recurring')).toBeTruthy();
    expect(within(cleanup).getByText('0 / 3')).toBeTruthy();
    expect(within(cleanup).getByText(formatDateTime('2026-11-22T10:30:00.000Z', 'en'))).toBeTruthy();
    expect(within(cleanup).queryByText('Running')).toBeNull();
    expect(within(await rowOf(8)).getByText('timeout')).toBeTruthy();
    // A job a runner holds right now says so instead of when it was due.
    const previews = await rowOf(9);
    expect(within(previews).getByText('Running')).toBeTruthy();
    expect(within(previews).queryByText(formatDateTime('2026-11-22T09:00:00.000Z', 'en'))).toBeNull();
    expect(within(await rowOf(8)).queryByText('Recurring')).toBeNull();
    expect(screen.queryByRole('button', { name: /^Run .* again$/ })).toBeNull();

    // Back to the failed jobs: the address loses the state again.
    await user.click(screen.getByRole('button', { name: 'Failed' }));
    expect(await screen.findByRole('table', { name: 'Failed background jobs' })).toBeTruthy();
    expect(router.state.location.search).toBe('');
  });

  it('opens the waiting jobs from a link', async () => {
    const { api } = renderJobs({ url: '/admin/jobs?state=waiting' });
    expect(await screen.findByRole('table', { name: 'Waiting background jobs' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Waiting' }).getAttribute('aria-pressed')).toBe('true');
    expect(queries(api).every((query) => query.state === 'waiting')).toBe(true);
  });

  it('pages on the server', async () => {
    const { api, user } = renderJobs({ total: 130 });
    expect(await screen.findByText('1–50 of 130')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(queries(api).at(-1)).toEqual({ state: 'failed', offset: '50', limit: '50' }));
  });

  it('runs a failed job again, says so and refreshes the list', async () => {
    const { api, user } = renderJobs({ failed: [adminJob(5, { failedAt: hoursAgo(3) })] });
    await user.click(await screen.findByRole('button', { name: 'Run Send e-mail #5 again' }));
    expect(await screen.findByText('Send e-mail #5 will run again shortly.')).toBeTruthy();
    expect(api.callsTo('POST', '/api/admin/jobs/5/retry')).toHaveLength(1);
    expect(await screen.findByText('No failed jobs — everything ran.')).toBeTruthy();
    expect(api.callsTo('GET', '/api/admin/jobs').length).toBeGreaterThanOrEqual(2);
  });

  it('shows the translated refusal of a job that is not failed (any more)', async () => {
    const { api, user } = renderJobs({ retry: apiError(409, 'admin.jobs.errors.notFailed') });
    await user.click(await screen.findByRole('button', { name: 'Run Send e-mail #5 again' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/^This job cannot be run again: it has not failed \(any more\)/);
    // The list may be out of date: it is asked again.
    await waitFor(() => expect(api.callsTo('GET', '/api/admin/jobs').length).toBeGreaterThanOrEqual(2));
    await user.click(within(alert).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  it('says that a failed recurring job need not run again when its schedule has queued a new run', async () => {
    const { api, user } = renderJobs({
      failed: [adminJob(5, { name: 'bundles.cleanup', recurring: true })],
      retry: {
        body: { job: adminJob(5, { name: 'bundles.cleanup', recurring: true }), outcome: 'dismissed' },
      },
    });
    await user.click(
      await screen.findByRole('button', { name: 'Run Delete expired download bundles #5 again' }),
    );
    expect(
      await screen.findByText(
        'Delete expired download bundles #5 need not run again: its next scheduled run is already waiting. The failed run has been removed from the list.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/will run again shortly|cannot be run again/)).toBeNull();
    await waitFor(() => expect(api.callsTo('GET', '/api/admin/jobs').length).toBeGreaterThanOrEqual(2));
  });

  it('shows each lane with its queue, so a long preview queue is told apart from mail', async () => {
    renderJobs({ lanes: () => jobLanes({ renditions: { waiting: 1834, running: 2 } }) });
    const lanes = await screen.findByRole('region', { name: 'Queues' });
    const previews = within(lanes).getByRole('heading', { name: 'Previews' }).parentElement!;
    expect(previews.textContent).toContain('1834 waiting · 2 running · 2 at once per instance');
    const mails = within(lanes).getByRole('heading', { name: 'Mails' }).parentElement!;
    expect(mails.textContent).toContain('0 waiting · 0 running · 4 at once per instance');
  });
});
