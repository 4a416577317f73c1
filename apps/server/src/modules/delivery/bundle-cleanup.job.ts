import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { JobDefinition } from '../../platform/jobs/job-queue.js';
import type { BundleService } from './bundle.service.js';

/** Expired bundles go within the hour (their links already answer 410 from the moment they expire). */
export const BUNDLE_CLEANUP_INTERVAL_MS = 60 * 60 * 1000;

/** The scheduled job that deletes expired bundles and the blobs only they still named. */
export function bundleCleanupJob(
  bundles: BundleService,
  log: FastifyBaseLogger,
): JobDefinition<z.ZodType<Record<string, never>>> {
  return {
    name: 'bundles.cleanup',
    lane: 'housekeeping',
    payload: z.object({}).strict() as unknown as z.ZodType<Record<string, never>>,
    maxAttempts: 3,
    handler: async () => {
      const deleted = await bundles.deleteExpired();
      if (deleted > 0) log.info({ deleted }, 'expired bundles deleted');
    },
  };
}
