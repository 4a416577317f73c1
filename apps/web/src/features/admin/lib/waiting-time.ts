/** The promise to applicants: a registration is decided within a day of its confirmation. */
export const APPROVAL_PROMISE_HOURS = 24;

/**
 * Whole hours a registration has waited since its e-mail was confirmed (since it was created when
 * the server knows no confirmation time), never negative even if the clocks disagree.
 */
export function waitingHours(since: string, now: number = Date.now()): number {
  const start = new Date(since).getTime();
  if (Number.isNaN(start)) return 0;
  return Math.max(0, Math.floor((now - start) / 3_600_000));
}

export const isOverdue = (hours: number): boolean => hours >= APPROVAL_PROMISE_HOURS;
