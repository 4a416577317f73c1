import type { ConsentAnswer } from '@mediabox/contract';
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setStoredUser } from '../auth/user-store';
import { deferred, stubApi } from '../testing/stub-api';
import { testUser } from '../testing/test-user';
import { readConsent, storeConsent } from './consent-store';
import { reconcile, saveConsent, syncConsent, useConsentSync } from './consent-sync';

// Round trips through the stubbed fetch can take over the default 1 s on a busy machine.

const T1 = 1_750_000_000_000;
const T2 = T1 + 60_000;
const answer = (tracking: boolean | null, decidedAt: number | null): ConsentAnswer => ({
  tracking,
  decidedAt,
});

afterEach(() => {
  vi.unstubAllGlobals();
  setStoredUser(null);
});

describe('reconcile: the later decision wins', () => {
  it('adopts the server decision when it is newer than the browser one', () => {
    expect(reconcile({ tracking: false, decidedAt: T1 }, answer(true, T2))).toEqual({
      action: 'adopt',
      decision: { tracking: true, decidedAt: T2 },
    });
  });

  it('adopts the server decision when the browser has none', () => {
    expect(reconcile(null, answer(false, T1))).toEqual({
      action: 'adopt',
      decision: { tracking: false, decidedAt: T1 },
    });
  });

  it('pushes the browser decision when it is newer, or the server has none', () => {
    const local = { tracking: true, decidedAt: T2 };
    expect(reconcile(local, answer(false, T1))).toEqual({ action: 'push', decision: local });
    expect(reconcile(local, answer(null, null))).toEqual({ action: 'push', decision: local });
  });

  it('does nothing when neither side decided or both hold the same moment', () => {
    expect(reconcile(null, answer(null, null))).toBeNull();
    expect(reconcile({ tracking: true, decidedAt: T1 }, answer(true, T1))).toBeNull();
  });
});

describe('syncConsent', () => {
  it('pushes a newer browser decision and then keeps the server time for it', async () => {
    storeConsent({ tracking: true, decidedAt: T2 });
    setStoredUser(testUser());
    const api = stubApi({
      'GET /api/user/consent': { body: answer(false, T1) },
      'PUT /api/user/consent': { body: answer(true, T2 + 150) },
    });
    await syncConsent();
    await waitFor(() => expect(readConsent()).toEqual({ tracking: true, decidedAt: T2 + 150 }));
    const [put] = api.callsTo('PUT', '/api/user/consent');
    expect(put?.body).toEqual({ tracking: true });
    expect(put?.headers.authorization).toBe('Bearer test-token');
  });

  it('adopts a newer server decision without pushing it back', async () => {
    storeConsent({ tracking: true, decidedAt: T1 });
    setStoredUser(testUser());
    const api = stubApi({ 'GET /api/user/consent': { body: answer(false, T2) } });
    await syncConsent();
    expect(readConsent()).toEqual({ tracking: false, decidedAt: T2 });
    expect(api.callsTo('PUT', '/api/user/consent')).toEqual([]);
  });

  it('leaves both sides alone when neither has decided', async () => {
    setStoredUser(testUser());
    const api = stubApi({ 'GET /api/user/consent': { body: answer(null, null) } });
    await syncConsent();
    expect(readConsent()).toBeNull();
    expect(api.calls.map((call) => call.method)).toEqual(['GET']);
  });

  it('asks nothing without a signed-in user, and survives a failing server', async () => {
    const api = stubApi({});
    await syncConsent();
    expect(api.calls).toEqual([]);

    setStoredUser(testUser());
    storeConsent({ tracking: true, decidedAt: T1 });
    await expect(syncConsent()).resolves.toBeUndefined();
    // A 404 (or 401) of a background call neither throws nor ends the session.
    expect(readConsent()).toEqual({ tracking: true, decidedAt: T1 });
  });

  it('runs on app start with a stored user and again after each sign-in', async () => {
    const api = stubApi({ 'GET /api/user/consent': { body: answer(null, null) } });
    const { rerender } = renderHook(() => useConsentSync());
    expect(api.calls).toEqual([]);

    act(() => setStoredUser(testUser()));
    rerender();
    await waitFor(() => expect(api.callsTo('GET', '/api/user/consent')).toHaveLength(1));
    act(() => setStoredUser(testUser({ token: 'next-token' })));
    await waitFor(() => expect(api.callsTo('GET', '/api/user/consent')).toHaveLength(2));
  });
});

describe('saveConsent', () => {
  it('stores the choice in the browser only while nobody is signed in', () => {
    const api = stubApi({});
    saveConsent(true, T1);
    expect(readConsent()).toEqual({ tracking: true, decidedAt: T1 });
    expect(api.calls).toEqual([]);
  });

  it('also pushes each choice to the account, one after another, when signed in', async () => {
    setStoredUser(testUser());
    const first = deferred<void>();
    const api = stubApi({
      'PUT /api/user/consent': async (body) => {
        const { tracking } = body as { tracking: boolean };
        if (tracking) await first.promise;
        return { body: answer(tracking, Date.now()) };
      },
    });
    saveConsent(true);
    saveConsent(false);
    expect(readConsent()?.tracking).toBe(false);
    // The second push waits for the first: the server must end with the last choice.
    await waitFor(() => expect(api.callsTo('PUT', '/api/user/consent')).toHaveLength(1));
    first.resolve();
    await waitFor(() => expect(api.callsTo('PUT', '/api/user/consent')).toHaveLength(2));
    expect(api.calls.map((call) => call.body)).toEqual([{ tracking: true }, { tracking: false }]);
    // The late answer to the first push does not overwrite the newer local choice.
    await waitFor(() => expect(readConsent()?.tracking).toBe(false));
  });
});
