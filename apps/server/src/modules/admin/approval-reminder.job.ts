import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { JobDefinition } from '../../platform/jobs/job-queue.js';
import type { AdminService } from './admin.service.js';

/**
 * Checked hourly so that a registration crossing the 24 hours is reported the same day, while the
 * service sends at most one reminder per day: a daily reminder without waiting up to a day more.
 */
export const APPROVAL_REMINDER_INTERVAL_MS = 60 * 60 * 1000;

/** The recurring job that reminds super users of registrations waiting longer than promised. */
export function approvalReminderJob(
  admin: AdminService,
  log: FastifyBaseLogger,
): JobDefinition<z.ZodType<Record<string, never>>> {
  return {
    name: 'admin.approval-reminder',
    lane: 'housekeeping',
    payload: z.object({}).strict() as unknown as z.ZodType<Record<string, never>>,
    maxAttempts: 3,
    handler: async () => {
      const sent = await admin.sendApprovalReminders();
      if (sent > 0) log.info({ sent }, 'approval reminders queued');
    },
  };
}
