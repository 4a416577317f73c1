import { z } from 'zod';
import type { JobDefinition } from '../../../platform/jobs/job-queue.js';
import type { BulkChangeRunner } from './bulk-change-runner.js';

const Payload = z.object({ bulkChangeId: z.number().int().positive() });
const MAX_ATTEMPTS = 5;

export type BulkChangeJob = JobDefinition<typeof Payload>;

/**
 * A bulk change and its undo run as jobs in the housekeeping lane (one at a time per instance), so
 * a 10,000-asset change never holds up the request that started it. Both handlers continue where
 * the last committed batch ended; the last attempt that fails leaves the change 'failed'.
 */
export function bulkChangeJobs(runner: BulkChangeRunner): { apply: BulkChangeJob; undo: BulkChangeJob } {
  const job = (
    name: string,
    run: (id: number) => Promise<void>,
    runningState: 'running' | 'undoing',
  ): BulkChangeJob => ({
    name,
    lane: 'housekeeping',
    payload: Payload,
    maxAttempts: MAX_ATTEMPTS,
    handler: async ({ bulkChangeId }, { attempt }) => {
      try {
        await run(bulkChangeId);
      } catch (err) {
        if (attempt >= MAX_ATTEMPTS) await runner.fail(bulkChangeId, runningState);
        throw err;
      }
    },
  });
  return {
    apply: job('bulk.apply', (id) => runner.apply(id), 'running'),
    undo: job('bulk.undo', (id) => runner.undo(id), 'undoing'),
  };
}
