import type { AdminJob } from '@mediabox/contract';
import type { JobRow } from '../../../platform/db/schema.js';
import { isRunning } from '../../../platform/jobs/job-store.js';

export const iso = (at: number | null) => (at === null ? null : new Date(Number(at)).toISOString());

/** A job row as the admin page shows it; `now` decides whether its lease says it is running. */
export function presentJob(row: JobRow, now: number): AdminJob {
  return {
    id: row.id,
    name: row.name,
    lane: row.lane,
    attempts: row.attempts,
    maxAttempts: row.max_attempts,
    runAt: iso(row.run_at)!,
    failedAt: iso(row.failed_at),
    createdAt: iso(row.created_at)!,
    lastError: row.last_error,
    recurring: row.schedule_key !== null,
    running: isRunning(row, now),
  };
}
