import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { JobDefinition } from '../../platform/jobs/job-queue.js';
import type { TakedownService } from './takedown.service.js';

/**
 * Every five minutes: the day's changes are mailed soon after the day ends in the portal's time
 * zone, and a run that failed is retried before long. A run with nothing pending is one query.
 */
export const TAKEDOWN_DIGEST_INTERVAL_MS = 5 * 60 * 1000;

/** The recurring job that mails each person one digest of the changes of the days that have ended. */
export function takedownDigestJob(
  takedowns: TakedownService,
  log: FastifyBaseLogger,
): JobDefinition<z.ZodType<Record<string, never>>> {
  return {
    name: 'takedown.digest',
    lane: 'housekeeping',
    payload: z.object({}).strict() as unknown as z.ZodType<Record<string, never>>,
    maxAttempts: 3,
    handler: async () => {
      const mailed = await takedowns.sendPending({ includeToday: false });
      if (mailed > 0) log.info({ mailed }, 'takedown digests queued');
    },
  };
}
