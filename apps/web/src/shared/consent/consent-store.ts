import { useSyncExternalStore } from 'react';

/**
 * The visitor's tracking decision (spec 1: usage tracking is consent based), kept per browser in
 * local storage. The login dialog, the consent bar, the footer's settings dialog and the privacy
 * page's opt-out frame all read and write it here; `consent-sync.ts` keeps it in step with the
 * signed-in user's stored decision on the server.
 */
export const CONSENT_STORAGE_KEY = 'trackingConsent';

export interface ConsentDecision {
  tracking: boolean;
  /** Epoch ms of the decision. */
  decidedAt: number;
}

/** Checked by hand, not with zod: this store is part of the app's first download. */
function isConsentDecision(value: unknown): value is ConsentDecision {
  const decision = value as Partial<ConsentDecision> | null;
  return (
    typeof decision === 'object' &&
    decision !== null &&
    typeof decision.tracking === 'boolean' &&
    typeof decision.decidedAt === 'number'
  );
}

const listeners = new Set<() => void>();
// The parsed decision of the last raw text read: useSyncExternalStore needs the same object until
// the stored text changes. Keyed by the text rather than cached outright, so storage cleared behind
// the store's back (another tab, a test) is still noticed.
let cachedRaw: string | null = null;
let cached: ConsentDecision | null = null;
/** The decision when local storage refuses to keep it. */
let memoryRaw: string | null = null;

function readRaw(): string | null {
  try {
    return localStorage.getItem(CONSENT_STORAGE_KEY);
  } catch {
    return null;
  }
}

/** The stored decision, or null when the visitor has not decided yet (or the entry is damaged). */
export function readConsent(): ConsentDecision | null {
  const raw = readRaw() ?? memoryRaw;
  if (raw === cachedRaw) return cached;
  cachedRaw = raw;
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    // Only the two fields: an entry with more (a hand edit) is read as the decision it holds.
    cached = isConsentDecision(parsed) ? { tracking: parsed.tracking, decidedAt: parsed.decidedAt } : null;
  } catch {
    cached = null;
  }
  return cached;
}

/**
 * Stores `decision` in this browser only and tells every listener. Use `saveConsent` (consent-sync)
 * for a choice the visitor makes: it also reaches the server when someone is signed in.
 */
export function storeConsent(decision: ConsentDecision): void {
  const raw = JSON.stringify(decision);
  try {
    localStorage.setItem(CONSENT_STORAGE_KEY, raw);
    memoryRaw = null;
  } catch {
    // Storage can be unavailable (privacy mode): the choice then lasts until the page is reloaded.
    memoryRaw = raw;
  }
  listeners.forEach((listener) => listener());
}

/** True only after an explicit yes: no decision means no tracking. */
export function isTrackingAllowed(): boolean {
  return readConsent()?.tracking === true;
}

/** Calls `listener` whenever the decision changes, in this tab or another one. */
export function subscribeConsent(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    // `key` is null when another tab cleared the whole storage.
    if (event.key === CONSENT_STORAGE_KEY || event.key === null) {
      listener();
    }
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The current decision; components re-render when it changes anywhere. */
export function useConsent(): ConsentDecision | null {
  return useSyncExternalStore(subscribeConsent, readConsent, () => null);
}
