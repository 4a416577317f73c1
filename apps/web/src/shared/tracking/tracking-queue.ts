import { endpoints, type TrackEvent, type TrackRequest } from '@mediabox/contract';
import { getStoredUser } from '../auth/user-store';
import { isTrackingAllowed, subscribeConsent } from '../consent';

/** A batch goes out after this much quiet, so a burst of navigation is one request. */
export const FLUSH_QUIET_MS = 2000;
/** …or as soon as this many events wait (well under the contract's 50 per batch). */
export const FLUSH_AT_EVENTS = 20;

type EventCheck = (events: TrackEvent[]) => TrackEvent[];
let eventCheck: EventCheck | undefined;
let eventCheckLoading: Promise<EventCheck> | undefined;

/** Loads the contract's event check (event-check.ts) once; the queue starts it with its first event. */
export function loadEventCheck(): Promise<EventCheck> {
  eventCheckLoading ??= import('./event-check').then(({ acceptedEvents }) => (eventCheck = acceptedEvents));
  return eventCheckLoading;
}

/**
 * First-party usage tracking (spec 1, 7.5): events wait in memory and go to `POST /api/track` in
 * batches. Tracking must never disturb a page: nothing here throws or is awaited, and a batch that
 * fails is dropped rather than retried. Without the visitor's yes nothing is queued or sent.
 */
export class TrackingQueue {
  private events: TrackEvent[] = [];
  /** The bearer token of whoever was signed in when the queued events happened. */
  private token: string | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;

  track(event: TrackEvent): void {
    if (!isTrackingAllowed()) return;
    void loadEventCheck().catch(() => undefined);
    const token = getStoredUser()?.token ?? null;
    // A sign-in or sign-out sends what happened before it under the earlier identity.
    if (token !== this.token) this.flush();
    this.token = token;
    this.events.push(event);
    if (this.events.length >= FLUSH_AT_EVENTS) this.flush();
    else this.restartTimer();
  }

  /** Sends what is queued, now. */
  flush(): void {
    this.stopTimer();
    const events = this.events;
    this.events = [];
    if (events.length === 0 || !isTrackingAllowed()) return;
    const token = this.token;
    // The check has normally long arrived (a batch waits 2 s); if not, the batch waits for it.
    if (eventCheck) send(eventCheck(events), token);
    else
      loadEventCheck().then(
        (check) => send(check(events), token),
        () => undefined,
      );
  }

  /** Forgets what is queued (the visitor withdrew consent). */
  clear(): void {
    this.stopTimer();
    this.events = [];
  }

  /**
   * Sends the queue when the page is hidden or left (the last chance before a tab closes; fetch's
   * keepalive lets the request outlive the page) and empties it when consent is withdrawn.
   * Answers the function that undoes this.
   */
  start(): () => void {
    const onHidden = () => {
      if (document.visibilityState === 'hidden') this.flush();
    };
    const onPageHide = () => this.flush();
    document.addEventListener('visibilitychange', onHidden);
    window.addEventListener('pagehide', onPageHide);
    const unsubscribe = subscribeConsent(() => {
      if (!isTrackingAllowed()) this.clear();
    });
    return () => {
      document.removeEventListener('visibilitychange', onHidden);
      window.removeEventListener('pagehide', onPageHide);
      unsubscribe();
    };
  }

  private restartTimer(): void {
    this.stopTimer();
    this.timer = setTimeout(() => this.flush(), FLUSH_QUIET_MS);
  }

  private stopTimer(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
  }
}

/**
 * fetch with keepalive rather than sendBeacon: a beacon cannot carry the Authorization header,
 * and the server attributes a signed-in user's events by their bearer token.
 */
function send(events: TrackEvent[], token: string | null): void {
  if (events.length === 0) return;
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  const body: TrackRequest = { consent: true, events };
  try {
    fetch(endpoints.track.path, {
      method: 'POST',
      keepalive: true,
      headers,
      body: JSON.stringify(body),
    }).catch(() => undefined);
  } catch {
    // Some browsers refuse a keepalive request synchronously (e.g. over their quota): dropped.
  }
}

/** The app's one queue. */
export const tracker = new TrackingQueue();
