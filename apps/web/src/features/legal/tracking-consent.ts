import { z } from 'zod';

/**
 * The tracking decision in local storage. Same key and shape as the accounts feature's consent
 * helper (features must not import each other), so the login dialog and the privacy page agree.
 */
export const TRACKING_CONSENT_KEY = 'trackingConsent';

const TrackingConsent = z.object({ tracking: z.boolean(), decidedAt: z.number() });
export type TrackingConsent = z.infer<typeof TrackingConsent>;

/** The stored decision, or null when none was made (or the entry is damaged or unreadable). */
export function readTrackingConsent(): TrackingConsent | null {
  try {
    const raw = localStorage.getItem(TRACKING_CONSENT_KEY);
    if (!raw) return null;
    const parsed = TrackingConsent.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function writeTrackingConsent(tracking: boolean, now: number = Date.now()): TrackingConsent {
  const decision: TrackingConsent = { tracking, decidedAt: now };
  const value = JSON.stringify(decision);
  try {
    localStorage.setItem(TRACKING_CONSENT_KEY, value);
    // Storage events reach only other tabs; listeners in this tab learn of the change this way.
    window.dispatchEvent(new StorageEvent('storage', { key: TRACKING_CONSENT_KEY, newValue: value }));
  } catch {
    // Storage can be unavailable (privacy mode): the choice then lasts only for this page view.
  }
  return decision;
}
