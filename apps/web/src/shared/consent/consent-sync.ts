import { endpoints, type ConsentAnswer, type ConsentRequest } from '@mediabox/contract';
import { useEffect } from 'react';
import { api } from '../api/client';
import { getStoredUser, useStoredUser } from '../auth/user-store';
import { readConsent, storeConsent, type ConsentDecision } from './consent-store';

/**
 * The decision lives in the browser and, for a signed-in user, on the server (which needs it to
 * record that user's events). Whichever side decided last wins.
 *
 * Consent calls skip the client's session handling: they run in the background, also on public
 * pages, and an expired token must not send a visitor reading /privacy to /login. The next data
 * call of a page handles the session as usual.
 */

// Pushes run one after another, so the server ends with the last choice even after quick clicks.
let pushes: Promise<void> = Promise.resolve();

/** A choice the visitor made (dialog, bar, footer, privacy page): stored here, and pushed when signed in. */
export function saveConsent(tracking: boolean, now: number = Date.now()): ConsentDecision {
  const decision: ConsentDecision = { tracking, decidedAt: now };
  storeConsent(decision);
  if (getStoredUser()) pushConsent(decision);
  return decision;
}

function pushConsent(decision: ConsentDecision): void {
  pushes = pushes.then(async () => {
    try {
      const answer = await api(endpoints.setConsent, {
        body: { tracking: decision.tracking } satisfies ConsentRequest,
        skipAuthHandling: true,
      });
      adoptServerTime(decision, answer);
    } catch {
      // The browser keeps the newer decision; the next sign-in or app start pushes it again.
    }
  });
}

/**
 * After a push, the local decision takes the server's time for it: later comparisons then weigh
 * server time against server time, and a browser whose clock runs ahead cannot outvote a newer
 * choice made on another device. Only if nothing changed locally in the meantime.
 */
function adoptServerTime(pushed: ConsentDecision, answer: ConsentAnswer): void {
  const local = readConsent();
  if (
    local?.decidedAt === pushed.decidedAt &&
    local.tracking === pushed.tracking &&
    answer.tracking === pushed.tracking &&
    answer.decidedAt !== null &&
    answer.decidedAt !== pushed.decidedAt
  ) {
    storeConsent({ tracking: answer.tracking, decidedAt: answer.decidedAt });
  }
}

/** What to do with the browser's and the server's decisions: the later one wins. */
export function reconcile(
  local: ConsentDecision | null,
  server: ConsentAnswer,
): { action: 'push'; decision: ConsentDecision } | { action: 'adopt'; decision: ConsentDecision } | null {
  const serverDecision =
    server.tracking === null || server.decidedAt === null
      ? null
      : { tracking: server.tracking, decidedAt: server.decidedAt };
  if (local && (!serverDecision || local.decidedAt > serverDecision.decidedAt)) {
    return { action: 'push', decision: local };
  }
  if (serverDecision && (!local || serverDecision.decidedAt > local.decidedAt)) {
    return { action: 'adopt', decision: serverDecision };
  }
  return null;
}

let syncing: { token: string; done: Promise<void> } | null = null;

/**
 * Brings browser and server into line for the signed-in user (after login, and on app start with a
 * stored user). Never throws: without an answer both sides keep what they have until next time.
 */
export function syncConsent(): Promise<void> {
  const token = getStoredUser()?.token;
  if (!token) return Promise.resolve();
  // React's strict mode runs effects twice: one round trip per session is enough.
  if (syncing?.token === token) return syncing.done;
  const done = (async () => {
    try {
      const server = await api(endpoints.consent, { skipAuthHandling: true });
      // Read after the answer: the visitor may have chosen in the consent bar meanwhile.
      if (getStoredUser()?.token !== token) return;
      const step = reconcile(readConsent(), server);
      if (step?.action === 'push') pushConsent(step.decision);
      else if (step?.action === 'adopt') storeConsent(step.decision);
    } catch {
      // Offline or signed out meanwhile: nothing to reconcile now.
    } finally {
      syncing = null;
    }
  })();
  syncing = { token, done };
  return done;
}

/** Reconciles whenever a user is signed in: on app start with a stored user and after each login. */
export function useConsentSync(): void {
  const token = useStoredUser()?.token;
  useEffect(() => {
    if (token) void syncConsent();
  }, [token]);
}
