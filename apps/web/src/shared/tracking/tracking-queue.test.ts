import { TRACK_PATH_MAX_LENGTH, type TrackEvent, type TrackRequest } from '@mediabox/contract';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setStoredUser } from '../auth/user-store';
import { saveConsent } from '../consent';
import { stubApi } from '../testing/stub-api';
import { testUser } from '../testing/test-user';
import { FLUSH_AT_EVENTS, FLUSH_QUIET_MS, loadEventCheck, TrackingQueue } from './tracking-queue';

const view = (path: string): TrackEvent => ({ type: 'pageView', path, country: 'de', lang: 'en' });

let queue: TrackingQueue;
let stop: () => void;

function stubTrack() {
  const api = stubApi({ 'POST /api/track': { status: 204 } });
  return {
    batches: () => api.callsTo('POST', '/api/track'),
    events: () => api.callsTo('POST', '/api/track').map((call) => (call.body as TrackRequest).events),
  };
}

// The queue loads the contract's event check with its first event; these tests flush at once.
beforeAll(async () => {
  await loadEventCheck();
});
beforeEach(() => {
  vi.useFakeTimers();
  queue = new TrackingQueue();
  stop = queue.start();
});
afterEach(() => {
  stop();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  setStoredUser(null);
});

describe('tracking queue', () => {
  it('queues and sends nothing without consent, or after a refusal', () => {
    const api = stubTrack();
    queue.track(view('/'));
    saveConsent(false);
    queue.track(view('/cart'));
    vi.advanceTimersByTime(FLUSH_QUIET_MS * 2);
    queue.flush();
    window.dispatchEvent(new Event('pagehide'));
    expect(api.batches()).toEqual([]);
  });

  it('sends one batch after 2 s of quiet, with consent and the bearer token, kept alive', () => {
    saveConsent(true);
    setStoredUser(testUser());
    const api = stubTrack();
    queue.track(view('/'));
    vi.advanceTimersByTime(FLUSH_QUIET_MS - 500);
    queue.track(view('/cart'));
    // Each event restarts the wait: a burst of navigation is one request.
    vi.advanceTimersByTime(FLUSH_QUIET_MS - 1);
    expect(api.batches()).toEqual([]);
    vi.advanceTimersByTime(1);

    expect(api.batches()).toHaveLength(1);
    const [batch] = api.batches();
    expect(batch?.body).toEqual({ consent: true, events: [view('/'), view('/cart')] });
    expect(batch?.headers).toMatchObject({
      authorization: 'Bearer test-token',
      'content-type': 'application/json',
    });
    expect(vi.mocked(fetch).mock.calls[0]?.[1]).toMatchObject({ method: 'POST', keepalive: true });
  });

  it('sends at once when 20 events wait', () => {
    saveConsent(true);
    const api = stubTrack();
    for (let i = 0; i < FLUSH_AT_EVENTS; i += 1) queue.track(view(`/${i}`));
    expect(api.events().map((events) => events.length)).toEqual([FLUSH_AT_EVENTS]);
    // A guest's batch carries no token.
    expect(api.batches()[0]?.headers.authorization).toBeUndefined();
    vi.advanceTimersByTime(FLUSH_QUIET_MS);
    expect(api.batches()).toHaveLength(1);
  });

  it('sends what waits when the page is hidden or left', () => {
    saveConsent(true);
    const api = stubTrack();
    queue.track(view('/'));
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    queue.track(view('/cart'));
    window.dispatchEvent(new Event('pagehide'));
    expect(api.events()).toEqual([[view('/')], [view('/cart')]]);
    Reflect.deleteProperty(document, 'visibilityState');
  });

  it('forgets what waits when consent is withdrawn', () => {
    saveConsent(true);
    const api = stubTrack();
    queue.track(view('/'));
    queue.track(view('/cart'));
    saveConsent(false);
    saveConsent(true);
    queue.track(view('/downloads'));
    vi.advanceTimersByTime(FLUSH_QUIET_MS);
    expect(api.events()).toEqual([[view('/downloads')]]);
  });

  it('sends earlier events under the earlier identity when someone signs in', () => {
    saveConsent(true);
    const api = stubTrack();
    queue.track(view('/login'));
    setStoredUser(testUser());
    queue.track(view('/'));
    vi.advanceTimersByTime(FLUSH_QUIET_MS);
    expect(api.events()).toEqual([[view('/login')], [view('/')]]);
    expect(api.batches().map((call) => call.headers.authorization)).toEqual([undefined, 'Bearer test-token']);
  });

  it('drops an event the server would refuse instead of losing the whole batch', () => {
    saveConsent(true);
    const api = stubTrack();
    queue.track({ type: 'pageView', path: 'no-slash' });
    queue.track(view('/'));
    queue.flush();
    expect(api.events()).toEqual([[view('/')]]);
  });

  it('cuts a long page path to the length the server stores', () => {
    saveConsent(true);
    const api = stubTrack();
    queue.track(view(`/${'x'.repeat(5000)}`));
    queue.flush();
    const [event] = api.events()[0] ?? [];
    expect(event?.type === 'pageView' && event.path).toHaveLength(TRACK_PATH_MAX_LENGTH);
  });

  it('holds a batch that leaves before the event check has arrived, and sends it with the check', async () => {
    vi.resetModules();
    const { TrackingQueue: FreshQueue, loadEventCheck: loadFreshCheck } = await import('./tracking-queue');
    saveConsent(true);
    const api = stubTrack();
    const fresh = new FreshQueue();
    fresh.track(view('/'));
    fresh.flush();
    expect(api.batches()).toEqual([]);
    await loadFreshCheck();
    expect(api.events()).toEqual([[view('/')]]);
  });

  it('never throws: a failed batch is dropped', async () => {
    saveConsent(true);
    const send = vi.fn(() => Promise.reject(new TypeError('offline')));
    vi.stubGlobal('fetch', send);
    queue.track(view('/'));
    expect(() => queue.flush()).not.toThrow();
    vi.stubGlobal(
      'fetch',
      vi.fn(() => {
        throw new TypeError('keepalive quota exceeded');
      }),
    );
    queue.track(view('/cart'));
    expect(() => queue.flush()).not.toThrow();
    await vi.runAllTimersAsync();
    expect(send).toHaveBeenCalledTimes(1);
  });
});
