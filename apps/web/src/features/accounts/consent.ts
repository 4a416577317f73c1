import { z } from 'zod';

/**
 * The visitor's tracking decision (spec 1: usage tracking is consent based). Kept in local storage
 * so the consent dialog appears once per browser; the tracking feature reads it before sending.
 */
export const CONSENT_STORAGE_KEY = 'trackingConsent';

const ConsentDecision = z.object({ tracking: z.boolean(), decidedAt: z.number() });
export type ConsentDecision = z.infer<typeof ConsentDecision>;

/** The stored decision, or null when the visitor has not decided yet (or the entry is damaged). */
export function readConsent(): ConsentDecision | null {
  try {
    const raw = localStorage.getItem(CONSENT_STORAGE_KEY);
    if (!raw) return null;
    const parsed = ConsentDecision.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function saveConsent(tracking: boolean, now: number = Date.now()): ConsentDecision {
  const decision: ConsentDecision = { tracking, decidedAt: now };
  const value = JSON.stringify(decision);
  try {
    localStorage.setItem(CONSENT_STORAGE_KEY, value);
    // Storage events reach only other tabs; listeners in this tab (privacy page, tracking) learn this way.
    window.dispatchEvent(new StorageEvent('storage', { key: CONSENT_STORAGE_KEY, newValue: value }));
  } catch {
    // Storage can be unavailable (privacy mode): the choice then lasts only for this page view.
  }
  return decision;
}

/** True only after an explicit yes: no decision means no tracking. */
export function isTrackingAllowed(): boolean {
  return readConsent()?.tracking === true;
}
