import { JOB_STATES, type JobState } from '@mediabox/contract';

/**
 * The jobs the server defines (mail, renditions, search index and the recurring clean-ups), by the
 * translation key of a name an administrator understands. A job the app does not know yet shows its
 * technical name.
 */
const JOB_NAME_KEYS = new Map<string, string>([
  ['mail.send', 'admin.jobs.names.mailSend'],
  ['mail.bulk', 'admin.jobs.names.mailBulk'],
  ['media.renditions', 'admin.jobs.names.mediaRenditions'],
  ['search.reindex', 'admin.jobs.names.searchReindex'],
  ['bundles.cleanup', 'admin.jobs.names.bundlesCleanup'],
  ['tracking.eraseIps', 'admin.jobs.names.trackingEraseIps'],
  ['admin.approval-reminder', 'admin.jobs.names.approvalReminder'],
  ['takedown.digest', 'admin.jobs.names.takedownDigest'],
  ['bulk.apply', 'admin.jobs.names.bulkApply'],
  ['bulk.undo', 'admin.jobs.names.bulkUndo'],
]);

/** The translation key of a job's human name, or undefined for a job the app does not know. */
export const jobNameKey = (name: string): string | undefined => JOB_NAME_KEYS.get(name);

/** The state of the address (`?state=waiting`); the failed jobs when it names none or another. */
export function jobStateOf(value: string | null): JobState {
  return (JOB_STATES as readonly string[]).includes(value ?? '') ? (value as JobState) : 'failed';
}

/** Longer errors (a mail server's whole answer, a stack) are cut to this many characters in a cell. */
export const JOB_ERROR_MAX = 120;

/** The first line of an error, cut to JOB_ERROR_MAX; the error itself when it is short already. */
export function shortError(error: string): string {
  const line = error.split('\n', 1)[0]!;
  if (line === error && line.length <= JOB_ERROR_MAX) return error;
  return `${line.slice(0, JOB_ERROR_MAX - 1).trimEnd()}…`;
}
