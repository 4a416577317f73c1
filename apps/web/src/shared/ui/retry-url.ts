/**
 * A thumbnail may answer 404 until its job has made it (spec 7.4 / 9). Retries add a parameter so
 * neither the browser nor a proxy serves the cached failure again. Tickets are signed URLs: the
 * extra parameter must not be part of what is signed (the server ignores unknown parameters).
 */
export function withRetryParam(url: string, attempt: number): string {
  if (attempt === 0) return url;
  const [base, hash] = url.split('#', 2);
  const separator = base!.includes('?') ? '&' : '?';
  return `${base}${separator}retry=${attempt}${hash === undefined ? '' : `#${hash}`}`;
}

/** Waits 0.5 s, 1 s, 2 s, … capped at 8 s between attempts: 15 retries span about a minute and a half. */
export function retryDelayMs(attempt: number): number {
  return Math.min(500 * 2 ** (attempt - 1), 8000);
}
