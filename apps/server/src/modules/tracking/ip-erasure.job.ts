import { IP_RETENTION_DAYS, TAKEDOWN_LOOKBACK_DAYS } from '@mediabox/contract';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { JobDefinition } from '../../platform/jobs/job-queue.js';
import type { TrackingService } from './tracking.service.js';

/** An address is gone at most an hour after its seven days (spec 9). */
export const IP_ERASURE_INTERVAL_MS = 60 * 60 * 1000;
export const IP_RETENTION_MS = IP_RETENTION_DAYS * 24 * 60 * 60 * 1000;
/** The download history (`user_downloads`) is kept as long as the takedown loop looks back. */
export const DOWNLOAD_HISTORY_RETENTION_MS = TAKEDOWN_LOOKBACK_DAYS * 24 * 60 * 60 * 1000;

/**
 * The scheduled job that erases client addresses of page views, searches and downloads after seven
 * days, and deletes the download history after a year: tracking's personal data past its time.
 * (One job, so the name stays the one installations and the jobs page know.)
 */
export function ipErasureJob(
  tracking: TrackingService,
  log: FastifyBaseLogger,
): JobDefinition<z.ZodType<Record<string, never>>> {
  return {
    name: 'tracking.eraseIps',
    lane: 'housekeeping',
    payload: z.object({}).strict() as unknown as z.ZodType<Record<string, never>>,
    maxAttempts: 3,
    // Idempotent: it only ever sets ip = null on, or deletes, rows older than their retention.
    handler: async () => {
      const erased = await tracking.eraseOldIps(IP_RETENTION_MS);
      if (erased > 0) log.info({ erased }, 'client addresses of old events erased');
      const forgotten = await tracking.forgetOldDownloads(DOWNLOAD_HISTORY_RETENTION_MS);
      if (forgotten > 0) log.info({ forgotten }, 'download history older than a year deleted');
    },
  };
}
