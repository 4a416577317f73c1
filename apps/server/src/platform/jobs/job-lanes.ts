import os from 'node:os';
import type { JobLaneName } from '@mediabox/contract';

/**
 * Background work runs in lanes, each with its own workers, so that one kind of work never waits
 * behind another: a mail is sent within a second while thousands of pictures are being rendered.
 *
 * - mail: sending is waiting on a mail server, not work; a few at once keep a slow server from
 *   holding up the rest.
 * - search: one at a time per instance, so two reindexes of the same asset cannot overtake each other.
 * - renditions: one per core by default; the app runs media's RENDITION_CONCURRENCY (context.ts), as
 *   the rendering bounds its own memory and overlaps one job's storing with another's render.
 * - housekeeping: recurring clean-ups (expired bundles, IP erasure, reminders), one at a time.
 * - bulk-mail: mails queued by the thousand at once (takedown digests, issue 20.3). The mail lane is
 *   first in, first out: 10,000 digests queued in it would hold a password reset queued after them
 *   for as long as sending them takes. In their own lane, with their own workers, they go out at
 *   their pace while a single mail still leaves within a second. Four workers, like the mail
 *   lane: sending is waiting on the SMTP round trip (50–150 ms a mail even locally), so the rate
 *   of a 10,000-mail digest is its number of workers.
 */
export { JOB_LANES } from '@mediabox/contract';
export type { JobLaneName as JobLane } from '@mediabox/contract';

/** How many jobs of each lane one instance runs at once. */
export function laneConcurrency(cores: number = os.availableParallelism()): Record<JobLaneName, number> {
  return { mail: 4, search: 1, renditions: Math.max(1, cores), housekeeping: 1, 'bulk-mail': 4 };
}
